//! The rule registry: every rule podlife has, sorted by ID, and what a rule's check sees.
//!
//! Each rule lives in its own file with a `static RULE` (ID, name, severity, docs) and, for rules
//! that look at a pod, a `check` function. Loader rules (syntax, types, unknown fields) are
//! reported while reading; their files hold the docs so `explain` and the registry know them.

use crate::field_path::FieldPath;
use crate::finding::{Finding, Severity};
use crate::model::{Container, Pod};
use crate::workload::{InitContainerSource, PodObject};

mod container_image_required;
mod container_name_required;
mod duplicate_key;
mod input_too_complex;
mod invalid_quantity;
mod invalid_yaml;
mod no_containers;
mod no_objects;
mod not_an_object;
mod unknown_field;
mod wrong_type;

pub use container_image_required::RULE as CONTAINER_IMAGE_REQUIRED;
pub use container_name_required::RULE as CONTAINER_NAME_REQUIRED;
pub use duplicate_key::RULE as DUPLICATE_KEY;
pub use input_too_complex::RULE as INPUT_TOO_COMPLEX;
pub use invalid_quantity::RULE as INVALID_QUANTITY;
pub use invalid_yaml::RULE as INVALID_YAML;
pub use no_containers::RULE as NO_CONTAINERS;
pub use no_objects::RULE as NO_OBJECTS;
pub use not_an_object::RULE as NOT_AN_OBJECT;
pub use unknown_field::RULE as UNKNOWN_FIELD;
pub use wrong_type::RULE as WRONG_TYPE;

/// Every rule, sorted by ID.
pub static REGISTRY: &[&Rule] = &[
    &INVALID_YAML,
    &DUPLICATE_KEY,
    &INPUT_TOO_COMPLEX,
    &NOT_AN_OBJECT,
    &WRONG_TYPE,
    &UNKNOWN_FIELD,
    &INVALID_QUANTITY,
    &NO_CONTAINERS,
    &CONTAINER_NAME_REQUIRED,
    &CONTAINER_IMAGE_REQUIRED,
    &NO_OBJECTS,
];

/// A rule: identity, default severity, documentation, and where its findings come from.
#[derive(Debug)]
pub struct Rule {
    /// Stable ID, `PL` + three digits, never reused.
    pub id: &'static str,
    /// Kebab-case name of the bad pattern.
    pub name: &'static str,
    /// Default severity.
    pub severity: Severity,
    /// One line: what the rule reports.
    pub summary: &'static str,
    /// Markdown docs with the sections What it does / Why / Example / How to fix / Kubernetes reference.
    pub docs: &'static str,
    /// Where findings come from.
    pub origin: Origin,
}

/// Where a rule's findings come from.
#[derive(Debug, Clone, Copy)]
pub enum Origin {
    /// Reported by the loader while reading the text.
    Loader,
    /// A check run on each pod.
    Pod(fn(&PodContext<'_>, &mut Vec<Finding>)),
}

/// Finds a rule by ID (`PL005`, any case) or name (`wrong-type`).
pub fn find(key: &str) -> Option<&'static Rule> {
    REGISTRY
        .iter()
        .copied()
        .find(|rule| rule.id.eq_ignore_ascii_case(key) || rule.name == key)
}

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
            Some(name) if !name.is_empty() => format!("{} `{name}`", self.noun()),
            _ => self.describe_nth(index),
        }
    }
}

/// Options that change what checks report.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// Validate the manifest exactly as written, without API defaulting.
    pub no_defaulting: bool,
}

/// What a pod check sees: the pod, where it came from, and the options.
pub struct PodContext<'p> {
    /// The pod-bearing object.
    pub object: &'p PodObject,
    /// Its pod.
    pub pod: &'p Pod,
    /// The options.
    pub options: &'p CheckOptions,
}

impl<'p> PodContext<'p> {
    /// A context for one pod.
    pub fn new(object: &'p PodObject, options: &'p CheckOptions) -> Self {
        PodContext {
            object,
            pod: &object.pod,
            options,
        }
    }

    /// A pod-relative path (`spec.containers`), as Kubernetes' pod validation names it.
    pub fn pod_path(&self, path: &str) -> FieldPath {
        FieldPath::parse(path)
    }

    /// The path of a container in the pod (`spec.initContainers[1]`, or the legacy annotation).
    pub fn container_path(&self, list: ContainerList, index: usize) -> FieldPath {
        match (&self.object.init_source, list) {
            (InitContainerSource::Annotation { key }, ContainerList::Init) => FieldPath::root()
                .child("metadata")
                .child("annotations")
                .key(key)
                .index(index),
            _ => FieldPath::root()
                .child("spec")
                .child(list.field())
                .index(index),
        }
    }

    /// Every container with its list and index: init, app, ephemeral, defer.
    pub fn all_containers(&self) -> impl Iterator<Item = (ContainerList, usize, &'p Container)> {
        let pod = self.pod;
        let tag = |list: ContainerList, containers: &'p [Container]| {
            containers
                .iter()
                .enumerate()
                .map(move |(index, container)| (list, index, container))
        };
        tag(ContainerList::Init, pod.init_containers())
            .chain(tag(ContainerList::App, pod.containers()))
            .chain(tag(ContainerList::Ephemeral, pod.ephemeral_containers()))
            .chain(tag(ContainerList::Defer, pod.defer_containers()))
    }
}

/// Runs every pod check on one pod.
pub fn check_pod(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for rule in REGISTRY {
        if let Origin::Pod(check) = rule.origin {
            check(context, findings);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    const SECTIONS: [&str; 5] = [
        "## What it does",
        "## Why",
        "## Example",
        "## How to fix",
        "## Kubernetes reference",
    ];

    #[test]
    fn registry_is_sorted_with_unique_ids_and_names() {
        let mut ids = HashSet::new();
        let mut names = HashSet::new();
        for window in REGISTRY.windows(2) {
            assert!(
                window[0].id < window[1].id,
                "{} before {}",
                window[0].id,
                window[1].id
            );
        }
        for rule in REGISTRY {
            assert!(ids.insert(rule.id), "duplicate id {}", rule.id);
            assert!(names.insert(rule.name), "duplicate name {}", rule.name);
            assert!(
                rule.id.len() == 5 && rule.id.starts_with("PL"),
                "{}",
                rule.id
            );
            assert!(
                rule.name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "{}",
                rule.name
            );
        }
    }

    #[test]
    fn every_rule_has_all_doc_sections() {
        for rule in REGISTRY {
            for section in SECTIONS {
                assert!(rule.docs.contains(section), "{} lacks {section}", rule.name);
            }
        }
    }

    #[test]
    fn every_rule_file_is_registered() {
        let directory = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
        let mut files = Vec::new();
        for entry in std::fs::read_dir(&directory).expect("src/rules is readable") {
            let path = entry.expect("entry").path();
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("")
                .to_string();
            if stem != "mod" && path.extension().is_some_and(|e| e == "rs") {
                files.push(stem);
            }
        }
        for file in &files {
            let name = file.replace('_', "-");
            assert!(
                find(&name).is_some(),
                "src/rules/{file}.rs is not registered as `{name}`"
            );
        }
        assert_eq!(
            files.len(),
            REGISTRY.len(),
            "rule files and registry differ"
        );
    }

    #[test]
    fn every_rule_has_a_fixture() {
        let directory = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rules");
        for rule in REGISTRY {
            let fixture = directory.join(format!("{}.yaml", rule.name));
            assert!(fixture.exists(), "missing fixture {}", fixture.display());
        }
    }
}
