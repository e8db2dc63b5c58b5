//! A CronJob's `schedule` as the API server parses it: `cron.ParseStandard` of robfig/cron
//! v3.0.1 (five fields, ranges, steps, month and weekday names, `*` and `?`, the `@hourly`-style
//! descriptors and `@every DURATION`, a `TZ=`/`CRON_TZ=` prefix), each error in the parser's own
//! words, which the API server returns as the field's detail (docs/workloads.md).

use crate::k8s::time_zones;

/// The schedule's error, in robfig/cron's words, or `Ok` when the API server's parser takes it.
pub fn parse_standard(spec: &str) -> Result<(), String> {
    if spec.is_empty() {
        return Err("empty spec string".to_string());
    }
    let mut spec = spec;
    if spec.starts_with("TZ=") || spec.starts_with("CRON_TZ=") {
        // The parser slices up to the first space: without one it fails (v3.0.1 panics there,
        // and the API server's request fails with it).
        let Some(space) = spec.find(' ') else {
            return Err(
                "a `TZ=`/`CRON_TZ=` prefix with nothing after it makes the API server's cron parser fail"
                    .to_string(),
            );
        };
        let equals = spec.find('=').unwrap_or(0);
        let name = spec.get(equals + 1..space).unwrap_or("");
        if !name.is_empty() && !time_zones::is_known(name) {
            return Err(format!(
                "provided bad location {name}: unknown time zone {name}"
            ));
        }
        spec = spec.get(space..).unwrap_or("").trim();
    }
    if spec.starts_with('@') {
        return descriptor(spec);
    }
    let fields: Vec<&str> = spec.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(format!(
            "expected exactly 5 fields, found {}: [{}]",
            fields.len(),
            fields.join(" ")
        ));
    }
    for (field, bounds) in fields.iter().zip(&BOUNDS) {
        parse_field(field, bounds)?;
    }
    Ok(())
}

/// A field's range and its names.
struct Bounds {
    min: i64,
    max: i64,
    names: &'static [&'static str],
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];
const DAYS: [&str; 7] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

/// Minute, hour, day of month, month, day of week.
const BOUNDS: [Bounds; 5] = [
    Bounds {
        min: 0,
        max: 59,
        names: &[],
    },
    Bounds {
        min: 0,
        max: 23,
        names: &[],
    },
    Bounds {
        min: 1,
        max: 31,
        names: &[],
    },
    Bounds {
        min: 1,
        max: 12,
        names: &MONTHS,
    },
    Bounds {
        min: 0,
        max: 6,
        names: &DAYS,
    },
];

/// `@yearly` … `@hourly`, and `@every DURATION` with Go's duration syntax.
fn descriptor(spec: &str) -> Result<(), String> {
    const DESCRIPTORS: [&str; 7] = [
        "@yearly",
        "@annually",
        "@monthly",
        "@weekly",
        "@daily",
        "@midnight",
        "@hourly",
    ];
    if DESCRIPTORS.contains(&spec) {
        return Ok(());
    }
    if let Some(duration) = spec.strip_prefix("@every ") {
        return go_duration(duration)
            .map_err(|why| format!("failed to parse duration {spec}: time: {why}"));
    }
    Err(format!("unrecognized descriptor: {spec}"))
}

/// Go's `time.ParseDuration`: `[-+]` then one or more `<number><unit>` (`1h30m`, `1.5h`,
/// `-5m`, `0`); the error after `time: `.
fn go_duration(text: &str) -> Result<(), String> {
    let quoted = format!("\"{text}\"");
    let mut rest = text.strip_prefix(['-', '+']).unwrap_or(text);
    if rest == "0" {
        return Ok(());
    }
    if rest.is_empty() {
        return Err(format!("invalid duration {quoted}"));
    }
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let number = rest.get(..digits).unwrap_or("");
        if number.is_empty() || number == "." || number.matches('.').count() > 1 {
            return Err(format!("invalid duration {quoted}"));
        }
        rest = rest.get(digits..).unwrap_or("");
        let unit_end = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let unit = rest.get(..unit_end).unwrap_or("");
        if unit.is_empty() {
            return Err(format!("missing unit in duration {quoted}"));
        }
        if !matches!(unit, "ns" | "us" | "µs" | "μs" | "ms" | "s" | "m" | "h") {
            return Err(format!("unknown unit \"{unit}\" in duration {quoted}"));
        }
        rest = rest.get(unit_end..).unwrap_or("");
    }
    Ok(())
}

/// One field: items split on `,` (empty items skipped), each `*`/`?`/`N`/`N-M` with an optional
/// `/STEP`.
fn parse_field(field: &str, bounds: &Bounds) -> Result<(), String> {
    for item in field.split(',').filter(|item| !item.is_empty()) {
        parse_range(item, bounds)?;
    }
    Ok(())
}

fn parse_range(expr: &str, bounds: &Bounds) -> Result<(), String> {
    let slashes: Vec<&str> = expr.split('/').collect();
    let range_and_step = slashes.first().copied().unwrap_or("");
    let low_and_high: Vec<&str> = range_and_step.split('-').collect();
    let first = low_and_high.first().copied().unwrap_or("");
    let (start, end) = if first == "*" || first == "?" {
        (bounds.min, bounds.max)
    } else {
        let start = int_or_name(first, bounds.names)?;
        let end = match low_and_high.len() {
            1 => start,
            2 => int_or_name(low_and_high.get(1).copied().unwrap_or(""), bounds.names)?,
            _ => return Err(format!("too many hyphens: {expr}")),
        };
        (start, end)
    };
    let (end, step) = match slashes.len() {
        1 => (end, 1),
        2 => {
            let step = must_int(slashes.get(1).copied().unwrap_or(""))?;
            // `N/step` runs from N to the field's end.
            let end = if low_and_high.len() == 1 && first != "*" && first != "?" {
                bounds.max
            } else {
                end
            };
            (end, step)
        }
        _ => return Err(format!("too many slashes: {expr}")),
    };
    if start < bounds.min {
        return Err(format!(
            "beginning of range ({start}) below minimum ({}): {expr}",
            bounds.min
        ));
    }
    if end > bounds.max {
        return Err(format!(
            "end of range ({end}) above maximum ({}): {expr}",
            bounds.max
        ));
    }
    if start > end {
        return Err(format!(
            "beginning of range ({start}) beyond end of range ({end}): {expr}"
        ));
    }
    if step == 0 {
        return Err(format!("step of range should be a positive number: {expr}"));
    }
    Ok(())
}

/// A name of the field (any case) or an integer.
fn int_or_name(text: &str, names: &[&str]) -> Result<i64, String> {
    let lower = text.to_lowercase();
    if let Some(index) = names.iter().position(|name| *name == lower) {
        // Months count from 1, weekdays from 0 (Sunday).
        let offset = i64::from(names.len() == MONTHS.len());
        return i64::try_from(index)
            .map(|i| i + offset)
            .map_err(|e| e.to_string());
    }
    must_int(text)
}

/// Go's `strconv.Atoi` as the parser reports it, and no negative numbers.
fn must_int(text: &str) -> Result<i64, String> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    let parsed = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        text.parse::<i64>().map_err(|_| "value out of range")
    } else {
        Err("invalid syntax")
    };
    match parsed {
        Ok(value) if value < 0 => Err(format!("negative number ({value}) not allowed: {text}")),
        Ok(value) => Ok(value),
        Err(why) => Err(format!(
            "failed to parse int from {text}: strconv.Atoi: parsing \"{text}\": {why}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The schedules robfig/cron v3.0.1's `ParseStandard` accepts, as observed.
    #[test]
    fn what_the_parser_accepts() {
        for spec in [
            "* * * * ?",
            "@hourly",
            "*/5 * * * *",
            "5/15 * * * *",
            "0 0 ? * MON-FRI",
            "0 0 1 JAN,feb,Mar *",
            "0 0 * jan-mar/2 *",
            "0 0 * * mon/2",
            "0 0 * * SUN-SAT",
            "+5 * * * *",
            "*-5 * * * *",
            "1,,2 * * * *",
            ", * * * *",
            "*/60 * * * *",
            "0 1 */32,1-7 * 3",
            "TZ=UTC 0 * * * *",
            "CRON_TZ=Europe/Rome 0 * * * *",
            "TZ=UTC  @hourly",
            "CRON_TZ=UTC @every 5m",
            "TZ= * * * * *",
            "0 0 31 2 *",
            "@every 1h30m10s500ms",
            "@every -5m",
            "@every 1.5h",
            "  0\t0 * * *  ",
        ] {
            assert_eq!(parse_standard(spec), Ok(()), "{spec}");
        }
    }

    /// Its errors, word for word.
    #[test]
    fn what_it_rejects_and_how_it_says_so() {
        for (spec, error) in [
            ("0 0 * * 7", "end of range (7) above maximum (6): 7"),
            ("0 0 0 * *", "beginning of range (0) below minimum (1): 0"),
            ("61 * * * *", "end of range (61) above maximum (59): 61"),
            (
                "*/0 * * * *",
                "step of range should be a positive number: */0",
            ),
            (
                "1-5/0 * * * *",
                "step of range should be a positive number: 1-5/0",
            ),
            (
                "5-3 * * * *",
                "beginning of range (5) beyond end of range (3): 5-3",
            ),
            (
                "0 0 * * sat-sun",
                "beginning of range (6) beyond end of range (0): sat-sun",
            ),
            ("1-2-3 * * * *", "too many hyphens: 1-2-3"),
            ("*/5/ * * * *", "too many slashes: */5/"),
            (
                "a * * * *",
                "failed to parse int from a: strconv.Atoi: parsing \"a\": invalid syntax",
            ),
            (
                "jan * * * *",
                "failed to parse int from jan: strconv.Atoi: parsing \"jan\": invalid syntax",
            ),
            (
                "-1 * * * *",
                "failed to parse int from : strconv.Atoi: parsing \"\": invalid syntax",
            ),
            ("*/-1 * * * *", "negative number (-1) not allowed: -1"),
            ("* * * *", "expected exactly 5 fields, found 4: [* * * *]"),
            (
                "* * * * * *",
                "expected exactly 5 fields, found 6: [* * * * * *]",
            ),
            ("error", "expected exactly 5 fields, found 1: [error]"),
            (
                "*/70 * * *",
                "expected exactly 5 fields, found 4: [*/70 * * *]",
            ),
            (
                "TZ=Bad/Zone 0 * * * *",
                "provided bad location Bad/Zone: unknown time zone Bad/Zone",
            ),
            (
                "tz=UTC 0 * * * *",
                "expected exactly 5 fields, found 6: [tz=UTC 0 * * * *]",
            ),
            ("@reboot", "unrecognized descriptor: @reboot"),
            ("@Hourly", "unrecognized descriptor: @Hourly"),
            (
                "@every 1",
                "failed to parse duration @every 1: time: missing unit in duration \"1\"",
            ),
            (
                "@every 5x",
                "failed to parse duration @every 5x: time: unknown unit \"x\" in duration \"5x\"",
            ),
            (
                "@every 1d",
                "failed to parse duration @every 1d: time: unknown unit \"d\" in duration \"1d\"",
            ),
            (
                "@every ",
                "failed to parse duration @every : time: invalid duration \"\"",
            ),
            (" @hourly", "expected exactly 5 fields, found 1: [@hourly]"),
        ] {
            assert_eq!(parse_standard(spec), Err(error.to_string()), "{spec}");
        }
        assert!(parse_standard("TZ=UTC").is_err());
    }

    proptest! {
        /// Any minute, hour, day, month and weekday in range, as numbers or ranges, parses; a
        /// minute past 59 never does.
        #[test]
        fn in_range_fields_parse_and_out_of_range_minutes_do_not(
            minute in 0u32..60, hour in 0u32..24, day in 1u32..32, month in 1u32..13, weekday in 0u32..7,
            step in 1u32..100, late in 60u32..1000,
        ) {
            let spec = format!("{minute}-59/{step} {hour} {day} {month} {weekday}");
            prop_assert_eq!(parse_standard(&spec), Ok(()));
            let late = format!("{late} * * * *");
            prop_assert!(parse_standard(&late).is_err());
        }

        /// The parser never panics, whatever the text.
        #[test]
        fn arbitrary_text_is_judged_without_panicking(spec in "\\PC{0,40}") {
            let _ = parse_standard(&spec);
        }
    }
}
