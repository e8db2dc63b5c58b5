//! PL511 `pod-security-windows-host-process`: Pod Security check `windowsHostProcess` (baseline, from v1.0): a Windows HostProcess pod or container.

use crate::finding::{Finding, Severity};
use crate::k8s::pod_security::Level;
use crate::lint::rules::pod_security::helpers::check::{Check, Variant, Violation};
use crate::lint::rules::pod_security::helpers::report::report;
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::lint::rules::pod_security::helpers::setters::Setters;
use crate::yaml::field_path::FieldPath;

/// A Windows HostProcess pod or container.
pub static RULE: Rule = Rule {
    id: "PL511",
    name: "pod-security-windows-host-process",
    severity: Severity::Error,
    summary: "a Windows HostProcess pod or container",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Pod Security check `windowsHostProcess` (level `baseline`, so `restricted` too): neither the pod's nor any container's `securityContext.windowsOptions.hostProcess` may be `true`.

## Why
A HostProcess container runs directly on the Windows node, with the node's network and file system: it is the Windows form of a privileged container.

## Example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: shop
spec:
  securityContext:
    windowsOptions:
      hostProcess: true
      runAsUserName: "NT AUTHORITY\\SYSTEM"
  hostNetwork: true
  containers:
  - name: agent
    image: example/agent:1.0
```

## How to fix
Run node agents that need it in a namespace whose level is `privileged`.

## Versions
- v1.0: as above.

## Same ground
PL426 `host-process-container` (best practice); PL152 checks the pod's HostProcess rules.

## Kubernetes reference
Pod Security Standards, Baseline, "HostProcess"; `policy/check_windowsHostProcess.go`.
"#,
};

/// The admission library's `windowsHostProcess` check, version by version.
pub static CHECK: Check = Check {
    id: "windowsHostProcess",
    level: Level::Baseline,
    versions: &[
        Variant { since: 0, check: v1_0, overrides: &[] },
    ],
    help: "remove `windowsOptions.hostProcess` (or set it to `false`)",
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    report(&RULE, &CHECK, context, findings);
}

fn v1_0(context: &PodContext<'_>) -> Option<Violation> {
    let host_process = |security: Option<&crate::k8s::model::WindowsSecurityContextOptions>| {
        security.and_then(|w| w.host_process) == Some(true)
    };
    let mut setters = Setters::default();
    setters.containers(
        context,
        &["securityContext", "windowsOptions", "hostProcess"],
        |container| {
            host_process(container.security_context.as_ref()?.windows_options.as_ref()).then_some(())
        },
        |()| {},
    );
    let pod = context.pod.spec.security_context.as_ref();
    if host_process(pod.and_then(|s| s.windows_options.as_ref())) {
        setters.pod(FieldPath::root().children(&["spec", "securityContext", "windowsOptions", "hostProcess"]));
    }
    if setters.is_empty() {
        return None;
    }
    let detail = format!(
        "{} must not set securityContext.windowsOptions.hostProcess=true",
        setters.joined()
    );
    Violation::at_places("hostProcess", detail, setters.places)
}
