//! Configuration files: finding `.podlife.yaml` upward from each input, reading it with located errors,
//! and combining it with the command line into each input's [`CheckOptions`].
//!
//! Discovery (like ruff's): from the input file's directory (the current directory for standard
//! input and built-in examples) upward, the first directory holding `.podlife.yaml` (or
//! `.podlife.yml`) wins. The walk stops after the first directory that contains `.git` (the
//! repository root), so a checkout never picks up a file from outside it; without a `.git` it
//! goes on to the filesystem root. `--config FILE` names the file and turns discovery off;
//! `--no-config` uses no file at all. The command line's settings apply after the file's.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::Error;
use crate::input::Input;
use crate::k8s::cluster::{FeatureGates, GateSettings, KubernetesVersion};
use crate::k8s::pod_security::namespace_policy::LABEL_PREFIX;
use crate::k8s::pod_security::{LevelVersion, Mode, Policy, PolicyVersion, policy_from_labels};
use crate::k8s::workload::custom_resources::{
    CustomPodTemplates, Flavour, PodTemplateTable, TemplatePath,
};
use crate::lint::rules::Rule;
use crate::lint::rules::best_practice::helpers::disruption_budgets::DisruptionBudgets;
use crate::lint::rules::best_practice::helpers::settings::{BestPracticeLayer, CpuLimitPolicy};
use crate::lint::rules::pod_security::helpers::namespaces::Namespaces;
use crate::lint::rules::pod_security::helpers::policy::{PodSecurityLayer, PodSecuritySetup};
use crate::lint::settings::CheckOptions;
use crate::lint::settings::selection::{
    Level, RuleSettings, Selector, SettingsLayer, parse_severity_assignment,
};
use crate::yaml::line_index::LineIndex;
use crate::yaml::source::{
    Node, NodeKind, Offsets, Resolved, ScalarForm, Span, parse_stream, resolve_plain,
};

/// The keys of a configuration file.
pub const CONFIG_KEYS: [&str; 12] = [
    "select",
    "extendSelect",
    "ignore",
    "severity",
    "strictInitialized",
    "exclude",
    "podTemplates",
    "kubernetesVersion",
    "featureGates",
    "honorPeerAnnotations",
    "bestPractice",
    "podSecurity",
];

/// Largest configuration file read, whatever `--max-input-size` allows: a configuration is a
/// few lines, and a bound this low makes `--config /dev/zero` an error in milliseconds.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// Reads a configuration file, at most `max_bytes` of it (`--max-input-size`, as manifests)
/// and at most [`MAX_CONFIG_BYTES`].
pub fn load(path: &Path, max_bytes: u64) -> Result<SettingsLayer, Error> {
    let text = if max_bytes < MAX_CONFIG_BYTES {
        crate::input::read_text_file(path, max_bytes)?
    } else {
        crate::input::read_text_file(path, MAX_CONFIG_BYTES).map_err(|error| match error {
            Error::TooLarge { .. } => Error::Usage(format!(
                "`{}` is larger than a configuration file may be ({} MiB)",
                path.display(),
                MAX_CONFIG_BYTES >> 20
            )),
            other => other,
        })?
    };
    parse(&text).map_err(|problems| Error::Config {
        file: display_path(path),
        problems,
    })
}

/// A path as messages show it: relative to the current directory when inside it.
fn display_path(path: &Path) -> String {
    std::env::current_dir()
        .ok()
        .and_then(|current| path.strip_prefix(current).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf())
        .display()
        .to_string()
}

pub use crate::error::ConfigProblem;
pub use crate::input::config_discovery::{CONFIG_FILE_NAMES, discover};

/// A problem found at a node of the settings: the node's offsets, turned into lines and
/// columns by [`parse`] once every problem is found.
struct NodeProblem {
    at: Offsets,
    message: String,
    help: Option<String>,
}

impl NodeProblem {
    fn new(node: &Node<'_>, message: impl Into<String>) -> Self {
        NodeProblem {
            at: node.at,
            message: message.into(),
            help: None,
        }
    }

    fn placed(self, lines: &LineIndex<'_>) -> ConfigProblem {
        ConfigProblem {
            span: lines.span(self.at),
            message: self.message,
            help: self.help,
        }
    }
}

/// Parses configuration text; every problem is reported, each located.
pub fn parse(text: &str) -> Result<SettingsLayer, Vec<ConfigProblem>> {
    let mut documents = parse_stream(text);
    let problems: Vec<ConfigProblem> = documents
        .iter()
        .flat_map(|document| &document.problems)
        .map(|problem| ConfigProblem {
            span: problem.span,
            message: problem.message.clone(),
            help: None,
        })
        .collect();
    if !problems.is_empty() {
        return Err(problems);
    }
    if let Some(extra) = documents.get(1) {
        return Err(vec![ConfigProblem {
            span: Span::at(extra.start),
            message: "a configuration file holds one document".to_string(),
            help: Some("remove the `---` and merge the documents".to_string()),
        }]);
    }
    let Some(root) = documents.first_mut().and_then(|d| d.root.take()) else {
        return Ok(SettingsLayer::default());
    };
    let lines = LineIndex::new(text);
    settings(&root).map_err(|problems| {
        problems
            .into_iter()
            .map(|problem| problem.placed(&lines))
            .collect()
    })
}

/// The settings of a configuration file's root node.
fn settings(root: &Node<'_>) -> Result<SettingsLayer, Vec<NodeProblem>> {
    if root.is_null() {
        return Ok(SettingsLayer::default());
    }
    let NodeKind::Mapping(entries) = root.kind() else {
        return Err(vec![NodeProblem::new(
            root,
            format!("expected a mapping of settings, found {}", root.describe()),
        )]);
    };
    let mut problems = Vec::new();
    let mut layer = SettingsLayer::default();
    for (key, value) in entries {
        let name = key.as_scalar().unwrap_or("");
        match name {
            "select" => {
                let selected = selectors(value, &mut problems);
                if selected.is_empty() {
                    problems.push(NodeProblem::new(
                        value,
                        "`select` names no rules; an empty selection would turn off every check, \
                         syntax errors included (leave `select` out to keep the defaults)",
                    ));
                }
                layer.select = Some(selected);
            }
            "extendSelect" => layer.extend_select = selectors(value, &mut problems),
            "ignore" => layer.ignore = selectors(value, &mut problems),
            "severity" => layer.severity = severities(value, &mut problems),
            "exclude" => layer.exclude = exclude_globs(value, &mut problems),
            "podTemplates" => layer.pod_templates = pod_templates(value, &mut problems),
            "kubernetesVersion" => match value.as_scalar().map(KubernetesVersion::parse) {
                Some(Ok(version)) => layer.kubernetes_version = Some(version),
                Some(Err(message)) => problems.push(NodeProblem::new(value, message)),
                None => problems.push(expected(value, "a Kubernetes version such as `1.33`")),
            },
            "featureGates" => {
                if let Some(gates) = feature_gates(value, &mut problems) {
                    layer.feature_gates = vec![gates];
                }
            }
            "strictInitialized" => layer.strict_initialized = flag(value, &mut problems),
            "honorPeerAnnotations" => layer.honor_peer_annotations = flag(value, &mut problems),
            "bestPractice" => layer.best_practice = best_practice(value, &mut problems),
            "podSecurity" => layer.pod_security = pod_security(value, &mut problems),
            _ => problems.push(unknown_key(key, name, &CONFIG_KEYS)),
        }
    }
    if problems.is_empty() {
        Ok(layer)
    } else {
        Err(problems)
    }
}

/// `true` or `false` (YAML 1.1 spellings, as Kubernetes reads them).
fn flag(node: &Node<'_>, problems: &mut Vec<NodeProblem>) -> Option<bool> {
    match node.kind() {
        NodeKind::Scalar(text, ScalarForm::Plain) => match resolve_plain(text) {
            Resolved::Bool(flag) => return Some(flag),
            _ => problems.push(expected(node, "`true` or `false`")),
        },
        _ => problems.push(expected(node, "`true` or `false`")),
    }
    None
}

/// The keys of `bestPractice:`.
const BEST_PRACTICE_KEYS: [&str; 4] = [
    "minUserId",
    "allowedRegistries",
    "cpuLimits",
    "initContainerRequests",
];

/// `bestPractice:`: `minUserId` (a user ID), `allowedRegistries` (a list of registries, or one),
/// `cpuLimits` (`require` or `forbid`), `initContainerRequests` (a boolean).
fn best_practice(node: &Node<'_>, problems: &mut Vec<NodeProblem>) -> BestPracticeLayer {
    let mut layer = BestPracticeLayer::default();
    let NodeKind::Mapping(entries) = node.kind() else {
        if !node.is_null() {
            problems.push(expected(
                node,
                "a mapping with `minUserId`, `allowedRegistries`, `cpuLimits` or `initContainerRequests`",
            ));
        }
        return layer;
    };
    for (key, value) in entries {
        let name = key.as_scalar().unwrap_or("");
        match name {
            "minUserId" => match value.as_scalar().map(resolve_plain) {
                Some(Resolved::Int(id)) if (0..=i64::from(i32::MAX)).contains(&id) => {
                    layer.min_user_id = Some(id);
                }
                _ => problems.push(expected(value, "a user ID from 0 to 2147483647")),
            },
            "allowedRegistries" => {
                let items = list_or_one(value, "a list of registries", problems);
                let mut registries = Vec::new();
                for item in items {
                    match item.as_str().map(str::trim).filter(|text| !text.is_empty()) {
                        Some(registry) => {
                            registries.push(registry.trim_end_matches('/').to_string());
                        }
                        None => problems
                            .push(expected(item, "a registry such as `registry.example.com`")),
                    }
                }
                layer.allowed_registries = Some(registries);
            }
            "initContainerRequests" => layer.init_container_requests = flag(value, problems),
            "cpuLimits" => match value.as_str().and_then(CpuLimitPolicy::parse) {
                Some(policy) => layer.cpu_limits = Some(policy),
                None => problems.push(expected(
                    value,
                    &format!("`{}`", CpuLimitPolicy::NAMES.join("` or `")),
                )),
            },
            _ => problems.push(unknown_key(key, name, &BEST_PRACTICE_KEYS)),
        }
    }
    layer
}

/// The keys of `podSecurity:`.
const POD_SECURITY_KEYS: [&str; 3] = ["defaults", "namespaces", "exemptions"];
/// The keys of `podSecurity.defaults` and of each namespace's labels.
const POD_SECURITY_LABELS: [&str; 6] = [
    "enforce",
    "enforce-version",
    "warn",
    "warn-version",
    "audit",
    "audit-version",
];

/// `podSecurity:`, shaped as the admission controller's `PodSecurityConfiguration`:
/// `defaults` (`enforce`, `enforce-version`, … or `enforce: restricted:v1.30`), `namespaces`
/// (each a mapping of the same keys, as the namespace's labels would say), `exemptions`
/// (`namespaces`, `runtimeClasses`).
fn pod_security(node: &Node<'_>, problems: &mut Vec<NodeProblem>) -> PodSecurityLayer {
    let mut layer = PodSecurityLayer::default();
    let NodeKind::Mapping(entries) = node.kind() else {
        if !node.is_null() {
            problems.push(expected(
                node,
                "a mapping with `defaults`, `namespaces` or `exemptions`",
            ));
        }
        return layer;
    };
    for (key, value) in entries {
        let name = key.as_scalar().unwrap_or("");
        match name {
            "defaults" => layer.defaults = pod_security_defaults(value, problems),
            "namespaces" => layer.namespaces = Some(pod_security_namespaces(value, problems)),
            "exemptions" => {
                let NodeKind::Mapping(entries) = value.kind() else {
                    if !value.is_null() {
                        problems.push(expected(
                            value,
                            "a mapping with `namespaces` or `runtimeClasses`",
                        ));
                    }
                    continue;
                };
                for (key, list) in entries {
                    let names: Vec<String> = list_or_one(list, "a list of names", problems)
                        .into_iter()
                        .filter_map(|item| match item.as_str().filter(|n| !n.is_empty()) {
                            Some(name) => Some(name.to_string()),
                            None => {
                                problems.push(expected(item, "a name"));
                                None
                            }
                        })
                        .collect();
                    match key.as_scalar().unwrap_or("") {
                        "namespaces" => layer.exempt_namespaces = Some(names),
                        "runtimeClasses" => layer.exempt_runtime_classes = Some(names),
                        other => problems.push(unknown_key(
                            key,
                            other,
                            &["namespaces", "runtimeClasses"],
                        )),
                    }
                }
            }
            _ => problems.push(unknown_key(key, name, &POD_SECURITY_KEYS)),
        }
    }
    layer
}

/// `podSecurity.defaults`: each mode's level (`LEVEL` or `LEVEL:VERSION`) and version.
fn pod_security_defaults(
    node: &Node<'_>,
    problems: &mut Vec<NodeProblem>,
) -> [Option<LevelVersion>; 3] {
    let mut defaults = [None; 3];
    for (label, text, at) in pod_security_labels(node, problems) {
        let Some(mode) = Mode::parse(label.trim_end_matches("-version")) else {
            continue;
        };
        let slot = mode as usize;
        let current = defaults.get(slot).copied().flatten().unwrap_or_default();
        let parsed = if label.ends_with("-version") {
            PolicyVersion::parse(&text)
                .map(|version| LevelVersion { version, ..current })
                .map_err(str::to_string)
        } else {
            // `enforce: baseline` keeps an `enforce-version` given before it.
            LevelVersion::parse(&text).map(|value| {
                if text.contains(':') {
                    value
                } else {
                    LevelVersion {
                        level: value.level,
                        ..current
                    }
                }
            })
        };
        match parsed {
            Ok(value) => {
                if let Some(slot) = defaults.get_mut(slot) {
                    *slot = Some(value);
                }
            }
            Err(message) => {
                problems.push(NodeProblem::new(at, format!("`{label}`: {message}")));
            }
        }
    }
    defaults
}

/// `podSecurity.namespaces`: each namespace's labels, as the API server would read them.
fn pod_security_namespaces(
    node: &Node<'_>,
    problems: &mut Vec<NodeProblem>,
) -> std::collections::BTreeMap<String, Vec<(String, String)>> {
    let mut namespaces = std::collections::BTreeMap::new();
    let NodeKind::Mapping(entries) = node.kind() else {
        if !node.is_null() {
            problems.push(expected(node, "a mapping of namespaces to their labels"));
        }
        return namespaces;
    };
    for (namespace, labels) in entries {
        let Some(namespace) = namespace.as_str().filter(|n| !n.is_empty()) else {
            problems.push(expected(namespace, "a namespace name"));
            continue;
        };
        let mut written = Vec::new();
        for (label, text, at) in pod_security_labels(labels, problems) {
            let key = format!("{LABEL_PREFIX}{label}");
            // The same reading as the labels': a value the API server refuses is refused here.
            let (_, refused) =
                policy_from_labels(|k| (k == key).then_some(text.as_str()), Policy::default());
            if let Some(problem) = refused.first() {
                problems.push(NodeProblem::new(
                    at,
                    format!("`{label}`: {}", problem.expected),
                ));
                continue;
            }
            written.push((key, text));
        }
        namespaces.insert(namespace.to_string(), written);
    }
    namespaces
}

/// The Pod Security label entries of a mapping (`enforce: restricted`), as (key, value, node);
/// other keys are problems.
fn pod_security_labels<'n, 'a>(
    node: &'n Node<'a>,
    problems: &mut Vec<NodeProblem>,
) -> Vec<(&'static str, String, &'n Node<'a>)> {
    let NodeKind::Mapping(entries) = node.kind() else {
        if !node.is_null() {
            problems.push(expected(
                node,
                "a mapping such as `{enforce: restricted, enforce-version: v1.30}`",
            ));
        }
        return Vec::new();
    };
    let mut labels = Vec::new();
    for (key, value) in entries {
        let name = key.as_scalar().unwrap_or("");
        let Some(label) = POD_SECURITY_LABELS.iter().find(|label| **label == name) else {
            problems.push(unknown_key(key, name, &POD_SECURITY_LABELS));
            continue;
        };
        match value.as_scalar() {
            Some(text) => labels.push((*label, text.to_string(), value)),
            None => problems.push(expected(value, "a level or version")),
        }
    }
    labels
}

/// An unknown key, with the closest known one.
fn unknown_key(key: &Node<'_>, name: &str, known: &[&str]) -> NodeProblem {
    let mut problem = NodeProblem::new(key, format!("unknown key `{name}`"));
    problem.help = Some(match crate::text::closest(name, known) {
        Some(known) => format!("did you mean `{known}`?"),
        None => format!("the keys are `{}`", known.join("`, `")),
    });
    problem
}

fn expected(node: &Node<'_>, what: &str) -> NodeProblem {
    NodeProblem::new(node, format!("expected {what}, found {}", node.describe()))
}

/// The items of a list, or a single scalar as a list of one (`null`: none); a mapping is a
/// problem (`expected` says what was wanted).
fn list_or_one<'n, 'a>(
    node: &'n Node<'a>,
    wanted: &str,
    problems: &mut Vec<NodeProblem>,
) -> Vec<&'n Node<'a>> {
    match node.kind() {
        NodeKind::Sequence(items) => items.iter().collect(),
        NodeKind::Scalar(..) if node.is_null() => Vec::new(),
        NodeKind::Scalar(..) => vec![node],
        NodeKind::Mapping(_) => {
            problems.push(expected(node, wanted));
            Vec::new()
        }
    }
}

/// `select`/`ignore`: a list of rule keys, or one string of comma-separated keys.
fn selectors(node: &Node<'_>, problems: &mut Vec<NodeProblem>) -> Vec<Selector> {
    let items = list_or_one(node, "a list of rule IDs or names", problems);
    let mut selected = Vec::new();
    for item in items {
        let Some(text) = item.as_scalar() else {
            problems.push(expected(item, "a rule ID or name"));
            continue;
        };
        for key in text.split(',').map(str::trim).filter(|k| !k.is_empty()) {
            match key.parse::<Selector>() {
                Ok(selector) => selected.push(selector),
                Err(message) => problems.push(NodeProblem::new(item, message)),
            }
        }
    }
    selected
}

/// `exclude`: a list of globs (or one glob), each checked as a `.gitignore` line.
fn exclude_globs(node: &Node<'_>, problems: &mut Vec<NodeProblem>) -> Vec<String> {
    let items = list_or_one(node, "a list of globs", problems);
    let mut globs = Vec::new();
    for item in items {
        let Some(glob) = item.as_scalar().filter(|glob| !glob.trim().is_empty()) else {
            problems.push(expected(item, "a glob such as `charts/**`"));
            continue;
        };
        let mut check = ignore::gitignore::GitignoreBuilder::new("/");
        match check.add_line(None, glob) {
            Ok(_) => globs.push(glob.to_string()),
            Err(error) => problems.push(NodeProblem::new(item, format!("invalid glob: {error}"))),
        }
    }
    globs
}

/// `featureGates`: a mapping of gate names to booleans (`{PodLevelResources: true}`), or one
/// string as `--feature-gates` takes it. Names must be gates podlife consults in some release;
/// whether the chosen release has them is checked once the release is known.
fn feature_gates(node: &Node<'_>, problems: &mut Vec<NodeProblem>) -> Option<GateSettings> {
    let known = |name: &str| {
        matches!(name, "AllAlpha" | "AllBeta")
            || crate::k8s::cluster::feature_gates::GATES
                .iter()
                .any(|row| row.name == name)
    };
    let settings = match node.kind() {
        NodeKind::Scalar(text, _) if !node.is_null() => GateSettings::parse(text)
            .map_err(|message| problems.push(NodeProblem::new(node, message)))
            .ok()?,
        NodeKind::Mapping(entries) => {
            let mut pairs = Vec::new();
            for (key, value) in entries {
                let name = key.as_scalar().unwrap_or("");
                let enabled = match value.kind() {
                    NodeKind::Scalar(text, ScalarForm::Plain) => match resolve_plain(text) {
                        Resolved::Bool(flag) => Some(flag),
                        _ => None,
                    },
                    _ => None,
                };
                match enabled {
                    Some(enabled) => pairs.push((name.to_string(), enabled)),
                    None => problems.push(expected(value, "`true` or `false`")),
                }
            }
            GateSettings::from_pairs(pairs)
        }
        _ => {
            problems.push(expected(
                node,
                "a mapping of feature gates to `true` or `false`",
            ));
            return None;
        }
    };
    let mut all_known = true;
    for (name, _) in settings.pairs() {
        if !known(name) {
            all_known = false;
            let at = match node.kind() {
                NodeKind::Mapping(entries) => entries
                    .iter()
                    .find(|(key, _)| key.as_scalar() == Some(name.as_str()))
                    .map_or(node, |(key, _)| key),
                _ => node,
            };
            let names: Vec<&str> = crate::k8s::cluster::feature_gates::GATES
                .iter()
                .map(|row| row.name)
                .collect();
            let mut problem = NodeProblem::new(at, format!("unrecognized feature gate: {name}"));
            problem.help = Some(match crate::text::closest(name, &names) {
                Some(close) => format!("did you mean `{close}`?"),
                None => format!("podlife consults `{}`", names.join("`, `")),
            });
            problems.push(problem);
        }
    }
    all_known.then_some(settings)
}

/// The keys of a `podTemplates:` entry.
const POD_TEMPLATE_KEYS: [&str; 4] = ["apiVersion", "kind", "path", "job"];

/// `podTemplates`: a list of `{apiVersion, kind, path}`, `path` one template path or a list,
/// and `job: true` when a Job runs the templates' pods (so they must not restart `Always`).
fn pod_templates(node: &Node<'_>, problems: &mut Vec<NodeProblem>) -> Vec<CustomPodTemplates> {
    let items: Vec<&Node<'_>> = match node.kind() {
        NodeKind::Sequence(items) => items.iter().collect(),
        _ if node.is_null() => Vec::new(),
        _ => {
            problems.push(expected(node, "a list of `{apiVersion, kind, path}`"));
            return Vec::new();
        }
    };
    let mut entries = Vec::new();
    for item in items {
        let NodeKind::Mapping(fields) = item.kind() else {
            problems.push(expected(
                item,
                "a mapping with `apiVersion`, `kind` and `path`",
            ));
            continue;
        };
        let before = problems.len();
        for (key, _) in fields {
            let name = key.as_scalar().unwrap_or("");
            if !POD_TEMPLATE_KEYS.contains(&name) {
                let mut problem = NodeProblem::new(key, format!("unknown key `{name}`"));
                problem.help = Some(format!("the keys are `{}`", POD_TEMPLATE_KEYS.join("`, `")));
                problems.push(problem);
            }
        }
        let mut text = |field: &str, what: &str| -> Option<String> {
            match item.get(field) {
                Some(value) => match value.as_str().filter(|text| !text.trim().is_empty()) {
                    Some(text) => Some(text.to_string()),
                    None => {
                        problems.push(expected(value, what));
                        None
                    }
                },
                None => {
                    problems.push(NodeProblem::new(item, format!("`{field}` is missing")));
                    None
                }
            }
        };
        let api_version = text("apiVersion", "an API group or `group/version`");
        let kind = text("kind", "a kind");
        let paths: Vec<&Node<'_>> = match item.get("path").map(|path| (path, path.kind())) {
            Some((_, NodeKind::Sequence(paths))) => paths.iter().collect(),
            Some((path, _)) => vec![path],
            None => {
                problems.push(NodeProblem::new(item, "`path` is missing"));
                Vec::new()
            }
        };
        let runs_as_job = match item.get("job") {
            None => false,
            Some(value) => match value.as_scalar().map(crate::yaml::source::resolve_plain) {
                Some(crate::yaml::source::Resolved::Bool(flag)) => flag,
                _ => {
                    problems.push(expected(value, "`true` or `false`"));
                    false
                }
            },
        };
        let mut parsed = Vec::new();
        for path in paths {
            match path.as_str().map(TemplatePath::parse) {
                Some(Ok(template)) => parsed.push(template),
                Some(Err(message)) => problems.push(NodeProblem::new(path, message)),
                None => problems.push(expected(path, "a path such as `spec.template`")),
            }
        }
        if let (Some(api_version), Some(kind), true) = (api_version, kind, problems.len() == before)
        {
            let (paths, job_paths) = if runs_as_job {
                (Vec::new(), parsed)
            } else {
                (parsed, Vec::new())
            };
            entries.push(CustomPodTemplates {
                api_version,
                kind,
                paths,
                job_paths,
                fills_restart_policy: false,
                claims: Vec::new(),
                flavour: Flavour::Plain,
            });
        }
    }
    entries
}

/// Which files a directory walk leaves out because the configuration that governs them says
/// so (`exclude:`): each walked file is matched against the globs of its configuration file
/// (found as for checking, once per directory), relative to that file's directory.
#[derive(Debug)]
pub struct WalkExcludes {
    source: ConfigSource,
    by_directory: HashMap<PathBuf, Option<Arc<ignore::gitignore::Gitignore>>>,
    by_file: HashMap<PathBuf, Option<Arc<ignore::gitignore::Gitignore>>>,
    max_bytes: u64,
}

impl WalkExcludes {
    /// Excludes from the configuration `source` names, each file read up to `max_bytes`.
    pub fn new(source: ConfigSource, max_bytes: u64) -> Self {
        WalkExcludes {
            source,
            by_directory: HashMap::new(),
            by_file: HashMap::new(),
            max_bytes,
        }
    }

    /// Whether the configuration governing the walked file `path` excludes it; an invalid
    /// configuration file is an error.
    pub fn excludes(&mut self, path: &Path) -> Result<bool, Error> {
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let directory = absolute.parent().map(Path::to_path_buf).unwrap_or_default();
        let matcher = match self.by_directory.get(&directory) {
            Some(matcher) => matcher.clone(),
            None => {
                let file = match &self.source {
                    ConfigSource::None => None,
                    ConfigSource::File(file) => Some(file.clone()),
                    ConfigSource::Discover => discover(&directory),
                };
                let matcher = match file {
                    Some(file) => self.matcher_of(&file)?,
                    None => None,
                };
                self.by_directory.insert(directory, matcher.clone());
                matcher
            }
        };
        Ok(matcher.is_some_and(|matcher| {
            absolute.starts_with(matcher.path())
                && matcher
                    .matched_path_or_any_parents(&absolute, false)
                    .is_ignore()
        }))
    }

    fn matcher_of(
        &mut self,
        file: &Path,
    ) -> Result<Option<Arc<ignore::gitignore::Gitignore>>, Error> {
        let file = std::path::absolute(file).unwrap_or_else(|_| file.to_path_buf());
        if let Some(matcher) = self.by_file.get(&file) {
            return Ok(matcher.clone());
        }
        let layer = load(&file, self.max_bytes)?;
        let matcher = if layer.exclude.is_empty() {
            None
        } else {
            let root = file.parent().unwrap_or(Path::new("/"));
            let mut builder = ignore::gitignore::GitignoreBuilder::new(root);
            for glob in &layer.exclude {
                // Checked when the file was read.
                let _ = builder.add_line(None, glob);
            }
            let built = builder.build().map_err(|error| Error::Config {
                file: display_path(&file),
                problems: vec![ConfigProblem {
                    span: Span::default(),
                    message: format!("`exclude`: {error}"),
                    help: None,
                }],
            })?;
            Some(Arc::new(built))
        };
        self.by_file.insert(file, matcher.clone());
        Ok(matcher)
    }
}

/// `severity`: a mapping of rule keys to levels, applied in the file's order.
fn severities(node: &Node<'_>, problems: &mut Vec<NodeProblem>) -> Vec<(Selector, Level)> {
    let NodeKind::Mapping(entries) = node.kind() else {
        if !node.is_null() {
            problems.push(expected(node, "a mapping of rule to level"));
        }
        return Vec::new();
    };
    let mut levels = Vec::new();
    for (key, value) in entries {
        let selector = key
            .as_scalar()
            .unwrap_or("")
            .parse::<Selector>()
            .map_err(|message| problems.push(NodeProblem::new(key, message)));
        let level = value
            .as_scalar()
            .unwrap_or("")
            .parse::<Level>()
            .map_err(|message| problems.push(NodeProblem::new(value, message)));
        if let (Ok(selector), Ok(level)) = (selector, level) {
            levels.push((selector, level));
        }
    }
    levels
}

/// The settings the command line gives (`--select`, `--extend-select`, `--ignore`,
/// `--severity`, `--strict-initialized`).
pub fn command_line_layer(
    select: &[String],
    extend_select: &[String],
    ignore: &[String],
    severity: &[String],
    strict_initialized: bool,
) -> Result<SettingsLayer, Error> {
    let keys = |values: &[String], flag: &str| -> Result<Vec<Selector>, Error> {
        values
            .iter()
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .filter(|key| !key.is_empty())
            .map(|key| {
                key.parse::<Selector>()
                    .map_err(|message| Error::Usage(format!("{flag}: {message}")))
            })
            .collect()
    };
    let select = if select.is_empty() {
        None
    } else {
        let selected = keys(select, "--select")?;
        if selected.is_empty() {
            return Err(Error::Usage(
                "--select: no rules named; an empty selection would turn off every check, syntax \
                 errors included (to run only some rules, name them: `--select PL1,PL3`)"
                    .to_string(),
            ));
        }
        Some(selected)
    };
    Ok(SettingsLayer {
        select,
        extend_select: keys(extend_select, "--extend-select")?,
        ignore: keys(ignore, "--ignore")?,
        severity: severity
            .iter()
            .map(|text| {
                parse_severity_assignment(text)
                    .map_err(|message| Error::Usage(format!("--severity: {message}")))
            })
            .collect::<Result<_, _>>()?,
        strict_initialized: strict_initialized.then_some(true),
        ..SettingsLayer::default()
    })
}

/// Where an input's configuration comes from.
#[derive(Debug, Clone)]
pub enum ConfigSource {
    /// Discover `.podlife.yaml` upward from each input.
    Discover,
    /// This file, for every input.
    File(PathBuf),
    /// No file.
    None,
}

impl ConfigSource {
    /// From `--config FILE` and `--no-config`.
    pub fn from_flags(file: Option<&Path>, no_config: bool) -> Self {
        match (file, no_config) {
            (_, true) => ConfigSource::None,
            (Some(file), false) => ConfigSource::File(file.to_path_buf()),
            (None, false) => ConfigSource::Discover,
        }
    }
}

/// Each input's check options: its configuration file (found once per directory) with the
/// command line's settings on top.
#[derive(Debug)]
pub struct ConfigResolver {
    base: CheckOptions,
    source: ConfigSource,
    command_line: SettingsLayer,
    by_directory: HashMap<PathBuf, Arc<CheckOptions>>,
    fixed: Option<Arc<CheckOptions>>,
    /// The options of an input no configuration file governs.
    unconfigured: Arc<CheckOptions>,
}

impl ConfigResolver {
    /// Reads the configuration of every input, each file up to `max_bytes`; fails on the first
    /// invalid file.
    pub fn prepare(
        base: CheckOptions,
        source: ConfigSource,
        command_line: SettingsLayer,
        inputs: &[Result<Input, Error>],
        max_bytes: u64,
    ) -> Result<Self, Error> {
        let mut resolver = ConfigResolver {
            base,
            source,
            command_line,
            by_directory: HashMap::new(),
            fixed: None,
            unconfigured: Arc::new(CheckOptions::default()),
        };
        resolver.unconfigured = resolver.options(None)?;
        match resolver.source.clone() {
            ConfigSource::File(path) => {
                let layer = load(&path, max_bytes)?;
                resolver.fixed = Some(resolver.options(Some(&layer))?);
            }
            ConfigSource::None => resolver.fixed = Some(resolver.unconfigured.clone()),
            ConfigSource::Discover => {
                let mut files: HashMap<PathBuf, Arc<CheckOptions>> = HashMap::new();
                for input in inputs.iter().flatten() {
                    let directory = start_directory(input);
                    if resolver.by_directory.contains_key(&directory) {
                        continue;
                    }
                    let options = match discover(&directory) {
                        Some(file) => match files.get(&file) {
                            Some(options) => options.clone(),
                            None => {
                                let layer = load(&file, max_bytes)?;
                                let options = resolver.options(Some(&layer))?;
                                files.insert(file, options.clone());
                                options
                            }
                        },
                        None => resolver.unconfigured.clone(),
                    };
                    resolver.by_directory.insert(directory, options);
                }
            }
        }
        Ok(resolver)
    }

    fn options(&self, file: Option<&SettingsLayer>) -> Result<Arc<CheckOptions>, Error> {
        let layers: Vec<&SettingsLayer> = file.into_iter().chain([&self.command_line]).collect();
        let version = layers
            .iter()
            .rev()
            .find_map(|layer| layer.kubernetes_version)
            .unwrap_or_default();
        let settings: Vec<&GateSettings> = layers
            .iter()
            .flat_map(|layer| &layer.feature_gates)
            .collect();
        let gates = FeatureGates::resolve(version, &settings).map_err(|message| {
            Error::Usage(
                match (
                    &self.source,
                    file.is_some_and(|f| !f.feature_gates.is_empty()),
                ) {
                    (_, true) => {
                        format!("feature gates (configuration and --feature-gates): {message}")
                    }
                    _ => format!("--feature-gates: {message}"),
                },
            )
        })?;
        let configured = file
            .map(|layer| layer.pod_templates.as_slice())
            .unwrap_or_default();
        let pod_templates = if configured.is_empty() {
            self.base.pod_templates.clone()
        } else {
            Arc::new(PodTemplateTable::with(configured))
        };
        Ok(Arc::new(CheckOptions {
            settings: Arc::new(RuleSettings::resolve(&layers)),
            pod_templates,
            gates,
            pod_security: Arc::new(PodSecuritySetup::resolve_layers(
                layers.iter().map(|layer| &layer.pod_security),
            )),
            ..self.base.clone()
        }))
    }

    /// The one Kubernetes release and set of feature gates of this run. Inputs whose
    /// configuration files name different ones are a usage error: a report carries one target,
    /// and the command line's `--kubernetes-version`/`--feature-gates` settle it.
    pub fn gates(&self) -> Result<FeatureGates, Error> {
        if let Some(fixed) = &self.fixed {
            return Ok(fixed.gates);
        }
        let mut seen: Vec<FeatureGates> = self.by_directory.values().map(|o| o.gates).collect();
        seen.sort_by_key(|gates| (gates.version(), gates.to_string()));
        seen.dedup();
        match seen.as_slice() {
            [] => Ok(self.unconfigured.gates),
            [one] => Ok(*one),
            [first, second, ..] => Err(Error::Usage(format!(
                "the inputs' configuration files name different clusters (Kubernetes {}: {}; Kubernetes {}: {}); check them in separate runs, or name one with --kubernetes-version and --feature-gates",
                first.version(),
                describe_changes(first),
                second.version(),
                describe_changes(second),
            ))),
        }
    }

    /// Whether `rule` runs for some input: by the command line's settings or a configuration
    /// file's.
    pub fn enabled_anywhere(&self, rule: &Rule) -> bool {
        self.fixed
            .iter()
            .chain(self.by_directory.values())
            .any(|options| options.settings.enabled(rule))
    }

    /// Gives every input's options the PodDisruptionBudgets of the whole run (PL447).
    pub fn with_disruption_budgets(&mut self, budgets: &Arc<DisruptionBudgets>) {
        let add = |options: &mut Arc<CheckOptions>| {
            *options = Arc::new(CheckOptions {
                disruption_budgets: Some(Arc::clone(budgets)),
                ..CheckOptions::clone(options)
            });
        };
        // Several directories may share one file's options: each gets its own copy, which
        // holds the same shared parts.
        self.fixed.iter_mut().for_each(add);
        self.by_directory.values_mut().for_each(add);
        add(&mut self.unconfigured);
    }

    /// Gives every input's options the Namespace objects of the whole run.
    pub fn with_namespaces(&mut self, namespaces: &Arc<Namespaces>) {
        let add = |options: &mut Arc<CheckOptions>| {
            *options = Arc::new(CheckOptions {
                namespaces: Some(Arc::clone(namespaces)),
                ..CheckOptions::clone(options)
            });
        };
        self.fixed.iter_mut().for_each(add);
        self.by_directory.values_mut().for_each(add);
        add(&mut self.unconfigured);
    }

    /// Whether a Pod Security rule runs for some input.
    pub fn checks_pod_security_anywhere(&self) -> bool {
        self.fixed
            .iter()
            .chain(self.by_directory.values())
            .any(|options| options.checks_pod_security())
    }

    /// The options for an input that may not have been found (`Err`: the command line's).
    pub fn options_for_read(&self, input: &Result<Input, Error>) -> Arc<CheckOptions> {
        match input {
            Ok(input) => self.options_for(input),
            Err(_) => self.unconfigured.clone(),
        }
    }

    /// The options for one input (prepared inputs only; others get the command line's).
    pub fn options_for(&self, input: &Input) -> Arc<CheckOptions> {
        if let Some(fixed) = &self.fixed {
            return fixed.clone();
        }
        self.by_directory
            .get(&start_directory(input))
            .cloned()
            .unwrap_or_else(|| self.unconfigured.clone())
    }
}

/// "default gates" or "PodLevelResources=true" for a message.
fn describe_changes(gates: &FeatureGates) -> String {
    let changed = gates.changed();
    if changed.is_empty() {
        return "default gates".to_string();
    }
    changed
        .iter()
        .map(|(name, on)| format!("{name}={on}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Where discovery starts for an input: its directory, else the current directory.
fn start_directory(input: &Input) -> PathBuf {
    match input {
        Input::File(path)
        | Input::Walked(path)
        | Input::Stdin(Some(path))
        | Input::Piped(_, Some(path)) => match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
            _ => PathBuf::from("."),
        },
        Input::Stdin(None) | Input::Piped(_, None) | Input::Example(..) => PathBuf::from("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Severity;
    use crate::lint::rules;

    #[test]
    fn reads_every_key() {
        let layer = parse(
            "select: [PL0, container-name-required]\nignore: PL010, PL011\nseverity:\n  PL009: warning\n  PL008: off\nstrictInitialized: true\n",
        )
        .unwrap();
        assert_eq!(
            layer.select,
            Some(vec![
                Selector::Prefix("PL0".into()),
                Selector::Rule(&rules::CONTAINER_NAME_REQUIRED)
            ])
        );
        assert_eq!(layer.ignore.len(), 2);
        assert_eq!(
            layer.severity,
            vec![
                (
                    Selector::Rule(&rules::CONTAINER_NAME_REQUIRED),
                    Level::On(Severity::Warning)
                ),
                (Selector::Rule(&rules::NO_CONTAINERS), Level::Off),
            ]
        );
        assert_eq!(layer.strict_initialized, Some(true));
    }

    #[test]
    fn reads_the_best_practice_keys() {
        let layer = parse(
            "extendSelect: best-practice\nhonorPeerAnnotations: true\nbestPractice:\n  minUserId: 2000\n  allowedRegistries: [registry.example.com/, ghcr.io/acme]\n  cpuLimits: forbid\n  initContainerRequests: true\n",
        )
        .unwrap();
        assert_eq!(
            layer.extend_select,
            vec![Selector::Group(rules::Group::BestPractice)]
        );
        assert_eq!(layer.honor_peer_annotations, Some(true));
        assert_eq!(
            layer.best_practice,
            BestPracticeLayer {
                min_user_id: Some(2000),
                allowed_registries: Some(vec![
                    "registry.example.com".into(),
                    "ghcr.io/acme".into()
                ]),
                cpu_limits: Some(CpuLimitPolicy::Forbid),
                init_container_requests: Some(true),
            }
        );
        let settings = RuleSettings::resolve(&[&layer]);
        assert!(settings.honor_peer_annotations);
        assert_eq!(settings.best_practice.min_user_id, 2000);
        assert!(settings.best_practice.init_container_requests);
        assert!(settings.enabled(&rules::PRIVILEGED_CONTAINER));
        assert!(settings.enabled(&rules::CONTAINER_NAME_REQUIRED));
    }

    #[test]
    fn best_practice_mistakes_are_located() {
        let problems = parse(
            "bestPractice:\n  minUserID: 2000\n  cpuLimits: sometimes\n  allowedRegistries: {a: b}\nhonorPeerAnnotations: maybe\n",
        )
        .unwrap_err();
        let messages: Vec<(&str, Option<&str>, u32)> = problems
            .iter()
            .map(|p| (p.message.as_str(), p.help.as_deref(), p.span.start.line))
            .collect();
        assert_eq!(
            messages,
            [
                (
                    "unknown key `minUserID`",
                    Some("did you mean `minUserId`?"),
                    2
                ),
                (
                    "expected `require` or `forbid`, found the string `sometimes`",
                    None,
                    3
                ),
                ("expected a list of registries, found a mapping", None, 4),
                (
                    "expected `true` or `false`, found the string `maybe`",
                    None,
                    5
                ),
            ]
        );
        assert!(parse("bestPractice: {minUserId: -1}\n").is_err());
    }

    #[test]
    fn empty_files_configure_nothing() {
        assert_eq!(parse(""), Ok(SettingsLayer::default()));
        assert_eq!(parse("# nothing\n"), Ok(SettingsLayer::default()));
    }

    #[test]
    fn problems_are_located_with_help() {
        let problems = parse("selct: [PL009]\nseverity:\n  PL009: fatal\n").unwrap_err();
        assert_eq!(problems.len(), 2);
        assert_eq!(problems[0].message, "unknown key `selct`");
        assert_eq!(problems[0].help.as_deref(), Some("did you mean `select`?"));
        assert_eq!(
            (problems[0].span.start.line, problems[0].span.start.column),
            (1, 1)
        );
        assert!(problems[1].message.contains("unknown level `fatal`"));
        assert_eq!(
            (problems[1].span.start.line, problems[1].span.start.column),
            (3, 10)
        );
    }

    #[test]
    fn unknown_rules_suggest_the_closest() {
        let problems = parse("ignore: [container-name-requird]\n").unwrap_err();
        assert!(
            problems[0]
                .message
                .contains("did you mean `container-name-required`"),
            "{}",
            problems[0].message
        );
    }

    #[test]
    fn wrong_shapes_are_problems() {
        assert!(parse("- PL009\n").is_err());
        assert!(parse("strictInitialized: yes please\n").is_err());
        assert!(parse("severity: [PL009]\n").is_err());
        assert!(parse("a: 1\n---\nb: 2\n").is_err());
        assert!(parse("select: [\n").is_err());
    }

    #[test]
    fn discovery_stops_at_the_repository_root() {
        let base = std::env::temp_dir().join(format!("podlife-config-{}", std::process::id()));
        let repository = base.join("repo");
        let nested = repository.join("k8s/apps");
        std::fs::create_dir_all(&nested).unwrap();
        std::fs::create_dir_all(repository.join(".git")).unwrap();
        std::fs::write(base.join(".podlife.yaml"), "ignore: [PL009]\n").unwrap();
        assert_eq!(discover(&nested), None, "must not escape the repository");
        std::fs::write(repository.join(".podlife.yaml"), "").unwrap();
        assert_eq!(discover(&nested), Some(repository.join(".podlife.yaml")));
        std::fs::write(nested.join(".podlife.yml"), "").unwrap();
        assert_eq!(discover(&nested), Some(nested.join(".podlife.yml")));
        std::fs::write(nested.join("pod.yaml"), "").unwrap();
        let inputs: Vec<_> = crate::input::expand(
            std::slice::from_ref(&repository),
            &crate::input::WalkOptions::default(),
        )
        .inputs
        .into_iter()
        .flatten()
        .collect();
        assert_eq!(
            inputs,
            vec![Input::Walked(nested.join("pod.yaml"))],
            "configuration files are not manifests"
        );
        std::fs::remove_dir_all(&base).unwrap();
    }

    #[test]
    fn command_line_flags_split_on_commas() {
        let layer = command_line_layer(
            &["PL009,PL010".into()],
            &[],
            &["no-containers".into()],
            &["PL009=info".into()],
            true,
        )
        .unwrap();
        assert_eq!(layer.select.as_ref().map(Vec::len), Some(2));
        assert_eq!(layer.ignore, vec![Selector::Rule(&rules::NO_CONTAINERS)]);
        assert_eq!(layer.strict_initialized, Some(true));
        assert!(command_line_layer(&["PL99".into()], &[], &[], &[], false).is_err());
        assert!(command_line_layer(&[], &[], &[], &["PL009".into()], false).is_err());
        assert!(command_line_layer(&[], &["best-practise".into()], &[], &[], false).is_err());
    }
}
