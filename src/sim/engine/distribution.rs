//! Durations that may vary: a fixed value or a distribution, sampled with the simulation's seeded RNG.
//!
//! In a scenario file a duration is written `2s`, or as one of
//! `{uniform: [1s, 3s]}`, `{normal: {mean: 2s, stddev: 500ms}}` (truncated at 0),
//! `{lognormal: {median: 2s, sigma: 0.5}}`, `{exponential: {mean: 2s}}`,
//! `{empirical: [1s, 2s, 5s]}` (one of the samples, equally likely). Samples are rounded to
//! whole milliseconds. Without any distribution the random generator is never used (T4).

use std::fmt;

use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::sim::engine::time::{SimDuration, format_duration, parse_duration};

/// A duration, fixed or drawn from a distribution each time it is used.
#[derive(Debug, Clone, PartialEq)]
pub enum Dist {
    /// Always this value.
    Fixed(SimDuration),
    /// Uniform between two bounds, both included.
    Uniform {
        /// Smallest value.
        low: SimDuration,
        /// Largest value.
        high: SimDuration,
    },
    /// Normal, truncated at zero.
    Normal {
        /// Mean.
        mean: SimDuration,
        /// Standard deviation.
        stddev: SimDuration,
    },
    /// Log-normal with the given median and shape.
    LogNormal {
        /// Median (`exp(mu)`).
        median: SimDuration,
        /// Standard deviation of the logarithm.
        sigma: f64,
    },
    /// Exponential with the given mean.
    Exponential {
        /// Mean.
        mean: SimDuration,
    },
    /// One of the samples, equally likely.
    Empirical(Vec<SimDuration>),
}

impl Default for Dist {
    fn default() -> Self {
        Dist::Fixed(SimDuration::ZERO)
    }
}

impl From<SimDuration> for Dist {
    fn from(value: SimDuration) -> Self {
        Dist::Fixed(value)
    }
}

impl Dist {
    /// A fixed number of milliseconds.
    pub const fn millis(millis: u64) -> Self {
        Dist::Fixed(SimDuration::from_millis(millis))
    }

    /// Whether this never varies.
    pub fn is_fixed(&self) -> bool {
        matches!(self, Dist::Fixed(_))
    }

    /// Draws a value. A fixed value does not touch the generator.
    pub fn sample(&self, rng: &mut ChaCha8Rng) -> SimDuration {
        match self {
            Dist::Fixed(value) => *value,
            Dist::Uniform { low, high } => {
                let (low, high) = (
                    low.millis().min(high.millis()),
                    low.millis().max(high.millis()),
                );
                SimDuration::from_millis(rng.random_range(low..=high))
            }
            Dist::Normal { mean, stddev } => {
                let value = mean.millis() as f64 + stddev.millis() as f64 * standard_normal(rng);
                to_duration(value)
            }
            Dist::LogNormal { median, sigma } => {
                let value = median.millis() as f64 * (sigma * standard_normal(rng)).exp();
                to_duration(value)
            }
            Dist::Exponential { mean } => {
                let uniform: f64 = rng.random();
                to_duration(-(mean.millis() as f64) * (1.0 - uniform).ln())
            }
            Dist::Empirical(samples) => match samples.len() {
                0 => SimDuration::ZERO,
                len => samples[rng.random_range(0..len)],
            },
        }
    }

    /// The distribution's median (what a single readable run may use).
    pub fn median(&self) -> SimDuration {
        match self {
            Dist::Fixed(value) => *value,
            Dist::Uniform { low, high } => {
                SimDuration::from_millis(u64::midpoint(low.millis(), high.millis()))
            }
            Dist::Normal { mean, .. } => *mean,
            Dist::LogNormal { median, .. } => *median,
            Dist::Exponential { mean } => {
                to_duration(mean.millis() as f64 * std::f64::consts::LN_2)
            }
            Dist::Empirical(samples) => {
                let mut sorted = samples.clone();
                sorted.sort();
                sorted.get(sorted.len() / 2).copied().unwrap_or_default()
            }
        }
    }
}

/// Box–Muller: one standard normal draw from two uniform draws.
fn standard_normal(rng: &mut ChaCha8Rng) -> f64 {
    let u1: f64 = rng.random();
    let u2: f64 = rng.random();
    let u1 = 1.0 - u1; // in (0, 1]: ln is finite
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

fn to_duration(millis: f64) -> SimDuration {
    SimDuration::from_millis_f64(millis)
}

impl fmt::Display for Dist {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dist::Fixed(value) => write!(f, "{value}"),
            Dist::Uniform { low, high } => write!(f, "uniform({low}, {high})"),
            Dist::Normal { mean, stddev } => write!(f, "normal(mean {mean}, stddev {stddev})"),
            Dist::LogNormal { median, sigma } => {
                write!(f, "lognormal(median {median}, sigma {sigma})")
            }
            Dist::Exponential { mean } => write!(f, "exponential(mean {mean})"),
            Dist::Empirical(samples) => {
                let texts: Vec<String> = samples.iter().map(|s| format_duration(*s)).collect();
                write!(f, "empirical({})", texts.join(", "))
            }
        }
    }
}

impl Serialize for Dist {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A plain duration in a scenario file: `500ms`, `30s`, `0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DurationText(pub SimDuration);

impl<'de> Deserialize<'de> for DurationText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct DurationVisitor;
        impl Visitor<'_> for DurationVisitor {
            type Value = DurationText;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a duration such as `500ms`, `30s` or `1m30s`")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<DurationText, E> {
                parse_duration(text)
                    .map(DurationText)
                    .map_err(|e| E::custom(e.to_string()))
            }
            fn visit_i64<E: de::Error>(self, value: i64) -> Result<DurationText, E> {
                match value {
                    0 => Ok(DurationText(SimDuration::ZERO)),
                    _ => Err(E::custom(format!(
                        "`{value}` has no unit; write `{value}s` or `{value}ms`"
                    ))),
                }
            }
            fn visit_u64<E: de::Error>(self, value: u64) -> Result<DurationText, E> {
                self.visit_i64(i64::try_from(value).unwrap_or(i64::MAX))
            }
            fn visit_f64<E: de::Error>(self, value: f64) -> Result<DurationText, E> {
                Err(E::custom(format!(
                    "`{value}` has no unit; write `{value}s`"
                )))
            }
        }
        deserializer.deserialize_any(DurationVisitor)
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct NormalParams {
    mean: DurationText,
    stddev: DurationText,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct LogNormalParams {
    median: DurationText,
    sigma: f64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ExponentialParams {
    mean: DurationText,
}

/// The distribution names a scenario may use.
pub const DISTRIBUTIONS: [&str; 5] = ["uniform", "normal", "lognormal", "exponential", "empirical"];

impl<'de> Deserialize<'de> for Dist {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct DistVisitor;
        impl<'de> Visitor<'de> for DistVisitor {
            type Value = Dist;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a duration (`2s`) or a distribution (`{uniform: [1s, 3s]}`)")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Dist, E> {
                DurationVisitorAdapter::str(text).map(Dist::Fixed)
            }
            fn visit_i64<E: de::Error>(self, value: i64) -> Result<Dist, E> {
                DurationVisitorAdapter::int(value).map(Dist::Fixed)
            }
            fn visit_u64<E: de::Error>(self, value: u64) -> Result<Dist, E> {
                DurationVisitorAdapter::int(i64::try_from(value).unwrap_or(i64::MAX))
                    .map(Dist::Fixed)
            }
            fn visit_f64<E: de::Error>(self, value: f64) -> Result<Dist, E> {
                Err(E::custom(format!(
                    "`{value}` has no unit; write `{value}s`"
                )))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Dist, A::Error> {
                let Some(name) = map.next_key::<String>()? else {
                    return Err(de::Error::custom(
                        "empty distribution; write e.g. `{uniform: [1s, 3s]}`",
                    ));
                };
                dist_from_map(&name, map)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, _seq: A) -> Result<Dist, A::Error> {
                Err(de::Error::custom(
                    "expected a duration or a distribution, found a list; for samples write `{empirical: [1s, 2s]}`",
                ))
            }
        }
        deserializer.deserialize_any(DistVisitor)
    }
}

/// Reads a distribution written as a one-key mapping whose key `name` was already read.
pub fn dist_from_map<'de, A: MapAccess<'de>>(name: &str, mut map: A) -> Result<Dist, A::Error> {
    let dist = match name {
        "uniform" => {
            let bounds: Vec<DurationText> = map.next_value()?;
            match bounds.as_slice() {
                [low, high] if low.0 <= high.0 => Dist::Uniform {
                    low: low.0,
                    high: high.0,
                },
                [_, _] => {
                    return Err(de::Error::custom(
                        "`uniform` bounds must be `[low, high]` with low ≤ high",
                    ));
                }
                _ => {
                    return Err(de::Error::custom(
                        "`uniform` takes two bounds: `[low, high]`",
                    ));
                }
            }
        }
        "normal" => {
            let params: NormalParams = map.next_value()?;
            Dist::Normal {
                mean: params.mean.0,
                stddev: params.stddev.0,
            }
        }
        "lognormal" => {
            let params: LogNormalParams = map.next_value()?;
            if !(params.sigma.is_finite() && params.sigma >= 0.0) {
                return Err(de::Error::custom("`sigma` must be a finite number ≥ 0"));
            }
            Dist::LogNormal {
                median: params.median.0,
                sigma: params.sigma,
            }
        }
        "exponential" => {
            let params: ExponentialParams = map.next_value()?;
            Dist::Exponential {
                mean: params.mean.0,
            }
        }
        "empirical" => {
            let samples: Vec<DurationText> = map.next_value()?;
            if samples.is_empty() {
                return Err(de::Error::custom("`empirical` needs at least one sample"));
            }
            Dist::Empirical(samples.into_iter().map(|s| s.0).collect())
        }
        other => {
            let hint = crate::text::closest(other, &DISTRIBUTIONS).map_or_else(
                || format!("; the distributions are {}", DISTRIBUTIONS.join(", ")),
                |n| format!("; did you mean `{n}`?"),
            );
            return Err(de::Error::custom(format!(
                "unknown distribution `{}`{hint}",
                crate::text::clip(other)
            )));
        }
    };
    if map.next_key::<String>()?.is_some() {
        return Err(de::Error::custom(
            "a distribution has exactly one key, e.g. `{uniform: [1s, 3s]}`",
        ));
    }
    Ok(dist)
}

struct DurationVisitorAdapter;

impl DurationVisitorAdapter {
    fn str<E: de::Error>(text: &str) -> Result<SimDuration, E> {
        parse_duration(text).map_err(|e| E::custom(e.to_string()))
    }

    fn int<E: de::Error>(value: i64) -> Result<SimDuration, E> {
        match value {
            0 => Ok(SimDuration::ZERO),
            _ => Err(E::custom(format!(
                "`{value}` has no unit; write `{value}s` or `{value}ms`"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn t4_fixed_values_never_touch_the_generator() {
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let before = rng.clone();
        assert_eq!(Dist::millis(2000).sample(&mut rng), SimDuration(2000));
        assert_eq!(rng.random::<u64>(), before.clone().random::<u64>());
    }

    #[test]
    fn t4_samples_depend_only_on_the_seed() {
        let dist = Dist::Normal {
            mean: SimDuration(2000),
            stddev: SimDuration(500),
        };
        let draw = |seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            (0..5).map(|_| dist.sample(&mut rng)).collect::<Vec<_>>()
        };
        assert_eq!(draw(7), draw(7));
        assert_ne!(draw(7), draw(8));
    }

    #[test]
    fn samples_stay_in_range() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let uniform = Dist::Uniform {
            low: SimDuration(1000),
            high: SimDuration(3000),
        };
        for _ in 0..1000 {
            let value = uniform.sample(&mut rng);
            assert!((1000..=3000).contains(&value.millis()));
        }
        let normal = Dist::Normal {
            mean: SimDuration(10),
            stddev: SimDuration(1000),
        };
        let mean: f64 = (0..2000)
            .map(|_| normal.sample(&mut rng).millis() as f64)
            .sum::<f64>()
            / 2000.0;
        assert!(mean > 10.0, "truncation at zero raises the mean: {mean}");
    }
}
