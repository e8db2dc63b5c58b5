//! Streaming statistics of one metric over many runs: exact count, sum, min and max, and a
//! log-bucketed histogram for quantiles, in bounded memory (never every run's value).
//!
//! Buckets: values below 64 have a bucket each (exact); above, each power of two is cut into
//! 64 equal buckets, so a bucket spans at most 1/64 of its values. A quantile is reported as
//! its bucket's middle, clamped to the exact min and max: the error is at most 1/128 (0.8 %) of
//! the value, and zero when every run gave the same value. Merging adds counts, so the result
//! does not depend on how runs were split across threads.

/// log2 of the sub-buckets per power of two.
const SUB_BITS: u32 = 6;
const SUB: u64 = 1 << SUB_BITS;
/// Buckets for the whole u64 range.
#[allow(clippy::cast_possible_truncation)] // a constant: 3,776
const BUCKETS: usize = (SUB + (64 - SUB_BITS as u64) * SUB) as usize;

/// The bucket of a value.
fn bucket(value: u64) -> usize {
    let index = if value < SUB {
        value
    } else {
        let exponent = value.ilog2(); // ≥ SUB_BITS
        let shift = exponent - SUB_BITS;
        let mantissa = value >> shift; // in [SUB, 2 SUB)
        SUB + u64::from(shift) * SUB + (mantissa - SUB)
    };
    // Below BUCKETS (3,776) by construction.
    usize::try_from(index).unwrap_or(BUCKETS - 1)
}

/// The smallest value and the width of a bucket.
fn bucket_range(index: usize) -> (u64, u64) {
    let index = index as u64;
    if index < SUB {
        return (index, 1);
    }
    let k = index - SUB;
    let shift = k / SUB;
    let mantissa = SUB + k % SUB;
    (mantissa << shift, 1 << shift)
}

/// Statistics of one metric.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StreamStats {
    count: u64,
    sum: u128,
    min: u64,
    max: u64,
    /// Counts per bucket, only as long as the highest bucket seen: a metric whose values stay
    /// small (restarts) costs a few words, not all 3,776 buckets (a pod with 16,000 containers
    /// has 16,000 restart metrics).
    buckets: Vec<u64>,
}

impl Default for StreamStats {
    fn default() -> Self {
        StreamStats {
            count: 0,
            sum: 0,
            min: u64::MAX,
            max: 0,
            buckets: Vec::new(),
        }
    }
}

impl StreamStats {
    /// Adds one value.
    pub fn add(&mut self, value: u64) {
        self.count += 1;
        self.sum += u128::from(value);
        self.min = self.min.min(value);
        self.max = self.max.max(value);
        let index = bucket(value);
        if index >= self.buckets.len() {
            self.buckets.resize(index + 1, 0);
        }
        if let Some(count) = self.buckets.get_mut(index) {
            *count += 1;
        }
    }

    /// Adds everything `other` saw.
    pub fn merge(&mut self, other: &StreamStats) {
        self.count += other.count;
        self.sum += other.sum;
        self.min = self.min.min(other.min);
        self.max = self.max.max(other.max);
        if other.buckets.len() > self.buckets.len() {
            self.buckets.resize(other.buckets.len(), 0);
        }
        for (mine, theirs) in self.buckets.iter_mut().zip(other.buckets.iter()) {
            *mine += theirs;
        }
    }

    /// How many values.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The smallest value, if any.
    pub fn min(&self) -> Option<u64> {
        (self.count > 0).then_some(self.min)
    }

    /// The largest value, if any.
    pub fn max(&self) -> Option<u64> {
        (self.count > 0).then_some(self.max)
    }

    /// The mean, rounded to a tenth.
    pub fn mean(&self) -> Option<f64> {
        (self.count > 0).then(|| {
            let tenths = (self.sum * 10 + u128::from(self.count) / 2) / u128::from(self.count);
            tenths as f64 / 10.0
        })
    }

    /// The value of rank ⌈permille/1000 · population⌉ (nearest rank) among `population` runs,
    /// the runs without a value counting as larger than any: `None` when that rank falls among
    /// them (fewer than that share of runs had a value).
    pub fn quantile(&self, permille: u64, population: u64) -> Option<u64> {
        let population = population.max(self.count);
        if population == 0 {
            return None;
        }
        let rank = (population * permille).div_ceil(1000).max(1);
        if rank > self.count {
            return None;
        }
        let mut seen = 0;
        for (index, count) in self.buckets.iter().enumerate() {
            seen += count;
            if seen >= rank {
                let (low, width) = bucket_range(index);
                let middle = low + (width - 1) / 2;
                return Some(middle.clamp(self.min, self.max));
            }
        }
        Some(self.max)
    }

    /// `bins` equal-width bins from min to max (the last one includes max): (from, to, count).
    /// Values are placed by their bucket's middle, so bin edges are exact to within 0.8 %.
    pub fn bins(&self, bins: usize) -> Vec<(u64, u64, u64)> {
        if self.count == 0 {
            return Vec::new();
        }
        if self.min == self.max {
            return vec![(self.min, self.max, self.count)];
        }
        let span = self.max - self.min;
        let bins = (bins.max(1) as u64).min(span + 1);
        let width = span.div_ceil(bins).max(1);
        let bins = span.div_ceil(width);
        let mut out: Vec<(u64, u64, u64)> = (0..bins)
            .map(|i| {
                let from = self.min + i * width;
                (from, (from + width).min(self.max), 0)
            })
            .collect();
        for (index, count) in self.buckets.iter().enumerate() {
            if *count == 0 {
                continue;
            }
            let (low, width_of_bucket) = bucket_range(index);
            let value = (low + (width_of_bucket - 1) / 2).clamp(self.min, self.max);
            let bin = usize::try_from((value - self.min) / width)
                .unwrap_or(usize::MAX)
                .min(out.len() - 1);
            out[bin].2 += count;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_cover_every_value_in_order() {
        let mut last = 0;
        for value in (0..100_000u64).chain([u64::MAX / 3, u64::MAX]) {
            let index = bucket(value);
            assert!(index < BUCKETS);
            assert!(index >= last, "monotone at {value}");
            last = index;
            let (low, width) = bucket_range(index);
            assert!(
                low <= value && value - low < width,
                "{value} in [{low}, +{width})"
            );
            if value >= SUB {
                assert!(width * SUB <= low, "relative width ≤ 1/64 at {value}");
            }
        }
    }

    #[test]
    fn quantiles_are_within_the_documented_error() {
        let mut stats = StreamStats::default();
        for value in 1..=10_000u64 {
            stats.add(value * 7);
        }
        for (permille, exact) in [(500, 35_000.0), (900, 63_000.0), (990, 69_300.0)] {
            let got = stats.quantile(permille, 10_000).expect("value") as f64;
            assert!(
                (got - exact).abs() / exact <= 1.0 / 128.0,
                "{permille}: {got}"
            );
        }
        assert_eq!(stats.min(), Some(7));
        assert_eq!(stats.max(), Some(70_000));
        assert_eq!(stats.mean(), Some(35_003.5));
    }

    #[test]
    fn one_repeated_value_has_no_spread() {
        let mut stats = StreamStats::default();
        for _ in 0..1000 {
            stats.add(6_800);
        }
        for permille in [500, 900, 990] {
            assert_eq!(stats.quantile(permille, 1000), Some(6_800));
        }
        assert_eq!(stats.bins(20), vec![(6_800, 6_800, 1000)]);
    }

    #[test]
    fn missing_values_rank_last() {
        let mut stats = StreamStats::default();
        for value in 0..95 {
            stats.add(value);
        }
        assert_eq!(stats.quantile(900, 100), Some(89));
        assert_eq!(stats.quantile(990, 100), None, "5 runs never had a value");
    }

    #[test]
    fn merging_equals_adding_everything_to_one() {
        let mut all = StreamStats::default();
        let mut left = StreamStats::default();
        let mut right = StreamStats::default();
        for value in 0..5_000u64 {
            let v = value * value % 9_973;
            all.add(v);
            if value % 3 == 0 {
                left.add(v);
            } else {
                right.add(v);
            }
        }
        right.merge(&left);
        assert_eq!(all, right);
        let bins = all.bins(20);
        assert_eq!(bins.iter().map(|b| b.2).sum::<u64>(), 5_000);
    }
}
