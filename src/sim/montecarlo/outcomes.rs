//! Outcome probabilities with 95 % Wilson score intervals.

/// z for a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

/// A count out of a number of runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Proportion {
    /// Runs with the outcome.
    pub count: u64,
    /// All runs.
    pub runs: u64,
}

impl Proportion {
    /// count / runs (0 without runs).
    pub fn probability(self) -> f64 {
        if self.runs == 0 {
            0.0
        } else {
            self.count as f64 / self.runs as f64
        }
    }

    /// The Wilson score interval at 95 %: (low, high), within [0, 1].
    pub fn wilson95(self) -> (f64, f64) {
        if self.runs == 0 {
            return (0.0, 1.0);
        }
        let n = self.runs as f64;
        let p = self.probability();
        let z2 = Z95 * Z95;
        let centre = p + z2 / (2.0 * n);
        let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        let denominator = 1.0 + z2 / n;
        let low = if self.count == 0 {
            0.0
        } else {
            ((centre - half) / denominator).max(0.0)
        };
        let high = if self.count >= self.runs {
            1.0
        } else {
            ((centre + half) / denominator).min(1.0)
        };
        (low, high)
    }
}

/// Rounds a probability for output: 6 decimals, so JSON stays short and stable.
pub fn round6(value: f64) -> f64 {
    (value * 1e6).round() / 1e6
}

/// `3.1%`, `0.04%`, `100%`: a percentage with enough digits to be non-zero when it is.
pub fn percent(value: f64) -> String {
    let pct = value * 100.0;
    let text = if pct == 0.0 || pct >= 10.0 {
        format!("{pct:.1}")
    } else if pct >= 0.1 {
        format!("{pct:.2}")
    } else {
        format!("{pct:.3}")
    };
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    };
    format!("{text}%")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_the_textbook_values() {
        // 10 of 100: Wilson 95 % is [0.0552, 0.1744].
        let (low, high) = Proportion {
            count: 10,
            runs: 100,
        }
        .wilson95();
        assert!((low - 0.0552).abs() < 5e-4, "{low}");
        assert!((high - 0.1744).abs() < 5e-4, "{high}");
        // 0 of 1000: [0, 0.0038].
        let (low, high) = Proportion {
            count: 0,
            runs: 1000,
        }
        .wilson95();
        assert_eq!(low, 0.0);
        assert!((high - 0.00383).abs() < 5e-5, "{high}");
    }

    #[test]
    fn percentages_read_well() {
        assert_eq!(percent(0.031), "3.1%");
        assert_eq!(percent(0.004), "0.4%");
        assert_eq!(percent(1.0), "100%");
        assert_eq!(percent(0.0), "0%");
        assert_eq!(percent(0.00042), "0.042%");
    }
}
