//! `--expect` results, as `simulate` and its Monte Carlo both report them: a section in the
//! human output, and one line on stderr per unmet expectation (which makes the exit code 1).

use std::io::Write;

/// One expectation as written on the command line, and whether it held (`Err`: why not).
pub type Checked<'a> = (&'a str, Result<(), String>);

/// Writes the `expectations:` section of the human output (nothing when there are none).
pub fn write_section(out: &mut dyn Write, results: &[Checked<'_>]) -> std::io::Result<()> {
    if results.is_empty() {
        return Ok(());
    }
    writeln!(out, "expectations:")?;
    for (text, result) in results {
        match result {
            Ok(()) => writeln!(out, "  ok      {text}")?,
            Err(why) => writeln!(out, "  FAILED  {text}: {why}")?,
        }
    }
    Ok(())
}

/// Says on stderr which expectations pod `pod` did not meet; returns whether any.
pub fn report_unmet(pod: &str, results: &[Checked<'_>]) -> bool {
    let mut unmet = false;
    for (text, result) in results {
        if let Err(why) = result {
            unmet = true;
            crate::cli::output::note(format_args!(
                "podlife: expectation not met for pod `{pod}`: `{text}`: {why}"
            ));
        }
    }
    unmet
}
