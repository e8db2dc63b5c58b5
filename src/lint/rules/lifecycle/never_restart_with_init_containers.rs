//! PL310 `never-restart-with-init-containers`: a bare Pod with `restartPolicy: Never` has init containers.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// a bare Pod with `restartPolicy: Never` has init containers.
pub static RULE: Rule = Rule {
    id: "PL310",
    name: "never-restart-with-init-containers",
    severity: Severity::Warning,
    summary: "a Pod with `restartPolicy: Never` fails for good when one init container fails",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a bare Pod (`kind: Pod`) with `restartPolicy: Never` that has regular init containers.

## Why
Init containers are where transient failures happen: waiting for a service, downloading, registering. Under `Never` the first failure of any init container fails the whole pod (phase `Failed`, app containers never start) with no retry (docs/semantics.md K1.5); under `OnFailure` or `Always` the kubelet retries the init container with backoff. A bare Pod has no controller to replace it. (Pods of Jobs are not reported: the Job creates a new pod, up to its `backoffLimit`.)

## Example
```yaml
kind: Pod
spec:
  restartPolicy: Never
  initContainers:
  - name: wait-for-db          # one DNS hiccup fails the pod
    image: busybox:1.36
    command: [sh, -c, "nslookup db"]
```

## How to fix
Use `restartPolicy: OnFailure` so init containers are retried, or run the pod from a Job that replaces failed pods. Keep `Never` only when one attempt is really wanted.

## Kubernetes reference
`pkg/kubelet/kuberuntime/kuberuntime_manager.go` `computePodActions` (init failure under `RestartPolicyNever` kills the pod); the 2016 init-containers proposal (docs/semantics.md P5) ("RestartPolicyNever pods will immediately fail and exit"); docs/semantics.md K1.5.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if context.object.kind != "Pod" || context.pod.restart_policy() != "Never" {
        return;
    }
    let regular: Vec<String> = context
        .pod
        .init_containers()
        .iter()
        .enumerate()
        .filter(|(_, container)| !container.is_sidecar())
        .map(|(index, container)| ContainerList::Init.describe_container(container, index))
        .collect();
    if regular.is_empty() {
        return;
    }
    findings.push(
        RULE.finding(format!(
                "with `restartPolicy: Never`, one failure of {} fails the pod for good",
                regular.join(" or ")
            ),
        )
        .at(context.pod_path("spec.restartPolicy"))
        .label("init containers are not retried")
        .help("use `restartPolicy: OnFailure` to retry failed init containers, or run the pod from a Job"),
    );
}
