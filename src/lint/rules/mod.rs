//! The rule registry: every rule podlife has, sorted by ID, and what a rule's check sees.
//!
//! Each rule lives in its own file with a `static RULE` (ID, name, severity, docs) and, for rules
//! that look at a pod, a `check` function. Loader rules (syntax, types, unknown fields) are
//! reported while reading; their files hold the docs so `explain` and the registry know them.

pub mod helpers;

use std::sync::Arc;

use crate::k8s::model::{Container, Pod};
use crate::k8s::workload::{InitContainerSource, PodObject};
use crate::lint::finding::{Finding, Severity};
use crate::lint::settings::selection::{Level, RuleSettings};
use crate::yaml::field_path::FieldPath;

mod active_deadline_shorter_than_startup;
mod active_deadline_with_restart_always;
mod app_container_restart_policy;
mod conflicting_defer_grace_period_extensions;
mod container_image_required;
mod container_name_required;
mod defer_container_forbidden_field;
mod defer_container_restart_policy;
mod defer_extension_without_liveness_probe;
mod deployment_restart_policy;
mod duplicate_container_name;
mod duplicate_key;
mod duplicate_mount_path;
mod duplicate_port_name;
mod extended_resource_not_integral;
mod extended_resource_request_limit;
mod forbidden_ephemeral_container_field;
mod forbidden_init_container_field;
mod host_port_conflict;
mod hugepages_not_page_multiple;
mod hugepages_without_cpu_or_memory;
mod identical_liveness_and_readiness_probes;
mod image_whitespace;
mod init_container_decides_requests;
mod init_container_lowers_qos_class;
mod init_container_restart_policy;
mod input_too_complex;
mod invalid_active_deadline;
mod invalid_container_name;
mod invalid_defer_grace_period_extension;
mod invalid_defer_trigger;
mod invalid_env_var_name;
mod invalid_image_pull_policy;
mod invalid_initializer_name;
mod invalid_lifecycle_handler;
mod invalid_port;
mod invalid_probe_handler;
mod invalid_probe_threshold;
mod invalid_quantity;
mod invalid_resize_policy;
mod invalid_resource_name;
mod invalid_restart_policy;
mod invalid_termination_grace_period;
mod invalid_termination_message_policy;
mod invalid_volume_mount;
mod invalid_yaml;
mod job_restart_policy;
mod legacy_init_containers_annotation;
mod legacy_init_containers_conflict;
mod limit_below_request;
mod liveness_kill_cuts_pre_stop;
mod liveness_probe_kills_slow_start;
mod mutable_image_tag_with_if_not_present;
mod negative_resource;
mod never_ending_container_in_job;
mod never_restart_with_init_containers;
mod no_containers;
mod no_objects;
mod not_an_object;
mod pending_initializers;
mod probe_port_not_declared;
mod probe_success_threshold;
mod probe_timeout_exceeds_period;
mod readiness_probe_grace_period;
mod sidecar_without_startup_probe;
mod termination_work_exceeds_grace_period;
mod undeclared_volume_mount;
mod unknown_field;
mod unused_defer_settings;
mod unused_suppression;
mod workload_active_deadline;
mod wrong_type;
mod zero_grace_period_with_termination_work;

pub use active_deadline_shorter_than_startup::RULE as ACTIVE_DEADLINE_SHORTER_THAN_STARTUP;
pub use active_deadline_with_restart_always::RULE as ACTIVE_DEADLINE_WITH_RESTART_ALWAYS;
pub use app_container_restart_policy::RULE as APP_CONTAINER_RESTART_POLICY;
pub use conflicting_defer_grace_period_extensions::RULE as CONFLICTING_DEFER_GRACE_PERIOD_EXTENSIONS;
pub use container_image_required::RULE as CONTAINER_IMAGE_REQUIRED;
pub use container_name_required::RULE as CONTAINER_NAME_REQUIRED;
pub use defer_container_forbidden_field::RULE as DEFER_CONTAINER_FORBIDDEN_FIELD;
pub use defer_container_restart_policy::RULE as DEFER_CONTAINER_RESTART_POLICY;
pub use defer_extension_without_liveness_probe::RULE as DEFER_EXTENSION_WITHOUT_LIVENESS_PROBE;
pub use deployment_restart_policy::RULE as DEPLOYMENT_RESTART_POLICY;
pub use duplicate_container_name::RULE as DUPLICATE_CONTAINER_NAME;
pub use duplicate_key::RULE as DUPLICATE_KEY;
pub use duplicate_mount_path::RULE as DUPLICATE_MOUNT_PATH;
pub use duplicate_port_name::RULE as DUPLICATE_PORT_NAME;
pub use extended_resource_not_integral::RULE as EXTENDED_RESOURCE_NOT_INTEGRAL;
pub use extended_resource_request_limit::RULE as EXTENDED_RESOURCE_REQUEST_LIMIT;
pub use forbidden_ephemeral_container_field::RULE as FORBIDDEN_EPHEMERAL_CONTAINER_FIELD;
pub use forbidden_init_container_field::RULE as FORBIDDEN_INIT_CONTAINER_FIELD;
pub use host_port_conflict::RULE as HOST_PORT_CONFLICT;
pub use hugepages_not_page_multiple::RULE as HUGEPAGES_NOT_PAGE_MULTIPLE;
pub use hugepages_without_cpu_or_memory::RULE as HUGEPAGES_WITHOUT_CPU_OR_MEMORY;
pub use identical_liveness_and_readiness_probes::RULE as IDENTICAL_LIVENESS_AND_READINESS_PROBES;
pub use image_whitespace::RULE as IMAGE_WHITESPACE;
pub use init_container_decides_requests::RULE as INIT_CONTAINER_DECIDES_REQUESTS;
pub use init_container_lowers_qos_class::RULE as INIT_CONTAINER_LOWERS_QOS_CLASS;
pub use init_container_restart_policy::RULE as INIT_CONTAINER_RESTART_POLICY;
pub use input_too_complex::RULE as INPUT_TOO_COMPLEX;
pub use invalid_active_deadline::RULE as INVALID_ACTIVE_DEADLINE;
pub use invalid_container_name::RULE as INVALID_CONTAINER_NAME;
pub use invalid_defer_grace_period_extension::RULE as INVALID_DEFER_GRACE_PERIOD_EXTENSION;
pub use invalid_defer_trigger::RULE as INVALID_DEFER_TRIGGER;
pub use invalid_env_var_name::RULE as INVALID_ENV_VAR_NAME;
pub use invalid_image_pull_policy::RULE as INVALID_IMAGE_PULL_POLICY;
pub use invalid_initializer_name::RULE as INVALID_INITIALIZER_NAME;
pub use invalid_lifecycle_handler::RULE as INVALID_LIFECYCLE_HANDLER;
pub use invalid_port::RULE as INVALID_PORT;
pub use invalid_probe_handler::RULE as INVALID_PROBE_HANDLER;
pub use invalid_probe_threshold::RULE as INVALID_PROBE_THRESHOLD;
pub use invalid_quantity::RULE as INVALID_QUANTITY;
pub use invalid_resize_policy::RULE as INVALID_RESIZE_POLICY;
pub use invalid_resource_name::RULE as INVALID_RESOURCE_NAME;
pub use invalid_restart_policy::RULE as INVALID_RESTART_POLICY;
pub use invalid_termination_grace_period::RULE as INVALID_TERMINATION_GRACE_PERIOD;
pub use invalid_termination_message_policy::RULE as INVALID_TERMINATION_MESSAGE_POLICY;
pub use invalid_volume_mount::RULE as INVALID_VOLUME_MOUNT;
pub use invalid_yaml::RULE as INVALID_YAML;
pub use job_restart_policy::RULE as JOB_RESTART_POLICY;
pub use legacy_init_containers_annotation::RULE as LEGACY_INIT_CONTAINERS_ANNOTATION;
pub use legacy_init_containers_conflict::RULE as LEGACY_INIT_CONTAINERS_CONFLICT;
pub use limit_below_request::RULE as LIMIT_BELOW_REQUEST;
pub use liveness_kill_cuts_pre_stop::RULE as LIVENESS_KILL_CUTS_PRE_STOP;
pub use liveness_probe_kills_slow_start::RULE as LIVENESS_PROBE_KILLS_SLOW_START;
pub use mutable_image_tag_with_if_not_present::RULE as MUTABLE_IMAGE_TAG_WITH_IF_NOT_PRESENT;
pub use negative_resource::RULE as NEGATIVE_RESOURCE;
pub use never_ending_container_in_job::RULE as NEVER_ENDING_CONTAINER_IN_JOB;
pub use never_restart_with_init_containers::RULE as NEVER_RESTART_WITH_INIT_CONTAINERS;
pub use no_containers::RULE as NO_CONTAINERS;
pub use no_objects::RULE as NO_OBJECTS;
pub use not_an_object::RULE as NOT_AN_OBJECT;
pub use pending_initializers::RULE as PENDING_INITIALIZERS;
pub use probe_port_not_declared::RULE as PROBE_PORT_NOT_DECLARED;
pub use probe_success_threshold::RULE as PROBE_SUCCESS_THRESHOLD;
pub use probe_timeout_exceeds_period::RULE as PROBE_TIMEOUT_EXCEEDS_PERIOD;
pub use readiness_probe_grace_period::RULE as READINESS_PROBE_GRACE_PERIOD;
pub use sidecar_without_startup_probe::RULE as SIDECAR_WITHOUT_STARTUP_PROBE;
pub use termination_work_exceeds_grace_period::RULE as TERMINATION_WORK_EXCEEDS_GRACE_PERIOD;
pub use undeclared_volume_mount::RULE as UNDECLARED_VOLUME_MOUNT;
pub use unknown_field::RULE as UNKNOWN_FIELD;
pub use unused_defer_settings::RULE as UNUSED_DEFER_SETTINGS;
pub use unused_suppression::RULE as UNUSED_SUPPRESSION;
pub use workload_active_deadline::RULE as WORKLOAD_ACTIVE_DEADLINE;
pub use wrong_type::RULE as WRONG_TYPE;
pub use zero_grace_period_with_termination_work::RULE as ZERO_GRACE_PERIOD_WITH_TERMINATION_WORK;

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
    &UNUSED_SUPPRESSION,
    &INVALID_CONTAINER_NAME,
    &DUPLICATE_CONTAINER_NAME,
    &INVALID_IMAGE_PULL_POLICY,
    &INVALID_TERMINATION_MESSAGE_POLICY,
    &INVALID_RESTART_POLICY,
    &INIT_CONTAINER_RESTART_POLICY,
    &APP_CONTAINER_RESTART_POLICY,
    &FORBIDDEN_INIT_CONTAINER_FIELD,
    &INVALID_PROBE_HANDLER,
    &INVALID_PROBE_THRESHOLD,
    &PROBE_SUCCESS_THRESHOLD,
    &READINESS_PROBE_GRACE_PERIOD,
    &INVALID_LIFECYCLE_HANDLER,
    &INVALID_PORT,
    &DUPLICATE_PORT_NAME,
    &HOST_PORT_CONFLICT,
    &INVALID_ENV_VAR_NAME,
    &UNDECLARED_VOLUME_MOUNT,
    &DUPLICATE_MOUNT_PATH,
    &INVALID_VOLUME_MOUNT,
    &INVALID_RESOURCE_NAME,
    &NEGATIVE_RESOURCE,
    &LIMIT_BELOW_REQUEST,
    &EXTENDED_RESOURCE_NOT_INTEGRAL,
    &EXTENDED_RESOURCE_REQUEST_LIMIT,
    &HUGEPAGES_WITHOUT_CPU_OR_MEMORY,
    &HUGEPAGES_NOT_PAGE_MULTIPLE,
    &INVALID_RESIZE_POLICY,
    &INVALID_TERMINATION_GRACE_PERIOD,
    &INVALID_ACTIVE_DEADLINE,
    &JOB_RESTART_POLICY,
    &DEPLOYMENT_RESTART_POLICY,
    &WORKLOAD_ACTIVE_DEADLINE,
    &FORBIDDEN_EPHEMERAL_CONTAINER_FIELD,
    &IMAGE_WHITESPACE,
    &DEFER_CONTAINER_RESTART_POLICY,
    &DEFER_CONTAINER_FORBIDDEN_FIELD,
    &INVALID_DEFER_TRIGGER,
    &INVALID_DEFER_GRACE_PERIOD_EXTENSION,
    &CONFLICTING_DEFER_GRACE_PERIOD_EXTENSIONS,
    &DEFER_EXTENSION_WITHOUT_LIVENESS_PROBE,
    &UNUSED_DEFER_SETTINGS,
    &LEGACY_INIT_CONTAINERS_ANNOTATION,
    &LEGACY_INIT_CONTAINERS_CONFLICT,
    &INVALID_INITIALIZER_NAME,
    &PENDING_INITIALIZERS,
    &SIDECAR_WITHOUT_STARTUP_PROBE,
    &TERMINATION_WORK_EXCEEDS_GRACE_PERIOD,
    &ZERO_GRACE_PERIOD_WITH_TERMINATION_WORK,
    &ACTIVE_DEADLINE_WITH_RESTART_ALWAYS,
    &ACTIVE_DEADLINE_SHORTER_THAN_STARTUP,
    &LIVENESS_PROBE_KILLS_SLOW_START,
    &IDENTICAL_LIVENESS_AND_READINESS_PROBES,
    &INIT_CONTAINER_DECIDES_REQUESTS,
    &INIT_CONTAINER_LOWERS_QOS_CLASS,
    &LIVENESS_KILL_CUTS_PRE_STOP,
    &NEVER_RESTART_WITH_INIT_CONTAINERS,
    &MUTABLE_IMAGE_TAG_WITH_IF_NOT_PRESENT,
    &PROBE_PORT_NOT_DECLARED,
    &PROBE_TIMEOUT_EXCEEDS_PERIOD,
    &NEVER_ENDING_CONTAINER_IN_JOB,
];

/// Rules that are off unless configuration turns them on (`--select`, `--severity NAME=warning`):
/// the built-in configuration's `severity: {NAME: off}`. Each is a sound check that fires on
/// deliberate, common patterns, so it suits a team policy rather than every CI run.
pub static DEFAULT_OFF: &[&Rule] = &[&IDENTICAL_LIVENESS_AND_READINESS_PROBES];

/// Whether a rule runs when no configuration says otherwise.
pub fn enabled_by_default(rule: &Rule) -> bool {
    !DEFAULT_OFF.iter().any(|off| off.id == rule.id)
}

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
    /// Reported when configuration is applied to a file's findings (suppressions).
    Configuration,
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
    /// Which rules run and at what severity (from configuration).
    pub settings: Arc<RuleSettings>,
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

    /// A context for one pod as seen after defaulting (or any other view of the object's pod).
    pub fn with_pod(object: &'p PodObject, pod: &'p Pod, options: &'p CheckOptions) -> Self {
        PodContext {
            object,
            pod,
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

    /// The containers that run beside the app, with their list and index: native sidecars (in
    /// init-container order), then app containers. These get probes, hooks and termination.
    pub fn running_containers(
        &self,
    ) -> impl Iterator<Item = (ContainerList, usize, &'p Container)> {
        let pod = self.pod;
        let sidecars = pod
            .init_containers()
            .iter()
            .enumerate()
            .filter(|(_, container)| container.is_sidecar())
            .map(|(index, container)| (ContainerList::Init, index, container));
        let apps = pod
            .containers()
            .iter()
            .enumerate()
            .map(|(index, container)| (ContainerList::App, index, container));
        sidecars.chain(apps)
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

/// Runs every enabled pod check on one pod.
pub fn check_pod(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (position, rule) in REGISTRY.iter().enumerate() {
        if let Origin::Pod(check) = rule.origin
            && context.options.settings.level_at(position, rule) != Level::Off
        {
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
        let directory = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lint/rules");
        let mut files = Vec::new();
        for entry in std::fs::read_dir(&directory).expect("src/lint/rules is readable") {
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
                "src/lint/rules/{file}.rs is not registered as `{name}`"
            );
        }
        assert_eq!(
            files.len(),
            REGISTRY.len(),
            "rule files and registry differ"
        );
    }

    #[test]
    fn off_by_default_rules_are_registered_and_say_so() {
        for rule in DEFAULT_OFF {
            assert!(find(rule.id).is_some(), "{} is not registered", rule.id);
            assert!(
                rule.docs.contains("Off by default"),
                "{} docs must say it is off by default",
                rule.id
            );
        }
        for rule in REGISTRY {
            if rule.docs.contains("Off by default") {
                assert!(!enabled_by_default(rule), "{} says off but is on", rule.id);
            }
        }
    }

    /// The documents of a fixture with their expectation (`true` = fires).
    fn fixture_documents(text: &str) -> Vec<(bool, String)> {
        let mut documents = vec![String::new()];
        for line in text.lines() {
            if line.trim_end() == "---" {
                documents.push(String::new());
            } else if let Some(last) = documents.last_mut() {
                last.push_str(line);
                last.push('\n');
            }
        }
        documents
            .into_iter()
            .map(|document| {
                let first = document.lines().next().unwrap_or("").trim().to_string();
                let fires = match first.as_str() {
                    "# expect: fires" => true,
                    "# expect: ok" => false,
                    other => panic!("a fixture document starts with `{other}`"),
                };
                (fires, document)
            })
            .collect()
    }

    #[test]
    fn every_fixture_fires_where_it_says() {
        use crate::lint::settings::selection::{Level, RuleSettings, Selector, SettingsLayer};
        let directory = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rules");
        for rule in REGISTRY {
            let path = directory.join(format!("{}.yaml", rule.name));
            let text = std::fs::read_to_string(&path).expect("fixture is readable");
            let layer = SettingsLayer {
                severity: vec![(Selector::Rule(rule), Level::On(rule.severity))],
                ..SettingsLayer::default()
            };
            let options = CheckOptions {
                settings: Arc::new(RuleSettings::resolve(&[&layer])),
                ..CheckOptions::default()
            };
            let documents = fixture_documents(&text);
            assert!(
                documents.iter().any(|(fires, _)| *fires),
                "{}: no `fires` document",
                rule.name
            );
            for (index, (fires, document)) in documents.into_iter().enumerate() {
                let source =
                    crate::input::SourceText::new(&format!("{}#{index}", rule.name), document);
                let report = crate::lint::validate::validate_source(&source, &options);
                let fired: Vec<&Finding> = report
                    .findings
                    .iter()
                    .filter(|finding| finding.rule.id == rule.id)
                    .collect();
                assert_eq!(
                    !fired.is_empty(),
                    fires,
                    "{} document {index} expected to {}: {:#?}",
                    rule.name,
                    if fires { "fire" } else { "stay quiet" },
                    report
                        .findings
                        .iter()
                        .map(|f| (f.rule.id, &f.message))
                        .collect::<Vec<_>>()
                );
            }
        }
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
