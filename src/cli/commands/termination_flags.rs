//! The termination flags of `simulate`: `--delete-at`, `--grace-period`, `--force`, `--stop`, `--fail node@<time>`.

use crate::cli::SimulateArgs;
use crate::error::Error;
use crate::sim::engine::time::{SimDuration, parse_duration};
use crate::sim::plan::termination::{Deletion, TerminationCause};
use crate::sim::scenario::Patch;

/// Applies the deletion and node-crash flags over the scenario's (flags win); `--stop` is
/// the scenario's (`sim::scenario::assemble`).
pub fn apply(args: &SimulateArgs, patch: &mut Patch) -> Result<(), Error> {
    if let Some(text) = &args.delete_at {
        let at =
            parse_duration(text).map_err(|e| Error::Usage(format!("--delete-at {text}: {e}")))?;
        let grace = match args.grace_period {
            Some(seconds) if seconds < 0 => {
                return Err(Error::Usage(format!(
                    "--grace-period {seconds}: a number of seconds, 0 or more"
                )));
            }
            Some(seconds) => Some(SimDuration::from_secs(seconds)),
            None => None,
        };
        if args.force && grace != Some(SimDuration::ZERO) {
            // kubectl: --force needs --grace-period 0 to skip the graceful path.
            crate::cli::output::note(format_args!(
                "podlife: --force without --grace-period 0 is a graceful deletion (as kubectl does it)"
            ));
        }
        patch.termination.deletion = Some(Deletion {
            at,
            grace,
            force: args.force,
            cause: TerminationCause::Deleted,
        });
    }
    for text in &args.fail {
        let Some(time) = text.strip_prefix("node@") else {
            continue;
        };
        let at = parse_duration(time)
            .map_err(|e| Error::Usage(format!("--fail {text}: {e} (write `node@45s`)")))?;
        patch.termination.node_crash = Some(at);
    }
    Ok(())
}

/// The flags as the header's scenario line names them.
pub fn describe(args: &SimulateArgs) -> Vec<String> {
    let mut parts = Vec::new();
    if let Some(at) = &args.delete_at {
        parts.push(format!("--delete-at {at}"));
    }
    if let Some(seconds) = args.grace_period {
        parts.push(format!("--grace-period {seconds}"));
    }
    if args.force {
        parts.push("--force".to_string());
    }
    parts.extend(args.stop.iter().map(|s| format!("--stop {s}")));
    parts
}
