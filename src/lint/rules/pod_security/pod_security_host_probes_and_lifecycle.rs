//! PL505 `pod-security-host-probes-and-lifecycle`: Pod Security check `hostProbesAndHostLifecycle` (baseline, from v1.34): a probe or lifecycle hook sends its request to another host.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::lint::rules::pod_security::helpers::check::{container_field, name_of, visited};
use crate::lint::rules::pod_security::helpers::wording::{Sorted, join_quote, pluralize};

/// A probe or lifecycle hook sends its request to another host.
pub static RULE: Rule = Rule {
    id: "PL505",
    name: "pod-security-host-probes-and-lifecycle",
    severity: Severity::Error,
    summary: "a probe or lifecycle hook sends its request to another host",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `hostProbesAndHostLifecycle` (level `baseline`, from policy v1.34): the `httpGet` and `tcpSocket` handlers of a container's liveness, readiness and startup probes and of its `postStart`/`preStop` hooks must not set `host`. Before v1.34 no level checks it.

## Why
The kubelet runs probes and hooks from the node: a handler with a `host` makes the kubelet connect to any address the node can reach, a way around network isolation.

## Example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
spec:
  containers:
  - name: app
    image: example/app:1.4
    readinessProbe:
      httpGet: {host: 10.0.0.1, path: /ready, port: 8080}
```

## How to fix
Remove `host`: the handler then targets the pod's own IP, which is what a probe should test.

## Versions
- v1.34: added to `baseline` (and so `restricted`).

## Same ground
None of the best-practice rules; PL108 and PL112 check the handlers' own validity.

## Kubernetes reference
Pod Security Standards, Baseline, "Probes / Lifecycle Hooks"; `policy/check_hostProbesAndhostLifecycle.go`.
"#,
};

/// The admission library's `hostProbesAndHostLifecycle` check, version by version.
pub static CHECK: Check = Check {
    id: "hostProbesAndHostLifecycle",
    level: Level::Baseline,
    versions: &[
        Variant { since: 34, check: v1_34, overrides: &[] },
    ],
    help: "remove `host` from the probe and lifecycle handlers (they then target the pod)",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

fn v1_34(context: &PodContext<'_>) -> Option<Violation> {
    let mut containers = Sorted::new();
    let mut hosts = Sorted::new();
    let mut places = Vec::new();
    for (list, index, container) in visited(context) {
        let lifecycle = container.lifecycle.as_deref();
        let handlers = [
            ("livenessProbe", container.liveness_probe.as_deref().map(|p| (&p.http_get, &p.tcp_socket))),
            ("readinessProbe", container.readiness_probe.as_deref().map(|p| (&p.http_get, &p.tcp_socket))),
            ("startupProbe", container.startup_probe.as_deref().map(|p| (&p.http_get, &p.tcp_socket))),
        ];
        let hooks = [
            ("postStart", lifecycle.and_then(|l| l.post_start.as_ref()).map(|h| (&h.http_get, &h.tcp_socket))),
            ("preStop", lifecycle.and_then(|l| l.pre_stop.as_ref()).map(|h| (&h.http_get, &h.tcp_socket))),
        ];
        let mut found = |path: Vec<&'static str>, host: Option<&String>| {
            if let Some(host) = host.filter(|host| !host.is_empty()) {
                containers.insert(name_of(container).to_string());
                hosts.insert(host.clone());
                places.push(container_field(context, list, index, &path));
            }
        };
        for (field, handler) in handlers {
            if let Some((http, tcp)) = handler {
                found(vec![field, "httpGet", "host"], http.as_ref().and_then(|a| a.host.as_ref()));
                found(vec![field, "tcpSocket", "host"], tcp.as_ref().and_then(|a| a.host.as_ref()));
            }
        }
        for (hook, handler) in hooks {
            if let Some((http, tcp)) = handler {
                found(vec!["lifecycle", hook, "httpGet", "host"], http.as_ref().and_then(|a| a.host.as_ref()));
                found(vec!["lifecycle", hook, "tcpSocket", "host"], tcp.as_ref().and_then(|a| a.host.as_ref()));
            }
        }
    }
    if containers.is_empty() {
        return None;
    }
    Violation::at_places(
        "probe or lifecycle host",
        format!(
            "{} {} {} {} {}",
            pluralize("container", "containers", containers.len()),
            join_quote(&containers),
            pluralize("uses", "use", containers.len()),
            pluralize("probe or lifecycle host", "probe or lifecycle hosts", hosts.len()),
            join_quote(&hosts)
        ),
        places,
    )
}
