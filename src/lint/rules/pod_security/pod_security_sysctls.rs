//! PL510 `pod-security-sysctls`: Pod Security check `sysctls` (baseline, from v1.0): a sysctl outside the safe set.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// A sysctl outside the safe set.
pub static RULE: Rule = Rule {
    id: "PL510",
    name: "pod-security-sysctls",
    severity: Severity::Error,
    summary: "a sysctl outside the safe set",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `sysctls` (level `baseline`, so `restricted` too): every name in `spec.securityContext.sysctls` must be in the safe set of the policy version: `kernel.shm_rmid_forced`, `net.ipv4.ip_local_port_range`, `net.ipv4.ip_unprivileged_port_start`, `net.ipv4.tcp_syncookies`, `net.ipv4.ping_group_range`; from v1.27 also `net.ipv4.ip_local_reserved_ports`; from v1.29 `net.ipv4.tcp_keepalive_time`, `net.ipv4.tcp_fin_timeout`, `net.ipv4.tcp_keepalive_intvl`, `net.ipv4.tcp_keepalive_probes`; from v1.32 `net.ipv4.tcp_rmem`, `net.ipv4.tcp_wmem`; from v1.37 `net.ipv4.tcp_slow_start_after_idle`, `net.ipv4.tcp_notsent_lowat`. Names are compared as written (`net/ipv4/…` is another name).

## Why
Sysctls outside the safe set are not namespaced, or not safely: setting one changes the node for every pod on it.

## Example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
spec:
  securityContext:
    sysctls:
    - {name: net.core.somaxconn, value: "1024"}
  containers:
  - name: app
    image: example/app:1.4
```

## How to fix
Remove the sysctl, or set it on the nodes (and allow it in the kubelet's `--allowed-unsafe-sysctls`) for a namespace whose level is `privileged`.

## Versions
- v1.0: five names.
- v1.27: `net.ipv4.ip_local_reserved_ports`.
- v1.29: the four TCP keepalive and FIN timeout names.
- v1.32: `net.ipv4.tcp_rmem`, `net.ipv4.tcp_wmem`.
- v1.37: `net.ipv4.tcp_slow_start_after_idle`, `net.ipv4.tcp_notsent_lowat`.

## Same ground
PL421 `unsafe-sysctl` (best practice); PL149 checks the names' validity.

## Kubernetes reference
Pod Security Standards, Baseline, "Sysctls"; `policy/check_sysctls.go`.
"#,
};

/// The admission library's `sysctls` check, version by version.
pub static CHECK: Check = Check {
    id: "sysctls",
    level: Level::Baseline,
    versions: &[
        Variant { since: 0, check: v1_0, overrides: &[] },
        Variant { since: 27, check: v1_27, overrides: &[] },
        Variant { since: 29, check: v1_29, overrides: &[] },
        Variant { since: 32, check: v1_32, overrides: &[] },
        Variant { since: 37, check: v1_37, overrides: &[] },
    ],
    help: "remove the sysctls outside the safe set",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

const SAFE_1_0: &[&str] = &[
    "kernel.shm_rmid_forced",
    "net.ipv4.ip_local_port_range",
    "net.ipv4.tcp_syncookies",
    "net.ipv4.ping_group_range",
    "net.ipv4.ip_unprivileged_port_start",
];
const ADDED_1_27: &[&str] = &["net.ipv4.ip_local_reserved_ports"];
const ADDED_1_29: &[&str] = &[
    "net.ipv4.tcp_keepalive_time",
    "net.ipv4.tcp_fin_timeout",
    "net.ipv4.tcp_keepalive_intvl",
    "net.ipv4.tcp_keepalive_probes",
];
const ADDED_1_32: &[&str] = &["net.ipv4.tcp_rmem", "net.ipv4.tcp_wmem"];
const ADDED_1_37: &[&str] = &["net.ipv4.tcp_slow_start_after_idle", "net.ipv4.tcp_notsent_lowat"];

fn v1_0(context: &PodContext<'_>) -> Option<Violation> {
    forbidden(context, &[SAFE_1_0])
}

fn v1_27(context: &PodContext<'_>) -> Option<Violation> {
    forbidden(context, &[SAFE_1_0, ADDED_1_27])
}

fn v1_29(context: &PodContext<'_>) -> Option<Violation> {
    forbidden(context, &[SAFE_1_0, ADDED_1_27, ADDED_1_29])
}

fn v1_32(context: &PodContext<'_>) -> Option<Violation> {
    forbidden(context, &[SAFE_1_0, ADDED_1_27, ADDED_1_29, ADDED_1_32])
}

fn v1_37(context: &PodContext<'_>) -> Option<Violation> {
    forbidden(context, &[SAFE_1_0, ADDED_1_27, ADDED_1_29, ADDED_1_32, ADDED_1_37])
}

fn forbidden(context: &PodContext<'_>, safe: &[&[&str]]) -> Option<Violation> {
    let sysctls = context.pod.spec.security_context.as_ref()?.sysctls.as_ref()?;
    let mut names = Vec::new();
    let mut places = Vec::new();
    for (index, sysctl) in sysctls.iter().enumerate() {
        let name = sysctl.name.as_deref().unwrap_or("");
        if !safe.iter().any(|set| set.contains(&name)) {
            names.push(name);
            places.push(FieldPath::root().children(&["spec", "securityContext", "sysctls"]).index(index).child("name"));
        }
    }
    Violation::at_places("forbidden sysctls", names.join(", "), places)
}
