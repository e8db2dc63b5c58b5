//! PL305 `liveness-probe-kills-slow-start`: a liveness probe gives up before the container is declared to be ready.

use crate::k8s::declared_durations::ProbeTiming;
use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a liveness probe gives up before the container is declared to be ready.
pub static RULE: Rule = Rule {
    id: "PL305",
    name: "liveness-probe-kills-slow-start",
    severity: Severity::Warning,
    summary: "a liveness probe without startup protection kills a slow-starting container",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports an app container or sidecar whose `livenessProbe` has no `initialDelaySeconds` and no `startupProbe` to hold it back, while its `readinessProbe` waits longer (`initialDelaySeconds`) than the liveness probe takes to reach its failure threshold.

## Why
A readiness delay says the container is slow to start: it is not worth asking before that many seconds. The liveness probe, though, runs from the start and kills the container after `failureThreshold` failures, one per `periodSeconds` (docs/semantics.md K3.2, K3.4): by default after about 20 s. A container that needs longer to start is killed before it can answer, restarted, killed again, and ends in `CrashLoopBackOff`.

## Example
```yaml
containers:
- name: app
  image: example/jvm-app:3.2
  readinessProbe:
    httpGet: {path: /ready, port: 8080}
    initialDelaySeconds: 60      # slow to start
  livenessProbe:
    httpGet: {path: /healthz, port: 8080}   # fails at 0, 10, 20 s: killed at 20 s
```

## How to fix
Add a `startupProbe` (liveness and readiness wait until it succeeds; give it `failureThreshold` × `periodSeconds` longer than the slowest start), or give the liveness probe an `initialDelaySeconds` beyond the start time.

## Kubernetes reference
`pkg/kubelet/prober/worker.go`; Kubernetes docs "Configure Liveness, Readiness and Startup Probes" (protect slow-starting containers with startup probes); docs/semantics.md K3.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.running_containers() {
        let (Some(liveness), Some(readiness)) =
            (&container.liveness_probe, &container.readiness_probe)
        else {
            continue;
        };
        if container.startup_probe.is_some() || liveness.initial_delay_seconds.unwrap_or(0) > 0 {
            continue;
        }
        let kill = ProbeTiming::of(liveness).fails_after();
        let ready = ProbeTiming::of(readiness).initial_delay;
        if ready <= kill {
            continue;
        }
        findings.push(
            RULE.finding(format!(
                    "the `livenessProbe` of {} kills it after about {kill} s, before its `readinessProbe` even starts at {ready} s",
                    list.describe_container(container, index)
                ),
            )
            .at(context.container_path(list, index).child("livenessProbe"))
            .on_key()
            .label("no `initialDelaySeconds` and no `startupProbe`")
            .help(format!(
                "add a `startupProbe` that allows more than {ready} s to start, or set the liveness probe's `initialDelaySeconds` above {ready}"
            )),
        );
    }
}
