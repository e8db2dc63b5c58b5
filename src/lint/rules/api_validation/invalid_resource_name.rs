//! PL120 `invalid-resource-name`: a resource name is neither a standard resource nor a valid extended resource.

use crate::k8s::resource_names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::api_validation::helpers::resource_scope::{ResourceOwner, resource_scopes};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a resource name is not valid for containers.
pub static RULE: Rule = Rule {
    id: "PL120",
    name: "invalid-resource-name",
    severity: Severity::Error,
    summary: "a resource name is neither a standard resource nor a valid extended resource",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a name under `resources.limits` or `resources.requests` (or `overhead`) that a container cannot ask for. Without a domain only `cpu`, `memory`, `ephemeral-storage` and `hugepages-<size>` are allowed; anything else needs a domain, like `nvidia.com/gpu`, and must be a valid qualified name. Pod-level `resources` take `cpu`, `memory` and `hugepages-<size>` only.

## Why
The API server rejects the pod (`spec.containers[0].resources.limits[disk]: Invalid value: "disk": must be a standard resource type or fully qualified`). Quota names like `requests.cpu` or `pods` are for ResourceQuotas, not containers.

## Example
```yaml
resources:
  limits:
    gpu: 1          # needs the vendor's domain: nvidia.com/gpu
```

## How to fix
Use a standard name, or the extended resource's full name as the device plugin advertises it (`kubectl describe node` lists them under Capacity).

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateContainerResourceName`, `validateResourceName`, `validatePodResourceName`; `pkg/apis/core/helper/helpers.go` (`FieldValueInvalid`, `FieldValueNotSupported`). Kubernetes may list two errors for one bad name; podlife reports the first.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for scope in resource_scopes(context) {
        for (field, name) in scope.names() {
            // Kubernetes may report two errors at one path (`disk`: not a standard resource
            // type, and not one for containers); each is a finding with its type.
            let problems: Vec<(&str, String, String)> = match scope.owner() {
                ResourceOwner::Pod => pod_resource_name_problem(name).into_iter().collect(),
                _ => resource_names::container_resource_name_problems(name)
                    .into_iter()
                    .map(|reason| (k8s_type::INVALID, reason, container_help(name)))
                    .collect(),
            };
            for (k8s, reason, help) in problems {
                let mut problem = Problem::new(
                    scope.entry_path(field, name),
                    k8s,
                    Some(name.to_string()),
                    format!("{} asks for unknown resource `{name}`", scope.who()),
                    reason,
                    help,
                )
                .pointing_at(scope.entry_spot(field, name))
                .on_key();
                problem.replacement = certain_name(name);
                findings.push(problem.into_finding(&RULE));
            }
        }
    }
}

/// The resource `name` certainly means, for a fix: `mem`/`ram` → `memory`, `cpus`/`cores` →
/// `cpu`, a quota's `requests.cpu` → `cpu`. Not `gpu` (which vendor?) nor `disk` or `storage`
/// (ephemeral storage, or a volume?).
fn certain_name(name: &str) -> Option<String> {
    let lower = name.to_ascii_lowercase();
    match lower.as_str() {
        "mem" | "ram" => Some("memory".to_string()),
        "cpus" | "core" | "cores" => Some("cpu".to_string()),
        _ => lower
            .split_once('.')
            .filter(|(scope, _)| matches!(*scope, "requests" | "limits"))
            .map(|(_, rest)| rest)
            .filter(|rest| resource_names::container_resource_name_problem(rest).is_none())
            .map(str::to_string),
    }
}

fn container_help(name: &str) -> String {
    let lower = name.to_ascii_lowercase();
    let guess = match lower.as_str() {
        "gpu" | "gpus" | "nvidia-gpu" => Some("nvidia.com/gpu"),
        "mem" | "ram" => Some("memory"),
        "cpus" | "core" | "cores" => Some("cpu"),
        "disk" | "storage" | "ephemeral" => Some("ephemeral-storage"),
        _ if lower.starts_with("requests.") || lower.starts_with("limits.") => lower
            .split_once('.')
            .map(|(_, rest)| rest)
            .filter(|rest| resource_names::container_resource_name_problem(rest).is_none()),
        _ => None,
    };
    match guess {
        Some(guess) => format!("did you mean `{guess}`?"),
        None => "use `cpu`, `memory`, `ephemeral-storage`, `hugepages-<size>` or an extended resource with its domain, e.g. `nvidia.com/gpu`".to_string(),
    }
}

fn pod_resource_name_problem(name: &str) -> Option<(&'static str, String, String)> {
    if let Some(reason) = resource_names::container_resource_name_problem(name)
        && !name.contains('/')
        && !resource_names::is_standard(name)
    {
        return Some((k8s_type::INVALID, reason, container_help(name)));
    }
    if matches!(name, "cpu" | "memory") || resource_names::is_hugepages(name) {
        return None;
    }
    Some((
        k8s_type::NOT_SUPPORTED,
        "supported values: `cpu`, `memory`, `hugepages-<size>`".to_string(),
        "pod-level `resources` take `cpu`, `memory` and hugepages; set other resources on containers".to_string(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(resources: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - name: abc-123\n    image: image\n    resources:\n{resources}"
        )
    }

    // TestValidateContainers "invalid compute resource" (disk) and "Invalid storage limit
    // request" (attachable-volumes-aws-ebs); success rows with `my.org/resource`.
    #[test]
    fn k7_container_resource_names() {
        for name in ["disk", "attachable-volumes-aws-ebs"] {
            let text = pod(&format!("      limits: {{{name}: 10G}}\n"));
            // Two errors at one path, as Kubernetes lists them.
            let at = format!("spec.containers[0].resources.limits[{name}]");
            assert_eq!(
                k8s_errors(&RULE, &text, true),
                [(at.clone(), "FieldValueInvalid"), (at, "FieldValueInvalid")]
            );
        }
        let text = pod("      limits: {cpu: \"10\", memory: 10G, my.org/resource: \"10\"}\n");
        assert!(k8s_errors(&RULE, &text, true).is_empty());
    }

    // TestValidatePodResourceNames, all 25 rows: only cpu and memory pass (hugepages too, since
    // pod-level hugepages became supported).
    #[test]
    fn pod_level_resource_names() {
        let long = format!("kubernetes.io/{}", "a".repeat(64));
        let mut rows = vec![("memory", true), ("cpu", true), ("hugepages-2Mi", true)];
        for bad in [
            "storage",
            "requests.cpu",
            "requests.memory",
            "requests.storage",
            "limits.cpu",
            "limits.memory",
            "limits.storage",
            "network",
            "disk",
            "",
            ".",
            "..",
            "my.favorite.app.co/12345",
            "my.favorite.app.co/_12345",
            "my.favorite.app.co/12345_",
            "kubernetes.io/..",
            long.as_str(),
            long.as_str(),
            "kubernetes.io/cpu",
            "kubernetes.io/memory",
            "kubernetes.io//",
            "kubernetes.io",
            "kubernetes.io/will/not/work/",
        ] {
            rows.push((bad, false));
        }
        for (name, ok) in rows {
            let text = format!(
                "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  resources:\n    limits: {{\"{name}\": \"1\"}}\n  containers:\n  - {{name: a, image: image}}\n"
            );
            assert_eq!(k8s_errors(&RULE, &text, true).is_empty(), ok, "{name}");
        }
    }

    #[test]
    fn overhead_is_checked_like_a_container() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  overhead: {my.org: 10m}\n  containers:\n  - {name: a, image: image}\n";
        assert_eq!(
            k8s_errors(&RULE, text, true),
            [
                ("spec.overhead.limits[my.org]".to_string(), "FieldValueInvalid"),
                ("spec.overhead.limits[my.org]".to_string(), "FieldValueInvalid")
            ]
        );
    }
}
