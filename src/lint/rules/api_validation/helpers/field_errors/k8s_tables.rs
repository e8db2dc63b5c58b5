//! Kubernetes' own validation tables, reproduced on whole manifests: each row of
//! `TestValidateContainers`, `TestValidateInitContainers` and `TestValidateEphemeralContainers`
//! (pkg/apis/core/validation/validation_test.go) becomes a pod, validated without defaulting as
//! the unit tests do (K7.5), and the complete list of `(path, k8sType)` podlife reports is compared
//! with the list Kubernetes expects. Rows podlife deliberately answers differently are listed
//! at the end of each table with the reason (docs/api-rules.md, "Deviations").

use super::testing::{all_findings_in, gates};
use crate::k8s::cluster::FeatureGates;

/// The cluster Kubernetes' tables describe: they call the validators with
/// `PodValidationOptions{}` (every option off), which is Kubernetes 1.33 (sidecars GA, no
/// container restart rules) except for the options a row depends on, run on their own release.
fn unit_test_cluster() -> FeatureGates {
    gates(33, "")
}

/// `(path, k8sType)` of every finding, sorted, validated without defaulting in `cluster`.
fn errors_in(text: &str, cluster: FeatureGates) -> Vec<(String, &'static str)> {
    let mut errors: Vec<(String, &'static str)> = all_findings_in(text, true, cluster)
        .into_iter()
        .filter_map(|finding| Some((finding.path.as_ref()?.to_string(), finding.k8s_type()?)))
        .collect();
    errors.sort();
    errors
}

/// A container as the tables write it: name, image, and the two fields defaulting would fill.
fn c(name: &str, extra: &str) -> String {
    format!(
        "  - name: \"{name}\"\n    image: image\n    imagePullPolicy: IfNotPresent\n    terminationMessagePolicy: File\n{extra}"
    )
}

/// A pod with the given container lists, valid apart from them.
fn pod(restart: &str, init: &str, app: &str, ephemeral: &str) -> String {
    let mut text = format!(
        "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  restartPolicy: {restart}\n  terminationGracePeriodSeconds: 30\n  dnsPolicy: ClusterFirst\n"
    );
    if !init.is_empty() {
        text.push_str(&format!("  initContainers:\n{init}"));
    }
    text.push_str(&format!("  containers:\n{app}"));
    if !ephemeral.is_empty() {
        // An existing pod (with a status): ephemeral containers arrive by update.
        text.push_str(&format!(
            "  volumes:\n  - {{name: vol, emptyDir: {{}}}}\n  ephemeralContainers:\n{ephemeral}status:\n  phase: Running\n"
        ));
    }
    text
}

fn expect(text: &str, expected: &[(&str, &str)], title: &str) {
    expect_in(unit_test_cluster(), text, expected, title);
}

fn expect_in(cluster: FeatureGates, text: &str, expected: &[(&str, &str)], title: &str) {
    let mut want: Vec<(String, &str)> = expected
        .iter()
        .map(|(path, k8s)| ((*path).to_string(), *k8s))
        .collect();
    want.sort();
    assert_eq!(
        errors_in(text, cluster),
        want,
        "{title} (Kubernetes {})\n{text}",
        cluster.version()
    );
}

/// A table row: title, the containers' YAML, the errors Kubernetes expects.
type Row = (&'static str, String, Vec<(&'static str, &'static str)>);

const REQ: &str = "FieldValueRequired";
const INV: &str = "FieldValueInvalid";
const DUP: &str = "FieldValueDuplicate";
const NSUP: &str = "FieldValueNotSupported";
const FORB: &str = "FieldValueForbidden";
const NFOUND: &str = "FieldValueNotFound";

#[test]
fn test_validate_containers_success() {
    let containers = [
        c("abc", ""),
        c("123", ""),
        c("abc-123", ""),
        c(
            "life-123",
            "    lifecycle:\n      preStop:\n        exec: {command: [ls, -l]}\n",
        ),
        c(
            "resources-test",
            "    resources:\n      limits: {cpu: \"10\", memory: 10G, my.org/resource: \"10\"}\n",
        ),
        c(
            "resources-test-with-request-and-limit",
            "    resources:\n      requests: {cpu: \"10\", memory: 10G}\n      limits: {cpu: \"10\", memory: 10G}\n",
        ),
        c(
            "resources-request-limit-simple",
            "    resources:\n      requests: {cpu: \"8\"}\n      limits: {cpu: \"10\"}\n",
        ),
        c(
            "resources-request-limit-edge",
            "    resources:\n      requests: {cpu: \"10\", memory: 10G, my.org/resource: \"10\"}\n      limits: {cpu: \"10\", memory: 10G, my.org/resource: \"10\"}\n",
        ),
        c(
            "resources-request-limit-partials",
            "    resources:\n      requests: {cpu: \"9.5\", memory: 10G}\n      limits: {cpu: \"10\", my.org/resource: \"10\"}\n",
        ),
        c(
            "resources-request",
            "    resources:\n      requests: {cpu: \"9.5\", memory: 10G}\n",
        ),
        c(
            "resources-resize-policy",
            "    resizePolicy:\n    - {resourceName: cpu, restartPolicy: NotRequired}\n    - {resourceName: memory, restartPolicy: RestartContainer}\n",
        ),
        c(
            "same-host-port-different-protocol",
            "    ports:\n    - {containerPort: 80, hostPort: 80, protocol: TCP}\n    - {containerPort: 80, hostPort: 80, protocol: UDP}\n",
        ),
        c("fallback-to-logs-termination-message", "").replace("File", "FallbackToLogsOnError"),
        c("file-termination-message", ""),
        c(
            "env-from-source",
            "    envFrom:\n    - configMapRef: {name: test}\n",
        ),
        c("abc-1234", "    securityContext: {privileged: true}\n"),
        c(
            "live-123",
            "    livenessProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 1\n",
        ),
        c(
            "startup-123",
            "    startupProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 1\n",
        ),
        c(
            "resize-policy-cpu",
            "    resizePolicy: [{resourceName: cpu, restartPolicy: NotRequired}]\n",
        ),
        c(
            "resize-policy-mem",
            "    resizePolicy: [{resourceName: memory, restartPolicy: RestartContainer}]\n",
        ),
        c(
            "resize-policy-cpu-and-mem",
            "    resizePolicy:\n    - {resourceName: memory, restartPolicy: NotRequired}\n    - {resourceName: cpu, restartPolicy: RestartContainer}\n",
        ),
    ];
    expect(
        &pod("Always", "", &containers.concat(), ""),
        &[],
        "successCase",
    );
}

#[test]
fn test_validate_containers_errors() {
    let lifecycle = |handler: &str| format!("    lifecycle:\n      preStop:\n{handler}");
    let negative = |probe: &str| {
        format!(
            "    {probe}:\n      tcpSocket: {{port: 80}}\n      initialDelaySeconds: -1\n      timeoutSeconds: -1\n      periodSeconds: -1\n      successThreshold: -1\n      failureThreshold: -1\n      terminationGracePeriodSeconds: -1\n"
        )
    };
    let restart = |policy: &str| c("foo", &format!("    restartPolicy: {policy}\n"));
    let rows: Vec<Row> = vec![
        (
            "zero-length name",
            c("", ""),
            vec![("spec.containers[0].name", REQ)],
        ),
        (
            "zero-length-image",
            c("abc", "").replace("image: image", "image: \"\""),
            vec![("spec.containers[0].image", REQ)],
        ),
        (
            "name > 63 characters",
            c(&"a".repeat(64), ""),
            vec![("spec.containers[0].name", INV)],
        ),
        (
            "name not a DNS label",
            c("a.b.c", ""),
            vec![("spec.containers[0].name", INV)],
        ),
        (
            "name not unique",
            c("abc", "") + &c("abc", ""),
            vec![("spec.containers[1].name", DUP)],
        ),
        (
            "zero-length image",
            c("abc", "").replace("image: image", "image: \"\""),
            vec![("spec.containers[0].image", REQ)],
        ),
        (
            "host port not unique",
            c(
                "abc",
                "    ports: [{containerPort: 80, hostPort: 80, protocol: TCP}]\n",
            ) + &c(
                "def",
                "    ports: [{containerPort: 81, hostPort: 80, protocol: TCP}]\n",
            ),
            vec![("spec.containers[1].ports[0].hostPort", DUP)],
        ),
        (
            "unknown volume name",
            c(
                "abc",
                "    volumeMounts: [{name: anything, mountPath: /foo}]\n",
            ),
            vec![("spec.containers[0].volumeMounts[0].name", NFOUND)],
        ),
        (
            "invalid lifecycle, no exec command.",
            c("life-123", &lifecycle("        exec: {}\n")),
            vec![("spec.containers[0].lifecycle.preStop.exec.command", REQ)],
        ),
        (
            "invalid lifecycle, no http path.",
            c(
                "life-123",
                &lifecycle("        httpGet: {port: 80, scheme: HTTP}\n"),
            ),
            vec![("spec.containers[0].lifecycle.preStop.httpGet.path", REQ)],
        ),
        (
            "invalid lifecycle, no http port.",
            c(
                "life-123",
                &lifecycle("        httpGet: {path: /, scheme: HTTP}\n"),
            ),
            vec![("spec.containers[0].lifecycle.preStop.httpGet.port", INV)],
        ),
        (
            "invalid lifecycle, no http scheme.",
            c(
                "life-123",
                &lifecycle("        httpGet: {path: /, port: 80}\n"),
            ),
            vec![("spec.containers[0].lifecycle.preStop.httpGet.scheme", NSUP)],
        ),
        (
            "invalid lifecycle, no tcp socket port.",
            c("life-123", &lifecycle("        tcpSocket: {}\n")),
            vec![("spec.containers[0].lifecycle.preStop.tcpSocket.port", INV)],
        ),
        (
            "invalid lifecycle, zero tcp socket port.",
            c("life-123", &lifecycle("        tcpSocket: {port: 0}\n")),
            vec![("spec.containers[0].lifecycle.preStop.tcpSocket.port", INV)],
        ),
        (
            "invalid lifecycle, no action.",
            c("life-123", "    lifecycle:\n      preStop: {}\n"),
            vec![("spec.containers[0].lifecycle.preStop", REQ)],
        ),
        (
            "invalid readiness probe, terminationGracePeriodSeconds set.",
            c(
                "life-123",
                "    readinessProbe:\n      tcpSocket: {port: 80}\n      terminationGracePeriodSeconds: 10\n",
            ),
            vec![(
                "spec.containers[0].readinessProbe.terminationGracePeriodSeconds",
                INV,
            )],
        ),
        (
            "invalid liveness probe, no tcp socket port.",
            c(
                "live-123",
                "    livenessProbe:\n      tcpSocket: {}\n      successThreshold: 1\n",
            ),
            vec![("spec.containers[0].livenessProbe.tcpSocket.port", INV)],
        ),
        (
            "invalid liveness probe, no action.",
            c(
                "live-123",
                "    livenessProbe:\n      successThreshold: 1\n",
            ),
            vec![("spec.containers[0].livenessProbe", REQ)],
        ),
        (
            "invalid liveness probe, successThreshold != 1",
            c(
                "live-123",
                "    livenessProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 2\n",
            ),
            vec![("spec.containers[0].livenessProbe.successThreshold", INV)],
        ),
        (
            "invalid startup probe, successThreshold != 1",
            c(
                "startup-123",
                "    startupProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 2\n",
            ),
            vec![("spec.containers[0].startupProbe.successThreshold", INV)],
        ),
        (
            "invalid liveness probe, negative numbers",
            c("live-123", &negative("livenessProbe")),
            vec![
                ("spec.containers[0].livenessProbe.initialDelaySeconds", INV),
                ("spec.containers[0].livenessProbe.timeoutSeconds", INV),
                ("spec.containers[0].livenessProbe.periodSeconds", INV),
                ("spec.containers[0].livenessProbe.successThreshold", INV),
                ("spec.containers[0].livenessProbe.failureThreshold", INV),
                (
                    "spec.containers[0].livenessProbe.terminationGracePeriodSeconds",
                    INV,
                ),
                ("spec.containers[0].livenessProbe.successThreshold", INV),
            ],
        ),
        (
            "invalid readiness probe, negative numbers",
            c("ready-123", &negative("readinessProbe")),
            vec![
                ("spec.containers[0].readinessProbe.initialDelaySeconds", INV),
                ("spec.containers[0].readinessProbe.timeoutSeconds", INV),
                ("spec.containers[0].readinessProbe.periodSeconds", INV),
                ("spec.containers[0].readinessProbe.successThreshold", INV),
                ("spec.containers[0].readinessProbe.failureThreshold", INV),
                (
                    "spec.containers[0].readinessProbe.terminationGracePeriodSeconds",
                    INV,
                ),
                (
                    "spec.containers[0].readinessProbe.terminationGracePeriodSeconds",
                    INV,
                ),
            ],
        ),
        (
            "invalid startup probe, negative numbers",
            c("startup-123", &negative("startupProbe")),
            vec![
                ("spec.containers[0].startupProbe.initialDelaySeconds", INV),
                ("spec.containers[0].startupProbe.timeoutSeconds", INV),
                ("spec.containers[0].startupProbe.periodSeconds", INV),
                ("spec.containers[0].startupProbe.successThreshold", INV),
                ("spec.containers[0].startupProbe.failureThreshold", INV),
                (
                    "spec.containers[0].startupProbe.terminationGracePeriodSeconds",
                    INV,
                ),
                ("spec.containers[0].startupProbe.successThreshold", INV),
            ],
        ),
        (
            "invalid message termination policy",
            c("life-123", "").replace("File", "Unknown"),
            vec![("spec.containers[0].terminationMessagePolicy", NSUP)],
        ),
        (
            "empty message termination policy",
            c("life-123", "").replace("File", "\"\""),
            vec![("spec.containers[0].terminationMessagePolicy", REQ)],
        ),
        (
            "Resource CPU invalid",
            c(
                "abc-123",
                "    resources:\n      limits: {cpu: \"-10\", memory: \"0\"}\n",
            ),
            vec![("spec.containers[0].resources.limits[cpu]", INV)],
        ),
        (
            "Resource Requests CPU invalid",
            c(
                "abc-123",
                "    resources:\n      requests: {cpu: \"-10\", memory: \"0\"}\n",
            ),
            vec![("spec.containers[0].resources.requests[cpu]", INV)],
        ),
        (
            "Resource Memory invalid",
            c(
                "abc-123",
                "    resources:\n      limits: {cpu: \"0\", memory: \"-10\"}\n",
            ),
            vec![("spec.containers[0].resources.limits[memory]", INV)],
        ),
        (
            "Request limit simple invalid",
            c(
                "abc-123",
                "    resources:\n      limits: {cpu: \"5\", memory: \"3\"}\n      requests: {cpu: \"6\", memory: \"3\"}\n",
            ),
            vec![("spec.containers[0].resources.requests", INV)],
        ),
        (
            "CPU request limit multiple invalid",
            c(
                "abc-123",
                "    resources:\n      limits: {cpu: \"5\", memory: \"3\"}\n      requests: {cpu: \"6\", memory: \"3\"}\n",
            ),
            vec![("spec.containers[0].resources.requests", INV)],
        ),
        (
            "Memory request limit multiple invalid",
            c(
                "abc-123",
                "    resources:\n      limits: {cpu: \"5\", memory: \"3\"}\n      requests: {cpu: \"5\", memory: \"4\"}\n",
            ),
            vec![("spec.containers[0].resources.requests", INV)],
        ),
        (
            "Unsupported resize policy for memory",
            c(
                "resize-policy-mem-invalid",
                "    resizePolicy: [{resourceName: memory, restartPolicy: RestartContainerrrr}]\n",
            ),
            vec![("spec.containers[0].resizePolicy", NSUP)],
        ),
        (
            "Unsupported resize policy for CPU",
            c(
                "resize-policy-cpu-invalid",
                "    resizePolicy: [{resourceName: cpu, restartPolicy: RestartNotRequired}]\n",
            ),
            vec![("spec.containers[0].resizePolicy", NSUP)],
        ),
        (
            "Forbidden RestartPolicy: Always",
            restart("Always"),
            vec![("spec.containers[0].restartPolicy", FORB)],
        ),
        (
            "Forbidden RestartPolicy: OnFailure",
            restart("OnFailure"),
            vec![("spec.containers[0].restartPolicy", FORB)],
        ),
        (
            "Forbidden RestartPolicy: Never",
            restart("Never"),
            vec![("spec.containers[0].restartPolicy", FORB)],
        ),
        (
            "Forbidden RestartPolicy: invalid",
            restart("invalid"),
            vec![("spec.containers[0].restartPolicy", FORB)],
        ),
        (
            "Forbidden RestartPolicy: empty",
            restart("\"\""),
            vec![("spec.containers[0].restartPolicy", FORB)],
        ),
        // Two Invalid errors at one path: "must be a standard resource type or fully
        // qualified" and "must be a standard resource for containers".
        (
            "invalid compute resource",
            c("abc-123", "    resources:\n      limits: {disk: 10G}\n"),
            vec![
                ("spec.containers[0].resources.limits[disk]", INV),
                ("spec.containers[0].resources.limits[disk]", INV),
            ],
        ),
        (
            "Invalid env from",
            c(
                "abc-123",
                "    envFrom:\n    - configMapRef: {name: \"$%^&*#\"}\n",
            ),
            vec![("spec.containers[0].envFrom[0].configMapRef.name", INV)],
        ),
        (
            "Invalid storage limit request",
            c(
                "abc-123",
                "    resources:\n      limits: {attachable-volumes-aws-ebs: \"10\"}\n",
            ),
            vec![
                (
                    "spec.containers[0].resources.limits[attachable-volumes-aws-ebs]",
                    INV,
                ),
                (
                    "spec.containers[0].resources.limits[attachable-volumes-aws-ebs]",
                    INV,
                ),
            ],
        ),
    ];
    assert_eq!(rows.len(), 41);
    for (title, containers, expected) in &rows {
        expect(&pod("Always", "", containers, ""), expected, title);
    }
    // "invalid env var name" needs the strict rule: Kubernetes 1.31, before
    // RelaxedEnvironmentVariableValidation was on; from 1.32 `ev!1` is a valid name.
    let text = pod(
        "Always",
        "",
        &c("abc-123", "    env:\n    - {name: ev!1}\n"),
        "",
    );
    expect_in(
        gates(31, ""),
        &text,
        &[("spec.containers[0].env[0].name", INV)],
        "invalid env var name",
    );
    expect_in(gates(32, ""), &text, &[], "invalid env var name, relaxed");
    // Not reproduced: "privilege disabled" (a cluster capability, not a manifest property).
}

#[test]
fn test_validate_init_containers_success() {
    let init = [
        c(
            "container-1-same-host-port-different-protocol",
            "    ports:\n    - {containerPort: 80, hostPort: 80, protocol: TCP}\n    - {containerPort: 80, hostPort: 80, protocol: UDP}\n",
        ),
        c(
            "container-2-same-host-port-different-protocol",
            "    ports:\n    - {containerPort: 80, hostPort: 80, protocol: TCP}\n    - {containerPort: 80, hostPort: 80, protocol: UDP}\n",
        ),
        c(
            "container-3-restart-always-with-lifecycle-hook-and-probes",
            "    restartPolicy: Always\n    lifecycle:\n      postStart:\n        exec: {command: [echo, post start]}\n      preStop:\n        exec: {command: [echo, pre stop]}\n    livenessProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 1\n    readinessProbe:\n      tcpSocket: {port: 80}\n    startupProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 1\n",
        ),
        c(
            "container-4-allowed-resize-policy",
            "    resizePolicy: [{resourceName: cpu, restartPolicy: NotRequired}]\n",
        ),
    ];
    expect(
        &pod("Never", &init.concat(), &c("app", ""), ""),
        &[],
        "successCase",
    );
}

#[test]
fn test_validate_init_containers_errors() {
    let restartable = |extra: &str| c("life-123", &format!("    restartPolicy: Always\n{extra}"));
    let lifecycle =
        |handler: &str| restartable(&format!("    lifecycle:\n      preStop:\n{handler}"));
    let policy = |p: &str| c("init", &format!("    restartPolicy: {p}\n"));
    let rows: Vec<Row> = vec![
        (
            "empty name",
            c("", ""),
            vec![("spec.initContainers[0].name", REQ)],
        ),
        (
            "name collision with regular container",
            c("app", ""),
            vec![("spec.initContainers[0].name", DUP)],
        ),
        (
            "invalid termination message policy",
            c("init", "").replace("File", "Unknown"),
            vec![("spec.initContainers[0].terminationMessagePolicy", NSUP)],
        ),
        (
            "duplicate names",
            c("init", "") + &c("init", ""),
            vec![("spec.initContainers[1].name", DUP)],
        ),
        (
            "duplicate ports",
            c(
                "abc",
                "    ports:\n    - {containerPort: 8080, hostPort: 8080, protocol: TCP}\n    - {containerPort: 8080, hostPort: 8080, protocol: TCP}\n",
            ),
            vec![("spec.initContainers[0].ports[1].hostPort", DUP)],
        ),
        (
            "uses disallowed field: Lifecycle",
            c(
                "debug",
                "    lifecycle:\n      preStop:\n        exec: {command: [ls, -l]}\n",
            ),
            vec![("spec.initContainers[0].lifecycle", FORB)],
        ),
        (
            "uses disallowed field: LivenessProbe",
            c(
                "debug",
                "    livenessProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 1\n",
            ),
            vec![("spec.initContainers[0].livenessProbe", FORB)],
        ),
        (
            "uses disallowed field: ReadinessProbe",
            c(
                "debug",
                "    readinessProbe:\n      tcpSocket: {port: 80}\n",
            ),
            vec![("spec.initContainers[0].readinessProbe", FORB)],
        ),
        (
            "Container uses disallowed field: StartupProbe",
            c(
                "debug",
                "    startupProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 1\n",
            ),
            vec![("spec.initContainers[0].startupProbe", FORB)],
        ),
        (
            "Disallowed field with other errors should only return a single Forbidden",
            c(
                "debug",
                "    startupProbe:\n      tcpSocket: {port: 80}\n      initialDelaySeconds: -1\n      timeoutSeconds: -1\n      periodSeconds: -1\n      successThreshold: -1\n      failureThreshold: -1\n      terminationGracePeriodSeconds: -1\n",
            ),
            vec![("spec.initContainers[0].startupProbe", FORB)],
        ),
        (
            "Not supported RestartPolicy: OnFailure",
            policy("OnFailure"),
            vec![("spec.initContainers[0].restartPolicy", NSUP)],
        ),
        (
            "Not supported RestartPolicy: Never",
            policy("Never"),
            vec![("spec.initContainers[0].restartPolicy", NSUP)],
        ),
        (
            "Not supported RestartPolicy: invalid",
            policy("invalid"),
            vec![("spec.initContainers[0].restartPolicy", NSUP)],
        ),
        (
            "Not supported RestartPolicy: empty",
            policy("\"\""),
            vec![("spec.initContainers[0].restartPolicy", NSUP)],
        ),
        (
            "invalid startup probe in restartable container, successThreshold != 1",
            restartable(
                "    startupProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 2\n",
            ),
            vec![("spec.initContainers[0].startupProbe.successThreshold", INV)],
        ),
        (
            "invalid readiness probe, terminationGracePeriodSeconds set.",
            restartable(
                "    readinessProbe:\n      tcpSocket: {port: 80}\n      terminationGracePeriodSeconds: 10\n",
            ),
            vec![(
                "spec.initContainers[0].readinessProbe.terminationGracePeriodSeconds",
                INV,
            )],
        ),
        (
            "invalid liveness probe, successThreshold != 1",
            restartable(
                "    livenessProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 2\n",
            ),
            vec![("spec.initContainers[0].livenessProbe.successThreshold", INV)],
        ),
        (
            "invalid lifecycle, no exec command.",
            lifecycle("        exec: {}\n"),
            vec![("spec.initContainers[0].lifecycle.preStop.exec.command", REQ)],
        ),
        (
            "invalid lifecycle, no http path.",
            lifecycle("        httpGet: {port: 80, scheme: HTTP}\n"),
            vec![("spec.initContainers[0].lifecycle.preStop.httpGet.path", REQ)],
        ),
        (
            "invalid lifecycle, no http port.",
            lifecycle("        httpGet: {path: /, scheme: HTTP}\n"),
            vec![("spec.initContainers[0].lifecycle.preStop.httpGet.port", INV)],
        ),
        (
            "invalid lifecycle, no http scheme.",
            lifecycle("        httpGet: {path: /, port: 80}\n"),
            vec![(
                "spec.initContainers[0].lifecycle.preStop.httpGet.scheme",
                NSUP,
            )],
        ),
        (
            "invalid lifecycle, no tcp socket port.",
            lifecycle("        tcpSocket: {}\n"),
            vec![(
                "spec.initContainers[0].lifecycle.preStop.tcpSocket.port",
                INV,
            )],
        ),
        (
            "invalid lifecycle, zero tcp socket port.",
            lifecycle("        tcpSocket: {port: 0}\n"),
            vec![(
                "spec.initContainers[0].lifecycle.preStop.tcpSocket.port",
                INV,
            )],
        ),
        (
            "invalid lifecycle, no action.",
            restartable("    lifecycle:\n      preStop: {}\n"),
            vec![("spec.initContainers[0].lifecycle.preStop", REQ)],
        ),
    ];
    assert_eq!(rows.len(), 24);
    for (title, init, expected) in &rows {
        expect(&pod("Never", init, &c("app", ""), ""), expected, title);
    }
    // "Not supported ResizePolicy: invalid" runs with `AllowSidecarResizePolicy` off: a release
    // before 1.33 with InPlacePodVerticalScaling on (off, the field is dropped). From 1.33 the
    // option is on with the gate, and the row's `NotRequired` policy is accepted.
    let init = c(
        "init",
        "    resizePolicy: [{resourceName: cpu, restartPolicy: NotRequired}]\n",
    );
    let text = pod("Never", &init, &c("app", ""), "");
    let title = "Not supported ResizePolicy: invalid";
    expect_in(
        gates(32, "InPlacePodVerticalScaling=true"),
        &text,
        &[("spec.initContainers[0].resizePolicy", INV)],
        title,
    );
    expect_in(gates(33, ""), &text, &[], title);
}

#[test]
fn test_validate_ephemeral_containers_errors() {
    let app = c("ctr", "");
    let init = c("ictr", "");
    let e = |name: &str, extra: &str| c(name, extra);
    let rows: Vec<Row> = vec![
        (
            "Name Collision with Container.Containers",
            e("ctr", "") + &e("debug1", ""),
            vec![("spec.ephemeralContainers[0].name", DUP)],
        ),
        (
            "Name Collision with Container.InitContainers",
            e("ictr", "") + &e("debug1", ""),
            vec![("spec.ephemeralContainers[0].name", DUP)],
        ),
        (
            "Name Collision with EphemeralContainers",
            e("debug1", "") + &e("debug1", ""),
            vec![("spec.ephemeralContainers[1].name", DUP)],
        ),
        (
            "empty Container Name",
            e("", ""),
            vec![("spec.ephemeralContainers[0].name", REQ)],
        ),
        (
            "whitespace padded image name",
            e("debug", "").replace("image: image", "image: \" image\""),
            vec![("spec.ephemeralContainers[0].image", INV)],
        ),
        (
            "invalid image pull policy",
            e("debug", "").replace("IfNotPresent", "PullThreeTimes"),
            vec![("spec.ephemeralContainers[0].imagePullPolicy", NSUP)],
        ),
        (
            "Container uses disallowed field: Lifecycle",
            e(
                "debug",
                "    lifecycle:\n      preStop:\n        exec: {command: [ls, -l]}\n",
            ),
            vec![("spec.ephemeralContainers[0].lifecycle", FORB)],
        ),
        (
            "Container uses disallowed field: LivenessProbe",
            e(
                "debug",
                "    livenessProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 1\n",
            ),
            vec![("spec.ephemeralContainers[0].livenessProbe", FORB)],
        ),
        (
            "Container uses disallowed field: Ports",
            e("debug", "    ports: [{protocol: TCP, containerPort: 80}]\n"),
            vec![("spec.ephemeralContainers[0].ports", FORB)],
        ),
        (
            "Container uses disallowed field: ReadinessProbe",
            e(
                "debug",
                "    readinessProbe:\n      tcpSocket: {port: 80}\n",
            ),
            vec![("spec.ephemeralContainers[0].readinessProbe", FORB)],
        ),
        (
            "Container uses disallowed field: StartupProbe",
            e(
                "debug",
                "    startupProbe:\n      tcpSocket: {port: 80}\n      successThreshold: 1\n",
            ),
            vec![("spec.ephemeralContainers[0].startupProbe", FORB)],
        ),
        (
            "Container uses disallowed field: Resources",
            e("debug", "    resources:\n      limits: {cpu: \"10\"}\n"),
            vec![("spec.ephemeralContainers[0].resources", FORB)],
        ),
        (
            "Container uses disallowed field: VolumeMount.SubPath",
            e(
                "debug",
                "    volumeMounts: [{name: vol, mountPath: /vol}, {name: vol, mountPath: /volsub, subPath: foo}]\n",
            ),
            vec![("spec.ephemeralContainers[0].volumeMounts[1].subPath", FORB)],
        ),
        (
            "Container uses disallowed field: VolumeMount.SubPathExpr",
            e(
                "debug",
                "    volumeMounts: [{name: vol, mountPath: /vol}, {name: vol, mountPath: /volsub, subPathExpr: $(POD_NAME)}]\n",
            ),
            vec![(
                "spec.ephemeralContainers[0].volumeMounts[1].subPathExpr",
                FORB,
            )],
        ),
        (
            "Disallowed field with other errors should only return a single Forbidden",
            e(
                "debug",
                "    lifecycle:\n      preStop:\n        exec: {command: []}\n",
            ),
            vec![("spec.ephemeralContainers[0].lifecycle", FORB)],
        ),
        (
            "Container uses disallowed field: ResizePolicy",
            e(
                "resources-resize-policy",
                "    resizePolicy: [{resourceName: cpu, restartPolicy: NotRequired}]\n",
            ),
            vec![("spec.ephemeralContainers[0].resizePolicy", FORB)],
        ),
        (
            "Forbidden RestartPolicy: Always",
            e("foo", "    restartPolicy: Always\n"),
            vec![("spec.ephemeralContainers[0].restartPolicy", FORB)],
        ),
        (
            "Forbidden RestartPolicy: OnFailure",
            e("foo", "    restartPolicy: OnFailure\n"),
            vec![("spec.ephemeralContainers[0].restartPolicy", FORB)],
        ),
        (
            "Forbidden RestartPolicy: Never",
            e("foo", "    restartPolicy: Never\n"),
            vec![("spec.ephemeralContainers[0].restartPolicy", FORB)],
        ),
        (
            "Forbidden RestartPolicy: invalid",
            e("foo", "    restartPolicy: invalid\n"),
            vec![("spec.ephemeralContainers[0].restartPolicy", FORB)],
        ),
        (
            "Forbidden RestartPolicy: empty",
            e("foo", "    restartPolicy: \"\"\n"),
            vec![("spec.ephemeralContainers[0].restartPolicy", FORB)],
        ),
    ];
    assert_eq!(rows.len(), 21);
    for (title, ephemeral, expected) in &rows {
        expect(&pod("Never", &init, &app, ephemeral), expected, title);
    }
    // The rows that needed PL010 on ephemeral containers and PL143.
    let more: [Row; 3] = [
        (
            "empty Container",
            "  - {}\n".to_string(),
            vec![
                ("spec.ephemeralContainers[0].name", REQ),
                ("spec.ephemeralContainers[0].image", REQ),
                ("spec.ephemeralContainers[0].terminationMessagePolicy", REQ),
                ("spec.ephemeralContainers[0].imagePullPolicy", REQ),
            ],
        ),
        (
            "TargetContainerName doesn't exist",
            e("debug", "    targetContainerName: bogus\n"),
            vec![("spec.ephemeralContainers[0].targetContainerName", NFOUND)],
        ),
        (
            "Targets an ephemeral container",
            format!(
                "{}{}",
                e("debug", ""),
                e("debugception", "    targetContainerName: debug\n")
            ),
            vec![("spec.ephemeralContainers[1].targetContainerName", NFOUND)],
        ),
    ];
    for (title, ephemeral, expected) in &more {
        expect(&pod("Never", &init, &app, ephemeral), expected, title);
    }
}

// TestHugePagesIsolation, through ValidatePodCreate.
#[test]
fn test_huge_pages_isolation() {
    let rows = [
        (
            "Valid: request hugepages-2Mi",
            "{cpu: \"10\", memory: 10G, hugepages-2Mi: 1Gi}",
            "{cpu: \"10\", memory: 10G, hugepages-2Mi: 1Gi}",
            false,
        ),
        (
            "Valid: request more than one hugepages size",
            "{cpu: \"10\", memory: 10G, hugepages-2Mi: 1Gi, hugepages-1Gi: 2Gi}",
            "{cpu: \"10\", memory: 10G, hugepages-2Mi: 1Gi, hugepages-1Gi: 2Gi}",
            false,
        ),
        (
            "Invalid: not requesting cpu and memory",
            "{hugepages-2Mi: 1Gi}",
            "{hugepages-2Mi: 1Gi}",
            true,
        ),
        (
            "Invalid: request 1Gi hugepages-2Mi but limit 2Gi",
            "{cpu: \"10\", memory: 10G, hugepages-2Mi: 1Gi}",
            "{cpu: \"10\", memory: 10G, hugepages-2Mi: 2Gi}",
            true,
        ),
    ];
    for (title, requests, limits, fails) in rows {
        let text = pod(
            "Always",
            "",
            &c(
                "ctr",
                &format!("    resources:\n      requests: {requests}\n      limits: {limits}\n"),
            ),
            "",
        );
        assert_eq!(
            !errors_in(&text, unit_test_cluster()).is_empty(),
            fails,
            "{title}"
        );
    }
}
