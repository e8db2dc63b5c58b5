//! PL130 `job-restart-policy`: a pod template a Job runs (a Job's, a CronJob's, a Job-like custom resource's) restarts `Always`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a Job's pod template restarts `Always`.
pub static RULE: Rule = Rule {
    id: "PL130",
    name: "job-restart-policy",
    severity: Severity::Error,
    summary: "a Job's (or CronJob's) pod template restarts `Always`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a Job or CronJob whose pod template has `restartPolicy: Always`, or none at all (it would default to `Always`). The same holds for every template that becomes a Job's pod template: a KubeRay `RayJob`'s `submitterPodTemplate`, OpenKruise's `BroadcastJob` (its webhook holds it to the same two values) and a `podTemplates:` entry with `job: true`, which reach Kubernetes as written; and KEDA's `ScaledJob`, JobSet's `replicatedJobs` and Kubeflow Trainer's training runtimes (JobSet templates), whose operators give a template with no `restartPolicy` `OnFailure`, so there only an explicit `Always` is reported. Kubeflow's training jobs (`PyTorchJob`, …) are not among them: the operator sets each pod's restart policy from its replica spec.

## Why
The API server rejects the Job (`spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"`). A Job's pods must be able to finish; under `Always` a container that exits 0 would be started again forever.

## Example
```yaml
kind: Job
spec:
  template:
    spec:
      containers:
      - name: backup
        image: example/backup:1.4
      # no restartPolicy: defaults to Always
```

## How to fix
Set `restartPolicy: OnFailure` (the kubelet retries failed containers in place) or `Never` (the Job controller creates new pods, counted against `backoffLimit`). Long-running helpers belong in init containers with `restartPolicy: Always` (sidecars), which Jobs support.

## Kubernetes reference
`pkg/apis/batch/validation/validation.go` `validateJobSpec` (`FieldValueRequired`). Other invalid values are reported by PL104 (Kubernetes reports them twice).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if !context.object.runs_as_job {
        return;
    }
    let policy = context.pod.spec.restart_policy.as_deref().unwrap_or("");
    if !matches!(policy, "" | "Always") {
        return;
    }
    let written = context.object.pod.spec.restart_policy.is_some();
    let kind = &context.object.kind;
    let (message, label) = if written {
        (
            format!("a {kind}'s pod template has `restartPolicy: Always`"),
            "a Job needs `OnFailure` or `Never`".to_string(),
        )
    } else {
        (
            format!("a {kind}'s pod template has no `restartPolicy`"),
            "without one it defaults to `Always`, which a Job does not accept".to_string(),
        )
    };
    findings.push(
        Problem::new(
            context.pod_path("spec.restartPolicy"),
            k8s_type::REQUIRED,
            None,
            message,
            label,
            "set `restartPolicy: OnFailure` to retry in place, or `Never` to let the Job create new pods",
        )
        .into_finding(&RULE),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{findings, k8s_errors};

    fn job(policy: &str) -> String {
        format!(
            "apiVersion: batch/v1\nkind: Job\nmetadata: {{name: j}}\nspec:\n  template:\n    spec:\n{policy}      containers:\n      - {{name: a, image: image}}\n"
        )
    }

    #[test]
    fn jobs_need_on_failure_or_never() {
        for policy in ["OnFailure", "Never"] {
            let text = job(&format!("      restartPolicy: {policy}\n"));
            assert!(k8s_errors(&RULE, &text, false).is_empty());
        }
        for policy in ["      restartPolicy: Always\n", ""] {
            assert_eq!(
                k8s_errors(&RULE, &job(policy), false),
                [(
                    "spec.template.spec.restartPolicy".to_string(),
                    "FieldValueRequired"
                )]
            );
        }
        // Unset: the span falls back to the template's `spec` (line 6).
        let found = findings(&RULE, &job(""), false);
        assert_eq!(found[0].span.map(|s| s.start.line), Some(6));
    }

    #[test]
    fn cron_jobs_too() {
        let text = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec:\n  schedule: '* * * * *'\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: Always\n          containers:\n          - {name: a, image: image}\n";
        assert_eq!(
            k8s_errors(&RULE, text, false),
            [(
                "spec.jobTemplate.spec.template.spec.restartPolicy".to_string(),
                "FieldValueRequired"
            )]
        );
    }
}
