//! The `json` format: one document with every finding and the summary (shape in docs/validate.md).

use std::io::Write;

use serde::Serialize;

use crate::k8s::cluster::FeatureGates;

use crate::lint::finding::{FailedInput, Finding, ObjectRef, Summary};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonFinding<'f> {
    rule: &'static str,
    name: &'static str,
    severity: &'static str,
    message: &'f str,
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<&'f str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'f str>,
    file: &'f str,
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    k8s_type: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bad_value: Option<&'f str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pod: Option<&'f ObjectRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fix: Option<JsonFix<'f>>,
}

/// `fix: {applicability, edits: [{start, end, text}]}`: byte offsets into the file.
#[derive(Serialize)]
struct JsonFix<'f> {
    applicability: &'static str,
    edits: Vec<JsonEdit<'f>>,
}

#[derive(Serialize)]
struct JsonEdit<'f> {
    start: usize,
    end: usize,
    text: &'f str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonReport<'f> {
    findings: Vec<JsonFinding<'f>>,
    summary: &'f Summary,
    /// Every input that could not be read, by name (the summary only counts them).
    failed_inputs: &'f [FailedInput],
    /// The cluster the inputs were checked for.
    kubernetes: JsonCluster,
}

/// `"kubernetes": {"version": "1.33", "featureGates": {…}}`: the release and every gate podlife
/// consults in it, with its value.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JsonCluster {
    version: String,
    feature_gates: std::collections::BTreeMap<&'static str, bool>,
}

impl JsonCluster {
    /// The JSON form of `gates`.
    pub fn new(gates: &FeatureGates) -> Self {
        JsonCluster {
            version: gates.version().to_string(),
            feature_gates: gates.values().into_iter().collect(),
        }
    }
}

/// Writes the findings and summary as one JSON document.
pub fn write_findings(
    out: &mut dyn Write,
    findings: &[&Finding],
    summary: &Summary,
    failed_inputs: &[FailedInput],
    gates: &FeatureGates,
) -> std::io::Result<()> {
    let findings = findings
        .iter()
        .map(|finding| {
            let span = finding.span.unwrap_or_default();
            JsonFinding {
                rule: finding.rule.code,
                name: finding.rule.name,
                severity: finding.severity.as_str(),
                message: &finding.message,
                help: finding.help.as_deref(),
                note: finding.note.as_deref(),
                file: &finding.file,
                line: span.start.line.max(1),
                column: span.start.column.max(1),
                end_line: span.end.line.max(span.start.line).max(1),
                end_column: span.end.column.max(1),
                path: finding.path.as_ref().map(ToString::to_string),
                k8s_type: finding.k8s_type,
                bad_value: finding.bad_value.as_deref(),
                pod: finding.object.as_deref(),
                fix: finding
                    .fix
                    .as_ref()
                    .filter(|fix| !fix.bytes.is_empty())
                    .map(|fix| JsonFix {
                        applicability: fix.applicability.as_str(),
                        edits: fix
                            .bytes
                            .iter()
                            .map(|(start, end, text)| JsonEdit {
                                start: *start,
                                end: *end,
                                text,
                            })
                            .collect(),
                    }),
            }
        })
        .collect();
    let report = JsonReport {
        findings,
        summary,
        failed_inputs,
        kubernetes: JsonCluster::new(gates),
    };
    serde_json::to_writer_pretty(&mut *out, &report)?;
    writeln!(out)
}
