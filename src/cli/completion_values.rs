//! Values the shell completes without clap checking them: rule IDs and names (for `explain`,
//! `--select`, `--ignore`, `--severity`) and example names. podlife checks them itself, with
//! located messages and suggestions (prefixes such as `PL3` and `ALL` are valid selectors).

use clap::builder::{PossibleValue, TypedValueParser};

use crate::input::examples::EXAMPLES;
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
