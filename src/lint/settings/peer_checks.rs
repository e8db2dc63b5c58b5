//! The peers' checks that podlife rules cover, as data: which podlife rule a kube-linter,
//! kube-score or Polaris check ID maps to, for `honorPeerAnnotations: true`.
//!
//! One row per (peer, check, rule); a check that several podlife rules cover has a row for
//! each. Check IDs are spelled as each tool spells them (kube-linter's and kube-score's kebab
//! case, Polaris' camel case). docs/best-practice.md is the reader's version of this table.

/// A tool whose suppression annotations podlife can honour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Peer {
    /// stackrox/kube-linter: `ignore-check.kube-linter.io/<check>`, `kube-linter.io/ignore-all`.
    KubeLinter,
    /// zegl/kube-score: `kube-score/ignore: <check>,<check>`.
    KubeScore,
    /// FairwindsOps/polaris: `polaris.fairwinds.com/<check>-exempt: "true"`,
    /// `polaris.fairwinds.com/exempt: "true"`.
    Polaris,
}

impl Peer {
    /// The tool's name.
    pub fn name(self) -> &'static str {
        match self {
            Peer::KubeLinter => "kube-linter",
            Peer::KubeScore => "kube-score",
            Peer::Polaris => "Polaris",
        }
    }
}

/// One peer check and a podlife rule that covers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PeerCheck {
    /// The tool.
    pub peer: Peer,
    /// Its check ID.
    pub check: &'static str,
    /// The podlife rule ID.
    pub rule: &'static str,
}

const fn row(peer: Peer, check: &'static str, rule: &'static str) -> PeerCheck {
    PeerCheck { peer, check, rule }
}

use Peer::{KubeLinter, KubeScore, Polaris};

/// Every mapping, grouped by podlife rule.
pub static PEER_CHECKS: &[PeerCheck] = &[
    // PL306 identical-liveness-and-readiness-probes
    row(KubeScore, "pod-probes-identical", "PL306"),
    // PL312 probe-port-not-declared
    row(KubeLinter, "liveness-port", "PL312"),
    row(KubeLinter, "readiness-port", "PL312"),
    row(KubeLinter, "startup-port", "PL312"),
    // PL400 privileged-container
    row(KubeLinter, "privileged-container", "PL400"),
    row(KubeLinter, "scc-deny-privileged-container", "PL400"),
    row(KubeScore, "container-security-context-privileged", "PL400"),
    row(Polaris, "runAsPrivileged", "PL400"),
    // PL403 low-user-id
    row(
        KubeScore,
        "container-security-context-user-group-id",
        "PL403",
    ),
    // PL401 privilege-escalation-allowed
    row(KubeLinter, "privilege-escalation-container", "PL401"),
    row(Polaris, "privilegeEscalationAllowed", "PL401"),
    // PL402 run-as-root-allowed
    row(KubeLinter, "run-as-non-root", "PL402"),
    row(
        KubeScore,
        "container-security-context-user-group-id",
        "PL402",
    ),
    row(Polaris, "runAsRootAllowed", "PL402"),
    // PL404 writable-root-filesystem
    row(KubeLinter, "no-read-only-root-fs", "PL404"),
    row(
        KubeScore,
        "container-security-context-readonlyrootfilesystem",
        "PL404",
    ),
    row(Polaris, "notReadOnlyRootFilesystem", "PL404"),
    // PL405 capabilities-not-dropped
    row(KubeLinter, "drop-net-raw-capability", "PL405"),
    row(Polaris, "insecureCapabilities", "PL405"),
    // PL406 dangerous-capability-added
    row(KubeLinter, "drop-net-raw-capability", "PL406"),
    row(Polaris, "dangerousCapabilities", "PL406"),
    row(Polaris, "insecureCapabilities", "PL406"),
    // PL407 seccomp-not-restricted
    row(KubeScore, "container-seccomp-profile", "PL407"),
    row(Polaris, "linuxHardening", "PL407"),
    // PL408 apparmor-unconfined
    row(Polaris, "linuxHardening", "PL408"),
    // PL409 host-network
    row(KubeLinter, "host-network", "PL409"),
    row(Polaris, "hostNetworkSet", "PL409"),
    // PL410 host-pid
    row(KubeLinter, "host-pid", "PL410"),
    row(Polaris, "hostPIDSet", "PL410"),
    // PL411 host-ipc
    row(KubeLinter, "host-ipc", "PL411"),
    row(Polaris, "hostIPCSet", "PL411"),
    // PL412 host-port
    row(Polaris, "hostPortSet", "PL412"),
    // PL413 host-path-volume
    row(Polaris, "hostPathSet", "PL413"),
    // PL414 docker-socket-mount
    row(KubeLinter, "docker-sock", "PL414"),
    row(KubeLinter, "sensitive-host-mounts", "PL414"),
    // PL415 sensitive-host-mount
    row(KubeLinter, "sensitive-host-mounts", "PL415"),
    // PL416 service-account-token-automounted
    row(Polaris, "automountServiceAccountToken", "PL416"),
    // PL417 default-service-account
    row(KubeLinter, "default-service-account", "PL417"),
    // PL418 secret-in-env-value
    row(KubeLinter, "env-var-secret", "PL418"),
    row(Polaris, "sensitiveContainerEnvVar", "PL418"),
    // PL419 ssh-port-exposed
    row(KubeLinter, "ssh-port", "PL419"),
    // PL420 unsafe-proc-mount
    row(KubeLinter, "unsafe-proc-mount", "PL420"),
    row(Polaris, "procMount", "PL420"),
    // PL421 unsafe-sysctl
    row(KubeLinter, "unsafe-sysctls", "PL421"),
    // PL422 deprecated-service-account-field
    row(KubeLinter, "deprecated-service-account-field", "PL422"),
    // PL423 privileged-port
    row(KubeLinter, "privileged-ports", "PL423"),
    // PL424 secret-as-env-var
    row(KubeLinter, "read-secret-from-env-var", "PL424"),
    // PL425 writable-host-mount
    row(KubeLinter, "writable-host-mount", "PL425"),
    // PL426 host-process-container
    row(Polaris, "hostProcess", "PL426"),
    // PL430 missing-readiness-probe
    row(KubeLinter, "no-readiness-probe", "PL430"),
    row(KubeScore, "pod-probes", "PL430"),
    row(Polaris, "readinessProbeMissing", "PL430"),
    // PL431 missing-liveness-probe
    row(KubeLinter, "no-liveness-probe", "PL431"),
    row(KubeScore, "pod-probes", "PL431"),
    row(Polaris, "livenessProbeMissing", "PL431"),
    // PL432 liveness-stricter-than-readiness
    row(KubeScore, "pod-probes", "PL432"),
    // PL435 missing-cpu-request
    row(KubeLinter, "unset-cpu-requirements", "PL435"),
    row(KubeScore, "container-resources", "PL435"),
    row(Polaris, "cpuRequestsMissing", "PL435"),
    // PL436 missing-memory-request
    row(KubeLinter, "unset-memory-requirements", "PL436"),
    row(KubeScore, "container-resources", "PL436"),
    row(Polaris, "memoryRequestsMissing", "PL436"),
    // PL437 missing-memory-limit
    row(KubeLinter, "unset-memory-requirements", "PL437"),
    row(KubeScore, "container-resources", "PL437"),
    row(Polaris, "memoryLimitsMissing", "PL437"),
    // PL438 cpu-limit-policy
    row(KubeLinter, "unset-cpu-requirements", "PL438"),
    row(KubeScore, "container-resources", "PL438"),
    row(Polaris, "cpuLimitsMissing", "PL438"),
    // PL439 memory-limit-not-equal-request
    row(KubeScore, "container-memory-requests-equal-limits", "PL439"),
    row(
        KubeScore,
        "container-resource-requests-equal-limits",
        "PL439",
    ),
    // PL440 missing-ephemeral-storage
    row(
        KubeScore,
        "container-ephemeral-storage-request-and-limit",
        "PL440",
    ),
    // PL441 image-tag-not-pinned
    row(KubeLinter, "latest-tag", "PL441"),
    row(KubeScore, "container-image-tag", "PL441"),
    row(Polaris, "tagNotSpecified", "PL441"),
    // PL442 image-pull-policy-not-always
    row(KubeScore, "container-image-pull-policy", "PL442"),
    row(Polaris, "pullPolicyNotAlways", "PL442"),
    // PL445 no-pod-anti-affinity
    row(KubeLinter, "no-anti-affinity", "PL445"),
    row(KubeScore, "deployment-has-host-podantiaffinity", "PL445"),
    row(KubeScore, "statefulset-has-host-podantiaffinity", "PL445"),
    // PL446 no-topology-spread
    row(Polaris, "topologySpreadConstraint", "PL446"),
    // PL447 missing-pod-disruption-budget
    row(KubeScore, "deployment-has-poddisruptionbudget", "PL447"),
    row(KubeScore, "statefulset-has-poddisruptionbudget", "PL447"),
    row(Polaris, "missingPodDisruptionBudget", "PL447"),
    // PL448 missing-priority-class
    row(Polaris, "priorityClassNotSet", "PL448"),
    // PL449 selector-mismatch
    row(KubeLinter, "mismatching-selector", "PL449"),
    row(
        KubeScore,
        "deployment-pod-selector-labels-match-template-metadata-labels",
        "PL449",
    ),
    row(
        KubeScore,
        "statefulset-pod-selector-labels-match-template-metadata-labels",
        "PL449",
    ),
    // PL450 duplicate-env-var
    row(KubeLinter, "duplicate-env-var", "PL450"),
    row(KubeScore, "environment-variable-key-duplication", "PL450"),
    // PL451 single-replica
    row(KubeLinter, "minimum-three-replicas", "PL451"),
    row(Polaris, "deploymentMissingReplicas", "PL451"),
];

/// The podlife rules covering a peer's check (none for a check podlife does not map).
pub fn rules_for(peer: Peer, check: &str) -> impl Iterator<Item = &'static str> + '_ {
    PEER_CHECKS
        .iter()
        .filter(move |row| row.peer == peer && row.check == check)
        .map(|row| row.rule)
}

/// Every podlife rule covering some check of a peer (what an annotation that exempts an
/// object from all of the peer's checks suppresses).
pub fn rules_of(peer: Peer) -> impl Iterator<Item = &'static str> {
    PEER_CHECKS
        .iter()
        .filter(move |row| row.peer == peer)
        .map(|row| row.rule)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules;

    #[test]
    fn every_row_names_a_registered_rule_once() {
        for (index, row) in PEER_CHECKS.iter().enumerate() {
            assert!(
                rules::find(row.rule).is_some(),
                "{} {} maps to unregistered {}",
                row.peer.name(),
                row.check,
                row.rule
            );
            assert!(
                !PEER_CHECKS[..index].contains(row),
                "{} {} → {} is listed twice",
                row.peer.name(),
                row.check,
                row.rule
            );
        }
    }

    #[test]
    fn check_ids_are_spelled_as_their_tool_spells_them() {
        for row in PEER_CHECKS {
            let kebab = row
                .check
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            let camel = row.check.chars().all(|c| c.is_ascii_alphanumeric())
                && row.check.starts_with(|c: char| c.is_ascii_lowercase());
            match row.peer {
                Peer::KubeLinter | Peer::KubeScore => assert!(kebab, "{}", row.check),
                Peer::Polaris => assert!(camel, "{}", row.check),
            }
        }
    }
}
