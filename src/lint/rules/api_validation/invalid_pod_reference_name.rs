//! PL142 `invalid-pod-reference-name`: a name in the pod spec (service account, node, priority
//! class, runtime class, hostname, subdomain) that is not a valid name of its kind.

use crate::k8s::names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a name in the pod spec that is not a valid name of its kind.
pub static RULE: Rule = Rule {
    id: "PL142",
    name: "invalid-pod-reference-name",
    severity: Severity::Error,
    summary: "a service account, node, priority class, runtime class, hostname or subdomain name that is not valid",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks the names a pod spec refers to or sets: `serviceAccountName`, `nodeName`, `priorityClassName` and `runtimeClassName` must be DNS subdomains (lowercase letters, digits, `-` and `.`, at most 253 characters; `runtimeClassName: ""` too), `hostname` and `subdomain` DNS labels (no dots, at most 63), and `hostnameOverride` (1.34+) a DNS subdomain of at most 64 characters, not combined with `hostNetwork` or `setHostnameAsFQDN`. `schedulerName` is not validated by the API server, so podlife does not either.

## Why
The API server rejects the pod (`spec.serviceAccountName: Invalid value: "CI_Runner": a lowercase RFC 1123 subdomain must consist of …`). Such a name could not exist as an object anyway.

## Example
```yaml
spec:
  serviceAccountName: CI_Runner
```

## How to fix
Use the object's real (lowercase) name.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `ValidatePodSpec` (`ValidateServiceAccountName`, `ValidateNodeName`, `ValidatePriorityClassName`, `ValidateRuntimeClassName`, `ValidateDNS1123Label`), `validatePodHostName` (`FieldValueInvalid`, `FieldValueForbidden`, `FieldValueTooLong`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let spec = &context.pod.spec;
    let base = FieldPath::root().child("spec");
    let subdomain: [(&str, Option<&str>, &str); 3] = [
        ("serviceAccountName", spec.service_account_name.as_deref(), "service account"),
        ("nodeName", spec.node_name.as_deref(), "node"),
        ("priorityClassName", spec.priority_class_name.as_deref(), "priority class"),
    ];
    let mut problems = Vec::new();
    for (field, value, what) in subdomain {
        let Some(value) = value.filter(|v| !v.is_empty()) else {
            continue;
        };
        problems.extend(invalid(&base, field, value, what, names::dns1123_subdomain(value)));
    }
    if let Some(value) = spec.runtime_class_name.as_deref() {
        problems.extend(invalid(&base, "runtimeClassName", value, "runtime class", names::dns1123_subdomain(value)));
    }
    for (field, value) in [("hostname", spec.hostname.as_deref()), ("subdomain", spec.subdomain.as_deref())] {
        let Some(value) = value.filter(|v| !v.is_empty()) else {
            continue;
        };
        problems.extend(invalid(&base, field, value, field, names::dns1123_label(value)));
    }
    if let Some(value) = spec.hostname_override.as_deref() {
        let at = base.child("hostnameOverride");
        let forbidden = |why: &str| {
            Problem::new(at.clone(), k8s_type::FORBIDDEN, None, format!("`hostnameOverride` is set {why}"), format!("may not be specified when {why}"), "remove one of them").on_key()
        };
        if spec.set_hostname_as_fqdn == Some(true) {
            problems.push(forbidden("setHostnameAsFQDN is true"));
        } else if spec.host_network == Some(true) {
            problems.push(forbidden("hostNetwork is true"));
        } else if value.len() > 64 {
            problems.push(Problem::new(at, k8s_type::TOO_LONG, None, format!("`hostnameOverride` is {} characters long", value.len()), "may not be more than 64 bytes", "shorten it"));
        } else {
            problems.extend(invalid(&base, "hostnameOverride", value, "hostname", names::dns1123_subdomain(value)));
        }
    }
    findings.extend(problems.into_iter().map(|p| p.into_finding(&RULE)));
}

fn invalid(base: &FieldPath, field: &str, value: &str, what: &str, reasons: Vec<String>) -> Vec<Problem> {
    reasons
        .into_iter()
        .map(|reason| {
            Problem::new(
                base.child(field.to_string()),
                k8s_type::INVALID,
                Some(value.to_string()),
                format!("`{field}: {value}` is not a valid {what} name"),
                reason,
                format!("use the {what}'s real name: lowercase letters, digits and `-`"),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    // TestValidatePodSpec failure rows: "bad service account name", "bad nodeName",
    // "bad PriorityClassName", "bad RuntimeClassName"; success rows with valid names.
    #[test]
    fn k7_validate_pod_spec_names() {
        let pod = |field: &str| format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  {field}\n  containers:\n  - {{name: c, image: image}}\n");
        for (field, path) in [
            ("serviceAccountName: invalidName", "spec.serviceAccountName"),
            ("nodeName: node name", "spec.nodeName"),
            ("priorityClassName: InvalidName", "spec.priorityClassName"),
            ("runtimeClassName: invalid/sandbox", "spec.runtimeClassName"),
            ("runtimeClassName: \"\"", "spec.runtimeClassName"),
            ("hostname: a.b", "spec.hostname"),
            ("subdomain: Sub", "spec.subdomain"),
        ] {
            assert_eq!(k8s_errors(&RULE, &pod(field), false), [(path.to_string(), "FieldValueInvalid")], "{field}");
        }
        for field in ["serviceAccountName: acct", "nodeName: foobar", "priorityClassName: valid-name", "runtimeClassName: valid-sandbox", "schedulerName: Any_Thing"] {
            assert!(k8s_errors(&RULE, &pod(field), false).is_empty(), "{field}");
        }
    }
}
