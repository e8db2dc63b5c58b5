//! What the API server of a release does with fields the release lacks or a gate turns off:
//! a field the release's API does not have is an unknown field (strict decoding rejects the
//! object), and a field behind a disabled gate is silently cleared before validation
//! (`pkg/api/pod/util.go` `dropDisabledPodFields`, for a new object: nothing is "in use" yet).
//! Validation then sees the pod without it, as [`drop_fields`] leaves it.

use super::feature_gates::{FeatureGates, Gate};
use crate::k8s::model::{Container, Lifecycle, LifecycleHandler, Pod};
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

/// The container lists, as their fields are named in the pod spec.
const LISTS: [&str; 4] = [
    "initContainers",
    "containers",
    "ephemeralContainers",
    "deferContainers",
];

/// Takes out of `pod` what the API server of the gates' release would not keep, and says what.
/// `container_path(list, index)` names a container (`spec.initContainers[1]`, or where an
/// annotation holds it).
pub fn drop_fields(
    pod: &mut Pod,
    gates: &FeatureGates,
    container_path: &dyn Fn(&str, usize) -> FieldPath,
) -> Vec<RemovedField> {
    let mut removed = Vec::new();
    drop_resource_claims(pod, gates, container_path, &mut removed);
    let minor = gates.version().minor();
    // The path is built only for a field that goes: most pods lose nothing.
    let mut remove = |path: &dyn Fn() -> FieldPath, since: u8, gate: Option<Gate>| {
        let removal = if minor < since {
            Removal::NotInRelease { since }
        } else if let Some(gate) = gate.filter(|gate| !gates.enabled(*gate)) {
            Removal::Dropped(gate)
        } else {
            return false;
        };
        removed.push(RemovedField {
            path: path(),
            removal,
        });
        true
    };
    let spec = || FieldPath::root().child("spec");
    if pod.spec.resources.is_some()
        && remove(
            &|| spec().child("resources"),
            32,
            Some(Gate::PodLevelResources),
        )
    {
        pod.spec.resources = None;
    }
    if let Some(context) = pod.spec.security_context.as_mut() {
        let at = || spec().child("securityContext");
        if context.app_armor_profile.is_some()
            && remove(&|| at().child("appArmorProfile"), 30, None)
        {
            context.app_armor_profile = None;
        }
        if context.supplemental_groups_policy.is_some()
            && remove(
                &|| at().child("supplementalGroupsPolicy"),
                31,
                Some(Gate::SupplementalGroupsPolicy),
            )
        {
            context.supplemental_groups_policy = None;
        }
        if context.se_linux_change_policy.is_some()
            && remove(
                &|| at().child("seLinuxChangePolicy"),
                32,
                Some(Gate::SELinuxChangePolicy),
            )
        {
            context.se_linux_change_policy = None;
        }
    }
    if pod.spec.host_users.is_some()
        && remove(
            &|| spec().child("hostUsers"),
            25,
            Some(Gate::UserNamespacesSupport),
        )
    {
        pod.spec.host_users = None;
    }
    if pod.spec.hostname_override.is_some()
        && remove(
            &|| spec().child("hostnameOverride"),
            34,
            Some(Gate::HostnameOverride),
        )
    {
        pod.spec.hostname_override = None;
    }
    let lists = [
        pod.spec.init_containers.as_mut(),
        pod.spec.containers.as_mut(),
        pod.spec.ephemeral_containers.as_mut(),
        pod.spec.defer_containers.as_mut(),
    ];
    for (list, containers) in LISTS.into_iter().zip(lists) {
        for (index, container) in containers.into_iter().flatten().enumerate() {
            let path = || container_path(list, index);
            drop_container_fields(container, list, &path, minor, &mut remove);
        }
    }
    reset_proc_mounts(pod, gates, container_path, &mut removed);
    drop_image_volumes(pod, gates, container_path, &mut removed);
    removed
}

/// `dropDisabledProcMountField`: without ProcMountType a `procMount` other than `Default` is
/// set to `Default` (not cleared).
fn reset_proc_mounts(
    pod: &mut Pod,
    gates: &FeatureGates,
    container_path: &dyn Fn(&str, usize) -> FieldPath,
    removed: &mut Vec<RemovedField>,
) {
    if gates.enabled(Gate::ProcMountType) {
        return;
    }
    let lists = [
        pod.spec.init_containers.as_mut(),
        pod.spec.containers.as_mut(),
        pod.spec.ephemeral_containers.as_mut(),
        pod.spec.defer_containers.as_mut(),
    ];
    for (list, containers) in LISTS.into_iter().zip(lists) {
        for (index, container) in containers.into_iter().flatten().enumerate() {
            let Some(context) = container.security_context.as_mut() else {
                continue;
            };
            if context
                .proc_mount
                .as_deref()
                .is_some_and(|m| m != "Default")
            {
                context.proc_mount = Some("Default".to_string());
                removed.push(RemovedField {
                    path: container_path(list, index)
                        .child("securityContext")
                        .child("procMount"),
                    removal: Removal::Reset {
                        gate: Gate::ProcMountType,
                        to: "Default",
                    },
                });
            }
        }
    }
}

/// `dropImageVolumes`: an `image` volume is a field the release may lack (1.31 on); without
/// ImageVolume the API server removes the volume and every mount of it. Both are reported and
/// left in place ([`Removal::Removed`]).
fn drop_image_volumes(
    pod: &Pod,
    gates: &FeatureGates,
    container_path: &dyn Fn(&str, usize) -> FieldPath,
    removed: &mut Vec<RemovedField>,
) {
    let volumes = || FieldPath::root().child("spec").child("volumes");
    let mut gone = Vec::new();
    for (index, volume) in pod.spec.volumes.iter().flatten().enumerate() {
        if !volume.is_image() {
            continue;
        }
        if gates.version().minor() < 31 {
            removed.push(RemovedField {
                path: volumes().index(index).child("image"),
                removal: Removal::NotInRelease { since: 31 },
            });
        } else if !gates.enabled(Gate::ImageVolume) {
            removed.push(RemovedField {
                path: volumes().index(index),
                removal: Removal::Removed(Gate::ImageVolume),
            });
            gone.extend(volume.name.as_deref());
        }
    }
    if gone.is_empty() {
        return;
    }
    let lists = [
        pod.spec.init_containers.as_deref(),
        pod.spec.containers.as_deref(),
        pod.spec.ephemeral_containers.as_deref(),
        pod.spec.defer_containers.as_deref(),
    ];
    for (list, containers) in LISTS.into_iter().zip(lists) {
        for (index, container) in containers.into_iter().flatten().enumerate() {
            for (mount_index, mount) in container.volume_mounts.iter().flatten().enumerate() {
                if mount
                    .name
                    .as_deref()
                    .is_some_and(|name| gone.contains(&name))
                {
                    removed.push(RemovedField {
                        path: container_path(list, index)
                            .child("volumeMounts")
                            .index(mount_index),
                        removal: Removal::Removed(Gate::ImageVolume),
                    });
                }
            }
        }
    }
}

/// Decides whether a field goes (present from release `u8`, kept while the gate is on), and
/// records it with its path, built only then.
type Remove<'r> = dyn FnMut(&dyn Fn() -> FieldPath, u8, Option<Gate>) -> bool + 'r;

fn drop_container_fields(
    container: &mut Container,
    list: &str,
    path: &dyn Fn() -> FieldPath,
    minor: u8,
    remove: &mut Remove<'_>,
) {
    // `dropDisabledPodFields`: without SidecarContainers every init container's `restartPolicy`
    // goes; without ContainerRestartRules (1.34 on, `dropContainerRestartRules`) an init
    // container's policy other than `Always` goes, and so does a regular or ephemeral
    // container's. Before 1.34 a regular container's policy is kept, and validation forbids it.
    let init = list == "initContainers";
    let restart_gate =
        if init && (minor < 34 || container.restart_policy.as_deref() == Some("Always")) {
            Some(Gate::SidecarContainers)
        } else if list == "deferContainers" || minor < 34 {
            None
        } else {
            Some(Gate::ContainerRestartRules)
        };
    if container.restart_policy.is_some()
        && let Some(gate) = restart_gate
        && remove(&|| path().child("restartPolicy"), 28, Some(gate))
    {
        container.restart_policy = None;
    }
    if container.restart_policy_rules.is_some()
        && remove(
            &|| path().child("restartPolicyRules"),
            34,
            Some(Gate::ContainerRestartRules),
        )
    {
        container.restart_policy_rules = None;
    }
    if let Some(context) = container.security_context.as_mut()
        && context.app_armor_profile.is_some()
        && remove(
            &|| path().child("securityContext").child("appArmorProfile"),
            30,
            None,
        )
    {
        context.app_armor_profile = None;
    }
    for (index, mount) in container.volume_mounts.iter_mut().flatten().enumerate() {
        if mount.recursive_read_only.is_some()
            && remove(
                &|| {
                    path()
                        .child("volumeMounts")
                        .index(index)
                        .child("recursiveReadOnly")
                },
                30,
                Some(Gate::RecursiveReadOnlyMounts),
            )
        {
            mount.recursive_read_only = None;
        }
    }
    if container.resize_policy.is_some()
        && remove(
            &|| path().child("resizePolicy"),
            27,
            Some(Gate::InPlacePodVerticalScaling),
        )
    {
        container.resize_policy = None;
    }
    for (index, variable) in container.env.iter_mut().flatten().enumerate() {
        if let Some(source) = variable.value_from.as_mut()
            && source.file_key_ref.is_some()
            && remove(
                &|| {
                    path()
                        .child("env")
                        .index(index)
                        .child("valueFrom")
                        .child("fileKeyRef")
                },
                34,
                Some(Gate::EnvFiles),
            )
        {
            source.file_key_ref = None;
        }
    }
    if let Some(lifecycle) = container.lifecycle.as_mut() {
        drop_lifecycle_fields(lifecycle, &|| path().child("lifecycle"), remove);
    }
}

/// Dynamic Resource Allocation: the fields of `spec.resourceClaims` and `resources.claims` the
/// release has (a claim's names moved out of `source` in 1.31, when `request` came), then
/// `dropDisabledDynamicResourceAllocationFields`: without the gate all of them go.
fn drop_resource_claims(
    pod: &mut Pod,
    gates: &FeatureGates,
    container_path: &dyn Fn(&str, usize) -> FieldPath,
    removed: &mut Vec<RemovedField>,
) {
    let minor = gates.version().minor();
    let claims_path = || FieldPath::root().child("spec").child("resourceClaims");
    let mut gone = |path: FieldPath, removal: Removal| removed.push(RemovedField { path, removal });
    for (index, claim) in pod.spec.resource_claims.iter_mut().flatten().enumerate() {
        let path = || claims_path().index(index);
        if minor < 31 {
            for (field, value) in [
                ("resourceClaimName", &mut claim.resource_claim_name),
                (
                    "resourceClaimTemplateName",
                    &mut claim.resource_claim_template_name,
                ),
            ] {
                if value.take().is_some() {
                    gone(path().child(field), Removal::NotInRelease { since: 31 });
                }
            }
        } else if claim.source.take().is_some() {
            gone(path().child("source"), Removal::RemovedAfter { last: 30 });
        }
    }
    let lists = [
        pod.spec.init_containers.as_mut(),
        pod.spec.containers.as_mut(),
        pod.spec.ephemeral_containers.as_mut(),
        pod.spec.defer_containers.as_mut(),
    ];
    let mut with_claims = Vec::new();
    for (list, containers) in LISTS.into_iter().zip(lists) {
        for (index, container) in containers.into_iter().flatten().enumerate() {
            let Some(claims) = container.resources.as_mut().and_then(|r| r.claims.as_mut()) else {
                continue;
            };
            let path = || {
                container_path(list, index)
                    .child("resources")
                    .child("claims")
            };
            if minor < 31 {
                for (entry, claim) in claims.iter_mut().enumerate() {
                    if claim.request.take().is_some() {
                        gone(
                            path().index(entry).child("request"),
                            Removal::NotInRelease { since: 31 },
                        );
                    }
                }
            }
            with_claims.push((path(), container));
        }
    }
    if gates.enabled(Gate::DynamicResourceAllocation) {
        return;
    }
    let dropped = Removal::Dropped(Gate::DynamicResourceAllocation);
    if pod.spec.resource_claims.take().is_some() {
        gone(claims_path(), dropped);
    }
    for (path, container) in with_claims {
        if let Some(resources) = container.resources.as_mut() {
            resources.claims = None;
        }
        gone(path, dropped);
    }
}

/// `dropContainerStopSignals` and `dropPodLifecycleSleepAction` on one container's lifecycle.
fn drop_lifecycle_fields(
    lifecycle: &mut Lifecycle,
    lifecycle_path: &dyn Fn() -> FieldPath,
    remove: &mut Remove<'_>,
) {
    if lifecycle.stop_signal.is_some()
        && remove(
            &|| lifecycle_path().child("stopSignal"),
            33,
            Some(Gate::ContainerStopSignals),
        )
    {
        lifecycle.stop_signal = None;
    }
    let hooks: [(&str, Option<&mut LifecycleHandler>); 2] = [
        ("postStart", lifecycle.post_start.as_mut()),
        ("preStop", lifecycle.pre_stop.as_mut()),
    ];
    for (name, handler) in hooks {
        if let Some(handler) = handler
            && handler.sleep.is_some()
            && remove(
                &|| lifecycle_path().child(name).child("sleep"),
                29,
                Some(Gate::PodLifecycleSleepAction),
            )
        {
            handler.sleep = None;
        }
    }
}
