//! PL135 `field-not-in-release`: a field the chosen Kubernetes release's API does not have.

use crate::k8s::cluster::dropped_fields::Removal;
use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a field the chosen Kubernetes release's API does not have.
pub static RULE: Rule = Rule {
    id: "PL135",
    name: "field-not-in-release",
    severity: Severity::Error,
    summary: "a field the chosen Kubernetes release's API does not have",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a pod field that exists only in later Kubernetes releases than the one checked for (`--kubernetes-version`, `kubernetesVersion:`; default: the newest podlife knows): pod-level `spec.resources` (1.32), `lifecycle.stopSignal` (1.33), `restartPolicyRules`, `restartPolicy` on regular containers, `env[].valueFrom.fileKeyRef` and `spec.hostnameOverride` (1.34); `appArmorProfile` (1.30), a resource claim's `resourceClaimName`/`resourceClaimTemplateName`, a container claim's `request` and `supplementalGroupsPolicy` (1.31), `seLinuxChangePolicy` (1.32). It also reports a field a later release no longer has: a resource claim's `source` (1.26 to 1.30; from 1.31 its two names sit on the claim itself). The rest of the pod is checked as if the field were absent.

## Why
That release's API server does not know the field. `kubectl apply` (strict field validation, the default since 1.27) fails with `strict decoding error: unknown field "spec.resources"`; with validation turned off the field is silently lost, and the pod runs without what it asked for.

## Example
```yaml
# podlife validate --kubernetes-version 1.31
spec:
  resources:
    limits: {cpu: "2"}
```

## How to fix
Remove the field, or check for (and deploy to) a release that has it.

## Kubernetes reference
The API types of each release (`k8s.io/api/core/v1`); strict decoding in `k8s.io/apimachinery` (`unknown field`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let version = context.gates.version();
    for removed in context.removed {
        let (when, help) = match removed.removal {
            Removal::NotInRelease { since } => (
                format!("added in 1.{since}"),
                format!("remove it, or check for 1.{since} or later with `--kubernetes-version`"),
            ),
            Removal::RemovedAfter { last } => (
                format!("removed after 1.{last}"),
                format!("write it as Kubernetes {version} spells it, or check for 1.{last} or earlier with `--kubernetes-version`"),
            ),
            Removal::Dropped(_) | Removal::Reset { .. } | Removal::Removed(_) => continue,
        };
        let name = crate::k8s::workload::shown_path(&removed.path);
        findings.push(
            RULE.finding(format!(
                "unknown field `{name}`: Kubernetes {version} does not have it ({when})"
            ))
            .at(removed.path.clone())
            .on_key()
            .label(format!("not in Kubernetes {version}"))
            .help(help),
        );
    }
}


#[cfg(test)]
mod tests {
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{all_findings_in, gates};

    /// The paths PL135 reports for `text` in Kubernetes 1.`minor` (gates at their defaults,
    /// plus DynamicResourceAllocation so that claims are not dropped first).
    fn unknown(text: &str, minor: u8) -> Vec<String> {
        all_findings_in(text, false, gates(minor, "DynamicResourceAllocation=true"))
            .into_iter()
            .filter(|finding| finding.rule.code == "PL135")
            .filter_map(|finding| finding.path.map(|path| path.to_string()))
            .collect()
    }

    // The first release of each field, as `k8s.io/api` `core/v1/types.go` of the release tags
    // v0.29.0 to v0.36.0 has it.
    #[test]
    fn security_context_and_claim_fields_arrive_in_their_release() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  securityContext:\n    appArmorProfile: {type: RuntimeDefault}\n    supplementalGroupsPolicy: Merge\n    seLinuxChangePolicy: Recursive\n  resourceClaims: [{name: gpu, resourceClaimName: gpu}]\n  containers:\n  - name: c\n    image: i\n    securityContext: {appArmorProfile: {type: RuntimeDefault}}\n    resources: {claims: [{name: gpu, request: one}]}\n";
        let at = |path: &str| path.to_string();
        assert_eq!(
            unknown(text, 29),
            [
                at("spec.securityContext.appArmorProfile"),
                at("spec.securityContext.supplementalGroupsPolicy"),
                at("spec.securityContext.seLinuxChangePolicy"),
                at("spec.resourceClaims[0].resourceClaimName"),
                at("spec.containers[0].securityContext.appArmorProfile"),
                at("spec.containers[0].resources.claims[0].request"),
            ]
        );
        assert_eq!(unknown(text, 30).len(), 4);
        assert_eq!(unknown(text, 31), [at("spec.securityContext.seLinuxChangePolicy")]);
        assert!(unknown(text, 32).is_empty());
    }
}
