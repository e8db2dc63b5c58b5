//! `validate --show-settings FILE`: the settings that apply to one file, each with where it
//! came from (built in, which configuration file, the command line).

use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::lint::rules::{self, Rule};
use crate::lint::settings::config_file::{ConfigSource, load};
use crate::lint::settings::selection::{Level, RuleSettings, SettingsLayer};

/// Where a value came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// podlife's default.
    BuiltIn,
    /// This configuration file.
    File(PathBuf),
    /// A flag.
    CommandLine,
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::BuiltIn => f.write_str("built-in"),
            Origin::File(path) => write!(f, "{}", path.display()),
            Origin::CommandLine => f.write_str("command line"),
        }
    }
}

/// The settings of one file.
#[derive(Debug, Clone)]
pub struct ShownSettings {
    /// The configuration file read for it (as outputs name files), if any, and how it was
    /// chosen.
    pub configuration: (Option<String>, &'static str),
    /// Each setting: name, value, origin.
    pub values: Vec<(&'static str, String, Origin)>,
    /// Each rule's level and origin, in ID order.
    pub rules: Vec<(&'static Rule, Level, Origin)>,
}

/// The default Pod Security level of each mode (`--pod-security`, `podSecurity.defaults`),
/// with where it came from (`origin(in_cli, in_file)`).
fn pod_security_defaults(
    file_layer: &SettingsLayer,
    command_line: &SettingsLayer,
    origin: &dyn Fn(bool, bool) -> Origin,
) -> Vec<(&'static str, String, Origin)> {
    use crate::k8s::pod_security::Mode;
    let setup =
        crate::lint::rules::pod_security::helpers::policy::PodSecuritySetup::resolve_layers([
            &file_layer.pod_security,
            &command_line.pod_security,
        ]);
    [
        ("pod-security-enforce", Mode::Enforce),
        ("pod-security-warn", Mode::Warn),
        ("pod-security-audit", Mode::Audit),
    ]
    .into_iter()
    .map(|(name, mode)| {
        let given = |layer: &SettingsLayer| {
            layer
                .pod_security
                .defaults
                .get(mode as usize)
                .copied()
                .flatten()
        };
        (
            name,
            format!(
                "{} (the default of a namespace without labels)",
                setup.defaults.get(mode)
            ),
            origin(given(command_line).is_some(), given(file_layer).is_some()),
        )
    })
    .collect()
}

/// The configuration file `validate` reads for `file`, and how it was chosen.
fn configuration_file(file: &Path, source: &ConfigSource) -> (Option<PathBuf>, &'static str) {
    match source {
        ConfigSource::File(path) => (Some(path.clone()), "named by --config"),
        ConfigSource::None => (None, "none: --no-config"),
        ConfigSource::Discover => {
            let directory = match file.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => parent,
                _ => Path::new("."),
            };
            match crate::input::config_discovery::discover(directory) {
                Some(found) => (Some(found), "found upward from the file"),
                None => (
                    None,
                    "none found upward from the file (up to the repository root)",
                ),
            }
        }
    }
}

/// Each rule's level with the layer that decided it: the command line when it changed what the
/// file says, the file (`from_file`) when it changed the built-in level.
fn rule_levels(
    file_layer: &SettingsLayer,
    command_line: &SettingsLayer,
    from_file: &Origin,
) -> Vec<(&'static Rule, Level, Origin)> {
    let built_in = RuleSettings::resolve(&[]);
    let with_file = RuleSettings::resolve(&[file_layer]);
    let with_all = RuleSettings::resolve(&[file_layer, command_line]);
    rules::REGISTRY
        .iter()
        .copied()
        .map(|rule| {
            let level = with_all.level(rule);
            // A layer that names the rule decided it, even where it says what was already so
            // (`ignore:` of a rule that is off by default).
            let from = if level != with_file.level(rule) || mentions(command_line, rule) {
                Origin::CommandLine
            } else if level != built_in.level(rule) || mentions(file_layer, rule) {
                from_file.clone()
            } else {
                Origin::BuiltIn
            };
            (rule, level, from)
        })
        .collect()
}

/// Whether `layer` says anything of `rule`: a `select:` decides every rule; `extendSelect:`,
/// `ignore:` and `severity:` the rules they name.
fn mentions(layer: &SettingsLayer, rule: &Rule) -> bool {
    let id = rule.id();
    layer.select.is_some()
        || layer
            .extend_select
            .iter()
            .chain(&layer.ignore)
            .chain(layer.severity.iter().map(|(selector, _)| selector))
            .any(|selector| selector.matches(id))
}

/// The settings only a configuration file sets: `exclude:` and `podTemplates:`.
fn file_values(
    file_layer: &SettingsLayer,
    from_file: &Origin,
) -> Vec<(&'static str, String, Origin)> {
    let mut values = Vec::new();
    values.push((
        "exclude",
        if file_layer.exclude.is_empty() {
            "nothing".to_string()
        } else {
            file_layer.exclude.join(", ")
        },
        if file_layer.exclude.is_empty() {
            Origin::BuiltIn
        } else {
            from_file.clone()
        },
    ));
    values.push((
        "pod-templates",
        format!(
            "{} custom kind{}",
            file_layer.pod_templates.len(),
            if file_layer.pod_templates.len() == 1 {
                ""
            } else {
                "s"
            }
        ),
        if file_layer.pod_templates.is_empty() {
            Origin::BuiltIn
        } else {
            from_file.clone()
        },
    ));
    values
}

/// The settings `validate` applies to `file` with `source` and the command line's layer.
pub fn show(
    file: &Path,
    source: &ConfigSource,
    command_line: &SettingsLayer,
    no_defaulting: bool,
    max_bytes: u64,
) -> Result<ShownSettings, Error> {
    let (path, how) = configuration_file(file, source);
    let file_layer = match &path {
        Some(path) => load(path, max_bytes)?,
        None => SettingsLayer::default(),
    };
    let from_file = || match &path {
        Some(path) => Origin::File(crate::input::display_path::display_path(path).into()),
        None => Origin::BuiltIn,
    };
    let origin = |in_cli: bool, in_file: bool| {
        if in_cli {
            Origin::CommandLine
        } else if in_file {
            from_file()
        } else {
            Origin::BuiltIn
        }
    };
    let mut values = Vec::new();
    let version = command_line
        .kubernetes_version
        .or(file_layer.kubernetes_version)
        .unwrap_or_default();
    values.push((
        "kubernetes-version",
        version.to_string(),
        origin(
            command_line.kubernetes_version.is_some(),
            file_layer.kubernetes_version.is_some(),
        ),
    ));
    let gate_settings: Vec<_> = file_layer
        .feature_gates
        .iter()
        .chain(&command_line.feature_gates)
        .collect();
    let gates = crate::k8s::cluster::FeatureGates::resolve(version, &gate_settings)
        .map_err(|message| Error::Usage(format!("feature gates: {message}")))?;
    let changed: Vec<String> = gates
        .changed()
        .iter()
        .map(|(name, on)| format!("{name}={on}"))
        .collect();
    values.push((
        "feature-gates",
        if changed.is_empty() {
            "the release's defaults".to_string()
        } else {
            changed.join(",")
        },
        origin(
            !command_line.feature_gates.is_empty(),
            !file_layer.feature_gates.is_empty(),
        ),
    ));
    values.extend(pod_security_defaults(&file_layer, command_line, &origin));
    values.push((
        "defaulting",
        if no_defaulting { "off" } else { "on" }.to_string(),
        origin(no_defaulting, false),
    ));
    values.push((
        "strict-initialized",
        command_line
            .strict_initialized
            .or(file_layer.strict_initialized)
            .unwrap_or(false)
            .to_string(),
        origin(
            command_line.strict_initialized.is_some(),
            file_layer.strict_initialized.is_some(),
        ),
    ));
    values.extend(file_values(&file_layer, &from_file()));
    let rules = rule_levels(&file_layer, command_line, &from_file());
    Ok(ShownSettings {
        configuration: (
            path.as_deref()
                .map(crate::input::display_path::display_path),
            how,
        ),
        values,
        rules,
    })
}
