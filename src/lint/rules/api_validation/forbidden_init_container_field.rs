//! PL107 `forbidden-init-container-field`: a regular init container has a probe or lifecycle hooks.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// a regular init container has a probe or lifecycle hooks.
pub static RULE: Rule = Rule {
    id: "PL107",
    name: "forbidden-init-container-field",
    severity: Severity::Error,
    summary: "a regular init container has a probe or lifecycle hooks",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports `lifecycle`, `livenessProbe`, `readinessProbe` or `startupProbe` on an init container that is not a sidecar (no `restartPolicy: Always`).

## Why
The API server rejects the pod (`spec.initContainers[0].readinessProbe: Forbidden: may not be set for init containers without restartPolicy=Always`). A regular init container runs to completion before anything else starts: nothing waits for it to become ready, and it is never restarted for liveness. Sidecars may have all four.

## Example
```yaml
initContainers:
- name: migrate
  image: example/migrate:2.1
  readinessProbe:
    exec: {command: ["test", "-f", "/done"]}
```

## How to fix
Remove the field, or, if the container should keep running next to the app, make it a sidecar with `restartPolicy: Always` (then a `startupProbe` decides when the next init container may start).

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateInitContainers` (`FieldValueForbidden`). As in Kubernetes, the contents of a forbidden probe or hook are not validated further.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (index, container) in context.pod.init_containers().iter().enumerate() {
        if container.is_sidecar() {
            continue;
        }
        let who = Who::new(ContainerList::Init, container, index);
        let fields = [
            ("lifecycle", container.lifecycle.is_some()),
            ("livenessProbe", container.liveness_probe.is_some()),
            ("readinessProbe", container.readiness_probe.is_some()),
            ("startupProbe", container.startup_probe.is_some()),
        ];
        for (field, set) in fields {
            if !set {
                continue;
            }
            findings.push(
                Problem::new(
                    context
                        .container_path(ContainerList::Init, index)
                        .child(field),
                    k8s_type::FORBIDDEN,
                    None,
                    format!("{who} has a `{field}`"),
                    "may not be set for init containers without `restartPolicy: Always`",
                    format!("remove `{field}`, or make it a sidecar with `restartPolicy: Always`"),
                )
                .on_key()
                .into_finding(&RULE),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{all_k8s_errors, k8s_errors};

    fn pod(init: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  restartPolicy: Never\n  terminationGracePeriodSeconds: 30\n  dnsPolicy: ClusterFirst\n  initContainers:\n  - name: debug\n    image: image\n    imagePullPolicy: IfNotPresent\n    terminationMessagePolicy: File\n{init}  containers:\n  - {{name: app, image: nginx, imagePullPolicy: IfNotPresent, terminationMessagePolicy: File}}\n"
        )
    }

    // TestValidateInitContainers "uses disallowed field: Lifecycle/LivenessProbe/ReadinessProbe",
    // "Container uses disallowed field: StartupProbe".
    #[test]
    fn k7_3_k3_6_forbidden_on_regular_init_containers() {
        let cases = [
            (
                "    lifecycle:\n      preStop:\n        exec: {command: [ls, -l]}\n",
                "spec.initContainers[0].lifecycle",
            ),
            (
                "    livenessProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 1\n",
                "spec.initContainers[0].livenessProbe",
            ),
            (
                "    readinessProbe:\n      tcpSocket: {port: 80}\n",
                "spec.initContainers[0].readinessProbe",
            ),
            (
                "    startupProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 1\n",
                "spec.initContainers[0].startupProbe",
            ),
        ];
        for (init, path) in cases {
            assert_eq!(
                all_k8s_errors(&pod(init), true),
                [(path.to_string(), "FieldValueForbidden")],
                "{init}"
            );
        }
    }

    // TestValidateInitContainers "Disallowed field with other errors should only return a single
    // Forbidden": the probe's bad numbers are not reported.
    #[test]
    fn k3_6_forbidden_probe_reports_only_forbidden() {
        let init = "    startupProbe:\n      tcpSocket: {port: 80}\n      initialDelaySeconds: -1\n      timeoutSeconds: -1\n      periodSeconds: -1\n      successThreshold: -1\n      failureThreshold: -1\n      terminationGracePeriodSeconds: -1\n";
        assert_eq!(
            all_k8s_errors(&pod(init), true),
            [(
                "spec.initContainers[0].startupProbe".to_string(),
                "FieldValueForbidden"
            )]
        );
    }

    // TestValidateInitContainers success case container-3: a sidecar may have hooks and probes.
    #[test]
    fn k3_6_sidecar_may_have_probes() {
        let init = "    restartPolicy: Always\n    lifecycle:\n      postStart:\n        exec: {command: [echo, post start]}\n      preStop:\n        exec: {command: [echo, pre stop]}\n    livenessProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 1\n    readinessProbe:\n      tcpSocket: {port: 80}\n    startupProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 1\n";
        assert!(k8s_errors(&RULE, &pod(init), true).is_empty());
        assert_eq!(all_k8s_errors(&pod(init), true), []);
    }
}
