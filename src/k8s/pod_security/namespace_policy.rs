//! The policy a namespace's labels give: `pod-security.kubernetes.io/{enforce,warn,audit}` and
//! their `-version` labels over the cluster's defaults, read as the admission controller
//! reads them (an unreadable enforce level fails closed, warn and audit fail open, an
//! unreadable version is `latest`; warn follows enforce when only enforce is labelled).

use crate::k8s::pod_security::levels::{Level, LevelVersion, Mode, PolicyVersion};

/// The prefix every Pod Security label has.
pub const LABEL_PREFIX: &str = "pod-security.kubernetes.io/";

/// What a namespace enforces, warns about and audits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Policy {
    /// Pods that break it are rejected.
    pub enforce: LevelVersion,
    /// Objects that break it are admitted with a warning.
    pub warn: LevelVersion,
    /// Objects that break it are admitted and recorded in the audit log.
    pub audit: LevelVersion,
}

impl Policy {
    /// The level and version of one mode.
    pub fn get(&self, mode: Mode) -> LevelVersion {
        match mode {
            Mode::Enforce => self.enforce,
            Mode::Warn => self.warn,
            Mode::Audit => self.audit,
        }
    }

    /// Sets one mode.
    pub fn set(&mut self, mode: Mode, value: LevelVersion) {
        match mode {
            Mode::Enforce => self.enforce = value,
            Mode::Warn => self.warn = value,
            Mode::Audit => self.audit = value,
        }
    }

    /// Whether the two check the same in every mode (privileged at any version is the same).
    pub fn equivalent(&self, other: &Policy) -> bool {
        Mode::ALL.into_iter().all(|mode| {
            let (one, two) = (self.get(mode), other.get(mode));
            (one.level == Level::Privileged && two.level == Level::Privileged) || one == two
        })
    }

    /// Whether no mode checks anything.
    pub fn fully_privileged(&self) -> bool {
        Mode::ALL
            .into_iter()
            .all(|mode| self.get(mode).level == Level::Privileged)
    }
}

/// A Pod Security label the API server refuses, with what it must hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabelProblem {
    /// The full label key (`pod-security.kubernetes.io/enforce`).
    pub label: String,
    /// Its value.
    pub value: String,
    /// What it must be (`must be one of privileged, baseline, restricted`).
    pub expected: &'static str,
}

/// The label key of a mode's level (`…/enforce`) or version (`…/enforce-version`).
pub fn label_key(mode: Mode, version: bool) -> &'static str {
    match (mode, version) {
        (Mode::Enforce, false) => "pod-security.kubernetes.io/enforce",
        (Mode::Enforce, true) => "pod-security.kubernetes.io/enforce-version",
        (Mode::Warn, false) => "pod-security.kubernetes.io/warn",
        (Mode::Warn, true) => "pod-security.kubernetes.io/warn-version",
        (Mode::Audit, false) => "pod-security.kubernetes.io/audit",
        (Mode::Audit, true) => "pod-security.kubernetes.io/audit-version",
    }
}

/// The policy `labels` give over `defaults`, with the labels the API server refuses (a
/// Namespace with any of them is not created). `labels` looks a label up by its full key.
pub fn policy_from_labels<'l>(
    labels: impl Fn(&str) -> Option<&'l str>,
    defaults: Policy,
) -> (Policy, Vec<LabelProblem>) {
    let mut policy = defaults;
    let mut problems = Vec::new();
    // Indexed by the mode's place in `Mode::ALL`; read in the API server's order.
    let mut labelled_level = [false; 3];
    let mut labelled_version = [false; 3];
    for mode in [Mode::Enforce, Mode::Audit, Mode::Warn] {
        let slot = mode as usize;
        let mut value = policy.get(mode);
        let key = label_key(mode, false);
        if let Some(text) = labels(key) {
            match Level::parse(text) {
                Ok(level) => {
                    value.level = level;
                    if let Some(flag) = labelled_level.get_mut(slot) {
                        *flag = true;
                    }
                }
                Err(expected) => {
                    // Enforce fails closed; warn and audit fail open.
                    value.level = match mode {
                        Mode::Enforce => Level::Restricted,
                        Mode::Warn | Mode::Audit => Level::Privileged,
                    };
                    // A warn label counts as given even when unreadable.
                    if mode == Mode::Warn
                        && let Some(flag) = labelled_level.get_mut(slot)
                    {
                        *flag = true;
                    }
                    problems.push(LabelProblem {
                        label: key.to_string(),
                        value: text.to_string(),
                        expected,
                    });
                }
            }
        }
        let key = label_key(mode, true);
        if let Some(text) = labels(key) {
            if let Some(flag) = labelled_version.get_mut(slot) {
                *flag = true;
            }
            match PolicyVersion::parse(text) {
                Ok(version) => value.version = version,
                Err(expected) => {
                    value.version = PolicyVersion::Latest;
                    problems.push(LabelProblem {
                        label: key.to_string(),
                        value: text.to_string(),
                        expected,
                    });
                }
            }
        }
        policy.set(mode, value);
    }
    // Without a warn label, warn is raised to a readable enforce label's level (and version,
    // unless a warn version is labelled).
    let [enforce_level, warn_level, _] = labelled_level;
    let [_, warn_version, _] = labelled_version;
    if !warn_level && enforce_level && policy.enforce.level > policy.warn.level {
        policy.warn.level = policy.enforce.level;
        if !warn_version {
            policy.warn.version = policy.enforce.version;
        }
    }
    (policy, problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(labels: &[(&str, &str)], defaults: Policy) -> (Policy, Vec<LabelProblem>) {
        let owned: Vec<(String, String)> = labels
            .iter()
            .map(|(k, v)| (format!("{LABEL_PREFIX}{k}"), (*v).to_string()))
            .collect();
        policy_from_labels(
            |key| {
                owned
                    .iter()
                    .find(|(k, _)| k == key)
                    .map(|(_, v)| v.as_str())
            },
            defaults,
        )
    }

    fn lv(text: &str) -> LevelVersion {
        LevelVersion::parse(text).unwrap()
    }

    #[test]
    fn warn_follows_an_enforce_label_when_it_has_none() {
        let (policy, problems) = read(
            &[("enforce", "restricted"), ("enforce-version", "v1.30")],
            Policy::default(),
        );
        assert!(problems.is_empty());
        assert_eq!(policy.enforce, lv("restricted:v1.30"));
        assert_eq!(policy.warn, lv("restricted:v1.30"));
        assert_eq!(policy.audit, lv("privileged"));
        // A warn version of its own is kept.
        let (policy, _) = read(
            &[
                ("enforce", "baseline"),
                ("enforce-version", "v1.30"),
                ("warn-version", "v1.25"),
            ],
            Policy::default(),
        );
        assert_eq!(policy.warn, lv("baseline:v1.25"));
        // A warn label of its own wins, even a weaker one.
        let (policy, _) = read(
            &[("enforce", "restricted"), ("warn", "privileged")],
            Policy::default(),
        );
        assert_eq!(policy.warn, lv("privileged"));
    }

    #[test]
    fn labels_win_over_defaults_field_by_field() {
        let defaults = Policy {
            enforce: lv("baseline:v1.28"),
            warn: lv("restricted"),
            audit: lv("restricted"),
        };
        let (policy, _) = read(&[("enforce-version", "v1.33")], defaults);
        assert_eq!(policy.enforce, lv("baseline:v1.33"));
        assert_eq!(policy.warn, lv("restricted"));
        let (policy, _) = read(&[], defaults);
        assert_eq!(policy, defaults);
    }

    #[test]
    fn unreadable_labels_fail_closed_for_enforce_and_open_for_warn_and_audit() {
        let (policy, problems) = read(
            &[
                ("enforce", "strict"),
                ("warn", "Restricted"),
                ("audit", "x"),
                ("audit-version", "1.30"),
            ],
            Policy::default(),
        );
        assert_eq!(policy.enforce.level, Level::Restricted);
        assert_eq!(policy.warn.level, Level::Privileged);
        assert_eq!(policy.audit, lv("privileged:latest"));
        let keys: Vec<&str> = problems.iter().map(|p| p.label.as_str()).collect();
        assert_eq!(
            keys,
            [
                "pod-security.kubernetes.io/enforce",
                "pod-security.kubernetes.io/audit",
                "pod-security.kubernetes.io/audit-version",
                "pod-security.kubernetes.io/warn",
            ]
        );
        // An unreadable enforce level is no label for warn to follow.
        let (policy, _) = read(&[("enforce", "strict")], Policy::default());
        assert_eq!(policy.warn.level, Level::Privileged);
    }
}
