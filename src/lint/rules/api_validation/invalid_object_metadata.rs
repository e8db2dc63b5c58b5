//! PL184 `invalid-object-metadata`: an object's name, namespace, labels or annotations, or its pod template's labels or annotations, are rejected by the API server.

use std::collections::BTreeMap;

use crate::finding::{Finding, Severity};
use crate::k8s::model::ObjectMeta;
use crate::k8s::names;
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// an object's name, namespace, labels or annotations are rejected by the API server.
pub static RULE: Rule = Rule {
    id: "PL184",
    name: "invalid-object-metadata",
    severity: Severity::Error,
    summary: "an object's name, namespace, labels or annotations (or its pod template's) are rejected by the API server",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Validates the `metadata` of a Pod and of a built-in workload (`apps/v1`, `batch/v1`, a `v1` ReplicationController or PodTemplate) as `ValidateObjectMeta` does, and the labels and annotations of every pod template as `ValidatePodTemplateSpec` does (docs/workloads.md):

- a `name`, or a `generateName` for the API server to complete (`Required`); the name is a DNS subdomain (lowercase letters, digits, `-` and `.`, at most 253 characters), a StatefulSet's a DNS label (no `.`, at most 63), as is a `generateName` but for a trailing `-`;
- a `namespace`, when written, is a DNS label;
- label keys are qualified names (`app`, `app.kubernetes.io/name`) and label values at most 63 letters, digits, `-`, `_` and `.`, beginning and ending with a letter or digit (or empty);
- annotation keys are qualified names (in any case), and all annotations together at most 256 KiB.

A CronJob's 52-character name limit is PL180's. Custom resources' own metadata is their API's to judge; their pod templates' labels and annotations are checked, since the pods carry them.

## Why
The API server rejects the object: a Helm chart's `helm.sh/chart: web-1.2.0+build.7` label (`+` is not allowed in a value), a version label with a space, a name with capitals.

## Example
```yaml
kind: Deployment
metadata:
  name: Web_Frontend            # not a DNS subdomain
  labels:
    version: "1.2 beta"         # a space in a label value
```

## How to fix
Write names in lowercase with `-`; keep label values to letters, digits, `-`, `_` and `.`; move free text to an annotation.

## Kubernetes reference
`k8s.io/apimachinery/pkg/api/validation/objectmeta.go` `ValidateObjectMeta`, `ValidateAnnotations`; `k8s.io/apimachinery/pkg/apis/meta/v1/validation` `ValidateLabels`; `pkg/apis/core/validation/validation.go` `ValidatePodTemplateSpec`; `pkg/apis/apps/validation/validation.go` `ValidateStatefulSetName`.
"#,
};

/// The most bytes all annotations of one object may hold.
const MAX_ANNOTATION_BYTES: usize = 256 * 1024;

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let object = context.object;
    let mut problems = Vec::new();
    let built_in = object.flavour.is_none()
        && matches!(object.api_version.as_str(), "v1" | "apps/v1" | "batch/v1");
    if built_in {
        let metadata = object.own_metadata();
        let at = || context.object_path("metadata");
        names_problems(metadata, object.kind == "StatefulSet", &at(), &mut problems);
        map_problems(metadata, &at, &at, &mut problems);
    }
    if object.kind != "Pod" {
        // The API server names a template's labels `spec.template.labels` (no `metadata`); a
        // custom resource's pod template, as podlife reads its pod.
        let template = || context.pod_path("metadata");
        let reported = || {
            if built_in {
                let mut segments = object.metadata_path.segments().to_vec();
                segments.pop();
                FieldPath::root().child(crate::k8s::workload::OBJECT_ROOT).join(&FieldPath::from(segments))
            } else {
                template()
            }
        };
        map_problems(&context.object.pod.metadata, &reported, &template, &mut problems);
    }
    findings.extend(problems.into_iter().map(|problem| problem.into_finding(&RULE)));
}

/// `name`, `generateName` and `namespace`.
fn names_problems(metadata: &ObjectMeta, dns_label: bool, at: &FieldPath, problems: &mut Vec<Problem>) {
    let name_rule = |name: &str| if dns_label { names::dns1123_label(name) } else { names::dns1123_subdomain(name) };
    let kind_of_name = if dns_label { "a DNS label" } else { "a DNS subdomain" };
    let help = if dns_label {
        "use lowercase letters, digits and `-`, at most 63 characters, beginning and ending with a letter or digit"
    } else {
        "use lowercase letters, digits, `-` and `.`, at most 253 characters, beginning and ending with a letter or digit"
    };
    let generate_name = metadata.generate_name.as_deref().unwrap_or("");
    if !generate_name.is_empty() {
        for reason in name_rule(&mask_trailing_dash(generate_name)) {
            problems.push(Problem::new(at.child("generateName"), k8s_type::INVALID, Some(generate_name.to_string()), format!("`generateName` `{}` is not the start of {kind_of_name}", crate::text::clip(generate_name)), reason, help));
        }
    }
    match metadata.name.as_deref().unwrap_or("") {
        "" if generate_name.is_empty() => problems.push(
            Problem::new(at.child("name"), k8s_type::REQUIRED, None, "the object has no `metadata.name`", "name or generateName is required", "add `metadata.name`")
                .pointing_at(at.clone())
                .on_key(),
        ),
        "" => {}
        name => {
            for reason in name_rule(name) {
                problems.push(Problem::new(at.child("name"), k8s_type::INVALID, Some(name.to_string()), format!("the name `{}` is not {kind_of_name}", crate::text::clip(name)), reason, help));
            }
        }
    }
    if let Some(namespace) = metadata.namespace.as_deref() {
        for reason in names::dns1123_label(namespace) {
            problems.push(Problem::new(at.child("namespace"), k8s_type::INVALID, Some(namespace.to_string()), format!("the namespace `{}` is not a DNS label", crate::text::clip(namespace)), reason, "name an existing namespace: lowercase letters, digits and `-`, at most 63 characters"));
        }
    }
}

/// A `generateName` is judged as a name with its trailing `-` standing for what the API server
/// appends (`maskTrailingDash`, which also drops the character before it).
fn mask_trailing_dash(prefix: &str) -> String {
    match prefix.strip_suffix('-') {
        Some(rest) if prefix.len() > 1 => {
            let mut kept: String = rest.chars().collect();
            kept.pop();
            kept.push('a');
            kept
        }
        _ => prefix.to_string(),
    }
}

/// Labels and annotations of `metadata`, reported at `reported` (`….labels`) and located at
/// `located` (`….labels[key]`).
fn map_problems(metadata: &ObjectMeta, reported: &dyn Fn() -> FieldPath, located: &dyn Fn() -> FieldPath, problems: &mut Vec<Problem>) {
    // Paths are made only for a problem: most labels have none.
    let labels_at = || reported().child("labels");
    let place = |key: &str| located().child("labels").key(key);
    for (key, value) in metadata.labels.iter().flatten() {
        for reason in names::qualified_name(key) {
            problems.push(
                Problem::new(labels_at(), k8s_type::INVALID, Some(key.clone()), format!("label key `{}` is not a qualified name", crate::text::clip(key)), reason, "use a label key: `name` or `prefix.example.com/name`, letters, digits, `-`, `_` and `.`")
                    .pointing_at(place(key))
                    .on_key(),
            );
        }
        for reason in names::label_value(value) {
            problems.push(
                Problem::new(labels_at(), k8s_type::INVALID, Some(value.clone()), format!("the value of label `{}` is not a label value", crate::text::clip(key)), reason, "use at most 63 letters, digits, `-`, `_` and `.`, beginning and ending with a letter or digit; free text belongs in an annotation")
                    .pointing_at(place(key)),
            );
        }
    }
    let annotations_at = || reported().child("annotations");
    let annotations: &BTreeMap<String, String> = match &metadata.annotations {
        Some(annotations) => annotations,
        None => return,
    };
    let mut bytes = 0;
    for (key, value) in annotations {
        bytes += key.len() + value.len();
        // Lowercased only where case matters: a key with capitals.
        let reasons = if key.bytes().any(|b| b.is_ascii_uppercase()) {
            names::qualified_name(&key.to_ascii_lowercase())
        } else {
            names::qualified_name(key)
        };
        for reason in reasons {
            problems.push(
                Problem::new(annotations_at(), k8s_type::INVALID, Some(key.clone()), format!("annotation key `{}` is not a qualified name", crate::text::clip(key)), reason, "use a key like `name` or `prefix.example.com/name`: letters, digits, `-`, `_` and `.`")
                    .pointing_at(located().child("annotations").key(key))
                    .on_key(),
            );
        }
    }
    if bytes > MAX_ANNOTATION_BYTES {
        problems.push(
            Problem::new(annotations_at(), k8s_type::TOO_LONG, None, format!("the annotations hold {bytes} bytes: at most {MAX_ANNOTATION_BYTES}"), format!("may not be more than {MAX_ANNOTATION_BYTES} bytes"), "move large data to a ConfigMap")
                .pointing_at(located().child("annotations"))
                .on_key(),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{at, gates, k8s_errors_in};

    fn errors(text: &str) -> Vec<(String, &'static str)> {
        let mut found = k8s_errors_in(&RULE, text, gates(34, ""));
        found.sort();
        found
    }

    fn deployment(metadata: &str, template_metadata: &str) -> String {
        format!("apiVersion: apps/v1\nkind: Deployment\nmetadata: {metadata}\nspec:\n  selector: {{matchLabels: {{app: w}}}}\n  template:\n    metadata: {template_metadata}\n    spec: {{containers: [{{name: c, image: i}}]}}\n")
    }

    /// `TestValidateObjectMeta…` and the name cases of the apps tables, in our words.
    #[test]
    fn names_by_kind() {
        assert_eq!(errors(&deployment("{name: web.front-1}", "{labels: {app: w}}")), []);
        assert_eq!(errors(&deployment("{name: Web}", "{labels: {app: w}}")), [at("metadata.name", "FieldValueInvalid")]);
        assert_eq!(errors(&deployment("{namespace: x}", "{labels: {app: w}}")), [at("metadata.name", "FieldValueRequired")]);
        assert_eq!(errors(&deployment("{generateName: web-}", "{labels: {app: w}}")), []);
        assert_eq!(errors(&deployment("{generateName: Web-}", "{labels: {app: w}}")), [at("metadata.generateName", "FieldValueInvalid")]);
        assert_eq!(errors(&deployment("{name: w, namespace: Team_A}", "{labels: {app: w}}")), [at("metadata.namespace", "FieldValueInvalid")]);
        let stateful = |name: &str| {
            errors(&format!("apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {{name: {name}}}\nspec:\n  selector: {{matchLabels: {{app: w}}}}\n  template:\n    metadata: {{labels: {{app: w}}}}\n    spec: {{containers: [{{name: c, image: i}}]}}\n"))
        };
        assert_eq!(stateful("abc-123"), []);
        assert_eq!(stateful("abc.123"), [at("metadata.name", "FieldValueInvalid")]);
        assert_eq!(stateful(&"a".repeat(64)), [at("metadata.name", "FieldValueInvalid")]);
        let pod = |name: &str| errors(&format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: {name}}}\nspec: {{containers: [{{name: c, image: i}}]}}\n"));
        assert_eq!(pod("a.b"), []);
        assert_eq!(pod("a_b"), [at("metadata.name", "FieldValueInvalid")]);
    }

    #[test]
    fn labels_and_annotations_of_the_object_and_its_template() {
        let object = "{name: w, labels: {helm.sh/chart: web-1.2.0+build.7}, annotations: {Example.com/Note: x}}";
        assert_eq!(errors(&deployment(object, "{labels: {app: w}}")), [at("metadata.labels", "FieldValueInvalid")]);
        assert_eq!(
            errors(&deployment("{name: w}", "{labels: {app: w, \"bad key\": x}, annotations: {\"a/b/c\": x}}")),
            [at("spec.template.annotations", "FieldValueInvalid"), at("spec.template.labels", "FieldValueInvalid")]
        );
        let big = format!("{{name: w, annotations: {{note: \"{}\"}}}}", "x".repeat(MAX_ANNOTATION_BYTES));
        assert_eq!(errors(&deployment(&big, "{labels: {app: w}}")), [at("metadata.annotations", "FieldValueTooLong")]);
        let cron = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec:\n  schedule: \"@daily\"\n  jobTemplate:\n    spec:\n      template:\n        metadata: {labels: {tier: \"-x\"}}\n        spec: {restartPolicy: Never, containers: [{name: c, image: i}]}\n";
        assert_eq!(errors(cron), [at("spec.jobTemplate.spec.template.labels", "FieldValueInvalid")]);
    }

    #[test]
    fn a_generate_name_stands_for_what_is_appended() {
        assert_eq!(mask_trailing_dash("web-"), "wea");
        assert_eq!(mask_trailing_dash("-"), "-");
        assert_eq!(mask_trailing_dash("web"), "web");
    }
}
