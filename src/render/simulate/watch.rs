//! `--watch`: the `kubectl get pods -w` rows at every change of READY, STATUS or RESTARTS, as the
//! status printer prints the simulated pod.

use crate::render::simulate::RunContext;
use crate::render::simulate::table;

/// Renders the rows.
pub fn render(context: &RunContext<'_>) -> String {
    let rows: Vec<Vec<String>> = context
        .outcome
        .recording
        .statuses
        .iter()
        .map(|row| {
            vec![
                row.name.clone(),
                row.ready.clone(),
                row.status.clone(),
                row.restarts.clone(),
                row.age.clone(),
            ]
        })
        .collect();
    table::render(&["NAME", "READY", "STATUS", "RESTARTS", "AGE"], &rows)
}
