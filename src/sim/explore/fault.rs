//! The faults `--explore` tries, one container at a time: transient ones (fail once, then
//! behave) and permanent ones, what each does to the scenario, and `--faults`/`--skip-fault`.

use crate::sim::engine::distribution::Dist;
use crate::sim::engine::time::SimDuration;
use crate::sim::plan::behaviour::{ExitKind, ProbeScript};
use crate::sim::plan::spec::{ContainerIndex, ContainerKind, PodPlan, ProbeKind};
use crate::sim::scenario::Patch;
use crate::sim::scenario::flags::{FailFlag, Fault, apply_fail};

/// How long a transient readiness failure lasts from the container's first start.
pub const READINESS_OUTAGE: SimDuration = SimDuration::from_secs(30);

/// Whether a fault passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Persistence {
    /// It happens once, then the container behaves: a pod should recover from it.
    Transient,
    /// It happens every time: the pod cannot get past it, and the report says what it blocks.
    Permanent,
}

impl Persistence {
    /// `transient`, `permanent`.
    pub fn name(self) -> &'static str {
        match self {
            Persistence::Transient => "transient",
            Persistence::Permanent => "permanent",
        }
    }
}

/// One thing that can go wrong with a container.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FaultKind {
    /// Exits with code 1 on its first attempt only.
    ExitOnce,
    /// Killed for running out of memory on its first attempt only.
    OomOnce,
    /// Its first image pull fails.
    ImagePullOnce,
    /// Its first `CreateContainer` fails.
    CreateOnce,
    /// Its startup probe fails throughout its first attempt (the kubelet restarts it).
    StartupOnce,
    /// Its liveness probe fails throughout its first attempt (the kubelet restarts it).
    LivenessOnce,
    /// Its readiness probe fails for the first [`READINESS_OUTAGE`] of its first attempt.
    ReadinessOnce,
    /// Exits with code 1 on every attempt.
    ExitAlways,
    /// Killed for running out of memory on every attempt.
    Oom,
    /// Never exits on its own and ignores SIGTERM.
    Hang,
    /// Its image cannot be pulled.
    ImagePull,
    /// `CreateContainer` fails.
    Create,
    /// Its startup probe always fails.
    Startup,
    /// Its liveness probe always fails.
    Liveness,
    /// Its readiness probe always fails.
    Readiness,
    /// Takes longer than the grace period to exit after SIGTERM (with a deletion only).
    SlowSigterm,
}

impl FaultKind {
    /// Every kind, in report order: the transient ones, then the permanent ones.
    pub const ALL: [FaultKind; 16] = [
        FaultKind::ExitOnce,
        FaultKind::OomOnce,
        FaultKind::ImagePullOnce,
        FaultKind::CreateOnce,
        FaultKind::StartupOnce,
        FaultKind::LivenessOnce,
        FaultKind::ReadinessOnce,
        FaultKind::ExitAlways,
        FaultKind::Oom,
        FaultKind::Hang,
        FaultKind::ImagePull,
        FaultKind::Create,
        FaultKind::Startup,
        FaultKind::Liveness,
        FaultKind::Readiness,
        FaultKind::SlowSigterm,
    ];

    /// As reports, JSON and `--skip-fault` name it (`exit-1-once`).
    pub fn name(self) -> &'static str {
        match self {
            FaultKind::ExitOnce => "exit-1-once",
            FaultKind::OomOnce => "oom-once",
            FaultKind::ImagePullOnce => "image-pull-once",
            FaultKind::CreateOnce => "create-once",
            FaultKind::StartupOnce => "startup-probe-once",
            FaultKind::LivenessOnce => "liveness-probe-once",
            FaultKind::ReadinessOnce => "readiness-probe-once",
            FaultKind::ExitAlways => "exit-1-always",
            FaultKind::Oom => "oom",
            FaultKind::Hang => "hang",
            FaultKind::ImagePull => "image-pull",
            FaultKind::Create => "create",
            FaultKind::Startup => "startup-probe",
            FaultKind::Liveness => "liveness-probe",
            FaultKind::Readiness => "readiness-probe",
            FaultKind::SlowSigterm => "slow-sigterm",
        }
    }

    /// The kind named `name`.
    pub fn parse(name: &str) -> Option<FaultKind> {
        FaultKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// Whether it passes (transient) or lasts (permanent).
    pub fn persistence(self) -> Persistence {
        match self {
            FaultKind::ExitOnce
            | FaultKind::OomOnce
            | FaultKind::ImagePullOnce
            | FaultKind::CreateOnce
            | FaultKind::StartupOnce
            | FaultKind::LivenessOnce
            | FaultKind::ReadinessOnce => Persistence::Transient,
            FaultKind::ExitAlways
            | FaultKind::Oom
            | FaultKind::Hang
            | FaultKind::ImagePull
            | FaultKind::Create
            | FaultKind::Startup
            | FaultKind::Liveness
            | FaultKind::Readiness
            | FaultKind::SlowSigterm => Persistence::Permanent,
        }
    }

    /// Whether the fault applies to a container: probes it has, a deletion for slow SIGTERM;
    /// defer containers are left out (they run only at termination).
    pub(super) fn applies(self, plan: &PodPlan, container: ContainerIndex, deletion: bool) -> bool {
        let spec = &plan.containers[container];
        if spec.kind == ContainerKind::Defer {
            return false;
        }
        match self {
            FaultKind::Startup | FaultKind::StartupOnce => spec.probe(ProbeKind::Startup).is_some(),
            FaultKind::Liveness | FaultKind::LivenessOnce => {
                spec.probe(ProbeKind::Liveness).is_some()
            }
            FaultKind::Readiness | FaultKind::ReadinessOnce => {
                spec.probe(ProbeKind::Readiness).is_some()
            }
            FaultKind::SlowSigterm => deletion && spec.kind != ContainerKind::Init,
            _ => true,
        }
    }

    /// Adds the fault to `patch`; `slow` is how long a slow SIGTERM takes.
    pub(super) fn apply(self, container: ContainerIndex, patch: &mut Patch, slow: SimDuration) {
        let fail = |fault: Fault, first: Option<u32>| FailFlag {
            container,
            fault,
            first,
        };
        let flag = match self {
            FaultKind::ExitOnce => fail(Fault::Exit(ExitKind::Code(1)), Some(1)),
            FaultKind::OomOnce => fail(Fault::Exit(ExitKind::Oom), Some(1)),
            FaultKind::ImagePullOnce => fail(Fault::Pull, Some(1)),
            FaultKind::CreateOnce => fail(Fault::Create, Some(1)),
            FaultKind::StartupOnce => fail(Fault::Probe(ProbeKind::Startup), Some(1)),
            FaultKind::LivenessOnce => fail(Fault::Probe(ProbeKind::Liveness), Some(1)),
            FaultKind::ReadinessOnce => {
                patch.containers[container].attempt_mut(1).probes[ProbeKind::Readiness as usize] =
                    Some(ProbeScript::Timeline(vec![
                        (SimDuration::ZERO, false),
                        (READINESS_OUTAGE, true),
                    ]));
                return;
            }
            FaultKind::ExitAlways => fail(Fault::Exit(ExitKind::Code(1)), None),
            FaultKind::Oom => fail(Fault::Exit(ExitKind::Oom), None),
            FaultKind::Hang => fail(Fault::Exit(ExitKind::Hang), None),
            FaultKind::ImagePull => fail(Fault::Pull, None),
            FaultKind::Create => fail(Fault::Create, None),
            FaultKind::Startup => fail(Fault::Probe(ProbeKind::Startup), None),
            FaultKind::Liveness => fail(Fault::Probe(ProbeKind::Liveness), None),
            FaultKind::Readiness => fail(Fault::Probe(ProbeKind::Readiness), None),
            FaultKind::SlowSigterm => {
                patch.containers[container].default.stop = Some(Dist::Fixed(slow));
                return;
            }
        };
        apply_fail(&flag, patch);
    }
}

/// Which faults to try (`--faults`, `--skip-fault`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FaultSelection {
    /// Only these (`None`: both).
    pub only: Option<Persistence>,
    /// Never these.
    pub skipped: Vec<FaultKind>,
}

impl FaultSelection {
    /// Whether `kind` is tried.
    pub fn includes(&self, kind: FaultKind) -> bool {
        self.only.is_none_or(|only| kind.persistence() == only) && !self.skipped.contains(&kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_parse_back() {
        for kind in FaultKind::ALL {
            assert_eq!(FaultKind::parse(kind.name()), Some(kind));
        }
        assert_eq!(FaultKind::parse("oom-twice"), None);
    }

    #[test]
    fn every_transient_fault_says_once_and_no_permanent_one_does() {
        for kind in FaultKind::ALL {
            let once = kind.name().ends_with("-once");
            assert_eq!(
                once,
                kind.persistence() == Persistence::Transient,
                "{kind:?}"
            );
        }
    }

    #[test]
    fn a_selection_keeps_one_persistence_and_drops_skipped_kinds() {
        let selection = FaultSelection {
            only: Some(Persistence::Transient),
            skipped: vec![FaultKind::OomOnce],
        };
        assert!(selection.includes(FaultKind::ExitOnce));
        assert!(!selection.includes(FaultKind::OomOnce));
        assert!(!selection.includes(FaultKind::ExitAlways));
        assert!(FaultSelection::default().includes(FaultKind::Hang));
    }
}
