//! PL152 `invalid-host-process-pod`: a Windows host-process pod that mixes host-process and
//! ordinary containers, disagrees with itself, or is not on the host network.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a host-process pod the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL152",
    name: "invalid-host-process-pod",
    severity: Severity::Error,
    summary: "a Windows host-process pod with ordinary containers, conflicting `hostProcess` values, or no `hostNetwork`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks `windowsOptions.hostProcess` (Windows host-process containers): a container's value must equal the pod's when both are set; if any container is a host-process container (by its own setting or the pod's), every container must be one, and the pod must set `hostNetwork: true`.

## Why
The API server rejects the pod (`spec.hostNetwork: Invalid value: false: hostNetwork must be true if pod contains any hostProcess containers`). A host-process container runs directly on the node, so the whole pod shares the node's network and runs that way.

## Example
```yaml
spec:
  os: {name: windows}
  securityContext:
    windowsOptions: {hostProcess: true, runAsUserName: "NT AUTHORITY\\SYSTEM"}
  containers:
  - name: node-exporter
    image: ghcr.io/prometheus-community/windows-exporter:0.29.2
```

## How to fix
Add `hostNetwork: true`, make every container a host-process container (set it once at the pod level), and remove conflicting container-level values.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateWindowsHostProcessPod` (`FieldValueInvalid`). Whether the API server allows host-process pods at all (`--allow-privileged`) is not checked.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let spec = &context.pod.spec;
    let pod_value = spec
        .security_context
        .as_ref()
        .and_then(|sc| sc.windows_options.as_ref())
        .and_then(|w| w.host_process);
    let mut problems = Vec::new();
    let mut any = false;
    let mut all = true;
    for (list, index, container) in context.all_containers() {
        let own = container
            .security_context
            .as_ref()
            .and_then(|sc| sc.windows_options.as_ref())
            .and_then(|w| w.host_process);
        if let (Some(own), Some(pod)) = (own, pod_value)
            && own != pod
        {
            let who = Who::new(list, container, index);
            problems.push(Problem::new(
                context
                    .container_path(list, index)
                    .child("securityContext")
                    .child("windowsOptions")
                    .child("hostProcess"),
                k8s_type::INVALID,
                Some(own.to_string()),
                format!("{who} says `hostProcess: {own}` but the pod says `{pod}`"),
                format!("pod hostProcess value must be identical if both are specified, was {pod}"),
                "set `hostProcess` once, at the pod level",
            ));
        }
        let host_process = own.or(pod_value).unwrap_or(false);
        any |= host_process;
        all &= host_process;
    }
    let base = FieldPath::root().child("spec");
    if any && !all {
        problems.push(
            Problem::new(
                base.clone(),
                k8s_type::INVALID,
                None,
                "the pod mixes host-process and ordinary containers",
                "If pod contains any hostProcess containers then all containers must be HostProcess containers",
                "make every container a host-process container (`hostProcess: true` in the pod's `windowsOptions`)",
            )
            .pointing_at(base.child("containers")),
        );
    }
    if any && spec.host_network != Some(true) {
        problems.push(
            Problem::new(
                base.child("hostNetwork"),
                k8s_type::INVALID,
                Some("false".to_string()),
                "a pod with host-process containers is not on the host network",
                "hostNetwork must be true if pod contains any hostProcess containers",
                "add `hostNetwork: true`",
            )
            .pointing_at(base.child("containers")),
        );
    }
    findings.extend(problems.into_iter().map(|p| p.into_finding(&RULE)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(extra: &str, pod_value: Option<bool>, containers: &[Option<bool>]) -> String {
        let mut text = format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  os: {{name: windows}}\n{extra}");
        if let Some(value) = pod_value {
            text.push_str(&format!("  securityContext: {{windowsOptions: {{hostProcess: {value}}}}}\n"));
        }
        text.push_str("  containers:\n");
        for (index, value) in containers.iter().enumerate() {
            match value {
                Some(value) => text.push_str(&format!("  - {{name: c{index}, image: image, securityContext: {{windowsOptions: {{hostProcess: {value}}}}}}}\n")),
                None => text.push_str(&format!("  - {{name: c{index}, image: image}}\n")),
            }
        }
        text
    }

    fn errors(text: &str) -> Vec<String> {
        k8s_errors(&RULE, text, false).into_iter().map(|(path, _)| path).collect()
    }

    const HOST: &str = "  hostNetwork: true\n";

    // TestValidateWindowsHostProcessPod (the rows that do not depend on --allow-privileged).
    #[test]
    fn k7_validate_windows_host_process_pod() {
        // Success: set at the pod, at every container, at both alike, or nowhere.
        assert!(errors(&pod(HOST, Some(true), &[None, None])).is_empty());
        assert!(errors(&pod(HOST, None, &[Some(true), Some(true)])).is_empty());
        assert!(errors(&pod(HOST, Some(true), &[Some(true)])).is_empty());
        assert!(errors(&pod("", None, &[None, Some(false)])).is_empty());
        assert!(errors(&pod("", Some(false), &[None])).is_empty());
        // Failures.
        assert_eq!(errors(&pod("", Some(true), &[None])), ["spec.hostNetwork"]);
        assert_eq!(errors(&pod(HOST, None, &[Some(true), None])), ["spec"]);
        assert_eq!(errors(&pod(HOST, None, &[Some(true), Some(false)])), ["spec"]);
        // The container's own `false` wins: no host-process container, so no pod-wide errors.
        assert_eq!(
            errors(&pod("", Some(true), &[Some(false)])),
            ["spec.containers[0].securityContext.windowsOptions.hostProcess"]
        );
        assert_eq!(errors(&pod(HOST, Some(false), &[Some(true)])), ["spec.containers[0].securityContext.windowsOptions.hostProcess"]);
    }
}
