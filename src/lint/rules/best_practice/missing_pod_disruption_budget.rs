//! PL447 `missing-pod-disruption-budget`: no PodDisruptionBudget of the run selects a replicated workload's pods (best practice, a policy option).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::{describe_object, replicated};
use crate::lint::rules::best_practice::helpers::disruption_budgets::{IgnoredBudget, KIND};
use crate::lint::rules::{Origin, PodContext, Rule};

/// no PodDisruptionBudget of the run selects a replicated workload's pods.
pub static RULE: Rule = Rule {
    id: "PL447",
    name: "missing-pod-disruption-budget",
    severity: Severity::Warning,
    summary: "no PodDisruptionBudget among the inputs selects the pods of a workload with more than one replica",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a Deployment, StatefulSet, ReplicaSet or ReplicationController whose `spec.replicas` is above 1 when no PodDisruptionBudget among the inputs of the same run (every file, directory and standard input given to `validate`, before or after the workload) selects its pod template's labels: the budget's `matchLabels` and every `matchExpressions` requirement (`In`, `NotIn`, `Exists`, `DoesNotExist`) hold, and the two may be in the same namespace.

An object without `metadata.namespace` goes to the namespace it is applied to, which the manifest does not say, so podlife takes it to share any namespace: a budget without one covers a workload in any namespace, and a workload without one is covered by a budget in any namespace; two written namespaces must be equal. A `policy/v1` budget with an empty selector (`selector: {}`) selects every pod of its namespace; in `policy/v1beta1` it selects none. A budget that selects no pod (no `spec.selector`, or one the API server rejects: an unknown operator, `In` without values, a value of the wrong type) is not counted, and the finding's note names it with the reason; podlife reports nothing else about budgets.

Not judged: workloads without `spec.replicas` or with one replica (a budget that keeps the only pod blocks every drain; an autoscaler's replicas are not in the manifest), DaemonSets (a drain leaves their pods alone), Jobs and CronJobs (their pods run to completion), bare Pods (no controller replaces an evicted one) and custom resources.

An option of the best-practice group: off by default and not enabled by `--select best-practice`; name it (`--extend-select PL447`) to run it. The language server checks one file at a time, so there only the budgets of that file count.

## Why
A node drain (a cluster upgrade, the autoscaler removing a node, maintenance) evicts pods through the eviction API, which holds an eviction back only when a PodDisruptionBudget says that too few of the pods it selects would stay available. Without one, a drain may evict every replica at once, or all those on the drained nodes, and the service goes down although it runs several replicas.

## Example
```yaml
kind: Deployment
metadata: {name: web}
spec:
  replicas: 3
  template:
    metadata:
      labels: {app: web}     # no PodDisruptionBudget selects `app: web`
```

## How to fix
Add a PodDisruptionBudget in the workload's namespace that selects the template's labels:

```yaml
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web}
spec:
  maxUnavailable: 1
  selector:
    matchLabels: {app: web}
```

Check it with the workload (`podlife validate --extend-select PL447 deploy/`): a budget counts only when it is among the inputs.

## Peer checks
kube-score `deployment-has-poddisruptionbudget` and `statefulset-has-poddisruptionbudget`; Polaris `missingPodDisruptionBudget`. Unlike kube-score, podlife skips a workload without `spec.replicas` and does not take a missing namespace to differ from a written one; unlike Polaris, it accepts any budget that selects the pods, whatever its name and selector form.

## Kubernetes reference
Kubernetes docs "Specifying a Disruption Budget for your Application" and "Disruptions"; `pkg/controller/disruption` (which pods a budget selects: its namespace and `LabelSelectorAsSelector`), `pkg/registry/core/pod/storage/eviction.go` (the eviction API checks the budgets).
"#,
};

/// How many budgets that select no pod a note names before it counts the rest.
const NAMED_IGNORED: usize = 3;

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(budgets) = context.disruption_budgets else {
        return;
    };
    let object = context.object;
    let group = object
        .api_version
        .rsplit_once('/')
        .map_or("", |(group, _)| group);
    let replicated_kind = matches!(
        (group, object.kind.as_str()),
        ("apps" | "extensions", "Deployment" | "ReplicaSet")
            | ("apps", "StatefulSet")
            | ("", "ReplicationController")
    );
    if !replicated_kind {
        return;
    }
    let Some(replicas) = replicated(context) else {
        return;
    };
    let namespace = object.namespace.as_deref().filter(|ns| !ns.is_empty());
    let labels = context.pod.metadata.labels.clone().unwrap_or_default();
    if budgets.covers(namespace, &labels) {
        return;
    }
    let within = match namespace {
        Some(namespace) => format!("in namespace `{namespace}`"),
        None => "in its namespace".to_string(),
    };
    let ignored: Vec<&IgnoredBudget> = budgets.ignored_in(namespace).collect();
    let mut note = match budgets.len() {
        0 => format!("no {KIND} that selects pods was found among the inputs"),
        1 => format!("the one {KIND} among the inputs does not select these labels {within}"),
        read => format!("none of the {read} {KIND}s among the inputs selects these labels {within}"),
    };
    note.push_str("; a node drain may evict every replica at once");
    for budget in ignored.iter().take(NAMED_IGNORED) {
        note.push_str("; ");
        note.push_str(&budget.describe());
    }
    if ignored.len() > NAMED_IGNORED {
        note.push_str(&format!(
            "; and {} more that select no pod",
            ignored.len() - NAMED_IGNORED
        ));
    }
    findings.push(
        RULE.finding(format!(
            "{} runs {replicas} replicas and no {KIND} selects its pods",
            describe_object(context)
        ))
        .at(context.pod_path("metadata.labels"))
        .on_key()
        .label(format!("no {KIND} selects these labels"))
        .help(format!(
            "add a {KIND} {within} whose `spec.selector` selects these labels (e.g. `maxUnavailable: 1`), and check it with the workload"
        ))
        .note(note),
    );
}
