//! PL185 `set-by-admission`: a value the API server's admission plugins set before validation,
//! which the manifest's own validation depends on.

use crate::finding::{Finding, Severity};
use crate::k8s::cluster::Defaulting;
use crate::lint::rules::api_validation::helpers::token_projections::tokens_without_account;
use crate::lint::rules::{Origin, PodContext, Rule};

/// a value an admission plugin sets before validation.
pub static RULE: Rule = Rule {
    id: "PL185",
    name: "set-by-admission",
    severity: Severity::Info,
    summary: "the pod is valid only with a value an admission plugin sets before validation",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Notes a Pod that the API server's validation would reject as written, but that a default-on admission plugin completes first. Mutating admission runs before validation, so on a real cluster the pod is accepted with the plugin's value. Today: a projected `serviceAccountToken` in a Pod that names no service account (neither `serviceAccountName` nor the deprecated `serviceAccount`). The ServiceAccount admission plugin sets `serviceAccountName: default` on every new Pod that has none, so the token is the `default` account's. With `--no-defaulting` (validation as Kubernetes' own unit tests run it, without defaults or admission) the same pod is reported as the validation function reports it: PL153, Forbidden, "must not be specified when serviceAccountName is not set".

Only Pods: a workload's template is not validated this way, and each pod its controller creates goes through admission.

## Why
The token a pod mounts decides what it may do against the API server. A manifest that leaves the account unnamed gets the namespace's `default` account, which may hold more (or fewer) permissions than intended, and a cluster that runs without the ServiceAccount plugin rejects the pod.

## Example
```yaml
spec:
  volumes:
  - name: token
    projected:
      sources:
      - serviceAccountToken: {path: token, audience: vault}
```

## How to fix
Name the account the token is for: `serviceAccountName: vault-client`.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validatePodMetadataAndSpec` (`FieldValueForbidden` on `spec.volumes[i].projected.sources[j].serviceAccountToken`); `plugin/pkg/admission/serviceaccount/admission.go` (`Admit`: `DefaultServiceAccountName`), on by default (`pkg/kubeapiserver/options/plugins.go`); mutating admission runs before `ValidatePodCreate`.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if context.defaulting == Defaulting::Skipped {
        return;
    }
    for path in tokens_without_account(context) {
        findings.push(
            RULE.finding("this pod projects a service account token but names no service account: the ServiceAccount admission plugin sets `serviceAccountName: default` before validation")
                .at(path)
                .on_key()
                .label("the `default` account's token")
                .help("name the account the token is for (`serviceAccountName:`); without the ServiceAccount admission plugin the API server rejects the pod"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{check_fixture, findings, k8s_errors};

    const POD: &str = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  volumes:\n  - {name: t, projected: {sources: [{configMap: {name: ca}}, {serviceAccountToken: {path: token, expirationSeconds: 600}}]}}\n  containers:\n  - {name: c, image: image}\n";

    /// With admission (the default): a note; without (`--no-defaulting`): the validation
    /// function's Forbidden, as PL153.
    #[test]
    fn a_token_without_an_account_is_completed_by_admission() {
        let notes = findings(&RULE, POD, false);
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].severity, Severity::Info);
        assert!(findings(&RULE, POD, true).is_empty());
        let volume = &crate::lint::rules::api_validation::invalid_volume::RULE;
        assert!(k8s_errors(volume, POD, false).is_empty());
        assert_eq!(
            k8s_errors(volume, POD, true),
            [("spec.volumes[0].projected.sources[1].serviceAccountToken".to_string(), "FieldValueForbidden")]
        );
        let named = POD.replace("spec:\n", "spec:\n  serviceAccountName: vault\n");
        assert!(findings(&RULE, &named, false).is_empty());
        assert!(k8s_errors(volume, &named, true).is_empty());
        let deprecated = POD.replace("spec:\n", "spec:\n  serviceAccount: vault\n");
        assert!(k8s_errors(volume, &deprecated, true).is_empty());
    }

    #[test]
    fn fixture() {
        check_fixture(&RULE);
    }
}
