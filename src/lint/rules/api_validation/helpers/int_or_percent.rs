//! `IntOrString` fields that hold a count or a percentage (`maxSurge`, `maxUnavailable`), judged
//! as `pkg/apis/apps/validation` judges them: `ValidatePositiveIntOrPercent`,
//! `IsNotMoreThan100Percent` and the value `getIntOrPercentValue` reads.

use crate::k8s::model::IntOrString;

/// The message of a string that is not `<digits>%` (`IsValidPercent`).
pub const NOT_A_PERCENT: &str = "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%' or '93%', regex used for validation is '[0-9]+%')";

/// The number of a valid percentage (`25%` → 25), else `None`.
pub fn percent(text: &str) -> Option<i64> {
    let digits = text.strip_suffix('%')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Digits only: a value past i64 is far past 100% and still a percentage.
    Some(digits.parse::<i64>().unwrap_or(i64::MAX))
}

/// What `ValidatePositiveIntOrPercent` says of a value: a negative count, or a string that is
/// not a percentage.
pub fn positive_problem(value: &IntOrString) -> Option<&'static str> {
    match value {
        IntOrString::Str(text) if percent(text).is_none() => Some(NOT_A_PERCENT),
        IntOrString::Str(_) => None,
        IntOrString::Int(count) if *count < 0 => Some("must be greater than or equal to 0"),
        IntOrString::Int(_) => None,
    }
}

/// Whether the value is a percentage over 100 (`IsNotMoreThan100Percent`; counts are never
/// capped).
pub fn over_100_percent(value: &IntOrString) -> bool {
    matches!(value, IntOrString::Str(text) if percent(text).is_some_and(|p| p > 100))
}

/// The number the API server compares with zero (`getIntOrPercentValue`): a percentage's
/// number, a count, and for any other string the integer it spells or 0 (Go's `Atoi` with its
/// error ignored): `"abc"` counts as 0.
pub fn value(value: &IntOrString) -> i64 {
    match value {
        IntOrString::Int(count) => *count,
        IntOrString::Str(text) => percent(text)
            .or_else(|| text.parse::<i64>().ok())
            .unwrap_or(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn text(value: &str) -> IntOrString {
        IntOrString::Str(value.to_string())
    }

    #[test]
    fn percentages_counts_and_garbage() {
        assert_eq!(percent("25%"), Some(25));
        assert_eq!(percent("0%"), Some(0));
        for bad in ["%", "25", "-5%", "2.5%", " 5%", "5 %"] {
            assert_eq!(percent(bad), None, "{bad}");
        }
        assert_eq!(positive_problem(&text("abc")), Some(NOT_A_PERCENT));
        assert_eq!(positive_problem(&IntOrString::Int(-1)), Some("must be greater than or equal to 0"));
        assert_eq!(positive_problem(&text("110%")), None);
        assert!(over_100_percent(&text("101%")));
        assert!(!over_100_percent(&IntOrString::Int(500)));
        assert_eq!(value(&text("abc")), 0);
        assert_eq!(value(&text("7")), 7);
    }

    proptest! {
        /// Every `<n>%` is a percentage worth n, over 100 exactly when n > 100.
        #[test]
        fn every_written_percentage_reads_back(n in 0u32..100_000) {
            let written = text(&format!("{n}%"));
            prop_assert_eq!(value(&written), i64::from(n));
            prop_assert_eq!(over_100_percent(&written), n > 100);
            prop_assert_eq!(positive_problem(&written), None);
        }

        /// A count is never capped, and is a problem exactly when negative.
        #[test]
        fn counts_are_judged_by_sign(n in -1000i64..1000) {
            let written = IntOrString::Int(n);
            prop_assert!(!over_100_percent(&written));
            prop_assert_eq!(positive_problem(&written).is_some(), n < 0);
        }
    }
}
