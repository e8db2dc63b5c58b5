//! `maxSurge` and `maxUnavailable` as pod counts: `GetScaledValueFromIntOrPercent` and
//! `ResolveFenceposts` of `pkg/controller/deployment/util/deployment_util.go`.

use crate::k8s::workload::rollout::IntOrPercent;

/// A count as written, or `percent` of `total` rounded up (`round_up`) or down.
pub fn scaled(value: IntOrPercent, total: i64, round_up: bool) -> i64 {
    match value {
        IntOrPercent::Int(count) => count,
        IntOrPercent::Percent(percent) => {
            let product = i128::from(percent) * i128::from(total);
            let scaled = if round_up {
                (product + 99).div_euclid(100)
            } else {
                product.div_euclid(100)
            };
            i64::try_from(scaled).unwrap_or(i64::MAX)
        }
    }
}

/// `ResolveFenceposts`: (surge, unavailable) for `desired` replicas. The surge rounds up, the
/// unavailable count down; when both come to 0 the unavailable count is 1, so that a rollout
/// can always move.
pub fn resolve(max_surge: IntOrPercent, max_unavailable: IntOrPercent, desired: i64) -> (i64, i64) {
    let surge = scaled(max_surge, desired, true);
    let unavailable = scaled(max_unavailable, desired, false);
    if surge == 0 && unavailable == 0 {
        return (0, 1);
    }
    (surge, unavailable)
}

#[cfg(test)]
mod tests {
    use super::*;
    use IntOrPercent::{Int, Percent};

    #[test]
    fn percentages_round_surge_up_and_unavailable_down() {
        assert_eq!(resolve(Percent(25), Percent(25), 10), (3, 2));
        assert_eq!(resolve(Percent(25), Percent(25), 4), (1, 1));
        assert_eq!(resolve(Percent(25), Percent(25), 1), (1, 0));
        assert_eq!(resolve(Percent(10), Percent(10), 15), (2, 1));
        assert_eq!(resolve(Percent(100), Percent(100), 7), (7, 7));
        assert_eq!(resolve(Percent(33), Percent(33), 100), (33, 33));
        assert_eq!(resolve(Percent(1), Percent(99), 101), (2, 99));
    }

    #[test]
    fn counts_are_taken_as_written() {
        assert_eq!(resolve(Int(1), Int(0), 4), (1, 0));
        assert_eq!(resolve(Int(5), Int(2), 3), (5, 2));
    }

    #[test]
    fn both_zero_make_unavailable_one() {
        assert_eq!(resolve(Int(0), Int(0), 10), (0, 1));
        assert_eq!(resolve(Percent(0), Percent(0), 10), (0, 1));
        // 10% of 4 rounds down to 0 and 0 surge: still one at a time.
        assert_eq!(resolve(Int(0), Percent(10), 4), (0, 1));
        assert_eq!(resolve(Percent(25), Percent(25), 0), (0, 1));
    }
}
