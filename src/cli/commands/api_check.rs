//! Validating pods before `simulate` and `resources` use them: a pod the API server would
//! reject is reported (located, on stderr) and left out unless `--allow-invalid`; lint warnings
//! are counted in one line that points at `podlife validate`.

use crate::input::SourceText;
use crate::k8s::workload::ObjectRef;
use crate::lint::finding::{Finding, Severity};
use crate::lint::rules::{self, Origin};
use crate::lint::settings::CheckOptions;
use crate::lint::validate::validate_source;

/// The pod checks' findings of one source, by object (loader findings are reported where the
/// pods are read, so they are not repeated here).
pub struct SourceCheck {
    findings: Vec<Finding>,
}

impl SourceCheck {
    /// Validates `source` with the default rules.
    pub fn run(source: &SourceText) -> Self {
        let report = validate_source(source, &CheckOptions::default());
        let findings = report
            .findings
            .into_iter()
            .filter(|finding| {
                rules::rule(finding.rule).is_some_and(|rule| matches!(rule.origin, Origin::Pod(_)))
            })
            .collect();
        SourceCheck { findings }
    }

    /// Decides whether the pod `object` may be used: prints its errors and the reason when it
    /// may not, or one line counting its warnings. Returns whether to use it.
    pub fn admit(&self, object: &ObjectRef, shown: &str, allow_invalid: bool, quiet: bool) -> bool {
        let mine = || {
            self.findings
                .iter()
                .filter(move |finding| finding.object.as_ref() == Some(object))
        };
        let errors: Vec<&Finding> = mine()
            .filter(|finding| finding.severity == Severity::Error)
            .collect();
        let warnings = mine()
            .filter(|finding| finding.severity == Severity::Warning)
            .count();
        if !errors.is_empty() {
            let mut stderr = crate::cli::output::stderr();
            // Nothing useful is left to do if stderr itself is gone.
            let _ = crate::render::findings::short::write_findings(&mut stderr, &errors);
            drop(stderr);
            let plural = if errors.len() == 1 { "" } else { "s" };
            if allow_invalid {
                crate::cli::output::note(format_args!(
                    "podlife: {shown}: the API server would reject it ({} error{plural} above); going on because of --allow-invalid",
                    errors.len()
                ));
            } else {
                crate::cli::output::note(format_args!(
                    "podlife: {shown}: the API server would reject it ({} error{plural} above); left out (--allow-invalid uses it anyway)",
                    errors.len()
                ));
                return false;
            }
        }
        if warnings > 0 && !quiet {
            let plural = if warnings == 1 { "" } else { "s" };
            crate::cli::output::note(format_args!(
                "podlife: {shown}: {warnings} warning{plural} (run `podlife validate` to see them)"
            ));
        }
        true
    }
}
