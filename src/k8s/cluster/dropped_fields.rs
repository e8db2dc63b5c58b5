//! What the API server of a release does with fields the release lacks or a gate turns off:
//! a field the release's API does not have is an unknown field (strict decoding rejects the
//! object), and a field behind a disabled gate is silently cleared before validation
//! (`pkg/api/pod/util.go` `dropDisabledPodFields`, for a new object: nothing is "in use" yet).
//! Validation then sees the pod without it, as [`drop_fields`] leaves it.

use super::feature_gates::{FeatureGates, Gate};
use crate::k8s::model::{Container, Lifecycle, Pod};
use crate::yaml::field_path::FieldPath;

/// Why a field was taken out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    /// The release's API has no such field: the object is rejected (`unknown field`).
    NotInRelease {
        /// The first release (minor) that has it.
        since: u8,
    },
    /// The release's API no longer has the field: the object is rejected (`unknown field`).
    RemovedAfter {
        /// The last release (minor) that had it.
        last: u8,
    },
    /// The field exists but `gate` is off: the API server clears it and stores the object.
    Dropped(Gate),
    /// The field exists but `gate` is off: the API server sets it to its default value.
    Reset {
        /// The gate.
        gate: Gate,
        /// The value it is set to.
        to: &'static str,
    },
    /// The field exists but `gate` is off: the API server removes the whole entry (a volume)
    /// and what refers to it (its mounts). podlife reports them and leaves them in place, so
    /// that every other finding keeps its place in the file.
    Removed(Gate),
}

/// One field taken out of the pod, at the path Kubernetes names it by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemovedField {
    /// Pod-relative path of the field.
    pub path: FieldPath,
    /// Why.
    pub removal: Removal,
}

/// Decides, for the gates' release, whether a field goes, and records what went.
struct Dropper<'g> {
    gates: &'g FeatureGates,
    minor: u8,
    removed: Vec<RemovedField>,
}

impl Dropper<'_> {
    /// Why a field present from release 1.`since` and kept while `gate` is on goes, if it does.
    fn removal(&self, since: u8, gate: Option<Gate>) -> Option<Removal> {
        if self.minor < since {
            Some(Removal::NotInRelease { since })
        } else {
            gate.filter(|gate| !self.gates.enabled(*gate))
                .map(Removal::Dropped)
        }
    }

    fn record(&mut self, path: FieldPath, removal: Removal) {
        self.removed.push(RemovedField { path, removal });
    }

    /// Clears `field` if it goes, recording it at `path()`, built only then: most pods lose
    /// nothing.
    fn drop<T>(
        &mut self,
        field: &mut Option<T>,
        path: impl FnOnce() -> FieldPath,
        since: u8,
        gate: Option<Gate>,
    ) {
        if field.is_some()
            && let Some(removal) = self.removal(since, gate)
        {
            *field = None;
            self.record(path(), removal);
        }
    }
}

/// Takes out of `pod` what the API server of the gates' release would not keep, and says what.
/// `container_path(list, index)` names a container (`spec.initContainers[1]`, or where an
/// annotation holds it).
pub fn drop_fields(
    pod: &mut Pod,
    gates: &FeatureGates,
    container_path: &dyn Fn(&'static str, usize) -> FieldPath,
) -> Vec<RemovedField> {
    let mut dropper = Dropper {
        gates,
        minor: gates.version().minor(),
        removed: Vec::new(),
    };
    drop_resource_claims(pod, &mut dropper, container_path);
    drop_match_label_keys(pod, &mut dropper);
    drop_topology_spread_fields(pod, &mut dropper);
    let spec = || FieldPath::root().child("spec");
    let d = &mut dropper;
    d.drop(
        &mut pod.spec.resources,
        || spec().child("resources"),
        32,
        Some(Gate::PodLevelResources),
    );
    if let Some(context) = pod.spec.security_context.as_mut() {
        let at = || spec().child("securityContext");
        d.drop(
            &mut context.app_armor_profile,
            || at().child("appArmorProfile"),
            30,
            None,
        );
        d.drop(
            &mut context.supplemental_groups_policy,
            || at().child("supplementalGroupsPolicy"),
            31,
            Some(Gate::SupplementalGroupsPolicy),
        );
        d.drop(
            &mut context.se_linux_change_policy,
            || at().child("seLinuxChangePolicy"),
            32,
            Some(Gate::SELinuxChangePolicy),
        );
    }
    d.drop(
        &mut pod.spec.host_users,
        || spec().child("hostUsers"),
        25,
        Some(Gate::UserNamespacesSupport),
    );
    d.drop(
        &mut pod.spec.scheduling_gates,
        || spec().child("schedulingGates"),
        26,
        Some(Gate::PodSchedulingReadiness),
    );
    d.drop(
        &mut pod.spec.hostname_override,
        || spec().child("hostnameOverride"),
        34,
        Some(Gate::HostnameOverride),
    );
    for (list, index, container) in pod.all_containers_mut() {
        drop_container_fields(container, list, &|| container_path(list, index), d);
    }
    drop_image_volumes(pod, d, container_path);
    drop_projected_sources(pod, d);
    dropper.removed
}

fn drop_container_fields(
    container: &mut Container,
    list: &str,
    path: &dyn Fn() -> FieldPath,
    d: &mut Dropper<'_>,
) {
    // `dropDisabledPodFields`: without SidecarContainers every init container's `restartPolicy`
    // goes; without ContainerRestartRules (1.34 on, `dropContainerRestartRules`) an init
    // container's policy other than `Always` goes, and so does a regular or ephemeral
    // container's. Before 1.34 a regular container's policy is kept, and validation forbids it.
    let init = list == "initContainers";
    let restart_gate =
        if init && (d.minor < 34 || container.restart_policy.as_deref() == Some("Always")) {
            Some(Gate::SidecarContainers)
        } else if list == "deferContainers" || d.minor < 34 {
            None
        } else {
            Some(Gate::ContainerRestartRules)
        };
    if restart_gate.is_some() {
        d.drop(
            &mut container.restart_policy,
            || path().child("restartPolicy"),
            28,
            restart_gate,
        );
    }
    d.drop(
        &mut container.restart_policy_rules,
        || path().child("restartPolicyRules"),
        34,
        Some(Gate::ContainerRestartRules),
    );
    if let Some(context) = container.security_context.as_mut() {
        let at = || path().child("securityContext");
        d.drop(
            &mut context.app_armor_profile,
            || at().child("appArmorProfile"),
            30,
            None,
        );
        // `dropDisabledProcMountField`: without ProcMountType a `procMount` other than
        // `Default` is set to `Default`, not cleared.
        if !d.gates.enabled(Gate::ProcMountType)
            && context
                .proc_mount
                .as_deref()
                .is_some_and(|m| m != "Default")
        {
            context.proc_mount = Some("Default".to_string());
            d.record(
                at().child("procMount"),
                Removal::Reset {
                    gate: Gate::ProcMountType,
                    to: "Default",
                },
            );
        }
    }
    for (index, mount) in container.volume_mounts.iter_mut().flatten().enumerate() {
        d.drop(
            &mut mount.recursive_read_only,
            || {
                path()
                    .child("volumeMounts")
                    .index(index)
                    .child("recursiveReadOnly")
            },
            30,
            Some(Gate::RecursiveReadOnlyMounts),
        );
    }
    d.drop(
        &mut container.resize_policy,
        || path().child("resizePolicy"),
        27,
        Some(Gate::InPlacePodVerticalScaling),
    );
    for (index, variable) in container.env.iter_mut().flatten().enumerate() {
        if let Some(source) = variable.value_from.as_mut() {
            d.drop(
                &mut source.file_key_ref,
                || {
                    path()
                        .child("env")
                        .index(index)
                        .child("valueFrom")
                        .child("fileKeyRef")
                },
                34,
                Some(Gate::EnvFiles),
            );
        }
    }
    if let Some(lifecycle) = container.lifecycle.as_mut() {
        let before = d.removed.len();
        drop_lifecycle_fields(lifecycle, &|| path().child("lifecycle"), d);
        // `dropPodLifecycleSleepAction`, `dropContainerStopSignals`: a `lifecycle` the drops
        // left empty goes too.
        if d.removed.len() > before && **lifecycle == Lifecycle::default() {
            container.lifecycle = None;
        }
    }
}

/// `dropContainerStopSignals` and `dropPodLifecycleSleepAction` on one container's lifecycle.
fn drop_lifecycle_fields(
    lifecycle: &mut Lifecycle,
    lifecycle_path: &dyn Fn() -> FieldPath,
    d: &mut Dropper<'_>,
) {
    d.drop(
        &mut lifecycle.stop_signal,
        || lifecycle_path().child("stopSignal"),
        33,
        Some(Gate::ContainerStopSignals),
    );
    for (name, hook) in [
        ("postStart", &mut lifecycle.post_start),
        ("preStop", &mut lifecycle.pre_stop),
    ] {
        let Some(handler) = hook.as_mut() else {
            continue;
        };
        let before = d.removed.len();
        d.drop(
            &mut handler.sleep,
            || lifecycle_path().child(name).child("sleep"),
            29,
            Some(Gate::PodLifecycleSleepAction),
        );
        // A hook whose only handler was the dropped `sleep` goes with it.
        if d.removed.len() > before
            && handler.exec.is_none()
            && handler.http_get.is_none()
            && handler.tcp_socket.is_none()
        {
            *hook = None;
        }
    }
}

/// `dropImageVolumes`: an `image` volume is a field the release may lack (1.31 on); without
/// ImageVolume the API server removes the volume and every mount of it. Both are reported and
/// left in place ([`Removal::Removed`]).
fn drop_image_volumes(
    pod: &mut Pod,
    d: &mut Dropper<'_>,
    container_path: &dyn Fn(&'static str, usize) -> FieldPath,
) {
    let volumes = || FieldPath::root().child("spec").child("volumes");
    let mut gone = Vec::new();
    for (index, volume) in pod.spec.volumes.iter().flatten().enumerate() {
        if !volume.is_image() {
            continue;
        }
        match d.removal(31, Some(Gate::ImageVolume)) {
            Some(Removal::Dropped(gate)) => {
                d.record(volumes().index(index), Removal::Removed(gate));
                gone.extend(volume.name.clone());
            }
            Some(removal) => d.record(volumes().index(index).child("image"), removal),
            None => {}
        }
    }
    if gone.is_empty() {
        return;
    }
    for (list, index, container) in pod.all_containers_mut() {
        for (mount_index, mount) in container.volume_mounts.iter().flatten().enumerate() {
            if mount.name.as_ref().is_some_and(|name| gone.contains(name)) {
                d.record(
                    container_path(list, index)
                        .child("volumeMounts")
                        .index(mount_index),
                    Removal::Removed(Gate::ImageVolume),
                );
            }
        }
    }
}

/// `dropDisabledClusterTrustBundleProjection` and `dropDisabledPodCertificateProjection`: a
/// projected volume's `clusterTrustBundle` source (1.29 on) goes without
/// ClusterTrustBundleProjection, its `podCertificate` source (1.34 on) without
/// PodCertificateRequest. The emptied entry of `sources` stays.
fn drop_projected_sources(pod: &mut Pod, d: &mut Dropper<'_>) {
    for (index, volume) in pod.spec.volumes.iter_mut().flatten().enumerate() {
        let Some(projected) = volume.source.projected.as_mut() else {
            continue;
        };
        for (entry, source) in projected.sources.iter_mut().flatten().enumerate() {
            let path = || {
                FieldPath::root()
                    .child("spec")
                    .child("volumes")
                    .index(index)
                    .child("projected")
                    .child("sources")
                    .index(entry)
            };
            d.drop(
                &mut source.cluster_trust_bundle,
                || path().child("clusterTrustBundle"),
                29,
                Some(Gate::ClusterTrustBundleProjection),
            );
            d.drop(
                &mut source.pod_certificate,
                || path().child("podCertificate"),
                34,
                Some(Gate::PodCertificateRequest),
            );
        }
    }
}

/// `dropDisabledTopologySpreadConstraintsFields`, `dropDisabledNodeInclusionPolicyFields` and
/// `dropDisabledMatchLabelKeysFieldInTopologySpread`: each topology spread constraint's
/// `minDomains` goes without MinDomainsInPodTopologySpread, its `nodeAffinityPolicy` and
/// `nodeTaintsPolicy` without NodeInclusionPolicyInPodTopologySpread, its `matchLabelKeys`
/// without MatchLabelKeysInPodTopologySpread. All three fields exist in every release podlife
/// knows: only the gates drop them.
fn drop_topology_spread_fields(pod: &mut Pod, d: &mut Dropper<'_>) {
    let Some(constraints) = pod.spec.topology_spread_constraints.as_mut() else {
        return;
    };
    for (index, constraint) in constraints.0.iter_mut().enumerate() {
        let at = || {
            FieldPath::root()
                .child("spec")
                .child("topologySpreadConstraints")
                .index(index)
        };
        d.drop(
            &mut constraint.min_domains,
            || at().child("minDomains"),
            0,
            Some(Gate::MinDomainsInPodTopologySpread),
        );
        let inclusion = Some(Gate::NodeInclusionPolicyInPodTopologySpread);
        d.drop(
            &mut constraint.node_affinity_policy,
            || at().child("nodeAffinityPolicy"),
            0,
            inclusion,
        );
        d.drop(
            &mut constraint.node_taints_policy,
            || at().child("nodeTaintsPolicy"),
            0,
            inclusion,
        );
        d.drop(
            &mut constraint.match_label_keys,
            || at().child("matchLabelKeys"),
            0,
            Some(Gate::MatchLabelKeysInPodTopologySpread),
        );
    }
}

/// `dropDisabledMatchLabelKeysFieldInPodAffinity`: pod affinity terms' `matchLabelKeys` and
/// `mismatchLabelKeys` go without MatchLabelKeysInPodAffinity (off in 1.29 and 1.30).
fn drop_match_label_keys(pod: &mut Pod, d: &mut Dropper<'_>) {
    let Some(affinity) = pod.spec.affinity.as_mut() else {
        return;
    };
    let affinity = &mut affinity.0;
    let sides = [
        ("podAffinity", affinity.pod_affinity.as_mut()),
        ("podAntiAffinity", affinity.pod_anti_affinity.as_mut()),
    ];
    for (field, side) in sides {
        let Some(side) = side else { continue };
        let at = || {
            FieldPath::root()
                .child("spec")
                .child("affinity")
                .child(field)
        };
        let required = side
            .required_during_scheduling_ignored_during_execution
            .iter_mut()
            .flatten()
            .enumerate()
            .map(|(index, term)| {
                let path = at()
                    .child("requiredDuringSchedulingIgnoredDuringExecution")
                    .index(index);
                (path, term)
            });
        let preferred = side
            .preferred_during_scheduling_ignored_during_execution
            .iter_mut()
            .flatten()
            .enumerate()
            .filter_map(|(index, weighted)| {
                let path = at()
                    .child("preferredDuringSchedulingIgnoredDuringExecution")
                    .index(index)
                    .child("podAffinityTerm");
                weighted.pod_affinity_term.as_mut().map(|term| (path, term))
            });
        for (path, term) in required.chain(preferred) {
            let gate = Some(Gate::MatchLabelKeysInPodAffinity);
            d.drop(
                &mut term.match_label_keys,
                || path.child("matchLabelKeys"),
                29,
                gate,
            );
            d.drop(
                &mut term.mismatch_label_keys,
                || path.child("mismatchLabelKeys"),
                29,
                gate,
            );
        }
    }
}

/// Dynamic Resource Allocation: the fields of `spec.resourceClaims` and `resources.claims` the
/// release has (a claim's names moved out of `source` in 1.31, when `request` came), then
/// `dropDisabledDynamicResourceAllocationFields`: without the gate all of them go.
fn drop_resource_claims(
    pod: &mut Pod,
    d: &mut Dropper<'_>,
    container_path: &dyn Fn(&'static str, usize) -> FieldPath,
) {
    let claims_path = || FieldPath::root().child("spec").child("resourceClaims");
    for (index, claim) in pod.spec.resource_claims.iter_mut().flatten().enumerate() {
        let path = || claims_path().index(index);
        d.drop(
            &mut claim.resource_claim_name,
            || path().child("resourceClaimName"),
            31,
            None,
        );
        d.drop(
            &mut claim.resource_claim_template_name,
            || path().child("resourceClaimTemplateName"),
            31,
            None,
        );
        if d.minor >= 31 && claim.source.take().is_some() {
            d.record(path().child("source"), Removal::RemovedAfter { last: 30 });
        }
    }
    let dra = Some(Gate::DynamicResourceAllocation);
    for (list, index, container) in pod.all_containers_mut() {
        let Some(resources) = container.resources.as_mut() else {
            continue;
        };
        let path = || {
            container_path(list, index)
                .child("resources")
                .child("claims")
        };
        for (entry, claim) in resources.claims.iter_mut().flatten().enumerate() {
            d.drop(
                &mut claim.request,
                || path().index(entry).child("request"),
                31,
                None,
            );
        }
        // The claims exist in every release podlife knows: only the gate can drop them.
        d.drop(&mut resources.claims, path, 0, dra);
    }
    d.drop(&mut pod.spec.resource_claims, claims_path, 0, dra);
}
