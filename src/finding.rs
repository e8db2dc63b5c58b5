//! Findings as data: what a rule found, where, and how to fix it; renderers read these.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use serde::Serialize;

pub use crate::k8s::workload::ObjectRef;
use crate::yaml::field_path::FieldPath;
use crate::yaml::source::Span;
pub use crate::yaml::source::Target;

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Informational: something to know (e.g. checks deferred until a pod is initialized).
    Info,
    /// Likely a mistake; does not fail the run.
    Warning,
    /// The API server would reject it, or it cannot work; exit code 1.
    Error,
}

impl Severity {
    /// The lowercase word.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Which rule a finding comes from: its stable code (`PL005`) and kebab name (`wrong-type`).
/// The rule itself (severity, docs, check) is in the registry, `lint::rules`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RuleId {
    /// `PL` + three digits, never reused.
    pub code: &'static str,
    /// Kebab-case name of the bad pattern.
    pub name: &'static str,
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code)
    }
}

/// Whether applying a fix may change what the manifest means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Applicability {
    /// The meaning is unchanged or certainly intended (`--fix`).
    Safe,
    /// It changes behaviour or guesses (`--fix --unsafe-fixes`).
    Unsafe,
}

impl Applicability {
    /// As JSON and SARIF name it.
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

/// A repair of a finding: its located span (the value, or the key when the finding points at
/// the key) replaced by `replacement`, an edit on the original text, never a re-serialised
/// document (comments, quoting, indentation and key order stay as written).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// Whether `--fix` applies it alone or only with `--unsafe-fixes`.
    pub applicability: Applicability,
    /// The text the finding's span becomes (already YAML: quoted where YAML would misread
    /// it); `None` when the fix edits only elsewhere.
    pub replacement: Option<String>,
    /// Edits elsewhere, by pod-relative path (a mapping entry moved, say).
    pub elsewhere: Vec<PathEdit>,
    /// Every edit as (start, end, text) in bytes of the file, once the finding is located.
    pub bytes: Vec<(usize, usize, String)>,
}

/// An edit a fix makes away from its finding's span, by the path of a mapping entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathEdit {
    /// Remove the entry at the path, its whole lines (the key must begin its line); the
    /// enclosing entry too when it is the only one there.
    DeleteEntry(FieldPath),
    /// Insert block YAML (lines without indentation) before the first entry of the mapping
    /// at the path, at that entry's indentation.
    InsertFirst(FieldPath, String),
    /// Replace the value at the path (it must be written) with this YAML text.
    Replace(FieldPath, String),
    /// Resolved: replace this span (set by the loader).
    At(Span, String),
}

/// Another place a finding concerns (the first container with a name a later one reuses).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Related {
    /// Its field path (pod-relative from a rule; the loader maps it to the object).
    pub path: FieldPath,
    /// Where it is, once located.
    pub span: Option<Span>,
    /// What it is.
    pub message: String,
}

/// What a finding that mirrors API-server validation says as Kubernetes' `field.Error` does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The error type (`FieldValueInvalid`, …).
    pub error_type: &'static str,
    /// The offending value.
    pub bad_value: Option<String>,
}

/// What a Pod Security finding adds (`"podSecurity"` in JSON): the level and policy version
/// that was broken, the admission mode, and the admission library's check ID.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodSecurityTag {
    /// The level broken.
    pub level: crate::k8s::pod_security::Level,
    /// The policy version its checks ran at (`37` for `v1.37`).
    pub version: u32,
    /// What the admission controller does about it.
    pub mode: crate::k8s::pod_security::Mode,
    /// The library's check ID (`allowPrivilegeEscalation`).
    pub check: &'static str,
}

impl PodSecurityTag {
    /// `v1.37`.
    pub fn version_text(&self) -> String {
        format!("v1.{}", self.version)
    }
}

/// One thing a rule found.
#[derive(Debug, Clone)]
pub struct Finding {
    /// The rule that found it.
    pub rule: RuleId,
    /// Its severity (the rule's default unless configured).
    pub severity: Severity,
    /// What is wrong, rustc style: lowercase, no period, backticks around fields and values.
    pub message: String,
    /// The label under the span (most are the rule's own words: borrowed, not copied).
    pub label: Option<Cow<'static, str>>,
    /// How to fix it.
    pub help: Option<Cow<'static, str>>,
    /// Why it matters.
    pub note: Option<Cow<'static, str>>,
    /// The Kubernetes field error, for findings that mirror API-server validation (boxed:
    /// most findings have none, and every finding is held until the report is drawn).
    pub field_error: Option<Box<FieldError>>,
    /// The field path as Kubernetes would report it (object-relative).
    pub path: Option<FieldPath>,
    /// Where to point instead of `path`, when Kubernetes names a coarser path than the spot
    /// to show (`resources.requests` for a request above its limit points at the request);
    /// cleared once the finding is located.
    pub span_path: Option<Box<FieldPath>>,
    /// Which part of the node at `path` to point at.
    pub target: Target,
    /// The resolved location in the file (set by the loader from `path`, or directly).
    pub span: Option<Span>,
    /// The file, relative to the current directory (`input::display_path`), `<stdin>` or
    /// `example:NAME`.
    pub file: Arc<str>,
    /// The object it belongs to.
    pub object: Option<Arc<ObjectRef>>,
    /// How to repair it, when the repair is unambiguous.
    pub fix: Option<Box<Fix>>,
    /// Other places it concerns (editors show them beside it).
    pub related: Vec<Related>,
    /// The template its document was rendered from, as rendered output names it
    /// (`# Source: chart/templates/web.yaml` above each document `helm template` writes): the
    /// file to edit, shown beside the location in every format.
    pub source: Option<Arc<str>>,
    /// For a Pod Security finding, the level, version, mode and check (boxed: most findings
    /// have none).
    pub pod_security: Option<Box<PodSecurityTag>>,
}

/// The file of a finding not yet placed in one: one empty name per thread, shared, so making a
/// finding allocates no name it is about to replace.
fn no_file() -> Arc<str> {
    thread_local! {
        static NO_FILE: Arc<str> = Arc::from("");
    }
    NO_FILE.with(Arc::clone)
}

impl Finding {
    /// A finding of `rule` at `severity` (a rule's findings start at its default severity:
    /// `Rule::finding`).
    pub fn new(rule: RuleId, severity: Severity, message: impl Into<String>) -> Self {
        Finding {
            rule,
            severity,
            message: message.into(),
            label: None,
            help: None,
            note: None,
            field_error: None,
            path: None,
            span_path: None,
            target: Target::Value,
            span: None,
            file: no_file(),
            object: None,
            fix: None,
            related: Vec::new(),
            source: None,
            pod_security: None,
        }
    }

    /// Attaches a repair made of edits away from the finding's span.
    #[must_use]
    pub fn fixed_elsewhere(mut self, applicability: Applicability, edits: Vec<PathEdit>) -> Self {
        self.fix = Some(Box::new(Fix {
            applicability,
            replacement: None,
            elsewhere: edits,
            bytes: Vec::new(),
        }));
        self
    }

    /// Adds another place the finding concerns, by pod-relative path.
    #[must_use]
    pub fn related(mut self, path: FieldPath, message: impl Into<String>) -> Self {
        self.related.push(Related {
            path,
            span: None,
            message: message.into(),
        });
        self
    }

    /// Attaches a repair: the finding's span becomes `replacement`.
    #[must_use]
    pub fn fixed_by(
        mut self,
        applicability: Applicability,
        replacement: impl Into<String>,
    ) -> Self {
        self.fix = Some(Box::new(Fix {
            applicability,
            replacement: Some(replacement.into()),
            elsewhere: Vec::new(),
            bytes: Vec::new(),
        }));
        self
    }

    /// Sets the field path (pod-relative for rules; the loader maps it to the object).
    #[must_use]
    pub fn at(mut self, path: FieldPath) -> Self {
        self.path = Some(path);
        self
    }

    /// Points at another path than the one reported (pod-relative, like `at`).
    #[must_use]
    pub fn pointing_at(mut self, path: FieldPath) -> Self {
        self.span_path = Some(Box::new(path));
        self
    }

    /// Points at the key of the path rather than its value.
    #[must_use]
    pub fn on_key(mut self) -> Self {
        self.target = Target::Key;
        self
    }

    /// Sets the span directly.
    #[must_use]
    pub fn spanned(mut self, span: Span) -> Self {
        self.span = Some(span);
        self
    }

    /// Sets the label.
    #[must_use]
    pub fn label(mut self, label: impl Into<Cow<'static, str>>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// Sets the help.
    #[must_use]
    pub fn help(mut self, help: impl Into<Cow<'static, str>>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Sets the help if there is one.
    #[must_use]
    pub fn maybe_help(mut self, help: Option<String>) -> Self {
        self.help = help.map(Cow::Owned);
        self
    }

    /// Sets the note.
    #[must_use]
    pub fn note(mut self, note: impl Into<Cow<'static, str>>) -> Self {
        self.note = Some(note.into());
        self
    }

    /// Marks the finding as mirroring API-server validation.
    #[must_use]
    pub fn k8s(mut self, k8s_type: &'static str, bad_value: Option<String>) -> Self {
        self.field_error = Some(Box::new(FieldError {
            error_type: k8s_type,
            bad_value,
        }));
        self
    }

    /// The Kubernetes field-error type, for findings that mirror API-server validation.
    pub fn k8s_type(&self) -> Option<&'static str> {
        self.field_error.as_ref().map(|error| error.error_type)
    }

    /// The offending value, for API-validation findings.
    pub fn bad_value(&self) -> Option<&str> {
        self.field_error.as_ref()?.bad_value.as_deref()
    }

    /// The order of findings within a file (file order is kept by the caller): by position,
    /// then rule, then message; a finding without a span first. Findings at one place are
    /// common (a pod's findings point at its spec), so the rule's code is compared as text
    /// only when the two are not the same rule's.
    pub fn cmp_in_file(&self, other: &Finding) -> std::cmp::Ordering {
        let position = |finding: &Finding| {
            finding.span.map_or(0, |span| {
                (u64::from(span.start.line) << 32) | u64::from(span.start.column)
            })
        };
        position(self)
            .cmp(&position(other))
            .then_with(|| {
                if std::ptr::eq(self.rule.code, other.rule.code) {
                    std::cmp::Ordering::Equal
                } else {
                    self.rule.code.cmp(other.rule.code)
                }
            })
            .then_with(|| self.message.cmp(&other.message))
    }
}

/// Adds `by` to the document index of every finding's object: a piece of a file read on its
/// own counts documents from its start. The findings of one pod share its object, side by
/// side: each shared object is renumbered once and shared again.
pub fn shift_documents(findings: &mut [Finding], by: usize) {
    if by == 0 {
        return;
    }
    // (the object as found, the object renumbered); the first keeps the pointer alive, so
    // an equal pointer is the same object.
    let mut last: Option<(Arc<ObjectRef>, Arc<ObjectRef>)> = None;
    for finding in findings {
        let Some(object) = finding.object.as_mut() else {
            continue;
        };
        match &last {
            Some((found, shifted)) if Arc::ptr_eq(found, object) => *object = Arc::clone(shifted),
            _ => {
                let found = Arc::clone(object);
                let mut shifted = ObjectRef::clone(&found);
                shifted.document += by;
                let shifted = Arc::new(shifted);
                *object = Arc::clone(&shifted);
                last = Some((found, shifted));
            }
        }
    }
}

/// An input that could not be read at all (missing, unreadable, too large, a directory that
/// cannot be listed): machine formats name each one, so a CI report never hides it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FailedInput {
    /// The input as given (a path, `<stdin>`).
    pub path: String,
    /// Why, as the error on stderr says it.
    pub error: String,
}

/// Counts of what a run looked at and found.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// Files read.
    pub files: usize,
    /// Documents read.
    pub documents: usize,
    /// Pods found (one per pod-bearing object).
    pub pods: usize,
    /// Objects of other kinds, skipped.
    pub skipped_objects: usize,
    /// Empty documents, skipped.
    pub empty_documents: usize,
    /// Findings at error severity.
    pub errors: usize,
    /// Findings at warning severity.
    pub warnings: usize,
    /// Findings at info severity.
    pub infos: usize,
    /// Inputs that could not be read.
    pub failed_inputs: usize,
}

impl Summary {
    /// Adds another summary into this one.
    pub fn add(&mut self, other: &Summary) {
        self.files += other.files;
        self.documents += other.documents;
        self.pods += other.pods;
        self.skipped_objects += other.skipped_objects;
        self.empty_documents += other.empty_documents;
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.infos += other.infos;
        self.failed_inputs += other.failed_inputs;
    }

    /// Counts one finding.
    pub fn count(&mut self, severity: Severity) {
        match severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Info => self.infos += 1,
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = |n: usize, word: &str| {
            if n == 1 {
                format!("{n} {word}")
            } else {
                format!("{n} {word}s")
            }
        };
        write!(
            f,
            "{} in {}: {}, {}",
            plural(self.pods, "pod"),
            plural(self.files, "file"),
            plural(self.errors, "error"),
            plural(self.warnings, "warning")
        )?;
        if self.infos > 0 {
            write!(f, ", {}", plural(self.infos, "note"))?;
        }
        if self.skipped_objects > 0 {
            write!(
                f,
                " ({} of other kinds skipped)",
                plural(self.skipped_objects, "object")
            )?;
        }
        Ok(())
    }
}
