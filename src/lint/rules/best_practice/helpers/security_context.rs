//! A container's effective security settings: its own `securityContext` field, else the pod's
//! (`spec.securityContext`), as the kubelet resolves them for every container kind.

use crate::k8s::model::{Container, Pod, SecurityProfile};
use crate::lint::rules::{ContainerList, PodContext};
use crate::yaml::field_path::FieldPath;

/// A value and the path it was read from (the container's field or the pod's).
#[derive(Debug, Clone, PartialEq)]
pub struct Setting<T> {
    /// The value.
    pub value: T,
    /// Where it is written, pod-relative.
    pub path: FieldPath,
    /// Whether the pod's `securityContext` gave it (the container's had none).
    pub from_pod: bool,
}

/// The security settings of one container, with where each came from.
pub struct ContainerSecurity<'p> {
    pod: &'p Pod,
    container: &'p Container,
    /// Where the container is: its paths are made only for a finding.
    context: &'p PodContext<'p>,
    list: ContainerList,
    index: usize,
}

impl<'p> ContainerSecurity<'p> {
    /// The settings of the container at `index` of `list`.
    pub fn of(
        context: &'p PodContext<'p>,
        list: ContainerList,
        index: usize,
        container: &'p Container,
    ) -> Self {
        ContainerSecurity {
            pod: context.pod,
            container,
            context,
            list,
            index,
        }
    }

    /// The path of a field of the container's `securityContext`.
    pub fn container_field(&self, field: &'static str) -> FieldPath {
        self.context
            .container_field_path(self.list, self.index, &["securityContext", field])
    }

    /// The path of a field of the pod's `securityContext`.
    pub fn pod_field(field: &'static str) -> FieldPath {
        FieldPath::root().children(&["spec", "securityContext", field])
    }

    /// Where a finding about the container as a whole points: its `name`.
    pub fn name_path(&self) -> FieldPath {
        self.context
            .container_field_path(self.list, self.index, &["name"])
    }

    /// The container's value of a field, else the pod's.
    fn resolve<T: Clone>(
        &self,
        field: &'static str,
        own: Option<&T>,
        pod: Option<&T>,
    ) -> Option<Setting<T>> {
        if let Some(value) = own {
            return Some(Setting {
                value: value.clone(),
                path: self.container_field(field),
                from_pod: false,
            });
        }
        pod.map(|value| Setting {
            value: value.clone(),
            path: Self::pod_field(field),
            from_pod: true,
        })
    }

    /// `runAsUser`.
    pub fn run_as_user(&self) -> Option<Setting<i64>> {
        let own = self.own().and_then(|c| c.run_as_user.as_ref());
        let pod = self.pod_context().and_then(|p| p.run_as_user.as_ref());
        self.resolve("runAsUser", own, pod)
    }

    /// `runAsGroup`.
    pub fn run_as_group(&self) -> Option<Setting<i64>> {
        let own = self.own().and_then(|c| c.run_as_group.as_ref());
        let pod = self.pod_context().and_then(|p| p.run_as_group.as_ref());
        self.resolve("runAsGroup", own, pod)
    }

    /// `runAsNonRoot`.
    pub fn run_as_non_root(&self) -> Option<Setting<bool>> {
        let own = self.own().and_then(|c| c.run_as_non_root.as_ref());
        let pod = self.pod_context().and_then(|p| p.run_as_non_root.as_ref());
        self.resolve("runAsNonRoot", own, pod)
    }

    /// `seccompProfile`.
    pub fn seccomp_profile(&self) -> Option<Setting<SecurityProfile>> {
        let own = self.own().and_then(|c| c.seccomp_profile.as_ref());
        let pod = self.pod_context().and_then(|p| p.seccomp_profile.as_ref());
        self.resolve("seccompProfile", own, pod)
    }

    /// `appArmorProfile`.
    pub fn app_armor_profile(&self) -> Option<Setting<SecurityProfile>> {
        let own = self.own().and_then(|c| c.app_armor_profile.as_ref());
        let pod = self
            .pod_context()
            .and_then(|p| p.app_armor_profile.as_ref());
        self.resolve("appArmorProfile", own, pod)
    }

    /// The container's own `securityContext`.
    pub fn own(&self) -> Option<&'p crate::k8s::model::SecurityContext> {
        self.container.security_context.as_deref()
    }

    fn pod_context(&self) -> Option<&'p crate::k8s::model::PodSecurityContext> {
        self.pod.spec.security_context.as_deref()
    }
}

/// Whether the pod runs on Windows (`spec.os.name: windows`, or a `hostProcess` pod), where the
/// Linux security settings do not apply (and the API server forbids most of them).
pub fn is_windows(pod: &Pod) -> bool {
    let os = pod
        .spec
        .os
        .as_ref()
        .and_then(|os| os.name.as_deref())
        .is_some_and(|name| name.eq_ignore_ascii_case("windows"));
    let host_process = pod
        .spec
        .security_context
        .as_ref()
        .and_then(|context| context.windows_options.as_ref())
        .and_then(|options| options.host_process)
        == Some(true);
    os || host_process
}
