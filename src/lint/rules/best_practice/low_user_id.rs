//! PL403 `low-user-id`: a container that runs as a user (or group) ID below `bestPractice.minUserId`.

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::security_context::{ContainerSecurity, is_windows};
use crate::lint::rules::{Origin, PodContext, Rule};

/// A container whose `runAsUser` (or `runAsGroup`) is below `bestPractice.minUserId`.
pub static RULE: Rule = Rule {
    id: "PL403",
    name: "low-user-id",
    severity: Severity::Warning,
    summary: "a container runs as a user or group ID below `bestPractice.minUserId` (10000)",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports every container, of any kind, whose effective `runAsUser` (the container's, else the pod's `securityContext`) is missing or below `bestPractice.minUserId` (10000 unless configured), and whose effective `runAsGroup`, when set, is below it. An option of the `best-practice` group: it runs only when named (`--extend-select low-user-id`), not with `--select best-practice`. Pods for Windows are not checked.

## Why
User IDs are shared with the host unless the pod uses a user namespace (`hostUsers: false`). A container that runs as a low ID (1000, the first user of many distributions) acts as that host user if it escapes, and can read what that user owns. IDs above 10000 belong to no usual host account. Without `runAsUser` the image's `USER` decides, which the manifest does not show.

## Example
```yaml
securityContext:
  runAsUser: 1000
containers:
- name: app
  image: example/app:1.4
```

## How to fix
Set `runAsUser` (and `runAsGroup`) to an ID of 10000 or more, in the pod's `securityContext` for every container or in the container's, and build the image so that user can read its files. Or run the pod in a user namespace (`hostUsers: false`) and name this rule in `ignore`. A team with another floor sets `bestPractice: {minUserId: N}` in `.podlife.yaml`.

## Peer checks
kube-score `container-security-context-user-group-id` (kube-score also requires `runAsGroup`; podlife judges it only when set).

## Kubernetes reference
`SecurityContext.runAsUser`, `runAsGroup` and `PodSecurityContext` in the Pod API reference; Kubernetes docs "User Namespaces".
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if is_windows(context.pod) || context.pod.spec.host_users == Some(false) {
        return;
    }
    let min = context.best_practice.min_user_id;
    // A low ID in the pod's `securityContext` is reported once, however many containers use it.
    let (mut pod_user_reported, mut pod_group_reported) = (false, false);
    for (list, index, container) in context.all_containers() {
        let security = ContainerSecurity::of(context, list, index, container);
        // Described only for a finding.
        let who = || list.describe_container(container, index);
        let user = security.run_as_user();
        if user.is_none() {
            findings.push(
                RULE.finding(format!("{} sets no `runAsUser`: the image decides its user", who()))
                    .at(security.container_field("runAsUser"))
                    .pointing_at(security.name_path())
                    .label("no `runAsUser` here or in the pod's `securityContext`")
                    .help(format!("set `runAsUser` to {min} or more")),
            );
        }
        let settings = [
            ("user", user, &mut pod_user_reported),
            ("group", security.run_as_group(), &mut pod_group_reported),
        ];
        for (what, setting, pod_reported) in settings {
            let Some(setting) = setting.filter(|setting| setting.value < min) else {
                continue;
            };
            let subject = if setting.from_pod {
                if *pod_reported {
                    continue;
                }
                *pod_reported = true;
                "the pod".to_string()
            } else {
                who()
            };
            findings.push(
                RULE.finding(format!(
                    "{subject} runs as {what} ID {}, below {min}",
                    setting.value
                ))
                .at(setting.path)
                .label(format!("a low {what} ID"))
                .help(format!(
                    "use a {what} ID of {min} or more (`bestPractice.minUserId` sets the floor)"
                )),
            );
        }
    }
}
