//! PL150 `field-forbidden-for-pod-os`: a field the pod's `spec.os.name` rules out (Windows
//! options in a Linux pod; Linux-only security settings and host namespaces in a Windows pod).

use crate::k8s::model::{PodSecurityContext, SecurityContext};
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a field the pod's OS rules out.
pub static RULE: Rule = Rule {
    id: "PL150",
    name: "field-forbidden-for-pod-os",
    severity: Severity::Error,
    summary: "a field that `spec.os.name` rules out: Windows options in a Linux pod, Linux-only settings in a Windows pod",
    origin: Origin::Pod(check),
    docs: r#"## What it does
When the pod says its operating system (`spec.os.name`), checks that it sets nothing meant for the other one. A `linux` pod may not set `windowsOptions` (pod or container). A `windows` pod may not set `hostUsers`, `hostPID: true`, `hostIPC: true` or `shareProcessNamespace`; in the pod's `securityContext` `seLinuxOptions`, `seccompProfile`, `appArmorProfile`, `fsGroup`, `fsGroupChangePolicy`, `sysctls`, `runAsUser`, `runAsGroup`, `supplementalGroups`, `supplementalGroupsPolicy` or `seLinuxChangePolicy`; nor in a container's `seLinuxOptions`, `seccompProfile`, `appArmorProfile`, `capabilities`, `readOnlyRootFilesystem`, `privileged`, `allowPrivilegeEscalation`, `procMount`, `runAsUser` or `runAsGroup`.

## Why
The API server rejects the pod (`spec.containers[0].securityContext.runAsUser: Forbidden: cannot be set for a windows pod`). These settings have no meaning on the other OS, and a pod template shared between Linux and Windows node pools often carries them over.

## Example
```yaml
spec:
  os: {name: windows}
  containers:
  - name: iis
    image: mcr.microsoft.com/windows/servercore/iis:windowsservercore-ltsc2022
    securityContext:
      runAsUser: 1000
```

## How to fix
Remove the field, or use the OS's own setting (`windowsOptions.runAsUserName` on Windows).

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validateLinux`, `validateWindows` (`FieldValueForbidden`).
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let spec = &context.pod.spec;
    let base = FieldPath::root().child("spec");
    let mut forbidden = Vec::new();
    match spec.os.as_ref().and_then(|os| os.name.as_deref()) {
        Some("linux") => {
            let label = "windows options cannot be set for a linux pod";
            if spec.security_context.as_ref().is_some_and(|sc| sc.windows_options.is_some()) {
                forbidden.push((base.child("securityContext").child("windowsOptions"), "windowsOptions", label));
            }
            for (list, index, container) in context.all_containers() {
                if container.security_context.as_ref().is_some_and(|sc| sc.windows_options.is_some()) {
                    let at = context.container_path(list, index).child("securityContext");
                    forbidden.push((at.child("windowsOptions"), "windowsOptions", label));
                }
            }
        }
        Some("windows") => {
            let label = "cannot be set for a windows pod";
            let pod_fields = [
                ("hostUsers", spec.host_users.is_some()),
                ("hostPID", spec.host_pid == Some(true)),
                ("hostIPC", spec.host_ipc == Some(true)),
                ("shareProcessNamespace", spec.share_process_namespace.is_some()),
            ];
            forbidden.extend(pod_fields.into_iter().filter(|(_, set)| *set).map(|(field, _)| (base.child(field), field, label)));
            if let Some(sc) = spec.security_context.as_ref() {
                let at = base.child("securityContext");
                forbidden.extend(pod_linux_fields(sc).into_iter().map(|field| (at.child(field), field, label)));
            }
            for (list, index, container) in context.all_containers() {
                if let Some(sc) = container.security_context.as_ref() {
                    let at = context.container_path(list, index).child("securityContext");
                    forbidden.extend(container_linux_fields(sc).into_iter().map(|field| (at.child(field), field, label)));
                }
            }
        }
        // No OS, or one PL145 reports: Kubernetes checks neither list.
        _ => {}
    }
    for (path, field, label) in forbidden {
        let os = if label.contains("linux") { "Linux" } else { "Windows" };
        findings.push(
            Problem::new(
                path,
                k8s_type::FORBIDDEN,
                None,
                format!("`{field}` is set in a {os} pod"),
                label,
                if os == "Linux" {
                    "remove `windowsOptions`, or set `spec.os.name: windows` if the pod runs on Windows".to_string()
                } else {
                    format!("remove `{field}`: it has no meaning on Windows")
                },
            )
            .on_key()
            .into_finding(&RULE),
        );
    }
}

/// The pod security context's fields `validateWindows` forbids, in its order.
fn pod_linux_fields(sc: &PodSecurityContext) -> Vec<&'static str> {
    [
        ("appArmorProfile", sc.app_armor_profile.is_some()),
        ("seLinuxOptions", sc.se_linux_options.is_some()),
        ("seccompProfile", sc.seccomp_profile.is_some()),
        ("fsGroup", sc.fs_group.is_some()),
        ("fsGroupChangePolicy", sc.fs_group_change_policy.is_some()),
        ("sysctls", sc.sysctls.as_ref().is_some_and(|s| !s.is_empty())),
        ("runAsUser", sc.run_as_user.is_some()),
        ("runAsGroup", sc.run_as_group.is_some()),
        ("supplementalGroups", sc.supplemental_groups.is_some()),
        ("supplementalGroupsPolicy", sc.supplemental_groups_policy.is_some()),
        ("seLinuxChangePolicy", sc.se_linux_change_policy.is_some()),
    ]
    .into_iter()
    .filter_map(|(field, set)| set.then_some(field))
    .collect()
}

/// A container security context's fields `validateWindows` forbids, in its order.
fn container_linux_fields(sc: &SecurityContext) -> Vec<&'static str> {
    [
        ("appArmorProfile", sc.app_armor_profile.is_some()),
        ("seLinuxOptions", sc.se_linux_options.is_some()),
        ("seccompProfile", sc.seccomp_profile.is_some()),
        ("capabilities", sc.capabilities.is_some()),
        ("readOnlyRootFilesystem", sc.read_only_root_filesystem.is_some()),
        ("privileged", sc.privileged.is_some()),
        ("allowPrivilegeEscalation", sc.allow_privilege_escalation.is_some()),
        ("procMount", sc.proc_mount.is_some()),
        ("runAsUser", sc.run_as_user.is_some()),
        ("runAsGroup", sc.run_as_group.is_some()),
    ]
    .into_iter()
    .filter_map(|(field, set)| set.then_some(field))
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::k8s_errors;

    fn pod(os: &str, extra: &str, sc: &str) -> String {
        format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  os: {{name: {os}}}\n{extra}  containers:\n  - {{name: c, image: image, securityContext: {sc}}}\n")
    }

    // TestValidateLinuxSecurityContext and TestValidateWindowsSecurityContext.
    #[test]
    fn k7_validate_linux_and_windows_security_context() {
        assert!(k8s_errors(&RULE, &pod("linux", "", "{runAsUser: 1, seLinuxOptions: {user: u}}"), false).is_empty());
        assert_eq!(
            k8s_errors(&RULE, &pod("linux", "", "{windowsOptions: {runAsUserName: User}}"), false),
            [("spec.containers[0].securityContext.windowsOptions".to_string(), "FieldValueForbidden")]
        );
        for field in ["seLinuxOptions: {user: u}", "seccompProfile: {localhostProfile: p}", "appArmorProfile: {type: RuntimeDefault}"] {
            let name = field.split(':').next().unwrap_or_default();
            assert_eq!(
                k8s_errors(&RULE, &pod("windows", "", &format!("{{{field}}}")), false),
                [(format!("spec.containers[0].securityContext.{name}"), "FieldValueForbidden")],
                "{field}"
            );
        }
        assert!(k8s_errors(&RULE, &pod("windows", "", "{windowsOptions: {runAsUserName: User}, runAsNonRoot: true}"), false).is_empty());
    }

    #[test]
    fn a_windows_pod_takes_no_linux_pod_settings() {
        let extra = "  hostPID: true\n  hostIPC: true\n  hostUsers: true\n  shareProcessNamespace: false\n  securityContext: {fsGroup: 1, sysctls: [{name: kernel.shmmax, value: \"1\"}], supplementalGroups: [1]}\n";
        let found: Vec<String> = k8s_errors(&RULE, &pod("windows", extra, "{}"), false).into_iter().map(|(p, _)| p).collect();
        assert_eq!(found, [
            "spec.hostPID", "spec.hostIPC", "spec.hostUsers", "spec.shareProcessNamespace",
            "spec.securityContext.fsGroup", "spec.securityContext.sysctls", "spec.securityContext.supplementalGroups",
        ]);
        // hostNetwork is allowed on Windows; empty sysctls are not reported.
        let extra = "  hostNetwork: true\n  securityContext: {sysctls: []}\n";
        assert!(k8s_errors(&RULE, &pod("windows", extra, "{}"), false).is_empty());
    }
}
