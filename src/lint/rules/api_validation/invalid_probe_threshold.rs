//! PL109 `invalid-probe-threshold`: a probe has a negative delay, timeout, period or threshold, or a non-positive grace period.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type, validated_probes};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a probe has a negative timing or threshold.
pub static RULE: Rule = Rule {
    id: "PL109",
    name: "invalid-probe-threshold",
    severity: Severity::Error,
    summary: "a probe has a negative delay, timeout, period or threshold, or a non-positive grace period",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a probe whose `initialDelaySeconds`, `timeoutSeconds`, `periodSeconds`, `successThreshold` or `failureThreshold` is negative, or whose `terminationGracePeriodSeconds` is zero or negative.

## Why
The API server rejects the pod (`spec.containers[0].livenessProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0`). Note that `0` for timeout, period and thresholds is accepted and replaced by the default (1 s, 10 s, 1, 3).

## Example
```yaml
readinessProbe:
  httpGet: {path: /ready, port: 8080}
  periodSeconds: -5
```

## How to fix
Use non-negative numbers (or leave the field out for the default), and a positive probe-level `terminationGracePeriodSeconds`.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateProbe` (`FieldValueInvalid`); defaults in `pkg/apis/core/v1/defaults.go` `SetDefaults_Probe`.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for found in validated_probes(context) {
        let probe = found.probe;
        let subject = found.subject();
        let fields = [
            ("initialDelaySeconds", probe.initial_delay_seconds),
            ("timeoutSeconds", probe.timeout_seconds),
            ("periodSeconds", probe.period_seconds),
            ("successThreshold", probe.success_threshold),
            ("failureThreshold", probe.failure_threshold),
        ];
        for (field, value) in fields {
            let Some(value) = value.filter(|v| *v < 0) else {
                continue;
            };
            findings.push(
                Problem::new(
                    found.path(context).child(field),
                    k8s_type::INVALID,
                    Some(value.to_string()),
                    format!("`{field}` of {subject} is negative ({value})"),
                    "must be greater than or equal to 0",
                    format!("use a non-negative `{field}`, or leave it out for the default"),
                )
                .into_finding(&RULE),
            );
        }
        if let Some(grace) = probe.termination_grace_period_seconds.filter(|g| *g <= 0) {
            findings.push(
                Problem::new(
                    found.path(context).child("terminationGracePeriodSeconds"),
                    k8s_type::INVALID,
                    Some(grace.to_string()),
                    format!("`terminationGracePeriodSeconds` of {subject} is {grace}"),
                    "must be greater than 0",
                    "use a positive number of seconds, or leave it out to use the pod's",
                )
                .into_finding(&RULE),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(probe_kind: &str, probe: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - name: c\n    image: image\n    {probe_kind}:\n      exec: {{command: [echo]}}\n{probe}"
        )
    }

    // Test_validateProbe rows and TestValidateProbe: each field at -1 / -10 is Invalid; 10 passes;
    // probe terminationGracePeriodSeconds 0 and -1 are Invalid, 1 passes.
    #[test]
    fn k3_probe_numbers() {
        for field in [
            "initialDelaySeconds",
            "timeoutSeconds",
            "periodSeconds",
            "successThreshold",
            "failureThreshold",
        ] {
            let text = pod("readinessProbe", &format!("      {field}: -1\n"));
            assert_eq!(
                k8s_errors(&RULE, &text, true),
                [(
                    format!("spec.containers[0].readinessProbe.{field}"),
                    "FieldValueInvalid"
                )]
            );
            let text = pod("readinessProbe", &format!("      {field}: 10\n"));
            assert!(k8s_errors(&RULE, &text, true).is_empty());
        }
        for grace in ["0", "-1"] {
            let text = pod(
                "livenessProbe",
                &format!(
                    "      successThreshold: 1\n      terminationGracePeriodSeconds: {grace}\n"
                ),
            );
            assert_eq!(
                k8s_errors(&RULE, &text, true),
                [(
                    "spec.containers[0].livenessProbe.terminationGracePeriodSeconds".to_string(),
                    "FieldValueInvalid"
                )]
            );
        }
        let text = pod(
            "livenessProbe",
            "      successThreshold: 1\n      terminationGracePeriodSeconds: 1\n",
        );
        assert!(k8s_errors(&RULE, &text, true).is_empty());
    }
}
