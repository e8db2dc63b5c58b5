//! PL112 `invalid-lifecycle-handler`: a `postStart` or `preStop` hook does not have exactly one valid handler.

use crate::k8s::cluster::Gate;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{describe_field, lifecycle_is_validated};
use crate::lint::rules::api_validation::helpers::handler_checks::{Handler, handler_problems};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a lifecycle hook does not have exactly one valid handler.
pub static RULE: Rule = Rule {
    id: "PL112",
    name: "invalid-lifecycle-handler",
    severity: Severity::Error,
    summary: "a `postStart` or `preStop` hook does not have exactly one valid handler",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks the `postStart` and `preStop` hooks of app containers and sidecars: exactly one of `exec`, `httpGet`, `tcpSocket` or `sleep`, and that handler complete: `exec.command` not empty; `httpGet` with a `path`, a port and scheme `HTTP` or `HTTPS`; `tcpSocket` with a valid port; `sleep.seconds` between 0 and the pod's `terminationGracePeriodSeconds`.

## Why
The API server rejects the pod (`spec.containers[0].lifecycle.preStop: Required value: must specify a handler type`, `…preStop.sleep: Invalid value: 60: must be non-negative and less than terminationGracePeriodSeconds (30)`). A hook without a usable handler cannot run, and a `preStop` sleep longer than the grace period would be cut by SIGKILL.

## Example
```yaml
terminationGracePeriodSeconds: 30
containers:
- name: web
  image: nginx:1.27
  lifecycle:
    preStop:
      sleep: {seconds: 45}
```

## How to fix
Keep exactly one handler and complete it; keep `sleep.seconds` within `terminationGracePeriodSeconds` (or raise the grace period).

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateLifecycle`, `validateHandler`, `validateSleepAction` (`FieldValueRequired`, `FieldValueForbidden`, `FieldValueInvalid`, `FieldValueNotSupported`); a zero sleep is accepted (`PodLifecycleSleepActionAllowZero`, on by default since 1.33).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let grace = context.pod.spec.termination_grace_period_seconds;
    for (list, index, container) in context.all_containers() {
        if !lifecycle_is_validated(list, container) {
            continue;
        }
        let Some(lifecycle) = &container.lifecycle else {
            continue;
        };
        let base = context.container_path(list, index).child("lifecycle");
        for (field, hook) in [
            ("postStart", lifecycle.post_start.as_ref()),
            ("preStop", lifecycle.pre_stop.as_ref()),
        ] {
            let Some(hook) = hook else { continue };
            let subject = describe_field(field, list, container, index);
            let problems = handler_problems(
                &Handler::of_hook(hook).zero_sleep(
                    context
                        .gates
                        .enabled(Gate::PodLifecycleSleepActionAllowZero),
                ),
                &|| base.child(field),
                &subject,
                "`exec`, `httpGet`, `tcpSocket` or `sleep`",
                grace,
            );
            findings.extend(problems.into_iter().map(|p| p.into_finding(&RULE)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(list: &str, extra: &str, pre_stop: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  terminationGracePeriodSeconds: 30\n  {list}:\n  - name: life-123\n    image: image\n{extra}    lifecycle:\n      preStop:\n{pre_stop}"
        )
    }

    // TestValidateContainers and TestValidateInitContainers (restartable): "invalid lifecycle, no
    // exec command / no http path / no http port / no http scheme / no tcp socket port / zero tcp
    // socket port / no action".
    #[test]
    fn k7_lifecycle_handlers() {
        let cases = [
            (
                "        exec: {}\n",
                "preStop.exec.command",
                "FieldValueRequired",
            ),
            (
                "        httpGet: {port: 80, scheme: HTTP}\n",
                "preStop.httpGet.path",
                "FieldValueRequired",
            ),
            (
                "        httpGet: {path: /, scheme: HTTP}\n",
                "preStop.httpGet.port",
                "FieldValueInvalid",
            ),
            (
                "        httpGet: {path: /, port: 80}\n",
                "preStop.httpGet.scheme",
                "FieldValueNotSupported",
            ),
            (
                "        tcpSocket: {}\n",
                "preStop.tcpSocket.port",
                "FieldValueInvalid",
            ),
            (
                "        tcpSocket: {port: 0}\n",
                "preStop.tcpSocket.port",
                "FieldValueInvalid",
            ),
            ("        {}\n", "preStop", "FieldValueRequired"),
        ];
        for (list, extra, prefix) in [
            ("containers", "", "spec.containers[0].lifecycle"),
            (
                "initContainers",
                "    restartPolicy: Always\n",
                "spec.initContainers[0].lifecycle",
            ),
        ] {
            for (handler, path, k8s_type) in cases {
                // An empty `preStop` has no handler at all.
                let text = if handler.trim() == "{}" {
                    pod(list, extra, "").replace("      preStop:\n", "      preStop: {}\n")
                } else {
                    pod(list, extra, handler)
                };
                assert_eq!(
                    k8s_errors(&RULE, &text, true),
                    [(format!("{prefix}.{path}"), k8s_type)],
                    "{list} {handler}"
                );
            }
        }
    }

    #[test]
    fn sleep_within_grace_period() {
        for (seconds, fires) in [(0, false), (30, false), (31, true), (-1, true)] {
            let text = pod(
                "containers",
                "",
                &format!("        sleep: {{seconds: {seconds}}}\n"),
            );
            let found = k8s_errors(&RULE, &text, false);
            assert_eq!(!found.is_empty(), fires, "{seconds}");
            if fires {
                assert_eq!(
                    found,
                    [(
                        "spec.containers[0].lifecycle.preStop.sleep".to_string(),
                        "FieldValueInvalid"
                    )]
                );
            }
        }
    }

    #[test]
    fn regular_init_container_hooks_are_not_checked_here() {
        let text = pod("initContainers", "", "        exec: {}\n");
        assert!(k8s_errors(&RULE, &text, true).is_empty());
    }
}
