//! PL207 `legacy-init-containers-annotation`: init containers in the deprecated alpha/beta annotation.

use crate::finding::{Applicability, Finding, PathEdit, Severity};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::source::{NodeKind, parse_stream};
use crate::yaml::writer::to_yaml;

/// init containers in the deprecated alpha/beta annotation.
pub static RULE: Rule = Rule {
    id: "PL207",
    name: "legacy-init-containers-annotation",
    severity: Severity::Warning,
    summary: "init containers in the deprecated `pod.beta.kubernetes.io/init-containers` annotation",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Reports the annotations `pod.beta.kubernetes.io/init-containers` and `pod.alpha.kubernetes.io/init-containers`, and shows the same containers as `spec.initContainers`.

## Why
Before Kubernetes 1.6 init containers were declared as a JSON array in these annotations (docs/semantics.md A1). 1.6 made `spec.initContainers` the field and deprecated the annotations; later releases ignore them, so on a current cluster the containers never run and the app starts without its initialization. podlife still reads them (and validates them, with positions inside the annotation), so the rest of the checks see the intended pod.

## Example
```yaml
metadata:
  annotations:
    pod.beta.kubernetes.io/init-containers: |
      [{"name": "install", "image": "busybox:1.36", "command": ["wget", "-O", "/work-dir/index.html", "http://kubernetes.io"]}]
```

## How to fix
Move the containers to `spec.initContainers` (the help prints them as YAML) and remove the annotation. The status annotations `pod.*.kubernetes.io/init-container-statuses` are written by the kubelet; drop them from manifests too.

## Kubernetes reference
The 2016 init-containers user guide and proposal, whose forms docs/semantics.md P5 describes ("serialized as an annotation … `pod.alpha.kubernetes.io/init-containers`"); the 1.6 release notes moved init containers to `spec.initContainers`.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let Some(legacy) = &context.object.legacy_init else {
        return;
    };
    let key = legacy.key.as_str();
    let text = context
        .pod
        .metadata
        .annotations
        .as_ref()
        .and_then(|annotations| annotations.get(key))
        .map_or("", String::as_str);
    let block = init_containers_block(text);
    let help = match &block {
        Some(block) => {
            let mut indented = String::new();
            for line in block.lines() {
                indented.push_str("\n  ");
                indented.push_str(line);
            }
            format!(
                "move the containers to `spec.initContainers` and remove the annotation:\nspec:{indented}"
            )
        }
        None => {
            "move the containers to `spec.initContainers` and remove the annotation".to_string()
        }
    };
    let mut finding = RULE
        .finding(format!(
            "init containers are declared in the deprecated annotation `{key}`"
        ))
        .at(context.pod_path("metadata.annotations").key(key))
        .on_key()
        .label("deprecated since Kubernetes 1.6")
        .help(help)
        .note("current Kubernetes ignores this annotation: the containers would never run");
    // The fix moves them: unsafe, since they start running once in the spec.
    if !legacy.conflicts_with_spec
        && let Some(block) = block
    {
        finding = finding.fixed_elsewhere(
            Applicability::Unsafe,
            vec![
                PathEdit::DeleteEntry(context.pod_path("metadata.annotations").key(key)),
                PathEdit::InsertFirst(context.pod_path("spec"), block),
            ],
        );
    }
    findings.push(finding);
}

/// `initContainers:` and the annotation's containers as block YAML, unindented, if its text is
/// a list.
fn init_containers_block(text: &str) -> Option<String> {
    let documents = parse_stream(text);
    let document = documents.first()?;
    if !document.problems.is_empty() {
        return None;
    }
    let root = document.root.as_ref()?;
    match root.kind() {
        NodeKind::Sequence(items) if !items.is_empty() => {
            Some(format!("initContainers:\n{}", to_yaml(root, 0)))
        }
        _ => None,
    }
}

