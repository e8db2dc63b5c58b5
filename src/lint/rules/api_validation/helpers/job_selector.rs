//! A `batch/v1` Job's selector as the API server judges it: generated from the Job's name and
//! uid unless `manualSelector: true` (`generateSelector` in `pkg/registry/batch/job/strategy.go`,
//! then `validateGeneratedSelector` and `ValidateJobSpec`), or written and matching the template.

use std::collections::BTreeMap;

use crate::k8s::names;
use crate::k8s::workload::WorkloadSelector;
use crate::lint::rules::PodContext;
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::api_validation::helpers::label_selector::selector_problems;

/// The labels the API server puts on a Job's pod template, and the one key of them it adds to
/// a written selector.
const CONTROLLER_UID: &str = "controller-uid";
const JOB_NAME: &str = "job-name";
const BATCH_CONTROLLER_UID: &str = "batch.kubernetes.io/controller-uid";
const BATCH_JOB_NAME: &str = "batch.kubernetes.io/job-name";

/// The uid the API server gives the Job when it creates it: no value written in a manifest can
/// be it (a label value cannot hold a NUL).
const UNKNOWN_UID: &str = "\0uid";

/// The problems with a Job's selector and the labels generated for it.
pub fn problems(context: &PodContext<'_>, selector: &WorkloadSelector, manual: bool) -> Vec<Problem> {
    let mut problems = Vec::new();
    let at = context.object_path("spec.selector");
    let labels_at = context.object_path("spec.template.metadata.labels");
    let written = context.pod.metadata.labels.clone().unwrap_or_default();
    let mismatch = |message: String| {
        Problem::new(labels_at.clone(), k8s_type::INVALID, None, message, "`selector` does not match template `labels`", "make the pod template's labels satisfy the selector")
            .pointing_at(at.clone())
            .on_key()
    };
    if manual {
        match selector {
            WorkloadSelector::Missing => {
                problems.push(
                    Problem::new(at.clone(), k8s_type::REQUIRED, None, "a Job with `manualSelector: true` needs `spec.selector`", "Required value", "add `spec.selector.matchLabels` with the pod template's labels, or remove `manualSelector` to have it generated")
                        .pointing_at(context.object_path("spec"))
                        .on_key(),
                );
                problems.push(mismatch("the Job has no `spec.selector`, so it selects none of its own pods".into()));
            }
            WorkloadSelector::Written(selector) => {
                let before = problems.len();
                selector_problems(selector, &at, &mut problems);
                if problems.len() == before
                    && let Some(unmet) = selector.first_unmet(&written)
                {
                    problems.push(mismatch(format!("the Job's `spec.selector` does not select its own pod template: {unmet} is not met by its labels")));
                }
            }
        }
        return problems;
    }
    // A `generateName` is completed by the API server: what the labels must say is not known.
    let name = context.object.own_metadata().name.as_deref();
    generated_label_problems(context, &written, name, &mut problems);
    let WorkloadSelector::Written(selector) = selector else {
        return problems;
    };
    let before = problems.len();
    selector_problems(selector, &at, &mut problems);
    if problems.len() > before {
        return problems;
    }
    // The API server adds the uid to the selector, then wants it to select exactly the labels
    // it generates.
    let mut completed = selector.clone();
    completed
        .match_labels
        .get_or_insert_with(BTreeMap::new)
        .entry(BATCH_CONTROLLER_UID.into())
        .or_insert_with(|| UNKNOWN_UID.into());
    let generated = generated_labels(name, &BTreeMap::new());
    if completed.first_unmet(&generated).is_some() {
        problems.push(
            Problem::new(at.clone(), k8s_type::INVALID, None, "a Job's `spec.selector` is written without `manualSelector: true`: the API server generates it, and rejects one that selects anything else", "`selector` not auto-generated", "remove `spec.selector` (the Job controller selects its pods by the Job's uid), or set `manualSelector: true` if you mean to share pods")
                .on_key(),
        );
    } else if let Some(unmet) = completed.first_unmet(&generated_labels(name, &written)) {
        problems.push(mismatch(format!("the Job's `spec.selector` does not select its own pod template: {unmet} is not met by its labels")));
    }
    problems
}

/// The template's labels once the API server added those it generates (kept where written).
fn generated_labels(name: Option<&str>, written: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    let mut labels = written.clone();
    let name = name.unwrap_or(UNKNOWN_UID);
    for (key, value) in [(CONTROLLER_UID, UNKNOWN_UID), (JOB_NAME, name), (BATCH_CONTROLLER_UID, UNKNOWN_UID), (BATCH_JOB_NAME, name)] {
        labels.entry(key.into()).or_insert_with(|| value.into());
    }
    labels
}

/// A generated label written into the template with another value, and a name too long (or
/// otherwise unfit) to be the value of the generated name labels.
fn generated_label_problems(context: &PodContext<'_>, written: &BTreeMap<String, String>, name: Option<&str>, problems: &mut Vec<Problem>) {
    let labels_at = context.object_path("spec.template.metadata.labels");
    for key in [CONTROLLER_UID, JOB_NAME, BATCH_CONTROLLER_UID, BATCH_JOB_NAME] {
        let Some(value) = written.get(key) else {
            continue;
        };
        let (label, help) = if key.ends_with(CONTROLLER_UID) {
            ("must be the Job's uid, which the API server assigns".to_string(), format!("remove the `{key}` label: the API server sets it"))
        } else {
            match name {
                Some(name) if name != value => (format!("must be '{name}'"), format!("remove the `{key}` label (the API server sets it to the Job's name), or write `{name}`")),
                _ => continue,
            }
        };
        problems.push(Problem::new(
            labels_at.key(key),
            k8s_type::INVALID,
            Some(value.clone()),
            format!("the pod template's `{key}` label is `{}`: the API server sets this label itself", crate::text::clip(value)),
            label,
            help,
        ));
    }
    let Some(name) = name else {
        return;
    };
    let unset = [JOB_NAME, BATCH_JOB_NAME].iter().any(|key| !written.contains_key(*key));
    if let Some(reason) = names::label_value(name).into_iter().next().filter(|_| unset) {
        problems.push(
            Problem::new(
                context.object_path("spec.template.labels"),
                k8s_type::INVALID,
                Some(name.to_string()),
                format!("the Job's name becomes the value of its pods' `{BATCH_JOB_NAME}` label, and is no label value"),
                reason,
                "shorten the name to 63 characters or fewer",
            )
            .pointing_at(context.object_path("metadata.name")),
        );
    }
}

/// Whether `selector` selects `labels` (an empty selector selects everything).
#[cfg(test)]
fn selects(selector: &crate::k8s::scheduling::LabelSelector, labels: &BTreeMap<String, String>) -> bool {
    selector.first_unmet(labels).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::k8s::scheduling::LabelSelector;

    #[test]
    fn no_written_uid_can_be_the_generated_one() {
        let selector = LabelSelector {
            match_labels: Some(BTreeMap::from([(BATCH_CONTROLLER_UID.to_string(), "1a2b3c".to_string())])),
            match_expressions: None,
        };
        assert!(!selects(&selector, &generated_labels(Some("j"), &BTreeMap::new())));
        let by_name = LabelSelector {
            match_labels: Some(BTreeMap::from([(JOB_NAME.to_string(), "j".to_string())])),
            match_expressions: None,
        };
        assert!(selects(&by_name, &generated_labels(Some("j"), &BTreeMap::new())));
    }
}
