//! Argo Workflows' `spec.templateDefaults` merged into a template's main container, as Argo merges them before it makes a pod.
//!
//! Argo clears the defaults' template-type fields that are not the template's own type (a
//! script template takes `templateDefaults.script`, never `templateDefaults.container`), then
//! applies the template over the defaults as a strategic merge patch: what the template sets
//! wins, what it leaves unset comes from the defaults. For the main container that is field by
//! field; `env`, `volumeMounts`, `ports` and `volumeDevices` merge by their keys (`name`,
//! `mountPath`, `containerPort`, `devicePath`), and `resources.limits` and `.requests` by
//! resource name.

use crate::k8s::model::{Container, ResourceList, ResourceRequirements};

/// `template` with what `defaults` gives and `template` leaves unset.
pub(super) fn merge_container(defaults: &Container, mut template: Container) -> Container {
    macro_rules! unset_from_defaults {
        ($($field:ident),* $(,)?) => {
            $(
                if template.$field.is_none() {
                    template.$field.clone_from(&defaults.$field);
                }
            )*
        };
    }
    unset_from_defaults!(
        name,
        image,
        image_pull_policy,
        command,
        args,
        working_dir,
        env_from,
        resize_policy,
        restart_policy,
        restart_policy_rules,
        liveness_probe,
        readiness_probe,
        startup_probe,
        lifecycle,
        termination_message_path,
        termination_message_policy,
        security_context,
        stdin,
        stdin_once,
        tty,
        target_container_name,
    );
    template.env = merged_by_key(defaults.env.as_deref(), template.env, |v| v.name.clone());
    template.volume_mounts = merged_by_key(
        defaults.volume_mounts.as_deref(),
        template.volume_mounts,
        |m| m.mount_path.clone(),
    );
    template.ports = merged_by_key(defaults.ports.as_deref(), template.ports, |p| {
        p.container_port.map(|port| port.to_string())
    });
    template.volume_devices = merged_by_key(
        defaults.volume_devices.as_deref(),
        template.volume_devices,
        |d| d.device_path.clone(),
    );
    template.resources = merged_resources(defaults.resources.as_ref(), template.resources);
    template
}

/// A list merged as a strategic merge patch merges one with a merge key: the template's items,
/// then the defaults' items whose key the template does not use.
fn merged_by_key<T: Clone>(
    defaults: Option<&[T]>,
    template: Option<Vec<T>>,
    key: impl Fn(&T) -> Option<String>,
) -> Option<Vec<T>> {
    let Some(defaults) = defaults else {
        return template;
    };
    let mut merged = template.unwrap_or_default();
    let taken: Vec<Option<String>> = merged.iter().map(&key).collect();
    merged.extend(
        defaults
            .iter()
            .filter(|item| {
                let own = key(item);
                own.is_none() || !taken.contains(&own)
            })
            .cloned(),
    );
    Some(merged)
}

/// `resources`: limits and requests merged by resource name, the template's winning.
fn merged_resources(
    defaults: Option<&ResourceRequirements>,
    template: Option<ResourceRequirements>,
) -> Option<ResourceRequirements> {
    let Some(defaults) = defaults else {
        return template;
    };
    let mut merged = template.unwrap_or_default();
    let list = |from: &Option<ResourceList>, into: &mut Option<ResourceList>| {
        if let Some(from) = from {
            let target = into.get_or_insert_with(ResourceList::new);
            for (name, value) in from {
                target.entry(name.clone()).or_insert_with(|| value.clone());
            }
        }
    };
    list(&defaults.limits, &mut merged.limits);
    list(&defaults.requests, &mut merged.requests);
    if merged.claims.is_none() {
        merged.claims.clone_from(&defaults.claims);
    }
    Some(merged)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn container(json: &str) -> Container {
        serde_json::from_str(json).expect("a container")
    }

    #[test]
    fn the_template_wins_and_unset_fields_come_from_the_defaults() {
        let defaults = container(
            r#"{"image": "python:3.12", "imagePullPolicy": "Always", "env": [{"name": "A", "value": "1"}, {"name": "B", "value": "2"}],
                "resources": {"requests": {"cpu": "100m", "memory": "64Mi"}}}"#,
        );
        let template = container(
            r#"{"command": ["python"], "imagePullPolicy": "IfNotPresent", "env": [{"name": "B", "value": "own"}],
                "resources": {"requests": {"cpu": "1"}}}"#,
        );
        let merged = merge_container(&defaults, template);
        assert_eq!(merged.image.as_deref(), Some("python:3.12"));
        assert_eq!(merged.image_pull_policy.as_deref(), Some("IfNotPresent"));
        let env: Vec<(String, String)> = merged
            .env
            .iter()
            .flatten()
            .map(|v| {
                (
                    v.name.clone().unwrap_or_default(),
                    v.value.clone().unwrap_or_default(),
                )
            })
            .collect();
        assert_eq!(env, [("B".into(), "own".into()), ("A".into(), "1".into())]);
        let requests = merged.resources.and_then(|r| r.requests).expect("requests");
        assert_eq!(requests.keys().collect::<Vec<_>>(), ["cpu", "memory"]);
        assert_eq!(
            requests["cpu"].valid().map(ToString::to_string).as_deref(),
            Some("1")
        );
    }
}
