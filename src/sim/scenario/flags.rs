//! `--fail <container>[=<how>][*<n>]`, `--run <container>=<duration>` and `--stop
//! <container>=<duration>`: quick faults and timings on the command line.
//!
//! `how` is an exit code (default 1), `oom`, `hang`, `pull` (image pull error), `create`
//! (CreateContainerError), or `liveness`/`readiness`/`startup` (that probe fails). `*n` limits
//! the fault to the first n attempts (pulls, creates, or started instances); after that the
//! container behaves normally.

use crate::error::Error;
use crate::sim::engine::distribution::Dist;
use crate::sim::engine::time::parse_duration;
use crate::sim::plan::behaviour::{ExitKind, FailureCount, ProbeScript, RunTime};
use crate::sim::plan::spec::{ContainerKind, PodPlan, ProbeKind};
use crate::sim::scenario::patch::{AttemptPatch, Patch};
use crate::text::closest;

/// The fault kinds `--fail` takes after `=`.
pub const FAULTS: [&str; 8] = [
    "<exit code>",
    "oom",
    "hang",
    "pull",
    "create",
    "liveness",
    "readiness",
    "startup",
];

/// A parsed `--fail`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// Exit on its own with this code.
    Exit(ExitKind),
    /// Image pulls fail.
    Pull,
    /// `CreateContainer` fails.
    Create,
    /// This probe fails.
    Probe(ProbeKind),
}

/// One `--fail` flag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FailFlag {
    /// The container's index in the plan.
    pub container: usize,
    /// What goes wrong.
    pub fault: Fault,
    /// Only the first n attempts, or every one.
    pub first: Option<u32>,
}

/// Finds a container by name, or says which names exist.
fn container_index(plan: &PodPlan, name: &str, flag: &str) -> Result<usize, Error> {
    plan.find_or_ordinal(name).ok_or_else(|| {
        let names = plan.names();
        let hint = closest(name, &names)
            .map(|n| format!("did you mean `{n}`? "))
            .unwrap_or_default();
        Error::Usage(format!(
            "{flag}: pod `{}` has no container `{name}`; {hint}its containers are: {} \
             (or by position: `init-N`, `sidecar-N`, `app-N`, from 1)",
            plan.name,
            names.join(", ")
        ))
    })
}

/// Parses one `--fail` value against the pod.
pub fn parse_fail(text: &str, plan: &PodPlan) -> Result<FailFlag, Error> {
    let flag = format!("--fail {text}");
    let (spec, first) = match text.rsplit_once('*') {
        Some((spec, count)) => match count.parse::<u32>() {
            Ok(n) if n > 0 => (spec, Some(n)),
            _ => {
                return Err(Error::Usage(format!(
                    "{flag}: `*{count}` is not a positive count of attempts (write e.g. `*2`)"
                )));
            }
        },
        None => (text, None),
    };
    let (name, how) = spec.split_once('=').unwrap_or((spec, "1"));
    let container = container_index(plan, name, &flag)?;
    let fault = match how {
        "oom" => Fault::Exit(ExitKind::Oom),
        "hang" => Fault::Exit(ExitKind::Hang),
        "pull" => Fault::Pull,
        "create" => Fault::Create,
        "liveness" => Fault::Probe(ProbeKind::Liveness),
        "readiness" => Fault::Probe(ProbeKind::Readiness),
        "startup" => Fault::Probe(ProbeKind::Startup),
        code => match code.parse::<i32>() {
            Ok(code) if (0..=255).contains(&code) => Fault::Exit(ExitKind::Code(code)),
            _ => {
                let names = &FAULTS[1..];
                let hint = closest(code, names)
                    .map(|n| format!("did you mean `{n}`? "))
                    .unwrap_or_default();
                return Err(Error::Usage(format!(
                    "{flag}: unknown fault `{code}`; {hint}use an exit code (0-255) or one of: {}",
                    names.join(", ")
                )));
            }
        },
    };
    if let Fault::Probe(kind) = fault {
        let spec = &plan.containers[container];
        if spec.probe(kind).is_none() {
            let why = if spec.kind == ContainerKind::Init {
                "regular init containers have no probes".to_string()
            } else {
                format!("it has no `{}`", kind.field())
            };
            return Err(Error::Usage(format!(
                "{flag}: container `{name}` cannot fail its {} probe: {why}",
                kind.name()
            )));
        }
    }
    Ok(FailFlag {
        container,
        fault,
        first,
    })
}

/// `--stop CONTAINER=DURATION`: how long a container takes to exit after SIGTERM.
pub fn apply_stops(stops: &[String], plan: &PodPlan, patch: &mut Patch) -> Result<(), Error> {
    for text in stops {
        let flag = format!("--stop {text}");
        let Some((name, duration)) = text.split_once('=') else {
            return Err(Error::Usage(format!(
                "{flag}: write `--stop <container>=<duration>`, e.g. `--stop web=5s`"
            )));
        };
        let Some(container) = plan.find_or_ordinal(name) else {
            let names = plan.names();
            let hint = closest(name, &names)
                .map(|n| format!("did you mean `{n}`? "))
                .unwrap_or_default();
            return Err(Error::Usage(format!(
                "{flag}: pod `{}` has no container `{name}`; {hint}its containers are: {}",
                plan.name,
                names.join(", ")
            )));
        };
        let duration =
            parse_duration(duration).map_err(|e| Error::Usage(format!("{flag}: {e}")))?;
        let patched = patch.containers.get_mut(container).ok_or_else(|| {
            Error::Usage(format!(
                "{flag}: container {container} is not in the scenario"
            ))
        })?;
        patched.default.stop = Some(Dist::Fixed(duration));
    }
    Ok(())
}

/// Applies a `--fail` to the patch.
pub fn apply_fail(flag: &FailFlag, patch: &mut Patch) {
    let container = &mut patch.containers[flag.container];
    let count = match flag.first {
        Some(n) => FailureCount::First(n),
        None => FailureCount::Always,
    };
    let edit: &dyn Fn(&mut AttemptPatch) = match flag.fault {
        Fault::Pull => {
            container.pull_failures = Some(count);
            return;
        }
        Fault::Create => {
            container.create_failures = Some(count);
            return;
        }
        Fault::Exit(exit) => &move |attempt: &mut AttemptPatch| attempt.exit = Some(exit),
        Fault::Probe(kind) => &move |attempt: &mut AttemptPatch| {
            attempt.probes[kind as usize] = Some(ProbeScript::Constant(false));
        },
    };
    match flag.first {
        None => edit(&mut container.default),
        Some(n) => (1..=n).for_each(|attempt| edit(container.attempt_mut(attempt))),
    }
}

/// Parses and applies one `--run <container>=<duration|forever>`.
pub fn apply_run(text: &str, plan: &PodPlan, patch: &mut Patch) -> Result<(), Error> {
    let flag = format!("--run {text}");
    let Some((name, duration)) = text.split_once('=') else {
        return Err(Error::Usage(format!(
            "{flag}: write `--run <container>=<duration>`, e.g. `--run migrate=30s`"
        )));
    };
    let container = container_index(plan, name, &flag)?;
    let run = if duration == "forever" {
        RunTime::Forever
    } else {
        let duration =
            parse_duration(duration).map_err(|e| Error::Usage(format!("{flag}: {e}")))?;
        RunTime::For(Dist::Fixed(duration))
    };
    patch.containers[container].default.run = Some(run);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::testing::example_plan;

    fn plan() -> PodPlan {
        example_plan("sidecar")
    }

    #[test]
    fn parses_every_form() {
        let plan = plan();
        let migrate = plan.find("migrate").expect("migrate");
        let web = plan.find("web").expect("web");
        let cases = [
            ("migrate", migrate, Fault::Exit(ExitKind::Code(1)), None),
            ("migrate=3", migrate, Fault::Exit(ExitKind::Code(3)), None),
            (
                "migrate=oom*2",
                migrate,
                Fault::Exit(ExitKind::Oom),
                Some(2),
            ),
            ("web=pull*1", web, Fault::Pull, Some(1)),
            ("web=liveness", web, Fault::Probe(ProbeKind::Liveness), None),
            ("migrate=hang", migrate, Fault::Exit(ExitKind::Hang), None),
        ];
        for (text, container, fault, first) in cases {
            assert_eq!(
                parse_fail(text, &plan).expect(text),
                FailFlag {
                    container,
                    fault,
                    first
                },
                "{text}"
            );
        }
    }

    #[test]
    fn errors_say_what_exists() {
        let plan = plan();
        let error = parse_fail("migrat=1", &plan)
            .expect_err("unknown")
            .to_string();
        assert!(error.contains("did you mean `migrate`?"), "{error}");
        let error = parse_fail("migrate=omm", &plan)
            .expect_err("bad")
            .to_string();
        assert!(error.contains("did you mean `oom`?"), "{error}");
        let error = parse_fail("migrate=liveness", &plan)
            .expect_err("no probe")
            .to_string();
        assert!(
            error.contains("regular init containers have no probes"),
            "{error}"
        );
        let error = parse_fail("web*0", &plan).expect_err("zero").to_string();
        assert!(error.contains("positive count"), "{error}");
        let mut patch = Patch::new(&plan);
        assert!(apply_run("web", &plan, &mut patch).is_err());
        assert!(apply_run("web=5", &plan, &mut patch).is_err());
    }

    #[test]
    fn faults_apply_to_the_first_attempts() {
        let plan = plan();
        let mut patch = Patch::new(&plan);
        let flag = parse_fail("web=2*2", &plan).expect("valid");
        apply_fail(&flag, &mut patch);
        apply_run("web=30s", &plan, &mut patch).expect("valid");
        let behaviour = patch.build(&plan);
        let web = &behaviour.containers[plan.find("web").expect("web")];
        assert_eq!(web.attempt(1).exit, ExitKind::Code(2));
        assert_eq!(web.attempt(2).run, RunTime::For(Dist::millis(30_000)));
        assert_eq!(web.attempt(3).exit, ExitKind::Code(0));
        assert_eq!(web.attempt(3).run, RunTime::For(Dist::millis(30_000)));
    }
}
