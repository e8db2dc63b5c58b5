//! PL175 `invalid-seccomp-annotation`: a legacy seccomp annotation whose value is not a
//! seccomp profile.

use crate::k8s::names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a seccomp annotation the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL175",
    name: "invalid-seccomp-annotation",
    severity: Severity::Error,
    summary: "a `seccomp.security.alpha.kubernetes.io/pod` or `container.seccomp.security.alpha.kubernetes.io/<name>` annotation that is not a seccomp profile",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks the values of the legacy seccomp annotations, `seccomp.security.alpha.kubernetes.io/pod` and `container.seccomp.security.alpha.kubernetes.io/<container>`: each is `runtime/default`, `docker/default`, `unconfined`, or `localhost/` followed by a relative path without `..`.

## Why
The API server rejects the pod (`metadata.annotations.seccomp.security.alpha.kubernetes.io/pod: Invalid value: "RuntimeDefault": must be a valid seccomp profile`). The annotations predate `securityContext.seccompProfile` and use other spellings; copying a field's value (`RuntimeDefault`) into one is the usual slip.

## Example
```yaml
metadata:
  annotations:
    seccomp.security.alpha.kubernetes.io/pod: RuntimeDefault
```

## How to fix
Prefer `securityContext.seccompProfile` (`type: RuntimeDefault`) and drop the annotation; if it must stay, write `runtime/default`, `unconfined` or `localhost/<profile>`.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `ValidateSeccompPodAnnotations`, `ValidateSeccompProfile`, `validateLocalDescendingPath` (`FieldValueInvalid`).
"#,
};

/// The pod-wide annotation.
pub const POD_KEY: &str = "seccomp.security.alpha.kubernetes.io/pod";
/// The prefix of a container's annotation (the container's name follows).
pub const CONTAINER_PREFIX: &str = "container.seccomp.security.alpha.kubernetes.io/";

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(annotations) = &context.pod.metadata.annotations else { return };
    let at = FieldPath::root().child("metadata").child("annotations");
    for (key, value) in annotations {
        if key != POD_KEY && !key.starts_with(CONTAINER_PREFIX) {
            continue;
        }
        for (label, help) in profile_problems(value) {
            // Kubernetes names the annotation as a child field, not a key.
            findings.push(
                Problem::new(at.child(key.clone()), k8s_type::INVALID, Some(value.clone()), format!("seccomp annotation `{key}: {value}` is not a seccomp profile"), label, help)
                    .pointing_at(at.key(key))
                    .into_finding(&RULE),
            );
        }
    }
}

/// `ValidateSeccompProfile`: what is wrong with an annotation's value, with how to fix it.
fn profile_problems(value: &str) -> Vec<(String, &'static str)> {
    if matches!(value, "runtime/default" | "docker/default" | "unconfined") {
        return Vec::new();
    }
    match value.strip_prefix("localhost/") {
        Some(path) => names::local_descending_path(path).into_iter().map(|reason| (reason, "name the profile relative to the kubelet's seccomp directory (`localhost/profiles/audit.json`)")).collect(),
        None => vec![("must be a valid seccomp profile".to_string(), "write `runtime/default`, `unconfined` or `localhost/<profile>`, or use `securityContext.seccompProfile` instead")],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn errors(annotations: &str) -> Vec<(String, &'static str)> {
        let pod = format!("apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  annotations: {annotations}\nspec:\n  containers:\n  - {{name: ctr, image: image}}\n");
        k8s_errors(&RULE, &pod, false)
    }

    // TestValidatePod seccomp annotation rows (ValidateSeccompProfile).
    #[test]
    fn k7_validate_seccomp_annotations() {
        for ok in ["runtime/default", "docker/default", "unconfined", "localhost/profiles/audit.json"] {
            assert!(errors(&format!("{{{POD_KEY}: \"{ok}\"}}")).is_empty(), "{ok}");
            assert!(errors(&format!("{{{CONTAINER_PREFIX}ctr: \"{ok}\"}}")).is_empty(), "{ok}");
        }
        let pod = |v: &str| errors(&format!("{{{POD_KEY}: \"{v}\"}}"));
        let path = format!("metadata.annotations.{POD_KEY}");
        assert_eq!(pod("RuntimeDefault"), [(path.clone(), "FieldValueInvalid")]);
        assert_eq!(pod("localhost//abs.json"), [(path.clone(), "FieldValueInvalid")]);
        assert_eq!(pod("localhost/../escape.json"), [(path, "FieldValueInvalid")]);
        let container = errors(&format!("{{{CONTAINER_PREFIX}ctr: foo}}"));
        assert_eq!(container, [(format!("metadata.annotations.{CONTAINER_PREFIX}ctr"), "FieldValueInvalid")]);
        // Other annotations are not looked at.
        assert!(errors("{example.com/seccomp: anything}").is_empty());
    }
}
