//! A Pod Security check as the admission library defines it: its ID, level, and the versions
//! at which its behaviour changed (each with the baseline checks it replaces in `restricted`);
//! what a failed check found; and which checks a level runs at a version.

use crate::finding::{Applicability, PathEdit};
use crate::k8s::container_list::ContainerList;
use crate::k8s::model::Container;
use crate::k8s::pod_security::Level;
use crate::lint::rules::PodContext;
use crate::yaml::field_path::FieldPath;

/// One check: the library's ID, its level and its versions, oldest first.
#[derive(Debug)]
pub struct Check {
    /// The library's check ID (`allowPrivilegeEscalation`, `hostNamespaces`).
    pub id: &'static str,
    /// `Baseline` or `Restricted`.
    pub level: Level,
    /// Its behaviours, by the policy version each starts at (strictly increasing).
    pub versions: &'static [Variant],
    /// What to do about a failure, one line.
    pub help: &'static str,
}

/// The behaviour of a check from one policy version on.
#[derive(Debug)]
pub struct Variant {
    /// The minor version it starts at (`v1.25` → 25).
    pub since: u32,
    /// The check at that version.
    pub check: fn(&PodContext<'_>) -> Option<Violation>,
    /// The baseline checks this (restricted) behaviour replaces at the versions it covers.
    pub overrides: &'static [&'static str],
}

/// What a failed check found: the library's forbidden reason and detail, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct Violation {
    /// The forbidden reason (`allowPrivilegeEscalation != false`).
    pub reason: String,
    /// The forbidden detail (`container "app" must set …`), possibly empty.
    pub detail: String,
    /// The first offending field, pod-relative.
    pub at: FieldPath,
    /// Where to point when `at` is not written (a field left unset: its container's name).
    pub pointing_at: Option<FieldPath>,
    /// The other offending fields.
    pub others: Vec<FieldPath>,
    /// A certain repair, when there is one.
    pub fix: Option<(Applicability, Vec<PathEdit>)>,
}

impl Violation {
    /// A violation at `at` with the library's `reason` and `detail`.
    pub fn new(reason: impl Into<String>, detail: impl Into<String>, at: FieldPath) -> Self {
        Violation {
            reason: reason.into(),
            detail: detail.into(),
            at,
            pointing_at: None,
            others: Vec::new(),
            fix: None,
        }
    }

    /// A violation at the first of `places` (pod-relative paths), the rest related to it;
    /// `None` without places.
    pub fn at_places(
        reason: impl Into<String>,
        detail: impl Into<String>,
        places: Vec<FieldPath>,
    ) -> Option<Self> {
        let mut places = places.into_iter();
        let at = places.next()?;
        let mut violation = Violation::new(reason, detail, at);
        violation.others = places.collect();
        Some(violation)
    }

    /// The same violation pointing at `path` (the offending field is not written).
    #[must_use]
    pub fn pointing_at(mut self, path: Option<FieldPath>) -> Self {
        self.pointing_at = path;
        self
    }

    /// The same violation with a repair.
    #[must_use]
    pub fn fixed(mut self, applicability: Applicability, edits: Vec<PathEdit>) -> Self {
        if !edits.is_empty() {
            self.fix = Some((applicability, edits));
        }
        self
    }

    /// The library's `reason (detail)`, as the admission message joins them.
    pub fn reason_and_detail(&self) -> String {
        if self.detail.is_empty() {
            self.reason.clone()
        } else {
            format!("{} ({})", self.reason, self.detail)
        }
    }
}

/// Every check the admission library has, baseline then restricted, each by ID.
pub fn all() -> &'static [(&'static crate::lint::rules::Rule, &'static Check)] {
    use crate::lint::rules::pod_security as family;
    static ALL: &[(&crate::lint::rules::Rule, &Check)] = &[
        (&family::pod_security_app_armor_profile::RULE, &family::pod_security_app_armor_profile::CHECK),
        (&family::pod_security_capabilities_baseline::RULE, &family::pod_security_capabilities_baseline::CHECK),
        (&family::pod_security_host_namespaces::RULE, &family::pod_security_host_namespaces::CHECK),
        (&family::pod_security_host_path_volumes::RULE, &family::pod_security_host_path_volumes::CHECK),
        (&family::pod_security_host_ports::RULE, &family::pod_security_host_ports::CHECK),
        (&family::pod_security_host_probes_and_lifecycle::RULE, &family::pod_security_host_probes_and_lifecycle::CHECK),
        (&family::pod_security_privileged::RULE, &family::pod_security_privileged::CHECK),
        (&family::pod_security_proc_mount::RULE, &family::pod_security_proc_mount::CHECK),
        (&family::pod_security_selinux_options::RULE, &family::pod_security_selinux_options::CHECK),
        (&family::pod_security_seccomp_profile_baseline::RULE, &family::pod_security_seccomp_profile_baseline::CHECK),
        (&family::pod_security_sysctls::RULE, &family::pod_security_sysctls::CHECK),
        (&family::pod_security_windows_host_process::RULE, &family::pod_security_windows_host_process::CHECK),
        (&family::pod_security_allow_privilege_escalation::RULE, &family::pod_security_allow_privilege_escalation::CHECK),
        (&family::pod_security_capabilities_restricted::RULE, &family::pod_security_capabilities_restricted::CHECK),
        (&family::pod_security_proc_mount_restricted::RULE, &family::pod_security_proc_mount_restricted::CHECK),
        (&family::pod_security_restricted_volumes::RULE, &family::pod_security_restricted_volumes::CHECK),
        (&family::pod_security_run_as_non_root::RULE, &family::pod_security_run_as_non_root::CHECK),
        (&family::pod_security_run_as_user::RULE, &family::pod_security_run_as_user::CHECK),
        (&family::pod_security_seccomp_profile_restricted::RULE, &family::pod_security_seccomp_profile_restricted::CHECK),
    ];
    ALL
}

/// The best-practice rules whose ground a Pod Security check covers, with those checks: a
/// team can enforce one or the other (`explain` and docs/best-practice.md say so).
pub static SAME_GROUND: &[(&str, &[&str])] = &[
    ("PL400", &["privileged"]),
    ("PL401", &["allowPrivilegeEscalation"]),
    ("PL402", &["runAsNonRoot"]),
    ("PL403", &["runAsUser"]),
    ("PL405", &["capabilities_restricted"]),
    ("PL406", &["capabilities_baseline", "capabilities_restricted"]),
    ("PL407", &["seccompProfile_baseline", "seccompProfile_restricted"]),
    ("PL408", &["appArmorProfile"]),
    ("PL409", &["hostNamespaces"]),
    ("PL410", &["hostNamespaces"]),
    ("PL411", &["hostNamespaces"]),
    ("PL412", &["hostPorts"]),
    ("PL413", &["hostPathVolumes", "restrictedVolumes"]),
    ("PL414", &["hostPathVolumes", "restrictedVolumes"]),
    ("PL415", &["hostPathVolumes", "restrictedVolumes"]),
    ("PL420", &["procMount", "procMount_restricted"]),
    ("PL421", &["sysctls"]),
    ("PL425", &["hostPathVolumes", "restrictedVolumes"]),
    ("PL426", &["windowsHostProcess"]),
];

/// One sentence for a best-practice rule's docs: the Pod Security checks that cover its
/// ground, each with its rule and level.
pub fn same_ground(rule_id: &str) -> Option<String> {
    let (_, checks) = SAME_GROUND.iter().find(|(id, _)| *id == rule_id)?;
    let named: Vec<String> = checks
        .iter()
        .filter_map(|id| by_id(id))
        .map(|(rule, check)| format!("`{}` ({}, {})", check.id, rule.id, check.level.as_str()))
        .collect();
    Some(format!(
        "Pod Security covers the same ground with {}: a namespace that enforces that level rejects what this rule reports, so a team may rely on one or the other",
        named.join(" and ")
    ))
}

/// The check with this library ID.
pub fn by_id(id: &str) -> Option<(&'static crate::lint::rules::Rule, &'static Check)> {
    all().iter().copied().find(|(_, check)| check.id == id)
}

/// The behaviour of `check` at policy version `minor`, if it exists then.
fn variant_at(check: &'static Check, minor: u32) -> Option<&'static Variant> {
    check.versions.iter().rev().find(|variant| variant.since <= minor)
}

/// The behaviour `check` has when `level` is evaluated at version `minor`, or `None` when the
/// level does not run it then: a baseline check runs at both levels once it exists, unless a
/// restricted check's behaviour at that version replaces it in `restricted`.
pub fn active_at(check: &'static Check, level: Level, minor: u32) -> Option<&'static Variant> {
    let variant = variant_at(check, minor)?;
    match (level, check.level) {
        (Level::Privileged, _) | (Level::Baseline, Level::Restricted) => None,
        (Level::Restricted, Level::Baseline) => {
            let overridden = all().iter().any(|(_, other)| {
                other.level == Level::Restricted
                    && variant_at(other, minor).is_some_and(|v| v.overrides.contains(&check.id))
            });
            (!overridden).then_some(variant)
        }
        _ => Some(variant),
    }
}

/// The check IDs `level` runs at version `minor`, baseline's first, each group by ID.
pub fn checks_at(level: Level, minor: u32) -> Vec<&'static str> {
    let mut baseline: Vec<&str> = Vec::new();
    let mut restricted: Vec<&str> = Vec::new();
    for (_, check) in all() {
        if active_at(check, level, minor).is_some() {
            match check.level {
                Level::Restricted => restricted.push(check.id),
                _ => baseline.push(check.id),
            }
        }
    }
    baseline.sort_unstable();
    restricted.sort_unstable();
    baseline.extend(restricted);
    baseline
}

/// Every container the checks look at, with its list and index: init containers (native
/// sidecars among them), app containers, ephemeral containers, as the library visits them,
/// then defer containers (podlife's own kind, checked like the others).
pub fn visited<'p>(
    context: &PodContext<'p>,
) -> impl Iterator<Item = (ContainerList, usize, &'p Container)> {
    context.all_containers()
}

/// A container's name as the library lists it (empty when it has none).
pub fn name_of(container: &Container) -> &str {
    container.name.as_deref().unwrap_or("")
}

/// The path of a field under a container (`spec.containers[0].securityContext.privileged`).
pub fn container_field(
    context: &PodContext<'_>,
    list: ContainerList,
    index: usize,
    fields: &[&'static str],
) -> FieldPath {
    context.container_field_path(list, index, fields)
}

/// Whether the pod says it runs on Windows (`spec.os.name: windows`, as written).
pub fn os_is_windows(context: &PodContext<'_>) -> bool {
    context
        .pod
        .spec
        .os
        .as_ref()
        .and_then(|os| os.name.as_deref())
        == Some("windows")
}

/// Whether the pod runs in a user namespace (`hostUsers: false`), for which some checks relax
/// from v1.35.
pub fn in_user_namespace(context: &PodContext<'_>) -> bool {
    context.pod.spec.host_users == Some(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_increase_and_only_restricted_checks_override_baseline_ones() {
        for (rule, check) in all() {
            assert!(!check.versions.is_empty(), "{}", check.id);
            for pair in check.versions.windows(2) {
                let [older, newer] = pair else { continue };
                assert!(older.since < newer.since, "{}", check.id);
            }
            for variant in check.versions {
                for overridden in variant.overrides {
                    assert_eq!(check.level, Level::Restricted, "{}", check.id);
                    let (_, other) = by_id(overridden).unwrap();
                    assert_eq!(other.level, Level::Baseline, "{overridden}");
                }
            }
            assert!(rule.docs.contains(&format!("`{}`", check.id)), "{}", rule.id);
        }
    }

    #[test]
    fn the_checks_each_level_runs_change_where_the_library_changes_them() {
        assert_eq!(checks_at(Level::Privileged, 37), Vec::<&str>::new());
        let baseline_1_0 = [
            "appArmorProfile", "capabilities_baseline", "hostNamespaces", "hostPathVolumes",
            "hostPorts", "privileged", "procMount", "seLinuxOptions", "seccompProfile_baseline",
            "sysctls", "windowsHostProcess",
        ];
        assert_eq!(checks_at(Level::Baseline, 0), baseline_1_0);
        assert_eq!(checks_at(Level::Baseline, 33), baseline_1_0);
        // The probe and lifecycle host check joined baseline at v1.34.
        let mut baseline_1_34 = baseline_1_0.to_vec();
        baseline_1_34.insert(5, "hostProbesAndHostLifecycle");
        assert_eq!(checks_at(Level::Baseline, 34), baseline_1_34);
        // restricted v1.0: hostPath volumes are replaced by restrictedVolumes; the
        // capabilities and seccomp checks are baseline's until v1.22 and v1.19.
        assert_eq!(
            checks_at(Level::Restricted, 0),
            [
                "appArmorProfile", "capabilities_baseline", "hostNamespaces", "hostPorts",
                "privileged", "procMount", "seLinuxOptions", "seccompProfile_baseline",
                "sysctls", "windowsHostProcess", "restrictedVolumes", "runAsNonRoot",
            ]
        );
        assert_eq!(
            checks_at(Level::Restricted, 8),
            [
                "appArmorProfile", "capabilities_baseline", "hostNamespaces", "hostPorts",
                "privileged", "procMount", "seLinuxOptions", "seccompProfile_baseline",
                "sysctls", "windowsHostProcess", "allowPrivilegeEscalation", "restrictedVolumes",
                "runAsNonRoot",
            ]
        );
        assert_eq!(
            checks_at(Level::Restricted, 23),
            [
                "appArmorProfile", "hostNamespaces", "hostPorts", "privileged", "procMount",
                "seLinuxOptions", "sysctls", "windowsHostProcess", "allowPrivilegeEscalation",
                "capabilities_restricted", "restrictedVolumes", "runAsNonRoot", "runAsUser",
                "seccompProfile_restricted",
            ]
        );
        // From v1.35 restricted keeps the unconditional procMount check.
        let restricted_1_35 = checks_at(Level::Restricted, 35);
        assert!(!restricted_1_35.contains(&"procMount"));
        assert!(restricted_1_35.contains(&"procMount_restricted"));
        assert!(restricted_1_35.contains(&"hostProbesAndHostLifecycle"));
        assert!(checks_at(Level::Baseline, 35).contains(&"procMount"));
    }
}
