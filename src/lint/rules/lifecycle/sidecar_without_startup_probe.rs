//! PL300 `sidecar-without-startup-probe`: a sidecar without a startup probe is followed by a regular init container.

use crate::finding::{Finding, Severity};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// a sidecar without a startup probe is followed by a regular init container.
pub static RULE: Rule = Rule {
    id: "PL300",
    name: "sidecar-without-startup-probe",
    severity: Severity::Warning,
    summary: "a sidecar has no `startupProbe`, so the next init container may start before it is ready",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a native sidecar (an init container with `restartPolicy: Always`) that has no `startupProbe` and is followed by a regular init container.

## Why
The kubelet starts the next init container as soon as a sidecar is *started*: running and, if it has a `startupProbe`, once that probe has succeeded (docs/semantics.md K1.3). Readiness is not waited for. Without a startup probe, an init container that needs the sidecar (a migration through a database proxy, a download through a mesh proxy) starts a few milliseconds after the sidecar's process, before it listens, and fails or retries with backoff.

## Example
```yaml
initContainers:
- name: cloud-sql-proxy
  image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.0
  restartPolicy: Always        # no startupProbe
- name: migrate                # may start before the proxy accepts connections
  image: example/migrate:1.4
```

## How to fix
Give the sidecar a `startupProbe` that succeeds once it serves (for example `tcpSocket` on its port, or its health endpoint). If nothing after it depends on it, move it after the regular init containers.

## Kubernetes reference
KEP-753 (sidecar containers); `pkg/kubelet/kuberuntime/kuberuntime_manager.go` `computePodActions` (the next init container starts once the sidecar is started); docs/semantics.md K1.3.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let init = context.pod.init_containers();
    for (index, sidecar) in init.iter().enumerate() {
        if !sidecar.is_sidecar() || sidecar.startup_probe.is_some() {
            continue;
        }
        let Some((next_index, next)) = init
            .iter()
            .enumerate()
            .skip(index + 1)
            .find(|(_, container)| !container.is_sidecar())
        else {
            continue;
        };
        let sidecar_name = ContainerList::Init.describe_container(sidecar, index);
        findings.push(
            RULE.finding(format!(
                    "sidecar {} has no `startupProbe`, so {} may start before it is ready",
                    sidecar_name.trim_start_matches("init container "),
                    ContainerList::Init.describe_container(next, next_index)
                ),
            )
            .at(context.container_path(ContainerList::Init, index).child("restartPolicy"))
            .on_key()
            .label("started as soon as its process runs")
            .help("add a `startupProbe` that succeeds once the sidecar serves; the next init container starts only after it succeeds")
            .note("the kubelet waits for a sidecar to be started, not ready, before the next init container (KEP-753)"),
        );
    }
}
