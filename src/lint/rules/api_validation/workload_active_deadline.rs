//! PL132 `workload-active-deadline`: a long-running workload's pod template sets `activeDeadlineSeconds`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a long-running workload's pod template sets `activeDeadlineSeconds`.
pub static RULE: Rule = Rule {
    id: "PL132",
    name: "workload-active-deadline",
    severity: Severity::Error,
    summary: "a long-running workload's pod template sets `activeDeadlineSeconds`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports `activeDeadlineSeconds` in the pod template of a Deployment, StatefulSet, DaemonSet, ReplicaSet or ReplicationController.

## Why
The API server rejects the workload (`spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported`). Each pod would fail at the deadline and be replaced: a restart loop with extra steps.

## Example
```yaml
kind: Deployment
spec:
  template:
    spec:
      activeDeadlineSeconds: 3600
```

## How to fix
Remove it. To bound run time, use a Job (`spec.activeDeadlineSeconds` on the Job or its template); to recycle pods, use a liveness probe or a rollout.

## Kubernetes reference
`pkg/apis/apps/validation/validation.go` (`ValidatePodTemplateSpecForReplicaSet`, `…ForStatefulSet`, `ValidateDaemonSetSpec`); `pkg/apis/core/validation/validation.go` `ValidatePodTemplateSpecForRC` (`FieldValueForbidden`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let kind = context.object.kind.as_str();
    if !context.object.is_built_in() {
        return;
    }
    // Deployments are validated through their ReplicaSet's template rules.
    let controller = match kind {
        "Deployment" | "ReplicaSet" => "ReplicaSet",
        "StatefulSet" | "DaemonSet" | "ReplicationController" => kind,
        _ => return,
    };
    let Some(seconds) = context.pod.spec.active_deadline_seconds else {
        return;
    };
    findings.push(
        Problem::new(
            context.pod_path("spec.activeDeadlineSeconds"),
            k8s_type::FORBIDDEN,
            Some(seconds.to_string()),
            format!("a {kind}'s pod template sets `activeDeadlineSeconds`"),
            format!("`activeDeadlineSeconds` in {controller} is not supported"),
            "remove it; to bound run time use a Job",
        )
        .on_key()
        .into_finding(&RULE),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    #[test]
    fn forbidden_in_long_running_templates() {
        for (api_version, kind, fires) in [
            ("apps/v1", "Deployment", true),
            ("apps/v1", "StatefulSet", true),
            ("batch/v1", "Job", false),
            ("apps.kruise.io/v1beta1", "StatefulSet", false),
        ] {
            let text = format!(
                "apiVersion: {api_version}\nkind: {kind}\nmetadata: {{name: w}}\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      activeDeadlineSeconds: 60\n      containers:\n      - {{name: a, image: image}}\n"
            );
            let found = k8s_errors(&RULE, &text, false);
            assert_eq!(!found.is_empty(), fires, "{kind}");
            if fires {
                assert_eq!(
                    found,
                    [(
                        "spec.template.spec.activeDeadlineSeconds".to_string(),
                        "FieldValueForbidden"
                    )]
                );
            }
        }
    }
}
