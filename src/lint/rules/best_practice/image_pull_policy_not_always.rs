//! PL442 `image-pull-policy-not-always`: a container's image pull policy is not `Always` (best practice).

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::describe;
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};

/// a container's image pull policy is not `Always`.
pub static RULE: Rule = Rule {
    id: "PL442",
    name: "image-pull-policy-not-always",
    severity: Severity::Warning,
    summary: "a container's `imagePullPolicy` (as written or defaulted) is not `Always`",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports every container of every kind (init, sidecar, app, ephemeral, defer) whose `imagePullPolicy`, after API defaults, is not `Always`: written as `IfNotPresent` or `Never`, or left out on an image with a version tag or digest (the API server then writes `IfNotPresent`). The label says whether the policy was written or defaulted. A value that is none of `Always`, `IfNotPresent` and `Never` (`ifnotpresent`) is not reported here: the API server rejects it, and PL102 says so.

Off by default, like every best-practice rule (PL4xx): enable it with `--select PL442` or the whole group. PL311 (on by default) reports the case that is a defect whatever the policy: a moving tag with `IfNotPresent`.

## Why
With `Always` the kubelet asks the registry on every container start, so the pod's `imagePullSecrets` are checked each time: a pod without the right credentials cannot start a private image that another pod left on the node. With a version tag that was re-pushed, `Always` also picks up the new image on restart. The cost is a registry round-trip per start (cheap: layers already present are not fetched again), and a registry outage then blocks restarts.

## Example
```yaml
containers:
- name: app
  image: registry.example.com/team/app:1.4
  imagePullPolicy: IfNotPresent
```

## How to fix
Set `imagePullPolicy: Always`, or accept the policy knowingly (a registry outage must not stop restarts) and leave this rule off.

## Peer checks
kube-score `container-image-pull-policy`, Polaris `pullPolicyNotAlways`.

## Kubernetes reference
Kubernetes docs "Images" (image pull policy, defaulting); `pkg/apis/core/v1/defaults.go` `SetDefaults_Container`.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        let original = &context.object.pod;
        let as_written = match list {
            ContainerList::Init => original.init_containers(),
            ContainerList::App => original.containers(),
            ContainerList::Ephemeral => original.ephemeral_containers(),
            ContainerList::Defer => original.defer_containers(),
        };
        let written = as_written
            .get(index)
            .and_then(|original| original.image_pull_policy.as_deref())
            .is_some_and(|policy| !policy.is_empty());
        let Some(policy) = container.image_pull_policy.as_deref() else {
            continue;
        };
        // `Always` is what it asks for; a value that is none of the three is PL102's error.
        if !matches!(policy, "IfNotPresent" | "Never")
            || container.image.as_deref().is_none_or(|image| image.trim().is_empty())
        {
            continue;
        }
        let finding = RULE.finding(
            describe(list, index, container) + " pulls its image with `" + policy + "`, not `Always`",
        );
        findings.push(if written {
            finding.at(context.container_field_path(list, index, &["imagePullPolicy"])).label("credentials are not checked on every start")
        } else {
            finding
                .at(context.container_field_path(list, index, &["imagePullPolicy"]))
                .pointing_at(context.container_field_path(list, index, &["image"]))
                .label(format!("`imagePullPolicy` defaults to `{policy}` for this image"))
        }
        .help("set `imagePullPolicy: Always`"));
    }
}
