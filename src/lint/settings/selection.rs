//! Which rules run and at what severity: selectors, levels, configuration layers, and the resolved settings.
//!
//! A [`SettingsLayer`] is what one source of configuration says (a `.podlife.yaml`, or the
//! command line): `select` (replaces the enabled set), `extendSelect` (adds to it), `ignore`
//! (turns rules off) and `severity` (per-rule level, `off` included), applied in that order.
//! The `best-practice` group's option rules are enabled only by a selector that names them
//! (their ID or name, or `ALL`), never by the group or an ID prefix. Layers apply in order (built-in
//! defaults, then the config file, then the command line) and resolve into [`RuleSettings`].

use std::fmt;
use std::str::FromStr;

use crate::finding::{RuleId, Severity};
use crate::k8s::cluster::{GateSettings, KubernetesVersion};
use crate::k8s::workload::custom_resources::CustomPodTemplates;
use crate::lint::rules::best_practice::helpers::settings::{
    self as best_practice, BestPracticeLayer, BestPracticeSettings,
};
use crate::lint::rules::{self, Group, Rule};

/// A configured level: a severity, or off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// The rule does not run; its findings are dropped.
    Off,
    /// Findings are reported at this severity.
    On(Severity),
}

impl Level {
    /// The words a configuration may use.
    pub const NAMES: [&'static str; 4] = ["error", "warning", "info", "off"];
}

impl FromStr for Level {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "error" => Ok(Level::On(Severity::Error)),
            "warning" | "warn" => Ok(Level::On(Severity::Warning)),
            "info" | "note" => Ok(Level::On(Severity::Info)),
            "off" | "none" => Ok(Level::Off),
            _ => Err(format!(
                "unknown level `{}`; expected one of `{}`",
                text.trim(),
                Level::NAMES.join("`, `")
            )),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Off => f.write_str("off"),
            Level::On(severity) => write!(f, "{severity}"),
        }
    }
}

/// Which rules a configuration entry names.
#[derive(Debug, Clone)]
pub enum Selector {
    /// `ALL`: every rule.
    All,
    /// An ID prefix such as `PL3` or `PL30`: every rule whose ID starts with it.
    Prefix(String),
    /// A group by name (`best-practice`): its rules.
    Group(Group),
    /// One rule, by ID or name.
    Rule(&'static Rule),
}

impl Selector {
    /// Whether the selector names the rule `rule`.
    pub fn matches(&self, rule: RuleId) -> bool {
        match self {
            Selector::All => true,
            Selector::Prefix(prefix) => rule.code.starts_with(prefix.as_str()),
            Selector::Group(group) => Group::of_id(rule.code) == *group,
            Selector::Rule(selected) => selected.id == rule.code,
        }
    }

    /// Whether the selector turns the rule on: it names it, and names an option rule of the
    /// `best-practice` group by its ID or name (or `ALL`), not only by its group or a prefix.
    pub fn enables(&self, rule: &Rule) -> bool {
        self.matches(rule.id())
            && (matches!(self, Selector::All | Selector::Rule(_))
                || !best_practice::is_option(rule))
    }

    /// The rules it names.
    pub fn rules(&self) -> impl Iterator<Item = &'static Rule> + '_ {
        rules::REGISTRY
            .iter()
            .copied()
            .filter(|rule| self.matches(rule.id()))
    }
}

impl PartialEq for Selector {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Selector::All, Selector::All) => true,
            (Selector::Prefix(a), Selector::Prefix(b)) => a == b,
            (Selector::Group(a), Selector::Group(b)) => a == b,
            (Selector::Rule(a), Selector::Rule(b)) => a.id == b.id,
            _ => false,
        }
    }
}

impl FromStr for Selector {
    type Err = String;

    /// Parses `PL012`, `unused-suppression`, `PL3`, `best-practice` or `ALL`; the error says
    /// what was meant.
    fn from_str(text: &str) -> Result<Self, String> {
        let key = text.trim();
        if key.eq_ignore_ascii_case("all") {
            return Ok(Selector::All);
        }
        if let Some(group) = Group::find(key) {
            return Ok(Selector::Group(group));
        }
        if let Some(rule) = rules::find(key) {
            return Ok(Selector::Rule(rule));
        }
        let upper = key.to_ascii_uppercase();
        let is_id_like = upper.len() >= 2
            && upper.starts_with("PL")
            && upper[2..].chars().all(|c| c.is_ascii_digit());
        if is_id_like && upper.len() < 5 {
            if rules::REGISTRY
                .iter()
                .any(|rule| rule.id.starts_with(&upper))
            {
                return Ok(Selector::Prefix(upper));
            }
            return Err(format!("no rule ID starts with `{key}`"));
        }
        let hint = match suggest(key) {
            Some(candidate) => format!("; did you mean `{candidate}`?"),
            None => match sharing_words(key).as_slice() {
                [] => String::new(),
                [one] => format!("; did you mean `{one}`?"),
                several => format!(
                    "; did you mean one of {}?",
                    several
                        .iter()
                        .map(|name| format!("`{name}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
        };
        Err(format!(
            "no rule `{key}`{hint} (`podlife rules` lists them)"
        ))
    }
}

impl fmt::Display for Selector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Selector::All => f.write_str("ALL"),
            Selector::Prefix(prefix) => f.write_str(prefix),
            Selector::Group(group) => f.write_str(group.name()),
            Selector::Rule(rule) => f.write_str(rule.id),
        }
    }
}

/// The rule ID, name or group name closest to a mistyped key.
pub fn suggest(key: &str) -> Option<&'static str> {
    let candidates: Vec<&'static str> = rules::REGISTRY
        .iter()
        .flat_map(|rule| [rule.id, rule.name])
        .chain(Group::ALL.into_iter().map(Group::name))
        .collect();
    crate::text::closest(key, &candidates)
}

/// The rules whose names share the most words with `key`, at most three
/// (`seccomp-profile-missing` → the three seccomp rules): a name written from another linter's
/// vocabulary, or from memory, is rarely a typo of ours.
pub fn sharing_words(key: &str) -> Vec<&'static str> {
    let lower = key.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(['-', '_', ' '])
        .filter(|word| word.len() >= 4)
        .collect();
    // A word few rule names use says more than one many use (`seccomp` against `missing`).
    let names_with = |word: &str| {
        rules::REGISTRY
            .iter()
            .filter(|rule| rule.name.split('-').any(|part| part == word))
            .count()
            .max(1)
    };
    let weights: Vec<(&str, usize)> = words
        .iter()
        .map(|word| (*word, 1000 / names_with(word)))
        .collect();
    let scored: Vec<(usize, &'static str)> = rules::REGISTRY
        .iter()
        .map(|rule| {
            let shared: usize = rule
                .name
                .split('-')
                .filter_map(|part| {
                    weights
                        .iter()
                        .find(|(word, _)| *word == part)
                        .map(|(_, weight)| *weight)
                })
                .sum();
            (shared, rule.name)
        })
        .filter(|(shared, _)| *shared > 0)
        .collect();
    let most = scored.iter().map(|(shared, _)| *shared).max().unwrap_or(0);
    let best: Vec<&'static str> = scored
        .into_iter()
        .filter(|(shared, _)| *shared == most)
        .map(|(_, name)| name)
        .collect();
    if best.len() > 3 { Vec::new() } else { best }
}

/// Parses `NAME=LEVEL` (the `--severity` flag).
pub fn parse_severity_assignment(text: &str) -> Result<(Selector, Level), String> {
    let Some((name, level)) = text.split_once('=') else {
        return Err(format!(
            "`{text}` is not `RULE=LEVEL` (e.g. `--severity PL305=error`)"
        ));
    };
    Ok((name.parse()?, level.parse()?))
}

/// What one source of configuration says.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SettingsLayer {
    /// When set, only these rules are enabled (before `ignore` and `severity` apply).
    pub select: Option<Vec<Selector>>,
    /// Rules enabled on top of the enabled set (after `select`, before `ignore`).
    pub extend_select: Vec<Selector>,
    /// Rules turned off.
    pub ignore: Vec<Selector>,
    /// Per-rule levels, applied last and in order; a level other than `off` enables the rule.
    pub severity: Vec<(Selector, Level)>,
    /// Validate uninitialized pods strictly.
    pub strict_initialized: Option<bool>,
    /// `exclude:` globs (`.gitignore` syntax, relative to the configuration file's directory):
    /// files a directory walk leaves out.
    pub exclude: Vec<String>,
    /// `podTemplates:` entries: where custom resources of other kinds keep pod templates.
    pub pod_templates: Vec<CustomPodTemplates>,
    /// `kubernetesVersion:` / `--kubernetes-version`: the release to check for.
    pub kubernetes_version: Option<KubernetesVersion>,
    /// `featureGates:` / `--feature-gates`, on top of the release's defaults.
    pub feature_gates: Vec<GateSettings>,
    /// `honorPeerAnnotations:`: whether kube-linter's, kube-score's and Polaris' suppression
    /// annotations suppress the podlife rules mapped to their checks.
    pub honor_peer_annotations: Option<bool>,
    /// `bestPractice:`: the `best-practice` group's settings.
    pub best_practice: BestPracticeLayer,
    /// `podSecurity:` / `--pod-security`: the cluster's Pod Security setup.
    pub pod_security: crate::lint::rules::pod_security::helpers::policy::PodSecurityLayer,
}

impl SettingsLayer {
    /// Whether the layer says nothing.
    pub fn is_empty(&self) -> bool {
        self == &SettingsLayer::default()
    }
}

/// The resolved settings: each registered rule's level, plus the options configuration carries.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleSettings {
    /// By registry position (the registry is sorted by ID).
    levels: Vec<Level>,
    /// Validate pods with pending initializers as if initialized (`--strict-initialized`).
    pub strict_initialized: bool,
    /// Whether peers' suppression annotations suppress the mapped rules
    /// (`honorPeerAnnotations: true`).
    pub honor_peer_annotations: bool,
    /// The `best-practice` group's settings.
    pub best_practice: BestPracticeSettings,
}

impl Default for RuleSettings {
    fn default() -> Self {
        RuleSettings::resolve(&[])
    }
}

impl RuleSettings {
    /// The built-in defaults with `layers` applied in order.
    pub fn resolve(layers: &[&SettingsLayer]) -> Self {
        let mut enabled: Vec<bool> = rules::REGISTRY
            .iter()
            .map(|rule| rules::enabled_by_default(rule))
            .collect();
        let mut severities: Vec<Severity> =
            rules::REGISTRY.iter().map(|rule| rule.severity).collect();
        let mut strict_initialized = false;
        let mut honor_peer_annotations = false;
        let mut best_practice = BestPracticeSettings::default();
        for layer in layers {
            for ((rule, enabled), severity) in rules::REGISTRY
                .iter()
                .zip(enabled.iter_mut())
                .zip(severities.iter_mut())
            {
                if let Some(select) = &layer.select {
                    *enabled = select.iter().any(|s| s.enables(rule));
                }
                if layer.extend_select.iter().any(|s| s.enables(rule)) {
                    *enabled = true;
                }
                if layer.ignore.iter().any(|s| s.matches(rule.id())) {
                    *enabled = false;
                }
                for (selector, level) in &layer.severity {
                    if selector.matches(rule.id()) {
                        match level {
                            Level::Off => *enabled = false,
                            Level::On(level) => {
                                *enabled |= selector.enables(rule);
                                *severity = *level;
                            }
                        }
                    }
                }
            }
            if let Some(strict) = layer.strict_initialized {
                strict_initialized = strict;
            }
            if let Some(honor) = layer.honor_peer_annotations {
                honor_peer_annotations = honor;
            }
            best_practice.apply(&layer.best_practice);
        }
        let levels = enabled
            .into_iter()
            .zip(severities)
            .map(|(on, severity)| if on { Level::On(severity) } else { Level::Off })
            .collect();
        RuleSettings {
            levels,
            strict_initialized,
            honor_peer_annotations,
            best_practice,
        }
    }

    /// The level of a rule (a rule missing from the registry keeps its default severity).
    pub fn level(&self, rule: &Rule) -> Level {
        rules::position(rule.id)
            .and_then(|position| self.levels.get(position).copied())
            .unwrap_or(Level::On(rule.severity))
    }

    /// The level of the rule at `position` in [`rules::REGISTRY`] (no search: the hot path of
    /// running every check on every pod).
    pub fn level_at(&self, position: usize, rule: &Rule) -> Level {
        self.levels
            .get(position)
            .copied()
            .unwrap_or(Level::On(rule.severity))
    }

    /// Whether a rule runs.
    pub fn enabled(&self, rule: &Rule) -> bool {
        self.level(rule) != Level::Off
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layer(select: Option<&[&str]>, ignore: &[&str], severity: &[&str]) -> SettingsLayer {
        SettingsLayer {
            select: select.map(|keys| keys.iter().map(|k| k.parse().unwrap()).collect()),
            ignore: ignore.iter().map(|k| k.parse().unwrap()).collect(),
            severity: severity
                .iter()
                .map(|s| parse_severity_assignment(s).unwrap())
                .collect(),
            ..SettingsLayer::default()
        }
    }

    #[test]
    fn selectors_accept_ids_names_prefixes_and_all() {
        assert_eq!(
            "pl009".parse::<Selector>(),
            Ok(Selector::Rule(&rules::CONTAINER_NAME_REQUIRED))
        );
        assert_eq!(
            "container-name-required".parse::<Selector>(),
            Ok(Selector::Rule(&rules::CONTAINER_NAME_REQUIRED))
        );
        assert_eq!(
            "PL0".parse::<Selector>(),
            Ok(Selector::Prefix("PL0".into()))
        );
        assert_eq!("ALL".parse::<Selector>(), Ok(Selector::All));
        let error = "container-name-requird".parse::<Selector>().unwrap_err();
        assert!(
            error.contains("did you mean `container-name-required`"),
            "{error}"
        );
        assert!("PL9".parse::<Selector>().is_err());
    }

    #[test]
    fn defaults_follow_the_registry() {
        let settings = RuleSettings::default();
        for rule in rules::REGISTRY {
            let expected = if rules::enabled_by_default(rule) {
                Level::On(rule.severity)
            } else {
                Level::Off
            };
            assert_eq!(settings.level(rule), expected, "{}", rule.id);
        }
    }

    #[test]
    fn select_replaces_ignore_removes_severity_sets() {
        let only = layer(Some(&["PL009"]), &[], &[]);
        let settings = RuleSettings::resolve(&[&only]);
        assert!(settings.enabled(&rules::CONTAINER_NAME_REQUIRED));
        assert!(!settings.enabled(&rules::CONTAINER_IMAGE_REQUIRED));

        let ignore = layer(None, &["container-image-required"], &[]);
        let settings = RuleSettings::resolve(&[&ignore]);
        assert!(!settings.enabled(&rules::CONTAINER_IMAGE_REQUIRED));
        assert!(settings.enabled(&rules::CONTAINER_NAME_REQUIRED));

        let severity = layer(None, &["PL010"], &["PL010=info", "PL009=off"]);
        let settings = RuleSettings::resolve(&[&severity]);
        assert_eq!(
            settings.level(&rules::CONTAINER_IMAGE_REQUIRED),
            Level::On(Severity::Info)
        );
        assert_eq!(settings.level(&rules::CONTAINER_NAME_REQUIRED), Level::Off);
    }

    #[test]
    fn later_layers_override_earlier_ones() {
        let file = layer(None, &["PL009"], &[]);
        let command_line = layer(Some(&["PL0"]), &[], &[]);
        let settings = RuleSettings::resolve(&[&file, &command_line]);
        assert!(settings.enabled(&rules::CONTAINER_NAME_REQUIRED));
    }

    #[test]
    fn the_best_practice_group_is_off_by_default_and_selectable() {
        let defaults = RuleSettings::default();
        assert!(!defaults.enabled(&rules::PRIVILEGED_CONTAINER));
        assert_eq!(
            "best-practice".parse::<Selector>(),
            Ok(Selector::Group(Group::BestPractice))
        );
        let only = layer(Some(&["best-practice"]), &[], &[]);
        let settings = RuleSettings::resolve(&[&only]);
        assert!(settings.enabled(&rules::PRIVILEGED_CONTAINER));
        assert!(
            !settings.enabled(&rules::CONTAINER_NAME_REQUIRED),
            "`select` replaces the enabled set"
        );
        let extended = SettingsLayer {
            extend_select: vec!["best-practice".parse().unwrap()],
            ..SettingsLayer::default()
        };
        let settings = RuleSettings::resolve(&[&extended]);
        assert!(settings.enabled(&rules::PRIVILEGED_CONTAINER));
        assert!(
            settings.enabled(&rules::CONTAINER_NAME_REQUIRED),
            "`extendSelect` adds to the defaults"
        );
        assert!(
            !settings.enabled(&rules::IDENTICAL_LIVENESS_AND_READINESS_PROBES),
            "and turns on nothing else"
        );
        let error = "best-practise".parse::<Selector>().unwrap_err();
        assert!(error.contains("did you mean `best-practice`"), "{error}");
    }

    #[test]
    fn option_rules_run_only_when_named() {
        for selector in [&["best-practice"][..], &["PL4"], &["PL40"]] {
            let settings = RuleSettings::resolve(&[&layer(Some(selector), &[], &[])]);
            assert!(
                settings.enabled(&rules::PRIVILEGED_CONTAINER),
                "{selector:?}"
            );
            assert!(!settings.enabled(&rules::LOW_USER_ID), "{selector:?}");
        }
        for selector in [&["low-user-id"][..], &["PL403"], &["ALL"]] {
            let settings = RuleSettings::resolve(&[&layer(Some(selector), &[], &[])]);
            assert!(settings.enabled(&rules::LOW_USER_ID), "{selector:?}");
        }
        let group_level = layer(None, &[], &["best-practice=error"]);
        let settings = RuleSettings::resolve(&[&group_level]);
        assert_eq!(
            settings.level(&rules::PRIVILEGED_CONTAINER),
            Level::On(Severity::Error)
        );
        assert_eq!(settings.level(&rules::LOW_USER_ID), Level::Off);
        let named_level = layer(None, &[], &["best-practice=error", "PL403=info"]);
        let settings = RuleSettings::resolve(&[&named_level]);
        assert_eq!(
            settings.level(&rules::LOW_USER_ID),
            Level::On(Severity::Info)
        );
        let ignored = layer(Some(&["ALL"]), &["best-practice"], &[]);
        let settings = RuleSettings::resolve(&[&ignored]);
        assert!(!settings.enabled(&rules::LOW_USER_ID));
        assert!(settings.enabled(&rules::CONTAINER_NAME_REQUIRED));
    }

    #[test]
    fn severity_assignments_are_checked() {
        assert!(parse_severity_assignment("PL009").is_err());
        assert!(parse_severity_assignment("PL009=fatal").is_err());
        assert_eq!(
            parse_severity_assignment("PL009=warning"),
            Ok((
                Selector::Rule(&rules::CONTAINER_NAME_REQUIRED),
                Level::On(Severity::Warning)
            ))
        );
    }
}
