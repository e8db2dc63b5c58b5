//! `podlife observe`: a real pod's life read from what kubectl printed, put in order, explained and held against the model.
//!
//! Inputs become evidence (`evidence`): pods with a status, events, and the text kubectl
//! prints (`describe_text`, `event_table`, with `ages`). The evidence of one pod becomes an
//! `Observation` (`observation`): time 0 at the pod's creation, each container's runs, the
//! events in order, the summary and the critical path to Ready (`critical_path`). Many pods
//! give distributions (`distributions`) and a fitted scenario (`fit`); `compare` runs the
//! simulator on the same spec.

pub mod ages;
pub mod compare;
pub mod containers;
pub mod critical_path;
pub mod describe_text;
pub mod distributions;
pub mod event_objects;
pub mod event_rows;
pub mod event_table;
pub mod evidence;
pub mod expect;
pub mod fit;
pub mod json_items;
pub mod observation;

/// Milliseconds as simulate prints times (`2m40s`, `1.5s`), negative ones with a `-`.
pub fn format_ms(ms: i64) -> String {
    let text = crate::sim::engine::time::format_duration(
        crate::sim::engine::time::SimDuration::from_millis(ms.unsigned_abs()),
    );
    if ms < 0 { format!("-{text}") } else { text }
}
