//! Why a permanent fault blocked nothing: a row that says only "blocks nothing" reads like a
//! missed check, so each one says what made the fault harmless in this pod.

use crate::sim::explore::FaultKind;
use crate::sim::plan::spec::{ContainerIndex, ContainerKind, PodPlan, PullPolicy};

/// What made a permanent fault harmless.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unblocked {
    /// The image was never pulled for this container: an earlier container pulled it.
    AlreadyPulled(ContainerIndex),
    /// The image was never pulled: the scenario has it on the node already.
    OnTheNode,
    /// The image is never pulled: `imagePullPolicy: Never`.
    NeverPulled,
    /// A container that never exits on its own is what an app container or sidecar does;
    /// only a termination would notice (`--delete-at`).
    RunsForever,
    /// The container outlived the grace period and SIGKILL ended it.
    KilledAtGracePeriod,
    /// A sidecar does not decide whether a pod that runs to completion completes: the kubelet
    /// stops it when the app containers are done.
    SidecarOfCompletingPod,
    /// The scenario deletes the pod, and the pod was removed whatever the fault did to it.
    RemovedAnyway,
    /// The scenario deletes the pod, but the pod had ended before the deletion came.
    EndedBeforeDeletion,
    /// The pod reached every goal anyway (nothing more specific is known).
    ReachedAnyway,
}

impl Unblocked {
    /// Why, in words, for the RESULT cell (`plan` names the container an earlier pull was
    /// for).
    pub fn describe(self, plan: &PodPlan) -> String {
        match self {
            Unblocked::AlreadyPulled(by) => format!(
                "its image was already pulled for `{}`",
                plan.containers
                    .get(by)
                    .map_or("?", |spec| spec.name.as_str())
            ),
            Unblocked::OnTheNode => "its image is already on the node".to_string(),
            Unblocked::NeverPulled => "`imagePullPolicy: Never`: no pull to fail".to_string(),
            Unblocked::RunsForever => {
                "a long-running container may never exit; `--delete-at` tests its shutdown"
                    .to_string()
            }
            Unblocked::KilledAtGracePeriod => "SIGKILL at the grace period ends it".to_string(),
            Unblocked::SidecarOfCompletingPod => {
                "the kubelet stops sidecars once the app containers finish".to_string()
            }
            Unblocked::RemovedAnyway => "the deleted pod is removed all the same".to_string(),
            Unblocked::EndedBeforeDeletion => "the pod had ended before the deletion".to_string(),
            Unblocked::ReachedAnyway => "the pod reaches its goals all the same".to_string(),
        }
    }

    /// The word JSON gives it.
    pub fn name(self) -> &'static str {
        match self {
            Unblocked::AlreadyPulled(_) => "already-pulled",
            Unblocked::OnTheNode => "on-the-node",
            Unblocked::NeverPulled => "never-pulled",
            Unblocked::RunsForever => "runs-forever",
            Unblocked::KilledAtGracePeriod => "killed-at-grace-period",
            Unblocked::SidecarOfCompletingPod => "sidecar-of-completing-pod",
            Unblocked::RemovedAnyway => "removed-anyway",
            Unblocked::EndedBeforeDeletion => "ended-before-deletion",
            Unblocked::ReachedAnyway => "reached-anyway",
        }
    }
}

/// What the run of `fault` on `container` tells about a fault that blocked nothing.
#[derive(Debug, Clone, Copy)]
pub struct Harmless<'a> {
    /// The pod.
    pub plan: &'a PodPlan,
    /// The faulted container.
    pub container: ContainerIndex,
    /// The fault.
    pub fault: FaultKind,
    /// Whether the scenario deletes the pod.
    pub deleted: bool,
    /// Whether the pod had ended before the deletion was requested.
    pub ended_before_deletion: bool,
    /// Whether the pod runs to completion (restartPolicy not `Always`, or a Job's).
    pub completes: bool,
    /// Which images the scenario has on the node from the start, by image index.
    pub images_present: &'a [bool],
}

impl Harmless<'_> {
    /// Why the fault blocked nothing.
    pub fn why(&self) -> Unblocked {
        let Some(spec) = self.plan.containers.get(self.container) else {
            return Unblocked::ReachedAnyway;
        };
        match self.fault {
            FaultKind::ImagePull | FaultKind::ImagePullOnce => {
                if spec.pull_policy == PullPolicy::Never {
                    return Unblocked::NeverPulled;
                }
                if spec.pull_policy != PullPolicy::Always {
                    if self.images_present.get(spec.image_index) == Some(&true) {
                        return Unblocked::OnTheNode;
                    }
                    if let Some(by) = self
                        .plan
                        .containers
                        .iter()
                        .take(self.container)
                        .position(|earlier| earlier.image_index == spec.image_index)
                    {
                        return Unblocked::AlreadyPulled(by);
                    }
                }
            }
            _ if self.ended_before_deletion => return Unblocked::EndedBeforeDeletion,
            FaultKind::Hang | FaultKind::SlowSigterm if self.deleted => {
                return Unblocked::KilledAtGracePeriod;
            }
            _ => {}
        }
        if self.deleted {
            return Unblocked::RemovedAnyway;
        }
        if spec.kind == ContainerKind::Sidecar && self.completes {
            return Unblocked::SidecarOfCompletingPod;
        }
        if self.fault == FaultKind::Hang
            && matches!(spec.kind, ContainerKind::App | ContainerKind::Sidecar)
        {
            return Unblocked::RunsForever;
        }
        Unblocked::ReachedAnyway
    }
}
