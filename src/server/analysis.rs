//! What the server knows of a document: its findings, checked as `podlife validate` checks a walked file, with the same configuration discovery and suppressions.

use std::path::PathBuf;
use std::sync::Arc;

use lsp_types::Uri;

use crate::finding::Finding;
use crate::input::{Input, SourceOrigin, SourceText};
use crate::k8s::cluster::FeatureGates;
use crate::k8s::workload::custom_resources::PodTemplateTable;
use crate::lint::settings::CheckOptions;
use crate::lint::settings::config_file::{ConfigResolver, ConfigSource};
use crate::lint::settings::selection::SettingsLayer;
use crate::lint::validate::validate_source;

/// One document's findings at one version.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The version checked.
    pub version: i32,
    /// The text checked (what the findings' spans index).
    pub text: Arc<String>,
    /// The findings, sorted.
    pub findings: Vec<Finding>,
    /// Where custom resources keep pod templates, as the document's configuration says
    /// (hover and code lenses read the pods with it).
    pub templates: Arc<PodTemplateTable>,
    /// The release and gates the document was checked for (code lenses simulate the pod its
    /// API server stores).
    pub gates: FeatureGates,
    /// Where each error finding begins (byte index): a code lens says a pod with errors in it
    /// is not simulated, as `podlife simulate` leaves it out.
    pub error_starts: Arc<[u32]>,
    /// Why the document is no manifest (a Helm chart's template, a kustomize patch), the note a
    /// directory walk prints, published as the document's one diagnostic; it is not checked.
    pub set_aside: Option<String>,
}

/// The file a `file://` URI names, if it is one.
pub fn path_of(uri: &Uri) -> Option<PathBuf> {
    let text = uri.as_str().strip_prefix("file://")?;
    Some(PathBuf::from(percent_decode(text)))
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while let Some(&byte) = bytes.get(index) {
        if byte == b'%'
            && let Some(hex) = text.get(index + 1..index + 3)
            && let Ok(value) = u8::from_str_radix(hex, 16)
        {
            out.push(value);
            index += 3;
            continue;
        }
        out.push(byte);
        index += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether the server checks a document: YAML or JSON by language or by file name.
pub fn is_manifest(uri: &Uri, language: &str) -> bool {
    matches!(language, "yaml" | "json" | "jsonc")
        || [".yaml", ".yml", ".json"]
            .iter()
            .any(|extension| uri.as_str().ends_with(extension))
}

/// Checks `text` as a file found by a directory walk: a YAML document that is no Kubernetes
/// object (a workflow, a values file) gets no finding. The configuration is the nearest
/// `.podlife.yaml` upward from the file; an invalid one leaves the defaults (the client sees
/// the file's own findings when it opens it).
pub fn analyse(uri: &Uri, version: i32, text: String) -> Analysis {
    let path = path_of(uri);
    let set_aside = path.as_ref().and_then(|path| {
        let why = crate::input::set_aside::NamedPaths::default().judge(path)?;
        Some(crate::input::set_aside::SetAside {
            path: path.clone(),
            why,
        })
    });
    if let Some(set_aside) = set_aside {
        return Analysis {
            version,
            text: Arc::new(text),
            findings: Vec::new(),
            templates: Arc::default(),
            gates: FeatureGates::default(),
            error_starts: Arc::default(),
            set_aside: Some(set_aside.note()),
        };
    }
    let name = path
        .as_ref()
        .map_or_else(|| uri.as_str().to_string(), |p| p.display().to_string());
    let options = path
        .map(Input::File)
        .and_then(|input| {
            let inputs = [Ok(input.clone())];
            ConfigResolver::prepare(
                CheckOptions::default(),
                ConfigSource::Discover,
                SettingsLayer::default(),
                &inputs,
                crate::input::DEFAULT_MAX_INPUT_BYTES,
            )
            .ok()
            .map(|resolver| resolver.options_for(&input))
        })
        .unwrap_or_default();
    let source = SourceText {
        origin: SourceOrigin::Walked,
        ..SourceText::new(&name, text)
    };
    let report = validate_source(&source, &options);
    let templates = Arc::clone(&options.pod_templates);
    let only_no_objects = report
        .findings
        .iter()
        .all(|f| f.rule == crate::lint::rules::NO_OBJECTS.id());
    let findings = if only_no_objects {
        Vec::new()
    } else {
        report.findings
    };
    let error_starts = findings
        .iter()
        .filter(|finding| finding.severity == crate::finding::Severity::Error)
        .filter_map(|finding| Some(finding.span?.start.index))
        .collect();
    Analysis {
        version,
        text: report.text,
        findings,
        templates,
        gates: options.gates,
        error_starts,
        set_aside: None,
    }
}
