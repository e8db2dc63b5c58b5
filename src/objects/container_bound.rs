//! The most containers podlife reads in one pod: a pod past it is reported (PL003) and not
//! decoded, so one very wide pod cannot hold memory in proportion to its width.

use crate::k8s::container_list::ContainerList;
use crate::text::thousands;
use crate::yaml::field_path::FieldPath;
use crate::yaml::source::{Node, NodeKind, Offsets};

/// Most containers of every list together (init, app, ephemeral, defer) in one pod. No pod a
/// node runs comes near it; a pod decoded whole costs a few kilobytes per container, so past
/// it memory would no longer follow the input (docs/files.md).
pub const MAX_CONTAINERS_PER_POD: usize = 5_000;

/// A pod spec whose lists hold more containers than [`MAX_CONTAINERS_PER_POD`].
#[derive(Debug, Clone, PartialEq)]
pub struct TooManyContainers {
    /// Every container of every list.
    pub count: usize,
    /// The first container past the bound, relative to the spec.
    pub path: FieldPath,
    /// Where it is.
    pub at: Offsets,
}

impl TooManyContainers {
    /// The finding's message.
    pub fn message(&self) -> String {
        format!(
            "this pod has {} containers (init, app, ephemeral and defer containers together); \
             podlife reads at most {} in one pod, so it was not checked",
            thousands(self.count as u64),
            thousands(MAX_CONTAINERS_PER_POD as u64)
        )
    }
}

/// Whether the pod spec `spec` (a mapping, as written) holds more containers than the bound:
/// counted from the lists' lengths, before anything is decoded.
pub fn too_many_containers(spec: &Node<'_>) -> Option<TooManyContainers> {
    let lists = [
        ContainerList::Init,
        ContainerList::App,
        ContainerList::Ephemeral,
        ContainerList::Defer,
    ]
    .map(|list| {
        let items = match spec.get(list.field()).map(Node::kind) {
            Some(NodeKind::Sequence(items)) => items.as_slice(),
            _ => &[],
        };
        (list, items)
    });
    let count: usize = lists.iter().map(|(_, items)| items.len()).sum();
    if count <= MAX_CONTAINERS_PER_POD {
        return None;
    }
    let mut before = 0;
    for (list, items) in lists {
        if let Some(first_past) = items.get(MAX_CONTAINERS_PER_POD - before) {
            let index = MAX_CONTAINERS_PER_POD - before;
            return Some(TooManyContainers {
                count,
                path: FieldPath::root().child(list.field()).index(index),
                at: first_past.at,
            });
        }
        before += items.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::stream::parse_stream;

    fn spec(init: usize, app: usize) -> String {
        let mut text = String::from("initContainers:\n");
        for i in 0..init {
            text.push_str(&format!("- {{name: i{i}, image: busybox}}\n"));
        }
        text.push_str("containers:\n");
        for i in 0..app {
            text.push_str(&format!("- {{name: c{i}, image: nginx}}\n"));
        }
        text
    }

    fn check(text: &str) -> Option<TooManyContainers> {
        let documents = parse_stream(text);
        too_many_containers(documents[0].root.as_ref().unwrap())
    }

    #[test]
    fn a_pod_at_the_bound_is_read() {
        assert_eq!(check(&spec(400, MAX_CONTAINERS_PER_POD - 400)), None);
    }

    #[test]
    fn one_past_the_bound_points_at_the_first_container_past_it_in_any_list() {
        let text = spec(400, MAX_CONTAINERS_PER_POD - 399);
        let past = check(&text).unwrap();
        assert_eq!(past.count, MAX_CONTAINERS_PER_POD + 1);
        assert_eq!(past.path.to_string(), "containers[4600]");
        let lines = crate::yaml::line_index::LineIndex::new(&text);
        assert_eq!(lines.span(past.at).start.line, 2 + 400 + 4600 + 1);
        let past = check(&spec(MAX_CONTAINERS_PER_POD + 5, 1)).unwrap();
        assert_eq!(past.path.to_string(), "initContainers[5000]");
    }

    #[test]
    fn the_message_names_the_count_and_the_bound() {
        let past = check(&spec(0, 250_000)).unwrap();
        assert!(
            past.message()
                .starts_with("this pod has 250,000 containers")
        );
        assert!(past.message().contains("at most 5,000 in one pod"));
    }
}
