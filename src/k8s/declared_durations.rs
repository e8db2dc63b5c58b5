//! Durations a manifest declares: `sleep` hooks and commands, and probe timings with Kubernetes' defaults.
//!
//! Lifecycle lints compare these with grace periods and deadlines. Commands are never run: a
//! duration is read only from a `sleep` action or from `sleep N` statements that certainly run
//! (the leading simple statements of a shell script, before any control flow), so every figure
//! is a lower bound of the real time.

use crate::k8s::model::{Container, LifecycleHandler, Probe};

/// Kubernetes' probe defaults (`pkg/apis/core/v1/defaults.go`, SEMANTICS K3.1).
pub const DEFAULT_PERIOD_SECONDS: i64 = 10;
/// Default `timeoutSeconds`.
pub const DEFAULT_TIMEOUT_SECONDS: i64 = 1;
/// Default `failureThreshold`.
pub const DEFAULT_FAILURE_THRESHOLD: i64 = 3;

/// A probe's timing with defaults filled in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProbeTiming {
    /// `initialDelaySeconds` (default 0).
    pub initial_delay: i64,
    /// `periodSeconds` (default 10).
    pub period: i64,
    /// `timeoutSeconds` (default 1).
    pub timeout: i64,
    /// `failureThreshold` (default 3).
    pub failure_threshold: i64,
}

impl ProbeTiming {
    /// The timing of a probe, defaults filled in (non-positive values count as the default).
    pub fn of(probe: &Probe) -> Self {
        let positive =
            |value: Option<i32>, default: i64| value.filter(|v| *v > 0).map_or(default, i64::from);
        ProbeTiming {
            initial_delay: i64::from(probe.initial_delay_seconds.unwrap_or(0).max(0)),
            period: positive(probe.period_seconds, DEFAULT_PERIOD_SECONDS),
            timeout: positive(probe.timeout_seconds, DEFAULT_TIMEOUT_SECONDS),
            failure_threshold: positive(probe.failure_threshold, DEFAULT_FAILURE_THRESHOLD),
        }
    }

    /// Seconds after the container starts at which a probe that never succeeds reaches its
    /// failure threshold: the first probe runs at the initial delay, then one each period (K3.2).
    pub fn fails_after(&self) -> i64 {
        self.initial_delay
            .saturating_add(self.period.saturating_mul(self.failure_threshold - 1))
    }
}

/// Seconds a lifecycle handler certainly takes: its `sleep` action, or the `sleep`s of its exec command.
pub fn handler_seconds(handler: &LifecycleHandler) -> Option<i64> {
    if let Some(seconds) = handler.sleep.as_ref().and_then(|sleep| sleep.seconds) {
        return Some(seconds);
    }
    handler
        .exec
        .as_ref()
        .and_then(|exec| exec.command.as_deref())
        .and_then(command_seconds)
}

/// Seconds a container's `preStop` hook certainly takes.
pub fn pre_stop_seconds(container: &Container) -> Option<i64> {
    container
        .lifecycle
        .as_ref()
        .and_then(|lifecycle| lifecycle.pre_stop.as_ref())
        .and_then(handler_seconds)
}

/// A container's own command line: `command` followed by `args` (the image's entrypoint is unknown).
pub fn container_argv(container: &Container) -> Vec<String> {
    container
        .command
        .iter()
        .flatten()
        .chain(container.args.iter().flatten())
        .cloned()
        .collect()
}

/// Seconds a container's own command (`command` + `args`) certainly sleeps.
pub fn container_seconds(container: &Container) -> Option<i64> {
    command_seconds(&container_argv(container))
}

/// Seconds an argv certainly sleeps: `sleep N`, or a shell's `-c` script.
pub fn command_seconds(argv: &[String]) -> Option<i64> {
    let program = argv.first()?;
    let base = program.rsplit('/').next().unwrap_or(program);
    match base {
        "sleep" => argv.get(1).and_then(|value| parse_duration(value)),
        "sh" | "bash" | "ash" | "dash" | "zsh" => argv
            .iter()
            .zip(argv.iter().skip(1))
            .find(|(flag, _)| is_command_flag(flag))
            .and_then(|(_, script)| script_seconds(script)),
        _ => None,
    }
}

/// The shell script of an argv (`sh -c SCRIPT`), or the argv joined when it is not a shell.
pub fn script_of(argv: &[String]) -> String {
    let shell = argv
        .first()
        .map(|program| program.rsplit('/').next().unwrap_or(program))
        .is_some_and(|base| matches!(base, "sh" | "bash" | "ash" | "dash" | "zsh"));
    if shell
        && let Some((_, script)) = argv
            .iter()
            .zip(argv.iter().skip(1))
            .find(|(flag, _)| is_command_flag(flag))
    {
        return script.clone();
    }
    argv.join(" ")
}

/// `-c`, `-ec`, `-xc`, `-exc`: a flag cluster that ends in `c`.
fn is_command_flag(flag: &str) -> bool {
    flag.len() >= 2
        && flag.starts_with('-')
        && !flag.starts_with("--")
        && flag.ends_with('c')
        && flag[1..].chars().all(|c| c.is_ascii_alphabetic())
}

/// The `sleep`s among a script's leading simple statements, before any control flow.
pub fn script_seconds(script: &str) -> Option<i64> {
    const CONTROL: [&str; 11] = [
        "if", "then", "else", "elif", "fi", "while", "until", "for", "do", "done", "case",
    ];
    let mut total: Option<i64> = None;
    for statement in script.split(['\n', ';']).flat_map(|line| line.split("&&")) {
        let statement = statement.trim();
        if statement.is_empty() || statement.starts_with('#') {
            continue;
        }
        let mut words = statement.split_whitespace();
        let first = words.next().unwrap_or("");
        let first = if first == "exec" {
            words.next().unwrap_or("")
        } else {
            first
        };
        if CONTROL.contains(&first) || statement.contains("||") || statement.contains('|') {
            break;
        }
        if first.rsplit('/').next() == Some("sleep") {
            let Some(seconds) = words.next().and_then(parse_duration) else {
                break;
            };
            total = Some(total.unwrap_or(0).saturating_add(seconds));
        }
    }
    total
}

/// `15`, `15s`, `2m`, `1h` or `1.5` (whole seconds, rounded down) as seconds.
fn parse_duration(text: &str) -> Option<i64> {
    let (number, unit) = match text.char_indices().last()? {
        (at, 's') => (&text[..at], 1),
        (at, 'm') => (&text[..at], 60),
        (at, 'h') => (&text[..at], 3600),
        (at, 'd') => (&text[..at], 86_400),
        _ => (text, 1),
    };
    let whole = number.split('.').next()?;
    if whole.is_empty() || !whole.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    whole.parse::<i64>().ok()?.checked_mul(unit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(words: &[&str]) -> Vec<String> {
        words.iter().map(std::string::ToString::to_string).collect()
    }

    #[test]
    fn reads_sleep_commands_and_leading_script_sleeps() {
        assert_eq!(command_seconds(&argv(&["sleep", "15"])), Some(15));
        assert_eq!(command_seconds(&argv(&["/bin/sleep", "2m"])), Some(120));
        assert_eq!(
            command_seconds(&argv(&["/bin/sh", "-c", "sleep 5 && nginx -s quit"])),
            Some(5)
        );
        assert_eq!(
            command_seconds(&argv(&["sh", "-ec", "echo draining; sleep 10\nsleep 5"])),
            Some(15)
        );
        assert_eq!(command_seconds(&argv(&["sleep", "infinity"])), None);
    }

    #[test]
    fn ignores_sleeps_under_control_flow() {
        for script in [
            "nginx -s quit; while killall -0 nginx; do sleep 1; done",
            "if [ -f /x ]; then sleep 100; fi",
            "until curl -s localhost; do sleep 2; done",
            "sleep $DELAY",
            "curl x || sleep 30",
        ] {
            assert_eq!(script_seconds(script), None, "{script}");
        }
        assert_eq!(
            script_seconds("sleep 3; while true; do sleep 1; done"),
            Some(3)
        );
    }

    #[test]
    fn probe_timing_uses_kubernetes_defaults() {
        let timing = ProbeTiming::of(&Probe::default());
        assert_eq!(
            timing,
            ProbeTiming {
                initial_delay: 0,
                period: 10,
                timeout: 1,
                failure_threshold: 3
            }
        );
        assert_eq!(timing.fails_after(), 20);
    }

    #[test]
    fn script_of_unwraps_shells() {
        assert_eq!(
            script_of(&argv(&["sh", "-c", "while true; do x; done"])),
            "while true; do x; done"
        );
        assert_eq!(script_of(&argv(&["tail", "-F", "/x"])), "tail -F /x");
    }
}
