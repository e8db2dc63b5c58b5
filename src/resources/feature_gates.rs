//! `--feature-gates`: the Kubernetes feature gates that change how podlife computes resources,
//! written in Kubernetes' own `Name=bool,Name=bool` syntax.

use std::fmt;

/// A gate podlife knows: its name, whether it is beta, and its default in current Kubernetes.
struct KnownGate {
    name: &'static str,
    beta: bool,
    default: bool,
}

/// The gates podlife reads. `PodLevelResources` is beta and on by default since Kubernetes 1.34
/// (alpha, off by default, in 1.32 and 1.33).
const KNOWN_GATES: &[KnownGate] = &[KnownGate {
    name: "PodLevelResources",
    beta: true,
    default: true,
}];

/// The feature gates in effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeatureGates {
    /// `PodLevelResources`: pod-level `spec.resources` count (requests, limits, QoS, defaulting).
    pub pod_level_resources: bool,
}

impl Default for FeatureGates {
    fn default() -> Self {
        FeatureGates {
            pod_level_resources: gate_default("PodLevelResources"),
        }
    }
}

fn gate_default(name: &str) -> bool {
    KNOWN_GATES
        .iter()
        .find(|gate| gate.name == name)
        .is_some_and(|gate| gate.default)
}

/// One `--feature-gates` value: `Name=bool` pairs in the order given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GateSettings(Vec<(String, bool)>);

impl GateSettings {
    /// Parses `Name=bool,Name=bool` as Kubernetes does (`k8s.io/component-base/cli/flag`
    /// `MapStringBool` then `featuregate.SetFromMap`): empty items are skipped, names and values
    /// are trimmed, values are Go booleans, `AllAlpha`/`AllBeta` set every alpha/beta gate that is
    /// not named explicitly, and an unknown name is an error.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut settings = Vec::new();
        for item in text.split(',') {
            if item.is_empty() {
                continue;
            }
            let Some((name, value)) = item.split_once('=') else {
                return Err(format!(
                    "malformed pair `{item}`, expect string=bool (e.g. `PodLevelResources=false`)"
                ));
            };
            let (name, value) = (name.trim(), value.trim());
            let Some(enabled) = parse_go_bool(value) else {
                return Err(format!(
                    "invalid value of {name}={value}, err: strconv.ParseBool: parsing {value:?}: invalid syntax"
                ));
            };
            let known = matches!(name, "AllAlpha" | "AllBeta")
                || KNOWN_GATES.iter().any(|gate| gate.name == name);
            if !known {
                let names: Vec<&str> = KNOWN_GATES.iter().map(|gate| gate.name).collect();
                return Err(format!(
                    "unrecognized feature gate: {name} (podlife knows: {}, AllAlpha, AllBeta)",
                    names.join(", ")
                ));
            }
            settings.push((name.to_string(), enabled));
        }
        Ok(GateSettings(settings))
    }
}

/// Go's `strconv.ParseBool`.
fn parse_go_bool(text: &str) -> Option<bool> {
    match text {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Some(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Some(false),
        _ => None,
    }
}

impl FeatureGates {
    /// The defaults with every `--feature-gates` value applied in order (later wins).
    pub fn from_settings(settings: &[GateSettings]) -> Self {
        let pairs: Vec<&(String, bool)> = settings.iter().flat_map(|s| &s.0).collect();
        let explicit = |name: &str| pairs.iter().rev().find(|(n, _)| n == name).map(|(_, v)| *v);
        let all_beta = explicit("AllBeta");
        let all_alpha = explicit("AllAlpha");
        let value = |name: &str| {
            let Some(gate) = KNOWN_GATES.iter().find(|gate| gate.name == name) else {
                return false;
            };
            let group = if gate.beta { all_beta } else { all_alpha };
            explicit(name).or(group).unwrap_or(gate.default)
        };
        FeatureGates {
            pod_level_resources: value("PodLevelResources"),
        }
    }
}

impl fmt::Display for FeatureGates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PodLevelResources={}", self.pod_level_resources)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gates(values: &[&str]) -> Result<FeatureGates, String> {
        let settings = values
            .iter()
            .map(|v| GateSettings::parse(v))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(FeatureGates::from_settings(&settings))
    }

    #[test]
    fn pod_level_resources_is_on_by_default() {
        assert!(FeatureGates::default().pod_level_resources);
        assert_eq!(gates(&[]), Ok(FeatureGates::default()));
    }

    #[test]
    fn kubernetes_syntax_is_accepted() {
        assert!(
            !gates(&["PodLevelResources=false"])
                .unwrap()
                .pod_level_resources
        );
        assert!(
            !gates(&[" PodLevelResources = F ,"])
                .unwrap()
                .pod_level_resources
        );
        assert!(gates(&["PodLevelResources=1"]).unwrap().pod_level_resources);
        assert!(gates(&[""]).unwrap().pod_level_resources);
    }

    #[test]
    fn later_values_win() {
        let result = gates(&["PodLevelResources=false", "PodLevelResources=true"]).unwrap();
        assert!(result.pod_level_resources);
        let result = gates(&["PodLevelResources=true,PodLevelResources=false"]).unwrap();
        assert!(!result.pod_level_resources);
    }

    #[test]
    fn all_beta_sets_beta_gates_not_named_explicitly() {
        assert!(!gates(&["AllBeta=false"]).unwrap().pod_level_resources);
        let result = gates(&["AllBeta=false,PodLevelResources=true"]).unwrap();
        assert!(result.pod_level_resources);
        assert!(gates(&["AllAlpha=false"]).unwrap().pod_level_resources);
    }

    #[test]
    fn errors_name_the_problem() {
        let unknown = gates(&["PodLevelResource=true"]).unwrap_err();
        assert!(unknown.starts_with("unrecognized feature gate: PodLevelResource"));
        let malformed = gates(&["PodLevelResources"]).unwrap_err();
        assert!(malformed.starts_with("malformed pair `PodLevelResources`"));
        let bad_bool = gates(&["PodLevelResources=yes"]).unwrap_err();
        assert!(bad_bool.starts_with("invalid value of PodLevelResources=yes"));
    }
}
