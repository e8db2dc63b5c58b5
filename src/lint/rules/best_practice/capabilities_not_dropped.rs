//! PL405 `capabilities-not-dropped`: a container that does not drop `ALL` capabilities.

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::capabilities::normalize;
use crate::lint::rules::best_practice::helpers::security_context::{ContainerSecurity, is_windows};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A container that does not drop `ALL` capabilities.
pub static RULE: Rule = Rule {
    id: "PL405",
    name: "capabilities-not-dropped",
    severity: Severity::Warning,
    summary: "a container keeps the runtime's default capabilities (no `drop: [ALL]`)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports every container, of any kind (init, native sidecar, app, ephemeral, defer), whose `securityContext.capabilities.drop` does not list `ALL` (any case, with or without `CAP_`). Off by default, in the `best-practice` group; pods for Windows are not checked.

## Why
A container runtime grants thirteen capabilities by default, among them `NET_RAW` (forge packets, spoof on the node's network), `SETUID`/`SETGID`, `DAC_OVERRIDE` (ignore file permissions) and `MKNOD`. Most programs need none of them. Dropping `ALL` and adding back the one a program needs (usually `NET_BIND_SERVICE`) leaves an intruder nothing to use.

## Example
```yaml
containers:
- name: app
  image: example/app:1.4
  securityContext:
    capabilities:
      drop: [NET_RAW]
```

## How to fix
```yaml
securityContext:
  capabilities:
    drop: [ALL]
    add: [NET_BIND_SERVICE]   # only if it binds a port below 1024 as non-root
```
There is no automatic fix: a program that relies on a default capability (a `chown` at start) fails.

## Peer checks
kube-linter `drop-net-raw-capability` (dropping `ALL` drops `NET_RAW`); Polaris `insecureCapabilities`; Polaris `linuxHardening` (in part).

## Kubernetes reference
Pod Security Standards, Restricted profile ("Capabilities"); `Capabilities` in the Pod API reference.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if is_windows(context.pod) {
        return;
    }
    for (list, index, container) in context.all_containers() {
        let security = ContainerSecurity::of(context, list, index, container);
        let capabilities = security.own().and_then(|own| own.capabilities.as_ref());
        let drops_all = capabilities
            .and_then(|capabilities| capabilities.drop.as_ref())
            .is_some_and(|drop| drop.iter().any(|name| normalize(name) == "ALL"));
        if drops_all {
            continue;
        }
        let path =
            context.container_field_path(list, index, &["securityContext", "capabilities", "drop"]);
        let finding = RULE
            .finding(list.describe_container(container, index) + " does not drop `ALL` capabilities")
            .at(path)
            .label("the runtime's default capabilities stay")
            .help("set `capabilities.drop: [ALL]` and add back only what it needs");
        let has_drop = capabilities.is_some_and(|capabilities| capabilities.drop.is_some());
        findings.push(if has_drop {
            finding
        } else {
            finding.pointing_at(security.name_path())
        });
    }
}
