//! PL314 `never-ending-container-in-job`: a run-to-completion pod has an app container that never exits.

use crate::k8s::declared_durations::{container_argv, script_of};
use crate::k8s::model::Container;
use crate::finding::{Finding, Severity};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// a run-to-completion pod has an app container that never exits.
pub static RULE: Rule = Rule {
    id: "PL314",
    name: "never-ending-container-in-job",
    severity: Severity::Warning,
    summary: "a pod that runs to completion has a second app container that never exits",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports, in a pod whose `restartPolicy` is `Never` or `OnFailure` (Jobs, CronJobs, one-off pods) with several app containers, an app container whose command visibly runs forever: `while true`, `while :`, `sleep infinity`, `tail -f` without an `exit`, `break` or `timeout`.

## Why
A pod succeeds when *all* its app containers have exited (docs/semantics.md K1.8). A helper that loops forever next to the worker (the classic log shipper or proxy "sidecar" in `containers`) keeps the pod Running after the work is done: the Job never completes, holds its resources, and eventually hits its deadline and fails. Native sidecars fix exactly this: they are stopped once the app containers finish.

## Example
```yaml
kind: Job
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: worker
        image: example/report:2.0
      - name: log-shipper      # the Job never completes
        image: busybox:1.36
        command: [sh, -c, "tail -F /var/log/app.log"]
```

## How to fix
Make the helper a native sidecar: move it to `initContainers` and set `restartPolicy: Always` (Kubernetes 1.29+). Otherwise make it exit when the worker is done.

## Kubernetes reference
KEP-753 (sidecar containers, "Jobs with sidecars never complete"); `pkg/kubelet/kubelet_pods.go` `getPhase`; docs/semantics.md K1.8.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let containers = context.pod.containers();
    if context.pod.restart_policy() == "Always" || containers.len() < 2 {
        return;
    }
    for (index, container) in containers.iter().enumerate() {
        let Some(pattern) = runs_forever(container) else {
            continue;
        };
        findings.push(
            RULE.finding(format!(
                    "{} runs forever (`{pattern}`), so the pod never completes",
                    ContainerList::App.describe_container(container, index)
                ),
            )
            .at(context.container_path(ContainerList::App, index).child("name"))
            .label("keeps the pod Running after the work is done")
            .help("make it a native sidecar: move it to `initContainers` with `restartPolicy: Always`"),
        );
    }
}

/// The pattern that makes a container's command run forever, if one does.
fn runs_forever(container: &Container) -> Option<&'static str> {
    let argv = container_argv(container);
    if argv.is_empty() {
        return None;
    }
    let script = script_of(&argv);
    let words: Vec<&str> = script
        .split(|c: char| c.is_whitespace() || c == ';')
        .filter(|word| !word.is_empty())
        .collect();
    if words
        .iter()
        .any(|word| matches!(*word, "exit" | "break" | "timeout" | "return"))
    {
        return None;
    }
    for (&first, &second) in words.iter().zip(words.iter().skip(1)) {
        let found = match (first, second) {
            ("while", "true" | ":" | "sleep") => Some("while true"),
            ("sleep", "infinity" | "inf") => Some("sleep infinity"),
            ("tail", "-f" | "-F" | "--follow" | "-F0") => Some("tail -f"),
            _ => None,
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn container(command: &[&str]) -> Container {
        Container {
            command: Some(command.iter().map(std::string::ToString::to_string).collect()),
            ..Container::default()
        }
    }

    #[test]
    fn recognises_loops_that_never_end() {
        assert_eq!(
            runs_forever(&container(&["sleep", "infinity"])),
            Some("sleep infinity")
        );
        assert_eq!(
            runs_forever(&container(&["sh", "-c", "while true; do sleep 1; done"])),
            Some("while true")
        );
        assert_eq!(
            runs_forever(&container(&["tail", "-F", "/var/log/x"])),
            Some("tail -f")
        );
    }

    #[test]
    fn loops_with_an_exit_may_end() {
        assert_eq!(
            runs_forever(&container(&[
                "sh",
                "-c",
                "while true; do [ -f /done ] && exit 0; sleep 1; done"
            ])),
            None
        );
        assert_eq!(runs_forever(&container(&["python", "main.py"])), None);
    }
}
