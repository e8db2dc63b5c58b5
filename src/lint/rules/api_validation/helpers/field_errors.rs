//! Pieces the API-validation rules share: which probes and hooks Kubernetes validates on which
//! containers, how messages name containers, and [`Problem`], one field error on its way to
//! becoming a finding. The handler checks probes and hooks share are in `handler_checks`.
//!
//! Without defaulting (`--no-defaulting`), an unset field is read as Go's zero value (`""`, `0`),
//! exactly as Kubernetes' validation unit tests see it.

use crate::finding::Finding;
use crate::k8s::model::{Container, Probe};
use crate::lint::rules::{ContainerList, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// Kubernetes' field-error types, as `k8sType` carries them.
pub mod k8s_type {
    /// `field.Required`.
    pub const REQUIRED: &str = "FieldValueRequired";
    /// `field.Invalid`.
    pub const INVALID: &str = "FieldValueInvalid";
    /// `field.Duplicate`.
    pub const DUPLICATE: &str = "FieldValueDuplicate";
    /// `field.NotSupported`.
    pub const NOT_SUPPORTED: &str = "FieldValueNotSupported";
    /// `field.Forbidden`.
    pub const FORBIDDEN: &str = "FieldValueForbidden";
    /// `field.NotFound`.
    pub const NOT_FOUND: &str = "FieldValueNotFound";
    /// `field.TooMany`.
    pub const TOO_MANY: &str = "FieldValueTooMany";
    /// `field.TooLong`.
    pub const TOO_LONG: &str = "FieldValueTooLong";
}

/// A container-level `restartPolicy`'s values with ContainerRestartRules
/// (`supportedContainerRestartPolicies`).
pub const CONTAINER_RESTART_POLICIES: [&str; 3] = ["Always", "Never", "OnFailure"];

/// One field error: where Kubernetes reports it, what it says, how to fix it.
#[derive(Debug, Clone)]
pub struct Problem {
    /// The path Kubernetes reports (pod-relative).
    pub path: FieldPath,
    /// A more precise place to point at, when Kubernetes reports a coarser path.
    pub span_path: Option<FieldPath>,
    /// The field-error type.
    pub k8s_type: &'static str,
    /// The offending value, as Kubernetes prints it.
    pub bad_value: Option<String>,
    /// The message.
    pub message: String,
    /// The label under the span.
    pub label: String,
    /// How to fix it.
    pub help: String,
    /// Point at the key rather than the value (for a field that should not be there).
    pub on_key: bool,
    /// The value that certainly was meant (a supported value in another case), for `--fix`.
    pub replacement: Option<String>,
}

impl Problem {
    /// A problem at `path`.
    pub fn new(
        path: FieldPath,
        k8s_type: &'static str,
        bad_value: Option<String>,
        message: impl Into<String>,
        label: impl Into<String>,
        help: impl Into<String>,
    ) -> Self {
        Problem {
            path,
            span_path: None,
            k8s_type,
            bad_value,
            message: message.into(),
            label: label.into(),
            help: help.into(),
            on_key: false,
            replacement: None,
        }
    }

    /// Points at the key of the path (for a field that should not be there).
    #[must_use]
    pub fn on_key(mut self) -> Self {
        self.on_key = true;
        self
    }

    /// Points at `path` instead of the reported path.
    #[must_use]
    pub fn pointing_at(mut self, path: FieldPath) -> Self {
        self.span_path = Some(path);
        self
    }

    /// The finding of `rule` for this problem.
    pub fn into_finding(self, rule: &'static Rule) -> Finding {
        let mut finding = rule
            .finding(self.message)
            .at(self.path)
            .label(self.label)
            .help(self.help)
            .k8s(self.k8s_type, self.bad_value);
        if let Some(span_path) = self.span_path {
            finding = finding.pointing_at(span_path);
        }
        if self.on_key {
            finding = finding.on_key();
        }
        if let Some(replacement) = self.replacement {
            finding = finding.fixed_by(
                crate::finding::Applicability::Safe,
                crate::yaml::writer::string(&replacement),
            );
        }
        finding
    }
}

/// A `Required` problem at `path`, pointing at its key, with the field's name as label.
pub fn required_field(path: FieldPath, message: String) -> Problem {
    let field = path.to_string();
    let last = field.rsplit('.').next().unwrap_or("").to_string();
    Problem::new(
        path,
        k8s_type::REQUIRED,
        None,
        message,
        format!("`{last}` is required"),
        format!("add `{last}:`"),
    )
    .on_key()
}

/// An enum-like field the API server requires (after defaulting) and checks against a fixed
/// set of values, as the policy rules share it.
pub struct EnumField<'a> {
    /// The field's JSON name (`imagePullPolicy`).
    pub name: &'a str,
    /// The values the API server supports, case-sensitive.
    pub supported: &'a [&'a str],
    /// Whose field it is (`container \`web\``), or `None` for the pod's own.
    pub owner: Option<&'a str>,
    /// How to fix a missing value (the API server would default it).
    pub required_help: &'a str,
}

impl EnumField<'_> {
    /// The problem with `value` at `path`: missing is `FieldValueRequired`, outside the set is
    /// `FieldValueNotSupported` (with the right spelling when only the case is wrong); `None`
    /// for a supported value.
    pub fn check(&self, path: FieldPath, value: Option<&str>) -> Option<Problem> {
        let name = self.name;
        Some(match value.unwrap_or("") {
            "" => Problem::new(
                path,
                k8s_type::REQUIRED,
                None,
                format!("{} has no `{name}`", self.owner.unwrap_or("the pod")),
                format!("`{name}` is required without defaulting"),
                self.required_help,
            ),
            value if self.supported.contains(&value) => return None,
            value => not_supported(path, name, value, self.supported, self.owner),
        })
    }
}

/// `FieldValueNotSupported` for `value` of field `name` (of `owner`, or the pod's), listing
/// `supported`; a value that only differs in case gets the right spelling as a safe fix.
pub fn not_supported(
    path: FieldPath,
    name: &str,
    value: &str,
    supported: &[&str],
    owner: Option<&str>,
) -> Problem {
    let quoted: Vec<String> = supported.iter().map(|s| format!("`{s}`")).collect();
    let fixed = supported.iter().find(|s| s.eq_ignore_ascii_case(value));
    let mut problem = Problem::new(
        path,
        k8s_type::NOT_SUPPORTED,
        Some(value.to_string()),
        match owner {
            Some(owner) => format!("`{name}: {value}` of {owner} is not supported"),
            None => format!("`{name}: {value}` is not supported"),
        },
        format!("supported values: {}", quoted.join(", ")),
        match fixed {
            Some(fixed) => format!("write `{fixed}` (the value is case-sensitive)"),
            None => format!("use {}", either(&quoted)),
        },
    );
    problem.replacement = fixed.map(|fixed| (*fixed).to_string());
    problem
}

/// `` `A`, `B` or `C` ``.
fn either(values: &[String]) -> String {
    match values.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// The three probes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProbeKind {
    /// `livenessProbe`.
    Liveness,
    /// `readinessProbe`.
    Readiness,
    /// `startupProbe`.
    Startup,
}

impl ProbeKind {
    /// All three, in Kubernetes' validation order.
    pub const ALL: [ProbeKind; 3] = [
        ProbeKind::Liveness,
        ProbeKind::Readiness,
        ProbeKind::Startup,
    ];

    /// The field name.
    pub fn field(self) -> &'static str {
        match self {
            ProbeKind::Liveness => "livenessProbe",
            ProbeKind::Readiness => "readinessProbe",
            ProbeKind::Startup => "startupProbe",
        }
    }

    /// The probe of this kind on a container.
    pub fn of(self, container: &Container) -> Option<&Probe> {
        match self {
            ProbeKind::Liveness => container.liveness_probe.as_deref(),
            ProbeKind::Readiness => container.readiness_probe.as_deref(),
            ProbeKind::Startup => container.startup_probe.as_deref(),
        }
    }
}

/// Whether Kubernetes validates the contents of this probe: on app containers and sidecars,
/// and (seed) on a defer container's liveness probe. Where a probe is forbidden (regular init,
/// ephemeral, other defer probes) only the `Forbidden` error is reported, as Kubernetes does.
pub fn probe_is_validated(list: ContainerList, container: &Container, kind: ProbeKind) -> bool {
    match list {
        ContainerList::App => true,
        ContainerList::Init => container.is_sidecar(),
        ContainerList::Defer => kind == ProbeKind::Liveness,
        ContainerList::Ephemeral => false,
    }
}

/// Whether Kubernetes validates the contents of this container's lifecycle hooks: on app
/// containers and sidecars.
pub fn lifecycle_is_validated(list: ContainerList, container: &Container) -> bool {
    match list {
        ContainerList::App => true,
        ContainerList::Init => container.is_sidecar(),
        ContainerList::Defer | ContainerList::Ephemeral => false,
    }
}

/// A probe Kubernetes validates, found on a container.
#[derive(Debug, Clone, Copy)]
pub struct ValidatedProbe<'p> {
    /// The container's list.
    pub list: ContainerList,
    /// The container's index in its list.
    pub index: usize,
    /// The container.
    pub container: &'p Container,
    /// Which probe.
    pub kind: ProbeKind,
    /// The probe.
    pub probe: &'p Probe,
}

impl<'p> ValidatedProbe<'p> {
    /// The probe's path (`spec.containers[0].livenessProbe`).
    pub fn path(&self, context: &PodContext<'_>) -> FieldPath {
        context
            .container_path(self.list, self.index)
            .child(self.kind.field())
    }

    /// "the `livenessProbe` of container `app`".
    pub fn subject(&self) -> FieldOf<'p> {
        FieldOf {
            field: self.kind.field(),
            who: Who::new(self.list, self.container, self.index),
        }
    }
}

/// Every validated probe, in container order.
pub fn validated_probes<'p>(context: &PodContext<'p>) -> Vec<ValidatedProbe<'p>> {
    let mut probes = Vec::new();
    for (list, index, container) in context.all_containers() {
        for kind in ProbeKind::ALL {
            if let Some(probe) = kind.of(container)
                && probe_is_validated(list, container, kind)
            {
                probes.push(ValidatedProbe {
                    list,
                    index,
                    container,
                    kind,
                    probe,
                });
            }
        }
    }
    probes
}

/// A container as messages name it ("init container `migrate`", "container #2"), formatted only
/// when a finding needs it.
#[derive(Debug, Clone, Copy)]
pub struct Who<'c> {
    list: ContainerList,
    container: &'c Container,
    index: usize,
}

impl<'c> Who<'c> {
    /// The container at `index` of `list`.
    pub fn new(list: ContainerList, container: &'c Container, index: usize) -> Self {
        Who {
            list,
            container,
            index,
        }
    }
}

impl std::fmt::Display for Who<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.container.name.as_deref() {
            Some(name) if !name.is_empty() => write!(f, "{} `{name}`", self.list.noun()),
            _ => write!(f, "{} #{}", self.list.noun(), self.index + 1),
        }
    }
}

/// The container as written in the file (before defaulting), to tell a value the user wrote
/// from one the API server would fill in.
pub fn as_written<'p>(
    context: &PodContext<'p>,
    list: ContainerList,
    index: usize,
) -> Option<&'p Container> {
    let pod = &context.object.pod;
    let containers = match list {
        ContainerList::Init => pod.init_containers(),
        ContainerList::App => pod.containers(),
        ContainerList::Ephemeral => pod.ephemeral_containers(),
        ContainerList::Defer => pod.defer_containers(),
    };
    containers.get(index)
}

/// "the `livenessProbe` of init container `proxy`", formatted only when needed.
#[derive(Debug, Clone, Copy)]
pub struct FieldOf<'c> {
    /// The field.
    pub field: &'static str,
    /// Its container.
    pub who: Who<'c>,
}

impl std::fmt::Display for FieldOf<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the `{}` of {}", self.field, self.who)
    }
}

/// [`FieldOf`] for a container's field.
pub fn describe_field<'c>(
    field: &'static str,
    list: ContainerList,
    container: &'c Container,
    index: usize,
) -> FieldOf<'c> {
    FieldOf {
        field,
        who: Who::new(list, container, index),
    }
}

/// Helpers for the rules' unit tests: run the checks on manifest text and read back the
/// Kubernetes-shaped errors.
#[cfg(test)]
pub mod testing {

    use crate::finding::Finding;
    use crate::input::SourceText;
    use crate::k8s::cluster::{FeatureGates, GateSettings, KubernetesVersion};
    use crate::lint::rules::Rule;
    use crate::lint::settings::CheckOptions;
    use crate::lint::validate::validate_source;

    /// Every located finding for `text`, validated with or without defaulting.
    pub fn all_findings(text: &str, no_defaulting: bool) -> Vec<Finding> {
        all_findings_in(text, no_defaulting, FeatureGates::default())
    }

    /// [`all_findings`] for a cluster: a release and its gates.
    pub fn all_findings_in(text: &str, no_defaulting: bool, gates: FeatureGates) -> Vec<Finding> {
        let source = SourceText::new("test.yaml", text);
        validate_source(
            &source,
            &CheckOptions {
                no_defaulting,
                gates,
                ..CheckOptions::default()
            },
        )
        .findings
    }

    /// An expected `(path, k8sType)`, as [`k8s_errors_in`] lists them.
    pub fn at(path: &str, kind: &'static str) -> (String, &'static str) {
        (path.to_string(), kind)
    }

    /// The defaults of Kubernetes 1.`minor` with `settings` (`Name=bool,…`) applied.
    pub fn gates(minor: u8, settings: &str) -> FeatureGates {
        let version = KubernetesVersion::new(minor).expect("a known release");
        let settings = GateSettings::parse(settings).expect("gate settings");
        FeatureGates::resolve(version, &[&settings]).expect("gates of the release")
    }

    /// `(path, k8sType)` of one rule's findings in a cluster, in the order found.
    pub fn k8s_errors_in(
        rule: &'static Rule,
        text: &str,
        gates: FeatureGates,
    ) -> Vec<(String, &'static str)> {
        all_findings_in(text, false, gates)
            .into_iter()
            .filter(|finding| finding.rule.code == rule.id)
            .map(|finding| path_and_type(&finding))
            .collect()
    }

    /// A finding's `(path, k8sType)`.
    fn path_and_type(finding: &Finding) -> (String, &'static str) {
        let path = finding.path.as_ref().map(ToString::to_string);
        (path.unwrap_or_default(), finding.k8s_type().unwrap_or(""))
    }

    /// The findings of one rule.
    pub fn findings(rule: &'static Rule, text: &str, no_defaulting: bool) -> Vec<Finding> {
        all_findings(text, no_defaulting)
            .into_iter()
            .filter(|finding| finding.rule.code == rule.id)
            .collect()
    }

    /// `(path, k8sType)` of one rule's findings, in the order found.
    pub fn k8s_errors(
        rule: &'static Rule,
        text: &str,
        no_defaulting: bool,
    ) -> Vec<(String, &'static str)> {
        findings(rule, text, no_defaulting)
            .into_iter()
            .map(|finding| path_and_type(&finding))
            .collect()
    }

    /// `(path, k8sType)` of every finding that mirrors API validation, sorted: what Kubernetes'
    /// `ValidatePod` would return for this manifest.
    pub fn all_k8s_errors(text: &str, no_defaulting: bool) -> Vec<(String, &'static str)> {
        let mut errors: Vec<(String, &'static str)> = all_findings(text, no_defaulting)
            .into_iter()
            .filter_map(|finding| Some((finding.path.as_ref()?.to_string(), finding.k8s_type()?)))
            .collect();
        errors.sort();
        errors
    }

    /// Checks a rule's fixture: it fires in every `# expect: fires` document and in no
    /// `# expect: ok` document.
    pub fn check_fixture(rule: &'static Rule) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("testdata/rules")
            .join(format!("{}.yaml", rule.name));
        let text = std::fs::read_to_string(&path).expect("fixture is readable");
        let gates = fixture_gates(&text);
        let mut fires = 0;
        for (index, document) in text.split("\n---\n").enumerate() {
            let expect = document
                .lines()
                .find(|line| !line.starts_with("# args:"))
                .and_then(|line| line.strip_prefix("# expect: "))
                .map(str::trim);
            let found: Vec<Finding> = all_findings_in(document, false, gates)
                .into_iter()
                .filter(|finding| finding.rule.code == rule.id)
                .collect();
            match expect {
                Some("fires") => {
                    fires += 1;
                    assert!(
                        !found.is_empty(),
                        "{}: document {index} should fire:\n{document}",
                        rule.name
                    );
                }
                Some("ok") => assert!(
                    found.is_empty(),
                    "{}: document {index} should not fire, got {:?}",
                    rule.name,
                    found.iter().map(|f| &f.message).collect::<Vec<_>>()
                ),
                other => panic!(
                    "{}: document {index} has no expect line: {other:?}",
                    rule.name
                ),
            }
        }
        assert!(fires > 0, "{}: no document fires", rule.name);
    }

    /// A fixture's cluster: its first line may be `# args: --kubernetes-version 1.31
    /// --feature-gates Name=bool` (the integration test passes the same arguments).
    pub fn fixture_gates(text: &str) -> FeatureGates {
        let Some(args) = text.lines().next().and_then(|l| l.strip_prefix("# args:")) else {
            return FeatureGates::default();
        };
        let words: Vec<&str> = args.split_whitespace().collect();
        let mut version = KubernetesVersion::NEWEST;
        let mut settings = Vec::new();
        for pair in words.chunks(2) {
            match pair {
                ["--kubernetes-version", value] => {
                    version = KubernetesVersion::parse(value).expect("fixture version");
                }
                ["--feature-gates", value] => {
                    settings.push(GateSettings::parse(value).expect("fixture gates"));
                }
                // The fixture's rule is on in these tests whatever the selection.
                ["--extend-select", _] => {}
                other => panic!("fixture args: {other:?}"),
            }
        }
        FeatureGates::resolve(version, &settings.iter().collect::<Vec<_>>()).expect("fixture gates")
    }
}

#[cfg(test)]
mod k8s_tables;

#[cfg(test)]
mod tests {
    use crate::lint::rules::REGISTRY;

    /// Every API-validation rule (PL100–PL199) fires in each `fires` document of its fixture and
    /// in no `ok` document.
    #[test]
    fn api_rule_fixtures() {
        let mut checked = 0;
        for rule in REGISTRY {
            if ("PL100".."PL200").contains(&rule.id) {
                super::testing::check_fixture(rule);
                checked += 1;
            }
        }
        assert!(checked >= 30, "only {checked} API rules");
    }
}
