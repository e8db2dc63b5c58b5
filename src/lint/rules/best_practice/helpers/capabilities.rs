//! Linux capability names as containers write them: `CAP_` prefix and case ignored, as
//! container runtimes normalise them.

/// The capability a name means, upper case without `CAP_` (`cap_net_raw` → `NET_RAW`).
pub fn normalize(name: &str) -> String {
    let upper = name.trim().to_ascii_uppercase();
    upper
        .strip_prefix("CAP_")
        .map_or(upper.clone(), str::to_string)
}

/// The capabilities container runtimes grant by default (containerd's and CRI-O's default set):
/// what the Pod Security Standards' Baseline profile still allows a container to add.
pub const RUNTIME_DEFAULT: [&str; 13] = [
    "AUDIT_WRITE",
    "CHOWN",
    "DAC_OVERRIDE",
    "FOWNER",
    "FSETID",
    "KILL",
    "MKNOD",
    "NET_BIND_SERVICE",
    "SETFCAP",
    "SETGID",
    "SETPCAP",
    "SETUID",
    "SYS_CHROOT",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_normalised() {
        assert_eq!(normalize("cap_net_raw"), "NET_RAW");
        assert_eq!(normalize(" SYS_ADMIN"), "SYS_ADMIN");
        assert_eq!(normalize("all"), "ALL");
    }
}
