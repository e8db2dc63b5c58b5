//! The scenario file's format: the serde types `--scenario` files decode into, and their value forms.
//!
//! Values: durations and distributions (`jitter.rs`), `success`/`failure`, failure counts (`3`,
//! `always`), run times (a duration, a distribution, `forever`), exits (a code, `oom`, `hang`).

use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};

use crate::sim::engine::distribution::{Dist, DurationText, dist_from_map};
use crate::sim::engine::time::parse_duration;
use crate::sim::plan::behaviour::{ExitKind, FailureCount, RunTime};

/// `seed: 7` or `seed: "18446744073709551615"` (the JSON output writes seeds as strings, so that
/// jq and JavaScript keep every digit; a seed copied from there works as it is).
fn seed_number_or_string<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<u64>, D::Error> {
    struct SeedVisitor;
    impl serde::de::Visitor<'_> for SeedVisitor {
        type Value = Option<u64>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a seed: a whole number from 0 to 18446744073709551615")
        }
        fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<Self::Value, E> {
            Ok(Some(value))
        }
        fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<Self::Value, E> {
            u64::try_from(value)
                .map(Some)
                .map_err(|_| E::custom("a seed is not negative"))
        }
        fn visit_str<E: serde::de::Error>(self, value: &str) -> Result<Self::Value, E> {
            value
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| E::custom(format!("`{value}` is not a seed (a whole number)")))
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
    }
    deserializer.deserialize_any(SeedVisitor)
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct ScenarioFile {
    /// A number, or a string of digits as the JSON output writes seeds.
    #[serde(deserialize_with = "seed_number_or_string")]
    pub(super) seed: Option<u64>,
    pub(super) until: Option<DurationText>,
    pub(super) scheduling: Option<Dist>,
    pub(super) kubelet: Option<KubeletSection>,
    pub(super) runtime: Option<RuntimeSection>,
    pub(super) node: Option<NodeSection>,
    pub(super) sandbox: Option<SandboxSection>,
    pub(super) containers: Option<BTreeMap<String, ContainerSection>>,
    /// Deletion, eviction, node crash (termination issue).
    pub(super) termination: Option<super::termination::TerminationSection>,
    /// Initializers' times and failures (I3, I4).
    pub(super) initializers: Option<BTreeMap<String, super::termination::InitializerSection>>,
    /// When each scheduling gate is removed (I5).
    pub(super) scheduling_gates: Option<BTreeMap<String, DurationText>>,
    /// When a controller sets each readiness gate's condition to True.
    pub(super) readiness_gates: Option<BTreeMap<String, DurationText>>,
    /// What `podlife rollout` reads: the workload controllers' reaction latency.
    pub(super) rollout: Option<RolloutSection>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct RolloutSection {
    pub(super) controller_latency: Option<DurationText>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct KubeletSection {
    pub(super) sync_delay: Option<DurationText>,
    #[serde(rename = "crashLoopBackOff")]
    pub(super) crash_loop_backoff: Option<BackoffSection>,
    #[serde(rename = "imagePullBackOff")]
    pub(super) image_pull_backoff: Option<BackoffSection>,
    pub(super) sync_error_retry: Option<DurationText>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct BackoffSection {
    pub(super) initial: Option<DurationText>,
    pub(super) max: Option<DurationText>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct RuntimeSection {
    pub(super) run_pod_sandbox: Option<Dist>,
    pub(super) stop_pod_sandbox: Option<Dist>,
    pub(super) remove_pod_sandbox: Option<Dist>,
    pub(super) status: Option<Dist>,
    pub(super) remove_container: Option<Dist>,
    pub(super) pull_image: Option<Dist>,
    pub(super) create_container: Option<Dist>,
    pub(super) start_container: Option<Dist>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct NodeSection {
    pub(super) images: Option<Vec<String>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct SandboxSection {
    pub(super) dies_at: Option<Vec<DurationText>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct ContainerSection {
    pub(super) pull: Option<Dist>,
    pub(super) pull_failures: Option<Count>,
    pub(super) create: Option<Dist>,
    pub(super) create_failures: Option<Count>,
    pub(super) start: Option<Dist>,
    pub(super) run: Option<RunValue>,
    pub(super) exit: Option<ExitValue>,
    pub(super) post_start: Option<Dist>,
    pub(super) post_start_fails: Option<bool>,
    pub(super) pre_stop: Option<Dist>,
    pub(super) stop: Option<Dist>,
    pub(super) stop_exit_code: Option<i32>,
    pub(super) probes: Option<ProbesSection>,
    pub(super) attempts: Option<Vec<AttemptSection>>,
    pub(super) fail_probability: Option<f64>,
    pub(super) probe_fail_probability: Option<f64>,
    /// Defer containers: the app containers it stops when it runs (D7).
    pub(super) stops: Option<Vec<String>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct AttemptSection {
    pub(super) run: Option<RunValue>,
    pub(super) exit: Option<ExitValue>,
    pub(super) post_start: Option<Dist>,
    pub(super) post_start_fails: Option<bool>,
    pub(super) pre_stop: Option<Dist>,
    pub(super) stop: Option<Dist>,
    pub(super) stop_exit_code: Option<i32>,
    pub(super) probes: Option<ProbesSection>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct ProbesSection {
    pub(super) startup: Option<ProbeSection>,
    pub(super) liveness: Option<ProbeSection>,
    pub(super) readiness: Option<ProbeSection>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct ProbeSection {
    pub(super) result: Option<Answer>,
    pub(super) timeline: Option<Vec<TimelineStep>>,
    pub(super) cycle: Option<Vec<Answer>>,
    pub(super) latency: Option<Dist>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct TimelineStep {
    pub(super) after: Option<DurationText>,
    pub(super) result: Option<Answer>,
}

/// `success` or `failure`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Answer(pub(super) bool);

impl<'de> Deserialize<'de> for Answer {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct AnswerVisitor;
        impl Visitor<'_> for AnswerVisitor {
            type Value = Answer;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("`success` or `failure`")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Answer, E> {
                match text {
                    "success" => Ok(Answer(true)),
                    "failure" => Ok(Answer(false)),
                    other => Err(E::custom(format!(
                        "expected `success` or `failure`, found `{}`",
                        crate::text::clip(other)
                    ))),
                }
            }
        }
        deserializer.deserialize_str(AnswerVisitor)
    }
}

/// A failure count: a number, or `always`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Count(pub(super) FailureCount);

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct CountVisitor;
        impl Visitor<'_> for CountVisitor {
            type Value = Count;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number of failures, or `always`")
            }
            fn visit_i64<E: de::Error>(self, value: i64) -> Result<Count, E> {
                match u32::try_from(value) {
                    Ok(0) => Ok(Count(FailureCount::None)),
                    Ok(n) => Ok(Count(FailureCount::First(n))),
                    Err(_) => Err(E::custom(format!("`{value}` is not a count of failures"))),
                }
            }
            fn visit_u64<E: de::Error>(self, value: u64) -> Result<Count, E> {
                self.visit_i64(i64::try_from(value).unwrap_or(-1))
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Count, E> {
                match text {
                    "always" => Ok(Count(FailureCount::Always)),
                    other => Err(E::custom(format!(
                        "expected a number or `always`, found `{}`",
                        crate::text::clip(other)
                    ))),
                }
            }
        }
        deserializer.deserialize_any(CountVisitor)
    }
}

/// A run time: a duration, a distribution, or `forever`.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct RunValue(pub(super) RunTime);

impl<'de> Deserialize<'de> for RunValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct RunVisitor;
        impl<'de> Visitor<'de> for RunVisitor {
            type Value = RunValue;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a duration, a distribution, or `forever`")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<RunValue, E> {
                if text == "forever" {
                    return Ok(RunValue(RunTime::Forever));
                }
                parse_duration(text)
                    .map(|d| RunValue(RunTime::For(Dist::Fixed(d))))
                    .map_err(|e| E::custom(format!("{e}, or `forever`")))
            }
            fn visit_i64<E: de::Error>(self, value: i64) -> Result<RunValue, E> {
                match value {
                    0 => Ok(RunValue(RunTime::For(Dist::millis(0)))),
                    _ => Err(E::custom(format!(
                        "`{value}` has no unit; write `{value}s` or `{value}ms`"
                    ))),
                }
            }
            fn visit_u64<E: de::Error>(self, value: u64) -> Result<RunValue, E> {
                self.visit_i64(i64::try_from(value).unwrap_or(i64::MAX))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RunValue, A::Error> {
                let Some(name) = map.next_key::<String>()? else {
                    return Err(de::Error::custom("empty distribution"));
                };
                dist_from_map(&name, map).map(|d| RunValue(RunTime::For(d)))
            }
        }
        deserializer.deserialize_any(RunVisitor)
    }
}

/// How an attempt ends: an exit code, `oom` or `hang`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct ExitValue(pub(super) ExitKind);

impl<'de> Deserialize<'de> for ExitValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ExitVisitor;
        impl Visitor<'_> for ExitVisitor {
            type Value = ExitValue;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an exit code, `oom` or `hang`")
            }
            fn visit_i64<E: de::Error>(self, value: i64) -> Result<ExitValue, E> {
                match i32::try_from(value) {
                    Ok(code) if (0..=255).contains(&code) => Ok(ExitValue(ExitKind::Code(code))),
                    _ => Err(E::custom(format!("exit code `{value}` is not in 0..=255"))),
                }
            }
            fn visit_u64<E: de::Error>(self, value: u64) -> Result<ExitValue, E> {
                self.visit_i64(i64::try_from(value).unwrap_or(-1))
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<ExitValue, E> {
                match text {
                    "oom" => Ok(ExitValue(ExitKind::Oom)),
                    "hang" => Ok(ExitValue(ExitKind::Hang)),
                    other => Err(E::custom(format!(
                        "expected an exit code, `oom` or `hang`, found `{}`",
                        crate::text::clip(other)
                    ))),
                }
            }
        }
        deserializer.deserialize_any(ExitVisitor)
    }
}
