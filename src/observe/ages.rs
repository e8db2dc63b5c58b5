//! kubectl's printed ages (`9m3s`, `2m (x3 over 5m)`) read back into moments, each with the precision its printer cut it to.
//!
//! kubectl has printed ages with two functions of apimachinery's `pkg/util/duration`:
//! `HumanDuration` (kubectl 1.11 and later: `45s`, `119s`, `9m3s`, `15m`, `3h5m`, `10h`, `5d3h`,
//! `20d`, `2y30d`, `9y`) and, before it, `ShortHumanDuration` (`45s`, `5m`, `3h`, `20d`, `2y`:
//! one unit, cut). An age is read as the interval of true ages that print as it: `5m` from
//! `HumanDuration` is 5m0s to the second, from `ShortHumanDuration` any age in [5m, 6m).

use crate::observe::evidence::Moment;

const SECOND: i64 = 1000;
const MINUTE: i64 = 60 * SECOND;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;
/// Both printers count a year as 365 days.
const YEAR: i64 = 365 * DAY;
/// The most years either printer can write: Go's `time.Duration` ends at 292 years.
const MAX_YEARS: u64 = 292;

/// Which of kubectl's age printers wrote an age.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgeStyle {
    /// `duration.HumanDuration` (kubectl 1.11 and later).
    Human,
    /// `duration.ShortHumanDuration` (older kubectl: `FirstSeen`/`LastSeen` columns).
    Short,
    /// Not known: an age either could print is the union of both readings.
    Either,
}

impl AgeStyle {
    /// The style a set of ages printed by one printer must have: `Human` when one of them only
    /// `HumanDuration` prints (`9m3s`, `90s`, `75m`), `Short` when one only `ShortHumanDuration`
    /// prints (`1m`, `2h`, `1d`), else `Either`.
    pub fn of_ages<'a>(ages: impl IntoIterator<Item = &'a str>) -> AgeStyle {
        let (mut human_only, mut short_only) = (false, false);
        for age in ages {
            let human = human_age(age).is_some();
            let short = short_age(age).is_some();
            human_only |= human && !short;
            short_only |= short && !human;
        }
        match (human_only, short_only) {
            (true, _) => AgeStyle::Human,
            (false, true) => AgeStyle::Short,
            (false, false) => AgeStyle::Either,
        }
    }
}

/// Reads an age `duration.HumanDuration` printed: `Moment::Ago` with the printed age and the
/// unit the printer cut it to (`5m` is 5m0s to the second, `15m` to the minute, `3h` to the
/// minute, `10h` to the hour, `5d` to the hour, `20d` to the day, `9y` to the year). `0s` is
/// 0. `<unknown>`, `<invalid>` and whatever `HumanDuration` never prints (`9m60s`, `1m`,
/// `05s`, `2h`) are `None`.
pub fn parse_age(text: &str) -> Option<Moment> {
    human_age(text).map(ago)
}

/// Reads an age `duration.ShortHumanDuration` printed (one unit, cut: `59s`, `5m`, `23h`,
/// `364d`, `3y`), as `parse_age` does.
pub fn parse_short_age(text: &str) -> Option<Moment> {
    short_age(text).map(ago)
}

/// Reads an age printed in `style`; with `Either`, the union of both readings.
pub fn parse_age_as(text: &str, style: AgeStyle) -> Option<Moment> {
    match style {
        AgeStyle::Human => parse_age(text),
        AgeStyle::Short => parse_short_age(text),
        AgeStyle::Either => match (human_age(text), short_age(text)) {
            (Some(human), Some(short)) => {
                let start = human.0.min(short.0);
                let end = (human.0 + human.1).max(short.0 + short.1);
                Some(ago((start, end - start)))
            }
            (one, other) => one.or(other).map(ago),
        },
    }
}

/// Whether an age cell holds one of the placeholders kubectl prints for a time it cannot
/// turn into an age: `<unknown>` (no timestamp) or `<invalid>` (a time in the future).
pub fn is_placeholder(text: &str) -> bool {
    matches!(text.trim(), "<unknown>" | "<invalid>")
}

/// An Age cell of an Events table: when the event was last seen, how many times, and when
/// first seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interval {
    /// When it was last seen.
    pub last: Moment,
    /// How many times it happened (at least 1).
    pub count: u32,
    /// When it was first seen (`None` when kubectl printed `<unknown>` for it).
    pub first: Option<Moment>,
}

/// Reads a `kubectl describe` / `kubectl events` Age cell printed by `HumanDuration`: `9m3s`
/// (once: first = last) or `2m (x3 over 5m)` (kubectl's `DescribeEvents` and `kubectl events`
/// print the last timestamp's age, the count, then the first timestamp's age). `None` for
/// anything else, and for a last age of `<unknown>`.
pub fn parse_interval(text: &str) -> Option<Interval> {
    parse_interval_as(text, AgeStyle::Human)
}

/// Reads an Age cell as `parse_interval` does, its ages printed in `style`.
pub fn parse_interval_as(text: &str, style: AgeStyle) -> Option<Interval> {
    let text = text.trim();
    let Some((last, rest)) = text.split_once(" (x") else {
        let last = parse_age_as(text, style)?;
        return Some(Interval {
            last,
            count: 1,
            first: Some(last),
        });
    };
    let (count, first) = rest.strip_suffix(')')?.split_once(" over ")?;
    let count = parse_count(count)?;
    let first = if is_placeholder(first) {
        None
    } else {
        Some(parse_age_as(first, style)?)
    };
    Some(Interval {
        last: parse_age_as(last, style)?,
        count: count.max(1),
        first,
    })
}

/// The ages an Age cell holds (`2m (x3 over 5m)`: `2m` and `5m`), for `AgeStyle::of_ages`.
pub fn ages_in_cell(text: &str) -> Vec<&str> {
    let text = text.trim();
    match text.split_once(" (x") {
        Some((last, rest)) => {
            let first = rest
                .strip_suffix(')')
                .and_then(|inner| inner.split_once(" over "))
                .map(|(_, first)| first);
            std::iter::once(last).chain(first).collect()
        }
        None => vec![text],
    }
}

/// A count as Go's `%d` prints a positive number: digits, no sign, no leading zero.
fn parse_count(text: &str) -> Option<u32> {
    if text.is_empty()
        || !text.bytes().all(|b| b.is_ascii_digit())
        || (text.len() > 1 && text.starts_with('0'))
    {
        return None;
    }
    text.parse().ok()
}

fn ago((ago_ms, precision_ms): (i64, i64)) -> Moment {
    Moment::Ago {
        ago_ms,
        precision_ms,
    }
}

/// One number and its unit (`9m`), as Go's `%d` prints the number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Part {
    value: u64,
    unit: u8,
}

/// Splits `3h5m` into its parts: one or two, units in decreasing order, no leading zeros.
fn parts(text: &str) -> Option<(Part, Option<Part>)> {
    let bytes = text.as_bytes();
    let mut found: Vec<Part> = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if found.len() == 2 {
            return None;
        }
        let digits = bytes
            .get(at..)?
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        // At most 20 digits fit a u64; the printers write far fewer.
        if digits == 0 || digits > 19 {
            return None;
        }
        let number = text.get(at..at + digits)?;
        if digits > 1 && number.starts_with('0') {
            return None;
        }
        let unit = *bytes.get(at + digits)?;
        let rank = |unit: u8| b"smhdy".iter().position(|&u| u == unit);
        let this_rank = rank(unit)?;
        if let Some(previous) = found.last()
            && rank(previous.unit).is_none_or(|r| r <= this_rank)
        {
            return None;
        }
        found.push(Part {
            value: number.parse().ok()?,
            unit,
        });
        at += digits + 1;
    }
    let mut found = found.into_iter();
    Some((found.next()?, found.next()))
}

/// Milliseconds of `value` units, when the value is in `range`.
fn scaled(value: u64, range: std::ops::RangeInclusive<u64>, unit_ms: i64) -> Option<i64> {
    if !range.contains(&value) {
        return None;
    }
    i64::try_from(value).ok()?.checked_mul(unit_ms)
}

/// `HumanDuration`'s output as (age, precision) in milliseconds: its thresholds, read
/// backwards.
fn human_age(text: &str) -> Option<(i64, i64)> {
    let (first, second) = parts(text.trim())?;
    let Some(second) = second else {
        let n = first.value;
        return match first.unit {
            b's' => Some((scaled(n, 0..=119, SECOND)?, SECOND)),
            b'm' if n < 10 => Some((scaled(n, 2..=9, MINUTE)?, SECOND)),
            b'm' => Some((scaled(n, 10..=179, MINUTE)?, MINUTE)),
            b'h' if n < 8 => Some((scaled(n, 3..=7, HOUR)?, MINUTE)),
            b'h' => Some((scaled(n, 8..=47, HOUR)?, HOUR)),
            b'd' if n < 8 => Some((scaled(n, 2..=7, DAY)?, HOUR)),
            b'd' => Some((scaled(n, 8..=729, DAY)?, DAY)),
            b'y' if n < 8 => Some((scaled(n, 2..=7, YEAR)?, DAY)),
            b'y' => Some((scaled(n, 8..=MAX_YEARS, YEAR)?, YEAR)),
            _ => None,
        };
    };
    let (big, small, precision) = match (first.unit, second.unit) {
        (b'm', b's') => (
            scaled(first.value, 2..=9, MINUTE)?,
            scaled(second.value, 1..=59, SECOND)?,
            SECOND,
        ),
        (b'h', b'm') => (
            scaled(first.value, 3..=7, HOUR)?,
            scaled(second.value, 1..=59, MINUTE)?,
            MINUTE,
        ),
        (b'd', b'h') => (
            scaled(first.value, 2..=7, DAY)?,
            scaled(second.value, 1..=23, HOUR)?,
            HOUR,
        ),
        (b'y', b'd') => (
            scaled(first.value, 2..=7, YEAR)?,
            scaled(second.value, 1..=364, DAY)?,
            DAY,
        ),
        _ => return None,
    };
    Some((big + small, precision))
}

/// `ShortHumanDuration`'s output as (age, precision) in milliseconds. Its day limit was 364
/// days until 2018, so `0y` (364 days and some hours) is one it printed.
fn short_age(text: &str) -> Option<(i64, i64)> {
    let (part, None) = parts(text.trim())? else {
        return None;
    };
    let n = part.value;
    match part.unit {
        b's' => Some((scaled(n, 0..=59, SECOND)?, SECOND)),
        b'm' => Some((scaled(n, 1..=59, MINUTE)?, MINUTE)),
        b'h' => Some((scaled(n, 1..=23, HOUR)?, HOUR)),
        b'd' => Some((scaled(n, 1..=364, DAY)?, DAY)),
        b'y' if n == 0 => Some((364 * DAY, DAY)),
        b'y' => Some((scaled(n, 1..=MAX_YEARS, YEAR)?, YEAR)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Go's `duration.HumanDuration` for a non-negative age in milliseconds (a port of its
    /// thresholds, to check the reading against).
    fn human_duration(ms: i64) -> String {
        let seconds = ms / SECOND;
        if seconds < 120 {
            return format!("{seconds}s");
        }
        let minutes = ms / MINUTE;
        if minutes < 10 {
            let s = seconds % 60;
            return if s == 0 {
                format!("{minutes}m")
            } else {
                format!("{minutes}m{s}s")
            };
        }
        if minutes < 180 {
            return format!("{minutes}m");
        }
        let hours = ms / HOUR;
        if hours < 8 {
            let m = minutes % 60;
            return if m == 0 {
                format!("{hours}h")
            } else {
                format!("{hours}h{m}m")
            };
        }
        if hours < 48 {
            return format!("{hours}h");
        }
        if hours < 24 * 8 {
            let h = hours % 24;
            return if h == 0 {
                format!("{}d", hours / 24)
            } else {
                format!("{}d{h}h", hours / 24)
            };
        }
        if hours < 24 * 365 * 2 {
            return format!("{}d", hours / 24);
        }
        if hours < 24 * 365 * 8 {
            let dy = (hours / 24) % 365;
            return if dy == 0 {
                format!("{}y", hours / 24 / 365)
            } else {
                format!("{}y{dy}d", hours / 24 / 365)
            };
        }
        format!("{}y", hours / 24 / 365)
    }

    /// Go's `duration.ShortHumanDuration` for a non-negative age in milliseconds.
    fn short_human_duration(ms: i64) -> String {
        let seconds = ms / SECOND;
        if seconds < 60 {
            return format!("{seconds}s");
        }
        if ms / MINUTE < 60 {
            return format!("{}m", ms / MINUTE);
        }
        let hours = ms / HOUR;
        if hours < 24 {
            return format!("{hours}h");
        }
        if hours < 24 * 365 {
            return format!("{}d", hours / 24);
        }
        format!("{}y", ms / YEAR)
    }

    fn within(moment: Option<Moment>, d: i64, printed: &str) {
        let Some(Moment::Ago {
            ago_ms,
            precision_ms,
        }) = moment
        else {
            panic!("{printed} (for {d} ms) did not read back");
        };
        assert!(
            ago_ms <= d && d < ago_ms + precision_ms,
            "{printed}: {d} ms not in [{ago_ms}, {})",
            ago_ms + precision_ms
        );
    }

    /// Ages around every threshold and unit boundary, and a spread between them.
    fn durations() -> Vec<i64> {
        let mut all = Vec::new();
        let marks = [
            0,
            SECOND,
            59 * SECOND,
            60 * SECOND,
            119 * SECOND,
            120 * SECOND,
            121 * SECOND,
            5 * MINUTE,
            10 * MINUTE,
            179 * MINUTE,
            180 * MINUTE,
            3 * HOUR + MINUTE,
            8 * HOUR,
            24 * HOUR,
            47 * HOUR,
            48 * HOUR,
            49 * HOUR,
            8 * DAY,
            364 * DAY,
            365 * DAY,
            729 * DAY,
            730 * DAY,
            731 * DAY,
            8 * YEAR,
            200 * YEAR,
        ];
        for mark in marks {
            for delta in [-SECOND - 1, -SECOND, -1, 0, 1, 999, SECOND, MINUTE - 1] {
                if mark + delta >= 0 {
                    all.push(mark + delta);
                }
            }
        }
        // A spread: a prime step walks across units and remainders.
        let mut d = 0;
        while d < 9 * YEAR {
            all.push(d);
            d = d * 11 / 10 + 7_919;
        }
        all
    }

    #[test]
    fn every_human_duration_reads_back_to_an_interval_holding_the_age() {
        for d in durations() {
            let printed = human_duration(d);
            within(parse_age(&printed), d, &printed);
            within(parse_age_as(&printed, AgeStyle::Either), d, &printed);
        }
    }

    #[test]
    fn every_short_human_duration_reads_back_to_an_interval_holding_the_age() {
        for d in durations() {
            let printed = short_human_duration(d);
            within(parse_short_age(&printed), d, &printed);
            within(parse_age_as(&printed, AgeStyle::Either), d, &printed);
        }
    }

    #[test]
    fn precision_is_the_unit_the_printer_cut_to() {
        let table = [
            ("0s", 0, SECOND),
            ("45s", 45 * SECOND, SECOND),
            ("90s", 90 * SECOND, SECOND),
            ("119s", 119 * SECOND, SECOND),
            ("2m", 2 * MINUTE, SECOND),
            ("5m", 5 * MINUTE, SECOND),
            ("9m3s", 9 * MINUTE + 3 * SECOND, SECOND),
            ("15m", 15 * MINUTE, MINUTE),
            ("179m", 179 * MINUTE, MINUTE),
            ("3h", 3 * HOUR, MINUTE),
            ("3h5m", 3 * HOUR + 5 * MINUTE, MINUTE),
            ("10h", 10 * HOUR, HOUR),
            ("47h", 47 * HOUR, HOUR),
            ("5d", 5 * DAY, HOUR),
            ("5d3h", 5 * DAY + 3 * HOUR, HOUR),
            ("20d", 20 * DAY, DAY),
            ("729d", 729 * DAY, DAY),
            ("2y", 2 * YEAR, DAY),
            ("2y30d", 2 * YEAR + 30 * DAY, DAY),
            ("9y", 9 * YEAR, YEAR),
        ];
        for (text, ago_ms, precision_ms) in table {
            assert_eq!(
                parse_age(text),
                Some(Moment::Ago {
                    ago_ms,
                    precision_ms
                }),
                "{text}"
            );
        }
    }

    #[test]
    fn rejects_what_human_duration_never_prints() {
        for bad in [
            "",
            "<unknown>",
            "<invalid>",
            "-5s",
            "5",
            "s",
            "120s",
            "1m",
            "1m5s",
            "9m60s",
            "9m0s",
            "10m3s",
            "180m",
            "2h",
            "3h0m",
            "3h60m",
            "8h5m",
            "48h",
            "1d",
            "8d3h",
            "5d24h",
            "5d0h",
            "730d",
            "1y",
            "2y365d",
            "8y3d",
            "293y",
            "05s",
            "5m03s",
            "5s3m",
            "3m3m",
            "5 m",
            "5M",
            "1w",
            "2y30d1h",
            "99999999999999999999s",
        ] {
            assert_eq!(parse_age(bad), None, "{bad:?}");
        }
        // Blanks around an age are a cell's padding.
        assert_eq!(parse_age(" 5m  "), parse_age("5m"));
    }

    #[test]
    fn short_ages_are_one_unit_cut() {
        assert_eq!(
            parse_short_age("5m"),
            Some(Moment::Ago {
                ago_ms: 5 * MINUTE,
                precision_ms: MINUTE
            })
        );
        assert_eq!(
            parse_short_age("0y"),
            Some(Moment::Ago {
                ago_ms: 364 * DAY,
                precision_ms: DAY
            })
        );
        for bad in ["60s", "60m", "24h", "365d", "9m3s", "0m", "1w"] {
            assert_eq!(parse_short_age(bad), None, "{bad}");
        }
    }

    #[test]
    fn either_style_takes_the_union_of_both_readings() {
        // `5m`: 5m0s to the second, or [5m, 6m): [5m, 6m).
        assert_eq!(
            parse_age_as("5m", AgeStyle::Either),
            Some(Moment::Ago {
                ago_ms: 5 * MINUTE,
                precision_ms: MINUTE
            })
        );
        // Only one printer writes `1m` or `9m3s`.
        assert_eq!(parse_age_as("1m", AgeStyle::Either), parse_short_age("1m"));
        assert_eq!(parse_age_as("9m3s", AgeStyle::Either), parse_age("9m3s"));
        assert_eq!(AgeStyle::of_ages(["5m", "9m3s"]), AgeStyle::Human);
        assert_eq!(AgeStyle::of_ages(["5m", "1m"]), AgeStyle::Short);
        assert_eq!(AgeStyle::of_ages(["5m", "20d"]), AgeStyle::Either);
    }

    #[test]
    fn intervals_lead_with_the_last_age_then_count_and_first() {
        assert_eq!(
            parse_interval("9m3s"),
            Some(Interval {
                last: Moment::Ago {
                    ago_ms: 9 * MINUTE + 3 * SECOND,
                    precision_ms: SECOND
                },
                count: 1,
                first: parse_age("9m3s"),
            })
        );
        assert_eq!(
            parse_interval("2m (x3 over 5m)"),
            Some(Interval {
                last: Moment::Ago {
                    ago_ms: 2 * MINUTE,
                    precision_ms: SECOND
                },
                count: 3,
                first: parse_age("5m"),
            })
        );
        assert_eq!(
            parse_interval("2m (x3 over <unknown>)").map(|i| i.first),
            Some(None)
        );
        assert_eq!(
            ages_in_cell("2m (x3 over 5m)"),
            vec!["2m", "5m"],
            "both ages of a cell"
        );
        for bad in [
            "<unknown>",
            "2m (x3 over 5m",
            "2m (x03 over 5m)",
            "2m (x over 5m)",
            "2m (x3 in 5m)",
            "2m (3 over 5m)",
            "9m60s (x2 over 10m)",
            "2m (x99999999999 over 5m)",
        ] {
            assert_eq!(parse_interval(bad), None, "{bad}");
        }
    }
}
