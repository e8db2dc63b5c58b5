//! `--node cpu=4,memory=16Gi[,pods=110,…]`: whether a pod fits an empty node of that size by the
//! scheduler's resource-fit rule (`NodeResourcesFit`, `fitsRequest` in
//! `pkg/scheduler/framework/plugins/noderesources/fit.go`), how many copies fit, and which
//! resource runs out first.
//!
//! The scheduler compares cpu in thousandths and every other resource in whole units, both
//! rounded up, against the node's allocatable amount; a resource the pod requests at zero never
//! blocks it, and every pod takes one of the node's `pods` slots. A resource the pod requests that
//! `--node` does not name is reported as not checked (podlife cannot know the node has none).

use std::fmt;

use super::quantities::{Quantities, display_order};
use crate::k8s::quantity::Quantity;

/// The kubelet's default `maxPods`, used when `--node` names no `pods`.
pub const DEFAULT_MAX_PODS: u64 = 110;

/// A node's allocatable resources, as given on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeCapacity {
    /// Resource name → allocatable quantity.
    pub allocatable: Quantities,
}

impl NodeCapacity {
    /// Parses `name=quantity,name=quantity`.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut allocatable = Quantities::new();
        for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let Some((name, value)) = item.split_once('=') else {
                return Err(format!(
                    "`{item}` is not `resource=quantity` (e.g. `cpu=4,memory=16Gi`)"
                ));
            };
            let (name, value) = (name.trim(), value.trim());
            if name.is_empty() {
                return Err(format!("`{item}` names no resource"));
            }
            let quantity = Quantity::parse_strict(value).map_err(|error| {
                let hint = error
                    .suggestion()
                    .map(|s| format!("; did you mean `{s}`?"))
                    .unwrap_or_default();
                format!("`{name}={value}`: {error}{hint}")
            })?;
            if quantity.is_negative() {
                return Err(format!(
                    "`{name}={value}`: a node cannot have a negative amount"
                ));
            }
            if allocatable.insert(name.to_string(), quantity).is_some() {
                return Err(format!("`{name}` is given twice"));
            }
        }
        if allocatable.is_empty() {
            return Err("no resources given (e.g. `cpu=4,memory=16Gi`)".to_string());
        }
        Ok(NodeCapacity { allocatable })
    }

    /// The node's pod slots: `pods` if given, else the kubelet's default 110.
    pub fn max_pods(&self) -> u64 {
        self.allocatable
            .get("pods")
            .map_or(DEFAULT_MAX_PODS, |pods| {
                u64::try_from(pods.value_ceil()).unwrap_or(0)
            })
    }
}

impl fmt::Display for NodeCapacity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut items: Vec<String> = display_order(self.allocatable.keys().cloned())
            .into_iter()
            .filter_map(|name| {
                let value = self.allocatable.get(&name)?;
                Some(format!("{name}={value}"))
            })
            .collect();
        if !self.allocatable.contains_key("pods") {
            items.push(format!("pods={DEFAULT_MAX_PODS}"));
        }
        f.write_str(&items.join(","))
    }
}

/// How one resource limits the pods on the node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourceFit {
    /// The resource (`pods` for the node's pod slots).
    pub resource: String,
    /// What one pod requests (1 for `pods`).
    pub request: Quantity,
    /// What the node has.
    pub allocatable: Quantity,
    /// How many such pods the resource allows.
    pub pods_that_fit: u64,
}

/// The verdict for one pod on one empty node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeFit {
    /// Whether one pod fits.
    pub fits: bool,
    /// How many copies of the pod fit together.
    pub pods_that_fit: u64,
    /// The resources that allow the fewest copies (the first to run out).
    pub runs_out_first: Vec<String>,
    /// The resources of which one pod asks more than the node has.
    pub insufficient: Vec<String>,
    /// Every resource checked, cpu and memory first, `pods` last.
    pub resources: Vec<ResourceFit>,
    /// Requested resources `--node` does not name: not checked.
    pub not_on_node: Vec<String>,
    /// Requested resources the scheduler does not check (unprefixed names it does not know).
    pub ignored: Vec<String>,
}

/// Whether the scheduler's fit check looks at a requested resource (`framework.Resource.Add`:
/// cpu, memory, ephemeral storage, and the scalar resources: hugepages, attachable volumes,
/// `*kubernetes.io/*` names and extended resources).
fn scheduler_checks(name: &str) -> bool {
    let prefixed_native = name.contains("kubernetes.io/");
    let extended = name.contains('/') && !prefixed_native && !name.starts_with("requests.");
    matches!(name, "cpu" | "memory" | "ephemeral-storage")
        || name.starts_with("hugepages-")
        || name.starts_with("attachable-volumes-")
        || prefixed_native
        || extended
}

/// A quantity in the scheduler's unit for `name`: thousandths for cpu, else whole units, rounded up.
fn scheduler_units(name: &str, quantity: &Quantity) -> i128 {
    if name == "cpu" {
        quantity.milli_value_ceil()
    } else {
        quantity.value_ceil()
    }
}

/// Checks a pod's effective requests against an empty node.
pub fn fit(requests: &Quantities, node: &NodeCapacity) -> NodeFit {
    let mut resources = Vec::new();
    let mut not_on_node = Vec::new();
    let mut ignored = Vec::new();
    for name in display_order(requests.keys().cloned()) {
        let request = requests[&name];
        if name == "pods" || !scheduler_checks(&name) {
            ignored.push(name);
            continue;
        }
        let wanted = scheduler_units(&name, &request);
        if wanted <= 0 {
            continue;
        }
        let Some(allocatable) = node.allocatable.get(&name) else {
            not_on_node.push(name);
            continue;
        };
        let available = scheduler_units(&name, allocatable).max(0);
        resources.push(ResourceFit {
            pods_that_fit: u64::try_from(available / wanted).unwrap_or(u64::MAX),
            resource: name,
            request,
            allocatable: *allocatable,
        });
    }
    let max_pods = node.max_pods();
    resources.push(ResourceFit {
        resource: "pods".to_string(),
        request: Quantity::from_int(1, crate::k8s::quantity::Format::DecimalSI),
        allocatable: Quantity::from_int(
            i128::from(max_pods),
            crate::k8s::quantity::Format::DecimalSI,
        ),
        pods_that_fit: max_pods,
    });
    let pods_that_fit = resources
        .iter()
        .map(|r| r.pods_that_fit)
        .min()
        .unwrap_or(max_pods);
    let runs_out_first = resources
        .iter()
        .filter(|r| r.pods_that_fit == pods_that_fit)
        .map(|r| r.resource.clone())
        .collect();
    let insufficient = resources
        .iter()
        .filter(|r| r.pods_that_fit == 0)
        .map(|r| r.resource.clone())
        .collect();
    NodeFit {
        fits: pods_that_fit > 0,
        pods_that_fit,
        runs_out_first,
        insufficient,
        resources,
        not_on_node,
        ignored,
    }
}

/// How many nodes of this size `replicas` copies need (none if one copy does not fit).
pub fn nodes_needed(fit: &NodeFit, replicas: u64) -> Option<u64> {
    (fit.pods_that_fit > 0).then(|| replicas.div_ceil(fit.pods_that_fit))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(text: &str) -> NodeCapacity {
        NodeCapacity::parse(text).unwrap()
    }

    fn requests(pairs: &[(&str, &str)]) -> Quantities {
        pairs
            .iter()
            .map(|(n, q)| (n.to_string(), q.parse().unwrap()))
            .collect()
    }

    #[test]
    fn memory_runs_out_first() {
        let fit = fit(
            &requests(&[("cpu", "500m"), ("memory", "3Gi")]),
            &node("cpu=4,memory=16Gi"),
        );
        assert!(fit.fits);
        assert_eq!(fit.pods_that_fit, 5);
        assert_eq!(fit.runs_out_first, ["memory"]);
        assert_eq!(nodes_needed(&fit, 12), Some(3));
    }

    #[test]
    fn a_pod_larger_than_the_node_does_not_fit() {
        let fit = fit(&requests(&[("cpu", "5")]), &node("cpu=4,memory=16Gi"));
        assert!(!fit.fits);
        assert_eq!(fit.insufficient, ["cpu"]);
        assert_eq!(nodes_needed(&fit, 3), None);
    }

    #[test]
    fn pod_slots_limit_tiny_pods() {
        let fit = fit(&requests(&[("cpu", "1m")]), &node("cpu=4,pods=10"));
        assert_eq!(fit.pods_that_fit, 10);
        assert_eq!(fit.runs_out_first, ["pods"]);
        let fit = super::fit(&Quantities::new(), &node("cpu=4"));
        assert_eq!(fit.pods_that_fit, DEFAULT_MAX_PODS);
    }

    #[test]
    fn cpu_compares_in_rounded_up_thousandths() {
        // 0.3333 cpu is 334m to the scheduler: 2 fit in 1 cpu, not 3.
        let fit = fit(&requests(&[("cpu", "333300u")]), &node("cpu=1"));
        assert_eq!(fit.resources[0].pods_that_fit, 2);
    }

    #[test]
    fn unnamed_and_unknown_resources_are_reported_not_checked() {
        let fit = fit(
            &requests(&[("cpu", "1"), ("nvidia.com/gpu", "1"), ("storage", "1Gi")]),
            &node("cpu=4"),
        );
        assert_eq!(fit.not_on_node, ["nvidia.com/gpu"]);
        assert_eq!(fit.ignored, ["storage"]);
        assert_eq!(fit.pods_that_fit, 4);
    }

    #[test]
    fn node_text_is_checked() {
        assert!(
            NodeCapacity::parse("cpu=4,memory=16GB")
                .unwrap_err()
                .contains("did you mean `16G`?")
        );
        assert!(NodeCapacity::parse("cpu").is_err());
        assert!(NodeCapacity::parse("cpu=4,cpu=2").is_err());
        assert!(NodeCapacity::parse("").is_err());
        assert_eq!(
            node("memory=16Gi, cpu=4").to_string(),
            "cpu=4,memory=16Gi,pods=110"
        );
    }
}
