//! PL114 `duplicate-port-name`: two ports of a container share a name.

use std::collections::HashMap;

use crate::k8s::names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};

/// two ports of a container share a name.
pub static RULE: Rule = Rule {
    id: "PL114",
    name: "duplicate-port-name",
    severity: Severity::Error,
    summary: "two ports of a container share a name",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a port whose `name` is already used by another port of the same container.

## Why
The API server rejects the pod (`spec.containers[0].ports[1].name: Duplicate value: "http"`). Probes (`port: http`) and Services (`targetPort: http`) look ports up by name; a name must mean one port.

## Example
```yaml
ports:
- {name: http, containerPort: 8080}
- {name: http, containerPort: 8443}
```

## How to fix
Give each port its own name, e.g. `http` and `https`.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateContainerPorts` (`FieldValueDuplicate`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        let who = Who::new(list, container, index);
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for (port_index, port) in container.ports.iter().flatten().enumerate() {
            let Some(name) = port.name.as_deref().filter(|name| !name.is_empty()) else {
                continue;
            };
            if !names::port_name(name).is_empty() {
                continue;
            }
            if let Some(first) = seen.get(name) {
                findings.push(
                    Problem::new(
                        context
                            .container_path(list, index)
                            .child("ports")
                            .index(port_index)
                            .child("name"),
                        k8s_type::DUPLICATE,
                        Some(name.to_string()),
                        format!("{who} has two ports named `{name}`"),
                        format!("already the name of port #{}", first + 1),
                        "give each port its own name",
                    )
                    .into_finding(&RULE),
                );
            } else {
                seen.insert(name, port_index);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    // TestValidatePorts "name not unique".
    #[test]
    fn k7_port_names_unique() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: image\n    ports:\n    - {name: abc, containerPort: 80, protocol: TCP}\n    - {name: abc, containerPort: 81, protocol: TCP}\n";
        assert_eq!(
            k8s_errors(&RULE, text, true),
            [(
                "spec.containers[0].ports[1].name".to_string(),
                "FieldValueDuplicate"
            )]
        );
    }
}
