//! PL303 `active-deadline-with-restart-always`: a Pod with `restartPolicy: Always` has an `activeDeadlineSeconds`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a Pod with `restartPolicy: Always` has an `activeDeadlineSeconds`.
pub static RULE: Rule = Rule {
    id: "PL303",
    name: "active-deadline-with-restart-always",
    severity: Severity::Warning,
    summary: "`activeDeadlineSeconds` on a Pod whose `restartPolicy` is `Always`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a Pod (a bare `kind: Pod`) with `spec.activeDeadlineSeconds` and `restartPolicy: Always` (the default).

## Why
`restartPolicy: Always` says the pod runs indefinitely: its containers restart whenever they exit. `activeDeadlineSeconds` says the opposite: after that many seconds from the pod's start the kubelet kills it and the pod fails with reason `DeadlineExceeded`, however healthy it is (docs/semantics.md K4.6). One of the two is a mistake: either the workload should finish (`Never`/`OnFailure`, or a Job), or it should not have a deadline. (Controllers' pod templates are not reported here: the API server already rejects `activeDeadlineSeconds` in Deployment, ReplicaSet and similar templates.)

## Example
```yaml
kind: Pod
spec:
  activeDeadlineSeconds: 3600     # killed after an hour
  containers:
  - name: web                     # restartPolicy defaults to Always
    image: nginx:1.27
```

## How to fix
For a task, set `restartPolicy: OnFailure` or `Never` (or run it as a Job with its own `activeDeadlineSeconds`); for a service, remove `activeDeadlineSeconds`.

## Kubernetes reference
`pkg/kubelet/active_deadline.go`; `pkg/kubelet/kubelet_pods.go` (`DeadlineExceeded`); docs/semantics.md K4.6.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(deadline) = context.pod.spec.active_deadline_seconds else {
        return;
    };
    if context.object.kind != "Pod" || context.pod.restart_policy() != "Always" {
        return;
    }
    findings.push(
        RULE.finding(format!(
                "pod restarts its containers forever (`restartPolicy: Always`) but fails after `activeDeadlineSeconds: {deadline}`"
            ),
        )
        .at(context.pod_path("spec.activeDeadlineSeconds"))
        .on_key()
        .label("the pod fails with `DeadlineExceeded` after this")
        .help("for a task, set `restartPolicy: OnFailure` or `Never`; for a service, remove `activeDeadlineSeconds`"),
    );
}
