//! An ephemeral volume's `volumeClaimTemplate` as the API server checks it
//! (`ValidatePersistentVolumeClaimTemplate`: `ValidateTemplateObjectMeta` and
//! `ValidatePersistentVolumeClaimSpec`), used by PL153; the spec half also by PL178 for a
//! StatefulSet's `volumeClaimTemplates`.

use crate::k8s::names;
use crate::k8s::volume_source::{ClaimSpec, ClaimTemplate, TypedReference};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type, not_supported};
use crate::lint::rules::api_validation::helpers::label_selector::{
    label_key_problems, label_value_problems, selector_problems,
};
use crate::yaml::field_path::FieldPath;

/// The access modes a claim supports, sorted as Kubernetes lists them.
const ACCESS_MODES: [&str; 4] = [
    "ReadOnlyMany",
    "ReadWriteMany",
    "ReadWriteOnce",
    "ReadWriteOncePod",
];

/// The volume modes a claim supports, sorted.
const VOLUME_MODES: [&str; 2] = ["Block", "Filesystem"];

/// The problems of `template` at `at` (`spec.volumes[i].ephemeral.volumeClaimTemplate`).
pub fn claim_template_problems(
    template: &ClaimTemplate,
    at: &FieldPath,
    problems: &mut Vec<Problem>,
) {
    let metadata = template.metadata.clone().unwrap_or_default();
    let meta_at = at.child("metadata");
    // `ValidateLabels` reports every label at `labels` itself, not at the label's key.
    for (key, value) in metadata.labels.iter().flatten() {
        label_key_problems(
            key,
            &meta_at.child("labels"),
            "claim template label",
            problems,
        );
        label_value_problems(
            value,
            &meta_at.child("labels"),
            "claim template label",
            problems,
        );
    }
    // Only labels and annotations may be set; the claim's name is `<pod>-<volume>` and its
    // namespace the pod's.
    for (field, set) in [
        (
            "name",
            metadata.name.as_deref().is_some_and(|v| !v.is_empty()),
        ),
        (
            "generateName",
            metadata
                .generate_name
                .as_deref()
                .is_some_and(|v| !v.is_empty()),
        ),
        (
            "namespace",
            metadata.namespace.as_deref().is_some_and(|v| !v.is_empty()),
        ),
    ] {
        if set {
            problems.push(
                Problem::new(
                    meta_at.child(field),
                    k8s_type::FORBIDDEN,
                    None,
                    format!("a claim template's `metadata.{field}` cannot be set"),
                    "cannot be set",
                    "remove it: the claim is named `<pod>-<volume>` in the pod's namespace",
                )
                .on_key(),
            );
        }
    }
    spec_problems(
        &template.spec.clone().unwrap_or_default(),
        &at.child("spec"),
        problems,
    );
}

/// `ValidatePersistentVolumeClaimSpec` with a template's options (no invalid label values in
/// the selector, no invalid API groups); a StatefulSet's claim templates are judged so too.
pub fn spec_problems(spec: &ClaimSpec, at: &FieldPath, problems: &mut Vec<Problem>) {
    let modes = spec.access_modes.as_deref().unwrap_or_default();
    if modes.is_empty() {
        problems.push(
            Problem::new(
                at.child("accessModes"),
                k8s_type::REQUIRED,
                None,
                "the claim template has no `accessModes`",
                "at least 1 access mode is required",
                "add `accessModes: [ReadWriteOnce]`",
            )
            .pointing_at(at.clone())
            .on_key(),
        );
    }
    if let Some(selector) = &spec.selector {
        selector_problems(selector, &at.child("selector"), problems);
    }
    for (index, mode) in modes
        .iter()
        .enumerate()
        .filter(|(_, m)| !ACCESS_MODES.contains(&m.as_str()))
    {
        problems.push(
            not_supported(
                at.child("accessModes"),
                "accessModes",
                mode,
                &ACCESS_MODES,
                None,
            )
            .pointing_at(at.child("accessModes").index(index)),
        );
    }
    let once_pod = modes.iter().any(|m| m == "ReadWriteOncePod");
    if once_pod
        && modes
            .iter()
            .any(|m| m != "ReadWriteOncePod" && ACCESS_MODES.contains(&m.as_str()))
    {
        problems.push(Problem::new(
            at.child("accessModes"),
            k8s_type::FORBIDDEN,
            None,
            "`ReadWriteOncePod` is combined with other access modes",
            "may not use ReadWriteOncePod with other access modes",
            "use `ReadWriteOncePod` alone, or drop it",
        ));
    }
    storage_problems(spec, at, problems);
    if let Some(class) = spec.storage_class_name.as_deref().filter(|c| !c.is_empty()) {
        for reason in names::dns1123_subdomain(class) {
            problems.push(Problem::new(
                at.child("storageClassName"),
                k8s_type::INVALID,
                Some(class.to_string()),
                format!("storage class `{class}` is not a valid name"),
                reason,
                "name a StorageClass: lowercase letters, digits, `-` and `.`",
            ));
        }
    }
    if let Some(mode) = spec
        .volume_mode
        .as_deref()
        .filter(|m| !VOLUME_MODES.contains(m))
    {
        problems.push(not_supported(
            at.child("volumeMode"),
            "volumeMode",
            mode,
            &VOLUME_MODES,
            None,
        ));
    }
    data_source_problems(spec, at, problems);
}

/// `validateDataSource` / `validateDataSourceRef`.
fn reference_problems(reference: &TypedReference, at: &FieldPath, problems: &mut Vec<Problem>) {
    let field = at.to_string();
    let field = field.rsplit('.').next().unwrap_or("");
    for (key, value) in [("name", &reference.name), ("kind", &reference.kind)] {
        if value.as_deref().unwrap_or("").is_empty() {
            problems.push(
                Problem::new(
                    at.child(key),
                    k8s_type::REQUIRED,
                    None,
                    format!("the claim template's `{field}` has no `{key}`"),
                    "required",
                    format!("add `{key}:`"),
                )
                .pointing_at(at.clone())
                .on_key(),
            );
        }
    }
    let group = reference.api_group.as_deref().unwrap_or("");
    let kind = reference.kind.as_deref().unwrap_or("");
    if group.is_empty() && kind != "PersistentVolumeClaim" {
        problems.push(Problem::new(at.clone(), k8s_type::INVALID, Some(kind.to_string()), format!("the claim template's `{field}` names a `{kind}` of the core API group"), "must be 'PersistentVolumeClaim' when referencing the default apiGroup", "give the `apiGroup` of the kind (`snapshot.storage.k8s.io` for a `VolumeSnapshot`), or name a `PersistentVolumeClaim`").pointing_at(at.child("kind")));
    }
    for reason in names::dns1123_subdomain(group)
        .into_iter()
        .filter(|_| !group.is_empty())
    {
        problems.push(Problem::new(
            at.child("apiGroup"),
            k8s_type::INVALID,
            Some(group.to_string()),
            format!("API group `{group}` is not a valid name"),
            reason,
            "write the group's DNS name (`snapshot.storage.k8s.io`)",
        ));
    }
}

/// Whether `dataSource` and `dataSourceRef` name the same object (group, kind, name).
fn same_reference(source: &TypedReference, reference: &TypedReference) -> bool {
    source.api_group == reference.api_group
        && source.kind.as_deref().unwrap_or("") == reference.kind.as_deref().unwrap_or("")
        && source.name.as_deref().unwrap_or("") == reference.name.as_deref().unwrap_or("")
}

/// The storage request: required, and greater than zero.
fn storage_problems(spec: &ClaimSpec, at: &FieldPath, problems: &mut Vec<Problem>) {
    // Kubernetes reports the storage request at `resources[storage]`, without `requests`.
    let storage_at = at.child("resources").key("storage");
    let written_at = at.child("resources").child("requests").key("storage");
    match spec
        .resources
        .as_ref()
        .and_then(|r| r.requests.as_ref())
        .and_then(|r| r.get("storage"))
    {
        None => problems.push(
            Problem::new(
                storage_at,
                k8s_type::REQUIRED,
                None,
                "the claim template requests no `storage`",
                "required",
                "add `resources: {requests: {storage: 1Gi}}`",
            )
            .pointing_at(at.clone())
            .on_key(),
        ),
        Some(value) => {
            if let Some(quantity) = value.valid().filter(|q| q.sign() <= 0) {
                problems.push(
                    Problem::new(
                        storage_at,
                        k8s_type::INVALID,
                        Some(quantity.to_string()),
                        format!("the claim template requests `storage: {quantity}`"),
                        "must be greater than zero",
                        "request a positive size (`1Gi`)",
                    )
                    .pointing_at(written_at),
                );
            }
        }
    }
}

/// `dataSource` and `dataSourceRef`: each reference, and that they name one object.
fn data_source_problems(spec: &ClaimSpec, at: &FieldPath, problems: &mut Vec<Problem>) {
    if let Some(source) = &spec.data_source {
        reference_problems(source, &at.child("dataSource"), problems);
    }
    if let Some(source) = &spec.data_source_ref {
        reference_problems(source, &at.child("dataSourceRef"), problems);
    }
    // A `dataSourceRef.namespace` (gate CrossNamespaceVolumeDataSource, not modelled) is not
    // judged, nor whether `dataSource` matches such a reference.
    let ref_namespace = spec
        .data_source_ref
        .as_ref()
        .and_then(|r| r.namespace.as_deref())
        .is_some_and(|n| !n.is_empty());
    if let (Some(source), Some(reference)) = (&spec.data_source, &spec.data_source_ref)
        && !ref_namespace
        && !same_reference(source, reference)
    {
        problems.push(
            Problem::new(
                at.clone(),
                k8s_type::INVALID,
                Some(at.child("dataSource").to_string()),
                "`dataSource` and `dataSourceRef` name different objects",
                "must match dataSourceRef",
                "remove one of them, or make them name the same object",
            )
            .pointing_at(at.child("dataSource")),
        );
    }
}
