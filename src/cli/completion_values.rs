//! Values the shell completes without clap checking them: rule IDs and names (for `explain`,
//! `--select`, `--ignore`, `--severity`) and example names. podlife checks them itself, with
//! located messages and suggestions (prefixes such as `PL3` and `ALL` are valid selectors).
//! `--kubernetes-version` and `--feature-gates` keep their own parsers and offer the releases
//! and gate names podlife knows.

use clap::builder::{PossibleValue, TypedValueParser};

use crate::input::examples::EXAMPLES;
use crate::k8s::cluster::feature_gates::GATES;
use crate::k8s::cluster::{GateSettings, KubernetesVersion};
use crate::lint::rules::{Group, REGISTRY};

/// Accepts any text; offers `candidates` to shell completion.
#[derive(Clone)]
pub struct Completed {
    candidates: fn() -> Vec<PossibleValue>,
}

impl TypedValueParser for Completed {
    type Value = String;

    fn parse_ref(
        &self,
        _command: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        value
            .to_str()
            .map(str::to_string)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidUtf8))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.candidates)().into_iter()))
    }
}

/// Every rule ID and name, and every group (`best-practice`).
pub fn rules() -> Completed {
    Completed {
        candidates: || {
            REGISTRY
                .iter()
                .flat_map(|rule| {
                    [
                        PossibleValue::new(rule.id).help(rule.summary),
                        PossibleValue::new(rule.name).help(rule.summary),
                    ]
                })
                .chain(
                    Group::ALL.map(|group| PossibleValue::new(group.name()).help(group.summary())),
                )
                .collect()
        },
    }
}

/// Every built-in example's name.
pub fn examples() -> Completed {
    Completed {
        candidates: || {
            EXAMPLES
                .iter()
                .map(|example| PossibleValue::new(example.name).help(example.description))
                .collect()
        },
    }
}

/// Parses with `parse`; offers `candidates` to shell completion.
#[derive(Clone)]
pub struct Parsed<T> {
    parse: fn(&str) -> Result<T, String>,
    candidates: fn() -> Vec<PossibleValue>,
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Parsed<T> {
    type Value = T;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        let text = Completed {
            candidates: Vec::new,
        }
        .parse_ref(command, arg, value)?;
        (self.parse)(&text).map_err(|message| {
            let flag = arg.map_or_else(String::new, ToString::to_string);
            clap::Error::raw(
                clap::error::ErrorKind::ValueValidation,
                format!("invalid value '{text}' for '{flag}': {message}\n"),
            )
            .with_cmd(command)
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.candidates)().into_iter()))
    }
}

/// `--kubernetes-version`: every release podlife knows, newest first.
pub fn kubernetes_versions() -> Parsed<KubernetesVersion> {
    Parsed {
        parse: KubernetesVersion::parse,
        candidates: || {
            let mut releases: Vec<PossibleValue> = KubernetesVersion::all()
                .map(|release| PossibleValue::new(release.to_string()))
                .collect();
            releases.reverse();
            releases
        },
    }
}

/// A `--pod-security` value: the mode it sets and the level and version.
pub type PodSecurityFlag = (
    crate::k8s::pod_security::Mode,
    crate::k8s::pod_security::LevelVersion,
);

/// `--pod-security`: each level, each level at every policy version podlife knows (`v1.0` to
/// the newest release, and `latest`), and each level for `warn=` and `audit=`.
pub fn pod_security_levels() -> Parsed<PodSecurityFlag> {
    Parsed {
        parse: crate::lint::rules::pod_security::helpers::policy::parse_flag,
        candidates: || {
            use crate::k8s::pod_security::Level;
            let mut values = Vec::new();
            for level in Level::ALL {
                values.push(PossibleValue::new(level.as_str()));
            }
            for level in Level::ALL {
                values.push(PossibleValue::new(format!("{level}:latest")));
                for minor in (0..=KubernetesVersion::NEWEST.minor()).rev() {
                    values.push(PossibleValue::new(format!("{level}:v1.{minor}")));
                }
            }
            for mode in ["warn", "audit", "enforce"] {
                for level in Level::ALL {
                    values.push(PossibleValue::new(format!("{mode}={level}")));
                }
            }
            values
        },
    }
}

/// `--feature-gates`: every gate podlife consults, as `Name=true` and `Name=false`.
pub fn feature_gates() -> Parsed<GateSettings> {
    Parsed {
        parse: GateSettings::parse,
        candidates: || {
            GATES
                .iter()
                .flat_map(|row| {
                    [true, false]
                        .map(|on| PossibleValue::new(format!("{}={on}", row.name)).help(row.effect))
                })
                .collect()
        },
    }
}
