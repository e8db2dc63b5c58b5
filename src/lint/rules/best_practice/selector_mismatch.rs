//! PL449 `selector-mismatch`: a workload's selector does not select its own pod template (best practice).

use crate::k8s::workload::WorkloadSelector;
use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::describe_object;
use crate::lint::rules::{Origin, PodContext, Rule};

/// a workload's selector does not select its own pod template.
pub static RULE: Rule = Rule {
    id: "PL449",
    name: "selector-mismatch",
    severity: Severity::Warning,
    summary: "a workload's `spec.selector` does not select the labels of its own pod template",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Compares the `spec.selector` of a Deployment, ReplicaSet, StatefulSet or DaemonSet (`apps`, and `extensions` for the first three) and of a ReplicationController with the labels of its pod template (`matchLabels` and every `matchExpressions` operator), and reports a selector the template does not satisfy, an `apps` workload without a selector, and an empty one. Where Kubernetes fills a missing selector from the template (`extensions/v1beta1`, a ReplicationController) nothing is reported.

For `apps/v1` workloads and `v1` ReplicationControllers the API server rejects these, and PL179 `invalid-workload-selector` reports them as errors, on by default; this rule keeps the older API versions podlife still reads (`apps/v1beta1`, `apps/v1beta2`, `extensions/v1beta1`), which a current cluster no longer serves but manifests still carry.

Off by default, like every best-practice rule (PL4xx): enable it with `--select PL449` or the whole group.

## Why
The controller owns the pods its selector selects. The API server rejects a workload whose template does not match it (`selector does not match template labels`), so the mistake surfaces only at deploy time, often after a label was renamed in one place; an older API version that took it made a controller that creates pods forever without ever counting them.

## Example
```yaml
kind: Deployment
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: website}   # not selected
```

## How to fix
Make the template's labels satisfy the selector (the selector of an existing `apps` workload cannot change, so change the template's labels).

## Peer checks
kube-linter `mismatching-selector`; kube-score `deployment-pod-selector-labels-match-template-metadata-labels` and `statefulset-pod-selector-labels-match-template-metadata-labels`.

## Kubernetes reference
`pkg/apis/apps/validation/validation.go` (`ValidateDeploymentSpec`, `ValidateStatefulSetSpec`, …: the selector is required, not empty, and must match the template's labels); `pkg/apis/core/validation/validation.go` `ValidateReplicationControllerSpec`.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(selector) = &context.object.selector else {
        return;
    };
    // What the API server of today rejects is PL179's, an error on by default: an `apps/v1`
    // workload, a `v1` ReplicationController and a `batch/v1` Job.
    let api_version = context.object.api_version.as_str();
    if matches!(api_version, "apps/v1" | "v1" | "batch/v1") {
        return;
    }
    let object = describe_object(context);
    let apps = api_version.starts_with("apps/");
    let finding = match selector {
        WorkloadSelector::Missing if apps => RULE
            .finding(format!("{object} has no `spec.selector`"))
            .at(context.object_path("spec.selector"))
            .label("the API server requires a selector")
            .help("add `spec.selector.matchLabels` with labels of the pod template"),
        WorkloadSelector::Missing => return,
        WorkloadSelector::Written(selector) if selector.is_empty() => {
            if !apps {
                return;
            }
            RULE.finding(format!("{object} has an empty `spec.selector`"))
                .at(context.object_path("spec.selector"))
                .on_key()
                .label("selects every pod; the API server rejects it")
                .help("select the pod template's labels with `matchLabels`")
        }
        WorkloadSelector::Written(selector) => {
            let labels = context.pod.metadata.labels.clone().unwrap_or_default();
            let Some(unmet) = selector.first_unmet(&labels) else {
                return;
            };
            RULE.finding(format!(
                "the `spec.selector` of {object} does not select its own pod template: {unmet} is not met by its labels"
            ))
            .at(context.object_path("spec.selector"))
            .on_key()
            .label("does not select the template")
            .help("make the pod template's labels satisfy the selector")
            .note("the API server rejects it: `selector does not match template labels`")
        }
    };
    findings.push(finding);
}
