//! PL108 `invalid-probe-handler`: a probe does not have exactly one valid handler.

use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::validated_probes;
use crate::lint::rules::api_validation::helpers::handler_checks::{Handler, handler_problems};
use crate::lint::rules::{Origin, PodContext, Rule};

/// a probe does not have exactly one valid handler.
pub static RULE: Rule = Rule {
    id: "PL108",
    name: "invalid-probe-handler",
    severity: Severity::Error,
    summary: "a probe does not have exactly one valid handler",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks the handler of every liveness, readiness and startup probe Kubernetes validates (app containers, sidecars, and the liveness probe of a defer container): exactly one of `exec`, `httpGet`, `tcpSocket` or `grpc`, and that handler complete: `exec.command` not empty; `httpGet` with a `path`, a port (1-65535 or a port name) and scheme `HTTP` or `HTTPS`, header names of letters, digits and `-`; `tcpSocket` and `grpc` with a valid port.

## Why
The API server rejects the pod (`spec.containers[0].livenessProbe: Required value: must specify a handler type`, `…httpGet.port: Invalid value: 0: must be between 1 and 65535, inclusive`). A probe without a usable handler cannot run.

## Example
```yaml
livenessProbe:
  httpGet:
    path: /healthz      # no port
  tcpSocket:            # and a second handler
    port: 8080
```

## How to fix
Keep exactly one handler and complete it, e.g. `httpGet: {path: /healthz, port: 8080}`. A named port must match a `ports[].name` of the container.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateHandler`, `validateExecAction`, `validateHTTPGetAction`, `ValidatePortNumOrName` (`FieldValueRequired`, `FieldValueForbidden`, `FieldValueInvalid`, `FieldValueNotSupported`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    for found in validated_probes(context) {
        let probe = found.probe;
        let subject = found.subject();
        let problems = handler_problems(
            &Handler::of_probe(probe),
            &|| found.path(context),
            &subject,
            "`exec`, `httpGet`, `tcpSocket` or `grpc`",
            None,
        );
        findings.extend(problems.into_iter().map(|p| p.into_finding(&RULE)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{all_k8s_errors, k8s_errors};

    fn pod(probe: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - name: live-123\n    image: image\n    livenessProbe:\n{probe}"
        )
    }

    // TestValidateContainers "invalid liveness probe, no tcp socket port." / "no action.";
    // Test_validateProbe's empty probe.
    #[test]
    fn k7_handler_required_and_complete() {
        assert_eq!(
            k8s_errors(
                &RULE,
                &pod("      tcpSocket: {}\n      successThreshold: 1\n"),
                true
            ),
            [(
                "spec.containers[0].livenessProbe.tcpSocket.port".to_string(),
                "FieldValueInvalid"
            )]
        );
        assert_eq!(
            k8s_errors(&RULE, &pod("      successThreshold: 1\n"), true),
            [(
                "spec.containers[0].livenessProbe".to_string(),
                "FieldValueRequired"
            )]
        );
    }

    // TestValidateHandler: success and error rows.
    #[test]
    fn k7_validate_handler_table() {
        let good = [
            "exec: {command: [echo]}",
            "httpGet: {path: /, port: 1, host: \"\", scheme: HTTP}",
            "httpGet: {path: /foo, port: 65535, host: host, scheme: HTTP}",
            "httpGet: {path: /, port: port, host: \"\", scheme: HTTP}",
            "httpGet: {path: /, port: port, scheme: HTTP, httpHeaders: [{name: Host, value: foo.example.com}]}",
            "httpGet: {path: /, port: port, scheme: HTTP, httpHeaders: [{name: X-Forwarded-For, value: 1.2.3.4}, {name: X-Forwarded-For, value: 5.6.7.8}]}",
        ];
        for handler in good {
            let text = pod(&format!("      {handler}\n      successThreshold: 1\n"));
            assert!(k8s_errors(&RULE, &text, true).is_empty(), "{handler}");
        }
        let bad = [
            "tcpSocket: null\n      exec: null",
            "exec: {command: []}",
            "httpGet: {path: \"\", port: 0, host: \"\"}",
            "httpGet: {path: /foo, port: 65536, host: host}",
            "httpGet: {path: \"\", port: \"\", host: \"\"}",
            "httpGet: {path: /, port: port, scheme: HTTP, httpHeaders: [{name: \"Host:\", value: foo.example.com}]}",
            "httpGet: {path: /, port: port, scheme: HTTP, httpHeaders: [{name: X_Forwarded_For, value: foo.example.com}]}",
        ];
        for handler in bad {
            let text = pod(&format!("      {handler}\n      successThreshold: 1\n"));
            assert!(!k8s_errors(&RULE, &text, true).is_empty(), "{handler}");
        }
    }

    #[test]
    fn k7_one_handler_only() {
        let text = pod("      exec: {command: [true]}\n      tcpSocket: {port: 80}\n");
        assert_eq!(
            k8s_errors(&RULE, &text, false),
            [(
                "spec.containers[0].livenessProbe.tcpSocket".to_string(),
                "FieldValueForbidden"
            )]
        );
    }

    // K7.5: an unset httpGet scheme (and path) is an error only without defaulting.
    #[test]
    fn k7_5_http_get_defaults() {
        let text = pod("      httpGet: {port: 8080}\n");
        assert!(k8s_errors(&RULE, &text, false).is_empty());
        let mut found = k8s_errors(&RULE, &text, true);
        found.sort();
        assert_eq!(
            found,
            [
                (
                    "spec.containers[0].livenessProbe.httpGet.path".to_string(),
                    "FieldValueRequired"
                ),
                (
                    "spec.containers[0].livenessProbe.httpGet.scheme".to_string(),
                    "FieldValueNotSupported"
                ),
            ]
        );
    }

    #[test]
    fn grpc_port_checked() {
        let text = pod("      grpc: {port: 70000}\n");
        assert_eq!(
            all_k8s_errors(&text, false),
            [(
                "spec.containers[0].livenessProbe.grpc.port".to_string(),
                "FieldValueInvalid"
            )]
        );
    }
}
