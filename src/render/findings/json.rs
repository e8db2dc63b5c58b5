//! The `json` format: one document with every finding and the summary (shape in docs/validate.md).

use std::io::Write;

use serde::Serialize;

use crate::k8s::cluster::FeatureGates;

use crate::finding::{FailedInput, Finding, ObjectRef, Summary};
use crate::render::findings::pretty_json;

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
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<&'f str>,
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<PathText<'f>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    k8s_type: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bad_value: Option<&'f str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pod: Option<&'f ObjectRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fix: Option<JsonFix<'f>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pod_security: Option<JsonPodSecurity>,
}

/// `podSecurity: {level, version, mode, check}` of a Pod Security finding.
#[derive(Serialize)]
struct JsonPodSecurity {
    level: &'static str,
    version: String,
    mode: &'static str,
    check: &'static str,
}

/// A field path as a JSON string, written from its pieces without an owned copy.
struct PathText<'f>(&'f crate::yaml::field_path::FieldPath);

impl Serialize for PathText<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self.0)
    }
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

/// The report (shape in docs/validate.md); `L` is the findings, written apart
/// ([`pretty_json::write_pretty`]).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonReport<'f, L> {
    findings: L,
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

/// Writes the findings and summary as one JSON document, the findings serialized on every core.
pub fn write_findings(
    out: &mut dyn Write,
    findings: &[&Finding],
    summary: &Summary,
    failed_inputs: &[FailedInput],
    gates: &FeatureGates,
) -> std::io::Result<()> {
    let report = JsonReport {
        findings: pretty_json::Items,
        summary,
        failed_inputs,
        kubernetes: JsonCluster::new(gates),
    };
    pretty_json::write_pretty(out, &report, findings, |finding| json_finding(finding))?;
    writeln!(out)
}

/// Where a drawn item's pod names its document: the number's bytes in the drawn text (from
/// `at`, `length` long) and the number as drawn, counted from the start of the piece of the
/// file the item was drawn in; the writer adds the documents before the piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DocumentNumber {
    /// Where the digits start.
    pub at: usize,
    /// How many digits.
    pub length: usize,
    /// The number drawn.
    pub drawn: usize,
}

/// The JSON document written as the findings come: its opening, the items of each piece of a
/// file (drawn on any core), then its closing with the counts known at the end. The same bytes
/// as [`write_findings`] for the same findings.
pub struct JsonPieces {
    splice: pretty_json::Splice,
}

/// The key of an item's pod's document number, as serde_json writes it.
const DOCUMENT_KEY: &str = "\"document\": ";

/// About what one finding draws to, in bytes.
const ITEM_BYTES: usize = 1024;

impl JsonPieces {
    /// The document's layout for the release and gates `gates`.
    pub fn new(gates: &FeatureGates) -> std::io::Result<Self> {
        let report = JsonReport {
            findings: pretty_json::Items,
            summary: &Summary::default(),
            failed_inputs: &[],
            kubernetes: JsonCluster::new(gates),
        };
        Ok(JsonPieces {
            splice: pretty_json::Splice::of(&report)?,
        })
    }

    /// The document up to the findings' array, and its `[`.
    pub fn opening(&self) -> Vec<u8> {
        self.splice.opening()
    }

    /// Appends the items of `findings` to `bytes`, each after a comma (the writer leaves out
    /// the array's first), and the place of each pod's document number to `numbers`.
    pub fn draw(
        &self,
        findings: &[Finding],
        bytes: &mut Vec<u8>,
        numbers: &mut Vec<DocumentNumber>,
    ) -> std::io::Result<()> {
        // Most findings draw to a kilobyte or two: room for them at once, not by doublings.
        bytes.reserve(findings.len() * ITEM_BYTES);
        for finding in findings {
            let start = bytes.len();
            self.splice
                .push_item(bytes, &json_finding(finding), false)?;
            let Some(object) = &finding.object else {
                continue;
            };
            // Inside a JSON string every quote is escaped: the key is found only as a key,
            // and only the pod has it.
            // Near the item's end: the pod comes last but for a fix and Pod Security's tag.
            let item = bytes.get(start..).unwrap_or_default();
            let key = memchr::memmem::rfind(item, DOCUMENT_KEY.as_bytes())
                .ok_or_else(|| std::io::Error::other("a pod drawn without its document"))?;
            let at = start + key + DOCUMENT_KEY.len();
            numbers.push(DocumentNumber {
                at,
                length: crate::text::decimal(object.document, &mut [0; 20]).len(),
                drawn: object.document,
            });
        }
        Ok(())
    }

    /// The array's end and the rest of the document, with the run's counts and failed inputs.
    pub fn closing(
        &self,
        any_items: bool,
        summary: &Summary,
        failed_inputs: &[FailedInput],
        gates: &FeatureGates,
    ) -> std::io::Result<Vec<u8>> {
        let report = JsonReport {
            findings: pretty_json::Items,
            summary,
            failed_inputs,
            kubernetes: JsonCluster::new(gates),
        };
        let mut closing = pretty_json::Splice::of(&report)?.closing(any_items);
        closing.push(b'\n');
        Ok(closing)
    }
}

/// The JSON form of one finding.
fn json_finding(finding: &Finding) -> JsonFinding<'_> {
    let span = finding.span.unwrap_or_default();
    JsonFinding {
        rule: finding.rule.code,
        name: finding.rule.name,
        severity: finding.severity.as_str(),
        message: &finding.message,
        help: finding.help.as_deref(),
        note: finding.note.as_deref(),
        file: &finding.file,
        source: finding.source.as_deref(),
        line: span.start.line.max(1),
        column: span.start.column.max(1),
        end_line: span.end.line.max(span.start.line).max(1),
        end_column: span.end.column.max(1),
        path: finding.path.as_ref().map(PathText),
        k8s_type: finding.k8s_type(),
        bad_value: finding.bad_value(),
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
        pod_security: finding.pod_security.as_deref().map(|tag| JsonPodSecurity {
            level: tag.level.as_str(),
            version: tag.version_text(),
            mode: tag.mode.as_str(),
            check: tag.check,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::{Applicability, RuleId, Severity};
    use crate::yaml::field_path::FieldPath;
    use crate::yaml::source::{Pos, Span};
    use std::sync::Arc;

    /// The whole report as one `serde_json::to_writer_pretty` writes it: what the parallel
    /// writer must reproduce byte for byte.
    fn written_whole(findings: &[&Finding], summary: &Summary, gates: &FeatureGates) -> Vec<u8> {
        let report = JsonReport {
            findings: findings
                .iter()
                .map(|finding| json_finding(finding))
                .collect::<Vec<_>>(),
            summary,
            failed_inputs: &[],
            kubernetes: JsonCluster::new(gates),
        };
        let mut out = serde_json::to_vec_pretty(&report).expect("serializes");
        out.push(b'\n');
        out
    }

    fn finding(index: usize) -> Finding {
        let rule = RuleId {
            code: "PL416",
            name: "service-account-token-automounted",
        };
        let line = u32::try_from(index % 1000).expect("small") + 1;
        let at = |column| Pos {
            index: 0,
            line,
            column,
        };
        let mut finding = Finding::new(
            rule,
            Severity::Warning,
            format!("finding {index}: a \"quoted\"\nline"),
        )
        .spanned(Span {
            start: at(3),
            end: at(9),
        })
        .at(FieldPath::parse("spec.template.spec.containers[0].image"))
        .help("fix it");
        finding.file = Arc::from("dir/a.yaml");
        if index.is_multiple_of(3) {
            finding.object = Some(Arc::new(ObjectRef {
                kind: "Deployment".to_string(),
                namespace: Some("ns".to_string()),
                name: Some(format!("web-{index}")),
                document: index,
                template: None,
            }));
        }
        if index.is_multiple_of(5) {
            finding = finding.fixed_by(Applicability::Safe, "Always");
            if let Some(fix) = finding.fix.as_mut() {
                fix.bytes = vec![(10, 14, "Always".to_string())];
            }
        }
        finding
    }

    #[test]
    fn a_path_is_written_as_its_text_would_be() {
        let path = FieldPath::parse("spec.containers[3].env[a\"b\\c\u{1b}\u{85}é].name");
        assert_eq!(
            serde_json::to_string(&PathText(&path)).expect("serializes"),
            serde_json::to_string(&path.to_string()).expect("serializes")
        );
    }

    #[test]
    fn the_parallel_writer_writes_what_serde_json_writes_whole() {
        let gates = FeatureGates::default();
        let summary = Summary {
            files: 1,
            ..Summary::default()
        };
        // None, one, a chunk and one more, and past a window: every seam of the writer.
        for count in [0, 1, 2, 600, 17_000] {
            let findings: Vec<Finding> = (0..count).map(finding).collect();
            let references: Vec<&Finding> = findings.iter().collect();
            let mut written = Vec::new();
            write_findings(&mut written, &references, &summary, &[], &gates).expect("writes");
            let whole = written_whole(&references, &summary, &gates);
            assert!(
                written == whole,
                "{count} findings differ from serde_json's"
            );
        }
    }
}
