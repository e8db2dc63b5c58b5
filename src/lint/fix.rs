//! Applying fixes: each finding's repair is an edit of the original text (its span replaced); edits are applied until nothing changes, and a fix that would break the file is dropped.
//!
//! One pass applies every allowed fix whose span overlaps no earlier one, then validates the
//! result. When the result has an error the input did not have (invalid YAML, a duplicate key
//! after a rename), the batch is halved until the fixes that add an error are alone; those are
//! dropped and reported, the rest applied. Passes repeat until no fix applies, at most
//! [`MAX_PASSES`] times. In a file whose lines end with CRLF, the lines a fix writes do too.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::finding::{Applicability, Finding, Severity};
use crate::input::SourceText;
use crate::lint::settings::CheckOptions;
use crate::lint::validate::{FileReport, validate_source};

/// Fixing passes over one file, at most.
pub const MAX_PASSES: usize = 10;
/// Validations in one pass while looking for the fixes that break the file, at most.
const MAX_SINGLE_TRIES: usize = 200;

/// One edit in bytes of the text it applies to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ByteEdit {
    /// First byte replaced.
    pub start: usize,
    /// Byte after the last one replaced.
    pub end: usize,
    /// What replaces them.
    pub text: String,
}

/// The edits a finding's fix makes, in bytes of the text it was found in (empty without a
/// fix or once unresolvable).
pub fn edits_of(finding: &Finding) -> Vec<ByteEdit> {
    finding
        .fix
        .as_ref()
        .map(|fix| {
            fix.bytes
                .iter()
                .map(|(start, end, text)| ByteEdit {
                    start: *start,
                    end: *end,
                    text: text.clone(),
                })
                .collect()
        })
        .unwrap_or_default()
}

/// What fixing one source did.
#[derive(Debug, Clone, Default)]
pub struct FixOutcome {
    /// The fixed text (the input's when nothing applied).
    pub text: String,
    /// Fixes applied.
    pub applied: usize,
    /// Fixes dropped because the file would have gained an error, with that error.
    pub dropped: Vec<(Finding, Finding)>,
    /// The report of the fixed text (what remains), `None` for text that is not UTF-8.
    pub report: Option<FileReport>,
}

/// Whether `finding`'s fix may be applied.
fn allowed(finding: &Finding, unsafe_fixes: bool) -> bool {
    finding
        .fix
        .as_ref()
        .is_some_and(|fix| fix.applicability == Applicability::Safe || unsafe_fixes)
}

/// Applies whole fixes (each all of its edits, or none when one overlaps an edit already
/// taken) to `text`; returns the text and how many fixes applied.
fn apply_fixes(text: &str, fixes: &[(Vec<ByteEdit>, &Finding)]) -> (String, usize) {
    let mut taken: Vec<&ByteEdit> = Vec::new();
    let mut applied = 0usize;
    for (edits, _) in fixes {
        let fits = edits.iter().all(|edit| {
            edit.start <= edit.end
                && edit.end <= text.len()
                && taken.iter().all(|other| {
                    // Two insertions at one place would interleave (two `securityContext:`
                    // keys, say): the later one waits for the next pass.
                    (edit.end <= other.start || other.end <= edit.start)
                        && edit.start != other.start
                })
        });
        if fits {
            taken.extend(edits.iter());
            applied += 1;
        }
    }
    taken.sort_by_key(|edit| (edit.start, edit.end));
    let mut out = String::with_capacity(text.len());
    let mut at = 0usize;
    for edit in taken {
        out.push_str(text.get(at..edit.start).unwrap_or_default());
        out.push_str(&edit.text);
        at = edit.end;
    }
    out.push_str(text.get(at..).unwrap_or_default());
    (out, applied)
}

/// Whether a fix may not bring this finding: an error, or a key written twice (a warning, as
/// kubectl reads on, but a fix that renames a key onto another one breaks the manifest).
fn breaks(finding: &Finding) -> bool {
    finding.severity == Severity::Error
        // PL002 duplicate-key, by its stable ID: fixing sits below the rule registry.
        || finding.rule.code == "PL002"
}

/// Errors by (rule, message), to tell which errors are new.
fn errors(findings: &[Finding]) -> BTreeMap<(&'static str, String), usize> {
    let mut counts = BTreeMap::new();
    for finding in findings.iter().filter(|f| breaks(f)) {
        *counts
            .entry((finding.rule.code, finding.message.clone()))
            .or_insert(0) += 1;
    }
    counts
}

/// The first error `after` has that `before` did not.
fn new_error(before: &[Finding], after: &[Finding]) -> Option<Finding> {
    let mut known = errors(before);
    for finding in after.iter().filter(|f| breaks(f)) {
        let key = (finding.rule.code, finding.message.clone());
        match known.get_mut(&key) {
            Some(count) if *count > 0 => *count -= 1,
            _ => return Some(finding.clone()),
        }
    }
    None
}

/// `source` validated with `text` in place of its own (its name and origin kept).
fn check(source: &SourceText, text: &str, options: &CheckOptions) -> FileReport {
    let source = SourceText {
        text: Arc::new(text.to_string()),
        ..source.clone()
    };
    validate_source(&source, options)
}

/// One fix: its edits (line endings as the file's) and the finding it repairs.
type Candidate<'f> = (Vec<ByteEdit>, &'f Finding);

/// What names a fix across passes (its span moves as other fixes apply): rule, message, path,
/// object and replacement text.
fn identity(finding: &Finding) -> String {
    format!(
        "{}\u{0}{}\u{0}{:?}\u{0}{:?}\u{0}{:?}",
        finding.rule.code,
        finding.message,
        finding.path,
        finding.object,
        finding.fix.as_ref().map(|fix| &fix.bytes)
    )
}

/// Whether `text` ends its lines with CRLF (its first line does).
fn uses_crlf(text: &str) -> bool {
    text.find('\n')
        .is_some_and(|at| at > 0 && text.as_bytes().get(at - 1) == Some(&b'\r'))
}

/// `edits` with every line they write ended by CRLF (a fix that inserts lines writes them as
/// the file writes its own).
fn with_crlf(mut edits: Vec<ByteEdit>) -> Vec<ByteEdit> {
    for edit in &mut edits {
        if edit.text.contains('\n') {
            edit.text = edit.text.replace("\r\n", "\n").replace('\n', "\r\n");
        }
    }
    edits
}

/// The state of one fixing pass's search for the fixes that can go together.
struct Sifting<'a, 'f> {
    source: &'a SourceText,
    options: &'a CheckOptions,
    text: &'a str,
    current: &'a FileReport,
    /// Validations left in this pass.
    budget: usize,
    /// Fixes that go together so far, and the text and report they give.
    good: Vec<Candidate<'f>>,
    best: Option<(String, usize, FileReport)>,
    /// Fixes that add an error even alone, with that error.
    bad: Vec<(&'f Finding, Finding)>,
}

impl<'f> Sifting<'_, 'f> {
    /// Adds `chunk` to the good fixes if together they add no error; else halves it, down to
    /// single fixes, which are then known bad. Costs O(k log n) validations for k bad fixes.
    fn sift(&mut self, chunk: Vec<Candidate<'f>>) {
        if chunk.is_empty() || self.budget == 0 {
            return;
        }
        self.budget -= 1;
        let mut trial = self.good.clone();
        trial.extend(chunk.iter().cloned());
        trial.sort_by_key(|(edits, _)| edits.first().map(|e| (e.start, e.end)));
        let (candidate, applied) = apply_fixes(self.text, &trial);
        let after = check(self.source, &candidate, self.options);
        match new_error(&self.current.findings, &after.findings) {
            None => {
                self.good = trial;
                self.best = Some((candidate, applied, after));
            }
            Some(error) => match <[Candidate<'f>; 1]>::try_from(chunk) {
                Ok([(_, finding)]) => self.bad.push((finding, error)),
                Err(mut chunk) => {
                    let second = chunk.split_off(chunk.len() / 2);
                    self.sift(chunk);
                    self.sift(second);
                }
            },
        }
    }
}

/// Fixes `source`: safe fixes, and unsafe ones too when `unsafe_fixes`.
///
/// Each pass applies every fix that goes with the others; a fix that would add an error (a
/// rename onto a key that exists) is found by halving the batch, reported in
/// [`FixOutcome::dropped`] once, and left out of later passes, so the other fixes all apply in
/// one run and a second run changes nothing.
pub fn fix_source(source: &SourceText, options: &CheckOptions, unsafe_fixes: bool) -> FixOutcome {
    let mut outcome = FixOutcome {
        text: source.text.to_string(),
        ..FixOutcome::default()
    };
    if source.not_utf8.is_some() {
        return outcome;
    }
    let crlf = uses_crlf(&outcome.text);
    let mut current = check(source, &outcome.text, options);
    let mut dropped: Vec<String> = Vec::new();
    for _ in 0..MAX_PASSES {
        let mut fixable: Vec<Candidate<'_>> = current
            .findings
            .iter()
            .filter(|f| allowed(f, unsafe_fixes) && !dropped.contains(&identity(f)))
            .map(|f| {
                let edits = edits_of(f);
                (if crlf { with_crlf(edits) } else { edits }, f)
            })
            .filter(|(edits, _)| !edits.is_empty())
            .collect();
        if fixable.is_empty() {
            break;
        }
        fixable.sort_by_key(|(edits, _)| edits.first().map(|e| (e.start, e.end)));
        let mut sifting = Sifting {
            source,
            options,
            text: &outcome.text,
            current: &current,
            budget: MAX_SINGLE_TRIES,
            good: Vec::new(),
            best: None,
            bad: Vec::new(),
        };
        sifting.sift(fixable);
        let found_bad = !sifting.bad.is_empty();
        for (finding, error) in sifting.bad {
            dropped.push(identity(finding));
            outcome.dropped.push((finding.clone(), error));
        }
        match sifting.best {
            Some((text, applied, after)) if applied > 0 => {
                outcome.text = text;
                outcome.applied += applied;
                current = after;
            }
            _ if found_bad => {}
            _ => break,
        }
    }
    outcome.report = Some(current);
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fix(text: &str, unsafe_fixes: bool) -> FixOutcome {
        fix_source(
            &SourceText::new("test.yaml", text),
            &CheckOptions::default(),
            unsafe_fixes,
        )
    }

    const POD: &str = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: a\n    image: nginx:1.27\n";

    #[test]
    fn safe_fixes_keep_the_rest_of_the_text_and_are_idempotent() {
        let text = format!(
            "{POD}    imagePullPolicy: ifnotpresent   # keep this comment\n    ports: [{{containerPort: \"80\"}}]\n"
        );
        let fixed = fix(&text, false);
        assert_eq!(fixed.applied, 2, "{}", fixed.text);
        assert!(
            fixed
                .text
                .contains("imagePullPolicy: IfNotPresent   # keep this comment")
        );
        assert!(
            fixed.text.contains("[{containerPort: 80}]"),
            "{}",
            fixed.text
        );
        assert_eq!(
            fixed.text,
            text.replace("ifnotpresent", "IfNotPresent")
                .replace("\"80\"", "80"),
            "only the two values changed"
        );
        let again = fix(&fixed.text, false);
        assert_eq!(again.applied, 0);
        assert_eq!(again.text, fixed.text);
    }

    #[test]
    fn unsafe_fixes_only_when_asked_and_a_fix_that_adds_an_error_is_dropped() {
        let text = format!("{POD}    imagePullPolicy: Always\n    imagePulPolicy: Never\n");
        assert_eq!(fix(&text, false).applied, 0, "a rename is unsafe");
        let renamed = fix(&text, true);
        // Renaming the misspelled key would duplicate `imagePullPolicy`: dropped.
        assert_eq!(renamed.applied, 0, "{}", renamed.text);
        assert_eq!(renamed.dropped.len(), 1);
        assert_eq!(renamed.text, text);
        let alone = format!("{POD}    imagePulPolicy: Never\n");
        let renamed = fix(&alone, true);
        assert_eq!(renamed.applied, 1);
        assert!(renamed.text.contains("    imagePullPolicy: Never\n"));
    }

    #[test]
    fn a_repeated_block_entry_is_removed_by_its_lines_and_a_flow_one_is_left() {
        let text = format!(
            "{POD}    image: nginx:1.26\n    ports:\n    - containerPort: 80\n    ports:\n    - containerPort: 81\n      name: x\n    tty: true\n"
        );
        let fixed = fix(&text, true);
        assert_eq!(fixed.applied, 2);
        assert_eq!(
            fixed.text,
            "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: a\n    image: nginx:1.26\n    ports:\n    - containerPort: 81\n      name: x\n    tty: true\n",
            "each earlier entry (the one kubectl drops) goes, whole, and nothing after it"
        );
        assert_eq!(fix(&text, false).applied, 0, "unsafe");
        let flow = "apiVersion: v1\nkind: Pod\nmetadata: {name: p, name: q}\nspec: {containers: [{name: a, image: x:1}]}\n";
        assert_eq!(
            fix(flow, true).applied,
            0,
            "a flow entry is not removed by lines"
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

        /// Mutated real manifests (a value in the wrong case, a number quoted, a field
        /// misspelled): fixing them, unsafe fixes included, leaves a file that still parses,
        /// has no error the mutated file did not have, and does not change when fixed again.
        #[test]
        fn fixing_mutated_manifests_never_adds_an_error(
            picks in proptest::collection::vec(0usize..64, 1..6),
        ) {
            let base = include_str!("../../testdata/clean/live-workloads.yaml");
            let mutations: [(&str, &str); 6] = [
                ("imagePullPolicy: IfNotPresent", "imagePullPolicy: ifnotpresent"),
                ("imagePullPolicy: Always", "imagePullPolicy: always"),
                ("terminationMessagePolicy: File", "terminationMessagePolicy: FILE"),
                ("containerPort: 8080", "containerPort: \"8080\""),
                ("image:", "imgae:"),
                ("resources:", "resource:"),
            ];
            let mut text = base.to_string();
            for pick in picks {
                let (from, to) = mutations[pick % mutations.len()];
                let nth = pick / mutations.len();
                let found: Vec<usize> = text.match_indices(from).map(|(at, _)| at).collect();
                if found.is_empty() {
                    continue;
                }
                let at = found[nth % found.len()];
                text.replace_range(at..at + from.len(), to);
            }
            let source = SourceText::new("m.yaml", text.clone());
            let before = check(&source, &text, &CheckOptions::default()).findings;
            let fixed = fix(&text, true);
            let after = check(&source, &fixed.text, &CheckOptions::default()).findings;
            proptest::prop_assert!(new_error(&before, &after).is_none(), "{}", fixed.text);
            proptest::prop_assert!(!after.iter().any(|f| f.rule.code == "PL001"));
            let again = fix(&fixed.text, true);
            proptest::prop_assert_eq!(again.text, fixed.text);
        }
    }
}
