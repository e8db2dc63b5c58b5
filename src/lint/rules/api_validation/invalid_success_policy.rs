//! PL183 `invalid-success-policy`: an Indexed Job's `successPolicy` has a rule the API server rejects.

use crate::finding::{Finding, Severity};
use crate::k8s::workload::job::SuccessPolicyRule;
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// an Indexed Job's `successPolicy` has a rule the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL183",
    name: "invalid-success-policy",
    severity: Severity::Error,
    summary: "an Indexed Job's `successPolicy` has a rule the API server rejects",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Validates the `successPolicy` of an `Indexed` `batch/v1` Job (and of a CronJob's job template) as `validateSuccessPolicy` does (docs/workloads.md):

- 1 to 20 `rules`, each with `succeededIndexes`, `succeededCount` or both;
- `succeededIndexes` is a list of indexes and ranges (`0,2-4,7`) in increasing order, each below `completions`, at most 64 KiB long; a range's end is greater than its start;
- `succeededCount` is 0 or more, at most `completions`, and at most the number of indexes `succeededIndexes` names.

A `successPolicy` on a Job that is not `Indexed` is PL181's; where the JobSuccessPolicy gate is off (by default in 1.30) the API server drops it (PL136), and before 1.30 it is an unknown field (PL135). An `Indexed` Job without `completions` is PL181's, and the checks that compare with it are skipped (the API server would fail on it with an internal error).

## Why
The API server rejects the Job (or the CronJob): nothing runs.

## Example
```yaml
kind: Job
spec:
  completionMode: Indexed
  completions: 5
  successPolicy:
    rules:
    - succeededIndexes: "0-2,2-4"   # overlaps: not increasing
      succeededCount: 6             # more than the 5 completions
```

## How to fix
Write `succeededIndexes` as increasing, non-overlapping indexes below `completions`, and a `succeededCount` no larger than what it counts among.

## Kubernetes reference
`pkg/apis/batch/validation/validation.go`: `validateSuccessPolicy`, `validateSuccessPolicyRule`, `validateIndexesFormat`.
"#,
};

/// The most rules.
const MAX_RULES: usize = 20;
/// The longest `succeededIndexes`, in bytes.
const MAX_INDEXES_BYTES: usize = 64 * 1024;

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(written) = &context.object.job_spec else {
        return;
    };
    let (spec, _) = written.stored(&context.gates);
    let Some(policy) = &spec.success_policy else {
        return;
    };
    if spec.completion_mode.as_deref() != Some("Indexed") {
        return;
    }
    let at = context.object_path(spec.at).child("successPolicy");
    let mut problems = Vec::new();
    if policy.rules.is_empty() {
        problems.push(
            Problem::new(at.child("rules"), k8s_type::REQUIRED, None, "a `successPolicy` without rules", "at least one rules must be specified when the successPolicy is specified", "add a rule (`succeededIndexes`, `succeededCount`), or remove `successPolicy`")
                .pointing_at(at.clone())
                .on_key(),
        );
    }
    if policy.rules.len() > MAX_RULES {
        problems.push(
            Problem::new(at.child("rules"), k8s_type::TOO_MANY, Some(policy.rules.len().to_string()), format!("{} success policy rules: at most {MAX_RULES}", policy.rules.len()), format!("must have at most {MAX_RULES} items"), "merge some rules")
                .on_key(),
        );
    }
    let (completions, _) = spec.counts();
    for (index, rule) in policy.rules.iter().enumerate() {
        check_rule(rule, completions, &at.child("rules").index(index), &mut problems);
    }
    findings.extend(problems.into_iter().map(|problem| problem.into_finding(&RULE)));
}

/// One rule: what it names, and that its count fits.
fn check_rule(rule: &SuccessPolicyRule, completions: Option<i32>, at: &FieldPath, problems: &mut Vec<Problem>) {
    if rule.succeeded_count.is_none() && rule.succeeded_indexes.is_none() {
        problems.push(Problem::new(at.clone(), k8s_type::REQUIRED, None, "a success policy rule with neither `succeededIndexes` nor `succeededCount`", "at least one of succeededCount or succeededIndexes must be specified", "say which indexes (`succeededIndexes`) or how many (`succeededCount`) must succeed").on_key());
    }
    // Without completions the API server fails on these checks; PL181 reports the cause.
    let Some(completions) = completions else {
        return;
    };
    let mut named = 0;
    let mut unreadable = false;
    if let Some(indexes) = &rule.succeeded_indexes {
        let indexes_at = at.child("succeededIndexes");
        if indexes.len() > MAX_INDEXES_BYTES {
            problems.push(Problem::new(indexes_at.clone(), k8s_type::TOO_LONG, None, format!("`succeededIndexes` is {} bytes: at most {MAX_INDEXES_BYTES}", indexes.len()), format!("may not be more than {MAX_INDEXES_BYTES} bytes"), "name ranges (`0-999`) rather than every index"));
        }
        match count_indexes(indexes, completions) {
            Ok(count) => named = count,
            Err(error) => {
                unreadable = true;
                problems.push(Problem::new(indexes_at, k8s_type::INVALID, Some(crate::text::clip(indexes).into_owned()), format!("`succeededIndexes` cannot be read: {error}"), format!("error parsing succeededIndexes: {error}"), format!("list indexes below {completions} and ranges `a-b` with a < b, in increasing order, separated by commas")));
            }
        }
    }
    if let Some(count) = rule.succeeded_count {
        let count_at = at.child("succeededCount");
        let mut invalid = |message: String, label: String, help: &str| {
            problems.push(Problem::new(count_at.clone(), k8s_type::INVALID, Some(count.to_string()), message, label, help));
        };
        if count < 0 {
            invalid(format!("`succeededCount` is {count}: it must be 0 or more"), "must be greater than or equal to 0".into(), "use 0 or a positive number");
        }
        if count > completions {
            invalid(format!("`succeededCount` is {count}, above the {completions} completions"), format!("must be less than or equal to {completions} (the number of specified completions)"), "lower `succeededCount` to at most `completions`");
        }
        if rule.succeeded_indexes.is_some() && count > named {
            let names = if unreadable { "cannot be read, so it counts as naming 0".to_string() } else { format!("names {named}") };
            invalid(format!("`succeededCount` is {count}, but `succeededIndexes` {names}"), format!("must be less than or equal to {named} (the number of indexes in the specified succeededIndexes field)"), "lower `succeededCount`, or name more indexes");
        }
    }
}

/// How many indexes `text` (`0,2-4`) names, each below `completions`, in increasing order; the
/// error in the API server's words otherwise (`validateIndexesFormat`).
fn count_indexes(text: &str, completions: i32) -> Result<i32, String> {
    if text.is_empty() {
        return Ok(0);
    }
    let completions = i64::from(completions);
    let mut last: Option<i64> = None;
    let mut total: i64 = 0;
    for interval in text.split(',') {
        let parts: Vec<&str> = interval.split('-').collect();
        if parts.len() > 2 {
            return Err(format!("the fragment {} violates the requirement that an index interval can have at most two parts separated by '-'", go_quoted(interval)));
        }
        let mut first_of_interval = None;
        for part in parts {
            let Ok(index) = part.parse::<i64>() else {
                return Err(format!("cannot convert string to integer for index: {}", go_quoted(part)));
            };
            if index >= completions {
                return Err(format!("too large index: {}", go_quoted(part)));
            }
            if let Some(previous) = last.filter(|previous| *previous >= index) {
                return Err(format!("non-increasing order, previous: {previous}, current: {index}"));
            }
            total += match first_of_interval {
                None => 1,
                Some(start) => index - start,
            };
            first_of_interval = Some(index);
            last = Some(index);
        }
    }
    Ok(i32::try_from(total).unwrap_or(i32::MAX))
}

/// `text` as Go's `%q` prints it (printable ASCII as is, quotes and backslashes escaped, the
/// rest as escapes).
fn go_quoted(text: &str) -> String {
    format!("{:?}", crate::text::clip(text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{at, gates, k8s_errors_in};

    fn job(completions: &str, rules: &str) -> Vec<(String, &'static str)> {
        let text = format!(
            "apiVersion: batch/v1\nkind: Job\nmetadata: {{name: j}}\nspec:\n  completionMode: Indexed\n{completions}  successPolicy:\n    rules: {rules}\n  template:\n    spec: {{restartPolicy: Never, containers: [{{name: c, image: i}}]}}\n"
        );
        let mut found = k8s_errors_in(&RULE, &text, gates(34, ""));
        found.sort();
        found
    }

    const FIVE: &str = "  completions: 5\n";
    const RULE0: &str = "spec.successPolicy.rules[0]";

    /// `TestValidateJob`'s success policy cases, in our words.
    #[test]
    fn accepted_and_rejected_rules() {
        assert_eq!(job("  completions: 10\n", "[{succeededCount: 1, succeededIndexes: \"0,2,4\"}, {succeededIndexes: \"1,3,5-9\"}]"), []);
        assert_eq!(job(FIVE, "[]"), [at("spec.successPolicy.rules", "FieldValueRequired")]);
        assert_eq!(job(FIVE, "[{}]"), [at(RULE0, "FieldValueRequired")]);
        assert_eq!(job(FIVE, "[{succeededIndexes: invalid-format}]"), [at(&format!("{RULE0}.succeededIndexes"), "FieldValueInvalid")]);
        assert_eq!(job(FIVE, "[{succeededCount: -1}]"), [at(&format!("{RULE0}.succeededCount"), "FieldValueInvalid")]);
        assert_eq!(job(FIVE, "[{succeededCount: 6}]"), [at(&format!("{RULE0}.succeededCount"), "FieldValueInvalid")]);
        assert_eq!(job(FIVE, "[{succeededCount: 4, succeededIndexes: \"0-2\"}]"), [at(&format!("{RULE0}.succeededCount"), "FieldValueInvalid")]);
        let many = format!("[{}]", vec!["{succeededCount: 5}"; 21].join(", "));
        assert_eq!(job(FIVE, &many), [at("spec.successPolicy.rules", "FieldValueTooMany")]);
        let long = format!("[{{succeededIndexes: \"{}\"}}]", "1".repeat(65_537));
        assert_eq!(
            job(FIVE, &long),
            [at(&format!("{RULE0}.succeededIndexes"), "FieldValueInvalid"), at(&format!("{RULE0}.succeededIndexes"), "FieldValueTooLong")]
        );
    }

    /// The index list grammar, in the API server's words.
    #[test]
    fn index_lists() {
        assert_eq!(count_indexes("", 5), Ok(0));
        assert_eq!(count_indexes("0,2-4", 5), Ok(4));
        assert_eq!(count_indexes("+1", 5), Ok(1));
        assert_eq!(count_indexes("1-2-3", 5), Err("the fragment \"1-2-3\" violates the requirement that an index interval can have at most two parts separated by '-'".into()));
        assert_eq!(count_indexes("-1", 5), Err("cannot convert string to integer for index: \"\"".into()));
        assert_eq!(count_indexes("5", 5), Err("too large index: \"5\"".into()));
        assert_eq!(count_indexes("3-3", 5), Err("non-increasing order, previous: 3, current: 3".into()));
        assert_eq!(count_indexes("0-2,2", 5), Err("non-increasing order, previous: 2, current: 2".into()));
        assert_eq!(count_indexes("1,,2", 5), Err("cannot convert string to integer for index: \"\"".into()));
    }

    /// Property: a list of increasing ranges below `completions` counts every index it names.
    #[test]
    fn increasing_ranges_count_what_they_name() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(183);
        for _ in 0..500 {
            let completions = rng.random_range(1..200);
            let mut next = 0;
            let (mut parts, mut named) = (Vec::new(), 0);
            while next < completions {
                let start = rng.random_range(next..completions);
                let end = rng.random_range(start..completions);
                parts.push(if end > start { format!("{start}-{end}") } else { start.to_string() });
                named += end - start + 1;
                next = end + 2;
            }
            assert_eq!(count_indexes(&parts.join(","), completions), Ok(named), "{parts:?}");
        }
    }

    #[test]
    fn nothing_is_judged_without_indexed_mode_or_before_1_30() {
        let text = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: j}\nspec:\n  completionMode: Indexed\n  completions: 2\n  successPolicy: {rules: []}\n  template:\n    spec: {restartPolicy: Never, containers: [{name: c, image: i}]}\n";
        assert_eq!(k8s_errors_in(&RULE, text, gates(29, "")), []);
        assert_eq!(k8s_errors_in(&RULE, text, gates(30, "")), []);
        assert_eq!(k8s_errors_in(&RULE, text, gates(30, "JobSuccessPolicy=true")).len(), 1);
    }
}
