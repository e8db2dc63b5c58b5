//! PL138 `invalid-env-var-source`: an `env[].valueFrom` the API server rejects.

use crate::k8s::model::{EnvVar, KeySelector};
use crate::lint::rules::api_validation::helpers::downward_api::{Consumer, field_ref_problems, resource_field_problems};
use crate::k8s::names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type, required_field as required};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// an `env[].valueFrom` the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL138",
    name: "invalid-env-var-source",
    severity: Severity::Error,
    summary: "an `env[].valueFrom` the API server rejects",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks each `env[].valueFrom` as the API server does: exactly one source (`fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef`, or `fileKeyRef` with `EnvFiles`), and no `value` beside it; a `fieldRef` with `apiVersion: v1` (defaulted) and a `fieldPath` the downward API offers to env vars (`metadata.name`, `metadata.namespace`, `metadata.uid`, `metadata.labels['…']`, `metadata.annotations['…']` with a valid key, `spec.nodeName`, `spec.serviceAccountName`, `status.hostIP(s)`, `status.podIP(s)`); a `resourceFieldRef` naming `limits.`/`requests.` `cpu`, `memory`, `ephemeral-storage` or `hugepages-*`, with a divisor that resource supports; a `configMapKeyRef`/`secretKeyRef` with a valid object name and key; a `fileKeyRef` with a key, an emptyDir volume of the pod and a path without `..`.

## Why
The API server rejects the pod (`spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Unsupported value: "status.phase"`). Most of these are copy-paste slips: a volume's downward-API path used in env, `value` left beside `valueFrom`, a ConfigMap name with capitals.

## Example
```yaml
env:
- name: PHASE
  valueFrom:
    fieldRef: {fieldPath: status.phase}
```

## How to fix
Use one source per variable, a `fieldPath` from the list above (mount a downwardAPI volume for the rest), and lowercase DNS names for ConfigMaps and Secrets.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateEnvVarValueFrom`, `validateObjectFieldSelector`, `validateContainerResourceFieldSelector`, `validateContainerResourceDivisor`, `validateConfigMapKeySelector`, `validateSecretKeySelector`, `validateFileKeySelector`, `validateFileKeyRefVolumes`; `pkg/apis/core/pods/helpers.go` `ConvertDownwardAPIFieldLabel`.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let env_files = context
        .gates
        .enabled(crate::k8s::cluster::Gate::EnvFiles);
    for (list, index, container) in context.all_containers() {
        let who = Who::new(list, container, index);
        for (env_index, variable) in container.env.iter().flatten().enumerate() {
            if variable.value_from.is_none() {
                continue;
            }
            let at = context
                .container_path(list, index)
                .child("env")
                .index(env_index)
                .child("valueFrom");
            let mut problems = Vec::new();
            value_from_problems(variable, &at, env_files, &who, &mut problems);
            if let Some(file) = variable.value_from.as_ref().and_then(|s| s.file_key_ref.as_ref()) {
                let volume = file.volume_name.as_deref().unwrap_or("");
                let source = context
                    .pod
                    .spec
                    .volumes
                    .iter()
                    .flatten()
                    .find(|v| v.name.as_deref() == Some(volume));
                let path = at.child("fileKeyRef").child("volumeName");
                match source {
                    None => problems.push(Problem::new(
                        path,
                        k8s_type::NOT_FOUND,
                        Some(volume.to_string()),
                        format!("`fileKeyRef` of {who} names volume `{volume}`, which the pod does not have"),
                        "no such volume",
                        "add an `emptyDir` volume of that name to `spec.volumes`",
                    )),
                    Some(v) if !v.is_empty_dir() => problems.push(Problem::new(
                        path,
                        k8s_type::INVALID,
                        Some(volume.to_string()),
                        format!("`fileKeyRef` of {who} reads volume `{volume}`, which is not an emptyDir"),
                        "referenced volume must be of type emptyDir",
                        "point it at an `emptyDir` volume an init container writes the file into",
                    )),
                    Some(_) => {}
                }
            }
            findings.extend(problems.into_iter().map(|p| p.into_finding(&RULE)));
        }
    }
}

/// `validateEnvVarValueFrom`: each source's own errors, then the one-of rule.
fn value_from_problems(
    variable: &EnvVar,
    at: &FieldPath,
    env_files: bool,
    who: &Who<'_>,
    problems: &mut Vec<Problem>,
) {
    let Some(source) = &variable.value_from else {
        return;
    };
    let name = variable.name.as_deref().unwrap_or("");
    let mut sources = 0;
    if let Some(field_ref) = &source.field_ref {
        sources += 1;
        field_ref_problems(field_ref, &at.child("fieldRef"), name, Consumer::Env, problems);
    }
    if let Some(resource) = &source.resource_field_ref {
        sources += 1;
        resource_field_problems(resource, &at.child("resourceFieldRef"), name, Consumer::Env, problems);
    }
    for (field, selector) in [
        ("configMapKeyRef", &source.config_map_key_ref),
        ("secretKeyRef", &source.secret_key_ref),
    ] {
        if let Some(selector) = selector {
            sources += 1;
            key_selector_problems(selector, &at.child(field), field, problems);
        }
    }
    if let Some(file) = &source.file_key_ref {
        sources += 1;
        let at = at.child("fileKeyRef");
        match file.key.as_deref().unwrap_or("") {
            "" => problems.push(required(at.child("key"), format!("`fileKeyRef` of `{name}` has no `key`"))),
            key => problems.extend(names::env_var_name(key).into_iter().map(|reason| {
                invalid(at.child("key"), key, format!("`fileKeyRef` key `{key}` of `{name}` is not a valid variable name"), &reason)
            })),
        }
        match file.volume_name.as_deref().unwrap_or("") {
            "" => problems.push(required(at.child("volumeName"), format!("`fileKeyRef` of `{name}` has no `volumeName`"))),
            volume => problems.extend(names::dns1123_label(volume).into_iter().map(|reason| {
                invalid(at.child("volumeName"), volume, format!("`fileKeyRef` of `{name}` names volume `{volume}`"), &reason)
            })),
        }
        match file.path.as_deref().unwrap_or("") {
            "" => problems.push(required(at.child("path"), format!("`fileKeyRef` of `{name}` has no `path`"))),
            path if names::has_backsteps(path) => problems.push(invalid(
                at.child("path"),
                path,
                format!("`fileKeyRef` path `{path}` of `{name}` climbs out of the volume"),
                "must not contain '..'",
            )),
            _ => {}
        }
    }
    let one_of = if env_files {
        "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`"
    } else {
        "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`"
    };
    let (message, label, help) = if sources == 0 {
        (format!("`valueFrom` of `{name}` in {who} names no source"), one_of, "add one source, or use `value:`")
    } else if variable.value.as_deref().is_some_and(|v| !v.is_empty()) {
        (
            format!("`{name}` of {who} has both `value` and `valueFrom`"),
            "may not be specified when `value` is not empty",
            "keep one: `value` for a literal, `valueFrom` to read it from elsewhere",
        )
    } else if sources > 1 {
        (
            format!("`valueFrom` of `{name}` in {who} names {sources} sources"),
            "may not have more than one field specified at a time",
            "keep one source per variable; add another variable for the other",
        )
    } else {
        return;
    };
    problems.push(Problem::new(at.clone(), k8s_type::INVALID, Some(String::new()), message, label, help).on_key());
}


fn invalid(path: FieldPath, value: &str, message: String, reason: &str) -> Problem {
    Problem::new(path, k8s_type::INVALID, Some(value.to_string()), message, reason, format!("fix the value: it {reason}"))
}

/// `validateConfigMapKeySelector` / `validateSecretKeySelector`: the name is not required but
/// must be a DNS subdomain; the key is required and a valid config key.
fn key_selector_problems(selector: &KeySelector, at: &FieldPath, field: &str, problems: &mut Vec<Problem>) {
    let object = selector.name.as_deref().unwrap_or("");
    for reason in names::dns1123_subdomain(object) {
        problems.push(invalid(at.child("name"), object, format!("`{field}` names `{object}`, not a valid object name"), &reason));
    }
    match selector.key.as_deref().unwrap_or("") {
        "" => problems.push(required(at.child("key"), format!("`{field}` has no `key`"))),
        key => {
            for reason in names::config_map_key(key) {
                problems.push(invalid(at.child("key"), key, format!("`{field}` key `{key}` is not a valid key"), &reason));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{all_findings_in, gates};

    /// A pod whose one container has `env` (YAML list items, indented for the container).
    fn pod(env: &str) -> String {
        let items: String = env.lines().fold(String::new(), |mut text, line| {
            text.push_str("    ");
            text.push_str(line);
            text.push('\n');
            text
        });
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - name: c\n    image: image\n    env:\n{items}"
        )
    }

    /// `(path, k8sType)` of the env findings (PL116 names, PL138 sources) without defaulting, as
    /// `ValidateEnv` is called in the tests; `field` stands for `spec.containers[0].env`.
    fn env_errors(env: &str, minor: u8) -> Vec<(String, &'static str)> {
        let mut errors: Vec<(String, &'static str)> = all_findings_in(&pod(env), true, gates(minor, ""))
            .into_iter()
            .filter(|f| matches!(f.rule.code, "PL116" | "PL138"))
            .filter_map(|f| Some((f.path.as_ref()?.to_string(), f.k8s_type()?)))
            .map(|(path, kind)| (path.replace("spec.containers[0].env", "field"), kind))
            .collect();
        errors.sort();
        errors
    }

    const SUCCESS: &str = r#"- {name: abc, value: value}
- {name: ABC, value: value}
- {name: AbC_123, value: value}
- {name: abc, value: ""}
- {name: a.b.c, value: value}
- {name: a-b-c, value: value}
- name: abc
  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: "metadata.annotations['key']"}}
- name: abc
  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: "metadata.labels['key']"}}
- name: abc
  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: metadata.name}}
- name: abc
  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: metadata.namespace}}
- name: abc
  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: metadata.uid}}
- name: abc
  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: spec.nodeName}}
- name: abc
  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: spec.serviceAccountName}}
- name: abc
  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: status.hostIP}}
- name: abc
  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: status.podIP}}
- name: abc
  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: status.podIPs}}
- name: secret_value
  valueFrom: {secretKeyRef: {name: some-secret, key: secret-key}}
- name: ENV_VAR_1
  valueFrom: {configMapKeyRef: {name: some-config-map, key: some-key}}
"#;

    // TestValidateEnv successCase (strict names: 1.31) and TestRelaxedValidateEnv (1.33).
    #[test]
    fn k7_test_validate_env_success() {
        assert_eq!(env_errors(SUCCESS, 31), []);
        assert_eq!(env_errors(SUCCESS, 33), []);
    }

    // TestValidateEnv errorCases 2–17 (the value-source rows; row 1 is PL116's), on a strict
    // (1.31) and a relaxed (1.33) release: TestRelaxedValidateEnv repeats them.
    #[test]
    fn k7_test_validate_env_value_from_errors() {
        type Row<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)]);
        let rows: [Row<'_>; 16] = [
            ("value and valueFrom specified", "- name: abc\n  value: foo\n  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: metadata.name}}", &[("field[0].valueFrom", "FieldValueInvalid")]),
            ("valueFrom without a source", "- name: abc\n  valueFrom: {}", &[("field[0].valueFrom", "FieldValueInvalid")]),
            ("valueFrom.fieldRef and valueFrom.secretKeyRef specified", "- name: abc\n  valueFrom:\n    fieldRef: {apiVersion: v1, fieldPath: metadata.name}\n    secretKeyRef: {name: a-secret, key: a-key}", &[("field[0].valueFrom", "FieldValueInvalid")]),
            ("valueFrom.fieldRef and valueFrom.configMapKeyRef set", "- name: some_var_name\n  valueFrom:\n    fieldRef: {apiVersion: v1, fieldPath: metadata.name}\n    configMapKeyRef: {name: some-config-map, key: some-key}", &[("field[0].valueFrom", "FieldValueInvalid")]),
            ("three sources", "- name: abc\n  valueFrom:\n    fieldRef: {apiVersion: v1, fieldPath: metadata.name}\n    secretKeyRef: {name: a-secret, key: a-key}\n    configMapKeyRef: {name: some-config-map, key: some-key}", &[("field[0].valueFrom", "FieldValueInvalid")]),
            ("valueFrom.secretKeyRef.name invalid", "- name: abc\n  valueFrom: {secretKeyRef: {name: \"$%^&*#\", key: a-key}}", &[("field[0].valueFrom.secretKeyRef.name", "FieldValueInvalid")]),
            ("valueFrom.configMapKeyRef.name invalid", "- name: abc\n  valueFrom: {configMapKeyRef: {name: \"$%^&*#\", key: some-key}}", &[("field[0].valueFrom.configMapKeyRef.name", "FieldValueInvalid")]),
            ("missing FieldPath on ObjectFieldSelector", "- name: abc\n  valueFrom: {fieldRef: {apiVersion: v1}}", &[("field[0].valueFrom.fieldRef.fieldPath", "FieldValueRequired")]),
            ("missing APIVersion on ObjectFieldSelector", "- name: abc\n  valueFrom: {fieldRef: {fieldPath: metadata.name}}", &[("field[0].valueFrom.fieldRef.apiVersion", "FieldValueRequired")]),
            ("invalid fieldPath", "- name: abc\n  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: metadata.whoops}}", &[("field[0].valueFrom.fieldRef.fieldPath", "FieldValueInvalid")]),
            ("metadata.name with subscript", "- name: labels\n  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: \"metadata.name['key']\"}}", &[("field[0].valueFrom.fieldRef.fieldPath", "FieldValueInvalid")]),
            ("metadata.labels without subscript", "- name: labels\n  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: metadata.labels}}", &[("field[0].valueFrom.fieldRef.fieldPath", "FieldValueNotSupported")]),
            ("metadata.annotations without subscript", "- name: abc\n  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: metadata.annotations}}", &[("field[0].valueFrom.fieldRef.fieldPath", "FieldValueNotSupported")]),
            ("metadata.annotations with invalid key", "- name: abc\n  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: \"metadata.annotations['invalid~key']\"}}", &[("field[0].valueFrom.fieldRef", "FieldValueInvalid")]),
            ("metadata.labels with invalid key", "- name: abc\n  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: \"metadata.labels['Www.k8s.io/test']\"}}", &[("field[0].valueFrom.fieldRef", "FieldValueInvalid")]),
            ("unsupported fieldPath", "- name: abc\n  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: status.phase}}", &[("field[0].valueFrom.fieldRef.fieldPath", "FieldValueNotSupported")]),
        ];
        for (title, env, expected) in rows {
            let want: Vec<(String, &str)> = expected.iter().map(|(p, t)| ((*p).to_string(), *t)).collect();
            for minor in [31, 33] {
                assert_eq!(env_errors(env, minor), want, "{title} (1.{minor})");
            }
        }
    }

    // The API server defaults `fieldRef.apiVersion` to v1 (SetDefaults_ObjectFieldSelector), so
    // the unit tests' "missing APIVersion" cannot reach it; a `spec.host` field path converts
    // to `spec.nodeName`; annotation keys are lower-cased first.
    #[test]
    fn k7_defaulting_and_conversion() {
        let text = pod("- name: abc\n  valueFrom: {fieldRef: {fieldPath: metadata.name}}");
        assert!(all_findings_in(&text, false, gates(37, "")).iter().all(|f| f.rule.code != "PL138"));
        assert_eq!(env_errors("- name: abc\n  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: spec.host}}", 37), []);
        assert_eq!(env_errors("- name: abc\n  valueFrom: {fieldRef: {apiVersion: v1, fieldPath: \"metadata.annotations['Www.k8s.io/test']\"}}", 37), []);
        assert_eq!(env_errors("- name: abc\n  valueFrom: {fieldRef: {apiVersion: v2, fieldPath: metadata.name}}", 37), [("field[0].valueFrom.fieldRef.fieldPath".to_string(), "FieldValueInvalid")]);
    }

    // validateContainerResourceFieldSelector / validateContainerResourceDivisor.
    #[test]
    fn k7_resource_field_ref() {
        let env = |resource: &str, divisor: &str| format!("- name: r\n  valueFrom: {{resourceFieldRef: {{resource: {resource}{divisor}}}}}");
        for (resource, divisor) in [("limits.cpu", ", divisor: 1m"), ("requests.memory", ", divisor: 1Mi"), ("limits.ephemeral-storage", ""), ("requests.hugepages-2Mi", ", divisor: 1Ki"), ("limits.cpu", ", divisor: 1000m")] {
            assert_eq!(env_errors(&env(resource, divisor), 37), [], "{resource}{divisor}");
        }
        assert_eq!(env_errors(&env("limits.gpu", ""), 37), [("field[0].valueFrom.resourceFieldRef.resource".to_string(), "FieldValueNotSupported")]);
        assert_eq!(env_errors(&env("limits.cpu", ", divisor: 2"), 37), [("field[0].valueFrom.resourceFieldRef.divisor".to_string(), "FieldValueInvalid")]);
        assert_eq!(env_errors(&env("requests.memory", ", divisor: 1m"), 37), [("field[0].valueFrom.resourceFieldRef.divisor".to_string(), "FieldValueInvalid")]);
        assert_eq!(env_errors("- name: r\n  valueFrom: {resourceFieldRef: {containerName: c}}", 37), [("field[0].valueFrom.resourceFieldRef.resource".to_string(), "FieldValueRequired")]);
    }

    // validateFileKeySelector and validateFileKeyRefVolumes (EnvFiles, on from 1.35).
    #[test]
    fn k7_file_key_ref() {
        let with_volume = |env: &str, volume: &str| {
            let mut text = pod(env);
            text.push_str(&format!("  volumes:\n  - {volume}\n"));
            text
        };
        let errors = |text: &str| -> Vec<(String, &'static str)> {
            all_findings_in(text, true, gates(37, ""))
                .into_iter()
                .filter(|f| f.rule.code == "PL138")
                .filter_map(|f| Some((f.path.as_ref()?.to_string().replace("spec.containers[0].env", "field"), f.k8s_type()?)))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect()
        };
        let good = "- name: TOKEN\n  valueFrom: {fileKeyRef: {volumeName: config, path: env/app.env, key: TOKEN}}";
        assert_eq!(errors(&with_volume(good, "{name: config, emptyDir: {}}")), []);
        assert_eq!(errors(&with_volume(good, "{name: config, configMap: {name: x}}")), [("field[0].valueFrom.fileKeyRef.volumeName".to_string(), "FieldValueInvalid")]);
        assert_eq!(errors(&pod(good)), [("field[0].valueFrom.fileKeyRef.volumeName".to_string(), "FieldValueNotFound")]);
        let bad = "- name: TOKEN\n  valueFrom: {fileKeyRef: {volumeName: config, path: ../up, key: \"=x\"}}";
        assert_eq!(
            errors(&with_volume(bad, "{name: config, emptyDir: {}}")),
            [
                ("field[0].valueFrom.fileKeyRef.key".to_string(), "FieldValueInvalid"),
                ("field[0].valueFrom.fileKeyRef.path".to_string(), "FieldValueInvalid"),
            ]
        );
    }
}
