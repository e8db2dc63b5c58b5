//! describe's times (RFC 1123 with a numeric zone, Go's zero time, old kubectl's Go time strings) and booleans, read into RFC 3339 in UTC.

#[allow(clippy::wildcard_imports)]
use super::*;

/// `True` / `False`.
pub(super) fn boolean(value: &str) -> Option<bool> {
    match value {
        "True" => Some(true),
        "False" => Some(false),
        _ => None,
    }
}

/// A describe time read into RFC 3339 (UTC); Go's zero time is no time. A time that cannot
/// be read gives a note instead.
pub(super) fn describe_time(key: &str, value: &str) -> (Option<String>, Option<String>) {
    if value.is_empty() || value == "<unset>" {
        return (None, None);
    }
    match parse_rfc1123z(value) {
        Some(Printed::Unset) => (None, None),
        Some(Printed::At(millis)) => (Some(format_rfc3339(millis)), None),
        None => (
            None,
            Some(format!(
                "`{key}: {value}` is not a time as describe prints it (`Mon, 02 Jan 2006 15:04:05 -0700`)"
            )),
        ),
    }
}

/// A time describe printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Printed {
    /// Milliseconds since the epoch.
    At(EpochMillis),
    /// Go's zero time (`Mon, 01 Jan 0001 00:00:00 +0000`): the field was not set.
    Unset,
}

/// Go's `time.RFC1123Z` (`Mon, 02 Jan 2006 15:04:05 -0700`); `None` when it is not that
/// layout.
pub(super) fn parse_rfc1123z(text: &str) -> Option<Printed> {
    const DAYS: [&str; 7] = ["Mon,", "Tue,", "Wed,", "Thu,", "Fri,", "Sat,", "Sun,"];
    let words: Vec<&str> = text.split_whitespace().collect();
    let [weekday, day, month, year, clock, zone] = words.as_slice() else {
        return None;
    };
    if !DAYS.contains(weekday) || day.len() != 2 || year.len() != 4 || clock.len() != 8 {
        return None;
    }
    if *year == "0001" && *month == "Jan" && *day == "01" {
        return Some(Printed::Unset);
    }
    rfc3339_of(year, month, day, clock, zone).map(Printed::At)
}

/// The time of a date, a clock and a `-0700` zone, through RFC 3339.
pub(super) fn rfc3339_of(
    year: &str,
    month: &str,
    day: &str,
    clock: &str,
    zone: &str,
) -> Option<EpochMillis> {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = match month.parse::<usize>() {
        Ok(number) if month.len() == 2 => number,
        _ => MONTHS.iter().position(|m| *m == month)? + 1,
    };
    let (sign, digits) = (zone.get(..1)?, zone.get(1..)?);
    if !matches!(sign, "+" | "-") || digits.len() != 4 {
        return None;
    }
    let (hours, minutes) = (digits.get(..2)?, digits.get(2..)?);
    parse_rfc3339(&format!(
        "{year}-{month:02}-{day}T{clock}{sign}{hours}:{minutes}"
    ))
}

/// Go's `Time.String` (`2017-12-01 10:00:00 +0000 UTC`, fractions allowed), as kubectl
/// before 1.5 printed event times.
pub(super) fn parse_go_time_string(text: &str) -> Option<EpochMillis> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [date, clock, zone, ..] = words.as_slice() else {
        return None;
    };
    let mut parts = date.split('-');
    let (year, month, day) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || year.len() != 4 || day.len() != 2 {
        return None;
    }
    rfc3339_of(year, month, day, clock, zone)
}
