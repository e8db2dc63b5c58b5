//! The pod the API server of a release keeps: API defaults applied (unless `--no-defaulting`),
//! then the fields the release does not know or a disabled gate drops taken out, with what was
//! taken out. `validate` judges this pod, and `resources`, `simulate`, `rollout` and the
//! language server's lenses work on it: one function, so they never disagree about it.

use super::FeatureGates;
use super::dropped_fields::{RemovedField, drop_fields};
use crate::k8s::container_list::ContainerList;
use crate::k8s::defaults::Submitted;
use crate::k8s::model::Pod;
use crate::k8s::workload::{InitContainerSource, container_field_path};

/// Whether API defaulting runs before the gated fields are dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Defaulting {
    /// As the API server does (`k8s::defaults`).
    Applied,
    /// The pod as written (`--no-defaulting`), as Kubernetes' validation unit tests see it.
    Skipped,
}

impl Defaulting {
    /// `Skipped` when `no_defaulting`, the flag's sense.
    pub fn unless(no_defaulting: bool) -> Defaulting {
        if no_defaulting {
            Defaulting::Skipped
        } else {
            Defaulting::Applied
        }
    }
}

/// A pod as the API server stores it, and what its release took out of it.
#[derive(Debug, Clone)]
pub struct StoredPod {
    /// The pod.
    pub pod: Pod,
    /// The fields taken out, each at the path the user wrote it (`init_source` decides where
    /// init containers are named).
    pub removed: Vec<RemovedField>,
}

/// The pod the API server of `gates`' release keeps for `pod`, read from where `init_source`
/// says its init containers were written.
pub fn stored_pod(
    pod: Pod,
    gates: &FeatureGates,
    defaulting: Defaulting,
    init_source: &InitContainerSource,
) -> StoredPod {
    stored_as(pod, gates, defaulting, init_source, Submitted::Pod)
}

/// [`stored_pod`] for what was `submitted`: a template is stored with the template's defaults.
pub fn stored_as(
    mut pod: Pod,
    gates: &FeatureGates,
    defaulting: Defaulting,
    init_source: &InitContainerSource,
    submitted: Submitted,
) -> StoredPod {
    if defaulting == Defaulting::Applied {
        crate::k8s::defaults::apply_as(&mut pod, submitted);
    }
    let removed = drop_fields(&mut pod, gates, &|list, index| {
        container_field_path(init_source, ContainerList::from_field(list), index, &[])
    });
    StoredPod { pod, removed }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::k8s::cluster::dropped_fields::Removal;
    use crate::k8s::cluster::{Gate, GateSettings, KubernetesVersion};

    fn pod(text: &str) -> Pod {
        let lines = crate::yaml::line_index::LineIndex::new(text);
        let document = crate::yaml::source::parse_stream(text)
            .into_iter()
            .next()
            .expect("a document");
        let objects = crate::objects::read_document(&std::sync::Arc::from("t"), &lines, &document);
        objects.pods.into_iter().next().expect("a pod").pod
    }

    fn gates(minor: u8, settings: &str) -> FeatureGates {
        let version = KubernetesVersion::new(minor).expect("a release");
        let settings = GateSettings::parse(settings).expect("settings");
        FeatureGates::resolve(version, &[&settings]).expect("gates")
    }

    const SIDECAR_WITH_STOP_SIGNAL: &str = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  initContainers:\n  - {name: s, image: i, restartPolicy: Always}\n  containers:\n  - name: app\n    image: i:latest\n    lifecycle: {stopSignal: SIGUSR1}\n";

    #[test]
    fn defaults_are_applied_then_gated_fields_dropped() {
        let stored = stored_pod(
            pod(SIDECAR_WITH_STOP_SIGNAL),
            &gates(34, "ContainerStopSignals=false"),
            Defaulting::Applied,
            &InitContainerSource::Spec,
        );
        let app = &stored.pod.containers()[0];
        assert_eq!(app.image_pull_policy.as_deref(), Some("Always"));
        assert!(
            app.lifecycle
                .as_ref()
                .is_none_or(|l| l.stop_signal.is_none())
        );
        assert_eq!(
            stored
                .removed
                .iter()
                .map(|field| (field.path.to_string(), field.removal))
                .collect::<Vec<_>>(),
            [(
                "spec.containers[0].lifecycle.stopSignal".to_string(),
                Removal::Dropped(Gate::ContainerStopSignals)
            )]
        );
    }

    #[test]
    fn without_defaulting_only_the_gated_fields_go() {
        let stored = stored_pod(
            pod(SIDECAR_WITH_STOP_SIGNAL),
            &gates(34, "ContainerStopSignals=false"),
            Defaulting::Skipped,
            &InitContainerSource::Spec,
        );
        assert_eq!(stored.pod.containers()[0].image_pull_policy, None);
        assert_eq!(stored.removed.len(), 1);
    }

    #[test]
    fn annotation_init_containers_are_named_where_written() {
        let source = InitContainerSource::Annotation {
            key: "pod.beta.kubernetes.io/init-containers".into(),
        };
        let path = container_field_path(&source, ContainerList::Init, 1, &["image"]);
        assert_eq!(
            path.to_string(),
            "metadata.annotations[pod.beta.kubernetes.io/init-containers][1].image"
        );
        let app = container_field_path(&source, ContainerList::App, 0, &[]);
        assert_eq!(app.to_string(), "spec.containers[0]");
    }
}
