//! The exit status of a command, in every command the same: 0 clean, 1 findings at error
//! severity (or an unmet expectation), 2 usage, I/O or internal failure. Ordered, so a run of
//! many inputs keeps the worst.

/// What a command's run comes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ExitStatus {
    /// Nothing wrong (warnings and notes allowed): exit code 0.
    Clean,
    /// Findings at error severity, an unmet expectation, a rollout that does not complete:
    /// exit code 1.
    Findings,
    /// Usage, I/O or internal failure, an input that could not be read: exit code 2.
    Failure,
}

impl ExitStatus {
    /// The process exit code.
    pub fn code(self) -> u8 {
        match self {
            ExitStatus::Clean => 0,
            ExitStatus::Findings => 1,
            ExitStatus::Failure => 2,
        }
    }

    /// `Findings` when `failed`, else `Clean`.
    pub fn findings_if(failed: bool) -> ExitStatus {
        if failed {
            ExitStatus::Findings
        } else {
            ExitStatus::Clean
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worst_status_wins_and_codes_are_the_documented_ones() {
        let all = [ExitStatus::Clean, ExitStatus::Findings, ExitStatus::Failure];
        assert_eq!(all.map(ExitStatus::code), [0, 1, 2]);
        assert_eq!(all.into_iter().max(), Some(ExitStatus::Failure));
        assert_eq!(
            ExitStatus::Clean.max(ExitStatus::Findings),
            ExitStatus::Findings
        );
    }
}
