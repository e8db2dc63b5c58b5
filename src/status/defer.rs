//! podlife's STATUS for pods whose defer containers are running (SEMANTICS D15): `Defer:i/N`, `Defer:<reason>`.
//!
//! Mirrors kubectl's `Init:` rules over `status.deferContainerStatuses`, with the defer
//! semantics of SEMANTICS D6/D8: a defer container is *finished* once it exited 0, was skipped
//! (`DeferSkipped`), or failed and will not be retried (its `restartPolicy` is not `Always`, or
//! the kubelet has already moved on to a later defer container). The first unfinished one
//! decides the status:
//! - terminated non-zero (to be retried): `Defer:<reason>`, else `Defer:Signal:N` / `Defer:ExitCode:N`;
//! - waiting with a reason other than `PodInitializing`: `Defer:<reason>`;
//! - otherwise: `Defer:i/N`, i = its index (defer containers finished), N = `spec.deferContainers`.
//!
//! Defer work is in progress when the pod is being deleted, or (D11, short-running pods) when a
//! defer container has already started without a deletion. With every defer container finished
//! there is no defer status: the caller prints `Terminating` (deleted) or the usual status.

use crate::k8s::model::{Pod, PodStatus};

use super::row::{spec_of, state_of, statuses, terminated_reason, waiting_reason};

/// The reason a skipped defer container (deadline reached, D8) terminates with.
pub const DEFER_SKIPPED_REASON: &str = "DeferSkipped";

/// `Defer:…` while defer containers run, or `None` (no defer statuses, not triggered, or all finished).
/// Call only for pods whose phase is not terminal.
pub fn defer_status(pod: &Pod, status: &PodStatus, deleting: bool) -> Option<String> {
    let defer_statuses = statuses(status.defer_container_statuses.as_ref());
    let started = |index: usize| {
        defer_statuses.get(index).is_some_and(|status| {
            let state = state_of(status);
            state.running.is_some() || state.terminated.is_some()
        })
    };
    let triggered = deleting || (0..defer_statuses.len()).any(started);
    if !triggered {
        return None;
    }
    let defer_containers = pod.defer_containers();
    for (index, container) in defer_statuses.iter().enumerate() {
        let state = state_of(container);
        if let Some(terminated) = &state.terminated {
            if terminated.exit_code.unwrap_or(0) == 0
                || terminated.reason.as_deref() == Some(DEFER_SKIPPED_REASON)
            {
                continue;
            }
            let restarts = spec_of(defer_containers, container)
                .is_some_and(|c| c.restart_policy.as_deref() == Some("Always"));
            let moved_on = (index + 1..defer_statuses.len()).any(started);
            if !restarts || moved_on {
                continue;
            }
            return Some(format!("Defer:{}", terminated_reason(terminated)));
        }
        if let Some(reason) = state
            .waiting
            .as_ref()
            .and_then(waiting_reason)
            .filter(|r| *r != "PodInitializing")
        {
            return Some(format!("Defer:{reason}"));
        }
        return Some(format!("Defer:{index}/{}", defer_containers.len()));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::test_pods::{PodBuilder, StatusBuilder, narrow, status};

    const NEVER: Option<&str> = None;
    const ALWAYS: Option<&str> = Some("Always");

    /// A running pod with two app containers (one ready) and two defer containers.
    fn pod(policies: [Option<&str>; 2], defer: Vec<StatusBuilder>) -> PodBuilder {
        PodBuilder::new("p")
            .named_containers(&["app", "log"])
            .defer_containers(&[("flush", policies[0]), ("notify", policies[1])])
            .phase("Running")
            .container_statuses(vec![
                status().named("app").ready().running(),
                status().named("log").running(),
            ])
            .condition("Ready", "True")
            .defer_statuses(defer)
    }

    fn cells(pod: PodBuilder) -> (String, String) {
        let cells = narrow(&pod.build());
        (cells[1].clone(), cells[2].clone())
    }

    fn status_of(pod: PodBuilder) -> String {
        cells(pod).1
    }

    #[test]
    fn d15_first_defer_container_running() {
        let pod = pod(
            [NEVER, NEVER],
            vec![
                status().named("flush").running(),
                status().named("notify").waiting(""),
            ],
        )
        .deleted();
        // READY keeps counting app containers.
        assert_eq!(cells(pod), ("1/2".to_string(), "Defer:0/2".to_string()));
    }

    #[test]
    fn d15_counts_finished_defer_containers() {
        let pod = pod(
            [NEVER, NEVER],
            vec![
                status().named("flush").terminated("Completed", 0),
                status().named("notify").running(),
            ],
        )
        .deleted();
        assert_eq!(status_of(pod), "Defer:1/2");
    }

    #[test]
    fn d15_waiting_reason_shows() {
        let pod = pod(
            [NEVER, NEVER],
            vec![
                status().named("flush").terminated("Completed", 0),
                status().named("notify").waiting("ImagePullBackOff"),
            ],
        )
        .deleted();
        assert_eq!(status_of(pod), "Defer:ImagePullBackOff");
        // Deleted but not started yet: the count shows (PodInitializing is not a reason to show).
        let pending = pod_not_started("PodInitializing").deleted();
        assert_eq!(status_of(pending), "Defer:0/2");
    }

    fn pod_not_started(reason: &str) -> PodBuilder {
        pod(
            [NEVER, NEVER],
            vec![
                status().named("flush").waiting(reason),
                status().named("notify").waiting(reason),
            ],
        )
    }

    /// D6: a failed `Always` defer container is retried: it is the current one.
    #[test]
    fn d15_d6_failure_to_be_retried_shows_its_reason() {
        let failed = pod(
            [ALWAYS, NEVER],
            vec![
                status().named("flush").terminated("Error", 3),
                status().named("notify").waiting(""),
            ],
        )
        .deleted();
        assert_eq!(status_of(failed), "Defer:Error");
        let signalled = pod(
            [ALWAYS, NEVER],
            vec![
                status().named("flush").signalled(9, 137),
                status().named("notify").waiting(""),
            ],
        )
        .deleted();
        assert_eq!(status_of(signalled), "Defer:Signal:9");
        let backoff = pod(
            [ALWAYS, NEVER],
            vec![
                status()
                    .named("flush")
                    .restarts(2)
                    .waiting("CrashLoopBackOff"),
                status().named("notify").waiting(""),
            ],
        )
        .deleted();
        assert_eq!(status_of(backoff), "Defer:CrashLoopBackOff");
    }

    /// D6: a failed `Never` defer container is recorded as failed; the next one runs.
    #[test]
    fn d15_d6_failure_not_retried_counts_as_finished() {
        let pod = pod(
            [NEVER, NEVER],
            vec![
                status().named("flush").terminated("Error", 1),
                status().named("notify").running(),
            ],
        )
        .deleted();
        assert_eq!(status_of(pod), "Defer:1/2");
    }

    /// After the last defer container: `Terminating` until removal.
    #[test]
    fn d15_all_finished_is_terminating() {
        let done = pod(
            [NEVER, NEVER],
            vec![
                status().named("flush").terminated("Completed", 0),
                status().named("notify").terminated("Error", 1),
            ],
        )
        .deleted();
        assert_eq!(status_of(done), "Terminating");
    }

    /// D8: at the deadline the current one is killed and the rest skipped: defer work is over.
    #[test]
    fn d15_d8_deadline_kill_and_skip_is_terminating() {
        let cut = pod(
            [ALWAYS, ALWAYS],
            vec![
                status().named("flush").terminated("Error", 137),
                status().named("notify").terminated("DeferSkipped", 0),
            ],
        )
        .deleted();
        assert_eq!(status_of(cut), "Terminating");
        let skipped_nonzero = pod(
            [NEVER, ALWAYS],
            vec![
                status().named("flush").terminated("Completed", 0),
                status().named("notify").terminated("DeferSkipped", 1),
            ],
        )
        .deleted();
        assert_eq!(status_of(skipped_nonzero), "Terminating");
    }

    /// Not triggered: statuses waiting before any deletion leave the usual status.
    #[test]
    fn d15_not_triggered_keeps_the_usual_status() {
        assert_eq!(status_of(pod_not_started("")), "Running");
    }

    /// D11: a short-running pod runs its defer containers without a deletion.
    #[test]
    fn d15_d11_short_running_pod_without_deletion() {
        let job = PodBuilder::new("job")
            .named_containers(&["work"])
            .defer_containers(&[("upload", NEVER)])
            .phase("Running")
            .container_statuses(vec![status().named("work").terminated("Completed", 0)])
            .defer_statuses(vec![status().named("upload").running()]);
        assert_eq!(status_of(job), "Defer:0/1");
    }

    /// Terminal phases and lost nodes keep kubectl's statuses.
    #[test]
    fn d15_terminal_phase_and_node_lost_win() {
        let succeeded = PodBuilder::new("job")
            .named_containers(&["work"])
            .defer_containers(&[("upload", NEVER)])
            .phase("Succeeded")
            .container_statuses(vec![status().named("work").terminated("Completed", 0)])
            .defer_statuses(vec![status().named("upload").running()])
            .deleted();
        assert_eq!(status_of(succeeded), "Completed");
        let lost = pod(
            [NEVER, NEVER],
            vec![
                status().named("flush").running(),
                status().named("notify").waiting(""),
            ],
        )
        .reason("NodeLost")
        .deleted();
        assert_eq!(status_of(lost), "Unknown");
    }
}
