//! PL149 `invalid-sysctl`: a pod `securityContext.sysctls` entry the API server rejects.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a sysctl the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL149",
    name: "invalid-sysctl",
    severity: Severity::Error,
    summary: "a `sysctls` entry without a valid, unique name, or a namespaced sysctl the host's namespace would share",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks `spec.securityContext.sysctls`: each `name` is required, at most 253 characters of lowercase segments (`a-z`, `0-9`, `-`, `_`, starting and ending with a letter or digit) separated by `.` or `/`, and unique; a `net.*` sysctl is not allowed with `hostNetwork: true`, nor an IPC sysctl (`kernel.shm*`, `kernel.msg*`, `kernel.sem`, `fs.mqueue.*`) with `hostIPC: true`.

## Why
The API server rejects the pod (`spec.securityContext.sysctls[0].name: Invalid value: "net.ipv4.ip_local_port_range": may not be specified when 'hostNetwork' is true`). A namespaced sysctl set in a pod that uses the node's namespace would change the node's setting for every pod on it.

## Example
```yaml
spec:
  hostNetwork: true
  securityContext:
    sysctls:
    - name: net.ipv4.ip_local_port_range
      value: "1024 65535"
```

## How to fix
Fix the name, remove the repeated entry, or set the sysctl on the node instead of in a host-network (host-IPC) pod.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateSysctls`, `IsValidSysctlName`; `k8s.io/component-helpers/node/util/sysctl` `GetNamespace`, `NormalizeName` (`FieldValueRequired`, `FieldValueInvalid`, `FieldValueDuplicate`).
"#,
};

const NAME_FORMAT: &str = r"must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$";

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let spec = &context.pod.spec;
    let Some(sysctls) = spec.security_context.as_ref().and_then(|sc| sc.sysctls.as_deref()) else {
        return;
    };
    let at = FieldPath::root().child("spec").child("securityContext").child("sysctls");
    let mut seen: Vec<&str> = Vec::new();
    let mut problems = Vec::new();
    for (index, sysctl) in sysctls.iter().enumerate() {
        let path = at.index(index).child("name");
        let name = sysctl.name.as_deref().unwrap_or("");
        if name.is_empty() {
            problems.push(Problem::new(path, k8s_type::REQUIRED, None, "a sysctl has no `name`", "required", "name the kernel parameter (`net.core.somaxconn`)").pointing_at(at.index(index)));
            continue;
        }
        if !valid_name(name) {
            problems.push(Problem::new(path.clone(), k8s_type::INVALID, Some(name.to_string()), format!("`{name}` is not a valid sysctl name"), NAME_FORMAT, "write the parameter as `sysctl -a` lists it, in lowercase (`net.ipv4.tcp_syncookies`)"));
        } else if seen.contains(&name) {
            problems.push(Problem::new(path.clone(), k8s_type::DUPLICATE, Some(name.to_string()), format!("sysctl `{name}` is set twice"), "duplicate sysctl", "keep one entry"));
        }
        seen.push(name);
        let host = match namespace(name) {
            Some(Namespace::Net) if spec.host_network == Some(true) => Some("hostNetwork"),
            Some(Namespace::Ipc) if spec.host_ipc == Some(true) => Some("hostIPC"),
            _ => None,
        };
        if let Some(host) = host {
            problems.push(Problem::new(
                path,
                k8s_type::INVALID,
                Some(name.to_string()),
                format!("sysctl `{name}` is namespaced, and the pod uses the node's namespace (`{host}: true`)"),
                format!("may not be specified when '{host}' is true"),
                format!("set it on the node, or drop `{host}`"),
            ));
        }
    }
    findings.extend(problems.into_iter().map(|p| p.into_finding(&RULE)));
}

/// `IsValidSysctlName`: segments of `[a-z0-9]([-_a-z0-9]*[a-z0-9])?` joined by `.` or `/`.
fn valid_name(name: &str) -> bool {
    name.len() <= 253
        && name.split(['.', '/']).all(|segment| {
            let bytes = segment.as_bytes();
            let alnum = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit();
            bytes.first().is_some_and(alnum)
                && bytes.last().is_some_and(alnum)
                && bytes.iter().all(|b| alnum(b) || *b == b'-' || *b == b'_')
        })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Namespace {
    Net,
    Ipc,
}

/// `GetNamespace` of the name in dotted form (`NormalizeName`: a name whose first separator is
/// `/` has its `.` and `/` swapped).
fn namespace(name: &str) -> Option<Namespace> {
    let slashed = name.find(['.', '/']).is_some_and(|at| name.as_bytes().get(at) == Some(&b'/'));
    let dotted: String = if slashed {
        name.chars().map(|c| match c {
            '/' => '.',
            '.' => '/',
            other => other,
        }).collect()
    } else {
        name.to_string()
    };
    if dotted == "kernel.sem" || ["kernel.shm", "kernel.msg", "fs.mqueue."].iter().any(|p| dotted.starts_with(p)) {
        Some(Namespace::Ipc)
    } else if dotted.starts_with("net.") {
        Some(Namespace::Net)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(extra: &str, sysctls: &str) -> String {
        format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n{extra}  securityContext:\n    sysctls: {sysctls}\n  containers:\n  - {{name: c, image: image}}\n")
    }

    // TestIsValidSysctlName.
    #[test]
    fn k7_is_valid_sysctl_name() {
        for name in ["a.b.c.d", "a", "a_b", "a-b", "abc", "abc.def", "a/b/c/d", "a/b.c", "a.b/c"] {
            assert!(valid_name(name), "{name}");
        }
        for name in ["", "*", "ä", "a_", "_", "__", "_a", "_a._b", "-", ".", "a.", ".a", "a.b.", "a*.b", "a/b.", "A.b"] {
            assert!(!valid_name(name), "{name}");
        }
        assert!(!valid_name(&"a".repeat(254)));
        assert!(valid_name(&"a".repeat(253)));
    }

    // TestValidateSysctls: invalid names, a duplicate, and namespaced sysctls with the host's
    // network or IPC namespace.
    #[test]
    fn k7_validate_sysctls() {
        let ok = "[{name: kernel.shmmni, value: \"\"}, {name: kernel.shmmax, value: \"1\"}, {name: net.ipv4.conf.enp3s0/200.forwarding, value: \"\"}, {name: net/ipv4/conf/enp3s0.200/forwarding, value: \"\"}]";
        assert!(k8s_errors(&RULE, &pod("", ok), false).is_empty());
        let invalid = k8s_errors(&RULE, &pod("", "[{name: i..nvalid, value: \"\"}, {name: _invalid, value: \"\"}]"), false);
        assert_eq!(invalid, [("spec.securityContext.sysctls[0].name".to_string(), "FieldValueInvalid"), ("spec.securityContext.sysctls[1].name".to_string(), "FieldValueInvalid")]);
        let duplicate = k8s_errors(&RULE, &pod("", "[{name: kernel.shmmax, value: \"1\"}, {name: kernel.shmmax, value: \"2\"}]"), false);
        assert_eq!(duplicate, [("spec.securityContext.sysctls[1].name".to_string(), "FieldValueDuplicate")]);
        assert_eq!(k8s_errors(&RULE, &pod("", "[{value: \"1\"}]"), false), [("spec.securityContext.sysctls[0].name".to_string(), "FieldValueRequired")]);
        let net = "[{name: net.ipv4.conf.enp3s0/200.forwarding, value: \"\"}, {name: net/ipv4/conf/enp3s0.200/forwarding, value: \"\"}]";
        assert_eq!(k8s_errors(&RULE, &pod("  hostNetwork: true\n", net), false).len(), 2);
        let ipc = "[{name: kernel.shmmax, value: \"1\"}, {name: kernel.msgmax, value: \"1\"}]";
        assert_eq!(k8s_errors(&RULE, &pod("  hostIPC: true\n", ipc), false).len(), 2);
        assert!(k8s_errors(&RULE, &pod("  hostIPC: true\n", net), false).is_empty());
    }
}
