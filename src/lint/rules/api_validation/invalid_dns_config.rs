//! PL140 `invalid-dns-config`: a pod's `dnsPolicy` or `dnsConfig` the API server rejects.

use crate::k8s::cluster::Gate;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a pod's `dnsPolicy` or `dnsConfig` the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL140",
    name: "invalid-dns-config",
    severity: Severity::Error,
    summary: "a pod's `dnsPolicy` or `dnsConfig` the API server rejects",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks `dnsPolicy` (`ClusterFirst`, `ClusterFirstWithHostNet`, `Default` or `None`; defaulted to `ClusterFirst`) and `dnsConfig`: `dnsPolicy: None` needs a `dnsConfig` with at least one nameserver; at most 3 nameservers, each an IP address (held to the strict form, no leading zeros and no IPv4-mapped IPv6, with StrictIPCIDRValidation, on from 1.36); at most 32 search paths of at most 2048 characters together, each a DNS name (with `RelaxedDNSSearchValidation`, on from 1.33, `_` is allowed and `.` alone is accepted); every option has a `name`.

## Why
The API server rejects the pod (`spec.dnsConfig.nameservers: Invalid value: …: must not have more than 3 nameservers`). The kubelet's resolver could not use such a configuration anyway.

## Example
```yaml
dnsPolicy: None
dnsConfig:
  searches: [svc.cluster.local]
```

## How to fix
With `dnsPolicy: None`, list the nameservers yourself; keep to 3 nameservers and 32 search paths.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateDNSPolicy`, `validatePodDNSConfig` (`MaxDNSNameservers`, `MaxDNSSearchPaths`, `MaxDNSSearchListChars`).
"#,
};

const POLICIES: [&str; 4] = ["ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"];
const MAX_NAMESERVERS: usize = 3;
const MAX_SEARCH_PATHS: usize = 32;
const MAX_SEARCH_CHARS: usize = 2048;

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let spec = &context.pod.spec;
    let base = FieldPath::root().child("spec");
    let mut problems = Vec::new();
    let policy = spec.dns_policy.as_deref().unwrap_or("");
    if policy.is_empty() {
        problems.push(
            Problem::new(
                base.child("dnsPolicy"),
                k8s_type::REQUIRED,
                None,
                "the pod has no `dnsPolicy`",
                "`dnsPolicy` is required without defaulting",
                "set `dnsPolicy: ClusterFirst` (the API server's default)",
            )
            .pointing_at(base.clone())
            .on_key(),
        );
    } else if !POLICIES.contains(&policy) {
        let close = POLICIES.iter().find(|p| p.eq_ignore_ascii_case(policy));
        let mut problem = Problem::new(
            base.child("dnsPolicy"),
            k8s_type::NOT_SUPPORTED,
            Some(policy.to_string()),
            format!("`dnsPolicy: {policy}` is not a DNS policy"),
            "supported values: `ClusterFirstWithHostNet`, `ClusterFirst`, `Default`, `None`",
            match close {
                Some(close) => format!("write `{close}` (the value is case-sensitive)"),
                None => "use `ClusterFirst` (cluster DNS), `ClusterFirstWithHostNet`, `Default` (the node's resolver) or `None` (with `dnsConfig`)".to_string(),
            },
        );
        problem.replacement = close.map(|c| (*c).to_string());
        problems.push(problem);
    }
    let config_path = base.child("dnsConfig");
    let config = spec.dns_config.as_ref();
    let nameservers = config.and_then(|c| c.nameservers.as_deref()).unwrap_or_default();
    if policy == "None" {
        if config.is_none() {
            problems.push(
                Problem::new(
                    config_path.clone(),
                    k8s_type::REQUIRED,
                    None,
                    "`dnsPolicy: None` without a `dnsConfig`",
                    "must provide `dnsConfig` when `dnsPolicy` is None",
                    "add `dnsConfig:` with `nameservers:`, or use another `dnsPolicy`",
                )
                .pointing_at(base.child("dnsPolicy")),
            );
        } else if nameservers.is_empty() {
            problems.push(
                Problem::new(
                    config_path.child("nameservers"),
                    k8s_type::REQUIRED,
                    None,
                    "`dnsPolicy: None` with no nameserver",
                    "must provide at least one DNS nameserver when `dnsPolicy` is None",
                    "list at least one nameserver IP under `dnsConfig.nameservers`",
                )
                .pointing_at(config_path.clone())
                .on_key(),
            );
        }
    }
    if let Some(config) = config {
        config_problems(context, config, &config_path, &mut problems);
    }
    findings.extend(problems.into_iter().map(|p| p.into_finding(&RULE)));
}

fn config_problems(
    context: &PodContext<'_>,
    config: &crate::k8s::model::PodDnsConfig,
    at: &FieldPath,
    problems: &mut Vec<Problem>,
) {
    let nameservers = config.nameservers.as_deref().unwrap_or_default();
    if nameservers.len() > MAX_NAMESERVERS {
        problems.push(
            Problem::new(
                at.child("nameservers"),
                k8s_type::INVALID,
                Some(nameservers.join(", ")),
                format!("`dnsConfig` lists {} nameservers", nameservers.len()),
                format!("must not have more than {MAX_NAMESERVERS} nameservers"),
                "keep three: the resolver uses no more",
            )
            .on_key(),
        );
    }
    let strict = context.gates.enabled(Gate::StrictIPCIDRValidation);
    for (index, server) in nameservers.iter().enumerate() {
        if let Some(reason) = crate::k8s::names::legacy_ip_problem(server, strict) {
            let (message, help) = if reason == crate::k8s::names::NOT_AN_IP {
                (format!("nameserver `{server}` is not an IP address"), "write the nameserver's IPv4 or IPv6 address")
            } else {
                (format!("nameserver `{server}` is not written in the strict form (StrictIPCIDRValidation)"), "write the address in its plain form: no leading zeros (`10.0.0.1`), an IPv4 address as IPv4")
            };
            problems.push(Problem::new(at.child("nameservers").index(index), k8s_type::INVALID, Some(server.clone()), message, reason, help));
        }
    }
    let searches = config.searches.as_deref().unwrap_or_default();
    if searches.len() > MAX_SEARCH_PATHS {
        problems.push(
            Problem::new(
                at.child("searches"),
                k8s_type::INVALID,
                Some(format!("{} paths", searches.len())),
                format!("`dnsConfig` lists {} search paths", searches.len()),
                format!("must not have more than {MAX_SEARCH_PATHS} search paths"),
                "keep at most 32",
            )
            .on_key(),
        );
    }
    let characters = searches.iter().map(String::len).sum::<usize>() + searches.len().saturating_sub(1);
    if characters > MAX_SEARCH_CHARS {
        problems.push(
            Problem::new(
                at.child("searches"),
                k8s_type::INVALID,
                Some(format!("{characters} characters")),
                format!("the search list is {characters} characters long"),
                format!("must not have more than {MAX_SEARCH_CHARS} characters (including spaces) in the search list"),
                "shorten or drop search paths",
            )
            .on_key(),
        );
    }
    let relaxed = context.gates.enabled(Gate::RelaxedDNSSearchValidation);
    for (index, search) in searches.iter().enumerate() {
        let reasons = if relaxed {
            if search == "." {
                continue;
            }
            crate::k8s::names::dns1123_subdomain_with_underscore(search.strip_suffix('.').unwrap_or(search))
        } else {
            crate::k8s::names::dns1123_subdomain(search.strip_suffix('.').unwrap_or(search))
        };
        for reason in reasons {
            problems.push(Problem::new(
                at.child("searches").index(index),
                k8s_type::INVALID,
                Some(search.clone()),
                format!("search path `{search}` is not a DNS name"),
                reason,
                "write a domain such as `svc.cluster.local`",
            ));
        }
    }
    for (index, option) in config.options.iter().flatten().enumerate() {
        if option.name.as_deref().is_none_or(str::is_empty) {
            problems.push(
                Problem::new(
                    at.child("options").index(index),
                    k8s_type::REQUIRED,
                    None,
                    format!("DNS option #{} has no `name`", index + 1),
                    "must not be empty",
                    "name the resolver option (`ndots`, `timeout`, `attempts`, …)",
                )
                .on_key(),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{gates, k8s_errors_in};

    fn pod(policy: &str, config: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  dnsPolicy: {policy}\n  dnsConfig: {config}\n  containers:\n  - {{name: c, image: image}}\n"
        )
    }

    fn fails(policy: &str, config: &str) -> bool {
        !k8s_errors_in(&RULE, &pod(policy, config), gates(37, "")).is_empty()
    }

    fn words(n: usize) -> String {
        "a".repeat(n)
    }

    // TestValidatePodDNSConfig, all 22 rows (error or not, as the test checks).
    #[test]
    fn k7_test_validate_pod_dns_config() {
        let six = "custom, mydomain.com, local, cluster.local, svc.cluster.local, default.svc.cluster.local.";
        let thirty_two = format!(
            "{six}, {}",
            (7..=32).map(|n| n.to_string()).collect::<Vec<_>>().join(", ")
        );
        let fifty = std::iter::repeat_n(words(50), 5).collect::<Vec<_>>().join(", ");
        let sixty_three = std::iter::repeat_n(words(63), 31).collect::<Vec<_>>().join(", ");
        let rows: Vec<(&str, &str, String, bool)> = vec![
            ("valid: empty DNSConfig", "ClusterFirst", "{}".into(), false),
            ("valid: 1 option", "ClusterFirst", "{options: [{name: ndots, value: \"2\"}]}".into(), false),
            ("valid: 1 nameserver", "ClusterFirst", "{nameservers: [127.0.0.1]}".into(), false),
            ("valid: DNSNone with 1 nameserver", "None", "{nameservers: [127.0.0.1]}".into(), false),
            ("valid: 1 search path", "ClusterFirst", "{searches: [custom]}".into(), false),
            ("valid: 1 search path with trailing period", "ClusterFirst", "{searches: [custom.]}".into(), false),
            ("valid: 3 nameservers and 6 search paths", "ClusterFirst", format!("{{nameservers: [127.0.0.1, 10.0.0.10, 8.8.8.8], searches: [{six}]}}"), false),
            ("valid: 3 nameservers and 32 search paths", "ClusterFirst", format!("{{nameservers: [127.0.0.1, 10.0.0.10, 8.8.8.8], searches: [{thirty_two}]}}"), false),
            ("valid: 256 characters in search path list", "ClusterFirst", format!("{{searches: [{}, {fifty}]}}", words(1)), false),
            ("valid: 2048 characters in search path list", "ClusterFirst", format!("{{searches: [{}, {sixty_three}]}}", words(64)), false),
            ("valid: ipv6 nameserver", "ClusterFirst", "{nameservers: [\"FE80::0202:B3FF:FE1E:8329\"]}".into(), false),
            ("invalid: 4 nameservers", "ClusterFirst", "{nameservers: [127.0.0.1, 10.0.0.10, 8.8.8.8, 1.2.3.4]}".into(), true),
            ("valid: 7 search paths", "ClusterFirst", "{searches: [custom, mydomain.com, local, cluster.local, svc.cluster.local, default.svc.cluster.local, exceeded]}".into(), false),
            ("invalid: 33 search paths", "ClusterFirst", format!("{{searches: [{thirty_two}, \"33\"]}}"), true),
            ("valid: 257 characters in search path list", "ClusterFirst", format!("{{searches: [{}, {fifty}]}}", words(2)), false),
            ("invalid: 2049 characters in search path list", "ClusterFirst", format!("{{searches: [{}, {sixty_three}]}}", words(65)), true),
            ("invalid search path", "ClusterFirst", "{searches: [custom?]}".into(), true),
            ("invalid nameserver", "ClusterFirst", "{nameservers: [invalid]}".into(), true),
            ("invalid empty option name", "ClusterFirst", "{options: [{value: \"2\"}]}".into(), true),
            ("invalid: DNSNone with 0 nameserver", "None", "{searches: [custom]}".into(), true),
        ];
        for (title, policy, config, expected) in rows {
            assert_eq!(fails(policy, &config), expected, "{title}");
        }
        // The two legacy-IP rows: accepted with StrictIPCIDRValidation off, rejected with it on
        // (its default from 1.36).
        let legacy = pod("ClusterFirst", "{nameservers: [001.002.003.004]}");
        let errors = |gates| k8s_errors_in(&RULE, &legacy, gates);
        assert!(errors(gates(37, "StrictIPCIDRValidation=false")).is_empty(), "valid legacy IP nameserver with legacy IP validation");
        assert!(errors(gates(35, "")).is_empty());
        assert_eq!(errors(gates(37, "")), [("spec.dnsConfig.nameservers[0]".to_string(), "FieldValueInvalid")], "invalid legacy IP nameserver with strict IP validation");
        let mapped = pod("ClusterFirst", "{nameservers: [\"::ffff:10.0.0.10\"]}");
        assert_eq!(k8s_errors_in(&RULE, &mapped, gates(36, "")).len(), 1);
        assert!(k8s_errors_in(&RULE, &mapped, gates(35, "")).is_empty());
    }

    // TestValidateDNSPolicy; `dnsPolicy: None` without `dnsConfig`.
    #[test]
    fn k7_test_validate_dns_policy() {
        let text = |policy: &str| format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  dnsPolicy: {policy}\n  containers:\n  - {{name: c, image: image}}\n");
        for policy in ["ClusterFirst", "Default", "ClusterFirstWithHostNet"] {
            assert!(k8s_errors_in(&RULE, &text(policy), gates(37, "")).is_empty(), "{policy}");
        }
        assert_eq!(k8s_errors_in(&RULE, &text("invalid"), gates(37, "")), [("spec.dnsPolicy".to_string(), "FieldValueNotSupported")]);
        assert_eq!(k8s_errors_in(&RULE, &text("None"), gates(37, "")), [("spec.dnsConfig".to_string(), "FieldValueRequired")]);
    }

    // RelaxedDNSSearchValidation (beta on from 1.33): `_` and a lone `.` are allowed.
    #[test]
    fn k7_relaxed_dns_search_validation_by_release() {
        let text = pod("ClusterFirst", "{searches: [my_corp.example.com, .]}");
        assert_eq!(k8s_errors_in(&RULE, &text, gates(32, "")).len(), 2);
        assert!(k8s_errors_in(&RULE, &text, gates(33, "")).is_empty());
        assert!(k8s_errors_in(&RULE, &text, gates(37, "")).is_empty());
    }
}
