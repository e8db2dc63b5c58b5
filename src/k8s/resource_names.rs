//! What Kubernetes knows about a resource name (`pkg/apis/core/helper/helpers.go`): standard,
//! native, extended, hugepages, integral, overcommittable; and the container-name check
//! `validateContainerResourceName` makes.

use crate::k8s::names;
use crate::k8s::quantity::Quantity;

const HUGEPAGES_PREFIX: &str = "hugepages-";
const REQUESTS_PREFIX: &str = "requests.";

/// Names the API server accepts without a domain (`standardResources`, plus quota hugepages).
const STANDARD_RESOURCES: [&str; 20] = [
    "cpu",
    "memory",
    "ephemeral-storage",
    "requests.cpu",
    "requests.memory",
    "requests.ephemeral-storage",
    "limits.cpu",
    "limits.memory",
    "limits.ephemeral-storage",
    "pods",
    "resourcequotas",
    "services",
    "replicationcontrollers",
    "secrets",
    "configmaps",
    "persistentvolumeclaims",
    "storage",
    "requests.storage",
    "services.nodeports",
    "services.loadbalancers",
];

/// Object-count resources, measured in whole numbers.
const INTEGER_RESOURCES: [&str; 9] = [
    "pods",
    "resourcequotas",
    "services",
    "replicationcontrollers",
    "secrets",
    "configmaps",
    "persistentvolumeclaims",
    "services.nodeports",
    "services.loadbalancers",
];

/// `hugepages-<size>`.
pub fn is_hugepages(name: &str) -> bool {
    name.starts_with(HUGEPAGES_PREFIX)
}

/// In the `kubernetes.io` namespace: no domain, or a `kubernetes.io/` domain.
pub fn is_native(name: &str) -> bool {
    !name.contains('/') || name.contains("kubernetes.io/")
}

/// An extended resource such as `nvidia.com/gpu`: not native, not `requests.`-prefixed, and a
/// valid qualified name once prefixed with `requests.`.
pub fn is_extended(name: &str) -> bool {
    !is_native(name)
        && !name.starts_with(REQUESTS_PREFIX)
        && names::qualified_name(&format!("{REQUESTS_PREFIX}{name}")).is_empty()
}

/// Requests may be below limits only for these: native resources other than hugepages.
pub fn overcommit_allowed(name: &str) -> bool {
    is_native(name) && !is_hugepages(name)
}

/// Measured in whole numbers: object counts and extended resources.
pub fn is_integer(name: &str) -> bool {
    INTEGER_RESOURCES.contains(&name) || is_extended(name)
}

/// Known to the system without a domain (`IsStandardResourceName`).
pub fn is_standard(name: &str) -> bool {
    STANDARD_RESOURCES.contains(&name)
        || is_hugepages(name)
        || name.starts_with("requests.hugepages-")
}

/// A resource a container may request without a domain: cpu, memory, ephemeral-storage, hugepages.
pub fn is_standard_container(name: &str) -> bool {
    matches!(name, "cpu" | "memory" | "ephemeral-storage") || is_hugepages(name)
}

/// The page size of a `hugepages-<size>` name, if it parses.
pub fn hugepage_size(name: &str) -> Option<Quantity> {
    name.strip_prefix(HUGEPAGES_PREFIX)?.parse().ok()
}

/// Whether a hugepages amount is a positive whole multiple of its page size
/// (`IsHugePageResourceValueDivisible`).
pub fn hugepages_divisible(name: &str, amount: &Quantity) -> bool {
    let Some(size) = hugepage_size(name) else {
        return false;
    };
    if size.sign() <= 0 || !size.is_integral() {
        return false;
    }
    let page = size.value_ceil();
    page != 0 && amount.value_ceil() % page == 0
}

/// Why a name is not valid for a container's `resources` (`validateContainerResourceName`), if
/// it is not.
/// Every error `validateContainerResourceName` reports for `name`, in its order: the
/// qualified-name errors or "standard resource type" (`validateResourceName`), then, for a name
/// without a domain that is not a container resource, "standard resource for containers"
/// (`disk` gets both).
pub fn container_resource_name_problems(name: &str) -> Vec<String> {
    let mut problems = names::qualified_name(name);
    if problems.is_empty() && !name.contains('/') && !is_standard(name) {
        problems.push("must be a standard resource type or fully qualified".to_string());
    }
    if !name.contains('/') {
        if !is_standard_container(name) {
            problems.push("must be a standard resource for containers".to_string());
        }
    } else if !is_native(name) && !is_extended(name) {
        problems.push("doesn't follow extended resource name standard".to_string());
    }
    problems
}

pub fn container_resource_name_problem(name: &str) -> Option<String> {
    let problems = names::qualified_name(name);
    if let Some(first) = problems.into_iter().next() {
        return Some(first);
    }
    if !name.contains('/') {
        if !is_standard(name) {
            return Some("must be a standard resource type or fully qualified".to_string());
        }
        if !is_standard_container(name) {
            return Some("must be a standard resource for containers".to_string());
        }
    } else if !is_native(name) && !is_extended(name) {
        return Some("doesn't follow extended resource name standard".to_string());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classification() {
        assert!(is_extended("nvidia.com/gpu"));
        assert!(is_extended("my.org/resource"));
        assert!(!is_extended("cpu"));
        assert!(!is_extended("kubernetes.io/something"));
        assert!(!overcommit_allowed("nvidia.com/gpu"));
        assert!(!overcommit_allowed("hugepages-2Mi"));
        assert!(overcommit_allowed("memory"));
        assert!(is_integer("nvidia.com/gpu"));
        assert!(!is_integer("hugepages-2Mi"));
        assert!(!is_integer("cpu"));
    }

    // TestValidateContainers' "invalid compute resource" / "Invalid storage limit request" and the
    // container half of TestValidateResourceNames.
    #[test]
    fn container_resource_names() {
        for good in [
            "cpu",
            "memory",
            "ephemeral-storage",
            "hugepages-2Mi",
            "hugepages-1Gi",
            "nvidia.com/gpu",
            "my.org/resource",
        ] {
            assert_eq!(container_resource_name_problem(good), None, "{good}");
        }
        for bad in [
            "disk",
            "network",
            "attachable-volumes-aws-ebs",
            "pods",
            "storage",
            "requests.cpu",
            "",
            ".",
            "my.favorite.app.co/_12345",
        ] {
            assert!(container_resource_name_problem(bad).is_some(), "{bad}");
        }
    }

    /// `validateResourceName`: a qualified name, and standard unless it has a domain.
    fn valid_resource_name(name: &str) -> bool {
        names::qualified_name(name).is_empty() && (name.contains('/') || is_standard(name))
    }

    // TestValidateResourceNames, all 22 rows.
    #[test]
    fn validate_resource_names_table() {
        let long = |n: usize| format!("kubernetes.io/{}", "a".repeat(n));
        let rows = [
            ("memory", true),
            ("cpu", true),
            ("storage", true),
            ("requests.cpu", true),
            ("requests.memory", true),
            ("requests.storage", true),
            ("limits.cpu", true),
            ("limits.memory", true),
            ("network", false),
            ("disk", false),
            ("", false),
            (".", false),
            ("..", false),
            ("my.favorite.app.co/12345", true),
            ("my.favorite.app.co/_12345", false),
            ("my.favorite.app.co/12345_", false),
            ("kubernetes.io/..", false),
            (long(63).as_str(), true),
            (long(64).as_str(), false),
            ("kubernetes.io//", false),
            ("kubernetes.io", false),
            ("kubernetes.io/will/not/work/", false),
        ]
        .map(|(name, ok)| (name.to_string(), ok));
        assert_eq!(rows.len(), 22);
        for (name, ok) in rows {
            assert_eq!(valid_resource_name(&name), ok, "{name:?}");
        }
    }

    #[test]
    fn hugepages_must_be_whole_pages() {
        let q = |s: &str| s.parse::<Quantity>().expect("valid quantity");
        assert!(hugepages_divisible("hugepages-2Mi", &q("1Gi")));
        assert!(hugepages_divisible("hugepages-2Mi", &q("4Mi")));
        assert!(!hugepages_divisible("hugepages-2Mi", &q("3Mi")));
        assert!(!hugepages_divisible("hugepages-bogus", &q("2Mi")));
        assert!(hugepages_divisible("hugepages-1Gi", &q("2Gi")));
    }
}
