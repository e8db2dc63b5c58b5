//! Applying configuration to a file's findings: the one place every output format's findings pass through.
//!
//! In order: in-manifest suppressions (`podlife.dev/ignore`, then `# podlife: ignore[…]`
//! comments), with a warning for each entry that suppressed nothing; then, with
//! `honorPeerAnnotations: true`, the peers' suppression annotations (never reported as unused:
//! they are there for the other tool); then each rule's configured level (off drops the finding); then the
//! loosened validation of pods whose initializers are still pending (SEMANTICS I2): their strict
//! findings become notes, unless `--strict-initialized`.

use crate::yaml::line_index::LineIndex;
use std::sync::Arc;

use crate::finding::{Finding, ObjectRef, RuleId, Severity};
use crate::k8s::workload::PodObject;
use crate::lint::rules::{self, Origin};
use crate::lint::settings::inline_comments::CommentSuppression;
use crate::lint::settings::peer_annotations;
use crate::lint::settings::selection::{Level, RuleSettings, Selector};
use crate::lint::settings::suppression::{
    self, IGNORE_ANNOTATION, SuppressionAnnotation, SuppressionEntry,
};
use crate::yaml::source::Node;

/// What configuration needs to know about one object: its suppressions and pending initializers.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectFacts {
    /// The object, as its findings name it.
    pub object: ObjectRef,
    /// Its `podlife.dev/ignore` annotations.
    pub suppressions: Vec<SuppressionAnnotation>,
    /// Names of its pending initializers (empty when initialized).
    pub pending_initializers: Vec<String>,
    /// The rules the peers' annotations suppress in it (`honorPeerAnnotations: true`), sorted.
    pub peer_suppressed: Vec<&'static str>,
}

impl ObjectFacts {
    /// The facts of an object, or `None` when configuration has nothing to do with it;
    /// `honor_peers` reads the peers' suppression annotations too.
    pub fn read(
        root: Option<&Node<'_>>,
        lines: &LineIndex<'_>,
        object: &PodObject,
        honor_peers: bool,
    ) -> Option<Self> {
        let suppressions = root
            .map(|root| suppression::read_annotations(root, lines, object))
            .unwrap_or_default();
        let pending_initializers = object.pod.pending_initializers();
        let peer_suppressed = match root {
            Some(root) if honor_peers => peer_annotations::suppressed_rules(root, object),
            _ => Vec::new(),
        };
        if suppressions.is_empty() && pending_initializers.is_empty() && peer_suppressed.is_empty()
        {
            return None;
        }
        Some(ObjectFacts {
            object: object.object_ref(),
            suppressions,
            pending_initializers,
            peer_suppressed,
        })
    }
}

/// The loader's findings of one document as `validate` leaves them, for the commands that only
/// report them (`simulate`, `rollout`, `resources`, `status`): its objects' `podlife.dev/ignore`
/// annotations, the file's `# podlife: ignore[…]` comments and the configuration's rule levels
/// apply; an unused suppression is not reported (the object's checks may use it, and it is
/// `validate`'s to report).
pub fn apply_to_read_findings(
    findings: &mut Vec<Finding>,
    root: Option<&crate::yaml::source::Node<'_>>,
    lines: &LineIndex<'_>,
    pods: &[crate::k8s::workload::PodObject],
    comments: &[CommentSuppression],
    settings: &RuleSettings,
    file: &Arc<str>,
) {
    if findings.is_empty() {
        return;
    }
    let facts: Vec<ObjectFacts> = pods
        .iter()
        .filter_map(|pod| ObjectFacts::read(root, lines, pod, settings.honor_peer_annotations))
        .collect();
    apply(findings, &facts, comments, settings, file);
    findings.retain(|finding| finding.rule.code != "PL012");
}

/// Applies suppressions (annotations and `# podlife: ignore[…]` comments), rule levels and
/// the loosened validation of uninitialized pods.
pub fn apply(
    findings: &mut Vec<Finding>,
    objects: &[ObjectFacts],
    comments: &[CommentSuppression],
    settings: &RuleSettings,
    file: &Arc<str>,
) {
    let mut unused = suppress(findings, objects, settings, file);
    unused.extend(suppress_by_comments(findings, comments, settings, file));
    suppress_by_peers(findings, objects);
    findings.append(&mut unused);
    // A rule's findings mostly come one after another: its place is kept from the last.
    let mut last: Option<(&'static str, Option<usize>)> = None;
    findings.retain_mut(|finding| {
        // Every finding names a registered rule (the registry's tests hold every rule file to it).
        // Its place in the registry is looked up once, for the rule and its level alike.
        let code = finding.rule.code;
        let position = match last {
            Some((last_code, position)) if std::ptr::eq(last_code, code) => position,
            _ => {
                let position = rules::position(code);
                last = Some((code, position));
                position
            }
        };
        let Some((position, rule)) =
            position.and_then(|position| Some((position, *rules::REGISTRY.get(position)?)))
        else {
            return true;
        };
        match settings.level_at(position, rule) {
            Level::Off => false,
            Level::On(severity) => {
                if severity != rule.severity {
                    finding.severity = severity;
                }
                true
            }
        }
    });
    super::overlaps::keep_one_per_problem(findings);
    if !settings.strict_initialized {
        for facts in objects
            .iter()
            .filter(|f| !f.pending_initializers.is_empty())
        {
            loosen_uninitialized(findings, facts);
        }
    }
}

/// Drops suppressed findings; returns a finding for each entry that suppressed nothing.
fn suppress(
    findings: &mut Vec<Finding>,
    objects: &[ObjectFacts],
    settings: &RuleSettings,
    file: &Arc<str>,
) -> Vec<Finding> {
    let mut unused = Vec::new();
    let mut dropped = vec![false; findings.len()];
    // The findings of each document: an object's suppressions look at its own document's only.
    let mut by_document: std::collections::HashMap<usize, Vec<usize>> =
        std::collections::HashMap::new();
    if objects.iter().any(|f| !f.suppressions.is_empty()) {
        for (index, finding) in findings.iter().enumerate() {
            if let Some(object) = &finding.object {
                by_document.entry(object.document).or_default().push(index);
            }
        }
    }
    for facts in objects.iter().filter(|f| !f.suppressions.is_empty()) {
        let entries: Vec<(&SuppressionAnnotation, &SuppressionEntry)> = facts
            .suppressions
            .iter()
            .flat_map(|annotation| annotation.entries.iter().map(move |e| (annotation, e)))
            .collect();
        let candidates = by_document
            .get(&facts.object.document)
            .map_or(&[][..], Vec::as_slice);
        let used = drop_suppressed(
            findings,
            candidates.iter().copied(),
            &mut dropped,
            entries.iter().map(|(_, e)| *e),
            |finding| finding.object.as_deref() == Some(&facts.object),
        );
        if silences_itself(entries.iter().map(|(_, e)| *e)) {
            continue;
        }
        for ((annotation, entry), used) in entries.iter().zip(&used) {
            let source = format!("`{IGNORE_ANNOTATION}`");
            if let Some(mut finding) = (!used)
                .then(|| unused_entry(entry, &source, "in this object", settings))
                .flatten()
            {
                finding = finding.spanned(annotation.span);
                finding.path = Some(annotation.path.clone());
                finding.file = file.clone();
                finding.object = Some(facts.object.clone().into());
                unused.push(finding);
            }
        }
    }
    retain_undropped(findings, &dropped);
    unused
}

/// Drops the findings a suppression comment covers; returns a finding for each comment entry
/// that suppressed nothing (or names no rule), unless the comment also names PL012.
fn suppress_by_comments(
    findings: &mut Vec<Finding>,
    comments: &[CommentSuppression],
    settings: &RuleSettings,
    file: &Arc<str>,
) -> Vec<Finding> {
    let mut unused = Vec::new();
    let mut dropped = vec![false; findings.len()];
    // The findings by line: a comment looks at the lines it covers only.
    let mut by_line: Vec<(u32, usize)> = Vec::new();
    if !comments.is_empty() {
        by_line = findings
            .iter()
            .enumerate()
            .filter_map(|(index, finding)| Some((finding.span?.start.line, index)))
            .collect();
        by_line.sort_unstable();
    }
    for comment in comments {
        let (from, to) = comment.lines;
        let first = by_line.partition_point(|&(line, _)| line < from);
        let after = by_line.partition_point(|&(line, _)| line <= to);
        let mut candidates: Vec<usize> = by_line
            .get(first..after)
            .unwrap_or_default()
            .iter()
            .map(|&(_, index)| index)
            .collect();
        candidates.sort_unstable();
        let used = drop_suppressed(
            findings,
            candidates.into_iter(),
            &mut dropped,
            comment.entries.iter(),
            |finding| {
                finding
                    .span
                    .is_some_and(|span| comment.covers(span.start.line))
            },
        );
        if silences_itself(comment.entries.iter()) {
            continue;
        }
        let (from, to) = comment.lines;
        let lines = if from == to {
            format!("on line {from}")
        } else {
            format!("on lines {from}–{to}")
        };
        for (entry, used) in comment.entries.iter().zip(&used) {
            if let Some(mut finding) = (!used)
                .then(|| unused_entry(entry, "`# podlife: ignore[…]`", &lines, settings))
                .flatten()
            {
                finding = finding.spanned(comment.span);
                finding.file = file.clone();
                unused.push(finding);
            }
        }
    }
    retain_undropped(findings, &dropped);
    unused
}

/// Drops the findings of each object whose rule its peers' annotations suppress.
fn suppress_by_peers(findings: &mut Vec<Finding>, objects: &[ObjectFacts]) {
    let mut by_document: std::collections::HashMap<usize, Vec<&ObjectFacts>> =
        std::collections::HashMap::new();
    for facts in objects.iter().filter(|f| !f.peer_suppressed.is_empty()) {
        by_document
            .entry(facts.object.document)
            .or_default()
            .push(facts);
    }
    if by_document.is_empty() {
        return;
    }
    findings.retain(|finding| {
        let Some(object) = &finding.object else {
            return true;
        };
        !by_document.get(&object.document).is_some_and(|candidates| {
            candidates.iter().any(|facts| {
                facts.object == **object
                    && facts
                        .peer_suppressed
                        .binary_search(&finding.rule.code)
                        .is_ok()
            })
        })
    });
}

/// Keeps the findings not marked dropped, in order.
fn retain_undropped(findings: &mut Vec<Finding>, dropped: &[bool]) {
    if dropped.contains(&true) {
        let mut flags = dropped.iter();
        findings.retain(|_| !flags.next().copied().unwrap_or(false));
    }
}

/// Marks dropped each candidate finding (indexes into `findings`, ascending) in scope that an
/// entry's rules match, unless dropped already; says which entries matched one. Only the
/// candidates are looked at, so that many suppressions in a file cost their own findings, not
/// every finding of the file each.
fn drop_suppressed<'e>(
    findings: &[Finding],
    candidates: impl Iterator<Item = usize>,
    dropped: &mut [bool],
    entries: impl Iterator<Item = &'e SuppressionEntry>,
    in_scope: impl Fn(&Finding) -> bool,
) -> Vec<bool> {
    let entries: Vec<&SuppressionEntry> = entries.collect();
    let mut used = vec![false; entries.len()];
    for index in candidates {
        let (Some(finding), Some(gone)) = (findings.get(index), dropped.get_mut(index)) else {
            continue;
        };
        if *gone || !in_scope(finding) {
            continue;
        }
        for (entry, used) in entries.iter().zip(used.iter_mut()) {
            if entry
                .selector
                .as_ref()
                .is_ok_and(|s| s.matches(finding.rule))
            {
                *used = true;
                *gone = true;
            }
        }
    }
    used
}

/// Whether the entries name `unused-suppression` itself, which silences their own reports.
fn silences_itself<'e>(mut entries: impl Iterator<Item = &'e SuppressionEntry>) -> bool {
    entries.any(|entry| {
        entry
            .selector
            .as_ref()
            .is_ok_and(|s| s.matches(rules::UNUSED_SUPPRESSION.id()))
    })
}

/// PL012 for an entry that suppressed nothing (`None` when its rules are all turned off) or
/// names no rule; `source` names the annotation or comment, `scope` what it covered.
fn unused_entry(
    entry: &SuppressionEntry,
    source: &str,
    scope: &str,
    settings: &RuleSettings,
) -> Option<Finding> {
    Some(match &entry.selector {
        Err(_) => rules::UNUSED_SUPPRESSION
            .finding(format!("{source} names no rule `{}`", entry.key))
            .label("unknown rule")
            .help(
                match crate::lint::settings::selection::suggest(&entry.key) {
                    Some(candidate) => format!("did you mean `{candidate}`?"),
                    None => "use a rule ID or name from `podlife rules`".to_string(),
                },
            ),
        Ok(selector) => {
            if !selector.rules().any(|rule| settings.enabled(rule)) {
                return None;
            }
            rules::UNUSED_SUPPRESSION
                .finding(format!("{source} entry `{}` suppressed nothing", entry.key))
                .label("nothing to suppress")
                .help(format!(
                    "remove the entry: {} found nothing {scope}",
                    describe_selector(selector)
                ))
        }
    })
}

fn describe_selector(selector: &Selector) -> String {
    match selector {
        Selector::All => "no rule".to_string(),
        Selector::Prefix(prefix) => format!("no rule `{prefix}…`"),
        Selector::Group(group) => format!("no rule of the `{}` group", group.name()),
        Selector::Rule(rule) => format!("`{}` ({})", rule.id, rule.name),
    }
}

/// SEMANTICS I2: a pod with pending initializers gets only metadata and parse-level validation;
/// the strict findings of pod checks are reported as notes that say they will fail later.
fn loosen_uninitialized(findings: &mut [Finding], facts: &ObjectFacts) {
    let pending = facts
        .pending_initializers
        .iter()
        .map(|name| format!("`{name}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let mut deferred: Vec<RuleId> = Vec::new();
    for finding in findings.iter_mut() {
        let strict = finding.severity == Severity::Error
            && rules::rule(finding.rule).is_some_and(|rule| matches!(rule.origin, Origin::Pod(_)))
            && finding.rule != rules::INVALID_INITIALIZER_NAME.id();
        if !strict || finding.object.as_deref() != Some(&facts.object) {
            continue;
        }
        finding.severity = Severity::Info;
        let note = format!(
            "will fail once initialized: validation is loosened while initializers {pending} are pending (`--strict-initialized` checks it now)"
        );
        finding.note = Some(
            match finding.note.take() {
                Some(existing) => format!("{note}; {existing}"),
                None => note,
            }
            .into(),
        );
        if !deferred.contains(&finding.rule) {
            deferred.push(finding.rule);
        }
    }
    deferred.sort();
    let list = if deferred.is_empty() {
        "no strict check fails: the pod is complete for initialization".to_string()
    } else {
        let names: Vec<String> = deferred
            .iter()
            .map(|rule| format!("{} `{}`", rule.code, rule.name))
            .collect();
        format!(
            "strict checks that will fail once initialized: {}",
            names.join(", ")
        )
    };
    for finding in findings.iter_mut() {
        if finding.rule == rules::PENDING_INITIALIZERS.id()
            && finding.object.as_deref() == Some(&facts.object)
        {
            finding.note = Some(list.clone().into());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::SourceText;
    use crate::lint::settings::CheckOptions;
    use crate::lint::settings::config_file::parse;
    use crate::lint::validate::validate_source;

    fn findings(text: &str, config: &str) -> Vec<(&'static str, Severity)> {
        let layer = parse(config).expect("valid configuration");
        let options = CheckOptions {
            settings: Arc::new(RuleSettings::resolve(&[&layer])),
            ..CheckOptions::default()
        };
        let source = SourceText::new("test.yaml", text);
        validate_source(&source, &options)
            .findings
            .iter()
            .map(|finding| (finding.rule.code, finding.severity))
            .collect()
    }

    /// Each object's annotation and each comment suppress their own findings only, however
    /// many there are in the file; a second comment over a line whose finding the first one
    /// dropped suppressed nothing.
    #[test]
    fn suppressions_in_many_objects_and_comments_each_cover_their_own() {
        let pod = |n: usize| {
            let (annotation, comment) = if n.is_multiple_of(2) {
                ("\n  annotations: {podlife.dev/ignore: PL006}", "")
            } else {
                ("", " # podlife: ignore[PL006]")
            };
            format!(
                "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p{n}{annotation}\nspec:\n  containers:\n  - name: app\n    image: nginx:1.27\n    imagePullPolicyy: Always{comment}\n    resources: {{requests: {{cpu: 1m, memory: 1Mi}}, limits: {{cpu: 1m, memory: 1Mi}}}}\n"
            )
        };
        let mut text = (0..40).map(pod).collect::<Vec<_>>().join("---\n");
        assert_eq!(
            findings(&text, ""),
            [],
            "every finding suppressed, every entry used"
        );
        text.push_str("---\n");
        text.push_str(&pod(41).replace(
            "    imagePullPolicyy",
            "    # podlife: ignore[PL006]\n    imagePullPolicyy",
        ));
        assert_eq!(
            findings(&text, ""),
            [("PL012", Severity::Warning)],
            "the second comment over the line found nothing left to suppress"
        );
    }

    const NO_IMAGE_TEMPLATE: &str = "\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector: {matchExpressions: [{key: app, operator: DoesNotExist}]}
  template:
    metadata:
      annotations:
        podlife.dev/ignore: PL010
    spec:
      containers:
      - name: web
";

    #[test]
    fn template_annotations_suppress_the_object_findings() {
        assert_eq!(findings(NO_IMAGE_TEMPLATE, ""), vec![]);
        let moved = NO_IMAGE_TEMPLATE
            .replace(
                "    metadata:\n      annotations:\n        podlife.dev/ignore: PL010\n",
                "",
            )
            .replace(
                "  name: web\n",
                "  name: web\n  annotations:\n    podlife.dev/ignore: PL010\n",
            );
        assert_eq!(findings(&moved, ""), vec![]);
    }

    #[test]
    fn suppressions_of_disabled_rules_are_not_unused() {
        let text = NO_IMAGE_TEMPLATE.replace(
            "      - name: web\n",
            "      - name: web\n        image: nginx:1.27\n",
        );
        assert_eq!(findings(&text, ""), vec![("PL012", Severity::Warning)]);
        assert_eq!(findings(&text, "ignore: [PL010]"), vec![]);
        assert_eq!(findings(&text, "severity: {PL012: off}"), vec![]);
    }

    #[test]
    fn levels_change_severity_and_drop_findings() {
        let text =
            NO_IMAGE_TEMPLATE.replace("        podlife.dev/ignore: PL010\n", "        other: x\n");
        assert_eq!(findings(&text, ""), vec![("PL010", Severity::Error)]);
        assert_eq!(
            findings(&text, "severity: {PL010: warning}"),
            vec![("PL010", Severity::Warning)]
        );
        assert_eq!(findings(&text, "select: [PL3]"), vec![]);
    }

    const PRIVILEGED: &str = "\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: agent
  annotations: {OBJECT}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata:
      labels: {app: agent}
      annotations: {TEMPLATE}
    spec:
      containers:
      - name: agent
        image: example/agent:3.0
        securityContext: {privileged: true}
";

    fn privileged(object: &str, template: &str) -> String {
        PRIVILEGED
            .replace("{OBJECT}", object)
            .replace("{TEMPLATE}", template)
    }

    #[test]
    fn peer_annotations_suppress_the_mapped_rules_when_honoured() {
        // PL400 alone: the group's other rules report on this manifest too.
        let honour = "extendSelect: [PL400]\nhonorPeerAnnotations: true\n";
        let ignore = "extendSelect: [PL400]\n";
        let warning = [("PL400", Severity::Warning)];
        assert_eq!(findings(&privileged("{}", "{}"), honour), warning);
        for (object, template) in [
            (
                "{ignore-check.kube-linter.io/privileged-container: node agent}",
                "{}",
            ),
            (
                "{}",
                "{ignore-check.kube-linter.io/privileged-container: ''}",
            ),
            ("{kube-linter.io/ignore-all: generated}", "{}"),
            (
                "{kube-score/ignore: 'container-resources,container-security-context-privileged'}",
                "{}",
            ),
            (
                "{polaris.fairwinds.com/runAsPrivileged-exempt: 'true'}",
                "{}",
            ),
            ("{}", "{polaris.fairwinds.com/exempt: 'TRUE'}"),
        ] {
            let text = privileged(object, template);
            assert_eq!(findings(&text, honour), [], "{object} {template}");
            assert_eq!(
                findings(&text, ignore),
                warning,
                "not honoured: {object} {template}"
            );
        }
        for (object, template) in [
            ("{ignore-check.kube-linter.io/run-as-non-root: x}", "{}"),
            (
                "{polaris.fairwinds.com/runAsPrivileged-exempt: 'yes'}",
                "{}",
            ),
            ("{kube-score/ignore: container-resources}", "{}"),
        ] {
            let text = privileged(object, template);
            assert_eq!(findings(&text, honour), warning, "{object} {template}");
        }
    }

    #[test]
    fn a_podlife_suppression_beside_a_peer_one_is_used_not_reported() {
        let text = privileged(
            "{ignore-check.kube-linter.io/privileged-container: x, podlife.dev/ignore: PL400}",
            "{}",
        );
        let honour = "extendSelect: [PL400]\nhonorPeerAnnotations: true\n";
        assert_eq!(findings(&text, honour), []);
    }

    const UNINITIALIZED: &str = "\
apiVersion: v1
kind: Pod
metadata:
  name: cart
  initializers:
    pending:
    - name: sizer.example.com
spec:
  containers:
  - name: cart
";

    #[test]
    fn i2_strict_findings_of_uninitialized_pods_become_notes() {
        assert_eq!(
            findings(UNINITIALIZED, ""),
            vec![("PL210", Severity::Info), ("PL010", Severity::Info)]
        );
        assert_eq!(
            findings(UNINITIALIZED, "strictInitialized: true"),
            vec![("PL210", Severity::Info), ("PL010", Severity::Error)]
        );
    }

    #[test]
    fn i2_metadata_validation_is_never_loosened() {
        let text = UNINITIALIZED.replace("sizer.example.com", "sizer");
        assert!(findings(&text, "").contains(&("PL209", Severity::Error)));
    }
}
