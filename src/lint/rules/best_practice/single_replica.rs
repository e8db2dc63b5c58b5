//! PL451 `single-replica`: a workload runs one replica (best practice).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::describe_object;
use crate::lint::rules::{Origin, PodContext, Rule};

/// a workload runs one replica.
pub static RULE: Rule = Rule {
    id: "PL451",
    name: "single-replica",
    severity: Severity::Warning,
    summary: "a workload sets `replicas: 1`, so any disruption takes it down",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a workload whose `spec.replicas` is written as 1 (a Deployment, StatefulSet, ReplicaSet, or a custom resource with `replicas`). A workload without `replicas` is not judged: an autoscaler may own the count. Pods a Job runs are not judged.

Off by default, like every best-practice rule (PL4xx): enable it with `--select PL451` or the whole group.

## Why
With one replica, every node drain, eviction, rollout with `maxUnavailable` and crash is an outage, and no PodDisruptionBudget can protect it without blocking the drain. Two replicas (with anti-affinity, PL445) survive the loss of one node.

## Example
```yaml
kind: Deployment
spec:
  replicas: 1
```

## How to fix
Run at least two replicas (three where a quorum or a rolling update must keep two serving), or leave `replicas` to an autoscaler with `minReplicas` of 2 or more.

## Peer checks
Polaris `deploymentMissingReplicas`; kube-linter `minimum-three-replicas` (opt-in; podlife asks for more than one).

## Kubernetes reference
Kubernetes docs "Disruptions" and "Deployments" (replicas, rolling update).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if context.object.runs_as_job || context.object.scale.replicas != Some(1) {
        return;
    }
    findings.push(
        RULE.finding(format!("{} runs a single replica", describe_object(context)))
            .at(context.object_path("spec.replicas"))
            .label("any disruption is an outage")
            .help("run at least two replicas, or leave `replicas` to an autoscaler with `minReplicas` of 2 or more"),
    );
}
