//! The downward API's field and resource selectors, shared by env vars (PL138) and
//! `downwardAPI` volume files (PL153): `validateObjectFieldSelector` with
//! `ConvertDownwardAPIFieldLabel`, `validateContainerResourceFieldSelector` and its divisors.

use crate::k8s::model::{ObjectFieldSelector, ResourceFieldSelector};
use crate::k8s::names;
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type, required_field as required};
use crate::yaml::field_path::FieldPath;

/// Who reads the field: an env var or a file of a `downwardAPI` volume.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Consumer {
    /// `env[].valueFrom`.
    Env,
    /// `downwardAPI.items[]`, also projected.
    Volume,
}

impl Consumer {
    /// The unsubscripted field paths it may read.
    fn field_paths(self) -> &'static [&'static str] {
        match self {
            Consumer::Env => &ENV_FIELD_PATHS,
            Consumer::Volume => &VOLUME_FIELD_PATHS,
        }
    }

    fn noun(self) -> &'static str {
        match self {
            Consumer::Env => "env vars",
            Consumer::Volume => "downward API volumes",
        }
    }

    fn hint(self) -> &'static str {
        match self {
            Consumer::Env => {
                "use a field the downward API offers to env vars (`metadata.name`, `status.podIP`, `metadata.labels['app']`, …)"
            }
            Consumer::Volume => {
                "use a field the downward API offers to volumes (`metadata.name`, `metadata.labels`, `metadata.annotations['key']`, …)"
            }
        }
    }
}

/// `validVolumeDownwardAPIFieldPathExpressions`, sorted as the API server lists them.
pub const VOLUME_FIELD_PATHS: [&str; 5] = [
    "metadata.annotations",
    "metadata.labels",
    "metadata.name",
    "metadata.namespace",
    "metadata.uid",
];

/// `validEnvDownwardAPIFieldPathExpressions`, sorted as the API server lists them.
pub const ENV_FIELD_PATHS: [&str; 9] = [
    "metadata.name",
    "metadata.namespace",
    "metadata.uid",
    "spec.nodeName",
    "spec.serviceAccountName",
    "status.hostIP",
    "status.hostIPs",
    "status.podIP",
    "status.podIPs",
];

/// The labels `ConvertDownwardAPIFieldLabel` knows for pods (`spec.host` becomes `spec.nodeName`).
const CONVERTIBLE_LABELS: [&str; 15] = [
    "metadata.annotations",
    "metadata.labels",
    "metadata.name",
    "metadata.namespace",
    "metadata.uid",
    "spec.nodeName",
    "spec.restartPolicy",
    "spec.serviceAccountName",
    "spec.schedulerName",
    "status.phase",
    "status.hostIP",
    "status.hostIPs",
    "status.podIP",
    "status.podIPs",
    "spec.host",
];

/// `validContainerResourceFieldPathExpressions`, sorted.
const RESOURCE_FIELDS: [&str; 6] = [
    "limits.cpu",
    "limits.ephemeral-storage",
    "limits.memory",
    "requests.cpu",
    "requests.ephemeral-storage",
    "requests.memory",
];

const BYTE_DIVISORS: [&str; 13] = [
    "1", "1k", "1M", "1G", "1T", "1P", "1E", "1Ki", "1Mi", "1Gi", "1Ti", "1Pi", "1Ei",
];

/// `validateObjectFieldSelector` with `ConvertDownwardAPIFieldLabel`.
pub fn field_ref_problems(
    selector: &ObjectFieldSelector,
    at: &FieldPath,
    name: &str,
    consumer: Consumer,
    problems: &mut Vec<Problem>,
) {
    if selector.api_version.as_deref().is_none_or(str::is_empty) {
        problems.push(required(
            at.child("apiVersion"),
            format!("`fieldRef` of `{name}` has no `apiVersion`"),
        ));
        return;
    }
    let field_path = selector.field_path.as_deref().unwrap_or("");
    if field_path.is_empty() {
        problems.push(required(
            at.child("fieldPath"),
            format!("`fieldRef` of `{name}` has no `fieldPath`"),
        ));
        return;
    }
    let version = selector.api_version.as_deref().unwrap_or("");
    let converting = |detail: String| {
        Problem::new(
            at.child("fieldPath"),
            k8s_type::INVALID,
            Some(field_path.to_string()),
            format!("`fieldRef` of `{name}` reads `{field_path}`"),
            format!("error converting fieldPath: {detail}"),
            consumer.hint(),
        )
    };
    if version != "v1" {
        problems.push(converting(format!("unsupported pod version: {version}")));
        return;
    }
    if let Some((base, key)) = subscripted(field_path) {
        match base {
            "metadata.annotations" | "metadata.labels" => {
                let key = if base == "metadata.annotations" {
                    key.to_lowercase()
                } else {
                    key.to_string()
                };
                for reason in names::qualified_name(&key) {
                    problems.push(
                        Problem::new(
                            at.clone(),
                            k8s_type::INVALID,
                            Some(key.clone()),
                            format!("`fieldRef` of `{name}` reads key `{key}`, which is not a valid {} key", if base == "metadata.labels" { "label" } else { "annotation" }),
                            reason,
                            "use a valid key: `name` or `prefix.example.com/name`",
                        )
                        .pointing_at(at.child("fieldPath")),
                    );
                }
            }
            _ => problems.push(converting(format!(
                "field label does not support subscript: {field_path}"
            ))),
        }
        return;
    }
    if !CONVERTIBLE_LABELS.contains(&field_path) {
        problems.push(converting(format!(
            "field label not supported: {field_path}"
        )));
        return;
    }
    let converted = if field_path == "spec.host" {
        "spec.nodeName"
    } else {
        field_path
    };
    if !consumer.field_paths().contains(&converted) {
        let supported: Vec<String> = consumer
            .field_paths()
            .iter()
            .map(|p| format!("`{p}`"))
            .collect();
        problems.push(Problem::new(
            at.child("fieldPath"),
            k8s_type::NOT_SUPPORTED,
            Some(converted.to_string()),
            format!("`fieldRef` of `{name}` reads `{converted}`, which {} cannot", consumer.noun()),
            format!("supported values: {}", supported.join(", ")),
            "mount a `downwardAPI` volume for other fields, or use a subscript (`metadata.labels['app']`)",
        ));
    }
}

/// `fieldpath.SplitMaybeSubscriptedPath`: `base['key']`.
fn subscripted(path: &str) -> Option<(&str, &str)> {
    let inner = path.strip_suffix("']")?;
    let (base, key) = inner.split_once("['")?;
    (!base.is_empty()).then_some((base, key))
}

/// `validateContainerResourceFieldSelector` (`containerName` optional in env, required in a
/// volume) and the divisor.
pub fn resource_field_problems(
    selector: &ResourceFieldSelector,
    at: &FieldPath,
    name: &str,
    consumer: Consumer,
    problems: &mut Vec<Problem>,
) {
    let resource = selector.resource.as_deref().unwrap_or("");
    let hugepages =
        resource.starts_with("requests.hugepages-") || resource.starts_with("limits.hugepages-");
    if consumer == Consumer::Volume && selector.container_name.as_deref().unwrap_or("").is_empty() {
        problems.push(required(
            at.child("containerName"),
            format!("`resourceFieldRef` of `{name}` names no container"),
        ));
    } else if resource.is_empty() {
        problems.push(required(
            at.child("resource"),
            format!("`resourceFieldRef` of `{name}` has no `resource`"),
        ));
    } else if !RESOURCE_FIELDS.contains(&resource) && !hugepages {
        let supported: Vec<String> = RESOURCE_FIELDS.iter().map(|p| format!("`{p}`")).collect();
        problems.push(Problem::new(
            at.child("resource"),
            k8s_type::NOT_SUPPORTED,
            Some(resource.to_string()),
            format!("`resourceFieldRef` of `{name}` reads `{resource}`"),
            format!("supported values: {}", supported.join(", ")),
            "read `limits.` or `requests.` of `cpu`, `memory`, `ephemeral-storage` or `hugepages-<size>`",
        ));
    }
    let Some(divisor) = selector.divisor.as_ref().and_then(|d| d.valid()) else {
        return;
    };
    if divisor.is_zero() {
        return;
    }
    let written = divisor.to_string();
    let (allowed, what): (&[&str], &str) = match resource {
        "limits.cpu" | "requests.cpu" => {
            (&["1m", "1"], "1m and 1 are supported with the cpu resource")
        }
        "limits.memory" | "requests.memory" => (
            &BYTE_DIVISORS,
            "1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the memory resource",
        ),
        "limits.ephemeral-storage" | "requests.ephemeral-storage" => (
            &BYTE_DIVISORS,
            "1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the local ephemeral storage resource",
        ),
        _ if hugepages => (
            &BYTE_DIVISORS,
            "1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the hugepages resource",
        ),
        _ => return,
    };
    if !allowed.contains(&written.as_str()) {
        problems.push(Problem::new(
            at.child("divisor"),
            k8s_type::INVALID,
            Some(resource.to_string()),
            format!("`resourceFieldRef` of `{name}` divides `{resource}` by `{written}`"),
            format!("only divisor's values {what}"),
            "use one of the listed divisors",
        ));
    }
}
