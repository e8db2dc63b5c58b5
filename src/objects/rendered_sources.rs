//! The `# Source: chart/templates/web.yaml` comments `helm template` writes atop each document
//! it renders: which template each line of rendered output came from, so that a finding in
//! `<stdin>` leads to the file to edit.

use std::sync::Arc;

use crate::finding::Finding;

/// The comment that names a rendered document's template, at the start of a line.
const SOURCE_COMMENT: &str = "# Source: ";

/// A template name longer than this is no path Helm wrote; it is not attributed.
const MAX_SOURCE_BYTES: usize = 4096;

/// Where each `# Source:` comment starts to apply and where the document it heads ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedSources {
    /// (line, template) in line order: from `line` on, lines come from `template`, or from no
    /// template (`None`: a document marker `---` or `...` ended the last one's document).
    starts: Vec<(u32, Option<Arc<str>>)>,
}

impl RenderedSources {
    /// The templates named in `text`, or `None` when it names none (most inputs: they pay one
    /// substring search).
    pub fn scan(text: &str) -> Option<Self> {
        if !text.contains(SOURCE_COMMENT) {
            return None;
        }
        let mut starts: Vec<(u32, Option<Arc<str>>)> = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
            if is_document_marker(line) {
                if starts.last().is_some_and(|(_, source)| source.is_some()) {
                    starts.push((number, None));
                }
            } else if let Some(source) = line.strip_prefix(SOURCE_COMMENT).map(str::trim)
                && is_template_path(source)
            {
                starts.push((number, Some(Arc::from(source))));
            }
        }
        starts
            .iter()
            .any(|(_, source)| source.is_some())
            .then_some(RenderedSources { starts })
    }

    /// The template line `line` (1-based) was rendered from, if its document names one.
    pub fn at(&self, line: u32) -> Option<&Arc<str>> {
        let after = self.starts.partition_point(|(start, _)| *start <= line);
        self.starts.get(after.checked_sub(1)?)?.1.as_ref()
    }

    /// Names, on each finding with a place and no source yet, the template its line came from.
    pub fn attribute(&self, findings: &mut [Finding]) {
        for finding in findings {
            if finding.source.is_none()
                && let Some(span) = finding.span
            {
                finding.source = self.at(span.start.line).cloned();
            }
        }
    }
}

/// Whether `line` is a document marker: `---` or `...`, alone or followed by a space.
fn is_document_marker(line: &str) -> bool {
    ["---", "..."].iter().any(|marker| {
        line.strip_prefix(marker)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '\r']))
    })
}

/// Whether a `# Source:` comment names a template file: a relative path as Helm writes it
/// (`chart/templates/web.yaml`), not a URL or prose.
fn is_template_path(source: &str) -> bool {
    !source.is_empty()
        && source.len() <= MAX_SOURCE_BYTES
        && !source.contains("://")
        && !source.contains(char::is_whitespace)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RENDERED: &str = "---\n# Source: web/templates/service.yaml\napiVersion: v1\nkind: Service\n---\n# Source: web/templates/deployment.yaml\napiVersion: apps/v1\nkind: Deployment\n---\napiVersion: v1\nkind: Pod\n";

    #[test]
    fn each_line_belongs_to_the_template_named_above_its_document() {
        let sources = RenderedSources::scan(RENDERED).expect("sources");
        let at = |line| sources.at(line).map(ToString::to_string);
        assert_eq!(at(1), None);
        assert_eq!(at(2).as_deref(), Some("web/templates/service.yaml"));
        assert_eq!(at(4).as_deref(), Some("web/templates/service.yaml"));
        assert_eq!(at(5), None, "the marker ends the document");
        assert_eq!(at(7).as_deref(), Some("web/templates/deployment.yaml"));
        assert_eq!(at(10), None, "a document with no comment has no template");
    }

    #[test]
    fn text_without_the_comment_or_with_a_url_names_no_template() {
        assert_eq!(RenderedSources::scan("apiVersion: v1\nkind: Pod\n"), None);
        assert_eq!(
            RenderedSources::scan("# Source: https://example.com/pod.yaml\nkind: Pod\n"),
            None
        );
        assert_eq!(
            RenderedSources::scan("  # Source: indented/not/helm.yaml\nkind: Pod\n"),
            None
        );
    }
}
