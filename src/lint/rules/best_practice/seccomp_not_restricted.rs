//! PL407 `seccomp-not-restricted`: a container whose seccomp profile is unset or `Unconfined`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::security_context::{ContainerSecurity, is_windows};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A container whose seccomp profile is unset or `Unconfined`.
pub static RULE: Rule = Rule {
    id: "PL407",
    name: "seccomp-not-restricted",
    severity: Severity::Warning,
    summary: "a container runs without a seccomp profile (unset or `Unconfined`)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports every container, of any kind (init, native sidecar, app, ephemeral, defer), whose effective `seccompProfile.type` (the container's, else the pod's) is not `RuntimeDefault` or `Localhost`: unset, or `Unconfined`. A pod-level `Unconfined` is reported once, at the pod. Off by default, in the `best-practice` group; pods for Windows are not checked.

## Why
Unless the kubelet runs with `--seccomp-default`, a container without a profile runs unconfined: every system call is open to it, including the rarely used ones most kernel exploits go through. `RuntimeDefault` blocks those and nothing a normal program calls.

## Example
```yaml
spec:
  containers:
  - name: app
    image: example/app:1.4
```

## How to fix
```yaml
spec:
  securityContext:
    seccompProfile:
      type: RuntimeDefault
```
in the pod's `securityContext`, which covers every container. There is no automatic fix: a program that needs a blocked call (some debuggers, old JVM flags) fails.

## Peer checks
kube-score `container-seccomp-profile`; Polaris `linuxHardening` (in part).

## Kubernetes reference
Pod Security Standards, Restricted profile ("Seccomp"); Kubernetes docs "Restrict a Container's Syscalls with seccomp".
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if is_windows(context.pod) {
        return;
    }
    let mut pod_reported = false;
    for (list, index, container) in context.all_containers() {
        let security = ContainerSecurity::of(context, list, index, container);
        // Described only for a finding.
        let who = || list.describe_container(container, index);
        match security.seccomp_profile() {
            None => findings.push(
                RULE.finding(who() + " has no seccomp profile")
                    .at(security.container_field("seccompProfile"))
                    .pointing_at(security.name_path())
                    .label("unconfined unless the kubelet defaults it")
                    .help("set `seccompProfile: {type: RuntimeDefault}` in the pod's `securityContext`"),
            ),
            Some(profile) => {
                let kind = profile.value.kind.as_deref().unwrap_or("");
                if kind == "RuntimeDefault" || kind == "Localhost" {
                    continue;
                }
                if profile.from_pod {
                    if pod_reported {
                        continue;
                    }
                    pod_reported = true;
                }
                let subject = if profile.from_pod { "the pod".to_string() } else { who() };
                findings.push(
                    RULE.finding(format!("{subject} runs with the seccomp profile `{kind}`"))
                        .at(profile.path.child("type"))
                        .label("every system call allowed")
                        .help("use `type: RuntimeDefault`"),
                );
            }
        }
    }
}
