//! The `sarif` format: SARIF 2.1.0 as GitHub code scanning accepts it (rules with their docs as help).
//!
//! One run; `tool.driver.rules` lists every registered rule with its summary, docs and default
//! level; each result names its rule by ID and index and points at the file (a relative URI as
//! given on the command line, or a `file://` URI for an absolute path) with a 1-based region.
//! Columns count Unicode code points (`columnKind`), as podlife's spans do.

use std::borrow::Cow;
use std::collections::HashMap;
use std::io::Write;

use serde::Serialize;

use crate::finding::{FailedInput, Finding, Severity};
use crate::lint::rules::{self, Rule};
use crate::render::findings::pretty_json;

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

#[derive(Serialize)]
struct Log {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: [Run; 1],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    tool: Tool,
    /// One invocation: whether every input was read, and a notification per input that was not.
    invocations: [Invocation; 1],
    column_kind: &'static str,
    /// Every finding, written apart ([`pretty_json::write_pretty`]).
    results: pretty_json::Items,
    /// `{"kubernetes": {"version", "featureGates"}}`: the cluster the inputs were checked for.
    properties: RunProperties,
}

#[derive(Serialize)]
struct RunProperties {
    kubernetes: crate::render::findings::json::JsonCluster,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Invocation {
    execution_successful: bool,
    tool_execution_notifications: Vec<Notification>,
}

#[derive(Serialize)]
struct Notification {
    level: &'static str,
    message: Text,
    locations: Vec<NotificationLocation>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct NotificationLocation {
    physical_location: NotificationPhysicalLocation,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct NotificationPhysicalLocation {
    artifact_location: ArtifactLocation<'static>,
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    semantic_version: &'static str,
    rules: Vec<ReportingDescriptor>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReportingDescriptor {
    id: &'static str,
    name: &'static str,
    short_description: Text,
    full_description: Text,
    help: Help,
    default_configuration: Configuration,
    properties: Properties,
}

#[derive(Serialize)]
struct Text {
    text: String,
}

#[derive(Serialize)]
struct Help {
    text: &'static str,
    markdown: &'static str,
}

#[derive(Serialize)]
struct Configuration {
    enabled: bool,
    level: &'static str,
}

#[derive(Serialize)]
struct Properties {
    tags: Vec<&'static str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult<'f> {
    rule_id: &'static str,
    rule_index: usize,
    level: &'static str,
    message: Text,
    locations: [Location<'f>; 1],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fixes: Vec<SarifFix<'f>>,
    /// `{"source": TEMPLATE}` for a finding in rendered output that names its template.
    #[serde(skip_serializing_if = "Option::is_none")]
    properties: Option<ResultProperties>,
}

/// A result's own properties: the template it was rendered from, and a Pod Security
/// finding's level, version, mode and check.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ResultProperties {
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pod_security: Option<PodSecurityProperties>,
}

/// A finding's own properties, when it has any.
fn result_properties(finding: &Finding) -> Option<ResultProperties> {
    (finding.source.is_some() || finding.pod_security.is_some()).then(|| ResultProperties {
        source: finding.source.as_deref().map(str::to_string),
        pod_security: finding
            .pod_security
            .as_deref()
            .map(|tag| PodSecurityProperties {
                level: tag.level.as_str(),
                version: tag.version_text(),
                mode: tag.mode.as_str(),
                check: tag.check,
            }),
    })
}

/// `{"level", "version", "mode", "check"}`, as the JSON format's `podSecurity`.
#[derive(Serialize)]
struct PodSecurityProperties {
    level: &'static str,
    version: String,
    mode: &'static str,
    check: &'static str,
}

/// A finding's fix as SARIF writes it: its region (and any other spans) replaced in its file.
fn sarif_fix<'u>(
    fix: &crate::finding::Fix,
    uri: Cow<'u, str>,
    uri_base_id: Option<&'static str>,
    region: Region,
) -> SarifFix<'u> {
    let region_of = |span: crate::yaml::source::Span| Region {
        start_line: span.start.line.max(1),
        start_column: span.start.column.max(1),
        end_line: span.end.line.max(span.start.line).max(1),
        end_column: span.end.column.max(1),
    };
    let mut replacements: Vec<Replacement> = fix
        .replacement
        .iter()
        .map(|text| Replacement {
            deleted_region: region,
            inserted_content: Text { text: text.clone() },
        })
        .collect();
    for edit in &fix.elsewhere {
        if let crate::finding::PathEdit::At(span, text) = edit {
            replacements.push(Replacement {
                deleted_region: region_of(*span),
                inserted_content: Text { text: text.clone() },
            });
        }
    }
    SarifFix {
        description: Text {
            text: match &fix.replacement {
                Some(text) => format!("replace with `{text}` ({} fix)", fix.applicability.as_str()),
                None => format!("{} fix", fix.applicability.as_str()),
            },
        },
        artifact_changes: [ArtifactChange {
            artifact_location: ArtifactLocation { uri, uri_base_id },
            replacements,
        }],
    }
}

/// SARIF `fix`: the finding's region replaced in its file.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifFix<'u> {
    description: Text,
    artifact_changes: [ArtifactChange<'u>; 1],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactChange<'u> {
    artifact_location: ArtifactLocation<'u>,
    replacements: Vec<Replacement>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Replacement {
    deleted_region: Region,
    inserted_content: Text,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location<'f> {
    physical_location: PhysicalLocation<'f>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    logical_locations: Vec<LogicalLocation<'f>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation<'u> {
    artifact_location: ArtifactLocation<'u>,
    region: Region,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactLocation<'u> {
    uri: Cow<'u, str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    uri_base_id: Option<&'static str>,
}

#[derive(Serialize, Clone, Copy)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: u32,
    start_column: u32,
    end_line: u32,
    end_column: u32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LogicalLocation<'f> {
    fully_qualified_name: String,
    kind: &'f str,
}

/// The SARIF level of a severity.
pub fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

fn descriptor(rule: &'static Rule) -> ReportingDescriptor {
    let what = rule
        .docs
        .split("## What it does")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .map_or(rule.summary, str::trim);
    let mut tags = vec![match rule.id.get(2..3) {
        Some("0") => "input",
        Some("1") => "api-validation",
        Some("2") => "seed-feature",
        Some("4") => "best-practice",
        Some("5") => "pod-security",
        _ => "lifecycle",
    }];
    if !rules::enabled_by_default(rule) {
        tags.push("off-by-default");
    }
    ReportingDescriptor {
        id: rule.id,
        name: rule.name,
        short_description: Text {
            text: rule.summary.to_string(),
        },
        full_description: Text {
            text: what.to_string(),
        },
        help: Help {
            text: rule.docs,
            markdown: rule.docs,
        },
        default_configuration: Configuration {
            enabled: rules::enabled_by_default(rule),
            level: level(rule.severity),
        },
        properties: Properties { tags },
    }
}

/// A file name as a SARIF URI: relative paths stay relative (to `%SRCROOT%`), absolute ones
/// become `file://` URIs; characters outside the URI path set are percent-encoded.
pub fn file_uri(file: &str) -> (String, Option<&'static str>) {
    let path = file.replace('\\', "/");
    let encoded: String = path
        .bytes()
        .map(|byte| {
            let keep = byte.is_ascii_alphanumeric() || b"-._~/!$&'()*+,;=:@".contains(&byte);
            if keep {
                (byte as char).to_string()
            } else {
                format!("%{byte:02X}")
            }
        })
        .collect();
    let relative = encoded.strip_prefix("./").unwrap_or(&encoded).to_string();
    if path.starts_with('/') {
        (format!("file://{encoded}"), None)
    } else if path.len() > 2 && path.as_bytes().get(1) == Some(&b':') {
        (format!("file:///{encoded}"), None)
    } else {
        (relative, Some("%SRCROOT%"))
    }
}

/// Each file's URI, made once: a file's findings are many, and they come one after another.
fn file_uris<'f>(findings: &[&'f Finding]) -> HashMap<&'f str, (String, Option<&'static str>)> {
    let mut uris = HashMap::new();
    for same_file in findings.chunk_by(|one, other| one.file == other.file) {
        if let Some(finding) = same_file.first() {
            uris.entry(&*finding.file)
                .or_insert_with(|| file_uri(&finding.file));
        }
    }
    uris
}

/// A result's message: the finding's, then the template it was rendered from, its help and its
/// note on lines of their own.
fn message_text(finding: &Finding) -> String {
    let help = finding.help.as_deref().map_or(0, |help| help.len() + 7);
    let note = finding.note.as_deref().map_or(0, |note| note.len() + 7);
    let mut text = String::with_capacity(finding.message.len() + help + note);
    text.push_str(&finding.message);
    if let Some(source) = &finding.source {
        text.push_str("\nsource: ");
        text.push_str(source);
    }
    if let Some(help) = &finding.help {
        text.push_str("\nhelp: ");
        text.push_str(help);
    }
    if let Some(note) = &finding.note {
        text.push_str("\nnote: ");
        text.push_str(note);
    }
    text
}

/// A tool execution notification for an input that could not be read.
fn notification(failed: &FailedInput) -> Notification {
    let (uri, uri_base_id) = file_uri(&failed.path);
    Notification {
        level: "error",
        message: Text {
            text: failed.error.clone(),
        },
        locations: vec![NotificationLocation {
            physical_location: NotificationPhysicalLocation {
                artifact_location: ArtifactLocation {
                    uri: Cow::Owned(uri),
                    uri_base_id,
                },
            },
        }],
    }
}

/// Writes one SARIF log with every rule and every finding.
pub fn write_findings(
    out: &mut dyn Write,
    findings: &[&Finding],
    failed_inputs: &[FailedInput],
    gates: &crate::k8s::cluster::FeatureGates,
) -> std::io::Result<()> {
    let rule_indexes: std::collections::HashMap<&str, usize> = rules::REGISTRY
        .iter()
        .enumerate()
        .map(|(index, rule)| (rule.id, index))
        .collect();
    let uris = file_uris(findings);
    let result = |finding: &&Finding| {
        let span = finding.span.unwrap_or_default();
        let start_line = span.start.line.max(1);
        let start_column = span.start.column.max(1);
        let (end_line, end_column) = if span.end.line > start_line
            || (span.end.line == start_line && span.end.column > start_column)
        {
            (span.end.line, span.end.column)
        } else {
            (start_line, start_column + 1)
        };
        let text = message_text(finding);
        let (uri, uri_base_id) = match uris.get(&*finding.file) {
            Some((uri, base)) => (Cow::Borrowed(uri.as_str()), *base),
            None => {
                let (uri, base) = file_uri(&finding.file);
                (Cow::Owned(uri), base)
            }
        };
        let logical_locations = finding
            .object
            .as_ref()
            .filter(|object| !object.kind.is_empty())
            .map(|object| {
                let name = object.name.as_deref().unwrap_or("<unnamed>");
                let qualified = match (&object.namespace, &finding.path) {
                    (Some(namespace), Some(path)) => {
                        format!("{}/{namespace}/{name}/{path}", object.kind)
                    }
                    (None, Some(path)) => format!("{}/{name}/{path}", object.kind),
                    (Some(namespace), None) => format!("{}/{namespace}/{name}", object.kind),
                    (None, None) => format!("{}/{name}", object.kind),
                };
                LogicalLocation {
                    fully_qualified_name: qualified,
                    kind: "object",
                }
            })
            .into_iter()
            .collect();
        let region = || Region {
            start_line,
            start_column,
            end_line,
            end_column,
        };
        SarifResult {
            rule_id: finding.rule.code,
            rule_index: rule_indexes.get(finding.rule.code).copied().unwrap_or(0),
            level: level(finding.severity),
            message: Text { text },
            fixes: finding
                .fix
                .as_ref()
                .map(|fix| sarif_fix(fix, uri.clone(), uri_base_id, region()))
                .into_iter()
                .collect(),
            locations: [Location {
                physical_location: PhysicalLocation {
                    artifact_location: ArtifactLocation { uri, uri_base_id },
                    region: region(),
                },
                logical_locations,
            }],
            properties: result_properties(finding),
        }
    };
    let log = Log {
        schema: SCHEMA,
        version: "2.1.0",
        runs: [Run {
            tool: Tool {
                driver: Driver {
                    name: "podlife",
                    version: env!("CARGO_PKG_VERSION"),
                    semantic_version: env!("CARGO_PKG_VERSION"),
                    rules: rules::REGISTRY.iter().copied().map(descriptor).collect(),
                },
            },
            invocations: [Invocation {
                execution_successful: failed_inputs.is_empty(),
                tool_execution_notifications: failed_inputs.iter().map(notification).collect(),
            }],
            column_kind: "unicodeCodePoints",
            results: pretty_json::Items,
            properties: RunProperties {
                kubernetes: crate::render::findings::json::JsonCluster::new(gates),
            },
        }],
    };
    pretty_json::write_pretty(out, &log, findings, result)?;
    writeln!(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_uris_are_relative_or_file_scheme() {
        assert_eq!(
            file_uri("k8s/web app.yaml"),
            ("k8s/web%20app.yaml".to_string(), Some("%SRCROOT%"))
        );
        assert_eq!(
            file_uri("./pod.yaml"),
            ("pod.yaml".to_string(), Some("%SRCROOT%"))
        );
        assert_eq!(
            file_uri("/srv/pod.yaml"),
            ("file:///srv/pod.yaml".to_string(), None)
        );
        assert_eq!(
            file_uri("<stdin>"),
            ("%3Cstdin%3E".to_string(), Some("%SRCROOT%"))
        );
    }

    #[test]
    fn every_rule_is_described_with_its_docs() {
        let descriptors: Vec<_> = rules::REGISTRY.iter().copied().map(descriptor).collect();
        assert_eq!(descriptors.len(), rules::REGISTRY.len());
        for descriptor in &descriptors {
            assert!(!descriptor.full_description.text.is_empty());
            assert!(!descriptor.full_description.text.contains("## "));
            assert!(descriptor.help.markdown.contains("## How to fix"));
        }
    }
}
