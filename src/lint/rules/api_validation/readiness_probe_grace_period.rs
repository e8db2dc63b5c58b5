//! PL111 `readiness-probe-grace-period`: a readiness probe sets `terminationGracePeriodSeconds`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{ProbeKind, Problem, k8s_type, validated_probes};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a readiness probe sets `terminationGracePeriodSeconds`.
pub static RULE: Rule = Rule {
    id: "PL111",
    name: "readiness-probe-grace-period",
    severity: Severity::Error,
    summary: "a readiness probe sets `terminationGracePeriodSeconds`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a `readinessProbe` with `terminationGracePeriodSeconds`. The probe-level grace period only applies when a failing probe kills the container, which liveness and startup probes do and readiness probes never do.

## Why
The API server rejects the pod (`spec.containers[0].readinessProbe.terminationGracePeriodSeconds: Invalid value: 10: must not be set for readinessProbes`).

## Example
```yaml
readinessProbe:
  httpGet: {path: /ready, port: 8080}
  terminationGracePeriodSeconds: 10
```

## How to fix
Remove it from the readiness probe; put it on the liveness or startup probe if a faster kill after a failed check is wanted.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateReadinessProbe` (`FieldValueInvalid`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for found in validated_probes(context) {
        let (kind, probe) = (found.kind, found.probe);
        if kind != ProbeKind::Readiness {
            continue;
        }
        let Some(grace) = probe.termination_grace_period_seconds else {
            continue;
        };
        let subject = found.subject();
        findings.push(
            Problem::new(
                found.path(context).child("terminationGracePeriodSeconds"),
                k8s_type::INVALID,
                Some(grace.to_string()),
                format!("{subject} sets `terminationGracePeriodSeconds`"),
                "must not be set for readiness probes",
                "remove it: a failing readiness probe never kills the container",
            )
            .on_key()
            .into_finding(&RULE),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    // TestValidateContainers / TestValidateInitContainers "invalid readiness probe,
    // terminationGracePeriodSeconds set."
    #[test]
    fn k3_readiness_probe_has_no_grace_period() {
        for (list, extra, prefix) in [
            ("containers", "", "spec.containers[0]"),
            (
                "initContainers",
                "    restartPolicy: Always\n",
                "spec.initContainers[0]",
            ),
        ] {
            let text = format!(
                "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  {list}:\n  - name: life-123\n    image: image\n{extra}    readinessProbe:\n      tcpSocket: {{port: 80}}\n      terminationGracePeriodSeconds: 10\n"
            );
            assert_eq!(
                k8s_errors(&RULE, &text, true),
                [(
                    format!("{prefix}.readinessProbe.terminationGracePeriodSeconds"),
                    "FieldValueInvalid"
                )]
            );
        }
    }
}
