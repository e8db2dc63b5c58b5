//! API defaulting, as the API server applies it before validation (`pkg/apis/core/v1/defaults.go`).
//!
//! Only the defaults that change what podlife checks or computes: pull and restart policies,
//! termination settings, probe and handler defaults, port protocols, host ports under
//! `hostNetwork`, a sourceless volume made an `emptyDir`, quantities rounded up to
//! milli-units, and requests copied from limits (docs/semantics.md lists every defaulter
//! checked). Like
//! Go's defaulters, an empty string or a zero counts as unset. `--no-defaulting` skips all of
//! it, as Kubernetes' validation unit tests do.

use crate::k8s::model::{
    Container, HttpGetAction, LifecycleHandler, Pod, Probe, QuantityValue, ResourceList,
};
use crate::k8s::volume_source::VolumeSource;

/// Kubernetes' default `terminationGracePeriodSeconds`.
pub const DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS: i64 = 30;

/// What is being defaulted: a Pod, or a pod template inside a workload (Deployment, Job…).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Submitted {
    /// A Pod (`SetDefaults_Pod` and `SetDefaults_PodSpec`), or the pod a template becomes.
    Pod,
    /// A template as its workload is stored (`SetDefaults_PodSpec` only): host ports stay
    /// unset under `hostNetwork` until a Pod is made from it.
    Template,
}

/// Applies API defaults to a pod in place.
pub fn apply(pod: &mut Pod) {
    apply_as(pod, Submitted::Pod);
}

/// Applies the API defaults of what was `submitted` to a pod in place.
pub fn apply_as(pod: &mut Pod, submitted: Submitted) {
    let spec = &mut pod.spec;
    default_string(&mut spec.restart_policy, "Always");
    default_string(&mut spec.dns_policy, "ClusterFirst");
    spec.termination_grace_period_seconds
        .get_or_insert(DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS);
    let host_network = spec.host_network == Some(true) && submitted == Submitted::Pod;
    for (list, _, container) in pod.all_containers_mut() {
        // With `hostNetwork`, a Pod's init and app containers' `hostPort`s default to their
        // `containerPort`s (`SetDefaults_Pod`; templates' since Kubernetes 1.28 no longer,
        // the DefaultHostNetworkHostPortsInPodTemplates gate off, then removed in 1.31);
        // ephemeral and defer containers' do not.
        let on_host = host_network && matches!(list, "initContainers" | "containers");
        default_container(container, on_host);
    }
    let spec = &mut pod.spec;
    for volume in spec.volumes.iter_mut().flatten() {
        default_volume(&mut volume.source);
    }
    round_up_to_milli(spec.overhead.as_mut());
    if let Some(resources) = spec.resources.as_mut() {
        round_up_to_milli(resources.limits.as_mut());
        round_up_to_milli(resources.requests.as_mut());
    }
}

/// A volume source's defaults that validation depends on: a volume with no source at all is an
/// `emptyDir` (`SetDefaults_Volume`: Istio's injected `workload-socket` volume is written so),
/// `SetDefaults_ObjectFieldSelector` (`apiVersion: v1`) in downward API files, also projected
/// ones, and `SetDefaults_AzureDiskVolumeSource` (`cachingMode: ReadWrite`, `kind: Shared`).
fn default_volume(source: &mut VolumeSource) {
    if source.set == 0
        && let Some(bit) = VolumeSource::position("emptyDir")
    {
        source.set |= 1 << bit;
        source.empty_dir = Some(Box::default());
    }
    if let Some(position) = VolumeSource::position("azureDisk") {
        for (_, disk) in source.in_tree.iter_mut().filter(|(at, _)| *at == position) {
            default_string(&mut disk.caching_mode, "ReadWrite");
            default_string(&mut disk.kind, "Shared");
        }
    }
    let projected = source
        .projected
        .iter_mut()
        .flat_map(|p| p.sources.iter_mut().flatten())
        .filter_map(|s| s.downward_api.as_mut());
    for downward in source
        .downward_api
        .as_deref_mut()
        .into_iter()
        .chain(projected)
    {
        for file in downward.items.iter_mut().flatten() {
            if let Some(field_ref) = file.field_ref.as_mut() {
                default_string(&mut field_ref.api_version, "v1");
            }
        }
    }
}

/// The pull policy Kubernetes defaults to for an image: `Always` for `:latest` or no tag,
/// else `IfNotPresent` (a digest counts as a tag).
pub fn default_pull_policy(image: &str) -> &'static str {
    let name = image.rsplit('/').next().unwrap_or(image);
    if image.contains('@') {
        return "IfNotPresent";
    }
    match name.rsplit_once(':') {
        Some((_, "latest")) | None => "Always",
        Some(_) => "IfNotPresent",
    }
}

/// Sets an unset or empty string, as Go defaulters do for `""`.
fn default_string(field: &mut Option<String>, value: &str) {
    if field.as_deref().is_none_or(str::is_empty) {
        *field = Some(value.to_string());
    }
}

/// Sets an unset or zero number, as `SetDefaults_Probe` does for `0`.
fn default_number(field: &mut Option<i32>, value: i32) {
    if field.is_none_or(|n| n == 0) {
        *field = Some(value);
    }
}

fn default_container(container: &mut Container, host_network: bool) {
    if container
        .image_pull_policy
        .as_deref()
        .is_none_or(str::is_empty)
    {
        let policy = default_pull_policy(container.image.as_deref().unwrap_or(""));
        container.image_pull_policy = Some(policy.to_string());
    }
    default_string(&mut container.termination_message_policy, "File");
    default_string(
        &mut container.termination_message_path,
        "/dev/termination-log",
    );
    // `SetDefaults_ObjectFieldSelector`: `apiVersion: v1`.
    for variable in container.env.iter_mut().flatten() {
        if let Some(field_ref) = variable
            .value_from
            .as_mut()
            .and_then(|source| source.field_ref.as_mut())
        {
            default_string(&mut field_ref.api_version, "v1");
        }
    }
    for port in container.ports.iter_mut().flatten() {
        default_string(&mut port.protocol, "TCP");
        if host_network && port.host_port.is_none_or(|p| p == 0) {
            port.host_port = port.container_port;
        }
    }
    for probe in [
        container.liveness_probe.as_mut(),
        container.readiness_probe.as_mut(),
        container.startup_probe.as_mut(),
    ]
    .into_iter()
    .flatten()
    {
        default_probe(probe);
    }
    if let Some(lifecycle) = container.lifecycle.as_mut() {
        for handler in [lifecycle.post_start.as_mut(), lifecycle.pre_stop.as_mut()]
            .into_iter()
            .flatten()
        {
            default_handler(handler);
        }
    }
    if let Some(resources) = container.resources.as_mut() {
        round_up_to_milli(resources.limits.as_mut());
        round_up_to_milli(resources.requests.as_mut());
        if let Some(limits) = &resources.limits {
            let requests = resources.requests.get_or_insert_with(Default::default);
            for (name, limit) in limits {
                requests
                    .entry(name.clone())
                    .or_insert_with(|| limit.clone());
            }
        }
    }
}

/// `SetDefaults_ResourceList`: every quantity rounded up to a whole milli-unit.
fn round_up_to_milli(list: Option<&mut ResourceList>) {
    for value in list.into_iter().flat_map(|list| list.values_mut()) {
        if let QuantityValue::Valid(quantity) = value {
            *quantity = quantity.round_up(-3).0;
        }
    }
}

fn default_probe(probe: &mut Probe) {
    default_number(&mut probe.timeout_seconds, 1);
    default_number(&mut probe.period_seconds, 10);
    default_number(&mut probe.success_threshold, 1);
    default_number(&mut probe.failure_threshold, 3);
    if let Some(http) = probe.http_get.as_mut() {
        default_http_get(http);
    }
}

fn default_handler(handler: &mut LifecycleHandler) {
    if let Some(http) = handler.http_get.as_mut() {
        default_http_get(http);
    }
}

fn default_http_get(http: &mut HttpGetAction) {
    default_string(&mut http.path, "/");
    default_string(&mut http.scheme, "HTTP");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pull_policy_follows_the_tag() {
        assert_eq!(default_pull_policy("nginx"), "Always");
        assert_eq!(default_pull_policy("nginx:latest"), "Always");
        assert_eq!(default_pull_policy("nginx:1.27"), "IfNotPresent");
        assert_eq!(default_pull_policy("registry:5000/nginx"), "Always");
        assert_eq!(default_pull_policy("nginx@sha256:abc"), "IfNotPresent");
    }
}
