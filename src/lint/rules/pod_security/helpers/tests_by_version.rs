//! The checks against the admission library's behaviour, version by version: for each check,
//! pods that pass and fail at the policy versions where it changes, with the exact reason and
//! detail the admission controller writes (cases written from the policy code, in our words).

use std::sync::Arc;

use crate::input::SourceText;
use crate::k8s::pod_security::{LevelVersion, Policy};
use crate::lint::rules::pod_security::helpers::policy::PodSecuritySetup;
use crate::lint::settings::CheckOptions;

/// The Pod Security findings of a Pod with `spec` (YAML, indented under `spec:`) and
/// `annotations` in a cluster enforcing `policy`: `check: reason (detail)` each, in position
/// order.
fn admit(policy: &str, annotations: &str, spec: &str) -> Vec<String> {
    let enforce = LevelVersion::parse(policy).expect("policy");
    let options = CheckOptions {
        pod_security: Arc::new(PodSecuritySetup {
            defaults: Policy { enforce, ..Policy::default() },
            ..PodSecuritySetup::default()
        }),
        ..CheckOptions::default()
    };
    let metadata = if annotations.is_empty() {
        String::new()
    } else {
        format!("  annotations:\n{}", indent(annotations, 4))
    };
    let text = format!(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n{metadata}spec:\n{}",
        indent(spec, 2)
    );
    let report = crate::lint::validate::validate_source(&SourceText::new("p.yaml", text), &options);
    let prefix = format!("violates PodSecurity \"{enforce}\": ");
    report
        .findings
        .iter()
        .filter_map(|finding| {
            let tag = finding.pod_security.as_deref()?;
            let said = finding.message.strip_prefix(&prefix).unwrap_or(&finding.message);
            Some(format!("{}: {said}", tag.check))
        })
        .collect()
}

fn indent(text: &str, by: usize) -> String {
    let pad = " ".repeat(by);
    let mut out = String::new();
    for line in text.trim_matches('\n').lines() {
        out.push_str(&pad);
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// A container `name` with a restricted-clean security context, plus `extra` lines in it.
fn clean(name: &str, extra: &str) -> String {
    format!(
        "- name: {name}\n  image: example/app:1.4\n  securityContext:\n    allowPrivilegeEscalation: false\n    capabilities: {{drop: [ALL]}}\n{}",
        indent(extra, 4)
    )
}

/// A restricted-clean pod spec with `containers` (YAML list items) and `extra` spec lines.
fn restricted_pod(extra: &str, containers: &str) -> String {
    format!(
        "securityContext:\n  runAsNonRoot: true\n  seccompProfile: {{type: RuntimeDefault}}\n{}containers:\n{}",
        indent(extra, 0),
        containers
    )
}

#[test]
fn app_armor_profile_lists_setters_then_the_values_and_annotations() {
    let spec = "securityContext:\n  appArmorProfile: {type: Unconfined}\ncontainers:\n- name: a\n  image: i\n- name: b\n  image: i\n  securityContext:\n    appArmorProfile: {type: Unconfined}\n";
    assert_eq!(
        admit("baseline", "container.apparmor.security.beta.kubernetes.io/a: unconfined", spec),
        // The library quotes the list without escaping the annotation's own quotes.
        [r#"appArmorProfile: forbidden AppArmor profiles (pod and container "b" and annotation must not set AppArmor profile type to "Unconfined", "container.apparmor.security.beta.kubernetes.io/a="unconfined"")"#]
    );
    let allowed = "containers:\n- name: a\n  image: i\n  securityContext:\n    appArmorProfile: {type: Localhost, localhostProfile: p}\n";
    assert!(admit("baseline", "container.apparmor.security.beta.kubernetes.io/a: localhost/p", allowed).is_empty());
}

#[test]
fn capabilities_are_baselines_until_restricted_v1_22_replaces_them() {
    let spec = "containers:\n- name: a\n  image: i\n  securityContext:\n    allowPrivilegeEscalation: false\n    runAsNonRoot: true\n    seccompProfile: {type: RuntimeDefault}\n    capabilities: {add: [SYS_TIME, CHOWN, NET_ADMIN]}\n";
    let baseline = [r#"capabilities_baseline: non-default capabilities (container "a" must not include "NET_ADMIN", "SYS_TIME" in securityContext.capabilities.add)"#];
    assert_eq!(admit("baseline", "", spec), baseline);
    assert_eq!(admit("restricted:v1.21", "", spec), baseline);
    assert_eq!(
        admit("restricted:v1.22", "", spec),
        [r#"capabilities_restricted: unrestricted capabilities (container "a" must set securityContext.capabilities.drop=["ALL"]; container "a" must not include "CHOWN", "NET_ADMIN", "SYS_TIME" in securityContext.capabilities.add)"#]
    );
}

#[test]
fn host_namespaces_ports_and_paths() {
    let spec = "hostNetwork: true\nhostPID: true\nhostIPC: true\nvolumes:\n- {name: v1, hostPath: {path: /a}}\n- {name: v2, hostPath: {path: /b}}\ncontainers:\n- name: a\n  image: i\n  ports: [{containerPort: 8080}]\n- name: b\n  image: i\n  ports: [{containerPort: 80}]\n";
    // A host-network pod's ports get their host port by defaulting.
    assert_eq!(
        admit("baseline", "", spec),
        [
            "hostNamespaces: host namespaces (hostNetwork=true, hostPID=true, hostIPC=true)",
            r#"hostPathVolumes: hostPath volumes (volumes "v1", "v2")"#,
            r#"hostPorts: hostPort (containers "a", "b" use hostPorts 80, 8080)"#,
        ]
    );
}

#[test]
fn probe_and_lifecycle_hosts_are_checked_from_v1_34() {
    let spec = "containers:\n- name: b\n  image: i\n  readinessProbe: {tcpSocket: {host: db, port: 5432}}\n- name: a\n  image: i\n  livenessProbe: {httpGet: {host: 10.0.0.1, port: 80}}\n  lifecycle: {preStop: {httpGet: {host: 10.0.0.1, port: 80}}}\n";
    assert!(admit("baseline:v1.33", "", spec).is_empty());
    assert_eq!(
        admit("baseline:v1.34", "", spec),
        [r#"hostProbesAndHostLifecycle: probe or lifecycle host (containers "a", "b" use probe or lifecycle hosts "10.0.0.1", "db")"#]
    );
}

#[test]
fn privileged_and_windows_host_process() {
    let spec = "securityContext:\n  windowsOptions: {hostProcess: true}\ncontainers:\n- name: a\n  image: i\n  securityContext: {privileged: true, windowsOptions: {hostProcess: true}}\n";
    let found = admit("baseline", "", spec);
    assert!(found.contains(&r#"privileged: privileged (container "a" must not set securityContext.privileged=true)"#.to_string()), "{found:?}");
    assert!(found.contains(&r#"windowsHostProcess: hostProcess (pod and container "a" must not set securityContext.windowsOptions.hostProcess=true)"#.to_string()), "{found:?}");
}

#[test]
fn proc_mount_relaxes_for_user_namespaces_at_baseline_from_v1_35_only() {
    let unmasked = "- name: a\n  image: i\n  securityContext: {procMount: Unmasked}\n";
    let spec = format!("hostUsers: false\ncontainers:\n{unmasked}");
    let said = r#"procMount (container "a" must not set securityContext.procMount to "Unmasked")"#;
    assert_eq!(admit("baseline:v1.34", "", &spec), [format!("procMount: {said}")]);
    assert!(admit("baseline:v1.35", "", &spec).is_empty());
    let restricted = restricted_pod("hostUsers: false", &clean("a", "procMount: Unmasked"));
    assert_eq!(admit("restricted:v1.34", "", &restricted), [format!("procMount: {said}")]);
    assert_eq!(admit("restricted:v1.35", "", &restricted), [format!("procMount_restricted: {said}")]);
}

#[test]
fn selinux_types_users_and_roles() {
    let spec = "securityContext:\n  seLinuxOptions: {type: spc_t}\ncontainers:\n- name: a\n  image: i\n  securityContext:\n    seLinuxOptions: {user: system_u, role: r}\n";
    assert_eq!(
        admit("baseline", "", spec),
        [r#"seLinuxOptions: seLinuxOptions (pod and container "a" set forbidden securityContext.seLinuxOptions: type "spc_t"; user may not be set; role may not be set)"#]
    );
    let engine = "containers:\n- name: a\n  image: i\n  securityContext:\n    seLinuxOptions: {type: container_engine_t}\n";
    assert_eq!(
        admit("baseline:v1.30", "", engine),
        [r#"seLinuxOptions: seLinuxOptions (container "a" set forbidden securityContext.seLinuxOptions: type "container_engine_t")"#]
    );
    assert!(admit("baseline:v1.31", "", engine).is_empty());
}

#[test]
fn seccomp_reads_annotations_until_v1_19_and_fields_after() {
    let annotated = "containers:\n- name: a\n  image: i\n";
    let annotation = "seccomp.security.alpha.kubernetes.io/pod: unconfined";
    assert_eq!(
        admit("baseline:v1.18", annotation, annotated),
        [r#"seccompProfile_baseline: seccompProfile (forbidden annotation seccomp.security.alpha.kubernetes.io/pod="unconfined")"#]
    );
    assert!(admit("baseline:v1.19", annotation, annotated).is_empty());
    let field = "securityContext:\n  seccompProfile: {type: Unconfined}\ncontainers:\n- name: a\n  image: i\n";
    assert_eq!(
        admit("baseline:v1.19", "", field),
        [r#"seccompProfile_baseline: seccompProfile (pod must not set securityContext.seccompProfile.type to "Unconfined")"#]
    );
    // restricted: baseline's annotation check until v1.19, where the stricter one replaces it.
    let unset = "securityContext:\n  runAsNonRoot: true\ncontainers:\n".to_string() + &clean("a", "");
    assert!(admit("restricted:v1.18", "", &unset).is_empty());
    assert_eq!(
        admit("restricted:v1.19", "", &unset),
        [r#"seccompProfile_restricted: seccompProfile (pod or container "a" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")"#]
    );
    let explicit = restricted_pod("", &clean("a", "seccompProfile: {type: Unconfined}"));
    assert_eq!(
        admit("restricted", "", &explicit),
        [r#"seccompProfile_restricted: seccompProfile (container "a" must not set securityContext.seccompProfile.type to "Unconfined")"#]
    );
}

#[test]
fn sysctls_join_the_safe_set_at_each_version() {
    let pod = |name: &str| {
        format!("securityContext:\n  sysctls:\n  - {{name: {name}, value: \"1\"}}\ncontainers:\n- name: a\n  image: i\n")
    };
    for (name, since) in [
        ("net.ipv4.ip_local_reserved_ports", 27),
        ("net.ipv4.tcp_keepalive_time", 29),
        ("net.ipv4.tcp_rmem", 32),
        ("net.ipv4.tcp_notsent_lowat", 37),
    ] {
        let before = admit(&format!("baseline:v1.{}", since - 1), "", &pod(name));
        assert_eq!(before, [format!("sysctls: forbidden sysctls ({name})")], "{name}");
        assert!(admit(&format!("baseline:v1.{since}"), "", &pod(name)).is_empty(), "{name}");
    }
    assert!(admit("baseline:v1.0", "", &pod("kernel.shm_rmid_forced")).is_empty());
}

#[test]
fn allow_privilege_escalation_from_v1_8_and_windows_pods_from_v1_25() {
    let spec = "securityContext:\n  runAsNonRoot: true\n  seccompProfile: {type: RuntimeDefault}\ninitContainers:\n- name: i\n  image: i\n  securityContext: {capabilities: {drop: [ALL]}}\ncontainers:\n- name: a\n  image: i\n  securityContext: {capabilities: {drop: [ALL]}, allowPrivilegeEscalation: true}\n- name: b\n  image: i\n  securityContext: {capabilities: {drop: [ALL]}, allowPrivilegeEscalation: false}\n";
    assert!(admit("restricted:v1.7", "", spec).is_empty());
    assert_eq!(
        admit("restricted:v1.8", "", spec),
        [r#"allowPrivilegeEscalation: allowPrivilegeEscalation != false (containers "i", "a" must set securityContext.allowPrivilegeEscalation=false)"#]
    );
    let windows = "os: {name: windows}\nsecurityContext:\n  runAsNonRoot: true\ncontainers:\n- name: a\n  image: i\n";
    let at_24 = admit("restricted:v1.24", "", windows);
    assert!(at_24.iter().any(|f| f.starts_with("allowPrivilegeEscalation:")), "{at_24:?}");
    assert!(at_24.iter().any(|f| f.starts_with("capabilities_restricted:")), "{at_24:?}");
    assert!(at_24.iter().any(|f| f.starts_with("seccompProfile_restricted:")), "{at_24:?}");
    assert!(admit("restricted:v1.25", "", windows).is_empty());
}

#[test]
fn restricted_volumes_name_each_forbidden_type() {
    let spec = restricted_pod(
        "volumes:\n- {name: a, nfs: {server: s, path: /}}\n- {name: b, hostPath: {path: /}}\n- {name: c, gitRepo: {repository: r}}\n- {name: d, configMap: {name: x}}\n",
        &clean("app", ""),
    );
    assert_eq!(
        admit("restricted", "", &spec),
        [r#"restrictedVolumes: restricted volume types (volumes "a", "b", "c" use restricted volume types "gitRepo", "hostPath", "nfs")"#]
    );
}

#[test]
fn run_as_non_root_explicit_then_implicit_and_user_namespaces_from_v1_35() {
    let explicit = "securityContext:\n  runAsNonRoot: false\n  seccompProfile: {type: RuntimeDefault}\ncontainers:\n".to_string()
        + &clean("a", "runAsNonRoot: false")
        + &clean("b", "");
    assert_eq!(
        admit("restricted", "", &explicit),
        [r#"runAsNonRoot: runAsNonRoot != true (pod and container "a" must not set securityContext.runAsNonRoot=false)"#]
    );
    let implicit = "hostUsers: false\nsecurityContext:\n  seccompProfile: {type: RuntimeDefault}\ncontainers:\n".to_string()
        + &clean("a", "")
        + &clean("b", "runAsNonRoot: true");
    assert_eq!(
        admit("restricted:v1.34", "", &implicit),
        [r#"runAsNonRoot: runAsNonRoot != true (pod or container "a" must set securityContext.runAsNonRoot=true)"#]
    );
    assert!(admit("restricted:v1.35", "", &implicit).is_empty());
}

#[test]
fn run_as_user_zero_from_v1_23() {
    let spec = "securityContext:\n  runAsNonRoot: true\n  runAsUser: 0\n  seccompProfile: {type: RuntimeDefault}\ncontainers:\n".to_string()
        + &clean("a", "runAsUser: 0");
    assert!(admit("restricted:v1.22", "", &spec).is_empty());
    assert_eq!(
        admit("restricted:v1.23", "", &spec),
        [r#"runAsUser: runAsUser=0 (pod and container "a" must not set runAsUser=0)"#]
    );
}

#[test]
fn a_clean_restricted_pod_passes_every_version_and_a_privileged_level_checks_nothing() {
    let spec = restricted_pod("", &clean("app", ""));
    for minor in 0..=37 {
        assert!(admit(&format!("restricted:v1.{minor}"), "", &spec).is_empty(), "v1.{minor}");
    }
    let wild = "hostPID: true\ncontainers:\n- name: a\n  image: i\n  securityContext: {privileged: true}\n";
    assert!(admit("privileged", "", wild).is_empty());
}
