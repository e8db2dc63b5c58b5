//! The container lists of a pod (`initContainers`, `containers`, `ephemeralContainers`,
//! `deferContainers`) and how findings name a container in them.

use crate::k8s::model::Container;

/// The container lists of a pod.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ContainerList {
    /// `initContainers` (regular and sidecars).
    Init,
    /// `containers`.
    App,
    /// `ephemeralContainers`.
    Ephemeral,
    /// `deferContainers` (seed).
    Defer,
}

impl ContainerList {
    /// The list a pod-spec field names (`initContainers` → `Init`; anything else is `App`).
    pub fn from_field(field: &str) -> ContainerList {
        match field {
            "initContainers" => ContainerList::Init,
            "ephemeralContainers" => ContainerList::Ephemeral,
            "deferContainers" => ContainerList::Defer,
            _ => ContainerList::App,
        }
    }

    /// The field name in the pod spec.
    pub fn field(self) -> &'static str {
        match self {
            ContainerList::Init => "initContainers",
            ContainerList::App => "containers",
            ContainerList::Ephemeral => "ephemeralContainers",
            ContainerList::Defer => "deferContainers",
        }
    }

    /// "init container", "container", …
    pub fn noun(self) -> &'static str {
        match self {
            ContainerList::Init => "init container",
            ContainerList::App => "container",
            ContainerList::Ephemeral => "ephemeral container",
            ContainerList::Defer => "defer container",
        }
    }

    /// "init container #2" (1-based), for containers without a usable name.
    pub fn describe_nth(self, index: usize) -> String {
        format!("{} #{}", self.noun(), index + 1)
    }

    /// "init container `migrate`", or "init container #2" without a name.
    pub fn describe_container(self, container: &Container, index: usize) -> String {
        match container.name.as_deref() {
            // Pushed, not formatted: most findings start with this, and a pod has many. The
            // room after it takes the rest of a message (`who + " does not …"`) without
            // moving the text to a larger allocation.
            Some(name) if !name.is_empty() => {
                let noun = self.noun();
                let mut described =
                    String::with_capacity(noun.len() + name.len() + 3 + MESSAGE_TAIL_ROOM);
                described.push_str(noun);
                described.push_str(" `");
                described.push_str(name);
                described.push('`');
                described
            }
            _ => self.describe_nth(index),
        }
    }
}

/// Bytes left free after a container's description for the message it begins.
pub const MESSAGE_TAIL_ROOM: usize = 64;
