//! Why a deleted or evicted pod ends Failed: its containers exited non-zero once stopped (143 after SIGTERM), as the kubelet's phase rule says.
//!
//! A routine deletion of a pod whose processes die of SIGTERM ends with phase Failed; the
//! summary and the plot's title say so, so that a reader is not alarmed.

use crate::render::simulate::RunContext;
use crate::sim::record::{Happening, KillReason, Phase};

/// "containers exited 143 after SIGTERM → phase Failed", when the run ends Failed because the
/// containers the kubelet stopped after a deletion or an eviction exited non-zero.
pub fn stopped_into_failed(context: &RunContext<'_>) -> Option<String> {
    let outcome = context.outcome;
    if outcome.summary.phase != Phase::Failed {
        return None;
    }
    let events = &outcome.recording.events;
    let since = events
        .iter()
        .find(|event| matches!(event.what, Happening::Deleted { .. } | Happening::Evicted))?
        .at;
    let mut stopped: Vec<usize> = Vec::new();
    let mut codes: Vec<i32> = Vec::new();
    let mut names: Vec<&str> = Vec::new();
    for event in events.iter().filter(|event| event.at >= since) {
        let Some(container) = event.container else {
            continue;
        };
        match event.what {
            Happening::Killing(KillReason::Stopping) => stopped.push(container),
            Happening::Exited { code, .. } if code != 0 && stopped.contains(&container) => {
                if !codes.contains(&code) {
                    codes.push(code);
                }
                let name = context.run.plan.containers[container].name.as_str();
                if !names.contains(&name) {
                    names.push(name);
                }
            }
            _ => {}
        }
    }
    if codes.is_empty() {
        return None;
    }
    codes.sort_unstable();
    let who = match names.as_slice() {
        [one] => format!("`{one}`"),
        _ => "containers".to_string(),
    };
    let listed: Vec<String> = codes.iter().map(i32::to_string).collect();
    let after = match codes.as_slice() {
        [143] => "after SIGTERM",
        [137] => "after SIGKILL at the grace deadline",
        [137, 143] => "after SIGTERM (137: SIGKILL at the grace deadline)",
        _ => "once stopped",
    };
    Some(format!(
        "{who} exited {} {after} → phase Failed",
        listed.join(", ")
    ))
}
