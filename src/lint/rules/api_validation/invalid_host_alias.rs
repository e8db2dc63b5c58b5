//! PL173 `invalid-host-alias`: a `hostAliases` entry whose `ip` is not an IP address or whose
//! hostnames are not DNS subdomains.

use crate::k8s::cluster::Gate;
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
Checks each of `spec.hostAliases`: `ip` is an IPv4 or IPv6 address (required), and each of `hostnames` is a DNS subdomain (lowercase letters, digits, `-` and `.`). With StrictIPCIDRValidation (on from 1.36) the address is also held to its strict form: no leading zeros in an IPv4 octet (`010.0.0.1`), no IPv4-mapped IPv6 address (`::ffff:10.0.0.1`); before, both are accepted (a leading-zero octet is read as decimal).

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
`pkg/apis/core/validation/validation.go` `ValidateHostAliases`, `IsValidIPForLegacyField` (`k8s.io/apimachinery` `pkg/util/validation/ip.go`), `ValidateDNS1123Subdomain` (`FieldValueInvalid`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(aliases) = &context.pod.spec.host_aliases else { return };
    let at = FieldPath::root().child("spec").child("hostAliases");
    let strict = context.gates.enabled(Gate::StrictIPCIDRValidation);
    for (index, alias) in aliases.get().iter().enumerate() {
        let at = at.index(index);
        let ip = alias.ip.as_deref().unwrap_or("");
        if let Some(reason) = names::legacy_ip_problem(ip, strict) {
            let (message, span) = match &alias.ip {
                Some(_) if reason == names::NOT_AN_IP => (format!("host alias `ip: {ip}` is not an IP address"), at.child("ip")),
                Some(_) if !ip.is_empty() => (format!("host alias `ip: {ip}` is not written in the strict form (StrictIPCIDRValidation)"), at.child("ip")),
                Some(_) => (format!("host alias #{} has an empty `ip`", index + 1), at.child("ip")),
                None => (format!("host alias #{} has no `ip`", index + 1), at.clone()),
            };
            let help = if reason == names::NOT_AN_IP { "write the address the hostnames resolve to (`10.0.0.12`), not a name" } else { "write the address in its plain form: no leading zeros (`10.0.0.1`), an IPv4 address as IPv4" };
            findings.push(
                Problem::new(at.child("ip"), k8s_type::INVALID, Some(ip.to_string()), message, reason, help)
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
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{gates, k8s_errors, k8s_errors_in};

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
        ] {
            assert!(errors(ok).is_empty(), "{ok}: {:?}", errors(ok));
        }
        // Leading zeros and IPv4-mapped IPv6: legacy forms, rejected with StrictIPCIDRValidation
        // (on from 1.36).
        for legacy in ["[{ip: 010.001.002.003, hostnames: [legacy]}]", "[{ip: \"::ffff:10.0.0.1\", hostnames: [mapped]}]"] {
            let pod = format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  hostAliases: {legacy}\n  containers:\n  - {{name: c, image: image}}\n");
            assert!(k8s_errors_in(&RULE, &pod, gates(35, "")).is_empty(), "{legacy}");
            assert!(k8s_errors_in(&RULE, &pod, gates(37, "StrictIPCIDRValidation=false")).is_empty(), "{legacy}");
            assert_eq!(k8s_errors_in(&RULE, &pod, gates(36, "")), [("spec.hostAliases[0].ip".to_string(), "FieldValueInvalid")], "{legacy}");
        }
        let at = |path: &str, t: &'static str| (format!("spec.hostAliases[0].{path}"), t);
        assert_eq!(errors("[{ip: 999.1.1.1, hostnames: [host]}]"), [at("ip", "FieldValueInvalid")]);
        assert_eq!(errors("[{ip: not-an-ip}]"), [at("ip", "FieldValueInvalid")]);
        // IsValidIP reports a missing address as an invalid one.
        assert_eq!(errors("[{hostnames: [host]}]"), [at("ip", "FieldValueInvalid")]);
        assert_eq!(errors("[{ip: 1.2.3.4, hostnames: [host1, Host_2]}]"), [at("hostnames[1]", "FieldValueInvalid")]);
    }
}
