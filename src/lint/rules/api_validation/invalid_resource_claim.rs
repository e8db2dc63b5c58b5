//! PL146 `invalid-resource-claim`: a pod's `resourceClaims` or a container's `resources.claims`
//! that the API server rejects (names, one source, references to the pod's claims).

use crate::k8s::cluster::Gate;
use crate::k8s::model::{PodResourceClaim, ResourceClaim};
use crate::k8s::names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// resource claims the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL146",
    name: "invalid-resource-claim",
    severity: Severity::Error,
    summary: "a pod's `resourceClaims` or a container's `resources.claims` the API server rejects",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks Dynamic Resource Allocation claims (gate `DynamicResourceAllocation`: on from 1.34; before, the API server drops them, PL136). Each `spec.resourceClaims` entry needs a unique DNS-label `name` and exactly one of `resourceClaimName` or `resourceClaimTemplateName` (before 1.31, under `source`), each a valid object name. Each container's `resources.claims` entry must name one of the pod's claims, may name a `request` (a DNS label, 1.31 on), and may not use a claim twice: the same claim and request twice, or the whole claim beside one of its requests. Pod-level `spec.resources` may not have `claims`.

## Why
The API server rejects the pod (`spec.containers[0].resources.claims[0]: Not found: "gpu": must be one of the names in pod.spec.resourceClaims: accelerator`). A container can only use a device through a claim its pod declares.

## Example
```yaml
spec:
  resourceClaims:
  - name: accelerator
    resourceClaimTemplateName: single-gpu
  containers:
  - name: trainer
    image: registry.example.com/trainer:2.1
    resources:
      claims:
      - name: gpu
```

## How to fix
Name the pod's claim (`accelerator`), declare the claim in `spec.resourceClaims`, or remove the repeated entry.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validatePodResourceClaims`, `validatePodResourceClaim`, `validateResourceClaimNames`, `validatePodResources` (`FieldValueRequired`, `FieldValueDuplicate`, `FieldValueInvalid`, `FieldValueNotFound`, `FieldValueForbidden`); `pkg/api/pod/util.go` `dropDisabledDynamicResourceAllocationFields`.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let spec = &context.pod.spec;
    let mut problems = Vec::new();
    let base = FieldPath::root().child("spec");
    // `gatherPodResourceClaimNames`: every non-empty name, valid or not.
    let declared: Vec<&str> = spec
        .resource_claims
        .iter()
        .flatten()
        .filter_map(|claim| claim.name.as_deref().filter(|n| !n.is_empty()))
        .collect();
    let in_source = context.gates.version().minor() < 31;
    let mut seen = Vec::new();
    for (index, claim) in spec.resource_claims.iter().flatten().enumerate() {
        let at = base.child("resourceClaims").index(index);
        pod_claim_problems(claim, &at, in_source, &mut seen, &mut problems);
    }
    for (list, index, container) in context.all_containers() {
        let Some(claims) = container.resources.as_ref().and_then(|r| r.claims.as_deref()) else {
            continue;
        };
        let at = context.container_path(list, index).child("resources").child("claims");
        let who = Who::new(list, container, index);
        claim_reference_problems(claims, &at, &who.to_string(), &declared, &mut problems);
    }
    if context.gates.enabled(Gate::PodLevelResources)
        && let Some(claims) = spec.resources.as_ref().and_then(|r| r.claims.as_deref())
    {
        let at = base.child("resources").child("claims");
        problems.push(
            Problem::new(
                at.clone(),
                k8s_type::FORBIDDEN,
                None,
                "pod-level `resources` has `claims`",
                "claims cannot be set for Resources at pod-level",
                "move the claims to the containers that use them",
            )
            .on_key(),
        );
        claim_reference_problems(claims, &at, "the pod", &declared, &mut problems);
    }
    findings.extend(problems.into_iter().map(|p| p.into_finding(&RULE)));
}

/// `validatePodResourceClaim`: name, then exactly one source (at the claim, or at `source`
/// before 1.31), each a valid object name.
fn pod_claim_problems<'c>(
    claim: &'c PodResourceClaim,
    at: &FieldPath,
    in_source: bool,
    seen: &mut Vec<&'c str>,
    problems: &mut Vec<Problem>,
) {
    let name = claim.name.as_deref().unwrap_or("");
    if name.is_empty() {
        problems.push(Problem::new(
            at.child("name"),
            k8s_type::REQUIRED,
            None,
            "a resource claim has no `name`",
            "required",
            "name the claim; containers refer to it by this name",
        ));
    } else if seen.contains(&name) {
        problems.push(Problem::new(
            at.child("name"),
            k8s_type::DUPLICATE,
            Some(name.to_string()),
            format!("resource claim `{name}` is declared twice"),
            "duplicate claim name",
            "give each claim its own name, or remove the repeated one",
        ));
    } else {
        for reason in names::dns1123_label(name) {
            problems.push(Problem::new(
                at.child("name"),
                k8s_type::INVALID,
                Some(name.to_string()),
                format!("resource claim name `{name}` is not a valid DNS label"),
                reason,
                "use lowercase letters, digits and `-`",
            ));
        }
    }
    if !name.is_empty() {
        seen.push(name);
    }
    let (source_at, claim_name, template_name) = if in_source {
        let source = claim.source.as_ref();
        (
            at.child("source"),
            source.and_then(|s| s.resource_claim_name.as_deref()),
            source.and_then(|s| s.resource_claim_template_name.as_deref()),
        )
    } else {
        (
            at.clone(),
            claim.resource_claim_name.as_deref(),
            claim.resource_claim_template_name.as_deref(),
        )
    };
    let label = match (claim_name, template_name) {
        (Some(_), Some(_)) => "at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified",
        (None, None) => "must specify one of: `resourceClaimName`, `resourceClaimTemplateName`",
        _ => "",
    };
    if !label.is_empty() {
        let who = if name.is_empty() { "a resource claim".to_string() } else { format!("resource claim `{name}`") };
        problems.push(Problem::new(
            source_at.clone(),
            k8s_type::INVALID,
            None,
            format!("{who} needs exactly one of `resourceClaimName` and `resourceClaimTemplateName`"),
            label,
            "name an existing ResourceClaim, or a ResourceClaimTemplate to create one per pod",
        ));
    }
    for (field, value) in [("resourceClaimName", claim_name), ("resourceClaimTemplateName", template_name)] {
        let Some(value) = value else { continue };
        for reason in names::dns1123_subdomain(value) {
            problems.push(Problem::new(
                source_at.child(field),
                k8s_type::INVALID,
                Some(value.to_string()),
                format!("`{field}: {value}` is not a valid object name"),
                reason,
                "use the object's real (lowercase) name",
            ));
        }
    }
}

/// `validateResourceClaimNames`: each entry names a claim of the pod, optionally one request
/// of it, and no claim is used twice.
fn claim_reference_problems(
    claims: &[ResourceClaim],
    at: &FieldPath,
    who: &str,
    declared: &[&str],
    problems: &mut Vec<Problem>,
) {
    let mut keys: Vec<String> = Vec::new();
    for (index, claim) in claims.iter().enumerate() {
        let entry = at.index(index);
        let name = claim.name.as_deref().unwrap_or("");
        if name.is_empty() {
            problems.push(Problem::new(
                entry,
                k8s_type::REQUIRED,
                None,
                format!("a claim of {who} has no `name`"),
                "required",
                "name one of the pod's `resourceClaims`",
            ));
            continue;
        }
        let duplicate = |key: &str| {
            Problem::new(
                entry.clone(),
                k8s_type::DUPLICATE,
                Some(key.to_string()),
                format!("{who} uses claim `{key}` twice"),
                "duplicate claim",
                "use each claim (or each request of it) once; a whole claim already includes its requests",
            )
        };
        if keys.iter().any(|key| key == name) {
            problems.push(duplicate(name));
        } else {
            let mut key = name.to_string();
            let request = claim.request.as_deref().unwrap_or("");
            if !request.is_empty() {
                for reason in names::dns1123_label(request) {
                    problems.push(Problem::new(
                        entry.child("request"),
                        k8s_type::INVALID,
                        Some(request.to_string()),
                        format!("request `{request}` of claim `{name}` is not a valid DNS label"),
                        reason,
                        "name one of the claim's requests",
                    ));
                }
                key = format!("{name}/{request}");
            }
            if keys.contains(&key) {
                problems.push(duplicate(&key));
            } else if request.is_empty() {
                let prefix = format!("{name}/");
                let earlier = keys.iter().filter(|k| k.starts_with(&prefix)).count();
                problems.extend((0..earlier).map(|_| duplicate(name)));
            }
            keys.push(key);
        }
        if !declared.contains(&name) {
            let (label, help) = if declared.is_empty() {
                (
                    "must be one of the names in pod.spec.resourceClaims which is empty".to_string(),
                    format!("declare `{name}` in `spec.resourceClaims`"),
                )
            } else {
                let mut sorted = declared.to_vec();
                sorted.sort_unstable();
                let help = match crate::text::closest(name, &sorted) {
                    Some(close) => format!("did you mean `{close}`?"),
                    None => format!("declare `{name}` in `spec.resourceClaims`, or use one of the pod's claims"),
                };
                (format!("must be one of the names in pod.spec.resourceClaims: {}", sorted.join(", ")), help)
            };
            problems.push(
                Problem::new(
                    at.index(index),
                    k8s_type::NOT_FOUND,
                    Some(name.to_string()),
                    format!("{who} uses claim `{name}`, which the pod does not declare"),
                    label,
                    help,
                )
                .pointing_at(at.index(index).child("name")),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{gates, k8s_errors_in};

    /// A pod with `claims` (flow-style entries) on its container and `pod_claims` declared.
    fn pod(pod_claims: &str, claims: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  resourceClaims: {pod_claims}\n  containers:\n  - name: ctr\n    image: image\n    resources:\n      claims: {claims}\n"
        )
    }

    fn errors(text: &str) -> Vec<(String, &'static str)> {
        k8s_errors_in(&RULE, text, gates(34, ""))
    }

    const MY_CLAIM: &str = "[{name: my-claim, resourceClaimName: my-claim}]";

    // TestValidateDynamicResourceAllocation: the success rows and every failure row that
    // concerns a pod's claims and its containers' claims.
    #[test]
    fn k7_validate_dynamic_resource_allocation() {
        for (pod_claims, claims) in [
            (MY_CLAIM, "[{name: my-claim}]"),
            ("[{name: my-claim, resourceClaimTemplateName: my-template}]", "[{name: my-claim}]"),
            ("[{name: my-claim, resourceClaimName: a}, {name: other, resourceClaimName: b}]", "[{name: my-claim, request: req-0}, {name: other, request: req-0}]"),
            (MY_CLAIM, "[{name: my-claim, request: req-0}, {name: my-claim, request: req-1}]"),
        ] {
            assert!(errors(&pod(pod_claims, claims)).is_empty(), "{pod_claims} {claims}");
        }
        let cases: [(&str, &str, &str, &str); 16] = [
            ("[{name: ../my-claim, resourceClaimName: a}]", "[]", "spec.resourceClaims[0].name", "FieldValueInvalid"),
            ("[{name: my/claim, resourceClaimName: a}]", "[]", "spec.resourceClaims[0].name", "FieldValueInvalid"),
            ("[{name: \"\", resourceClaimName: a}]", "[]", "spec.resourceClaims[0].name", "FieldValueRequired"),
            ("[{name: my-claim, resourceClaimName: a}, {name: my-claim, resourceClaimName: a}]", "[]", "spec.resourceClaims[1].name", "FieldValueDuplicate"),
            ("[{name: my-claim}]", "[]", "spec.resourceClaims[0]", "FieldValueInvalid"),
            ("[{name: my-claim, resourceClaimName: a, resourceClaimTemplateName: b}]", "[]", "spec.resourceClaims[0]", "FieldValueInvalid"),
            ("[{name: my-claim, resourceClaimTemplateName: .foo_bar}]", "[]", "spec.resourceClaims[0].resourceClaimTemplateName", "FieldValueInvalid"),
            ("[{name: my-claim, resourceClaimName: .foo_bar}]", "[]", "spec.resourceClaims[0].resourceClaimName", "FieldValueInvalid"),
            (MY_CLAIM, "[{name: no-such-claim}]", "spec.containers[0].resources.claims[0]", "FieldValueNotFound"),
            (MY_CLAIM, "[{name: \"\"}]", "spec.containers[0].resources.claims[0]", "FieldValueRequired"),
            (MY_CLAIM, "[{name: my-claim}, {name: my-claim}]", "spec.containers[0].resources.claims[1]", "FieldValueDuplicate"),
            (MY_CLAIM, "[{name: my-claim}, {name: my-claim, request: req-0}]", "spec.containers[0].resources.claims[1]", "FieldValueDuplicate"),
            (MY_CLAIM, "[{name: my-claim, request: req-0}, {name: my-claim}]", "spec.containers[0].resources.claims[1]", "FieldValueDuplicate"),
            (MY_CLAIM, "[{name: my-claim, request: req-0}, {name: my-claim, request: req-0}]", "spec.containers[0].resources.claims[1]", "FieldValueDuplicate"),
            (MY_CLAIM, "[{name: my-claim, request: \"*$@%^\"}]", "spec.containers[0].resources.claims[0].request", "FieldValueInvalid"),
            ("[]", "[{name: my-claim}]", "spec.containers[0].resources.claims[0]", "FieldValueNotFound"),
        ];
        for (pod_claims, claims, path, k8s_type) in cases {
            let found = errors(&pod(pod_claims, claims));
            assert!(
                found.iter().any(|(p, t)| p == path && *t == k8s_type),
                "{pod_claims} {claims}: {found:?}"
            );
        }
        // "pod claim name with prefix" is exactly one error (the DNS-label check, once).
        assert_eq!(errors(&pod("[{name: ../my-claim, resourceClaimName: a}]", "[]")).len(), 1);
    }

    #[test]
    fn an_init_container_uses_claims_like_an_app_container() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  resourceClaims: [{name: my-claim, resourceClaimName: c}]\n  initContainers:\n  - {name: init, image: image, resources: {claims: [{name: my-claim}, {name: nope}]}}\n  containers:\n  - {name: ctr, image: image}\n";
        assert_eq!(errors(text), [("spec.initContainers[0].resources.claims[1]".to_string(), "FieldValueNotFound")]);
    }

    #[test]
    fn before_1_31_the_source_holds_the_names() {
        let text = |claim: &str| pod(claim, "[{name: my-claim}]");
        let on = |minor| gates(minor, "DynamicResourceAllocation=true");
        // 1.30: the names live under `source`, checked there.
        assert!(k8s_errors_in(&RULE, &text("[{name: my-claim, source: {resourceClaimName: a}}]"), on(30)).is_empty());
        assert_eq!(
            k8s_errors_in(&RULE, &text("[{name: my-claim, source: {}}]"), on(30)),
            [("spec.resourceClaims[0].source".to_string(), "FieldValueInvalid")]
        );
        // The 1.31 spelling in 1.30 is unknown (PL135), and leaves the claim without a source.
        assert_eq!(
            k8s_errors_in(&RULE, &text("[{name: my-claim, resourceClaimName: a}]"), on(30)),
            [("spec.resourceClaims[0].source".to_string(), "FieldValueInvalid")]
        );
        let all = crate::lint::rules::api_validation::helpers::field_errors::testing::all_findings_in(
            &text("[{name: my-claim, resourceClaimName: a}]"),
            false,
            on(30),
        );
        assert!(all.iter().any(|f| f.rule.code == "PL135"));
        // 1.34: `source` is gone (PL135) and the claim has no source.
        let all = crate::lint::rules::api_validation::helpers::field_errors::testing::all_findings_in(
            &text("[{name: my-claim, source: {resourceClaimName: a}}]"),
            false,
            gates(34, ""),
        );
        assert!(all.iter().any(|f| f.rule.code == "PL135" && f.message.contains("removed after 1.30")));
    }

    #[test]
    fn without_the_gate_claims_are_dropped_and_not_checked() {
        let text = pod("[{name: my-claim}]", "[{name: nope}]");
        assert!(k8s_errors_in(&RULE, &text, gates(33, "")).is_empty());
        assert_eq!(k8s_errors_in(&RULE, &text, gates(33, "DynamicResourceAllocation=true")).len(), 2);
        let dropped: Vec<String> = crate::lint::rules::api_validation::helpers::field_errors::testing::all_findings_in(&text, false, gates(33, ""))
            .into_iter()
            .filter(|f| f.rule.code == "PL136")
            .filter_map(|f| f.path.map(|p| p.to_string()))
            .collect();
        assert_eq!(dropped, ["spec.resourceClaims", "spec.containers[0].resources.claims"]);
    }

    #[test]
    fn pod_level_resources_may_not_have_claims() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  resourceClaims: [{name: my-claim, resourceClaimName: c}]\n  resources:\n    limits: {cpu: \"1\"}\n    claims: [{name: my-claim}]\n  containers:\n  - {name: ctr, image: image}\n";
        assert_eq!(k8s_errors_in(&RULE, text, gates(34, "")), [("spec.resources.claims".to_string(), "FieldValueForbidden")]);
    }
}
