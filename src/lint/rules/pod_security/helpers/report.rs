//! Running one Pod Security check on a pod and reporting what it finds: at most one finding
//! per check and object, for the strongest mode whose level fails it, worded as the admission
//! controller words its answer.

use crate::finding::{Finding, PodSecurityTag, Severity};
use crate::k8s::pod_security::{Level, Mode, PolicyVersion};
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation, active_at};
use crate::lint::rules::{PodContext, Rule};

/// Runs `check` (the check of `rule`) on the pod of `context` against its namespace's policy,
/// and reports the strongest mode it fails: `enforce` as an error, `warn` and `audit` as
/// warnings. Nothing when no policy applies.
pub fn report(
    rule: &'static Rule,
    check: &'static Check,
    context: &PodContext<'_>,
    findings: &mut Vec<Finding>,
) {
    let Some(object_policy) = context.pod_security else {
        return;
    };
    let release = context.gates.version();
    // A variant already run for a weaker-checked mode that passed (a failure is reported and
    // ends the search, so only passes are remembered).
    let mut passed: Option<&'static Variant> = None;
    for mode in Mode::ALL {
        let value = object_policy.policy.get(mode);
        if value.level == Level::Privileged {
            continue;
        }
        let minor = value.version.evaluated_at(release);
        let Some(variant) = active_at(check, value.level, minor) else {
            continue;
        };
        if passed.is_some_and(|done| std::ptr::eq(done, variant)) {
            continue;
        }
        let Some(violation) = (variant.check)(context) else {
            passed = Some(variant);
            continue;
        };
        let said = violation.reason_and_detail();
        let message = match mode {
            Mode::Enforce if context.object.kind == "Pod" => {
                format!("violates PodSecurity \"{value}\": {said}")
            }
            Mode::Enforce => format!(
                "every pod created from this {} is rejected: violates PodSecurity \"{value}\": {said}",
                context.object.kind
            ),
            Mode::Warn | Mode::Audit => format!("would violate PodSecurity \"{value}\": {said}"),
        };
        let severity = match mode {
            Mode::Enforce => Severity::Error,
            Mode::Warn | Mode::Audit => Severity::Warning,
        };
        let mut note = object_policy.explain(mode, value);
        // The message says what `enforce` does; the other modes admit the object.
        note.push_str(match mode {
            Mode::Enforce => "",
            Mode::Warn => "; admitted with this warning",
            Mode::Audit => "; admitted, and recorded in the audit log",
        });
        if matches!(value.version, PolicyVersion::V1(pinned) if pinned != minor) {
            note.push_str(&format!(
                "; `{}` is checked as `v1.{minor}`, the newest policy of Kubernetes 1.{} (`--kubernetes-version`)",
                value.version,
                release.minor()
            ));
        }
        let Violation {
            reason,
            at,
            pointing_at,
            others,
            fix,
            ..
        } = violation;
        let mut finding = Finding::new(rule.id(), severity, message)
            .at(at)
            .help(check.help)
            .note(note);
        if let Some(pointing_at) = pointing_at {
            finding = finding.pointing_at(pointing_at);
        }
        for path in others {
            finding = finding.related(path, format!("{reason} here too"));
        }
        if let Some((applicability, edits)) = fix {
            finding = finding.fixed_elsewhere(applicability, edits);
        }
        finding = finding.label(reason);
        finding.pod_security = Some(Box::new(PodSecurityTag {
            level: value.level,
            version: minor,
            mode,
            check: check.id,
        }));
        findings.push(finding);
        return;
    }
}
