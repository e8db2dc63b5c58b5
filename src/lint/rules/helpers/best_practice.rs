//! The `best-practice` group's shared parts: its option rules and the settings its rules read
//! (`bestPractice:` in `.podlife.yaml`).

use crate::lint::rules::Rule;

/// Rules of the group that run only when named by ID or name (or `ALL`): policies a team
/// chooses, not defaults every team wants. `--select best-practice` and ID prefixes such as
/// `PL4` leave them off.
pub static OPTION_RULES: &[&str] = &["PL403"];

/// Whether a rule is an option of the group (see [`OPTION_RULES`]).
pub fn is_option(rule: &Rule) -> bool {
    OPTION_RULES.contains(&rule.id)
}

/// What a configuration may say to the group's rules (`bestPractice:`), resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestPracticeSettings {
    /// `minUserId`: the lowest user ID a container should run as (PL403), 10000 by default:
    /// above every user a host's `/etc/passwd` usually has.
    pub min_user_id: i64,
    /// `allowedRegistries`: the registries images may come from; empty means any (the rule
    /// that reads it is inactive).
    pub allowed_registries: Vec<String>,
    /// `cpuLimits`: whether containers must set a CPU limit or must not.
    pub cpu_limits: CpuLimitPolicy,
}

/// The built-in settings (what a configuration without `bestPractice:` gets).
pub static DEFAULT_SETTINGS: BestPracticeSettings = BestPracticeSettings::DEFAULT;

impl BestPracticeSettings {
    /// The built-in settings.
    pub const DEFAULT: BestPracticeSettings = BestPracticeSettings {
        min_user_id: 10_000,
        allowed_registries: Vec::new(),
        cpu_limits: CpuLimitPolicy::Require,
    };
}

impl Default for BestPracticeSettings {
    fn default() -> Self {
        BestPracticeSettings::DEFAULT
    }
}

/// `cpuLimits:`: a team either requires CPU limits (kube-linter, kube-score, Polaris) or forbids
/// them (CFS throttling of latency-sensitive services).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CpuLimitPolicy {
    /// Every container sets a CPU limit.
    Require,
    /// No container sets a CPU limit.
    Forbid,
}

impl CpuLimitPolicy {
    /// The words a configuration may use.
    pub const NAMES: [&'static str; 2] = ["require", "forbid"];

    /// Parses `require` or `forbid`.
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim() {
            "require" => Some(CpuLimitPolicy::Require),
            "forbid" => Some(CpuLimitPolicy::Forbid),
            _ => None,
        }
    }

    /// The word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            CpuLimitPolicy::Require => "require",
            CpuLimitPolicy::Forbid => "forbid",
        }
    }
}

/// One configuration layer's `bestPractice:`: each field it sets overrides earlier layers'.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BestPracticeLayer {
    /// `minUserId`.
    pub min_user_id: Option<i64>,
    /// `allowedRegistries`.
    pub allowed_registries: Option<Vec<String>>,
    /// `cpuLimits`.
    pub cpu_limits: Option<CpuLimitPolicy>,
}

impl BestPracticeSettings {
    /// These settings with a layer's fields on top.
    pub fn apply(&mut self, layer: &BestPracticeLayer) {
        if let Some(min) = layer.min_user_id {
            self.min_user_id = min;
        }
        if let Some(registries) = &layer.allowed_registries {
            self.allowed_registries.clone_from(registries);
        }
        if let Some(policy) = layer.cpu_limits {
            self.cpu_limits = policy;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules;

    #[test]
    fn option_rules_are_registered_best_practice_rules() {
        for id in OPTION_RULES {
            let rule = rules::find(id).unwrap_or_else(|| panic!("{id} is not registered"));
            assert_eq!(rules::Group::of(rule), rules::Group::BestPractice, "{id}");
        }
    }

    #[test]
    fn later_layers_override_field_by_field() {
        let mut settings = BestPracticeSettings::default();
        settings.apply(&BestPracticeLayer {
            min_user_id: Some(2000),
            allowed_registries: Some(vec!["registry.example.com".into()]),
            cpu_limits: None,
        });
        settings.apply(&BestPracticeLayer {
            cpu_limits: Some(CpuLimitPolicy::Forbid),
            ..BestPracticeLayer::default()
        });
        assert_eq!(
            settings,
            BestPracticeSettings {
                min_user_id: 2000,
                allowed_registries: vec!["registry.example.com".into()],
                cpu_limits: CpuLimitPolicy::Forbid,
            }
        );
    }
}
