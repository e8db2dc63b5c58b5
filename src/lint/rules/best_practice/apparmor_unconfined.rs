//! PL408 `apparmor-unconfined`: a container whose AppArmor profile is `Unconfined`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::security_context::{ContainerSecurity, is_windows};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// The annotation prefix of the AppArmor profile before `appArmorProfile` (1.30).
const ANNOTATION_PREFIX: &str = "container.apparmor.security.beta.kubernetes.io/";

/// A container whose AppArmor profile is `Unconfined`.
pub static RULE: Rule = Rule {
    id: "PL408",
    name: "apparmor-unconfined",
    severity: Severity::Warning,
    summary: "a container runs without AppArmor (`Unconfined`)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports every container, of any kind (init, native sidecar, app, ephemeral, defer), whose effective `appArmorProfile.type` (the container's, else the pod's) is `Unconfined`, and each `container.apparmor.security.beta.kubernetes.io/<container>: unconfined` annotation. A pod-level profile is reported once, at the pod. An unset profile is not reported: on a node with AppArmor the runtime's default profile applies. Off by default, in the `best-practice` group; pods for Windows are not checked.

## Why
AppArmor's runtime default profile denies writes to `/proc` and `/sys` and mounts, which stop many container escapes. `Unconfined` removes it.

## Example
```yaml
containers:
- name: app
  image: example/app:1.4
  securityContext:
    appArmorProfile:
      type: Unconfined
```

## How to fix
Remove the `Unconfined` profile (the runtime default then applies), or write a `Localhost` profile that allows what the program needs.

## Peer checks
Polaris `linuxHardening` (in part).

## Kubernetes reference
Pod Security Standards, Baseline profile ("AppArmor"); Kubernetes docs "Restrict a Container's Access to Resources with AppArmor".
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if is_windows(context.pod) {
        return;
    }
    let mut pod_reported = false;
    for (list, index, container) in context.all_containers() {
        let security = ContainerSecurity::of(context, list, index, container);
        let Some(profile) = security
            .app_armor_profile()
            .filter(|profile| profile.value.kind.as_deref() == Some("Unconfined"))
        else {
            continue;
        };
        if profile.from_pod {
            if pod_reported {
                continue;
            }
            pod_reported = true;
        }
        let subject = if profile.from_pod {
            "the pod".to_string()
        } else {
            list.describe_container(container, index)
        };
        findings.push(
            RULE.finding(format!("{subject} runs without AppArmor"))
                .at(profile.path.child("type"))
                .label("`Unconfined`")
                .help("remove the profile (the runtime default applies) or use a `Localhost` profile"),
        );
    }
    let annotations = context.pod.metadata.annotations.iter().flatten();
    for (key, value) in annotations {
        let Some(name) = key.strip_prefix(ANNOTATION_PREFIX) else {
            continue;
        };
        if value.trim() != "unconfined" {
            continue;
        }
        findings.push(
            RULE.finding(format!("container `{name}` runs without AppArmor"))
                .at(FieldPath::root()
                    .child("metadata")
                    .child("annotations")
                    .key(key))
                .label("`unconfined`")
                .help("remove the annotation (the runtime default applies)"),
        );
    }
}
