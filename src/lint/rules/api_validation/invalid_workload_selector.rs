//! PL179 `invalid-workload-selector`: a workload's `spec.selector` is missing, empty, malformed, or does not select its own pod template.

use crate::finding::{Finding, Severity};
use crate::k8s::workload::WorkloadSelector;
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::api_validation::helpers::label_selector::selector_problems;
use crate::lint::rules::{Origin, PodContext, Rule};

/// a workload's `spec.selector` is missing, empty, malformed, or does not select its own pod template.
pub static RULE: Rule = Rule {
    id: "PL179",
    name: "invalid-workload-selector",
    severity: Severity::Error,
    summary: "a workload's `spec.selector` is missing, empty, malformed, or does not select its own pod template",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Validates the `spec.selector` of an `apps/v1` Deployment, ReplicaSet, StatefulSet or DaemonSet, and of a `v1` ReplicationController, as the API server does (docs/workloads.md):

- a Deployment, ReplicaSet or StatefulSet needs one (`Required`); a DaemonSet without one selects nothing;
- an empty selector (`{}`) would select every pod in the namespace and is rejected;
- `matchLabels` keys and values must be label keys and values, and each of `matchExpressions` a valid requirement (`In`, `NotIn` with values; `Exists`, `DoesNotExist` without); a Deployment's, ReplicaSet's or StatefulSet's template is then not compared;
- the pod template's labels must satisfy the selector, `matchLabels` and every expression (reported at `spec.template.metadata.labels`, as the API server does).

A ReplicationController without a selector takes its template's labels: only a written selector is compared.

## Why
The API server rejects the workload. The commonest cause is a label renamed in the template and not in the selector (or the reverse); an `apps/v1` selector cannot be changed after creation, so the template's labels are what to fix.

## Example
```yaml
kind: Deployment
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: website}   # not selected
```

## How to fix
Make the template's labels satisfy the selector; give a Deployment, ReplicaSet or StatefulSet a `spec.selector.matchLabels` with its template's labels. Spell label keys and values as Kubernetes allows (`[a-z0-9A-Z._-]`, 63 characters, an optional DNS prefix on keys).

## Kubernetes reference
`pkg/apis/apps/validation/validation.go`: `ValidateDeploymentSpec`, `ValidateReplicaSetSpec`, `ValidateStatefulSetSpec`, `ValidateDaemonSetSpec`, `ValidatePodTemplateSpecForReplicaSet`, `ValidatePodTemplateSpecForStatefulSet`; `pkg/apis/core/validation/validation.go` `ValidateReplicationControllerSpec`; `k8s.io/apimachinery/pkg/apis/meta/v1/validation` `ValidateLabelSelector`.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(selector) = &context.object.selector else {
        return;
    };
    let object = context.object;
    let kind = object.kind.as_str();
    let controller = object.api_version == "v1" && kind == "ReplicationController";
    if object.api_version != "apps/v1" && !controller {
        return;
    }
    // The message the API server gives an empty selector names the kind, a ReplicaSet's too
    // ("deployment"), as `ValidateReplicaSetSpec` words it.
    let noun = match kind {
        "StatefulSet" => "statefulset",
        "DaemonSet" => "daemonset",
        _ => "deployment",
    };
    let at = context.object_path("spec.selector");
    let labels_at = context.object_path("spec.template.metadata.labels");
    let no_labels = std::collections::BTreeMap::new();
    let labels = context.pod.metadata.labels.as_ref().unwrap_or(&no_labels);
    let mut problems = Vec::new();
    let mismatch = |unmet: String| {
        Problem::new(
            labels_at.clone(),
            k8s_type::INVALID,
            None,
            format!("the {kind}'s `spec.selector` does not select its own pod template: {unmet} is not met by its labels"),
            "`selector` does not match template `labels`",
            "make the pod template's labels satisfy the selector",
        )
        .pointing_at(at.clone())
        .on_key()
    };
    match selector {
        // A ReplicationController's selector defaults to its template's labels.
        WorkloadSelector::Missing if controller => return,
        WorkloadSelector::Missing => missing(context, kind, &mut problems),
        WorkloadSelector::Written(written) if controller => {
            if let Some(unmet) = written.first_unmet(labels).filter(|_| !written.is_empty()) {
                problems.push(mismatch(unmet));
            }
        }
        WorkloadSelector::Written(written) => {
            let before = problems.len();
            selector_problems(written, &at, &mut problems);
            let malformed = problems.len() > before;
            if written.is_empty() {
                problems.push(
                    Problem::new(
                        at.clone(),
                        k8s_type::INVALID,
                        None,
                        format!("the {kind}'s `spec.selector` is empty: it would select every pod in the namespace"),
                        format!("empty selector is invalid for {noun}"),
                        "select the pod template's labels with `matchLabels`",
                    )
                    .on_key(),
                );
            }
            if malformed && kind != "DaemonSet" {
                // `LabelSelectorAsSelector` fails: the template is not compared.
                let detail = if kind == "StatefulSet" { "" } else { "invalid label selector" };
                problems.push(
                    Problem::new(
                        at.clone(),
                        k8s_type::INVALID,
                        None,
                        format!("the {kind}'s `spec.selector` is malformed (the errors at its fields), so the API server cannot compare it with the template"),
                        detail,
                        "fix the selector's keys, values and operators",
                    )
                    .on_key(),
                );
            } else if !malformed
                && !written.is_empty()
                && let Some(unmet) = written.first_unmet(labels)
            {
                problems.push(mismatch(unmet));
            }
        }
    }
    findings.extend(problems.into_iter().map(|problem| problem.into_finding(&RULE)));
}

/// No `spec.selector`: required of all but a DaemonSet, and then no template is selected.
fn missing(context: &PodContext<'_>, kind: &str, problems: &mut Vec<Problem>) {
    let at = context.object_path("spec.selector");
    let labels_at = context.object_path("spec.template.metadata.labels");
    if kind != "DaemonSet" {
        problems.push(
            Problem::new(
                at.clone(),
                k8s_type::REQUIRED,
                None,
                format!("a {kind} needs `spec.selector`"),
                "Required value",
                "add `spec.selector.matchLabels` with the pod template's labels",
            )
            .pointing_at(context.object_path("spec"))
            .on_key(),
        );
    }
    problems.push(
        Problem::new(
            labels_at.clone(),
            k8s_type::INVALID,
            None,
            format!("the {kind} has no `spec.selector`, so it selects none of its own pods"),
            "`selector` does not match template `labels`",
            "add `spec.selector.matchLabels` with the pod template's labels",
        )
        .pointing_at(context.object_path("spec"))
        .on_key(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{gates, k8s_errors_in};

    fn errors(api_version: &str, kind: &str, selector: &str, labels: &str) -> Vec<(String, &'static str)> {
        let text = format!(
            "apiVersion: {api_version}\nkind: {kind}\nmetadata: {{name: w}}\nspec:\n{selector}  template:\n    metadata: {{labels: {labels}}}\n    spec: {{containers: [{{name: c, image: i}}]}}\n"
        );
        k8s_errors_in(&RULE, &text, gates(34, ""))
    }

    fn at(path: &str, kind: &'static str) -> (String, &'static str) {
        (path.to_string(), kind)
    }

    const MATCHING: &str = "  selector: {matchLabels: {app: w}}\n";

    #[test]
    fn a_selector_that_selects_the_template_passes() {
        for kind in ["Deployment", "ReplicaSet", "StatefulSet", "DaemonSet"] {
            assert_eq!(errors("apps/v1", kind, MATCHING, "{app: w, tier: web}"), [], "{kind}");
        }
        let expression = "  selector: {matchExpressions: [{key: app, operator: In, values: [w, x]}]}\n";
        assert_eq!(errors("apps/v1", "Deployment", expression, "{app: w}"), []);
    }

    /// The table of `TestValidateDeployment`/`…ReplicaSet`/`…StatefulSet`/`…DaemonSet` for
    /// selectors, in our words.
    #[test]
    fn missing_empty_malformed_and_mismatched() {
        let labels = "{app: w}";
        // Both at the place of `spec` (findings are sorted by place, then rule and message).
        for kind in ["Deployment", "ReplicaSet", "StatefulSet"] {
            let mut found = errors("apps/v1", kind, "", labels);
            found.sort();
            assert_eq!(
                found,
                [at("spec.selector", "FieldValueRequired"), at("spec.template.metadata.labels", "FieldValueInvalid")],
                "{kind}"
            );
        }
        // A DaemonSet without a selector selects nothing: only the mismatch.
        assert_eq!(errors("apps/v1", "DaemonSet", "", labels), [at("spec.template.metadata.labels", "FieldValueInvalid")]);
        for kind in ["Deployment", "ReplicaSet", "StatefulSet", "DaemonSet"] {
            assert_eq!(errors("apps/v1", kind, "  selector: {}\n", labels), [at("spec.selector", "FieldValueInvalid")], "{kind}");
            assert_eq!(
                errors("apps/v1", kind, "  selector: {matchLabels: {app: web}}\n", labels),
                [at("spec.template.metadata.labels", "FieldValueInvalid")],
                "{kind}"
            );
        }
        // A malformed selector: its field errors, then "invalid label selector", no comparison;
        // a DaemonSet's field errors alone.
        let malformed = "  selector: {matchExpressions: [{key: app, operator: In}]}\n";
        // In file order: the selector's key first, then the expression inside it.
        assert_eq!(
            errors("apps/v1", "Deployment", malformed, labels),
            [at("spec.selector", "FieldValueInvalid"), at("spec.selector.matchExpressions[0].values", "FieldValueRequired")]
        );
        assert_eq!(
            errors("apps/v1", "DaemonSet", malformed, labels),
            [at("spec.selector.matchExpressions[0].values", "FieldValueRequired")]
        );
    }

    #[test]
    fn a_replication_controller_compares_only_a_written_selector() {
        assert_eq!(errors("v1", "ReplicationController", "", "{app: w}"), []);
        assert_eq!(errors("v1", "ReplicationController", "  selector: {app: w}\n", "{app: w}"), []);
        assert_eq!(
            errors("v1", "ReplicationController", "  selector: {app: web}\n", "{app: w}"),
            [at("spec.template.metadata.labels", "FieldValueInvalid")]
        );
    }

    #[test]
    fn older_api_versions_are_not_judged() {
        assert_eq!(errors("apps/v1beta2", "Deployment", "", "{app: w}"), []);
    }
}
