//! Resource lists as exact quantities: read from a manifest, added and maximised the way
//! Kubernetes' resource helpers do, scaled by a replica count, ordered for display.

use std::collections::BTreeMap;

use crate::k8s::model::ResourceList;
use crate::k8s::quantity::Quantity;

/// Resource name → exact quantity.
pub type Quantities = BTreeMap<String, Quantity>;

/// The valid quantities of a list as written; invalid ones are reported by the loader and skipped.
pub fn valid(list: Option<&ResourceList>) -> Quantities {
    list.into_iter()
        .flatten()
        .filter_map(|(name, value)| value.valid().map(|q| (name.clone(), *q)))
        .collect()
}

/// Adds `other` into `list`, resource by resource (`addResourceList`): a resource new to `list`
/// is copied, an existing one keeps its own format unless it is zero.
pub fn add_into(list: &mut Quantities, other: &Quantities) {
    for (name, quantity) in other {
        list.entry(name.clone())
            .and_modify(|value| *value += *quantity)
            .or_insert(*quantity);
    }
}

/// Whether `quantity` would replace the value of `name` in `list` under `maxResourceList`:
/// the resource is absent, or the new value is strictly greater.
pub fn exceeds(list: &Quantities, name: &str, quantity: &Quantity) -> bool {
    list.get(name).is_none_or(|value| quantity > value)
}

/// `quantity` added to itself `count` times (zero for zero), in O(log count) additions.
pub fn times(quantity: Quantity, count: u64) -> Quantity {
    let (mut total, mut doubling, mut rest) = (Quantity::zero(), quantity, count);
    while rest > 0 {
        if rest & 1 == 1 {
            total += doubling;
        }
        rest >>= 1;
        if rest > 0 {
            doubling += doubling;
        }
    }
    total
}

/// Every quantity of `list` times `count`.
pub fn scaled(list: &Quantities, count: u64) -> Quantities {
    list.iter()
        .map(|(name, quantity)| (name.clone(), times(*quantity, count)))
        .collect()
}

/// The order resources are shown in: cpu, memory, ephemeral-storage, then the rest by name.
pub fn display_order(names: impl IntoIterator<Item = String>) -> Vec<String> {
    let rank = |name: &str| match name {
        "cpu" => 0,
        "memory" => 1,
        "ephemeral-storage" => 2,
        _ => 3,
    };
    let mut names: Vec<String> = names.into_iter().collect();
    names.sort_by(|a, b| (rank(a), a).cmp(&(rank(b), b)));
    names.dedup();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(text: &str) -> Quantity {
        text.parse().unwrap()
    }

    #[test]
    fn add_into_keeps_the_existing_format() {
        let mut list = Quantities::from([("memory".to_string(), q("1Gi"))]);
        add_into(
            &mut list,
            &Quantities::from([
                ("memory".to_string(), q("512M")),
                ("cpu".to_string(), q("100m")),
            ]),
        );
        assert_eq!(list["memory"].to_string(), "1548576Ki");
        assert_eq!(list["cpu"].to_string(), "100m");
    }

    #[test]
    fn times_is_repeated_addition() {
        assert_eq!(times(q("250m"), 0).to_string(), "0");
        assert_eq!(times(q("250m"), 1).to_string(), "250m");
        assert_eq!(times(q("250m"), 12).to_string(), "3");
        assert_eq!(times(q("128Mi"), 8).to_string(), "1Gi");
        assert_eq!(times(q("1"), 1_000_000_000_000).to_string(), "1T");
    }

    #[test]
    fn exceeds_is_strict() {
        let list = Quantities::from([("cpu".to_string(), q("1"))]);
        assert!(!exceeds(&list, "cpu", &q("1000m")));
        assert!(exceeds(&list, "cpu", &q("1001m")));
        assert!(exceeds(&list, "memory", &q("0")));
    }

    #[test]
    fn display_order_puts_cpu_and_memory_first() {
        let names = [
            "nvidia.com/gpu",
            "memory",
            "hugepages-2Mi",
            "cpu",
            "ephemeral-storage",
        ];
        assert_eq!(
            display_order(names.iter().map(std::string::ToString::to_string)),
            [
                "cpu",
                "memory",
                "ephemeral-storage",
                "hugepages-2Mi",
                "nvidia.com/gpu"
            ]
        );
    }
}
