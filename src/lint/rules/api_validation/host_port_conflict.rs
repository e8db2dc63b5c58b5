//! PL115 `host-port-conflict`: two ports claim the same host port and protocol.

use std::collections::HashMap;

use crate::k8s::model::Container;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, as_written, k8s_type};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// two ports claim the same host port and protocol.
pub static RULE: Rule = Rule {
    id: "PL115",
    name: "host-port-conflict",
    severity: Severity::Error,
    summary: "two ports claim the same host port and protocol",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a port whose `hostPort` (with its `protocol` and `hostIP`) is already claimed. App containers are checked together, since they all run at once; each init container (and each defer container) is checked on its own, since they run one at a time. With `hostNetwork: true`, the API server sets every unset `hostPort` to the `containerPort`, so two containers listening on the same port clash too.

## Why
The API server rejects the pod (`spec.containers[1].ports[0].hostPort: Duplicate value: "TCP//8080"`): one node port can be bound once.

## Example
```yaml
hostNetwork: true
containers:
- name: web
  ports: [{containerPort: 8080}]
- name: admin
  ports: [{containerPort: 8080}]    # the same node port
```

## How to fix
Use different host ports (or, under `hostNetwork`, different container ports), or different protocols; drop `hostPort` if no node port is needed.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `checkHostPortConflicts`, `AccumulateUniqueHostPorts` (`FieldValueDuplicate`); host ports from container ports under `hostNetwork`: `pkg/apis/core/v1/defaults.go` `defaultHostNetworkPorts`. Kubernetes reports every init container's conflict at index 0 (`initContainers[0].ports[…]`); podlife names the real container.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    // App containers share one set; every init and defer container has its own.
    let mut claimed = HashMap::new();
    for (index, container) in context.pod.containers().iter().enumerate() {
        conflicts(
            context,
            ContainerList::App,
            index,
            container,
            &mut claimed,
            findings,
        );
    }
    for (list, containers) in [
        (ContainerList::Init, context.pod.init_containers()),
        (ContainerList::Defer, context.pod.defer_containers()),
    ] {
        for (index, container) in containers.iter().enumerate() {
            conflicts(
                context,
                list,
                index,
                container,
                &mut HashMap::new(),
                findings,
            );
        }
    }
}

fn conflicts(
    context: &PodContext<'_>,
    list: ContainerList,
    index: usize,
    container: &Container,
    claimed: &mut HashMap<String, String>,
    findings: &mut Vec<Finding>,
) {
    let written = as_written(context, list, index);
    let who = Who::new(list, container, index);
    for (port_index, port) in container.ports.iter().flatten().enumerate() {
        let Some(host_port) = port.host_port.filter(|p| *p != 0) else {
            continue;
        };
        let key = format!(
            "{}/{}/{host_port}",
            port.protocol.as_deref().unwrap_or(""),
            port.host_ip.as_deref().unwrap_or("")
        );
        let port_path = context
            .container_path(list, index)
            .child("ports")
            .index(port_index);
        let from_container_port = written
            .and_then(|c| c.ports.as_ref())
            .and_then(|ports| ports.get(port_index))
            .is_some_and(|p| p.host_port.is_none_or(|h| h == 0));
        let owner = format!("port #{} of {who}", port_index + 1);
        let Some(first) = claimed.get(&key) else {
            claimed.insert(key, owner);
            continue;
        };
        let mut problem = Problem::new(
            port_path.child("hostPort"),
            k8s_type::DUPLICATE,
            Some(key.clone()),
            format!("host port `{key}` of {who} is already claimed by {first}"),
            if from_container_port {
                format!(
                    "with `hostNetwork: true` this port binds host port {host_port}, like {first}"
                )
            } else {
                format!("also claimed by {first}")
            },
            "use another host port or protocol, or remove one `hostPort`",
        );
        if from_container_port {
            problem = problem.pointing_at(port_path.child("containerPort"));
        }
        findings.push(problem.into_finding(&RULE));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{findings, k8s_errors};

    fn pod(spec: &str) -> String {
        format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n{spec}")
    }

    // TestValidateContainers "host port not unique"; success case "same-host-port-different-protocol".
    #[test]
    fn k7_4_app_host_ports_clash_across_containers() {
        let text = pod(
            "  containers:\n  - name: abc\n    image: image\n    ports: [{containerPort: 80, hostPort: 80, protocol: TCP}]\n  - name: def\n    image: image\n    ports: [{containerPort: 81, hostPort: 80, protocol: TCP}]\n",
        );
        assert_eq!(
            k8s_errors(&RULE, &text, true),
            [(
                "spec.containers[1].ports[0].hostPort".to_string(),
                "FieldValueDuplicate"
            )]
        );
        let text = pod(
            "  containers:\n  - name: abc\n    image: image\n    ports:\n    - {containerPort: 80, hostPort: 80, protocol: TCP}\n    - {containerPort: 80, hostPort: 80, protocol: UDP}\n",
        );
        assert!(k8s_errors(&RULE, &text, true).is_empty());
    }

    // TestValidateInitContainers "duplicate ports" (bad value "TCP//8080") and its success case:
    // two init containers may use the same host port.
    #[test]
    fn k7_4_init_containers_checked_one_by_one() {
        let text = pod(
            "  initContainers:\n  - name: abc\n    image: image\n    ports:\n    - {containerPort: 8080, hostPort: 8080, protocol: TCP}\n    - {containerPort: 8080, hostPort: 8080, protocol: TCP}\n  containers:\n  - {name: app, image: nginx}\n",
        );
        let found = findings(&RULE, &text, true);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].path.as_ref().map(ToString::to_string).as_deref(),
            Some("spec.initContainers[0].ports[1].hostPort")
        );
        assert_eq!(found[0].bad_value(), Some("TCP//8080"));
        let text = pod(
            "  initContainers:\n  - name: one\n    image: image\n    ports:\n    - {containerPort: 80, hostPort: 80, protocol: TCP}\n    - {containerPort: 80, hostPort: 80, protocol: UDP}\n  - name: two\n    image: image\n    ports:\n    - {containerPort: 80, hostPort: 80, protocol: TCP}\n    - {containerPort: 80, hostPort: 80, protocol: UDP}\n  containers:\n  - {name: app, image: nginx}\n",
        );
        assert!(k8s_errors(&RULE, &text, true).is_empty());
    }

    #[test]
    fn host_network_defaults_host_ports() {
        let text = pod(
            "  hostNetwork: true\n  containers:\n  - name: web\n    image: image\n    ports: [{containerPort: 8080}]\n  - name: admin\n    image: image\n    ports: [{containerPort: 8080}]\n",
        );
        let found = findings(&RULE, &text, false);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].bad_value(), Some("TCP//8080"));
        // The span points at the containerPort the user wrote, on the second container.
        assert_eq!(found[0].span.map(|s| s.start.line), Some(12));
        assert!(k8s_errors(&RULE, &text, true).is_empty());
    }

    /// A workload's template is stored without host ports defaulted (`SetDefaults_Pod`
    /// fills them in, on Pods only): the template is accepted, as the API server accepts it.
    #[test]
    fn a_templates_host_ports_are_not_defaulted() {
        let text = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  selector: {matchLabels: {app: a}}\n  template:\n    metadata: {labels: {app: a}}\n    spec:\n      hostNetwork: true\n      containers:\n      - name: web\n        image: image\n        ports: [{containerPort: 8080}]\n      - name: admin\n        image: image\n        ports: [{containerPort: 8080}]\n";
        assert!(k8s_errors(&RULE, text, false).is_empty());
        assert!(k8s_errors(&RULE, text, true).is_empty());
    }
}
