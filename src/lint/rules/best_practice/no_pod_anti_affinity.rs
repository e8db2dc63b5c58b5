//! PL445 `no-pod-anti-affinity`: a replicated workload neither anti-affines nor spreads its pods (best practice).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::{
    describe_object, has_pod_anti_affinity, has_topology_spread, replicated,
};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a replicated workload neither anti-affines nor spreads its pods.
pub static RULE: Rule = Rule {
    id: "PL445",
    name: "no-pod-anti-affinity",
    severity: Severity::Warning,
    summary: "a workload with more than one replica has neither pod anti-affinity nor topology spread constraints",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a workload whose `spec.replicas` is above 1 (a Deployment, StatefulSet, ReplicaSet, or a custom resource with `replicas`) when its pod template has no `podAntiAffinity` term (required or preferred) and no `topologySpreadConstraints`: either one keeps replicas apart, so either satisfies this rule. Pods a Job runs are not judged (they are not replicas of a service), nor workloads without `replicas` (DaemonSets, or an autoscaler's).

Off by default, like every best-practice rule (PL4xx): enable it with `--select PL445` or the whole group.

## Why
Replicas exist so that losing one node does not take the service down. Nothing in the pod then asks the scheduler to keep them apart: the default scheduler's built-in spreading is only a preference among others, so after a drain or on a small cluster all replicas may end up on one node and fail together.

## Example
```yaml
kind: Deployment
spec:
  replicas: 3
  template:
    spec:
      containers: [...]   # no podAntiAffinity, no topologySpreadConstraints
```

## How to fix
Add a `topologySpreadConstraints` entry over `kubernetes.io/hostname` (and zone), or a preferred `podAntiAffinity` term with the template's labels and `topologyKey: kubernetes.io/hostname`.

## Peer checks
kube-linter `no-anti-affinity`, kube-score `deployment-has-host-podantiaffinity` and `statefulset-has-host-podantiaffinity`. Unlike them, podlife accepts topology spread as an answer.

## Kubernetes reference
Kubernetes docs "Assigning Pods to Nodes" (inter-pod affinity and anti-affinity) and "Pod Topology Spread Constraints" (cluster-level default constraints).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(replicas) = replicated(context) else {
        return;
    };
    if has_pod_anti_affinity(context.pod) || has_topology_spread(context.pod) {
        return;
    }
    findings.push(
        RULE.finding(format!(
            "{} runs {replicas} replicas with no pod anti-affinity or topology spread",
            describe_object(context)
        ))
        .at(context.pod_path("spec.affinity"))
        .label("replicas may share one node")
        .help("add `topologySpreadConstraints` over `kubernetes.io/hostname`, or a preferred `podAntiAffinity` term on the template's labels"),
    );
}
