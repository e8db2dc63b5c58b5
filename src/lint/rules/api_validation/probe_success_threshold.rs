//! PL110 `probe-success-threshold`: a liveness or startup probe's `successThreshold` is not 1.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{ProbeKind, Problem, k8s_type, validated_probes};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a liveness or startup probe's `successThreshold` is not 1.
pub static RULE: Rule = Rule {
    id: "PL110",
    name: "probe-success-threshold",
    severity: Severity::Error,
    summary: "a liveness or startup probe's `successThreshold` is not 1",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a `livenessProbe` or `startupProbe` whose `successThreshold` is not 1 (on app containers and sidecars alike). Only readiness probes may require several successes in a row.

## Why
The API server rejects the pod (`spec.containers[0].livenessProbe.successThreshold: Invalid value: 3: must be 1`). One success is all a liveness or startup probe can mean: the container is alive, or it has started.

## Example
```yaml
startupProbe:
  httpGet: {path: /started, port: 8080}
  successThreshold: 3
```

## How to fix
Remove `successThreshold` (it defaults to 1) or set it to 1; to demand sustained health, use a readiness probe.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateLivenessProbe`, `validateStartupProbe` (`FieldValueInvalid`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for found in validated_probes(context) {
        let (kind, probe) = (found.kind, found.probe);
        if kind == ProbeKind::Readiness {
            continue;
        }
        // Without defaulting an unset threshold is Go's zero, as in Kubernetes' unit tests.
        let threshold = probe.success_threshold.unwrap_or(0);
        if threshold == 1 {
            continue;
        }
        let subject = found.subject();
        findings.push(
            Problem::new(
                found.path(context).child("successThreshold"),
                k8s_type::INVALID,
                Some(threshold.to_string()),
                if probe.success_threshold.is_none() {
                    format!("{subject} has no `successThreshold` (0 without defaulting)")
                } else {
                    format!("`successThreshold` of {subject} is {threshold}")
                },
                "must be 1",
                "remove `successThreshold` (it defaults to 1) or set it to 1; only readiness probes take more",
            )
            .into_finding(&RULE),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(list: &str, extra: &str, probe: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  {list}:\n  - name: c\n    image: image\n{extra}    {probe}:\n      tcpSocket: {{port: 80}}\n      successThreshold: 2\n"
        )
    }

    // TestValidateContainers "invalid liveness/startup probe, successThreshold != 1";
    // TestValidateInitContainers "invalid startup/liveness probe in restartable container".
    #[test]
    fn k3_6_success_threshold_must_be_one() {
        for (list, extra, prefix) in [
            ("containers", "", "spec.containers[0]"),
            (
                "initContainers",
                "    restartPolicy: Always\n",
                "spec.initContainers[0]",
            ),
        ] {
            for probe in ["livenessProbe", "startupProbe"] {
                assert_eq!(
                    k8s_errors(&RULE, &pod(list, extra, probe), true),
                    [(
                        format!("{prefix}.{probe}.successThreshold"),
                        "FieldValueInvalid"
                    )]
                );
            }
            assert!(k8s_errors(&RULE, &pod(list, extra, "readinessProbe"), true).is_empty());
        }
    }

    #[test]
    fn zero_is_defaulted_to_one() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: image\n    livenessProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 0\n";
        assert!(k8s_errors(&RULE, text, false).is_empty());
        assert_eq!(k8s_errors(&RULE, text, true).len(), 1);
    }
}
