//! Relative times as kubectl prints them: apimachinery's `HumanDuration` and the printers' `translateTimestampSince`.

use crate::k8s::timestamp::EpochMillis;

/// The longest duration Go can represent (`time.Duration` is int64 nanoseconds), in milliseconds.
/// `time.Since` saturates there, so a timestamp centuries ago prints as `292y`, as kubectl does.
const MAX_GO_DURATION_MILLIS: i64 = i64::MAX / 1_000_000;

const SECOND: i64 = 1000;
const MINUTE: i64 = 60 * SECOND;
const HOUR: i64 = 60 * MINUTE;

/// How long ago `timestamp` was at `now`, as kubectl's `translateTimestampSince` prints it:
/// `<unknown>` for an unset timestamp, else [`human_duration`] of `now - timestamp`.
pub fn translate_timestamp_since(timestamp: Option<EpochMillis>, now: EpochMillis) -> String {
    match timestamp {
        None => "<unknown>".to_string(),
        Some(timestamp) => human_duration(now.saturating_sub(timestamp)),
    }
}

/// apimachinery's `HumanDuration`: a duration in ~2–3 significant figures (`59s`, `5m10s`,
/// `3h4m`, `3d4h`, `2y`). Up to 2 s in the future (exclusive) reads `0s` (clock skew);
/// further is `<invalid>`.
pub fn human_duration(millis: i64) -> String {
    let millis = millis.clamp(-MAX_GO_DURATION_MILLIS, MAX_GO_DURATION_MILLIS);
    // Go: int(d.Seconds()), truncating toward zero, as Rust's integer division does.
    let seconds = millis / SECOND;
    if seconds < -1 {
        return "<invalid>".to_string();
    } else if seconds < 0 {
        return "0s".to_string();
    } else if seconds < 60 * 2 {
        return format!("{seconds}s");
    }
    let minutes = millis / MINUTE;
    if minutes < 10 {
        let second = (millis / SECOND) % 60;
        if second == 0 {
            return format!("{minutes}m");
        }
        return format!("{minutes}m{second}s");
    } else if minutes < 60 * 3 {
        return format!("{minutes}m");
    }
    let hours = millis / HOUR;
    if hours < 8 {
        let minute = (millis / MINUTE) % 60;
        if minute == 0 {
            return format!("{hours}h");
        }
        format!("{hours}h{minute}m")
    } else if hours < 48 {
        format!("{hours}h")
    } else if hours < 24 * 8 {
        let hour = hours % 24;
        if hour == 0 {
            return format!("{}d", hours / 24);
        }
        format!("{}d{hour}h", hours / 24)
    } else if hours < 24 * 365 * 2 {
        format!("{}d", hours / 24)
    } else if hours < 24 * 365 * 8 {
        let day = (hours / 24) % 365;
        if day == 0 {
            return format!("{}y", hours / 24 / 365);
        }
        format!("{}y{day}d", hours / 24 / 365)
    } else {
        format!("{}y", hours / 24 / 365)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: i64 = 24 * HOUR;
    const YEAR: i64 = 365 * DAY;

    /// apimachinery `duration_test.go` `TestHumanDuration`.
    #[test]
    fn human_duration_table() {
        let table = [
            (SECOND, "1s"),
            (70 * SECOND, "70s"),
            (190 * SECOND, "3m10s"),
            (70 * MINUTE, "70m"),
            (47 * HOUR, "47h"),
            (49 * HOUR, "2d1h"),
            ((8 * 24 + 2) * HOUR, "8d"),
            (367 * DAY, "367d"),
            ((365 * 2 * 24 + 25) * HOUR, "2y1d"),
            ((365 * 8 * 24 + 2) * HOUR, "8y"),
        ];
        for (millis, want) in table {
            assert_eq!(human_duration(millis), want, "{millis} ms");
        }
    }

    /// apimachinery `duration_test.go` `TestHumanDurationBoundaries`. Go's table works in
    /// nanoseconds; `-2s + 1ns` becomes `-2s + 1ms` here (the same side of the boundary).
    #[test]
    fn human_duration_boundaries() {
        let ms = 1;
        let table = [
            (-2 * SECOND, "<invalid>"),
            (-2 * SECOND + ms, "0s"),
            (0, "0s"),
            (SECOND - ms, "0s"),
            (2 * MINUTE - ms, "119s"),
            (2 * MINUTE, "2m"),
            (2 * MINUTE + SECOND, "2m1s"),
            (10 * MINUTE - ms, "9m59s"),
            (10 * MINUTE, "10m"),
            (10 * MINUTE + SECOND, "10m"),
            (3 * HOUR - ms, "179m"),
            (3 * HOUR, "3h"),
            (3 * HOUR + MINUTE, "3h1m"),
            (8 * HOUR - ms, "7h59m"),
            (8 * HOUR, "8h"),
            (8 * HOUR + 59 * MINUTE, "8h"),
            (2 * DAY - ms, "47h"),
            (2 * DAY, "2d"),
            (2 * DAY + HOUR, "2d1h"),
            (8 * DAY - ms, "7d23h"),
            (8 * DAY, "8d"),
            (8 * DAY + 23 * HOUR, "8d"),
            (2 * YEAR - ms, "729d"),
            (2 * YEAR, "2y"),
            (2 * YEAR + 23 * HOUR, "2y"),
            (2 * YEAR + 23 * HOUR + 59 * MINUTE, "2y"),
            (2 * YEAR + DAY - ms, "2y"),
            (2 * YEAR + DAY, "2y1d"),
            (3 * YEAR, "3y"),
            (4 * YEAR, "4y"),
            (5 * YEAR, "5y"),
            (6 * YEAR, "6y"),
            (7 * YEAR, "7y"),
            (8 * YEAR - ms, "7y364d"),
            (8 * YEAR, "8y"),
            (8 * YEAR + 364 * DAY, "8y"),
            (9 * YEAR, "9y"),
        ];
        for (millis, want) in table {
            assert_eq!(human_duration(millis), want, "{millis} ms");
        }
    }

    /// The forms the issue names: `0s`, `59s`, `5m10s`, `3h4m`, `3d4h`, `2y`.
    #[test]
    fn k8_4_issue_examples() {
        assert_eq!(human_duration(59 * SECOND), "59s");
        assert_eq!(human_duration(5 * MINUTE + 10 * SECOND), "5m10s");
        assert_eq!(human_duration(3 * HOUR + 4 * MINUTE), "3h4m");
        assert_eq!(human_duration(3 * DAY + 4 * HOUR), "3d4h");
        assert_eq!(human_duration(2 * YEAR + 100 * DAY), "2y100d");
    }

    /// printers_test.go `TestTranslateTimestampSince`, with a fixed clock instead of `time.Now()`.
    #[test]
    fn translate_timestamp_since_table() {
        let now = 1_767_225_600_000; // 2026-01-01T00:00:00Z
        let table = [
            ("a while from now", Some(now + 2_100), "<invalid>"),
            ("almost now", Some(now + 1_900), "0s"),
            ("now", Some(now), "0s"),
            ("unknown", None, "<unknown>"),
            ("30 seconds ago", Some(now - 30 * SECOND), "30s"),
            ("5 minutes ago", Some(now - 5 * MINUTE), "5m"),
            ("an hour ago", Some(now - 100 * MINUTE), "100m"),
            ("2 days ago", Some(now - 2 * DAY), "2d"),
            ("months ago", Some(now - 90 * DAY), "90d"),
            ("10 years ago", Some(now - 10 * YEAR), "10y"),
        ];
        for (name, timestamp, want) in table {
            assert_eq!(translate_timestamp_since(timestamp, now), want, "{name}");
        }
    }

    proptest::proptest! {
        /// Any duration prints without panicking; `<invalid>` exactly from 2 s in the future.
        #[test]
        fn k8_4_any_duration_prints(millis in proptest::num::i64::ANY) {
            let text = human_duration(millis);
            proptest::prop_assert_eq!(text == "<invalid>", millis <= -2 * SECOND);
            proptest::prop_assert!(!text.is_empty());
        }
    }

    /// Go's `time.Since` saturates at ~292 years; so does podlife (no overflow, no panic).
    #[test]
    fn extreme_timestamps_saturate_like_go() {
        assert_eq!(translate_timestamp_since(Some(i64::MIN), i64::MAX), "292y");
        assert_eq!(
            translate_timestamp_since(Some(i64::MAX), i64::MIN),
            "<invalid>"
        );
    }
}
