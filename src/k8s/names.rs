//! Kubernetes' string formats (`k8s.io/apimachinery/pkg/util/validation`): DNS labels, qualified
//! names, port names, environment variable names, HTTP header names and relative paths.
//!
//! Each check returns the problems it found as short lowercase phrases (empty when valid), in
//! the order apimachinery reports them, so rules can quote them.

/// The longest DNS-1123 label.
pub const DNS1123_LABEL_MAX: usize = 63;
/// The longest DNS-1123 subdomain.
pub const DNS1123_SUBDOMAIN_MAX: usize = 253;
/// The longest name part of a qualified name.
pub const QUALIFIED_NAME_MAX: usize = 63;
/// The longest port name (IANA service name).
pub const PORT_NAME_MAX: usize = 15;

fn is_lower_alnum(c: u8) -> bool {
    c.is_ascii_lowercase() || c.is_ascii_digit()
}

/// `[a-z0-9]([-a-z0-9]*[a-z0-9])?`
fn matches_dns_label(value: &str) -> bool {
    let bytes = value.as_bytes();
    match (bytes.first(), bytes.last()) {
        (Some(&first), Some(&last)) => {
            is_lower_alnum(first)
                && is_lower_alnum(last)
                && bytes.iter().all(|&c| is_lower_alnum(c) || c == b'-')
        }
        _ => false,
    }
}

/// `label(\.label)*`
fn matches_dns_subdomain(value: &str) -> bool {
    value.split('.').all(matches_dns_label)
}

/// DNS-1123 label: at most 63 characters of `[a-z0-9-]`, alphanumeric at both ends.
pub fn dns1123_label(value: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if value.len() > DNS1123_LABEL_MAX {
        problems.push(format!(
            "must be no more than {DNS1123_LABEL_MAX} characters"
        ));
    }
    if !matches_dns_label(value) {
        if matches_dns_subdomain(value) {
            problems.push("must not contain dots".to_string());
        } else {
            problems.push(
                "must consist of lower case alphanumeric characters or '-', and start and end with an alphanumeric character"
                    .to_string(),
            );
        }
    }
    problems
}

/// DNS-1123 subdomain: at most 253 characters, dot-separated labels.
pub fn dns1123_subdomain(value: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if value.len() > DNS1123_SUBDOMAIN_MAX {
        problems.push(format!(
            "must be no more than {DNS1123_SUBDOMAIN_MAX} characters"
        ));
    }
    if !matches_dns_subdomain(value) {
        problems.push(
            "must consist of lower case alphanumeric characters, '-' or '.', and start and end with an alphanumeric character"
                .to_string(),
        );
    }
    problems
}

/// A DNS-1123 subdomain in which `_` counts as a letter (`IsDNS1123SubdomainWithUnderscore`,
/// for DNS search paths).
pub fn dns1123_subdomain_with_underscore(value: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if value.len() > DNS1123_SUBDOMAIN_MAX {
        problems.push(format!(
            "must be no more than {DNS1123_SUBDOMAIN_MAX} characters"
        ));
    }
    if !matches_dns_subdomain(&value.replace('_', "a")) {
        problems.push(
            "must consist of lower case alphanumeric characters, '-', '_' or '.', and start and end with an alphanumeric character or '_'"
                .to_string(),
        );
    }
    problems
}

/// `([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]`
fn matches_qualified_name_part(name: &str) -> bool {
    let bytes = name.as_bytes();
    match (bytes.first(), bytes.last()) {
        (Some(first), Some(last)) => {
            first.is_ascii_alphanumeric()
                && last.is_ascii_alphanumeric()
                && bytes
                    .iter()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
        }
        _ => false,
    }
}

/// Whether `value` is a qualified name, in one pass over its bytes (the common case: the
/// checks that say why run only for a name that is not).
fn is_qualified_name(value: &str) -> bool {
    let (prefix, name) = match value.split_once('/') {
        Some((prefix, name)) => (Some(prefix), name),
        None => (None, value),
    };
    let name_ok = name.len() <= QUALIFIED_NAME_MAX && matches_qualified_name_part(name);
    name_ok
        && prefix.is_none_or(|prefix| {
            prefix.len() <= DNS1123_SUBDOMAIN_MAX && is_dns_subdomain_bytes(prefix.as_bytes())
        })
}

/// `label(\.label)*` of DNS labels without allocating or splitting: alphanumeric at both
/// ends and on both sides of every `.`, `-` only inside.
fn is_dns_subdomain_bytes(bytes: &[u8]) -> bool {
    let mut previous = b'.';
    for &c in bytes {
        let fits = match c {
            b'.' => is_lower_alnum(previous),
            b'-' => previous != b'.',
            _ => is_lower_alnum(c),
        };
        if !fits {
            return false;
        }
        previous = c;
    }
    is_lower_alnum(previous)
}

/// A qualified name (label key): an optional DNS subdomain prefix and `/`, then a name of at
/// most 63 characters of `[-A-Za-z0-9_.]`, alphanumeric at both ends.
pub fn qualified_name(value: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if is_qualified_name(value) {
        return problems;
    }
    let name = match value.split_once('/') {
        None => value,
        Some((prefix, name)) if !name.contains('/') => {
            if prefix.is_empty() {
                problems.push("prefix part must be non-empty".to_string());
            } else if prefix.len() > DNS1123_SUBDOMAIN_MAX || !matches_dns_subdomain(prefix) {
                problems.extend(
                    dns1123_subdomain(prefix)
                        .into_iter()
                        .map(|problem| format!("prefix part {problem}")),
                );
            }
            name
        }
        Some(_) => {
            problems.push(
                "must be a name of alphanumeric characters, '-', '_' or '.' with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
                    .to_string(),
            );
            return problems;
        }
    };
    if name.is_empty() {
        problems.push("name part must be non-empty".to_string());
    } else if name.len() > QUALIFIED_NAME_MAX {
        problems.push(format!(
            "name part must be no more than {QUALIFIED_NAME_MAX} characters"
        ));
    }
    if !matches_qualified_name_part(name) {
        problems.push(
            "name part must consist of alphanumeric characters, '-', '_' or '.', and start and end with an alphanumeric character"
                .to_string(),
        );
    }
    problems
}

/// The longest label value.
pub const LABEL_VALUE_MAX: usize = 63;

/// A label value (`IsValidLabelValue`): empty, or at most 63 characters of `[-A-Za-z0-9_.]`,
/// alphanumeric at both ends.
pub fn label_value(value: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if value.len() > LABEL_VALUE_MAX {
        problems.push(format!("must be no more than {LABEL_VALUE_MAX} characters"));
    }
    if !value.is_empty() && !matches_qualified_name_part(value) {
        problems.push(
            "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
                .to_string(),
        );
    }
    problems
}

/// An IPv4 or IPv6 address as the API server's legacy IP fields accept it (`IsValidIP`, Go's
/// sloppy parser): IPv4 octets may have leading zeros.
pub fn is_ip(text: &str) -> bool {
    if text.parse::<std::net::IpAddr>().is_ok() {
        return true;
    }
    let octets: Vec<&str> = text.split('.').collect();
    octets.len() == 4
        && octets.iter().all(|octet| {
            !octet.is_empty()
                && octet.len() <= 3
                && octet.bytes().all(|b| b.is_ascii_digit())
                && octet.parse::<u16>().is_ok_and(|v| v <= 255)
        })
}

/// The API server's reason for a value that is no IP address at all.
pub const NOT_AN_IP: &str = "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)";

/// What is wrong with `text` in a legacy IP field (`hostAliases[].ip`,
/// `dnsConfig.nameservers`), as `IsValidIPForLegacyField` says it: Go's old parser, which reads
/// an IPv4 octet with leading zeros; with `strict` (StrictIPCIDRValidation) leading zeros and
/// IPv4-mapped IPv6 addresses are rejected as well.
pub fn legacy_ip_problem(text: &str, strict: bool) -> Option<&'static str> {
    if !is_ip(text) {
        return Some(NOT_AN_IP);
    }
    if !strict {
        return None;
    }
    match text.parse::<std::net::IpAddr>() {
        // Only the sloppy reading of IPv4 octets accepted it.
        Err(_) => Some("must not have leading 0s"),
        Ok(std::net::IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_some() => {
            Some("must not be an IPv4-mapped IPv6 address")
        }
        Ok(_) => None,
    }
}

/// A port name (IANA service name): 1–15 characters of `[-a-z0-9]`, at least one letter, no
/// `--`, no hyphen at either end.
pub fn port_name(value: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if value.len() > PORT_NAME_MAX {
        problems.push(format!("must be no more than {PORT_NAME_MAX} characters"));
    }
    let bytes = value.as_bytes();
    if bytes.is_empty() || !bytes.iter().all(|&c| is_lower_alnum(c) || c == b'-') {
        problems.push(
            "must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)".to_string(),
        );
    }
    if !bytes.iter().any(u8::is_ascii_lowercase) {
        problems.push("must contain at least one letter (a-z)".to_string());
    }
    if value.contains("--") {
        problems.push("must not contain consecutive hyphens".to_string());
    }
    if value.starts_with('-') || value.ends_with('-') {
        problems.push("must not begin or end with a hyphen".to_string());
    }
    problems
}

/// A port number: 1–65535.
pub fn port_number(value: i64) -> Vec<String> {
    if (1..=65535).contains(&value) {
        Vec::new()
    } else {
        vec!["must be between 1 and 65535, inclusive".to_string()]
    }
}

/// An environment variable name as the API server checks it today (`RelaxedEnvironmentVariableValidation`,
/// on by default since 1.32): printable ASCII other than `=`.
pub fn env_var_name(value: &str) -> Vec<String> {
    if value.is_empty() {
        return vec!["must be non-empty".to_string()];
    }
    if value.chars().any(|c| !(' '..='~').contains(&c) || c == '=') {
        return vec!["must consist only of printable ASCII characters other than '='".to_string()];
    }
    Vec::new()
}

/// An environment variable name under the strict rule clusters before 1.32 apply (and
/// Kubernetes' unit tests use): `[-._a-zA-Z][-._a-zA-Z0-9]*`, and not `.`, `..` or `..…`.
pub fn env_var_name_strict(value: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let bytes = value.as_bytes();
    let first_ok = bytes
        .first()
        .is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, b'-' | b'.' | b'_'));
    if !first_ok
        || !bytes
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_'))
    {
        problems.push(
            "must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit"
                .to_string(),
        );
    }
    problems.extend(chdir_prefix(value));
    problems
}

/// A ConfigMap or Secret key (`IsConfigMapKey`): at most 253 characters of `[-._a-zA-Z0-9]`,
/// and not `.`, `..` or `..…`.
pub fn config_map_key(value: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if value.len() > DNS1123_SUBDOMAIN_MAX {
        problems.push(format!(
            "must be no more than {DNS1123_SUBDOMAIN_MAX} characters"
        ));
    }
    if value.is_empty()
        || !value
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_'))
    {
        problems.push(
            "a valid config key must consist of alphanumeric characters, '-', '_' or '.'"
                .to_string(),
        );
    }
    problems.extend(chdir_prefix(value));
    problems
}

/// `hasChDirPrefix`: `.`, `..` and names starting with `..` would change directory.
fn chdir_prefix(value: &str) -> Option<String> {
    match value {
        "." => Some("must not be '.'".to_string()),
        ".." => Some("must not be '..'".to_string()),
        _ if value.starts_with("..") => Some("must not start with '..'".to_string()),
        _ => None,
    }
}

/// An HTTP header name: `[-A-Za-z0-9]+`.
pub fn http_header_name(value: &str) -> Vec<String> {
    if !value.is_empty()
        && value
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'-')
    {
        Vec::new()
    } else {
        vec!["must consist of alphanumeric characters or '-'".to_string()]
    }
}

/// Whether a path has a `..` element (`validatePathNoBacksteps`).
pub fn has_backsteps(value: &str) -> bool {
    value.replace('\\', "/").split('/').any(|part| part == "..")
}

/// A path that stays inside its volume (`subPath`): relative, and no `..` element
/// (`validateLocalDescendingPath`).
pub fn local_descending_path(value: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if value.starts_with('/') {
        problems.push("must be a relative path".to_string());
    }
    if has_backsteps(value) {
        problems.push("must not contain '..'".to_string());
    }
    problems
}

/// A file a volume writes (`items[].path`): [`local_descending_path`], and not starting with
/// `..`, which the kubelet's atomic writer keeps for itself (`ValidateLocalNonReservedPath`).
pub fn local_non_reserved_path(value: &str) -> Vec<String> {
    let mut problems = local_descending_path(value);
    if value.starts_with("..") && !value.starts_with("../") {
        problems.push("must not start with '..'".to_string());
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::legacy_ip_problem;

    /// `IsValidIPForLegacyField`, as apimachinery's `ip_test.go` cases exercise it: the legacy
    /// reading and the strict one (StrictIPCIDRValidation).
    #[test]
    fn legacy_ip_fields_strict_and_not() {
        for ok in [
            "1.2.3.4",
            "2001:db8::1",
            "::1",
            "2001:DB8::1",
            "2001:0db8::1",
        ] {
            assert_eq!(legacy_ip_problem(ok, false), None, "{ok}");
            assert_eq!(legacy_ip_problem(ok, true), None, "{ok}");
        }
        for sloppy in ["010.0.0.1", "1.2.3.04", "001.002.003.004"] {
            assert_eq!(legacy_ip_problem(sloppy, false), None, "{sloppy}");
            assert_eq!(
                legacy_ip_problem(sloppy, true),
                Some("must not have leading 0s")
            );
        }
        for mapped in ["::ffff:1.2.3.4", "::ffff:102:304"] {
            assert_eq!(legacy_ip_problem(mapped, false), None, "{mapped}");
            assert_eq!(
                legacy_ip_problem(mapped, true),
                Some("must not be an IPv4-mapped IPv6 address")
            );
        }
        for bad in [
            "",
            "1.2.3",
            "256.1.1.1",
            "fe80::1%eth0",
            "1.2.3.4/32",
            "a.b.c.d",
        ] {
            for strict in [false, true] {
                assert!(
                    legacy_ip_problem(bad, strict)
                        .is_some_and(|p| p.starts_with("must be a valid IP")),
                    "{bad}"
                );
            }
        }
    }

    use super::*;

    /// The slow path's verdict, without the fast path.
    fn slow_qualified_name_is_valid(value: &str) -> bool {
        let parts: Vec<&str> = value.split('/').collect();
        let (prefix, name) = match parts.as_slice() {
            [name] => (None, *name),
            [prefix, name] => (Some(*prefix), *name),
            _ => return false,
        };
        prefix.is_none_or(|p| !p.is_empty() && dns1123_subdomain(p).is_empty())
            && !name.is_empty()
            && name.len() <= QUALIFIED_NAME_MAX
            && matches_qualified_name_part(name)
    }

    /// Property: the one-pass check agrees with the split-and-check one on random keys.
    #[test]
    fn the_fast_qualified_name_check_agrees() {
        use rand::{RngExt, SeedableRng};
        let alphabet = b"aZ09-._/.";
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..20_000 {
            let len = rng.random_range(0..12);
            let key: String = (0..len)
                .map(|_| char::from(alphabet[rng.random_range(0..alphabet.len())]))
                .collect();
            assert_eq!(
                is_qualified_name(&key),
                slow_qualified_name_is_valid(&key),
                "{key:?}"
            );
            assert_eq!(
                qualified_name(&key).is_empty(),
                slow_qualified_name_is_valid(&key),
                "{key:?}"
            );
        }
    }

    // ValidateLocalNonReservedPath: `../foo` contains `..`; `..foo` starts with it (reserved
    // for the atomic writer); `/a/../b` is absolute and contains it; `path/..dotdot` is fine.
    #[test]
    fn local_non_reserved_paths() {
        assert_eq!(local_non_reserved_path("../foo"), ["must not contain '..'"]);
        assert_eq!(
            local_non_reserved_path("..foo"),
            ["must not start with '..'"]
        );
        assert_eq!(local_non_reserved_path("/a/../b").len(), 2);
        assert!(local_non_reserved_path("path/with/embedded..dotdot").is_empty());
        assert!(has_backsteps("a/../b") && !has_backsteps("a/..b"));
    }

    #[test]
    fn dns_labels_follow_rfc_1123() {
        for good in ["a", "abc", "123", "abc-123", "a-b-c", &"a".repeat(63)] {
            assert!(dns1123_label(good).is_empty(), "{good}");
        }
        for bad in ["", "A", "-a", "a-", "a_b", "a b", &"a".repeat(64)] {
            assert!(!dns1123_label(bad).is_empty(), "{bad}");
        }
        assert_eq!(dns1123_label("a.b.c"), ["must not contain dots"]);
    }

    // TestValidateResourceNames' qualified-name rows (the name half of validateResourceName).
    #[test]
    fn qualified_names() {
        for good in [
            "memory",
            "my.favorite.app.co/12345",
            &format!("kubernetes.io/{}", "a".repeat(63)),
        ] {
            assert!(qualified_name(good).is_empty(), "{good}");
        }
        for bad in [
            "",
            ".",
            "..",
            "my.favorite.app.co/_12345",
            "my.favorite.app.co/12345_",
            "kubernetes.io/..",
            &format!("kubernetes.io/{}", "a".repeat(64)),
            "kubernetes.io//",
            "kubernetes.io/will/not/work/",
        ] {
            assert!(!qualified_name(bad).is_empty(), "{bad}");
        }
    }

    // TestValidatePorts' name rows.
    #[test]
    fn port_names() {
        for good in ["abc", "easy", "as", "do-re-me", "http", "h2c"] {
            assert!(port_name(good).is_empty(), "{good}");
        }
        assert!(port_name(&"a".repeat(16))[0].contains("15"));
        assert!(port_name("a.b.c")[0].contains("alpha-numeric"));
        assert!(port_name("80")[0].contains("at least one letter"));
        assert!(!port_name("a--b").is_empty());
        assert!(!port_name("-ab").is_empty());
    }

    // TestValidateEnv (strict) and TestRelaxedValidateEnv.
    #[test]
    fn env_var_names() {
        for good in ["abc", "ABC", "AbC_123", "a.b.c", "a-b-c"] {
            assert!(env_var_name_strict(good).is_empty(), "{good}");
            assert!(env_var_name(good).is_empty(), "{good}");
        }
        for relaxed_only in ["!\"#$%&'()", "* +,-./0123456789", ":;<>?@", "[\\]^_`{}|~"] {
            assert!(env_var_name(relaxed_only).is_empty(), "{relaxed_only}");
            assert!(
                !env_var_name_strict(relaxed_only).is_empty(),
                "{relaxed_only}"
            );
        }
        assert!(!env_var_name("=abc").is_empty());
        assert!(!env_var_name("").is_empty());
        assert!(!env_var_name("tab\there").is_empty());
        assert!(!env_var_name_strict("ev!1").is_empty());
        assert!(!env_var_name_strict("..x").is_empty());
    }

    // TestValidateVolumeMounts' subPath rows.
    #[test]
    fn sub_paths() {
        for good in ["", "baz", ".baz", "..baz"] {
            assert!(local_descending_path(good).is_empty(), "{good}");
        }
        for bad in ["/baz", "../baz", "baz/../bat", "./.."] {
            assert!(!local_descending_path(bad).is_empty(), "{bad}");
        }
    }

    // TestValidateHandler's header rows.
    #[test]
    fn header_names() {
        assert!(http_header_name("X-Forwarded-For").is_empty());
        assert!(http_header_name("Host").is_empty());
        assert!(!http_header_name("Host:").is_empty());
        assert!(!http_header_name("X_Forwarded_For").is_empty());
    }
}
