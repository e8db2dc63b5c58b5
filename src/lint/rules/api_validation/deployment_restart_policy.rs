//! PL131 `deployment-restart-policy`: a Deployment's (StatefulSet's, DaemonSet's, ReplicaSet's, ReplicationController's) pod template does not restart `Always`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a long-running workload's pod template does not restart `Always`.
pub static RULE: Rule = Rule {
    id: "PL131",
    name: "deployment-restart-policy",
    severity: Severity::Error,
    summary: "a Deployment's (StatefulSet's, DaemonSet's, ReplicaSet's, ReplicationController's) pod template does not restart `Always`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a Deployment, StatefulSet, DaemonSet, ReplicaSet or ReplicationController whose pod template sets `restartPolicy: OnFailure` or `Never`.

## Why
The API server rejects the workload (`spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"`). These controllers keep pods running; a pod that stops for good would just be replaced, forever.

## Example
```yaml
kind: Deployment
spec:
  template:
    spec:
      restartPolicy: OnFailure
```

## How to fix
Remove `restartPolicy` (it defaults to `Always`) or set `Always`. For run-to-completion work, use a Job.

## Kubernetes reference
`pkg/apis/apps/validation/validation.go` `ValidatePodTemplateSpecForReplicaSet`, `ValidatePodTemplateSpecForStatefulSet`, `ValidateDaemonSetSpec`; `pkg/apis/core/validation/validation.go` `ValidatePodTemplateSpecForRC` (`FieldValueNotSupported`).
"#,
};

/// The kinds whose pods must restart `Always`.
pub const LONG_RUNNING_KINDS: [&str; 5] = [
    "Deployment",
    "StatefulSet",
    "DaemonSet",
    "ReplicaSet",
    "ReplicationController",
];

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let kind = context.object.kind.as_str();
    if !LONG_RUNNING_KINDS.contains(&kind) || !context.object.is_built_in() {
        return;
    }
    let Some(policy) = context
        .pod
        .spec
        .restart_policy
        .as_deref()
        .filter(|p| matches!(*p, "OnFailure" | "Never"))
    else {
        return;
    };
    findings.push(
        Problem::new(
            context.pod_path("spec.restartPolicy"),
            k8s_type::NOT_SUPPORTED,
            Some(policy.to_string()),
            format!("a {kind}'s pod template has `restartPolicy: {policy}`"),
            "supported values: `Always`",
            "remove `restartPolicy` (it defaults to `Always`); for run-to-completion work use a Job",
        )
        .into_finding(&RULE),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    #[test]
    fn long_running_workloads_restart_always() {
        for kind in LONG_RUNNING_KINDS {
            for (policy, fires) in [("Always", false), ("OnFailure", true), ("Never", true)] {
                let api_version = if kind == "ReplicationController" {
                    "v1"
                } else {
                    "apps/v1"
                };
                let text = format!(
                    "apiVersion: {api_version}\nkind: {kind}\nmetadata: {{name: w}}\nspec:\n  template:\n    spec:\n      restartPolicy: {policy}\n      containers:\n      - {{name: a, image: image}}\n"
                );
                let found = k8s_errors(&RULE, &text, false);
                assert_eq!(!found.is_empty(), fires, "{kind} {policy}");
                if fires {
                    assert_eq!(
                        found,
                        [(
                            "spec.template.spec.restartPolicy".to_string(),
                            "FieldValueNotSupported"
                        )]
                    );
                }
            }
        }
    }
}
