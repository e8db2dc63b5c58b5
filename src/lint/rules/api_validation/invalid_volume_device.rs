//! PL151 `invalid-volume-device`: a container's `volumeDevices` entry the API server rejects
//! (its volume, its path, or a clash with the container's mounts).

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a block device the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL151",
    name: "invalid-volume-device",
    severity: Severity::Error,
    summary: "a `volumeDevices` entry without a claim volume or a unique device path, or one that clashes with a mount",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks each container's `volumeDevices` (raw block volumes): `name` is required, unique in the container and names a volume whose source is a claim (`persistentVolumeClaim` or `ephemeral`; a StatefulSet's claim templates count); `devicePath` is required, unique and has no `..`; and neither the volume nor the path is also one of the container's `volumeMounts` (reported on both sides, as Kubernetes does).

## Why
The API server rejects the pod (`spec.containers[0].volumeDevices[0].name: Invalid value: "cache": can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode`). Only a claim can provide a block device, and one volume is either mounted as a filesystem or exposed as a device, not both.

## Example
```yaml
volumes:
- name: scratch
  emptyDir: {}
containers:
- name: db
  image: registry.example.com/db:5
  volumeDevices:
  - name: scratch
    devicePath: /dev/xvda
```

## How to fix
Back the device with a `persistentVolumeClaim` (with `volumeMode: Block`) or an `ephemeral` volume, give each device its own path, and mount a volume or expose it as a device, not both.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `ValidateVolumeDevices`, `ValidateVolumeMounts` (`FieldValueRequired`, `FieldValueInvalid`, `FieldValueNotFound`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let volumes = context.pod.spec.volumes.iter().flatten();
    // Each declared volume: its name and whether a block device may use it.
    let declared: Vec<(&str, bool)> = volumes
        .filter_map(|v| Some((v.name.as_deref()?, v.is_claim())))
        .chain(context.object.volume_claim_templates.iter().map(|name| (name.as_str(), true)))
        .collect();
    let mut problems = Vec::new();
    for (list, index, container) in context.all_containers() {
        let Some(devices) = container.volume_devices.as_deref() else {
            continue;
        };
        let at = context.container_path(list, index);
        let who = Who::new(list, container, index);
        let mounts: Vec<(&str, &str)> = container
            .volume_mounts
            .iter()
            .flatten()
            .map(|m| (m.name.as_deref().unwrap_or(""), m.mount_path.as_deref().unwrap_or("")))
            .collect();
        let mut names: Vec<&str> = Vec::new();
        let mut paths: Vec<&str> = Vec::new();
        for (device_index, device) in devices.iter().enumerate() {
            let entry = at.child("volumeDevices").index(device_index);
            let name = device.name.as_deref().unwrap_or("");
            let path = device.device_path.as_deref().unwrap_or("");
            let invalid = |field: &str, value: &str, message: String, label: &str, help: &str| {
                Problem::new(entry.child(field.to_string()), k8s_type::INVALID, Some(value.to_string()), message, label, help)
            };
            if name.is_empty() {
                problems.push(Problem::new(entry.child("name"), k8s_type::REQUIRED, None, format!("a volume device of {who} has no `name`"), "required", "name a claim volume of the pod").pointing_at(entry.clone()));
            } else {
                if names.contains(&name) {
                    problems.push(invalid("name", name, format!("{who} exposes volume `{name}` as a device twice"), "must be unique", "expose each volume once"));
                }
                match declared.iter().find(|(declared, _)| *declared == name) {
                    Some((_, true)) => {}
                    Some((_, false)) => problems.push(invalid("name", name, format!("{who} exposes volume `{name}` as a block device, but it is not a claim"), "can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode", "back it with a `persistentVolumeClaim` (`volumeMode: Block`) or an `ephemeral` volume")),
                    None => problems.push(Problem::new(entry.child("name"), k8s_type::NOT_FOUND, Some(name.to_string()), format!("{who} exposes volume `{name}`, which the pod does not declare"), "not found in `spec.volumes`", "declare the claim under `spec.volumes`")),
                }
            }
            if path.is_empty() {
                problems.push(Problem::new(entry.child("devicePath"), k8s_type::REQUIRED, None, format!("a volume device of {who} has no `devicePath`"), "required", "give the path of the device in the container (`/dev/xvda`)").pointing_at(entry.clone()));
            } else {
                if paths.contains(&path) {
                    problems.push(invalid("devicePath", path, format!("{who} has two devices at `{path}`"), "must be unique", "give each device its own path"));
                }
                if crate::k8s::names::has_backsteps(path) {
                    problems.push(invalid("devicePath", path, format!("device path `{path}` of {who} steps out with `..`"), "can not contain backsteps ('..')", "write the path without `..`"));
                } else {
                    paths.push(path);
                }
            }
            if !name.is_empty() && mounts.iter().any(|(mount, _)| *mount == name) {
                problems.push(invalid("name", name, format!("{who} both mounts volume `{name}` and exposes it as a device"), "must not already exist in volumeMounts", "mount the volume or expose it as a device, not both"));
            }
            if !path.is_empty() && mounts.iter().any(|(_, mount_path)| *mount_path == path) {
                problems.push(invalid("devicePath", path, format!("{who} has a mount and a device at `{path}`"), "must not already exist as a path in volumeMounts", "use another path for the device"));
            }
            names.push(name);
        }
        // `ValidateVolumeMounts`: the same clash seen from the mount.
        for (mount_index, (mount, mount_path)) in mounts.iter().enumerate() {
            let entry = at.child("volumeMounts").index(mount_index);
            if !mount.is_empty() && devices.iter().any(|d| d.name.as_deref() == Some(*mount)) {
                problems.push(Problem::new(entry.child("name"), k8s_type::INVALID, Some((*mount).to_string()), format!("{who} mounts volume `{mount}` that it also exposes as a device"), "must not already exist in volumeDevices", "mount the volume or expose it as a device, not both"));
            }
            if !mount_path.is_empty() && devices.iter().any(|d| d.device_path.as_deref() == Some(*mount_path)) {
                problems.push(Problem::new(entry.child("mountPath"), k8s_type::INVALID, Some((*mount_path).to_string()), format!("{who} has a device and a mount at `{mount_path}`"), "must not already exist as a path in volumeDevices", "use another path for the mount"));
            }
        }
    }
    findings.extend(problems.into_iter().map(|p| p.into_finding(&RULE)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    /// TestAlphaValidateVolumeDevices' pod: volumes `abc`, `abc-123` (claims), `def` (hostPath),
    /// `ephemeral`; mounts `{abc: /foo, abc-123: /this/path/exists}` unless `mounts` says others.
    fn pod(devices: &str, mounts: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  volumes:\n  - {{name: abc, persistentVolumeClaim: {{claimName: testclaim1}}}}\n  - {{name: abc-123, persistentVolumeClaim: {{claimName: testclaim2}}}}\n  - {{name: def, hostPath: {{path: /dev/xvda}}}}\n  - name: ephemeral\n    ephemeral: {{volumeClaimTemplate: {{spec: {{accessModes: [ReadWriteOnce], resources: {{requests: {{storage: 1Gi}}}}}}}}}}\n  containers:\n  - name: c\n    image: image\n    volumeDevices: {devices}\n    volumeMounts: {mounts}\n"
        )
    }

    const MOUNTS: &str = "[{name: abc, mountPath: /foo}, {name: abc-123, mountPath: /this/path/exists}]";

    fn devices_errors(devices: &str) -> Vec<(String, &'static str)> {
        k8s_errors(&RULE, &pod(devices, MOUNTS), false)
            .into_iter()
            .filter(|(path, _)| path.contains("volumeDevices"))
            .map(|(path, t)| (path.replace("spec.containers[0].volumeDevices", "field"), t))
            .collect()
    }

    fn at(path: &str, k8s_type: &'static str) -> (String, &'static str) {
        (path.to_string(), k8s_type)
    }

    // TestAlphaValidateVolumeDevices: the success rows, and each error row's errors as
    // ValidateVolumeDevices produces them (the empty name is Required only, see
    // docs/api-rules.md).
    #[test]
    fn k7_alpha_validate_volume_devices() {
        let ok = "[{name: abc, devicePath: /foo}, {name: abc-123, devicePath: /usr/share/test}, {name: ephemeral, devicePath: /disk}]";
        assert!(k8s_errors(&RULE, &pod(ok, "[{name: xyz, mountPath: /foofoo}, {name: ghi, mountPath: /foo/usr/share/test}]"), false).is_empty());
        const INVALID: &str = "FieldValueInvalid";
        let rows: [(&str, Vec<(String, &str)>); 11] = [
            ("[{name: \"\", devicePath: /foo}]", vec![at("field[0].name", "FieldValueRequired"), at("field[0].devicePath", INVALID)]),
            ("[{name: abc, devicePath: /foo}, {name: abc, devicePath: /foo/bar}]", vec![at("field[0].name", INVALID), at("field[0].devicePath", INVALID), at("field[1].name", INVALID), at("field[1].name", INVALID)]),
            ("[{name: not-found, devicePath: /usr/share/test}]", vec![at("field[0].name", "FieldValueNotFound")]),
            ("[{name: def, devicePath: /usr/share/test}]", vec![at("field[0].name", INVALID)]),
            ("[{name: abc, devicePath: \"\"}]", vec![at("field[0].devicePath", "FieldValueRequired"), at("field[0].name", INVALID)]),
            ("[{name: abc-123, devicePath: baz}]", vec![at("field[0].name", INVALID)]),
            ("[{name: abc, devicePath: /foo}, {name: abc-123, devicePath: /foo}]", vec![at("field[0].name", INVALID), at("field[0].devicePath", INVALID), at("field[1].devicePath", INVALID), at("field[1].name", INVALID), at("field[1].devicePath", INVALID)]),
            ("[{name: def, devicePath: /baz/../}]", vec![at("field[0].name", INVALID), at("field[0].devicePath", INVALID)]),
            ("[{name: abc, devicePath: /baz/../}]", vec![at("field[0].devicePath", INVALID), at("field[0].name", INVALID)]),
            ("[{name: xyz, devicePath: /this/path/exists}]", vec![at("field[0].name", "FieldValueNotFound"), at("field[0].devicePath", INVALID)]),
            ("[{name: abc, devicePath: /this/path/exists}]", vec![at("field[0].name", INVALID), at("field[0].devicePath", INVALID)]),
        ];
        for (devices, expected) in rows {
            let mut found = devices_errors(devices);
            let mut expected = expected;
            found.sort();
            expected.sort();
            assert_eq!(found, expected, "{devices}");
        }
    }

    // TestValidateVolumeMounts: "name exists in volumeDevice", "mountpath exists in
    // volumeDevice", "both exist in volumeDevice".
    #[test]
    fn k7_validate_volume_mounts_against_devices() {
        let mounts = |mounts: &str| {
            k8s_errors(&RULE, &pod("[{name: abc, devicePath: /mnt/exists}]", mounts), false)
                .into_iter()
                .filter(|(path, _)| path.contains("volumeMounts"))
                .collect::<Vec<_>>()
        };
        assert_eq!(mounts("[{name: abc, mountPath: /mnt/other}]"), [at("spec.containers[0].volumeMounts[0].name", "FieldValueInvalid")]);
        assert_eq!(mounts("[{name: abc-123, mountPath: /mnt/exists}]"), [at("spec.containers[0].volumeMounts[0].mountPath", "FieldValueInvalid")]);
        assert_eq!(mounts("[{name: abc, mountPath: /mnt/exists}]").len(), 2);
    }

    #[test]
    fn a_stateful_set_claim_template_backs_a_device() {
        let text = "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\nspec:\n  serviceName: db\n  selector: {matchLabels: {app: db}}\n  template:\n    metadata: {labels: {app: db}}\n    spec:\n      containers:\n      - name: db\n        image: image\n        volumeDevices: [{name: data, devicePath: /dev/xvda}]\n  volumeClaimTemplates:\n  - metadata: {name: data}\n    spec: {volumeMode: Block, accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n";
        assert!(k8s_errors(&RULE, text, false).is_empty());
    }
}
