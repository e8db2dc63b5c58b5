//! PL312 `probe-port-not-declared`: a probe or hook uses a named port the container does not declare.

use crate::k8s::model::{Container, HttpGetAction, IntOrString, TcpSocketAction};
use crate::finding::{Finding, Severity};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a probe or hook uses a named port the container does not declare.
pub static RULE: Rule = Rule {
    id: "PL312",
    name: "probe-port-not-declared",
    severity: Severity::Error,
    summary: "a probe or lifecycle hook uses a named port the container does not declare",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports an `httpGet` or `tcpSocket` port given by name (`port: http`) in a liveness, readiness or startup probe or a `postStart`/`preStop` hook, when the container has no entry in `ports` with that name.

## Why
The kubelet resolves a named port among the *same container's* `ports` when it runs the probe or hook. The API server checks only that the name is well-formed, so a missing or misspelled name is accepted, and then every probe fails: a liveness probe restarts the container forever (`CrashLoopBackOff`), a readiness probe keeps it out of service, a startup probe kills it; a hook fails (`FailedPostStartHook`, `FailedPreStopHook`). The error is severity `error`: the probe cannot work.

## Example
```yaml
containers:
- name: web
  image: nginx:1.27
  ports:
  - name: web-http
    containerPort: 80
  readinessProbe:
    httpGet: {path: /, port: http}   # no port named `http`
```

## How to fix
Use the name declared under `ports` (or add `name:` to the port), or give the port number.

## Kubernetes reference
`pkg/kubelet/prober/prober.go` and `pkg/kubelet/lifecycle/handlers.go` (`findPortByName` / `resolvePort`: "couldn't find port"); `pkg/apis/core/validation/validation.go` `ValidatePortNumOrName` checks only the form.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        let base = context.container_path(list, index);
        let mut handlers: Vec<(
            FieldPath,
            &str,
            Option<&HttpGetAction>,
            Option<&TcpSocketAction>,
        )> = Vec::new();
        for (field, probe) in [
            ("livenessProbe", &container.liveness_probe),
            ("readinessProbe", &container.readiness_probe),
            ("startupProbe", &container.startup_probe),
        ] {
            if let Some(probe) = probe {
                handlers.push((
                    base.child(field),
                    field,
                    probe.http_get.as_ref(),
                    probe.tcp_socket.as_ref(),
                ));
            }
        }
        if let Some(lifecycle) = &container.lifecycle {
            for (field, handler) in [
                ("postStart", &lifecycle.post_start),
                ("preStop", &lifecycle.pre_stop),
            ] {
                if let Some(handler) = handler {
                    handlers.push((
                        base.child("lifecycle").child(field),
                        field,
                        handler.http_get.as_ref(),
                        handler.tcp_socket.as_ref(),
                    ));
                }
            }
        }
        for (path, field, http_get, tcp_socket) in handlers {
            let ports = [
                ("httpGet", http_get.and_then(|action| action.port.as_ref())),
                (
                    "tcpSocket",
                    tcp_socket.and_then(|action| action.port.as_ref()),
                ),
            ];
            for (action, port) in ports {
                let Some(IntOrString::Str(name)) = port else {
                    continue;
                };
                if name.is_empty()
                    || name.chars().all(|c| c.is_ascii_digit())
                    || declares(container, name)
                {
                    continue;
                }
                findings.push(
                    missing_port(list, index, container, field, name)
                        .at(path.child(action).child("port")),
                );
            }
        }
    }
}

fn declares(container: &Container, name: &str) -> bool {
    container
        .ports
        .iter()
        .flatten()
        .any(|port| port.name.as_deref() == Some(name))
}

fn missing_port(
    list: ContainerList,
    index: usize,
    container: &Container,
    field: &str,
    name: &str,
) -> Finding {
    let declared: Vec<&str> = container
        .ports
        .iter()
        .flatten()
        .filter_map(|port| port.name.as_deref())
        .collect();
    let help = match crate::text::closest(name, &declared) {
        Some(close) => format!("did you mean `{close}`?"),
        None if declared.is_empty() => {
            format!("declare the port under `ports:` with `name: {name}`, or use the port number")
        }
        None => format!(
            "use one of the declared names (`{}`), or the port number",
            declared.join("`, `")
        ),
    };
    RULE.finding(format!(
        "`{field}` of {} uses port `{name}`, which the container does not declare",
        list.describe_container(container, index)
    ))
    .label("no port with this name")
    .help(help)
    .note("the kubelet resolves named ports among the container's own `ports`; every attempt fails")
}
