//! Simulated time: integer milliseconds since the pod was created, and durations to parse and print.

use std::fmt;
use std::ops::{Add, AddAssign, Sub};

/// An instant of the simulation: milliseconds since the pod was created (T1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SimTime(pub u64);

/// A span of simulated time, in milliseconds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SimDuration(pub u64);

impl SimTime {
    /// The pod's creation.
    pub const ZERO: SimTime = SimTime(0);
    /// Later than any simulation runs.
    pub const NEVER: SimTime = SimTime(u64::MAX);

    /// Milliseconds since the pod was created.
    pub fn millis(self) -> u64 {
        self.0
    }

    /// The time elapsed since `earlier` (zero if `earlier` is later).
    pub fn since(self, earlier: SimTime) -> SimDuration {
        SimDuration(self.0.saturating_sub(earlier.0))
    }
}

impl SimDuration {
    /// No time at all.
    pub const ZERO: SimDuration = SimDuration(0);

    /// A duration of whole milliseconds.
    pub const fn from_millis(millis: u64) -> Self {
        SimDuration(millis)
    }

    /// Milliseconds given as a real number (a sample, a mean), rounded; not finite or not
    /// positive is zero, beyond half the range is half the range (room to add to it).
    pub fn from_millis_f64(millis: f64) -> Self {
        if millis.is_finite() && millis > 0.0 {
            // In range by the clamp; `as` from a float saturates and cannot wrap.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let whole = millis.round().min(u64::MAX as f64 / 2.0) as u64;
            SimDuration(whole)
        } else {
            SimDuration::ZERO
        }
    }

    /// A duration of whole seconds (negative counts as zero).
    pub const fn from_secs(seconds: i64) -> Self {
        if seconds <= 0 {
            SimDuration(0)
        } else {
            SimDuration(seconds.unsigned_abs().saturating_mul(1000))
        }
    }

    /// Milliseconds.
    pub fn millis(self) -> u64 {
        self.0
    }

    /// Whole seconds, truncated (as the kubelet's `int32(d.Seconds())`).
    pub fn whole_seconds(self) -> u64 {
        self.0 / 1000
    }

    /// Twice this duration, saturating.
    pub fn doubled(self) -> Self {
        SimDuration(self.0.saturating_mul(2))
    }
}

impl Add<SimDuration> for SimTime {
    type Output = SimTime;
    fn add(self, rhs: SimDuration) -> SimTime {
        SimTime(self.0.saturating_add(rhs.0))
    }
}

impl AddAssign<SimDuration> for SimTime {
    fn add_assign(&mut self, rhs: SimDuration) {
        *self = *self + rhs;
    }
}

impl Add for SimDuration {
    type Output = SimDuration;
    fn add(self, rhs: SimDuration) -> SimDuration {
        SimDuration(self.0.saturating_add(rhs.0))
    }
}

impl Sub for SimDuration {
    type Output = SimDuration;
    fn sub(self, rhs: SimDuration) -> SimDuration {
        SimDuration(self.0.saturating_sub(rhs.0))
    }
}

impl fmt::Display for SimDuration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_duration(*self))
    }
}

impl fmt::Display for SimTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_duration(SimDuration(self.0)))
    }
}

/// Prints a duration exactly and briefly: `0s`, `200ms`, `2.2s`, `1m5.25s`, `10m`, `1h0m5s`.
pub fn format_duration(duration: SimDuration) -> String {
    let total = duration.0;
    if total == 0 {
        return "0s".to_string();
    }
    if total < 1000 {
        return format!("{total}ms");
    }
    let hours = total / 3_600_000;
    let minutes = (total / 60_000) % 60;
    let millis = total % 60_000;
    let mut text = String::new();
    if hours > 0 {
        text.push_str(&format!("{hours}h"));
    }
    if minutes > 0 || (hours > 0 && millis > 0) {
        text.push_str(&format!("{minutes}m"));
    }
    if millis > 0 {
        let seconds = millis / 1000;
        let fraction = millis % 1000;
        if fraction == 0 {
            text.push_str(&format!("{seconds}s"));
        } else {
            let digits = format!("{fraction:03}");
            text.push_str(&format!("{seconds}.{}s", digits.trim_end_matches('0')));
        }
    }
    text
}

/// Why a duration did not parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DurationError(pub String);

impl fmt::Display for DurationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Parses a Go-style duration: `500ms`, `30s`, `1.5s`, `10m`, `1h30m`, `0`.
pub fn parse_duration(text: &str) -> Result<SimDuration, DurationError> {
    let text = text.trim();
    if text == "0" {
        return Ok(SimDuration::ZERO);
    }
    if text.is_empty() {
        return Err(DurationError("empty duration".to_string()));
    }
    let bad = || {
        DurationError(format!(
            "`{}` is not a duration (write e.g. `500ms`, `30s`, `1m30s`, `2h`)",
            crate::text::clip(text)
        ))
    };
    let mut rest = text;
    let mut total: u64 = 0;
    while !rest.is_empty() {
        let number_end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .ok_or_else(|| {
                DurationError(format!(
                    "`{}` has no unit (write e.g. `{}s`)",
                    crate::text::clip(text),
                    crate::text::clip(text)
                ))
            })?;
        if number_end == 0 {
            return Err(bad());
        }
        let number = &rest[..number_end];
        rest = &rest[number_end..];
        let unit_end = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let unit = &rest[..unit_end];
        rest = &rest[unit_end..];
        let scale: u64 = match unit {
            "ms" => 1,
            "s" => 1000,
            "m" => 60_000,
            "h" => 3_600_000,
            "d" => 86_400_000,
            _ => return Err(bad()),
        };
        let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
        if whole.is_empty() && fraction.is_empty() || fraction.contains('.') {
            return Err(bad());
        }
        let whole: u64 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| bad())?
        };
        let mut value = whole.checked_mul(scale).ok_or_else(bad)?;
        if !fraction.chars().all(|c| c.is_ascii_digit()) {
            return Err(bad());
        }
        let fraction = fraction.trim_end_matches('0');
        if fraction.len() > 9 {
            return Err(DurationError(format!(
                "`{}` is finer than a millisecond",
                crate::text::clip(text)
            )));
        }
        if !fraction.is_empty() {
            let mut divisor: u64 = 1;
            let mut numerator: u64 = 0;
            for digit in fraction.chars() {
                numerator = numerator * 10 + u64::from(digit.to_digit(10).ok_or_else(bad)?);
                divisor *= 10;
            }
            let extra = u128::from(numerator) * u128::from(scale) / u128::from(divisor);
            if extra * u128::from(divisor) != u128::from(numerator) * u128::from(scale) {
                return Err(DurationError(format!(
                    "`{}` is finer than a millisecond",
                    crate::text::clip(text)
                )));
            }
            let extra = u64::try_from(extra).map_err(|_| bad())?;
            value = value.checked_add(extra).ok_or_else(bad)?;
        }
        total = total.checked_add(value).ok_or_else(bad)?;
    }
    Ok(SimDuration(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t1_durations_finer_than_a_millisecond_are_refused_not_rounded() {
        assert!(parse_duration("1.0000000001s").is_err());
        assert!(parse_duration("1.0001s").is_err());
        assert_eq!(
            parse_duration("1.500000000000s").map(SimDuration::millis),
            Ok(1500)
        );
        assert_eq!(parse_duration("0.001s").map(SimDuration::millis), Ok(1));
    }

    #[test]
    fn t1_durations_print_exactly_and_briefly() {
        let cases = [
            (0, "0s"),
            (200, "200ms"),
            (1000, "1s"),
            (2200, "2.2s"),
            (65_250, "1m5.25s"),
            (600_000, "10m"),
            (3_600_000, "1h"),
            (3_605_000, "1h0m5s"),
            (5_400_000, "1h30m"),
        ];
        for (millis, text) in cases {
            assert_eq!(format_duration(SimDuration(millis)), text);
            assert_eq!(parse_duration(text), Ok(SimDuration(millis)), "{text}");
        }
    }

    #[test]
    fn t1_parses_go_style_durations() {
        assert_eq!(parse_duration("1.5s"), Ok(SimDuration(1500)));
        assert_eq!(parse_duration("0"), Ok(SimDuration(0)));
        assert_eq!(parse_duration("1d"), Ok(SimDuration(86_400_000)));
        assert_eq!(parse_duration(".5s"), Ok(SimDuration(500)));
        for bad in ["", "10", "5x", "s", "1.2.3s", "0.0001s", "-1s"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
