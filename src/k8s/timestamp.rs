//! RFC 3339 timestamps as integer milliseconds since the Unix epoch: parsing, printing, no clock.

/// Milliseconds since 1970-01-01T00:00:00Z.
pub type EpochMillis = i64;

/// Parses an RFC 3339 timestamp (`2026-11-23T07:42:00Z`, fractional seconds and offsets allowed).
pub fn parse_rfc3339(text: &str) -> Option<EpochMillis> {
    let text = text.trim();
    let byte = |at: usize| text.as_bytes().get(at).copied();
    if text.len() < 20
        || byte(4) != Some(b'-')
        || byte(7) != Some(b'-')
        || !matches!(byte(10), Some(b'T' | b't' | b' '))
        || byte(13) != Some(b':')
        || byte(16) != Some(b':')
    {
        return None;
    }
    let number = |range: std::ops::Range<usize>| -> Option<i64> {
        let part = text.get(range)?;
        if part.bytes().all(|b| b.is_ascii_digit()) {
            part.parse().ok()
        } else {
            None
        }
    };
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    let (hour, minute, second) = (number(11..13)?, number(14..16)?, number(17..19)?);
    if !(1..=12).contains(&month)
        || day < 1
        || day > days_in_month(year, month)
        || hour > 23
        || minute > 59
        || second > 59
    {
        return None;
    }
    let mut rest = text.get(19..)?;
    let mut millis = 0i64;
    if let Some(fraction) = rest.strip_prefix('.') {
        let digits = fraction.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return None;
        }
        let padded: String = fraction
            .get(..digits)?
            .chars()
            .chain("000".chars())
            .take(3)
            .collect();
        millis = padded.parse().ok()?;
        rest = fraction.get(digits..)?;
    }
    // Go's time.Parse(time.RFC3339), which the API server uses: `Z` or `±hh:mm` with hh ≤ 23
    // and mm ≤ 59; seconds up to 59 (no leap second).
    let offset_minutes = match rest.as_bytes() {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
            let two = |a: u8, b: u8| -> Option<i64> {
                (a.is_ascii_digit() && b.is_ascii_digit())
                    .then(|| i64::from(a - b'0') * 10 + i64::from(b - b'0'))
            };
            let (hours, minutes) = (two(*h1, *h2)?, two(*m1, *m2)?);
            if hours > 23 || minutes > 59 {
                return None;
            }
            let sign = if *sign == b'+' { 1 } else { -1 };
            sign * (hours * 60 + minutes)
        }
        _ => return None,
    };
    let days = days_from_civil(year, month, day);
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset_minutes * 60;
    Some(seconds * 1000 + millis)
}

/// Prints milliseconds since the epoch as RFC 3339 in UTC, with seconds precision (as Kubernetes does).
pub fn format_rfc3339(millis: EpochMillis) -> String {
    let seconds = millis.div_euclid(1000);
    let days = seconds.div_euclid(86_400);
    let in_day = seconds.rem_euclid(86_400);
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        in_day / 3600,
        (in_day % 3600) / 60,
        in_day % 60
    )
}

fn is_leap(year: i64) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_index = (month + 9) % 12;
    let day_of_year = (153 * month_index + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let days = days + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_utc() {
        let millis = parse_rfc3339("2026-11-23T07:42:05Z").expect("valid");
        assert_eq!(format_rfc3339(millis), "2026-11-23T07:42:05Z");
        assert_eq!(parse_rfc3339("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(parse_rfc3339("1970-01-01T00:00:01.5Z"), Some(1500));
        assert_eq!(parse_rfc3339("1970-01-01T01:00:00+01:00"), Some(0));
        assert_eq!(parse_rfc3339("1970-01-01T23:59:00+23:59"), Some(0));
        assert_eq!(
            parse_rfc3339("2024-02-29T00:00:00Z")
                .map(format_rfc3339)
                .as_deref(),
            Some("2024-02-29T00:00:00Z")
        );
    }

    #[test]
    fn rejects_malformed() {
        for bad in [
            "",
            "2026-13-01T00:00:00Z",
            "2023-02-29T00:00:00Z",
            "2026-11-23 07:42",
            "2026-11-23T07:42:05",
            "2026-11-23T07:42:05.Z",
            "2026-11-23T07:42:60Z",
            "2026-11-23T07:42:05+99:99",
            "2026-11-23T07:42:05+24:00",
            "2026-11-23T07:42:05+05:60",
            "2026-11-23T07:42:05+-5:00",
            "2026-11-23T07:42:0é+05:00",
            "2026-11-23T07:42:05+0é:0",
        ] {
            assert_eq!(parse_rfc3339(bad), None, "{bad}");
        }
    }
}
