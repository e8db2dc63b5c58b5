//! PL176 `seccomp-annotation-mismatch`: a Pod whose legacy seccomp annotation and
//! `seccompProfile` field say different things.

use crate::k8s::model::SecurityProfile;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::api_validation::invalid_seccomp_annotation::{CONTAINER_PREFIX, POD_KEY};
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a seccomp annotation that disagrees with the field.
pub static RULE: Rule = Rule {
    id: "PL176",
    name: "seccomp-annotation-mismatch",
    severity: Severity::Error,
    summary: "a Pod whose seccomp annotation and `securityContext.seccompProfile` disagree",
    origin: Origin::Pod(check),
    docs: r#"## What it does
For a Pod that has both a legacy seccomp annotation and the `seccompProfile` field (the pod's `seccomp.security.alpha.kubernetes.io/pod` beside `spec.securityContext.seccompProfile`, or `container.seccomp.security.alpha.kubernetes.io/<name>` beside that container's), checks that they agree: `Unconfined` with `unconfined`, `RuntimeDefault` with `runtime/default` or `docker/default`, `Localhost` with `localhost/<localhostProfile>`.

## Why
The API server refuses to create the pod (`spec.securityContext.seccompProfile.type: Forbidden: seccomp type in annotation and field must match`): it cannot tell which of the two was meant. Pod templates are not checked (the API server checks when it creates the Pod, and a controller's Pods inherit the template).

## Example
```yaml
metadata:
  annotations:
    seccomp.security.alpha.kubernetes.io/pod: unconfined
spec:
  securityContext:
    seccompProfile: {type: RuntimeDefault}
```

## How to fix
Remove the annotation: the field is what the kubelet uses. Or make the two say the same thing.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateSeccompAnnotationsAndFields`, `validateSeccompAnnotationsAndFieldsMatch`, called by `ValidatePodCreate` (`FieldValueForbidden`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if context.object.kind != "Pod" {
        return;
    }
    let Some(annotations) = &context.pod.metadata.annotations else { return };
    let spec = FieldPath::root().child("spec");
    let pod_profile = context.pod.spec.security_context.as_ref().and_then(|sc| sc.seccomp_profile.as_ref());
    if let (Some(profile), Some(annotation)) = (pod_profile, annotations.get(POD_KEY)) {
        mismatch(annotation, POD_KEY, profile, &spec.child("securityContext").child("seccompProfile"), findings);
    }
    for (list, index, container) in context.all_containers() {
        if list == ContainerList::Defer {
            continue;
        }
        let Some(profile) = container.security_context.as_ref().and_then(|sc| sc.seccomp_profile.as_ref()) else { continue };
        let key = format!("{CONTAINER_PREFIX}{}", container.name.as_deref().unwrap_or(""));
        if let Some(annotation) = annotations.get(&key) {
            let at = context.container_path(list, index).child("securityContext").child("seccompProfile");
            mismatch(annotation, &key, profile, &at, findings);
        }
    }
}

/// `validateSeccompAnnotationsAndFieldsMatch`.
fn mismatch(annotation: &str, key: &str, profile: &SecurityProfile, at: &FieldPath, findings: &mut Vec<Finding>) {
    let kind = profile.kind.as_deref().unwrap_or("");
    let (field, message) = match kind {
        "Unconfined" if annotation != "unconfined" => ("type", "seccomp type in annotation and field must match"),
        "RuntimeDefault" if !matches!(annotation, "runtime/default" | "docker/default") => ("type", "seccomp type in annotation and field must match"),
        "Localhost" => match annotation.strip_prefix("localhost/") {
            None => ("type", "seccomp type in annotation and field must match"),
            Some(path) if profile.localhost_profile.as_deref() != Some(path) => ("localhostProfile", "seccomp profile in annotation and field must match"),
            Some(_) => return,
        },
        _ => return,
    };
    let span = if field == "localhostProfile" && profile.localhost_profile.is_some() { at.child("localhostProfile") } else { at.child("type") };
    findings.push(
        Problem::new(at.child(field), k8s_type::FORBIDDEN, None, format!("annotation `{key}: {annotation}` disagrees with `seccompProfile` `{kind}`"), message, format!("remove the `{key}` annotation (the field is what the kubelet uses), or make the two agree"))
            .pointing_at(span)
            .into_finding(&RULE),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn errors(kind: &str, annotation: &str, profile: &str) -> Vec<(String, &'static str)> {
        let text = format!("apiVersion: v1\nkind: {kind}\nmetadata:\n  name: p\n  annotations: {{{annotation}}}\nspec:\n  securityContext: {{seccompProfile: {profile}}}\n  containers:\n  - name: ctr\n    image: image\n    securityContext: {{seccompProfile: {profile}}}\n");
        k8s_errors(&RULE, &text, false)
    }

    // TestValidatePodCreateWithSchedulingGates' neighbours: the seccomp field/annotation rows of
    // TestValidatePod and validateSeccompAnnotationsAndFields.
    #[test]
    fn k7_seccomp_annotations_and_fields_must_match() {
        let pod_key = format!("{POD_KEY}: ");
        for (annotation, profile) in [
            ("unconfined", "{type: Unconfined}"),
            ("runtime/default", "{type: RuntimeDefault}"),
            ("docker/default", "{type: RuntimeDefault}"),
            ("localhost/p.json", "{type: Localhost, localhostProfile: p.json}"),
        ] {
            assert!(errors("Pod", &format!("{pod_key}{annotation}"), profile).is_empty(), "{annotation} {profile}");
        }
        let field = |f: &str| (format!("spec.securityContext.seccompProfile.{f}"), "FieldValueForbidden");
        assert_eq!(errors("Pod", &format!("{pod_key}unconfined"), "{type: RuntimeDefault}"), [field("type")]);
        assert_eq!(errors("Pod", &format!("{pod_key}runtime/default"), "{type: Unconfined}"), [field("type")]);
        assert_eq!(errors("Pod", &format!("{pod_key}runtime/default"), "{type: Localhost, localhostProfile: p.json}"), [field("type")]);
        assert_eq!(errors("Pod", &format!("{pod_key}localhost/q.json"), "{type: Localhost, localhostProfile: p.json}"), [field("localhostProfile")]);
        let container = errors("Pod", &format!("{CONTAINER_PREFIX}ctr: unconfined"), "{type: RuntimeDefault}");
        assert_eq!(container, [("spec.containers[0].securityContext.seccompProfile.type".to_string(), "FieldValueForbidden")]);
        // Only on create of a Pod: a template is not checked.
        let template = format!("apiVersion: v1\nkind: PodTemplate\nmetadata: {{name: t}}\ntemplate:\n  metadata:\n    annotations: {{{pod_key}unconfined}}\n  spec:\n    securityContext: {{seccompProfile: {{type: RuntimeDefault}}}}\n    containers:\n    - {{name: ctr, image: image}}\n");
        assert!(k8s_errors(&RULE, &template, false).is_empty());
        assert!(!errors("Pod", &format!("{pod_key}unconfined"), "{type: RuntimeDefault}").is_empty());
    }
}
