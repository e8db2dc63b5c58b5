//! PL450 `duplicate-env-var`: a container sets the same environment variable twice (best practice).

use std::collections::HashMap;

use crate::finding::{Finding, Severity};
use crate::lint::rules::best_practice::helpers::settings::describe;
use crate::lint::rules::{Origin, PodContext, Rule};

/// a container sets the same environment variable twice.
pub static RULE: Rule = Rule {
    id: "PL450",
    name: "duplicate-env-var",
    severity: Severity::Warning,
    summary: "a container's `env` names the same variable twice; the last one wins",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports, in every container of every kind, each `env` entry whose `name` an earlier entry of the same container already used. The finding is on the later entry, the one that takes effect.

Off by default, like every best-practice rule (PL4xx): enable it with `--select PL450` or the whole group.

## Why
The API server accepts the list (since 1.30 it answers with a warning) and the kubelet keeps the last value, so the first entry is dead text that a reader takes for the container's setting. Such duplicates come from merged patches and Helm values, and hide which value is real.

## Example
```yaml
env:
- {name: LOG_LEVEL, value: info}
- {name: LOG_LEVEL, value: debug}   # this one wins
```

## How to fix
Remove the entry that should not apply, keeping one per name.

## Peer checks
kube-linter `duplicate-env-var`, kube-score `environment-variable-key-duplication`.

## Kubernetes reference
`pkg/kubelet/kubelet_pods.go` `makeEnvironmentVariables` (later entries replace earlier ones); `pkg/api/pod/warnings.go` (duplicate env warning).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for (list, index, container) in context.all_containers() {
        let mut first: HashMap<&str, usize> = HashMap::new();
        for (position, variable) in container.env.iter().flatten().enumerate() {
            let Some(name) = variable.name.as_deref().filter(|name| !name.is_empty()) else {
                continue;
            };
            let Some(earlier) = first.get(name).copied() else {
                first.insert(name, position);
                continue;
            };
            let env = context.container_path(list, index).child("env");
            findings.push(
                RULE.finding(format!(
                    "{} sets `{name}` twice; this entry replaces `env[{earlier}]`",
                    describe(list, index, container)
                ))
                .at(env.index(position).child("name"))
                .label("the value that takes effect")
                .help(format!("remove one of the two `{name}` entries")),
            );
        }
    }
}
