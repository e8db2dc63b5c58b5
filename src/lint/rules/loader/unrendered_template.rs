//! PL013 `unrendered-template`: an input is a template (`{{ … }}`), not a manifest.

use crate::finding::Severity;
use crate::lint::rules::Rule;

/// an input is a Helm or Go template, not a rendered manifest.
pub static RULE: Rule = Rule {
    id: "PL013",
    name: "unrendered-template",
    severity: Severity::Error,
    summary: "an input is a template (`{{ … }}`), not a rendered manifest",
    origin: crate::lint::rules::Origin::Loader,
    docs: r#"## What it does
Reports, once, an input that holds Go template actions (`{{ … }}`, as in Helm charts) where YAML structure or a plain value goes, at the first one; nothing else in that input is checked.

The YAML parser decides: an input that parses, with no mapping used as a key (what `{{ x }}` in a structural place reads as), holds its actions only inside strings (Argo's `"{{inputs.parameters.x}}"`, in quoted, folded or literal text), so it is a manifest and is checked as one. Only text that does not parse is searched line by line for the action to point at.

## Why
A template is not what the API server receives: its values, and often its YAML structure, only exist once it is rendered. Checking it as a manifest gives confusing errors about text such as `{{ .Values.image }}`, or none where the rendered pod is wrong.

## Example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: {{ .Release.Name }}
```

## How to fix
Render it and check the output: `helm template my-release ./chart | podlife validate -`. A Helm chart's own `templates/` (the directory beside its `Chart.yaml`) is never read as manifests, walked or named: podlife passes over it with a note, so this fires on templates elsewhere (a chart missing its `Chart.yaml`, a template piped in, another tool's templates); `--exclude` leaves those out of a walk.

## Kubernetes reference
`kubectl apply -f` on a template fails on the YAML or sends literal `{{ … }}` text; Helm renders templates before they reach the API server.
"#,
};
