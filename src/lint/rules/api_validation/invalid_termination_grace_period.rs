//! PL128 `invalid-termination-grace-period`: the pod's `terminationGracePeriodSeconds` is negative (or, without defaulting, unset).

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};

/// the pod's `terminationGracePeriodSeconds` is negative.
pub static RULE: Rule = Rule {
    id: "PL128",
    name: "invalid-termination-grace-period",
    severity: Severity::Error,
    summary: "the pod's `terminationGracePeriodSeconds` is negative (or, without defaulting, unset)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a negative `spec.terminationGracePeriodSeconds`. With `--no-defaulting` an unset value is reported too (`FieldValueRequired`), as Kubernetes' validation unit tests do; through the API server it defaults to 30.

## Why
A grace period cannot be negative. For compatibility the API server does not reject it: since 1.27 it stores a Pod's negative value as 1 s and only warns for pod templates. The manifest then does not mean what it says: preStop hooks and defer containers get 1 s, not "no limit" or "immediately".

## Example
```yaml
spec:
  terminationGracePeriodSeconds: -1
```

## How to fix
Use `0` for the shortest shutdown (the kubelet still gives 1 s: preStop hooks run up to 1 s, then SIGTERM with 2 s before SIGKILL), or the seconds the containers need to shut down cleanly.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `ValidatePodSpec` (`FieldValueRequired` when unset); negative values: kubernetes/kubernetes#98866 and #115606 (treated as 1).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let path = context.pod_path("spec.terminationGracePeriodSeconds");
    match context.pod.spec.termination_grace_period_seconds {
        None => findings.push(
            Problem::new(
                path,
                k8s_type::REQUIRED,
                None,
                "the pod has no `terminationGracePeriodSeconds`",
                "`terminationGracePeriodSeconds` is required without defaulting",
                "set `terminationGracePeriodSeconds:` (the API server would default it to 30)",
            )
            .into_finding(&RULE),
        ),
        Some(seconds) if seconds < 0 => findings.push(
            RULE.finding(format!("`terminationGracePeriodSeconds` is negative ({seconds})"),
            )
            .at(path)
            .label("a grace period cannot be negative")
            .help("use `0` for the shortest shutdown (the kubelet still gives 1 s), or the seconds the containers need to stop cleanly")
            .note("the API server treats a negative grace period as 1 s (and warns for pod templates)"),
        ),
        Some(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{findings, k8s_errors};

    fn pod(grace: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  {grace}\n  containers:\n  - {{name: a, image: image}}\n"
        )
    }

    #[test]
    fn grace_period() {
        assert!(k8s_errors(&RULE, &pod("terminationGracePeriodSeconds: 0"), true).is_empty());
        assert!(k8s_errors(&RULE, &pod("dnsPolicy: ClusterFirst"), false).is_empty());
        assert_eq!(
            k8s_errors(&RULE, &pod("dnsPolicy: ClusterFirst"), true),
            [(
                "spec.terminationGracePeriodSeconds".to_string(),
                "FieldValueRequired"
            )]
        );
        let negative = findings(&RULE, &pod("terminationGracePeriodSeconds: -5"), false);
        assert_eq!(negative.len(), 1);
        assert_eq!(negative[0].k8s_type(), None);
    }
}
