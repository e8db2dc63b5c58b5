//! PL144 `invalid-stop-signal`: a container's `lifecycle.stopSignal` in a pod without `spec.os`,
//! or a signal the pod's operating system does not support.

use crate::k8s::stop_signals;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type, lifecycle_is_validated};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a stop signal without `spec.os`, or one the pod's OS does not support.
pub static RULE: Rule = Rule {
    id: "PL144",
    name: "invalid-stop-signal",
    severity: Severity::Error,
    summary: "a `lifecycle.stopSignal` without `spec.os.name`, or one the pod's OS does not support",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks `lifecycle.stopSignal` (gate `ContainerStopSignals`, alpha since 1.33 and off by default: while it is off the API server drops the field, PL136) on app containers and sidecars: the pod must say its operating system (`spec.os.name`), and the signal must be one that system supports: for `linux` the 65 names from `SIGABRT` to `SIGRTMAX` in the API's spelling (`SIGRTMIN+1`, `SIGRTMAX-14`, uppercase), for `windows` only `SIGTERM` and `SIGKILL`.

## Why
The API server rejects the pod (`spec.containers[0].lifecycle.stopSignal: Forbidden: may not be set for containers with empty `spec.os.name``, `…: Unsupported value: "SIGHUP": supported values: "SIGKILL", "SIGTERM"`). The runtime sends this signal instead of the image's `STOPSIGNAL` when the container is stopped.

## Example
```yaml
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    lifecycle:
      stopSignal: SIGQUIT
```

## How to fix
Add `os: {name: linux}` (or `windows`) to the pod spec, and name a signal that system supports, spelled as the API spells it.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateLifecycle`, `validateStopSignal` (`FieldValueForbidden`, `FieldValueNotSupported`); `pkg/api/pod/util.go` `dropContainerStopSignals`.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let os = context.pod.spec.os.as_ref();
    for (list, index, container) in context.all_containers() {
        if !lifecycle_is_validated(list, container) {
            continue;
        }
        let Some(signal) = container.lifecycle.as_ref().and_then(|l| l.stop_signal.as_deref()) else {
            continue;
        };
        let at = context.container_path(list, index).child("lifecycle").child("stopSignal");
        let who = Who::new(list, container, index);
        let Some(os) = os else {
            findings.push(
                Problem::new(
                    at,
                    k8s_type::FORBIDDEN,
                    None,
                    format!("{who} sets `stopSignal` but the pod has no `spec.os.name`"),
                    "may not be set for containers with empty `spec.os.name`",
                    "add `os: {name: linux}` (or `windows`) to the pod spec",
                )
                .on_key()
                .into_finding(&RULE),
            );
            continue;
        };
        let (system, supported): (&str, &[&str]) = match os.name.as_deref() {
            Some("linux") => ("Linux", &stop_signals::LINUX),
            Some("windows") => ("Windows", &stop_signals::WINDOWS),
            // No OS name or another one: PL145 reports it, and Kubernetes checks no signal.
            _ => continue,
        };
        if supported.contains(&signal) {
            continue;
        }
        let fixed = supported.iter().find(|s| s.eq_ignore_ascii_case(signal)).copied();
        let label = if system == "Windows" {
            "supported values: `SIGKILL`, `SIGTERM`".to_string()
        } else {
            "not a Linux signal the API accepts".to_string()
        };
        let help = match fixed {
            Some(fixed) => format!("write `{fixed}` (the value is case-sensitive)"),
            None => match crate::text::closest(signal, supported) {
                Some(close) => format!("did you mean `{close}`?"),
                None if system == "Windows" => "use `SIGTERM` or `SIGKILL`: Windows supports no other".to_string(),
                None => "use a signal name such as `SIGTERM`, `SIGINT`, `SIGQUIT` or `SIGUSR1`".to_string(),
            },
        };
        let mut problem = Problem::new(
            at,
            k8s_type::NOT_SUPPORTED,
            Some(signal.to_string()),
            format!("`stopSignal: {signal}` of {who} is not supported on {system}"),
            label,
            help,
        );
        problem.replacement = fixed.map(str::to_string);
        findings.push(problem.into_finding(&RULE));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{gates, k8s_errors_in};

    fn pod(os: &str, list: &str, signal: &str) -> String {
        let (extra, app) = match list {
            "initContainers" => ("    restartPolicy: Always\n", "  containers:\n  - {name: app, image: image}\n"),
            _ => ("", ""),
        };
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n{os}  {list}:\n  - name: test-container\n    image: image\n{extra}    lifecycle:\n      stopSignal: {signal}\n{app}"
        )
    }

    fn errors(text: &str) -> Vec<(String, &'static str)> {
        k8s_errors_in(&RULE, text, gates(37, "ContainerStopSignals=true"))
    }

    // TestValidatePod: "Pod with valid StopSignal and valid OS" (Linux and Windows), "Pod with a
    // StopSignal without `spec.os.name`" (Forbidden), "Pod with a StopSignal not supported by OS"
    // (Windows, SIGHUP: NotSupported).
    #[test]
    fn k7_validate_stop_signal() {
        let linux = "  os: {name: linux}\n";
        let windows = "  os: {name: windows}\n";
        let path = "spec.initContainers[0].lifecycle.stopSignal";
        assert!(errors(&pod(linux, "containers", "SIGTERM")).is_empty());
        assert_eq!(errors(&pod("", "containers", "SIGTERM")), [("spec.containers[0].lifecycle.stopSignal".to_string(), "FieldValueForbidden")]);
        assert!(errors(&pod(linux, "initContainers", "SIGTERM")).is_empty());
        assert!(errors(&pod(windows, "initContainers", "SIGTERM")).is_empty());
        assert_eq!(errors(&pod("", "initContainers", "SIGTERM")), [(path.to_string(), "FieldValueForbidden")]);
        assert_eq!(errors(&pod(windows, "initContainers", "SIGHUP")), [(path.to_string(), "FieldValueNotSupported")]);
        for signal in stop_signals::LINUX {
            assert!(errors(&pod(linux, "initContainers", &format!("\"{signal}\""))).is_empty(), "{signal}");
        }
        for signal in ["SIGRTMIN+16", "SIGRTMAX-15", "sigterm", "TERM", "15"] {
            assert_eq!(errors(&pod(linux, "initContainers", &format!("\"{signal}\""))), [(path.to_string(), "FieldValueNotSupported")], "{signal}");
        }
    }

    #[test]
    fn an_os_name_kubernetes_does_not_know_checks_no_signal() {
        assert!(errors(&pod("  os: {name: plan9}\n", "initContainers", "SIGHUP")).is_empty());
        assert!(errors(&pod("  os: {}\n", "initContainers", "SIGHUP")).is_empty());
    }

    #[test]
    fn with_the_gate_off_the_field_is_dropped_and_not_checked() {
        let text = pod("", "initContainers", "SIGHUP");
        assert!(k8s_errors_in(&RULE, &text, gates(37, "")).is_empty());
        assert!(k8s_errors_in(&RULE, &text, gates(33, "")).is_empty());
        assert_eq!(k8s_errors_in(&RULE, &text, gates(33, "ContainerStopSignals=true")).len(), 1);
    }
}
