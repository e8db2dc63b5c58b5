//! PL136 `field-dropped-by-feature-gate`: the API server clears a field because its feature
//! gate is off in the chosen release.

use crate::k8s::cluster::dropped_fields::Removal;
use crate::k8s::cluster::feature_gates;
use crate::finding::{Finding, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};

/// the API server clears a field because its feature gate is off.
pub static RULE: Rule = Rule {
    id: "PL136",
    name: "field-dropped-by-feature-gate",
    severity: Severity::Warning,
    summary: "the API server clears a field because its feature gate is off",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports a field whose feature gate is off in the release checked for (its default there, or `--feature-gates`): a sidecar's `restartPolicy` without `SidecarContainers`, `resizePolicy` without `InPlacePodVerticalScaling`, pod-level `resources` without `PodLevelResources`, a `sleep` hook without `PodLifecycleSleepAction`, `restartPolicy`/`restartPolicyRules` on regular containers without `ContainerRestartRules`, `fileKeyRef` without `EnvFiles`, `stopSignal` without `ContainerStopSignals`, `spec.resourceClaims` and containers' `resources.claims` without `DynamicResourceAllocation` (off by default before 1.34), `hostUsers` without `UserNamespacesSupport` (before 1.33), `supplementalGroupsPolicy` without `SupplementalGroupsPolicy` (1.31–1.32), `seLinuxChangePolicy` without `SELinuxChangePolicy` (1.32), `recursiveReadOnly` mounts without `RecursiveReadOnlyMounts` (1.30), `schedulingGates` without `PodSchedulingReadiness` (which only 1.29 lets you turn off), pod affinity terms' `matchLabelKeys` and `mismatchLabelKeys` without `MatchLabelKeysInPodAffinity` (1.29–1.30), topology spread constraints' `minDomains` without `MinDomainsInPodTopologySpread` (which only 1.29 lets you turn off), `nodeAffinityPolicy` and `nodeTaintsPolicy` without `NodeInclusionPolicyInPodTopologySpread` (1.29–1.32 let you turn it off) and `matchLabelKeys` without `MatchLabelKeysInPodTopologySpread` (on by default), a projected volume's `clusterTrustBundle` source without `ClusterTrustBundleProjection` and its `podCertificate` source without `PodCertificateRequest` (both off by default); a `procMount` other than `Default` is set to `Default` without `ProcMountType` (before 1.33), and an `image` volume is removed with its mounts without `ImageVolume` (1.31–1.34; podlife leaves them in place so that other findings keep their place, and checks nothing inside them). A hook whose only handler was a dropped `sleep` goes with it, and so does a `lifecycle` the drops leave empty. The rest of the pod is then checked without the field, as the API server validates it (a dropped field is never validated); what that breaks is reported by the rules concerned (a sidecar that became a regular init container with probes).

## Why
The API server accepts the pod and silently stores it without the field: no error, no warning. A sidecar becomes an init container that never finishes, a hook does nothing, a pod-level limit is gone.

## Example
```yaml
# podlife validate --kubernetes-version 1.33   (PodLevelResources is alpha, off)
spec:
  resources:
    limits: {cpu: "2"}
```

## How to fix
Enable the gate on the cluster (and tell podlife with `--feature-gates Name=true`), target a release where it is on by default, or remove the field.

## Kubernetes reference
`pkg/api/pod/util.go` `dropDisabledPodFields` (a new object has nothing "in use", so the field is cleared); gate defaults from `pkg/features/kube_features.go`.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let version = context.gates.version();
    for removed in context.removed {
        let name = crate::k8s::workload::shown_path(&removed.path);
        let (gate, what) = match removed.removal {
            Removal::Dropped(gate) => (gate, format!("drops `{name}`")),
            Removal::Reset { gate, to } => (gate, format!("sets `{name}` to `{to}`")),
            Removal::Removed(gate) => (gate, format!("removes `{name}`")),
            Removal::NotInRelease { .. } | Removal::RemovedAfter { .. } => continue,
        };
        let Some(row) = feature_gates::row(gate) else {
            continue;
        };
        let label = match removed.removal {
            Removal::Reset { to, .. } => format!("set to `{to}`: {} is off", row.name),
            Removal::Removed(_) => format!("removed: {} is off", row.name),
            _ => format!("dropped: {} is off", row.name),
        };
        findings.push(
            RULE.finding(format!(
                "the API server {what}: feature gate {} is off",
                row.name
            ))
            .at(removed.path.clone())
            .on_key()
            .label(label)
            .note(format!("{} is {}", row.name, row.describe_in(version)))
            .help(format!(
                "if the cluster enables it, say so with `--feature-gates {}=true`; otherwise remove the field",
                row.name
            )),
        );
    }
}

#[cfg(test)]
mod security_and_volume_tests {
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{all_findings_in, gates};

    const POD: &str = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  hostUsers: false\n  securityContext:\n    supplementalGroupsPolicy: Strict\n    seLinuxChangePolicy: MountOption\n  volumes:\n  - {name: model, image: {reference: registry.example.com/models/llama:3}}\n  containers:\n  - name: c\n    image: image\n    securityContext: {procMount: Unmasked}\n    volumeMounts:\n    - {name: model, mountPath: /models, readOnly: true, recursiveReadOnly: Enabled}\n";

    /// `(rule, path)` of the PL135, PL136 and PL148 findings in Kubernetes 1.`minor`.
    fn found(minor: u8) -> Vec<(&'static str, String)> {
        all_findings_in(POD, false, gates(minor, ""))
            .into_iter()
            .filter(|f| ["PL135", "PL136", "PL148"].contains(&f.rule.code))
            .map(|f| (f.rule.code, f.path.map(|p| p.to_string()).unwrap_or_default()))
            .collect()
    }

    // `pkg/api/pod/util.go` `dropDisabledFields`: UserNamespacesSupport, SupplementalGroupsPolicy,
    // dropDisabledProcMountField, RecursiveReadOnlyMounts, dropImageVolumes and
    // dropSELinuxChangePolicy, each with its gate's default in the release.
    #[test]
    fn each_release_drops_what_its_gates_leave_off() {
        let at = |rule: &'static str, path: &str| (rule, path.to_string());
        // 1.32: every gate but RecursiveReadOnlyMounts is off. With hostUsers dropped and
        // procMount set to Default, `Unmasked` is no longer an error (PL148).
        assert_eq!(
            found(32),
            [
                at("PL136", "spec.hostUsers"),
                at("PL136", "spec.securityContext.supplementalGroupsPolicy"),
                at("PL136", "spec.securityContext.seLinuxChangePolicy"),
                at("PL136", "spec.volumes[0]"),
                at("PL136", "spec.containers[0].securityContext.procMount"),
                at("PL136", "spec.containers[0].volumeMounts[0]"),
            ]
        );
        // 1.33: user namespaces, proc mounts and both policies are on; image volumes are not.
        // The SELinux policy is kept, and without SELinuxMount (off through 1.36) only
        // `Recursive` is valid (PL148).
        let mount_option = at("PL148", "spec.securityContext.seLinuxChangePolicy");
        assert_eq!(
            found(33),
            [
                mount_option.clone(),
                at("PL136", "spec.volumes[0]"),
                at("PL136", "spec.containers[0].volumeMounts[0]")
            ]
        );
        assert_eq!(found(35), [mount_option]);
        // 1.30: the image volume, the groups policy and the SELinux policy do not exist yet,
        // and RecursiveReadOnlyMounts is alpha.
        let old = found(30);
        assert!(old.contains(&at("PL135", "spec.volumes[0].image")), "{old:?}");
        assert!(old.contains(&at("PL135", "spec.securityContext.seLinuxChangePolicy")), "{old:?}");
        assert!(old.contains(&at("PL136", "spec.containers[0].volumeMounts[0].recursiveReadOnly")), "{old:?}");
        assert!(found(29).contains(&at("PL135", "spec.containers[0].volumeMounts[0].recursiveReadOnly")));
    }
}

#[cfg(test)]
mod projected_source_tests {
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{all_findings_in, gates};

    // Each source names two kinds, which validation forbids: the Forbidden shows that the
    // gated source was kept, its absence that the API server dropped it first.
    const POD: &str = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  volumes:\n  - name: certs\n    projected:\n      sources:\n      - configMap: {name: ca}\n        clusterTrustBundle: {signerName: example.com/ca, path: ca.pem}\n      - secret: {name: tls}\n        podCertificate: {signerName: example.com/pod, keyType: ED25519, credentialBundlePath: bundle.pem}\n  containers:\n  - name: c\n    image: image\n    volumeMounts:\n    - {name: certs, mountPath: /certs}\n";

    /// `(rule, path)` of the findings about the projected sources in 1.`minor` with `settings`.
    fn found(minor: u8, settings: &str) -> Vec<(&'static str, String)> {
        all_findings_in(POD, false, gates(minor, settings))
            .into_iter()
            .map(|f| (f.rule.code, f.path.map(|p| p.to_string()).unwrap_or_default()))
            .filter(|(_, path)| path.starts_with("spec.volumes[0].projected.sources"))
            .collect()
    }

    fn forbidden_kinds(found: &[(&'static str, String)]) -> Vec<String> {
        found
            .iter()
            .filter(|(rule, _)| !["PL135", "PL136"].contains(rule))
            .map(|(_, path)| path.clone())
            .collect()
    }

    // `pkg/api/pod/util.go` `dropDisabledClusterTrustBundleProjection` and
    // `dropDisabledPodCertificateProjection`: each clears its source before validation when its
    // gate is off (off by default in every release podlife knows).
    #[test]
    fn projected_sources_behind_off_gates_are_dropped_before_validation() {
        let sources = "spec.volumes[0].projected.sources";
        let trust_bundle = format!("{sources}[0].clusterTrustBundle");
        let certificate = format!("{sources}[1].podCertificate");
        for minor in [29, 33] {
            let defaults = found(minor, "");
            assert!(defaults.contains(&("PL136", trust_bundle.clone())), "{minor}: {defaults:?}");
            assert!(defaults.contains(&("PL135", certificate.clone())), "{minor}: {defaults:?}");
            assert_eq!(forbidden_kinds(&defaults), Vec::<String>::new(), "{minor}");
        }
        let with_bundles = found(33, "ClusterTrustBundleProjection=true");
        assert!(!with_bundles.iter().any(|(rule, _)| *rule == "PL136"), "{with_bundles:?}");
        assert_eq!(forbidden_kinds(&with_bundles), [format!("{sources}[0]")]);

        let defaults = found(35, "");
        assert_eq!(
            defaults,
            [("PL136", trust_bundle.clone()), ("PL136", certificate.clone())]
        );
        let both = found(35, "ClusterTrustBundleProjection=true,PodCertificateRequest=true");
        assert_eq!(
            forbidden_kinds(&both),
            [format!("{sources}[0]"), format!("{sources}[1]")]
        );
        let certificates_only = found(34, "PodCertificateRequest=true");
        assert_eq!(forbidden_kinds(&certificates_only), [format!("{sources}[1]")]);
        assert!(certificates_only.contains(&("PL136", trust_bundle)));
    }
}

#[cfg(test)]
mod workload_field_tests {
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{all_findings_in, gates};

    /// `(rule, path, message)` of the PL135 and PL136 findings in Kubernetes 1.`minor`.
    fn found(text: &str, minor: u8, settings: &str) -> Vec<(&'static str, String, String)> {
        all_findings_in(text, false, gates(minor, settings))
            .into_iter()
            .filter(|finding| matches!(finding.rule.code, "PL135" | "PL136"))
            .map(|finding| (finding.rule.code, finding.path.map(|p| p.to_string()).unwrap_or_default(), finding.message))
            .collect()
    }

    #[test]
    fn a_statefulset_max_unavailable_goes_without_its_gate() {
        let text = "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\nspec:\n  selector: {matchLabels: {app: db}}\n  updateStrategy:\n    rollingUpdate: {maxUnavailable: 2}\n  template:\n    metadata: {labels: {app: db}}\n    spec: {containers: [{name: c, image: i}]}\n";
        let path = "spec.updateStrategy.rollingUpdate.maxUnavailable";
        assert_eq!(
            found(text, 34, ""),
            [("PL136", path.to_string(), format!("the API server drops `{path}`: feature gate MaxUnavailableStatefulSet is off"))]
        );
        assert_eq!(found(text, 34, "MaxUnavailableStatefulSet=true"), []);
        assert_eq!(found(text, 37, ""), []);
    }

    #[test]
    fn a_job_loses_its_gated_fields_a_cronjob_template_keeps_them() {
        let job = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: j}\nspec:\n  successPolicy: {rules: [{succeededCount: 1}]}\n  completionMode: Indexed\n  completions: 2\n  template:\n    spec: {restartPolicy: Never, containers: [{name: c, image: i}]}\n";
        let codes = |text: &str, minor: u8| found(text, minor, "").into_iter().map(|(code, path, _)| (code, path)).collect::<Vec<_>>();
        assert_eq!(codes(job, 29), [("PL135", "spec.successPolicy".to_string())]);
        assert_eq!(codes(job, 30), [("PL136", "spec.successPolicy".to_string())]);
        assert_eq!(codes(job, 31), []);
        let cron = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec:\n  schedule: \"@daily\"\n  jobTemplate:\n    spec:\n      managedBy: example.com/x\n      template:\n        spec: {restartPolicy: Never, containers: [{name: c, image: i}]}\n";
        assert_eq!(codes(cron, 30), []);
    }
}
