//! PL180 `invalid-cronjob-spec`: a CronJob's schedule, time zone or other settings are rejected by the API server.

use crate::finding::{Finding, Severity};
use crate::k8s::cron_schedule::parse_standard;
use crate::k8s::time_zones;
use crate::k8s::workload::job::CronSpec;
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a CronJob's schedule, time zone or other settings are rejected by the API server.
pub static RULE: Rule = Rule {
    id: "PL180",
    name: "invalid-cronjob-spec",
    severity: Severity::Error,
    summary: "a CronJob's `schedule` is not a cron schedule the API server parses, its `timeZone` is no IANA time zone, or its other settings are rejected",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Parses a `batch/v1` CronJob's `spec.schedule` exactly as the API server does (robfig/cron v3's standard parser, docs/workloads.md): five fields (minute 0–59, hour 0–23, day of month 1–31, month 1–12 or `jan`–`dec`, day of week 0–6 or `sun`–`sat`; 7 is not Sunday), each a list of `*`, `?`, `N`, `N-M`, with an optional `/STEP`; or a descriptor (`@yearly`, `@annually`, `@monthly`, `@weekly`, `@daily`, `@midnight`, `@hourly`, `@every DURATION`). The parser's own error is the finding's label. A `TZ=` or `CRON_TZ=` prefix is rejected in favour of `spec.timeZone`.

Then the rest of `validateCronJobSpec`: `concurrencyPolicy` is `Allow` (the default), `Forbid` or `Replace`; `startingDeadlineSeconds`, `successfulJobsHistoryLimit` and `failedJobsHistoryLimit` are not negative; the job template sets no `selector` (the controller generates it) and no `manualSelector: true`; and the CronJob's name is at most 52 characters (its Jobs add 11).

Checks `spec.timeZone` as the API server does: not empty, each part of the name made of letters, digits, `.`, `-`, `_` and `+` (at most 14, not `.` or `..`, not starting with `-`), not `Local` in any case, and a zone or link of the IANA tz database (the list podlife ships, tzdata 2026f; names are case-sensitive).

## Why
The API server rejects the CronJob: nothing is scheduled. `*/70 * * *` (four fields), `0 0 * * 7` (7 is not a weekday here) and `timeZone: Europe/berlin` are common slips.

## Example
```yaml
kind: CronJob
spec:
  schedule: "TZ=Europe/Berlin 0 3 * * *"
  timeZone: Mars/Olympus
```

## How to fix
Write five fields within their ranges (`0 3 * * *`), or a descriptor; put the time zone in `spec.timeZone` with its exact IANA name (`Europe/Berlin`).

## Kubernetes reference
`pkg/apis/batch/validation/validation.go`: `ValidateCronJobCreate`, `validateCronJobSpec`, `validateScheduleFormat`, `validateTimeZone`, `validateConcurrencyPolicy`, `ValidateJobTemplateSpec`; `github.com/robfig/cron/v3` `ParseStandard`; Go `time.LoadLocation`.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(cron) = &context.object.cron else {
        return;
    };
    let mut problems = Vec::new();
    let schedule_at = context.object_path("spec.schedule");
    match cron.schedule.as_deref() {
        // Written but unreadable: PL005 says so.
        None if cron.schedule_written => {}
        None | Some("") => problems.push(
            Problem::new(
                schedule_at.clone(),
                k8s_type::REQUIRED,
                None,
                "a CronJob needs a `spec.schedule`",
                "Required value",
                "add `schedule: \"0 3 * * *\"` (five fields) or a descriptor such as `@daily`",
            )
            .pointing_at(context.object_path("spec"))
            .on_key(),
        ),
        Some(schedule) => {
            if let Err(error) = parse_standard(schedule) {
                problems.push(Problem::new(
                    schedule_at.clone(),
                    k8s_type::INVALID,
                    Some(schedule.to_string()),
                    format!("`{}` is not a cron schedule the API server parses", crate::text::clip(schedule)),
                    error,
                    "five fields: minute hour day-of-month month day-of-week (`0 3 * * *`), or `@hourly`, `@daily`, `@weekly`, `@monthly`, `@yearly`, `@every 30m`",
                ));
            }
            if schedule.contains("TZ") {
                problems.push(Problem::new(
                    schedule_at.clone(),
                    k8s_type::INVALID,
                    Some(schedule.to_string()),
                    "the schedule names its time zone (`TZ=`/`CRON_TZ=`)",
                    "cannot use TZ or CRON_TZ in schedule, use timeZone field instead",
                    "move the zone to `spec.timeZone` and keep the five fields in `schedule`",
                ));
            }
        }
    }
    if let Some(zone) = cron.time_zone.as_deref() {
        let at = context.object_path("spec.timeZone");
        for detail in time_zone_problems(zone) {
            problems.push(Problem::new(
                at.clone(),
                k8s_type::INVALID,
                Some(zone.to_string()),
                format!("`timeZone: {}` is no IANA time zone the API server knows", crate::text::clip(zone)),
                detail,
                "use the exact IANA name, such as `Europe/Berlin` or `UTC`",
            ));
        }
    }
    settings(context, cron, &mut problems);
    findings.extend(problems.into_iter().map(|problem| problem.into_finding(&RULE)));
}

/// The CronJob's settings beside its schedule, and its name's length.
fn settings(context: &PodContext<'_>, cron: &CronSpec, problems: &mut Vec<Problem>) {
    let at = |field: &'static str| context.object_path("spec").child(field);
    for (value, field) in [
        (cron.starting_deadline_seconds, "startingDeadlineSeconds"),
        (cron.successful_jobs_history_limit.map(i64::from), "successfulJobsHistoryLimit"),
        (cron.failed_jobs_history_limit.map(i64::from), "failedJobsHistoryLimit"),
    ] {
        if let Some(value) = value.filter(|value| *value < 0) {
            problems.push(Problem::new(
                at(field),
                k8s_type::INVALID,
                Some(value.to_string()),
                format!("`{field}` is {value}: it must be 0 or more"),
                "must be greater than or equal to 0",
                "use 0 or a positive number",
            ));
        }
    }
    if let Some(policy) = cron
        .concurrency_policy
        .as_deref()
        .filter(|policy| !matches!(*policy, "" | "Allow" | "Forbid" | "Replace"))
    {
        let mut problem = Problem::new(
            at("concurrencyPolicy"),
            k8s_type::NOT_SUPPORTED,
            Some(policy.to_string()),
            format!("unknown `concurrencyPolicy` `{}`", crate::text::clip(policy)),
            "supported values: \"Allow\", \"Forbid\", \"Replace\"",
            "use `Allow` (the default), `Forbid` or `Replace`",
        );
        problem.replacement = ["Allow", "Forbid", "Replace"]
            .into_iter()
            .find(|supported| supported.eq_ignore_ascii_case(policy))
            .map(str::to_string);
        problems.push(problem);
    }
    let job_spec = || at("jobTemplate").child("spec");
    let job_template = context.object.job_spec.as_ref();
    if job_template.is_some_and(|spec| spec.selector_written) {
        problems.push(
            Problem::new(
                job_spec().child("selector"),
                k8s_type::INVALID,
                None,
                "a CronJob's job template sets `selector`",
                "`selector` will be auto-generated",
                "remove it: the Job controller generates the selector",
            )
            .on_key(),
        );
    }
    if job_template.is_some_and(|spec| spec.manual_selector == Some(true)) {
        problems.push(Problem::new(
            job_spec().child("manualSelector"),
            k8s_type::NOT_SUPPORTED,
            Some("true".to_string()),
            "a CronJob's job template sets `manualSelector: true`",
            "supported values: \"nil\", \"false\"",
            "remove `manualSelector`",
        ));
    }
    // The Jobs it creates are named `<name>-<11 characters>`, within a DNS label.
    if let Some(name) = context.object.name.as_deref().filter(|name| name.len() > 52) {
        problems.push(Problem::new(
            context.object_path("metadata.name"),
            k8s_type::INVALID,
            Some(name.to_string()),
            format!("the CronJob's name is {} characters: at most 52, so that its Jobs' names fit", name.len()),
            "must be no more than 52 characters",
            "shorten the name to 52 characters or fewer",
        ));
    }
}

/// `validateTimeZone`: the details the API server gives `zone`, in its order (an empty name
/// and a badly formed one end the checks; `Local` in another case also fails the lookup).
fn time_zone_problems(zone: &str) -> Vec<String> {
    if zone.is_empty() {
        return vec!["timeZone must be nil or non-empty string".to_string()];
    }
    let well_formed = |part: &str| {
        part != "."
            && part != ".."
            && !part.starts_with('-')
            && (1..=14).contains(&part.len())
            && part
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"._-+".contains(&b))
    };
    if !zone.split('/').all(well_formed) {
        return vec![format!("unknown time zone {zone}")];
    }
    let mut problems = Vec::new();
    if zone.eq_ignore_ascii_case("Local") {
        problems.push(
            "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones"
                .to_string(),
        );
    }
    // `time.LoadLocation("Local")` succeeds; any other name must be in the tz database.
    if zone.contains("..") {
        // `LoadLocation` refuses a name that could climb out of the zone directory.
        problems.push("time: invalid location name".to_string());
    } else if zone != "Local" && !time_zones::is_known(zone) {
        problems.push(format!("unknown time zone {zone}"));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{at, gates, k8s_errors_in};

    fn errors(spec: &str) -> Vec<(String, &'static str)> {
        let text = format!(
            "apiVersion: batch/v1\nkind: CronJob\nmetadata: {{name: cj}}\nspec:\n{spec}  jobTemplate:\n    spec:\n      template:\n        spec: {{restartPolicy: Never, containers: [{{name: c, image: i}}]}}\n"
        );
        k8s_errors_in(&RULE, &text, gates(34, ""))
    }

    /// `TestValidateCronJob` and `TestValidateCronJobScheduleTZ`, in our words.
    #[test]
    fn schedules() {
        assert_eq!(errors("  schedule: \"*/5 * * * ?\"\n"), []);
        assert_eq!(errors("  schedule: \"@every 5m\"\n"), []);
        assert_eq!(errors(""), [at("spec.schedule", "FieldValueRequired")]);
        assert_eq!(errors("  schedule: \"\"\n"), [at("spec.schedule", "FieldValueRequired")]);
        assert_eq!(errors("  schedule: error\n"), [at("spec.schedule", "FieldValueInvalid")]);
        assert_eq!(errors("  schedule: \"*/70 * * *\"\n"), [at("spec.schedule", "FieldValueInvalid")]);
        assert_eq!(errors("  schedule: \"TZ=UTC 0 * * * *\"\n"), [at("spec.schedule", "FieldValueInvalid")]);
        // A bad zone in the prefix fails the parse too: two errors.
        assert_eq!(
            errors("  schedule: \"TZ=Mars/Olympus 0 * * * *\"\n"),
            [at("spec.schedule", "FieldValueInvalid"), at("spec.schedule", "FieldValueInvalid")]
        );
    }

    /// A schedule of the wrong type is PL005's alone: it is not parsed as well.
    #[test]
    fn a_mistyped_schedule_is_one_finding() {
        assert_eq!(errors("  schedule: 5\n"), []);
    }

    /// `TestValidateCronJob`'s other cases.
    #[test]
    fn settings_beside_the_schedule() {
        let schedule = "  schedule: \"0 * * * *\"\n";
        assert_eq!(errors(&format!("{schedule}  concurrencyPolicy: Forbid\n  startingDeadlineSeconds: 0\n  successfulJobsHistoryLimit: 0\n")), []);
        assert_eq!(errors(&format!("{schedule}  concurrencyPolicy: Sometimes\n")), [at("spec.concurrencyPolicy", "FieldValueNotSupported")]);
        assert_eq!(errors(&format!("{schedule}  startingDeadlineSeconds: -1\n")), [at("spec.startingDeadlineSeconds", "FieldValueInvalid")]);
        assert_eq!(errors(&format!("{schedule}  failedJobsHistoryLimit: -1\n")), [at("spec.failedJobsHistoryLimit", "FieldValueInvalid")]);
        let text = format!(
            "apiVersion: batch/v1\nkind: CronJob\nmetadata: {{name: {}}}\nspec:\n{schedule}  jobTemplate:\n    spec:\n      selector: {{matchLabels: {{a: b}}}}\n      manualSelector: true\n      template:\n        metadata: {{labels: {{a: b}}}}\n        spec: {{restartPolicy: Never, containers: [{{name: c, image: i}}]}}\n",
            "n".repeat(53)
        );
        let mut found = k8s_errors_in(&RULE, &text, gates(34, ""));
        found.sort();
        assert_eq!(
            found,
            [
                at("metadata.name", "FieldValueInvalid"),
                at("spec.jobTemplate.spec.manualSelector", "FieldValueNotSupported"),
                at("spec.jobTemplate.spec.selector", "FieldValueInvalid"),
            ]
        );
    }

    /// `TestValidateCronJob`'s time zone cases.
    #[test]
    fn time_zones() {
        let schedule = "  schedule: \"0 * * * *\"\n";
        for ok in ["UTC", "Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT-14"] {
            assert_eq!(errors(&format!("{schedule}  timeZone: {ok}\n")), [], "{ok}");
        }
        for (zone, count) in [
            ("\"\"", 1),
            ("Mars/Olympus", 1),
            ("Europe/berlin", 1),
            ("Local", 1),
            ("LOCAL", 2),
            ("\" \"", 1),
            ("America/New York", 1),
            ("Europe/Avery_Very_Long_City", 1),
        ] {
            assert_eq!(
                errors(&format!("{schedule}  timeZone: {zone}\n")).len(),
                count,
                "{zone}"
            );
        }
        assert_eq!(time_zone_problems("LOCAL").len(), 2);
        assert_eq!(time_zone_problems("a..b"), ["time: invalid location name"]);
    }
}
