//! PL113 `invalid-port`: a container port has a bad number, name or protocol.

use crate::k8s::names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a container port has a bad number, name or protocol.
pub static RULE: Rule = Rule {
    id: "PL113",
    name: "invalid-port",
    severity: Severity::Error,
    summary: "a container port has a bad number, name or protocol",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks each entry of a container's `ports`: `containerPort` set and within 1-65535; `hostPort`, when set, within 1-65535; `protocol` one of `TCP`, `UDP`, `SCTP` (case-sensitive; unset defaults to `TCP`); `name`, when set, an IANA service name (at most 15 lowercase letters, digits and `-`, at least one letter, no `--`, no `-` at either end).

## Why
The API server rejects the pod (`spec.containers[0].ports[0].containerPort: Invalid value: 80800: must be between 1 and 65535, inclusive`, `…protocol: Unsupported value: "tcp"`). Probes and Services refer to ports by these names.

## Example
```yaml
ports:
- name: http_metrics     # `_` is not allowed
  containerPort: 9090
  protocol: tcp          # must be `TCP`
```

## How to fix
Use a port between 1 and 65535, `TCP`/`UDP`/`SCTP` in capitals, and a short lowercase name such as `metrics`.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateContainerPorts`, `IsValidPortNum`, `IsValidPortName` (`FieldValueRequired`, `FieldValueInvalid`, `FieldValueNotSupported`).
"#,
};

const PROTOCOLS: [&str; 3] = ["TCP", "UDP", "SCTP"];

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        let who = Who::new(list, container, index);
        for (port_index, port) in container.ports.iter().flatten().enumerate() {
            let at = || {
                context
                    .container_path(list, index)
                    .child("ports")
                    .index(port_index)
            };
            let mut problems = Vec::new();
            if let Some(name) = port.name.as_deref().filter(|name| !name.is_empty())
                && let Some(reason) = names::port_name(name).into_iter().next()
            {
                problems.push(Problem::new(
                        at().child("name"),
                        k8s_type::INVALID,
                        Some(name.to_string()),
                        format!("port name `{name}` of {who} is not valid"),
                        reason,
                        "use at most 15 lowercase letters, digits and `-`, with at least one letter, e.g. `http`",
                    ));
            }
            match port.container_port.unwrap_or(0) {
                0 => problems.push(Problem::new(
                    at().child("containerPort"),
                    k8s_type::REQUIRED,
                    None,
                    format!("port #{} of {who} has no `containerPort`", port_index + 1),
                    "`containerPort` is required",
                    "add `containerPort:` with the port the process listens on (1-65535)",
                )),
                number => {
                    if let Some(reason) = names::port_number(number).into_iter().next() {
                        problems.push(Problem::new(
                            at().child("containerPort"),
                            k8s_type::INVALID,
                            Some(number.to_string()),
                            format!("`containerPort` {number} of {who} is out of range"),
                            reason,
                            "use a port between 1 and 65535",
                        ));
                    }
                }
            }
            if let Some(number) = port.host_port.filter(|p| *p != 0)
                && let Some(reason) = names::port_number(number).into_iter().next()
            {
                problems.push(Problem::new(
                    at().child("hostPort"),
                    k8s_type::INVALID,
                    Some(number.to_string()),
                    format!("`hostPort` {number} of {who} is out of range"),
                    reason,
                    "use a port between 1 and 65535, or remove `hostPort`",
                ));
            }
            match port.protocol.as_deref().unwrap_or("") {
                "" => problems.push(Problem::new(
                    at().child("protocol"),
                    k8s_type::REQUIRED,
                    None,
                    format!("port #{} of {who} has no `protocol`", port_index + 1),
                    "`protocol` is required without defaulting",
                    "set `protocol: TCP` (the API server would default it)",
                )),
                protocol if PROTOCOLS.contains(&protocol) => {}
                protocol => {
                    let fixed = PROTOCOLS.iter().find(|p| p.eq_ignore_ascii_case(protocol));
                    let mut problem = Problem::new(
                        at().child("protocol"),
                        k8s_type::NOT_SUPPORTED,
                        Some(protocol.to_string()),
                        format!("port protocol `{protocol}` of {who} is not supported"),
                        "supported values: `SCTP`, `TCP`, `UDP`",
                        match fixed {
                            Some(fixed) => format!("write `{fixed}` (the value is case-sensitive)"),
                            None => "use `TCP`, `UDP` or `SCTP`".to_string(),
                        },
                    );
                    problem.replacement = fixed.map(|fixed| (*fixed).to_string());
                    problems.push(problem);
                }
            }
            findings.extend(problems.into_iter().map(|p| p.into_finding(&RULE)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(ports: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - name: c\n    image: image\n    ports:\n{ports}"
        )
    }

    // TestValidatePorts: success rows and every error row but "name not unique" (PL114).
    #[test]
    fn k7_validate_ports_table() {
        let good = "    - {name: abc, containerPort: 80, hostPort: 80, protocol: TCP}\n    - {name: easy, containerPort: 82, protocol: TCP}\n    - {name: as, containerPort: 83, protocol: UDP}\n    - {name: do-re-me, containerPort: 84, protocol: SCTP}\n    - {containerPort: 85, protocol: TCP}\n";
        assert!(k8s_errors(&RULE, &pod(good), true).is_empty());
        let name16 = "a".repeat(16);
        let cases = [
            (
                format!("    - {{name: {name16}, containerPort: 80, protocol: TCP}}\n"),
                "name",
                "FieldValueInvalid",
            ),
            (
                "    - {name: a.b.c, containerPort: 80, protocol: TCP}\n".to_string(),
                "name",
                "FieldValueInvalid",
            ),
            (
                "    - {name: \"80\", containerPort: 80, protocol: TCP}\n".to_string(),
                "name",
                "FieldValueInvalid",
            ),
            (
                "    - {containerPort: 0, protocol: TCP}\n".to_string(),
                "containerPort",
                "FieldValueRequired",
            ),
            (
                "    - {containerPort: 65536, protocol: TCP}\n".to_string(),
                "containerPort",
                "FieldValueInvalid",
            ),
            (
                "    - {containerPort: 80, hostPort: 65536, protocol: TCP}\n".to_string(),
                "hostPort",
                "FieldValueInvalid",
            ),
            (
                "    - {containerPort: 80, protocol: tcp}\n".to_string(),
                "protocol",
                "FieldValueNotSupported",
            ),
            (
                "    - {containerPort: 80, protocol: ICMP}\n".to_string(),
                "protocol",
                "FieldValueNotSupported",
            ),
            (
                "    - {name: abc, containerPort: 80}\n".to_string(),
                "protocol",
                "FieldValueRequired",
            ),
        ];
        for (ports, field, k8s_type) in cases {
            assert_eq!(
                k8s_errors(&RULE, &pod(&ports), true),
                [(format!("spec.containers[0].ports[0].{field}"), k8s_type)],
                "{ports}"
            );
        }
    }

    #[test]
    fn k7_5_protocol_defaults_to_tcp() {
        assert!(k8s_errors(&RULE, &pod("    - {containerPort: 80}\n"), false).is_empty());
    }
}
