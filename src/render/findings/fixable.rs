//! How many findings `--fix` would repair, and how many more `--unsafe-fixes` would: the line
//! under the human summary (ruff's "[*] 3 fixable with the `--fix` option").

use crate::finding::{Applicability, Finding};

/// Findings that carry a fix, by applicability.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Fixable {
    /// Repaired by `--fix`.
    pub safe: usize,
    /// Repaired only with `--fix --unsafe-fixes`.
    pub unsafe_only: usize,
}

impl Fixable {
    /// Counts the fixes of `findings`.
    pub fn count(findings: &[&Finding]) -> Self {
        Fixable::count_of(findings.iter().copied())
    }

    /// Counts the fixes of `findings`, however they are held.
    pub fn count_of<'f>(findings: impl IntoIterator<Item = &'f Finding>) -> Self {
        let mut fixable = Fixable::default();
        for fix in findings
            .into_iter()
            .filter_map(|finding| finding.fix.as_ref())
        {
            match fix.applicability {
                Applicability::Safe => fixable.safe += 1,
                Applicability::Unsafe => fixable.unsafe_only += 1,
            }
        }
        fixable
    }

    /// Adds the counts of `other`.
    pub fn add(&mut self, other: Fixable) {
        self.safe += other.safe;
        self.unsafe_only += other.unsafe_only;
    }

    /// `3 fixable with --fix (1 more with --unsafe-fixes)`, `1 fixable with --fix
    /// --unsafe-fixes`, or nothing when no finding has a fix.
    pub fn sentence(self) -> Option<String> {
        match (self.safe, self.unsafe_only) {
            (0, 0) => None,
            (0, more) => Some(format!("{more} fixable with --fix --unsafe-fixes")),
            (safe, 0) => Some(format!("{safe} fixable with --fix")),
            (safe, more) => Some(format!(
                "{safe} fixable with --fix ({more} more with --unsafe-fixes)"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::{RuleId, Severity};

    fn finding(fix: Option<Applicability>) -> Finding {
        let rule = RuleId {
            code: "PL000",
            name: "test",
        };
        let finding = Finding::new(rule, Severity::Error, "m");
        match fix {
            Some(applicability) => finding.fixed_elsewhere(applicability, Vec::new()),
            None => finding,
        }
    }

    #[test]
    fn the_sentence_counts_safe_fixes_and_the_unsafe_ones_beside_them() {
        let findings = [
            finding(Some(Applicability::Safe)),
            finding(Some(Applicability::Safe)),
            finding(Some(Applicability::Safe)),
            finding(Some(Applicability::Unsafe)),
            finding(None),
        ];
        let all: Vec<&Finding> = findings.iter().collect();
        assert_eq!(
            Fixable::count(&all).sentence().as_deref(),
            Some("3 fixable with --fix (1 more with --unsafe-fixes)")
        );
        assert_eq!(
            Fixable::count(&all[..1]).sentence().as_deref(),
            Some("1 fixable with --fix")
        );
        assert_eq!(
            Fixable::count(&all[3..]).sentence().as_deref(),
            Some("1 fixable with --fix --unsafe-fixes")
        );
        assert_eq!(Fixable::count(&all[4..]).sentence(), None);
    }
}
