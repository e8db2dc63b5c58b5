//! PL448 `missing-priority-class`: a pod sets no priority class (best practice, a policy option).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::describe_object;
use crate::lint::rules::{Origin, PodContext, Rule};

/// a pod sets no priority class.
pub static RULE: Rule = Rule {
    id: "PL448",
    name: "missing-priority-class",
    severity: Severity::Warning,
    summary: "a pod sets no `priorityClassName`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a pod or pod template without `priorityClassName` (and without an explicit `priority`).

An option of the best-practice group: it suits clusters that give every workload a class, so it is off by default and not enabled by `--select best-practice`; name it (`--select PL448`) to run it.

## Why
Without a class a pod gets the cluster's global default priority (or 0). When the cluster is full, the scheduler preempts lower-priority pods to place higher ones, and the kubelet's node-pressure eviction ranks by priority after usage; a service that must survive contention needs a class that says so, and a batch job should say that it may yield.

## Example
```yaml
spec:
  containers: [...]      # no priorityClassName
```

## How to fix
Set `priorityClassName` to one of the cluster's PriorityClasses.

## Peer checks
Polaris `priorityClassNotSet`.

## Kubernetes reference
Kubernetes docs "Pod Priority and Preemption"; admission plugin `Priority` (resolves the class into `priority`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let spec = &context.pod.spec;
    if spec.priority_class_name.as_deref().is_some_and(|name| !name.is_empty())
        || spec.priority.is_some()
    {
        return;
    }
    findings.push(
        RULE.finding(format!("{} sets no `priorityClassName`", describe_object(context)))
            .at(context.pod_path("spec.priorityClassName"))
            .label("runs at the cluster's default priority")
            .help("set `priorityClassName` to one of the cluster's PriorityClasses"),
    );
}
