//! PL173 `invalid-host-alias`: a `hostAliases` entry whose `ip` is not an IP address or whose
//! hostnames are not DNS subdomains.

use crate::k8s::names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a host alias the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL173",
    name: "invalid-host-alias",
    severity: Severity::Error,
    summary: "a `hostAliases` entry whose `ip` is not an IP address or whose `hostnames` are not DNS subdomains",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks each of `spec.hostAliases`: `ip` is an IPv4 or IPv6 address (required), and each of `hostnames` is a DNS subdomain (lowercase letters, digits, `-` and `.`).

## Why
The API server rejects the pod (`spec.hostAliases[0].ip: Invalid value: "999.1.1.1": must be a valid IP address`). Host aliases become lines of the containers' `/etc/hosts`; a name with capitals or underscores, or a value that is not an address, is refused at deploy time.

## Example
```yaml
hostAliases:
- ip: db.internal
  hostnames: [Database_Primary]
```

## How to fix
Give the address in `ip` and the names in `hostnames`, in lowercase.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `ValidateHostAliases`, `IsValidIP`, `ValidateDNS1123Subdomain` (`FieldValueInvalid`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(aliases) = &context.pod.spec.host_aliases else { return };
    let at = FieldPath::root().child("spec").child("hostAliases");
    for (index, alias) in aliases.get().iter().enumerate() {
        let at = at.index(index);
        let ip = alias.ip.as_deref().unwrap_or("");
        if !names::is_ip(ip) {
            let (message, span) = match &alias.ip {
                Some(_) if !ip.is_empty() => (format!("host alias `ip: {ip}` is not an IP address"), at.child("ip")),
                Some(_) => (format!("host alias #{} has an empty `ip`", index + 1), at.child("ip")),
                None => (format!("host alias #{} has no `ip`", index + 1), at.clone()),
            };
            findings.push(
                Problem::new(at.child("ip"), k8s_type::INVALID, Some(ip.to_string()), message, "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)", "write the address the hostnames resolve to (`10.0.0.12`), not a name")
                    .pointing_at(span)
                    .into_finding(&RULE),
            );
        }
        for (position, hostname) in alias.hostnames.iter().flatten().enumerate() {
            for reason in names::dns1123_subdomain(hostname) {
                findings.push(Problem::new(at.child("hostnames").index(position), k8s_type::INVALID, Some(hostname.clone()), format!("host alias name `{hostname}` is not a valid DNS name"), reason, "use lowercase letters, digits, `-` and `.`").into_finding(&RULE));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn errors(aliases: &str) -> Vec<(String, &'static str)> {
        let pod = format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  hostAliases: {aliases}\n  containers:\n  - {{name: c, image: image}}\n");
        k8s_errors(&RULE, &pod, false)
    }

    // TestValidatePodSpec / TestValidateHostAliases rows.
    #[test]
    fn k7_validate_host_aliases() {
        for ok in [
            "[{ip: 12.34.56.78, hostnames: [host1, host2.example.com]}]",
            "[{ip: \"2001:db8::1\", hostnames: [v6.local]}]",
            "[{ip: 010.001.002.003, hostnames: [legacy]}]",
        ] {
            assert!(errors(ok).is_empty(), "{ok}: {:?}", errors(ok));
        }
        let at = |path: &str, t: &'static str| (format!("spec.hostAliases[0].{path}"), t);
        assert_eq!(errors("[{ip: 999.1.1.1, hostnames: [host]}]"), [at("ip", "FieldValueInvalid")]);
        assert_eq!(errors("[{ip: not-an-ip}]"), [at("ip", "FieldValueInvalid")]);
        // IsValidIP reports a missing address as an invalid one.
        assert_eq!(errors("[{hostnames: [host]}]"), [at("ip", "FieldValueInvalid")]);
        assert_eq!(errors("[{ip: 1.2.3.4, hostnames: [host1, Host_2]}]"), [at("hostnames[1]", "FieldValueInvalid")]);
    }
}
