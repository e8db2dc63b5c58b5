//! PL446 `no-topology-spread`: a replicated workload has no topology spread constraints (best practice).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::{describe_object, has_topology_spread, replicated};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a replicated workload has no topology spread constraints.
pub static RULE: Rule = Rule {
    id: "PL446",
    name: "no-topology-spread",
    severity: Severity::Warning,
    summary: "a workload with more than one replica has no `topologySpreadConstraints`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a workload whose `spec.replicas` is above 1 when its pod template has no `topologySpreadConstraints`, whatever its anti-affinity (PL445 accepts either; this stricter rule asks for spread, which also balances replicas across zones). Pods a Job runs and workloads without `replicas` are not judged. When the template has no anti-affinity either and PL445 runs, PL445's finding is the one finding for the workload (unless this rule is configured at a higher severity: then this one stands alone).

Off by default, like every best-practice rule (PL4xx): enable it with `--select PL446` or the whole group.

## Why
Anti-affinity says "not together" but not "evenly": with three zones and six replicas, anti-affinity over hosts can still put five replicas in one zone. A spread constraint over `topology.kubernetes.io/zone` keeps the skew bounded, so losing a zone loses a known share of the replicas.

## Example
```yaml
kind: Deployment
spec:
  replicas: 6
  template:
    spec:
      affinity:
        podAntiAffinity: {...}   # apart, but not balanced across zones
```

## How to fix
Add `topologySpreadConstraints` with `maxSkew: 1` over `topology.kubernetes.io/zone` (and `kubernetes.io/hostname`), selecting the template's labels.

## Peer checks
Polaris `topologySpreadConstraint`.

## Kubernetes reference
Kubernetes docs "Pod Topology Spread Constraints".
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(replicas) = replicated(context) else {
        return;
    };
    if has_topology_spread(context.pod) {
        return;
    }
    findings.push(
        RULE.finding(format!(
            "{} runs {replicas} replicas with no `topologySpreadConstraints`",
            describe_object(context)
        ))
        .at(context.pod_path("spec.topologySpreadConstraints"))
        .label("replicas are not balanced across zones or nodes")
        .help("add `topologySpreadConstraints` with `maxSkew: 1` over `topology.kubernetes.io/zone` selecting the template's labels"),
    );
}
