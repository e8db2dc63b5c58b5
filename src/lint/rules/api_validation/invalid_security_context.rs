//! PL148 `invalid-security-context`: a pod or container `securityContext` value the API server
//! rejects (user and group IDs, proc mount, privilege escalation, seccomp and AppArmor
//! profiles, Windows options, policies, user namespaces).

use crate::k8s::cluster::feature_gates::Gate;
use crate::k8s::model::{SecurityProfile, WindowsSecurityContextOptions};
use crate::k8s::names;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type, not_supported};
use crate::lint::rules::{Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// a security context value the API server rejects.
pub static RULE: Rule = Rule {
    id: "PL148",
    name: "invalid-security-context",
    severity: Severity::Error,
    summary: "a pod or container `securityContext` value the API server rejects",
    origin: Origin::Pod(check),
    docs: r#"## What it does
Checks the values of the pod's and each container's `securityContext` as the API server does: `runAsUser`, `runAsGroup`, `fsGroup` and `supplementalGroups` between 0 and 2147483647; `procMount` `Default` or `Unmasked`, and `Unmasked` only with `hostUsers: false`; `allowPrivilegeEscalation: false` not beside `privileged: true` or an added `CAP_SYS_ADMIN`; `seccompProfile` and `appArmorProfile` with a known `type` and a `localhostProfile` exactly when the type is `Localhost` (a relative path without `..` for seccomp, no padding and at most 4095 bytes for AppArmor); `windowsOptions` (`gmsaCredentialSpecName` a DNS subdomain, `gmsaCredentialSpec` not empty and under 64 KiB, `runAsUserName` a valid `DOMAIN\user`); `fsGroupChangePolicy` and `supplementalGroupsPolicy` values; `seLinuxChangePolicy` `Recursive`, or also `MountOption` with the SELinuxMount feature gate (off by default before 1.37); `shareProcessNamespace` not with `hostPID`; and with `hostUsers: false`, no `hostNetwork`, `hostPID` or `hostIPC`.

## Why
The API server rejects the pod (`spec.containers[0].securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive`, `spec.containers[0].securityContext: Invalid value: …: cannot set `allowPrivilegeEscalation` to false and `privileged` to true`). Policy engines and admission webhooks often add these fields, so a typo in a profile type or a conflicting pair shows up only at deploy time.

## Example
```yaml
securityContext:
  privileged: true
  allowPrivilegeEscalation: false
  seccompProfile:
    type: runtime/default
```

## How to fix
Drop one of the conflicting settings, use the API's spelling (`RuntimeDefault`, `Localhost`, `Unconfined`), and keep IDs within range.

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `ValidateSecurityContext`, `validatePodSpecSecurityContext`, `validateSeccompProfileField`, `ValidateAppArmorProfileField`, `validateWindowsSecurityContextOptions`, `validateHostUsers` (`FieldValueInvalid`, `FieldValueNotSupported`, `FieldValueRequired`, `FieldValueForbidden`, `FieldValueTooLong`). `privileged: true` is not reported: it depends on the API server's `--allow-privileged`, which clusters set.
"#,
};

const MAX_ID: i64 = 2_147_483_647;

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    let mut problems = Vec::new();
    container_problems(context, &mut problems);
    pod_problems(context, &mut problems);
    findings.extend(problems.into_iter().map(|p| p.into_finding(&RULE)));
}

/// `ValidateSecurityContext` for every container.
fn container_problems(context: &PodContext<'_>, problems: &mut Vec<Problem>) {
    let host_users = context.pod.spec.host_users != Some(false);
    for (list, index, container) in context.all_containers() {
        let Some(sc) = container.security_context.as_ref() else {
            continue;
        };
        let at = context.container_path(list, index).child("securityContext");
        let who = Who::new(list, container, index).to_string();
        id_problem(&at, "runAsUser", sc.run_as_user, "user", problems);
        id_problem(&at, "runAsGroup", sc.run_as_group, "group", problems);
        if let Some(mount) = sc.proc_mount.as_deref() {
            if !matches!(mount, "Default" | "Unmasked") {
                problems.push(not_supported(at.child("procMount"), "procMount", mount, &["Default", "Unmasked"], None));
            }
            if host_users && mount == "Unmasked" {
                problems.push(Problem::new(
                    at.child("procMount"),
                    k8s_type::INVALID,
                    Some(mount.to_string()),
                    format!("{who} asks for an `Unmasked` /proc without a user namespace"),
                    "`hostUsers` must be false to use `Unmasked`",
                    "set `hostUsers: false` in the pod spec, or use `procMount: Default`",
                ));
            }
        }
        profile_problems(&at, sc.seccomp_profile.as_ref(), problems, Profile::Seccomp);
        if sc.allow_privilege_escalation == Some(false) {
            let conflict = |what: &str, label: &str| {
                Problem::new(
                    at.clone(),
                    k8s_type::INVALID,
                    None,
                    format!("{who} sets `allowPrivilegeEscalation: false` and {what}"),
                    label.to_string(),
                    "a privileged container (or one with CAP_SYS_ADMIN) can always escalate: drop one of the two",
                )
                .pointing_at(at.child("allowPrivilegeEscalation"))
            };
            if sc.privileged == Some(true) {
                problems.push(conflict("`privileged: true`", "cannot set `allowPrivilegeEscalation` to false and `privileged` to true"));
            }
            let adds = sc.capabilities.as_ref().and_then(|c| c.add.as_deref()).unwrap_or_default();
            for _ in adds.iter().filter(|cap| *cap == "CAP_SYS_ADMIN") {
                problems.push(conflict("adds `CAP_SYS_ADMIN`", "cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN"));
            }
        }
        windows_problems(&at, sc.windows_options.as_ref(), problems);
        profile_problems(&at, sc.app_armor_profile.as_ref(), problems, Profile::AppArmor);
    }
}

/// `validatePodSpecSecurityContext` and `validateHostUsers`.
fn pod_problems(context: &PodContext<'_>, problems: &mut Vec<Problem>) {
    let spec = &context.pod.spec;
    let base = FieldPath::root().child("spec");
    if let Some(sc) = spec.security_context.as_ref() {
        let at = base.child("securityContext");
        id_problem(&at, "fsGroup", sc.fs_group, "group", problems);
        id_problem(&at, "runAsUser", sc.run_as_user, "user", problems);
        id_problem(&at, "runAsGroup", sc.run_as_group, "group", problems);
        for (index, group) in sc.supplemental_groups.iter().flatten().enumerate() {
            if !(0..=MAX_ID).contains(group) {
                problems.push(id_out_of_range(at.child("supplementalGroups").index(index), "supplementalGroups", *group, "group"));
            }
        }
        if let Some(policy) = sc.fs_group_change_policy.as_deref()
            && !matches!(policy, "Always" | "OnRootMismatch")
        {
            problems.push(not_supported(at.child("fsGroupChangePolicy"), "fsGroupChangePolicy", policy, &["Always", "OnRootMismatch"], None));
        }
        profile_problems(&at, sc.seccomp_profile.as_ref(), problems, Profile::Seccomp);
        windows_problems(&at, sc.windows_options.as_ref(), problems);
        profile_problems(&at, sc.app_armor_profile.as_ref(), problems, Profile::AppArmor);
        if let Some(policy) = sc.supplemental_groups_policy.as_deref()
            && !matches!(policy, "Merge" | "Strict")
        {
            problems.push(not_supported(at.child("supplementalGroupsPolicy"), "supplementalGroupsPolicy", policy, &["Merge", "Strict"], None));
        }
        // `useOnlyRecursiveSELinuxChangePolicy`: without SELinuxMount only `Recursive` is valid.
        let policies: &[&str] = if context.gates.enabled(Gate::SELinuxMount) { &["MountOption", "Recursive"] } else { &["Recursive"] };
        if let Some(policy) = sc.se_linux_change_policy.as_deref()
            && !policies.contains(&policy)
        {
            problems.push(not_supported(at.child("seLinuxChangePolicy"), "seLinuxChangePolicy", policy, policies, None));
        }
    }
    if spec.share_process_namespace == Some(true) && spec.host_pid == Some(true) {
        problems.push(
            Problem::new(
                // The internal API keeps it in the security context.
                base.child("securityContext").child("shareProcessNamespace"),
                k8s_type::INVALID,
                Some("true".to_string()),
                "`shareProcessNamespace` and `hostPID` are both true",
                "ShareProcessNamespace and HostPID cannot both be enabled",
                "a pod shares the node's process namespace or its own, not both: drop one",
            )
            .pointing_at(base.child("shareProcessNamespace")),
        );
    }
    if spec.host_users == Some(false) {
        for (field, path, on) in [
            ("hostNetwork", "hostNetwork", spec.host_network),
            ("hostPID", "HostPID", spec.host_pid),
            ("hostIPC", "HostIPC", spec.host_ipc),
        ] {
            if on == Some(true) {
                problems.push(
                    Problem::new(
                        base.child(path),
                        k8s_type::FORBIDDEN,
                        None,
                        format!("`{field}: true` with `hostUsers: false`"),
                        "when `hostUsers` is false",
                        format!("a pod in its own user namespace cannot use the node's namespaces: drop `{field}` or `hostUsers: false`"),
                    )
                    .pointing_at(base.child(field))
                    .on_key(),
                );
            }
        }
    }
}

fn id_problem(at: &FieldPath, field: &str, value: Option<i64>, kind: &str, problems: &mut Vec<Problem>) {
    if let Some(value) = value.filter(|v| !(0..=MAX_ID).contains(v)) {
        problems.push(id_out_of_range(at.child(field.to_string()), field, value, kind));
    }
}

fn id_out_of_range(path: FieldPath, field: &str, value: i64, kind: &str) -> Problem {
    Problem::new(
        path,
        k8s_type::INVALID,
        Some(value.to_string()),
        format!("`{field}: {value}` is not a valid {kind} ID"),
        "must be between 0 and 2147483647, inclusive",
        format!("use a {kind} ID from 0 to 2147483647"),
    )
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Profile {
    Seccomp,
    AppArmor,
}

const PROFILE_TYPES: [&str; 3] = ["Localhost", "RuntimeDefault", "Unconfined"];

/// `validateSeccompProfileField` and `ValidateAppArmorProfileField`.
fn profile_problems(parent: &FieldPath, profile: Option<&SecurityProfile>, problems: &mut Vec<Problem>, kind: Profile) {
    let Some(profile) = profile else { return };
    let (field, what) = match kind {
        Profile::Seccomp => ("seccompProfile", "seccomp"),
        Profile::AppArmor => ("appArmorProfile", "AppArmor"),
    };
    let at = parent.child(field);
    let local = profile.localhost_profile.as_deref();
    let required = |label: String| {
        Problem::new(
            at.child("localhostProfile"),
            k8s_type::REQUIRED,
            None,
            format!("the {what} profile is `Localhost` but names no `localhostProfile`"),
            label,
            "name the profile file on the node (seccomp: relative to the kubelet's seccomp directory)",
        )
        .pointing_at(at.clone())
    };
    let only_localhost = |value: &str| {
        Problem::new(
            at.child("localhostProfile"),
            k8s_type::INVALID,
            Some(value.to_string()),
            format!("`localhostProfile` is set but the {what} profile type is not `Localhost`"),
            format!("can only be set when {what} type is Localhost"),
            "set `type: Localhost`, or remove `localhostProfile`",
        )
        .on_key()
    };
    match profile.kind.as_deref().unwrap_or("") {
        "" => problems.push(
            Problem::new(
                at.child("type"),
                k8s_type::REQUIRED,
                None,
                format!("the {what} profile has no `type`"),
                format!("type is required when {field} is set"),
                "set `type: RuntimeDefault` (or `Localhost` with a `localhostProfile`, or `Unconfined`)",
            )
            .pointing_at(at.clone()),
        ),
        "Localhost" => match local {
            None => problems.push(required(format!("must be set when {what} type is Localhost"))),
            Some(value) => localhost_problems(&at, value, kind, problems),
        },
        known if PROFILE_TYPES.contains(&known) => {
            if kind == Profile::AppArmor
                && let Some(value) = local
            {
                problems.push(only_localhost(value));
            }
        }
        other => {
            let mut problem = not_supported(at.child("type"), "type", other, &PROFILE_TYPES, None);
            problem.message = format!("{what} profile type `{other}` is not supported");
            problems.push(problem);
        }
    }
    // Seccomp checks `localhostProfile` against any type but Localhost, unknown or missing.
    if kind == Profile::Seccomp
        && profile.kind.as_deref() != Some("Localhost")
        && let Some(value) = local
    {
        problems.push(only_localhost(value));
    }
}

/// A `Localhost` profile's `localhostProfile`: a relative path without `..` for seccomp, a
/// loaded profile's name for AppArmor.
fn localhost_problems(at: &FieldPath, value: &str, kind: Profile, problems: &mut Vec<Problem>) {
    let path = at.child("localhostProfile");
    match kind {
        Profile::Seccomp => {
            for reason in names::local_descending_path(value) {
                problems.push(Problem::new(
                    path.clone(),
                    k8s_type::INVALID,
                    Some(value.to_string()),
                    format!("`localhostProfile: {value}` is not a path below the kubelet's seccomp directory"),
                    reason,
                    "write the path relative to the kubelet's seccomp directory (`profiles/audit.json`)",
                ));
            }
        }
        Profile::AppArmor => {
            if value.trim() != value {
                problems.push(Problem::new(
                    path.clone(),
                    k8s_type::INVALID,
                    Some(value.to_string()),
                    "the AppArmor `localhostProfile` has leading or trailing whitespace",
                    "must not be padded with whitespace",
                    "remove the spaces",
                ));
            } else if value.is_empty() {
                problems.push(
                    Problem::new(
                        path.clone(),
                        k8s_type::REQUIRED,
                        None,
                        "the AppArmor profile is `Localhost` but names no `localhostProfile`",
                        "must be set when AppArmor type is Localhost",
                        "name a profile loaded on the node",
                    )
                    .pointing_at(at.clone()),
                );
            }
            if value.len() > 4095 {
                problems.push(Problem::new(
                    path,
                    k8s_type::TOO_LONG,
                    None,
                    format!("the AppArmor `localhostProfile` is {} bytes long", value.len()),
                    "may not be more than 4095 bytes",
                    "name a loaded profile",
                ));
            }
        }
    }
}

/// `validateWindowsSecurityContextOptions`.
fn windows_problems(parent: &FieldPath, options: Option<&WindowsSecurityContextOptions>, problems: &mut Vec<Problem>) {
    let Some(options) = options else { return };
    let at = parent.child("windowsOptions");
    let invalid = |field: &str, value: Option<&str>, label: String| {
        Problem::new(
            at.child(field.to_string()),
            k8s_type::INVALID,
            value.map(str::to_string),
            format!("`windowsOptions.{field}` is not valid"),
            label,
            match field {
                "gmsaCredentialSpecName" => "name the GMSACredentialSpec object (lowercase)",
                "gmsaCredentialSpec" => "give the credential spec's JSON, or remove the field",
                _ => "write `USER` or `DOMAIN\\USER`",
            },
        )
    };
    if let Some(name) = options.gmsa_credential_spec_name.as_deref() {
        for reason in names::dns1123_subdomain(name) {
            problems.push(invalid("gmsaCredentialSpecName", Some(name), reason));
        }
    }
    if let Some(spec) = options.gmsa_credential_spec.as_deref() {
        if spec.is_empty() {
            problems.push(invalid("gmsaCredentialSpec", Some(spec), "gmsaCredentialSpec cannot be an empty string".to_string()));
        } else if spec.len() > 64 * 1024 {
            problems.push(invalid("gmsaCredentialSpec", None, "gmsaCredentialSpec size must be under 64 KiB".to_string()));
        }
    }
    if let Some(user) = options.run_as_user_name.as_deref() {
        for label in run_as_user_name_problems(user) {
            problems.push(invalid("runAsUserName", Some(user), label));
        }
    }
}

/// The checks of a Windows `runAsUserName` (`DOMAIN\USER` or `USER`).
fn run_as_user_name_problems(name: &str) -> Vec<String> {
    if name.is_empty() {
        return vec!["runAsUserName cannot be an empty string".to_string()];
    }
    if name.chars().any(|c| c.is_ascii_control()) {
        return vec!["runAsUserName cannot contain control characters".to_string()];
    }
    if name.matches('\\').count() > 1 {
        return vec!["runAsUserName cannot contain more than one backslash".to_string()];
    }
    let (has_domain, (domain, user)) = match name.split_once('\\') {
        Some(parts) => (true, parts),
        None => (false, ("", name)),
    };
    let mut problems = Vec::new();
    if domain.len() >= 256 {
        problems.push("runAsUserName's Domain length must be under 256 characters".to_string());
    }
    if has_domain && !netbios_domain(domain) && !dns_domain(domain) {
        problems.push("runAsUserName's Domain doesn't match the NetBios nor the DNS format".to_string());
    }
    if user.is_empty() {
        problems.push("runAsUserName's User cannot be empty".to_string());
    } else if user.len() > 104 {
        problems.push("runAsUserName's User length must not be longer than 104 characters".to_string());
    }
    if !user.is_empty() && user.chars().all(|c| c == '.' || c == ' ') {
        problems.push("runAsUserName's User cannot contain only periods or spaces".to_string());
    }
    const INVALID: &str = "\"/\\:;|=,+*?<>@[]";
    if user.chars().any(|c| INVALID.contains(c)) {
        problems.push(format!("runAsUserName's User cannot contain the following characters: {INVALID}"));
    }
    problems
}

/// `^[^\\/:\*\?"<>|\.][^\\/:\*\?"<>|]{0,14}$`.
fn netbios_domain(domain: &str) -> bool {
    const BAD: &str = "\\/:*?\"<>|";
    let mut chars = domain.chars();
    let Some(first) = chars.next() else { return false };
    !BAD.contains(first) && first != '.' && domain.chars().count() <= 15 && chars.all(|c| !BAD.contains(c))
}

/// DNS labels (`[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?`) joined by dots.
fn dns_domain(domain: &str) -> bool {
    domain.split('.').all(|label| {
        let bytes = label.as_bytes();
        (1..=63).contains(&bytes.len())
            && bytes.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'-')
            && bytes.first().is_some_and(u8::is_ascii_alphanumeric)
            && bytes.last().is_some_and(u8::is_ascii_alphanumeric)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{gates, k8s_errors, k8s_errors_in};

    fn container(sc: &str) -> String {
        format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - name: c\n    image: image\n    securityContext: {sc}\n")
    }

    fn pod(extra: &str) -> String {
        format!("apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n{extra}  containers:\n  - {{name: c, image: image}}\n")
    }

    fn errors(text: &str) -> Vec<(String, &'static str)> {
        k8s_errors(&RULE, text, false)
    }

    const C: &str = "spec.containers[0].securityContext";

    // TestValidateSecurityContext: the success rows (with `hostUsers: false` where the row
    // passes hostUsers=false) and the error rows but the cluster-policy one (privileged is
    // allowed by the API server podlife assumes).
    #[test]
    fn k7_validate_security_context() {
        let full = "{privileged: false, capabilities: {add: [foo], drop: [bar]}, seLinuxOptions: {user: u, role: r, type: t, level: l}, runAsUser: 1}";
        assert!(errors(&container(full)).is_empty());
        assert!(errors(&container("{procMount: Default}")).is_empty());
        let unmasked = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  hostUsers: false\n  containers:\n  - {name: c, image: image, securityContext: {procMount: Unmasked}}\n";
        assert!(errors(unmasked).is_empty());
        for (sc, path, k8s_type) in [
            ("{runAsUser: -1}", format!("{C}.runAsUser"), "FieldValueInvalid"),
            ("{allowPrivilegeEscalation: false, capabilities: {add: [CAP_SYS_ADMIN]}}", C.to_string(), "FieldValueInvalid"),
            ("{allowPrivilegeEscalation: false, privileged: true}", C.to_string(), "FieldValueInvalid"),
            ("{procMount: Unmasked}", format!("{C}.procMount"), "FieldValueInvalid"),
            ("{runAsGroup: 2147483648}", format!("{C}.runAsGroup"), "FieldValueInvalid"),
            ("{procMount: Masked}", format!("{C}.procMount"), "FieldValueNotSupported"),
        ] {
            assert_eq!(errors(&container(sc)), [(path, k8s_type)], "{sc}");
        }
        // `SYS_ADMIN` without the prefix is not caught, as in Kubernetes.
        assert!(errors(&container("{allowPrivilegeEscalation: false, capabilities: {add: [SYS_ADMIN]}}")).is_empty());
    }

    // TestValidatePod seccomp and AppArmor rows; validateSeccompProfileField and
    // ValidateAppArmorProfileField branches.
    #[test]
    fn k7_seccomp_and_app_armor_profiles() {
        for (profile, path, k8s_type) in [
            ("seccompProfile: {type: Localhost, localhostProfile: /abs.json}", "seccompProfile.localhostProfile", "FieldValueInvalid"),
            ("seccompProfile: {type: Localhost, localhostProfile: ../escape.json}", "seccompProfile.localhostProfile", "FieldValueInvalid"),
            ("seccompProfile: {type: Localhost}", "seccompProfile.localhostProfile", "FieldValueRequired"),
            ("seccompProfile: {type: RuntimeDefault, localhostProfile: a.json}", "seccompProfile.localhostProfile", "FieldValueInvalid"),
            ("seccompProfile: {type: runtime/default}", "seccompProfile.type", "FieldValueNotSupported"),
            ("seccompProfile: {}", "seccompProfile.type", "FieldValueRequired"),
            ("appArmorProfile: {type: test}", "appArmorProfile.type", "FieldValueNotSupported"),
            ("appArmorProfile: {}", "appArmorProfile.type", "FieldValueRequired"),
            ("appArmorProfile: {type: Localhost}", "appArmorProfile.localhostProfile", "FieldValueRequired"),
            ("appArmorProfile: {type: Localhost, localhostProfile: \"\"}", "appArmorProfile.localhostProfile", "FieldValueRequired"),
            ("appArmorProfile: {type: Localhost, localhostProfile: \"foo-bar \"}", "appArmorProfile.localhostProfile", "FieldValueInvalid"),
            ("appArmorProfile: {type: RuntimeDefault, localhostProfile: foo-bar}", "appArmorProfile.localhostProfile", "FieldValueInvalid"),
        ] {
            assert_eq!(errors(&container(&format!("{{{profile}}}"))), [(format!("{C}.{path}"), k8s_type)], "{profile}");
            let at_pod = pod(&format!("  securityContext: {{{profile}}}\n"));
            assert_eq!(errors(&at_pod), [(format!("spec.securityContext.{path}"), k8s_type)], "pod {profile}");
        }
        let long = "x".repeat(4096);
        assert_eq!(
            errors(&container(&format!("{{appArmorProfile: {{type: Localhost, localhostProfile: {long}}}}}"))),
            [(format!("{C}.appArmorProfile.localhostProfile"), "FieldValueTooLong")]
        );
        for ok in ["seccompProfile: {type: Localhost, localhostProfile: profiles/audit.json}", "seccompProfile: {type: RuntimeDefault}", "appArmorProfile: {type: Localhost, localhostProfile: k8s-nginx}", "appArmorProfile: {type: Unconfined}"] {
            assert!(errors(&container(&format!("{{{ok}}}"))).is_empty(), "{ok}");
        }
    }

    // TestValidateWindowsSecurityContextOptions.
    #[test]
    fn k7_validate_windows_security_context_options() {
        for ok in ["{}", "{gmsaCredentialSpecName: my-spec, gmsaCredentialSpec: \"{}\"}", "{runAsUserName: Container. User}", "{runAsUserName: NT AUTHORITY\\NETWORK SERVICE}", "{runAsUserName: contoso.com\\User}"] {
            assert!(errors(&container(&format!("{{windowsOptions: {ok}}}"))).is_empty(), "{ok}");
        }
        let long_domain = format!("{}.com", "a".repeat(60)).repeat(5);
        for (options, field) in [
            ("{gmsaCredentialSpecName: not_a_dns_subdomain}", "gmsaCredentialSpecName"),
            ("{gmsaCredentialSpec: \"\"}", "gmsaCredentialSpec"),
            ("{runAsUserName: \"\"}", "runAsUserName"),
            ("{runAsUserName: \"Container\\tUser\"}", "runAsUserName"),
            ("{runAsUserName: \"Container\\\\Domain\\\\User\"}", "runAsUserName"),
            ("{runAsUserName: \"\\\\User\"}", "runAsUserName"),
            ("{runAsUserName: \"Container\\\\\"}", "runAsUserName"),
            ("{runAsUserName: \"Net_Bios_Domain_Too_Long\\\\User\"}", "runAsUserName"),
            ("{runAsUserName: \".com-\\\\User\"}", "runAsUserName"),
            ("{runAsUserName: \"... ...\"}", "runAsUserName"),
            ("{runAsUserName: Container/User}", "runAsUserName"),
        ] {
            let found = errors(&container(&format!("{{windowsOptions: {options}}}")));
            assert!(!found.is_empty() && found.iter().all(|(p, t)| *p == format!("{C}.windowsOptions.{field}") && *t == "FieldValueInvalid"), "{options}: {found:?}");
        }
        let found = errors(&container(&format!("{{windowsOptions: {{runAsUserName: \"{long_domain}\\\\User\"}}}}")));
        assert!(!found.is_empty(), "long domain");
        let found = errors(&container(&format!("{{windowsOptions: {{runAsUserName: {}}}}}", "u".repeat(105))));
        assert_eq!(found.len(), 1);
        let spec = "x".repeat(64 * 1024 + 1);
        assert_eq!(errors(&container(&format!("{{windowsOptions: {{gmsaCredentialSpec: {spec}}}}}"))).len(), 1);
    }

    // TestValidatePodSpec security-context rows and TestValidateHostUsers.
    #[test]
    fn k7_validate_pod_spec_security_context() {
        for ok in [
            "  securityContext: {runAsUser: 0, fsGroup: 0, supplementalGroups: [0]}\n",
            "  securityContext: {runAsUser: 2147483647, fsGroup: 2147483647, supplementalGroups: [2147483647]}\n",
            "  hostPID: true\n  hostIPC: true\n",
            "  shareProcessNamespace: true\n",
            "  securityContext: {fsGroupChangePolicy: OnRootMismatch, supplementalGroupsPolicy: Strict, seLinuxChangePolicy: MountOption}\n",
        ] {
            assert!(errors(&pod(ok)).is_empty(), "{ok}");
        }
        // The table validates with every policy allowed: SELinuxMount on (its default from
        // 1.37, the release these tests check for). Off (its default through 1.36), only
        // `Recursive` (`useOnlyRecursiveSELinuxChangePolicy`).
        let mount_option = pod("  securityContext: {seLinuxChangePolicy: MountOption}\n");
        assert!(k8s_errors_in(&RULE, &mount_option, gates(35, "SELinuxMount=true")).is_empty());
        let recursive = pod("  securityContext: {seLinuxChangePolicy: Recursive}\n");
        assert!(k8s_errors_in(&RULE, &recursive, gates(36, "")).is_empty());
        assert_eq!(
            k8s_errors_in(&RULE, &mount_option, gates(36, "")),
            [("spec.securityContext.seLinuxChangePolicy".to_string(), "FieldValueNotSupported")]
        );
        for (extra, path, k8s_type) in [
            ("  securityContext: {supplementalGroups: [2147483648]}\n", "spec.securityContext.supplementalGroups[0]", "FieldValueInvalid"),
            ("  securityContext: {supplementalGroups: [-1]}\n", "spec.securityContext.supplementalGroups[0]", "FieldValueInvalid"),
            ("  securityContext: {runAsUser: 2147483648}\n", "spec.securityContext.runAsUser", "FieldValueInvalid"),
            ("  securityContext: {runAsUser: -1}\n", "spec.securityContext.runAsUser", "FieldValueInvalid"),
            ("  securityContext: {fsGroup: 2147483648}\n", "spec.securityContext.fsGroup", "FieldValueInvalid"),
            ("  securityContext: {fsGroup: -1}\n", "spec.securityContext.fsGroup", "FieldValueInvalid"),
            ("  hostPID: true\n  shareProcessNamespace: true\n", "spec.securityContext.shareProcessNamespace", "FieldValueInvalid"),
            ("  securityContext: {fsGroupChangePolicy: \"\"}\n", "spec.securityContext.fsGroupChangePolicy", "FieldValueNotSupported"),
            ("  securityContext: {fsGroupChangePolicy: invalid}\n", "spec.securityContext.fsGroupChangePolicy", "FieldValueNotSupported"),
            ("  securityContext: {supplementalGroupsPolicy: not-supported}\n", "spec.securityContext.supplementalGroupsPolicy", "FieldValueNotSupported"),
            ("  securityContext: {seLinuxChangePolicy: InvalidValue}\n", "spec.securityContext.seLinuxChangePolicy", "FieldValueNotSupported"),
            ("  hostUsers: false\n  hostNetwork: true\n", "spec.hostNetwork", "FieldValueForbidden"),
            ("  hostUsers: false\n  hostPID: true\n", "spec.HostPID", "FieldValueForbidden"),
            ("  hostUsers: false\n  hostIPC: true\n", "spec.HostIPC", "FieldValueForbidden"),
        ] {
            assert_eq!(errors(&pod(extra)), [(path.to_string(), k8s_type)], "{extra}");
        }
    }
}
