//! The stop signals a container's `lifecycle.stopSignal` may name on each operating system
//! (gate `ContainerStopSignals`), and their numbers.

/// Every value the API accepts for a Linux pod, in the API's spelling.
pub const LINUX: [&str; 65] = [
    "SIGABRT",
    "SIGALRM",
    "SIGBUS",
    "SIGCHLD",
    "SIGCLD",
    "SIGCONT",
    "SIGFPE",
    "SIGHUP",
    "SIGILL",
    "SIGINT",
    "SIGIO",
    "SIGIOT",
    "SIGKILL",
    "SIGPIPE",
    "SIGPOLL",
    "SIGPROF",
    "SIGPWR",
    "SIGQUIT",
    "SIGSEGV",
    "SIGSTKFLT",
    "SIGSTOP",
    "SIGSYS",
    "SIGTERM",
    "SIGTRAP",
    "SIGTSTP",
    "SIGTTIN",
    "SIGTTOU",
    "SIGURG",
    "SIGUSR1",
    "SIGUSR2",
    "SIGVTALRM",
    "SIGWINCH",
    "SIGXCPU",
    "SIGXFSZ",
    "SIGRTMIN",
    "SIGRTMIN+1",
    "SIGRTMIN+2",
    "SIGRTMIN+3",
    "SIGRTMIN+4",
    "SIGRTMIN+5",
    "SIGRTMIN+6",
    "SIGRTMIN+7",
    "SIGRTMIN+8",
    "SIGRTMIN+9",
    "SIGRTMIN+10",
    "SIGRTMIN+11",
    "SIGRTMIN+12",
    "SIGRTMIN+13",
    "SIGRTMIN+14",
    "SIGRTMIN+15",
    "SIGRTMAX-14",
    "SIGRTMAX-13",
    "SIGRTMAX-12",
    "SIGRTMAX-11",
    "SIGRTMAX-10",
    "SIGRTMAX-9",
    "SIGRTMAX-8",
    "SIGRTMAX-7",
    "SIGRTMAX-6",
    "SIGRTMAX-5",
    "SIGRTMAX-4",
    "SIGRTMAX-3",
    "SIGRTMAX-2",
    "SIGRTMAX-1",
    "SIGRTMAX",
];

/// Every value the API accepts for a Windows pod.
pub const WINDOWS: [&str; 2] = ["SIGKILL", "SIGTERM"];

/// The signal's number on Linux (x86-64 and arm64; `SIGRTMIN` is 34 as glibc and the runtimes
/// count it), or `None` for a name the API does not accept on Linux: `Some` exactly for
/// [`LINUX`] (a test holds it to that).
pub fn linux_number(name: &str) -> Option<i32> {
    if !LINUX.contains(&name) {
        return None;
    }
    let fixed = match name {
        "SIGHUP" => 1,
        "SIGINT" => 2,
        "SIGQUIT" => 3,
        "SIGILL" => 4,
        "SIGTRAP" => 5,
        "SIGABRT" | "SIGIOT" => 6,
        "SIGBUS" => 7,
        "SIGFPE" => 8,
        "SIGKILL" => 9,
        "SIGUSR1" => 10,
        "SIGSEGV" => 11,
        "SIGUSR2" => 12,
        "SIGPIPE" => 13,
        "SIGALRM" => 14,
        "SIGTERM" => 15,
        "SIGSTKFLT" => 16,
        "SIGCHLD" | "SIGCLD" => 17,
        "SIGCONT" => 18,
        "SIGSTOP" => 19,
        "SIGTSTP" => 20,
        "SIGTTIN" => 21,
        "SIGTTOU" => 22,
        "SIGURG" => 23,
        "SIGXCPU" => 24,
        "SIGXFSZ" => 25,
        "SIGVTALRM" => 26,
        "SIGPROF" => 27,
        "SIGWINCH" => 28,
        "SIGIO" | "SIGPOLL" => 29,
        "SIGPWR" => 30,
        "SIGSYS" => 31,
        "SIGRTMIN" => 34,
        "SIGRTMAX" => 64,
        _ => {
            let offset = |rest: &str| rest.parse::<i32>().ok();
            return if let Some(n) = name.strip_prefix("SIGRTMIN+").and_then(offset) {
                (1..=15).contains(&n).then_some(34 + n)
            } else if let Some(n) = name.strip_prefix("SIGRTMAX-").and_then(offset) {
                (1..=14).contains(&n).then_some(64 - n)
            } else {
                None
            };
        }
    };
    Some(fixed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_accepted_linux_signal_has_a_distinct_number_but_the_aliases() {
        let mut numbers: Vec<i32> = LINUX.iter().filter_map(|s| linux_number(s)).collect();
        assert_eq!(numbers.len(), LINUX.len());
        numbers.sort_unstable();
        numbers.dedup();
        // SIGIOT = SIGABRT, SIGCLD = SIGCHLD, SIGPOLL = SIGIO.
        assert_eq!(numbers.len(), LINUX.len() - 3);
        assert_eq!(linux_number("SIGRTMIN+15"), Some(49));
        assert_eq!(linux_number("SIGRTMAX-14"), Some(50));
        assert_eq!(linux_number("SIGRTMIN+16"), None);
        assert_eq!(linux_number("SIGRTMAX-0"), None);
        assert_eq!(linux_number("sigterm"), None);
        assert_eq!(linux_number("SIGRTMIN+01"), None);
    }

    #[test]
    fn windows_accepts_a_subset_of_linux() {
        assert!(WINDOWS.iter().all(|s| LINUX.contains(s)));
    }
}
