//! PL141 `host-network-port-mismatch`: with `hostNetwork: true`, a container's `hostPort`
//! differs from its `containerPort`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// with `hostNetwork: true`, a `hostPort` differs from its `containerPort`.
pub static RULE: Rule = Rule {
    id: "PL141",
    name: "host-network-port-mismatch",
    severity: Severity::Error,
    summary: "with `hostNetwork: true`, a `hostPort` differs from its `containerPort`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a port of an app container whose `hostPort` is not its `containerPort` in a pod with `hostNetwork: true`. The API server fills an unset `hostPort` in from `containerPort` (so only an explicit, different value is reported; without defaulting, an unset host port in a Pod is reported too, as the unit tests see it; a template's unset host port is accepted).

## Why
On the host's network there is no port mapping: the process listens on the host port itself. The API server rejects the pod (`spec.containers[0].ports[0].hostPort: Invalid value: 8080: must match `containerPort` when `hostNetwork` is true`).

## Example
```yaml
hostNetwork: true
containers:
- name: web
  image: nginx:1.27
  ports:
  - {containerPort: 80, hostPort: 8080}
```

## How to fix
Make the process listen on the port you want on the host and use it for both, or leave `hostPort` out.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validatePodHostNetworkDeps` (`FieldValueInvalid`); defaulting in `pkg/apis/core/v1/defaults.go` `defaultHostNetworkPorts`. Init containers are not checked.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if context.pod.spec.host_network != Some(true) {
        return;
    }
    let is_pod = context.object.kind == "Pod";
    for (index, container) in context.pod.containers().iter().enumerate() {
        let who = Who::new(ContainerList::App, container, index);
        for (port_index, port) in container.ports.iter().flatten().enumerate() {
            let host = port.host_port.unwrap_or(0);
            let inside = port.container_port.unwrap_or(0);
            if (is_pod || host != 0) && host != inside {
                let at = context
                    .container_path(ContainerList::App, index)
                    .child("ports")
                    .index(port_index);
                let mut problem = Problem::new(
                    at.child("hostPort"),
                    k8s_type::INVALID,
                    Some(host.to_string()),
                    format!("{who} maps container port {inside} to host port {host} on the host's network"),
                    "must match `containerPort` when `hostNetwork` is true",
                    format!("use {inside} for both, or remove `hostPort`"),
                );
                if port.host_port.is_none() {
                    problem = problem.pointing_at(at.child("containerPort"));
                }
                findings.push(problem.into_finding(&RULE));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(kind: &str, ports: &str) -> String {
        let spec = format!("  hostNetwork: true\n  containers:\n  - name: c\n    image: image\n    ports: {ports}\n");
        if kind == "Pod" {
            format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n{spec}")
        } else {
            let indented = spec.lines().fold(String::new(), |mut text, line| {
                text.push_str("      ");
                text.push_str(line);
                text.push('\n');
                text
            });
            format!("apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: d}}\nspec:\n  selector: {{matchLabels: {{a: b}}}}\n  template:\n    metadata: {{labels: {{a: b}}}}\n    spec:\n{indented}")
        }
    }

    // TestValidatePodSpec "with hostNetwork hostPort not equal to containerPort" / "… unspecified".
    #[test]
    fn k7_validate_pod_host_network_deps() {
        let mismatch = pod("Pod", "[{containerPort: 2600, hostPort: 8080, protocol: TCP}]");
        assert_eq!(k8s_errors(&RULE, &mismatch, false), [("spec.containers[0].ports[0].hostPort".to_string(), "FieldValueInvalid")]);
        let unset = pod("Pod", "[{containerPort: 2600, protocol: TCP}]");
        assert_eq!(k8s_errors(&RULE, &unset, true).len(), 1, "unit-test view: hostPort 0");
        assert!(k8s_errors(&RULE, &unset, false).is_empty(), "defaulted to 2600");
        let same = pod("Pod", "[{containerPort: 8080, hostPort: 8080, protocol: TCP}]");
        assert!(k8s_errors(&RULE, &same, true).is_empty());
        let template = pod("Deployment", "[{containerPort: 2600, protocol: TCP}]");
        assert!(k8s_errors(&RULE, &template, true).is_empty(), "templates accept hostPort 0");
    }
}
