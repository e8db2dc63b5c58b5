//! PL133 `forbidden-ephemeral-container-field`: an ephemeral container sets a field it may not, or a pod template or new pod has ephemeral containers.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// an ephemeral container sets a forbidden field.
pub static RULE: Rule = Rule {
    id: "PL133",
    name: "forbidden-ephemeral-container-field",
    severity: Severity::Error,
    summary: "an ephemeral container sets a field it may not, or a pod template or new pod has ephemeral containers",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports an ephemeral (debug) container with `lifecycle`, a probe, `ports`, `resources`, `resizePolicy`, `restartPolicy`, or a volume mount with `subPath`/`subPathExpr`. Also reports `ephemeralContainers` in a workload's pod template, and in a Pod manifest without a status (a pod being created).

## Why
The API server rejects them (`spec.ephemeralContainers[0].ports: Forbidden: cannot be set for an Ephemeral Container`). Ephemeral containers are added to running pods for debugging (`kubectl debug`) through the `ephemeralcontainers` subresource; they get no guarantees, so nothing may depend on them.

## Example
```yaml
ephemeralContainers:
- name: debugger
  image: busybox:1.36
  ports: [{containerPort: 8080}]
```

## How to fix
Remove the field; use `kubectl debug` to add an ephemeral container to a running pod rather than writing it in a manifest.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateEphemeralContainers`, `allowedEphemeralContainerFields`, `ValidatePodCreate`, `ValidatePodTemplateSpec` (`FieldValueForbidden`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let ephemeral = context.pod.ephemeral_containers();
    if ephemeral.is_empty() {
        return;
    }
    let kind = context.object.kind.as_str();
    if kind != "Pod" || context.pod.status.is_none() {
        let reason = if kind == "Pod" {
            "cannot be set on create"
        } else {
            "ephemeral containers not allowed in pod template"
        };
        findings.push(
            Problem::new(
                context.pod_path("spec.ephemeralContainers"),
                k8s_type::FORBIDDEN,
                None,
                format!("the {} lists ephemeral containers", if kind == "Pod" { "pod" } else { "pod template" }),
                reason,
                "remove `ephemeralContainers`; add debug containers to a running pod with `kubectl debug`",
            )
            .on_key()
            .into_finding(&RULE),
        );
    }
    for (index, container) in ephemeral.iter().enumerate() {
        let who = Who::new(ContainerList::Ephemeral, container, index);
        let base = context.container_path(ContainerList::Ephemeral, index);
        let resources_set = container.resources.as_ref().is_some_and(|r| {
            r.limits.as_ref().is_some_and(|l| !l.is_empty())
                || r.requests.as_ref().is_some_and(|l| !l.is_empty())
                || r.claims.is_some()
        });
        let fields = [
            (
                "ports",
                container.ports.as_ref().is_some_and(|p| !p.is_empty()),
            ),
            ("resources", resources_set),
            ("livenessProbe", container.liveness_probe.is_some()),
            ("readinessProbe", container.readiness_probe.is_some()),
            ("startupProbe", container.startup_probe.is_some()),
            ("lifecycle", container.lifecycle.is_some()),
            (
                "resizePolicy",
                container
                    .resize_policy
                    .as_ref()
                    .is_some_and(|p| !p.is_empty()),
            ),
            ("restartPolicy", container.restart_policy.is_some()),
        ];
        for (field, set) in fields {
            if set {
                findings.push(forbidden(
                    base.child(field),
                    format!("{who} sets `{field}`"),
                    field,
                ));
            }
        }
        for (mount_index, mount) in container.volume_mounts.iter().flatten().enumerate() {
            let at = base.child("volumeMounts").index(mount_index);
            if mount.sub_path.as_deref().is_some_and(|p| !p.is_empty()) {
                findings.push(forbidden(
                    at.child("subPath"),
                    format!("volume mount #{} of {who} uses `subPath`", mount_index + 1),
                    "subPath",
                ));
            }
            if mount.sub_path_expr.is_some() {
                findings.push(forbidden(
                    at.child("subPathExpr"),
                    format!(
                        "volume mount #{} of {who} uses `subPathExpr`",
                        mount_index + 1
                    ),
                    "subPathExpr",
                ));
            }
        }
    }
}

fn forbidden(path: crate::yaml::field_path::FieldPath, message: String, field: &str) -> Finding {
    Problem::new(
        path,
        k8s_type::FORBIDDEN,
        None,
        message,
        "cannot be set for an ephemeral container",
        format!("remove `{field}`: ephemeral containers are for debugging and get no guarantees"),
    )
    .on_key()
    .into_finding(&RULE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(ephemeral: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  volumes: [{{name: vol, emptyDir: {{}}}}]\n  containers:\n  - {{name: ctr, image: image}}\n  ephemeralContainers:\n  - name: debug\n    image: image\n{ephemeral}status:\n  phase: Running\n"
        )
    }

    // TestValidateEphemeralContainers "Container uses disallowed field: …" rows.
    #[test]
    fn k7_ephemeral_allow_list() {
        let cases = [
            (
                "    lifecycle:\n      preStop:\n        exec: {command: [ls, -l]}\n",
                "lifecycle",
            ),
            (
                "    livenessProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 1\n",
                "livenessProbe",
            ),
            ("    ports: [{protocol: TCP, containerPort: 80}]\n", "ports"),
            (
                "    readinessProbe:\n      tcpSocket: {port: 80}\n",
                "readinessProbe",
            ),
            (
                "    startupProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 1\n",
                "startupProbe",
            ),
            ("    resources:\n      limits: {cpu: \"10\"}\n", "resources"),
            (
                "    volumeMounts: [{name: vol, mountPath: /vol}, {name: vol, mountPath: /volsub, subPath: foo}]\n",
                "volumeMounts[1].subPath",
            ),
            (
                "    volumeMounts: [{name: vol, mountPath: /vol}, {name: vol, mountPath: /volsub, subPathExpr: $(POD_NAME)}]\n",
                "volumeMounts[1].subPathExpr",
            ),
            (
                "    resizePolicy: [{resourceName: cpu, restartPolicy: NotRequired}]\n",
                "resizePolicy",
            ),
            ("    restartPolicy: Always\n", "restartPolicy"),
            ("    restartPolicy: Never\n", "restartPolicy"),
        ];
        for (fields, path) in cases {
            assert_eq!(
                k8s_errors(&RULE, &pod(fields), true),
                [(
                    format!("spec.ephemeralContainers[0].{path}"),
                    "FieldValueForbidden"
                )],
                "{fields}"
            );
        }
        assert!(
            k8s_errors(
                &RULE,
                &pod("    env: [{name: TEST, value: \"TRUE\"}]\n"),
                true
            )
            .is_empty()
        );
    }

    #[test]
    fn not_in_templates_or_new_pods() {
        let text = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  template:\n    spec:\n      containers:\n      - {name: a, image: image}\n      ephemeralContainers:\n      - {name: debug, image: image}\n";
        assert_eq!(
            k8s_errors(&RULE, text, false),
            [(
                "spec.template.spec.ephemeralContainers".to_string(),
                "FieldValueForbidden"
            )]
        );
        let new_pod = pod("").replace("status:\n  phase: Running\n", "");
        assert_eq!(
            k8s_errors(&RULE, &new_pod, false),
            [(
                "spec.ephemeralContainers".to_string(),
                "FieldValueForbidden"
            )]
        );
    }
}
