//! The rule registry: every rule podlife has, sorted by ID, and what a rule's check sees.
//!
//! Each rule lives in its own file with a `static RULE` (ID, name, severity, docs) and, for rules
//! that look at a pod, a `check` function. Loader rules (syntax, types, unknown fields) are
//! reported while reading; their files hold the docs so `explain` and the registry know them.

use crate::finding::{Finding, RuleId, Severity};
use crate::k8s::cluster::dropped_fields::RemovedField;
use crate::k8s::cluster::{Defaulting, FeatureGates, Gate};
pub use crate::k8s::container_list::{ContainerList, MESSAGE_TAIL_ROOM};
use crate::k8s::model::{Container, Pod};
use crate::k8s::workload::PodObject;
use crate::lint::rules::best_practice::helpers::disruption_budgets::DisruptionBudgets;
use crate::lint::rules::best_practice::helpers::settings::{
    BestPracticeSettings, DEFAULT_SETTINGS,
};
use crate::yaml::field_path::FieldPath;

/// Declares every rule file in its family's folder (`lint/rules/<family>/<rule>.rs`, with the
/// family's shared code in `<family>/helpers/` where it has any), re-exports its `RULE` under a
/// constant name and builds [`REGISTRY`] in the order given (by ID): adding a rule is its file
/// plus one line here, in its family's block.
macro_rules! rules {
    ($($family:ident $(($helpers:ident))? {
        $($id:ident $file:ident => $name:ident,)*
    })*) => {
        $(
            #[doc = concat!("The `", stringify!($family), "` family's rules.")]
            pub mod $family {
                $(pub mod $helpers;)?
                $(pub(in crate::lint::rules) mod $file;)*
            }
            $(pub use $family::$file::RULE as $name;)*
        )*

        /// Every rule, sorted by ID.
        pub static REGISTRY: &[&Rule] = &[$($(&$name,)*)*];

        /// The family and ID each registry line names, to check them against the rule file's
        /// own ID and its group.
        #[cfg(test)]
        static REGISTERED: &[(&str, &str, &str)] =
            &[$($((stringify!($family), stringify!($id), stringify!($file)),)*)*];
    };
}

rules! {
    loader {
        PL001 invalid_yaml => INVALID_YAML,
        PL002 duplicate_key => DUPLICATE_KEY,
        PL003 input_too_complex => INPUT_TOO_COMPLEX,
        PL004 not_an_object => NOT_AN_OBJECT,
        PL005 wrong_type => WRONG_TYPE,
        PL006 unknown_field => UNKNOWN_FIELD,
        PL007 invalid_quantity => INVALID_QUANTITY,
        PL008 no_containers => NO_CONTAINERS,
        PL009 container_name_required => CONTAINER_NAME_REQUIRED,
        PL010 container_image_required => CONTAINER_IMAGE_REQUIRED,
        PL011 no_objects => NO_OBJECTS,
        PL012 unused_suppression => UNUSED_SUPPRESSION,
        PL013 unrendered_template => UNRENDERED_TEMPLATE,
        PL014 unrendered_placeholder => UNRENDERED_PLACEHOLDER,
    }
    api_validation (helpers) {
        PL100 invalid_container_name => INVALID_CONTAINER_NAME,
        PL101 duplicate_container_name => DUPLICATE_CONTAINER_NAME,
        PL102 invalid_image_pull_policy => INVALID_IMAGE_PULL_POLICY,
        PL103 invalid_termination_message_policy => INVALID_TERMINATION_MESSAGE_POLICY,
        PL104 invalid_restart_policy => INVALID_RESTART_POLICY,
        PL105 init_container_restart_policy => INIT_CONTAINER_RESTART_POLICY,
        PL106 app_container_restart_policy => APP_CONTAINER_RESTART_POLICY,
        PL107 forbidden_init_container_field => FORBIDDEN_INIT_CONTAINER_FIELD,
        PL108 invalid_probe_handler => INVALID_PROBE_HANDLER,
        PL109 invalid_probe_threshold => INVALID_PROBE_THRESHOLD,
        PL110 probe_success_threshold => PROBE_SUCCESS_THRESHOLD,
        PL111 readiness_probe_grace_period => READINESS_PROBE_GRACE_PERIOD,
        PL112 invalid_lifecycle_handler => INVALID_LIFECYCLE_HANDLER,
        PL113 invalid_port => INVALID_PORT,
        PL114 duplicate_port_name => DUPLICATE_PORT_NAME,
        PL115 host_port_conflict => HOST_PORT_CONFLICT,
        PL116 invalid_env_var_name => INVALID_ENV_VAR_NAME,
        PL117 undeclared_volume_mount => UNDECLARED_VOLUME_MOUNT,
        PL118 duplicate_mount_path => DUPLICATE_MOUNT_PATH,
        PL119 invalid_volume_mount => INVALID_VOLUME_MOUNT,
        PL120 invalid_resource_name => INVALID_RESOURCE_NAME,
        PL121 negative_resource => NEGATIVE_RESOURCE,
        PL122 limit_below_request => LIMIT_BELOW_REQUEST,
        PL123 extended_resource_not_integral => EXTENDED_RESOURCE_NOT_INTEGRAL,
        PL124 extended_resource_request_limit => EXTENDED_RESOURCE_REQUEST_LIMIT,
        PL125 hugepages_without_cpu_or_memory => HUGEPAGES_WITHOUT_CPU_OR_MEMORY,
        PL126 hugepages_not_page_multiple => HUGEPAGES_NOT_PAGE_MULTIPLE,
        PL127 invalid_resize_policy => INVALID_RESIZE_POLICY,
        PL128 invalid_termination_grace_period => INVALID_TERMINATION_GRACE_PERIOD,
        PL129 invalid_active_deadline => INVALID_ACTIVE_DEADLINE,
        PL130 job_restart_policy => JOB_RESTART_POLICY,
        PL131 deployment_restart_policy => DEPLOYMENT_RESTART_POLICY,
        PL132 workload_active_deadline => WORKLOAD_ACTIVE_DEADLINE,
        PL133 forbidden_ephemeral_container_field => FORBIDDEN_EPHEMERAL_CONTAINER_FIELD,
        PL134 image_whitespace => IMAGE_WHITESPACE,
        PL135 field_not_in_release => FIELD_NOT_IN_RELEASE,
        PL136 field_dropped_by_feature_gate => FIELD_DROPPED_BY_FEATURE_GATE,
        PL137 invalid_restart_policy_rules => INVALID_RESTART_POLICY_RULES,
        PL138 invalid_env_var_source => INVALID_ENV_VAR_SOURCE,
        PL139 invalid_env_from => INVALID_ENV_FROM,
        PL140 invalid_dns_config => INVALID_DNS_CONFIG,
        PL141 host_network_port_mismatch => HOST_NETWORK_PORT_MISMATCH,
        PL142 invalid_pod_reference_name => INVALID_POD_REFERENCE_NAME,
        PL143 unknown_target_container => UNKNOWN_TARGET_CONTAINER,
        PL144 invalid_stop_signal => INVALID_STOP_SIGNAL,
        PL145 invalid_pod_os => INVALID_POD_OS,
        PL146 invalid_resource_claim => INVALID_RESOURCE_CLAIM,
        PL147 pod_resources_below_containers => POD_RESOURCES_BELOW_CONTAINERS,
        PL148 invalid_security_context => INVALID_SECURITY_CONTEXT,
        PL149 invalid_sysctl => INVALID_SYSCTL,
        PL150 field_forbidden_for_pod_os => FIELD_FORBIDDEN_FOR_POD_OS,
        PL151 invalid_volume_device => INVALID_VOLUME_DEVICE,
        PL152 invalid_host_process_pod => INVALID_HOST_PROCESS_POD,
        PL153 invalid_volume => INVALID_VOLUME,
        PL154 invalid_readiness_gate => INVALID_READINESS_GATE,
        PL155 invalid_scheduling_gate => INVALID_SCHEDULING_GATE,
        PL160 invalid_recursive_read_only => INVALID_RECURSIVE_READ_ONLY,
        PL170 invalid_toleration => INVALID_TOLERATION,
        PL171 invalid_node_affinity => INVALID_NODE_AFFINITY,
        PL172 invalid_pod_affinity => INVALID_POD_AFFINITY,
        PL173 invalid_host_alias => INVALID_HOST_ALIAS,
        PL174 invalid_topology_spread => INVALID_TOPOLOGY_SPREAD,
        PL175 invalid_seccomp_annotation => INVALID_SECCOMP_ANNOTATION,
        PL176 seccomp_annotation_mismatch => SECCOMP_ANNOTATION_MISMATCH,
        PL177 invalid_preemption_policy => INVALID_PREEMPTION_POLICY,
        PL178 invalid_workload_spec => INVALID_WORKLOAD_SPEC,
        PL179 invalid_workload_selector => INVALID_WORKLOAD_SELECTOR,
        PL180 invalid_cronjob_spec => INVALID_CRONJOB_SPEC,
        PL181 invalid_job_spec => INVALID_JOB_SPEC,
        PL182 invalid_pod_failure_policy => INVALID_POD_FAILURE_POLICY,
        PL183 invalid_success_policy => INVALID_SUCCESS_POLICY,
        PL184 invalid_object_metadata => INVALID_OBJECT_METADATA,
        PL185 set_by_admission => SET_BY_ADMISSION,
    }
    seed_features {
        PL200 defer_container_restart_policy => DEFER_CONTAINER_RESTART_POLICY,
        PL201 defer_container_forbidden_field => DEFER_CONTAINER_FORBIDDEN_FIELD,
        PL202 invalid_defer_trigger => INVALID_DEFER_TRIGGER,
        PL203 invalid_defer_grace_period_extension => INVALID_DEFER_GRACE_PERIOD_EXTENSION,
        PL204 conflicting_defer_grace_period_extensions => CONFLICTING_DEFER_GRACE_PERIOD_EXTENSIONS,
        PL205 defer_extension_without_liveness_probe => DEFER_EXTENSION_WITHOUT_LIVENESS_PROBE,
        PL206 unused_defer_settings => UNUSED_DEFER_SETTINGS,
        PL207 legacy_init_containers_annotation => LEGACY_INIT_CONTAINERS_ANNOTATION,
        PL208 legacy_init_containers_conflict => LEGACY_INIT_CONTAINERS_CONFLICT,
        PL209 invalid_initializer_name => INVALID_INITIALIZER_NAME,
        PL210 pending_initializers => PENDING_INITIALIZERS,
    }
    lifecycle {
        PL300 sidecar_without_startup_probe => SIDECAR_WITHOUT_STARTUP_PROBE,
        PL301 termination_work_exceeds_grace_period => TERMINATION_WORK_EXCEEDS_GRACE_PERIOD,
        PL302 zero_grace_period_with_termination_work => ZERO_GRACE_PERIOD_WITH_TERMINATION_WORK,
        PL303 active_deadline_with_restart_always => ACTIVE_DEADLINE_WITH_RESTART_ALWAYS,
        PL304 active_deadline_shorter_than_startup => ACTIVE_DEADLINE_SHORTER_THAN_STARTUP,
        PL305 liveness_probe_kills_slow_start => LIVENESS_PROBE_KILLS_SLOW_START,
        PL306 identical_liveness_and_readiness_probes => IDENTICAL_LIVENESS_AND_READINESS_PROBES,
        PL307 init_container_decides_requests => INIT_CONTAINER_DECIDES_REQUESTS,
        PL308 container_lowers_qos_class => CONTAINER_LOWERS_QOS_CLASS,
        PL309 liveness_kill_cuts_pre_stop => LIVENESS_KILL_CUTS_PRE_STOP,
        PL310 never_restart_with_init_containers => NEVER_RESTART_WITH_INIT_CONTAINERS,
        PL311 mutable_image_tag_with_if_not_present => MUTABLE_IMAGE_TAG_WITH_IF_NOT_PRESENT,
        PL312 probe_port_not_declared => PROBE_PORT_NOT_DECLARED,
        PL313 probe_timeout_exceeds_period => PROBE_TIMEOUT_EXCEEDS_PERIOD,
        PL314 never_ending_container_in_job => NEVER_ENDING_CONTAINER_IN_JOB,
    }
    best_practice (helpers) {
        PL400 privileged_container => PRIVILEGED_CONTAINER,
        PL401 privilege_escalation_allowed => PRIVILEGE_ESCALATION_ALLOWED,
        PL402 run_as_root_allowed => RUN_AS_ROOT_ALLOWED,
        PL403 low_user_id => LOW_USER_ID,
        PL404 writable_root_filesystem => WRITABLE_ROOT_FILESYSTEM,
        PL405 capabilities_not_dropped => CAPABILITIES_NOT_DROPPED,
        PL406 dangerous_capability_added => DANGEROUS_CAPABILITY_ADDED,
        PL407 seccomp_not_restricted => SECCOMP_NOT_RESTRICTED,
        PL408 apparmor_unconfined => APPARMOR_UNCONFINED,
        PL409 host_network => HOST_NETWORK,
        PL410 host_pid => HOST_PID,
        PL411 host_ipc => HOST_IPC,
        PL412 host_port => HOST_PORT,
        PL413 host_path_volume => HOST_PATH_VOLUME,
        PL414 docker_socket_mount => DOCKER_SOCKET_MOUNT,
        PL415 sensitive_host_mount => SENSITIVE_HOST_MOUNT,
        PL416 service_account_token_automounted => SERVICE_ACCOUNT_TOKEN_AUTOMOUNTED,
        PL417 default_service_account => DEFAULT_SERVICE_ACCOUNT,
        PL418 secret_in_env_value => SECRET_IN_ENV_VALUE,
        PL419 ssh_port_exposed => SSH_PORT_EXPOSED,
        PL420 unsafe_proc_mount => UNSAFE_PROC_MOUNT,
        PL421 unsafe_sysctl => UNSAFE_SYSCTL,
        PL422 deprecated_service_account_field => DEPRECATED_SERVICE_ACCOUNT_FIELD,
        PL423 privileged_port => PRIVILEGED_PORT,
        PL424 secret_as_env_var => SECRET_AS_ENV_VAR,
        PL425 writable_host_mount => WRITABLE_HOST_MOUNT,
        PL426 host_process_container => HOST_PROCESS_CONTAINER,
        PL430 missing_readiness_probe => MISSING_READINESS_PROBE,
        PL431 missing_liveness_probe => MISSING_LIVENESS_PROBE,
        PL432 liveness_stricter_than_readiness => LIVENESS_STRICTER_THAN_READINESS,
        PL433 liveness_probe_single_failure => LIVENESS_PROBE_SINGLE_FAILURE,
        PL435 missing_cpu_request => MISSING_CPU_REQUEST,
        PL436 missing_memory_request => MISSING_MEMORY_REQUEST,
        PL437 missing_memory_limit => MISSING_MEMORY_LIMIT,
        PL438 cpu_limit_policy => CPU_LIMIT_POLICY,
        PL439 memory_limit_not_equal_request => MEMORY_LIMIT_NOT_EQUAL_REQUEST,
        PL440 missing_ephemeral_storage => MISSING_EPHEMERAL_STORAGE,
        PL441 image_tag_not_pinned => IMAGE_TAG_NOT_PINNED,
        PL442 image_pull_policy_not_always => IMAGE_PULL_POLICY_NOT_ALWAYS,
        PL443 image_registry_not_allowed => IMAGE_REGISTRY_NOT_ALLOWED,
        PL445 no_pod_anti_affinity => NO_POD_ANTI_AFFINITY,
        PL446 no_topology_spread => NO_TOPOLOGY_SPREAD,
        PL447 missing_pod_disruption_budget => MISSING_POD_DISRUPTION_BUDGET,
        PL448 missing_priority_class => MISSING_PRIORITY_CLASS,
        PL449 selector_mismatch => SELECTOR_MISMATCH,
        PL450 duplicate_env_var => DUPLICATE_ENV_VAR,
        PL451 single_replica => SINGLE_REPLICA,
    }
    pod_security (helpers) {
        PL500 pod_security_app_armor_profile => POD_SECURITY_APP_ARMOR_PROFILE,
        PL501 pod_security_capabilities_baseline => POD_SECURITY_CAPABILITIES_BASELINE,
        PL502 pod_security_host_namespaces => POD_SECURITY_HOST_NAMESPACES,
        PL503 pod_security_host_path_volumes => POD_SECURITY_HOST_PATH_VOLUMES,
        PL504 pod_security_host_ports => POD_SECURITY_HOST_PORTS,
        PL505 pod_security_host_probes_and_lifecycle => POD_SECURITY_HOST_PROBES_AND_LIFECYCLE,
        PL506 pod_security_privileged => POD_SECURITY_PRIVILEGED,
        PL507 pod_security_proc_mount => POD_SECURITY_PROC_MOUNT,
        PL508 pod_security_selinux_options => POD_SECURITY_SELINUX_OPTIONS,
        PL509 pod_security_seccomp_profile_baseline => POD_SECURITY_SECCOMP_PROFILE_BASELINE,
        PL510 pod_security_sysctls => POD_SECURITY_SYSCTLS,
        PL511 pod_security_windows_host_process => POD_SECURITY_WINDOWS_HOST_PROCESS,
        PL520 pod_security_allow_privilege_escalation => POD_SECURITY_ALLOW_PRIVILEGE_ESCALATION,
        PL521 pod_security_capabilities_restricted => POD_SECURITY_CAPABILITIES_RESTRICTED,
        PL522 pod_security_proc_mount_restricted => POD_SECURITY_PROC_MOUNT_RESTRICTED,
        PL523 pod_security_restricted_volumes => POD_SECURITY_RESTRICTED_VOLUMES,
        PL524 pod_security_run_as_non_root => POD_SECURITY_RUN_AS_NON_ROOT,
        PL525 pod_security_run_as_user => POD_SECURITY_RUN_AS_USER,
        PL526 pod_security_seccomp_profile_restricted => POD_SECURITY_SECCOMP_PROFILE_RESTRICTED,
        PL530 invalid_pod_security_label => INVALID_POD_SECURITY_LABEL,
        PL531 exempt_namespace_labels => EXEMPT_NAMESPACE_LABELS,
    }
}

/// Rules that are off unless configuration turns them on (`--select`, `--severity NAME=warning`):
/// the built-in configuration's `severity: {NAME: off}`. Each is a sound check that fires on
/// deliberate, common patterns, so it suits a team policy rather than every CI run.
pub static DEFAULT_OFF: &[&Rule] = &[&IDENTICAL_LIVENESS_AND_READINESS_PROBES];

/// Whether a rule runs when no configuration says otherwise: not the `best-practice` group
/// (PL4xx, opt-in), nor the rules of [`DEFAULT_OFF`].
pub fn enabled_by_default(rule: &Rule) -> bool {
    !rule.id.starts_with("PL4") && !DEFAULT_OFF.iter().any(|off| off.id == rule.id)
}

/// The group a rule belongs to, by its ID's hundreds: what `podlife rules -o json` shows as
/// `group`, and a selector (`--select best-practice`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Group {
    /// PL0xx: reading the text (syntax, types, unknown fields, suppressions).
    Loader,
    /// PL1xx: what the API server rejects or changes.
    ApiValidation,
    /// PL2xx: the seed features (defer containers, legacy init containers, initializers).
    SeedFeatures,
    /// PL3xx: podlife's lifecycle lints.
    Lifecycle,
    /// PL4xx: the best practices of kube-linter, kube-score and Polaris; off by default.
    BestPractice,
    /// PL5xx: what Pod Security admission rejects, warns about or audits.
    PodSecurity,
}

impl Group {
    /// Every group, in ID order.
    pub const ALL: [Group; 6] = [
        Group::Loader,
        Group::ApiValidation,
        Group::SeedFeatures,
        Group::Lifecycle,
        Group::BestPractice,
        Group::PodSecurity,
    ];

    /// The group of a rule.
    pub fn of(rule: &Rule) -> Group {
        Group::of_id(rule.id)
    }

    /// The group of a rule ID (`PL4…` → best-practice).
    pub fn of_id(id: &str) -> Group {
        match id.as_bytes().get(2) {
            Some(b'1') => Group::ApiValidation,
            Some(b'2') => Group::SeedFeatures,
            Some(b'3') => Group::Lifecycle,
            Some(b'4') => Group::BestPractice,
            Some(b'5') => Group::PodSecurity,
            _ => Group::Loader,
        }
    }

    /// Its name, as selectors and JSON spell it.
    pub fn name(self) -> &'static str {
        match self {
            Group::Loader => "loader",
            Group::ApiValidation => "api-validation",
            Group::SeedFeatures => "seed-features",
            Group::Lifecycle => "lifecycle",
            Group::BestPractice => "best-practice",
            Group::PodSecurity => "pod-security",
        }
    }

    /// One line: what its rules check.
    pub fn summary(self) -> &'static str {
        match self {
            Group::Loader => "the rules of reading the text (PL0xx)",
            Group::ApiValidation => "what the API server rejects or changes (PL1xx)",
            Group::SeedFeatures => "defer containers, legacy init containers, initializers (PL2xx)",
            Group::Lifecycle => "podlife's lifecycle lints (PL3xx)",
            Group::BestPractice => {
                "the best practices of kube-linter, kube-score and Polaris (PL4xx, off by default)"
            }
            Group::PodSecurity => {
                "what Pod Security admission rejects, warns about or audits (PL5xx, where a level applies)"
            }
        }
    }

    /// The group a name names.
    pub fn find(name: &str) -> Option<Group> {
        Group::ALL.into_iter().find(|group| group.name() == name)
    }
}

/// A rule: identity, default severity, documentation, and where its findings come from.
#[derive(Debug)]
pub struct Rule {
    /// Stable ID, `PL` + three digits, never reused.
    pub id: &'static str,
    /// Kebab-case name of the bad pattern.
    pub name: &'static str,
    /// Default severity.
    pub severity: Severity,
    /// One line: what the rule reports.
    pub summary: &'static str,
    /// Markdown docs with the sections What it does / Why / Example / How to fix / Kubernetes reference.
    pub docs: &'static str,
    /// Where findings come from.
    pub origin: Origin,
}

impl Rule {
    /// The ID findings carry.
    pub const fn id(&self) -> RuleId {
        RuleId {
            code: self.id,
            name: self.name,
        }
    }

    /// A finding of this rule with its default severity.
    pub fn finding(&self, message: impl Into<String>) -> Finding {
        Finding::new(self.id(), self.severity, message)
    }
}

/// The registered rule a finding names.
pub fn rule(id: RuleId) -> Option<&'static Rule> {
    position(id.code).and_then(|position| REGISTRY.get(position).copied())
}

/// The position in [`REGISTRY`] of the rule with this code: looked up by the code's number
/// (a finding's rule is looked up once per finding when configuration is applied), by search
/// for a code of another shape.
pub fn position(code: &str) -> Option<usize> {
    static BY_NUMBER: std::sync::OnceLock<Vec<Option<u16>>> = std::sync::OnceLock::new();
    let number = |code: &str| {
        code.strip_prefix("PL")
            .filter(|digits| digits.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|digits| digits.parse::<usize>().ok())
    };
    let table = BY_NUMBER.get_or_init(|| {
        let mut table = Vec::new();
        for (position, rule) in REGISTRY.iter().enumerate() {
            if let Some(number) = number(rule.id) {
                if table.len() <= number {
                    table.resize(number + 1, None);
                }
                if let Some(slot) = table.get_mut(number) {
                    *slot = u16::try_from(position).ok();
                }
            }
        }
        table
    });
    let found = number(code)
        .and_then(|number| table.get(number).copied().flatten())
        .map(usize::from)
        .filter(|&position| REGISTRY.get(position).is_some_and(|rule| rule.id == code));
    found.or_else(|| {
        REGISTRY
            .binary_search_by(|registered| registered.id.cmp(code))
            .ok()
    })
}

/// Where a rule's findings come from.
#[derive(Debug, Clone, Copy)]
pub enum Origin {
    /// Reported by the loader while reading the text.
    Loader,
    /// A check run on each pod.
    Pod(fn(&PodContext<'_>, &mut Vec<Finding>)),
    /// Reported when configuration is applied to a file's findings (suppressions).
    Configuration,
    /// Reported on a Namespace object where its document is validated.
    Namespace,
}

/// What `--fix` does for a rule's findings, for the rules whose findings may carry a fix:
/// how safe it is and what it does. A finding carries one only when the repair is certain.
pub fn fix_of(rule: &Rule) -> Option<(crate::finding::Applicability, &'static str)> {
    use crate::finding::Applicability::{Safe, Unsafe};
    match rule.id {
        "PL002" => Some((
            Unsafe,
            "removes the repeated entry, keeping the first (the one podlife checked)",
        )),
        "PL005" => Some((
            Safe,
            "adds or removes the quotes when the value as written has the field's type (`\"80\"` → `80`, `\"true\"` → `true`, `1.20` → `\"1.20\"`)",
        )),
        "PL006" => Some((
            Unsafe,
            "renames the field to the one field it is a typo of, when there is exactly one",
        )),
        "PL422" => Some((
            Safe,
            "renames `serviceAccount` to `serviceAccountName` when that is absent (the API server reads them the same)",
        )),
        "PL179" => Some((
            Unsafe,
            "gives a Deployment, ReplicaSet or StatefulSet without a selector one of its template's labels (a selector cannot change once the workload exists: check it is the set that identifies its pods)",
        )),
        "PL207" => Some((
            Unsafe,
            "moves the annotation's containers to `spec.initContainers` and removes the annotation (they start running)",
        )),
        "PL007" => Some((
            Safe,
            "writes the quantity it certainly means: a binary unit as bytes or in the wrong case (`512MiB` → `512Mi`, `1gi` → `1Gi`), a space before the unit, CPU in words (`2 cores` → `2`); not `512MB` (1000 or 1024?)",
        )),
        "PL120" => Some((
            Safe,
            "renames a resource to the one it certainly means (`mem` → `memory`, `cores` → `cpu`, a quota's `requests.cpu` → `cpu`); not `gpu` (which vendor?) nor `disk`",
        )),
        "PL102" | "PL103" | "PL104" | "PL105" | "PL113" | "PL140" | "PL144" | "PL145" | "PL148"
        | "PL153" | "PL160" | "PL170" | "PL174" | "PL178" | "PL180" | "PL181" | "PL182"
        | "PL200" => Some((
            Safe,
            "writes the supported value when only the case is wrong (`ifnotpresent` → `IfNotPresent`)",
        )),
        _ => None,
    }
}

/// How a rule's verdict depends on the Kubernetes release and feature gates checked for
/// (`--kubernetes-version`, `--feature-gates`), for `rules` and `explain`: the gates it
/// consults and a sentence on what changes.
// One arm per rule: a long table of same-shaped entries.
#[allow(clippy::too_many_lines)]
pub fn cluster_dependence(rule: &Rule) -> Option<(&'static [Gate], &'static str)> {
    use Gate::{
        ContainerRestartRules, ContainerStopSignals, DynamicResourceAllocation, EnvFiles,
        HostnameOverride, InPlacePodVerticalScaling, MatchLabelKeysInPodAffinity,
        MatchLabelKeysInPodTopologySpreadSelectorMerge, PodLevelResources, PodLifecycleSleepAction,
        PodLifecycleSleepActionAllowZero, PodSchedulingReadiness, RecursiveReadOnlyMounts,
        RelaxedDNSSearchValidation, RelaxedEnvironmentVariableValidation,
        RestartAllContainersOnContainerExits, SELinuxMount, SidecarContainers,
    };
    Some(match rule.id {
        "PL105" => (
            &[ContainerRestartRules],
            "before 1.34, or with ContainerRestartRules off, only `Always`; with it (on from 1.35) also `Never` and `OnFailure`, and in 1.34 with it off other values are dropped",
        ),
        "PL106" => (
            &[ContainerRestartRules],
            "forbidden before 1.34; with ContainerRestartRules (on from 1.35) `Always`, `Never` or `OnFailure`; in 1.34 with it off the field is dropped (PL136)",
        ),
        "PL112" => (
            &[PodLifecycleSleepAction, PodLifecycleSleepActionAllowZero],
            "a `sleep` handler is dropped without PodLifecycleSleepAction (off in 1.29); a zero sleep needs PodLifecycleSleepActionAllowZero (on from 1.33)",
        ),
        "PL116" => (
            &[RelaxedEnvironmentVariableValidation],
            "C-identifier-like names before 1.32 (RelaxedEnvironmentVariableValidation off); any printable ASCII but `=` after",
        ),
        "PL127" => (
            &[InPlacePodVerticalScaling],
            "without InPlacePodVerticalScaling (off before 1.33) the field is dropped; init containers may set it from 1.33",
        ),
        "PL135" => (
            &[],
            "fields added after 1.29: `appArmorProfile` (1.30), resource claims' names and `request` (1.31, when `source` went), `supplementalGroupsPolicy` (1.31), `seLinuxChangePolicy` and pod-level `resources` (1.32), `stopSignal` (1.33), restart rules, `fileKeyRef`, `hostnameOverride`, projected `podCertificate` sources (1.34)",
        ),
        "PL136" => (
            &[
                SidecarContainers,
                InPlacePodVerticalScaling,
                PodLevelResources,
                ContainerRestartRules,
                PodLifecycleSleepAction,
                EnvFiles,
                ContainerStopSignals,
                HostnameOverride,
                DynamicResourceAllocation,
                PodSchedulingReadiness,
                RecursiveReadOnlyMounts,
                MatchLabelKeysInPodAffinity,
                Gate::ClusterTrustBundleProjection,
                Gate::PodCertificateRequest,
                Gate::MinDomainsInPodTopologySpread,
                Gate::NodeInclusionPolicyInPodTopologySpread,
                Gate::MatchLabelKeysInPodTopologySpread,
            ],
            "fires only for gates that are off in the release, or turned off with `--feature-gates`",
        ),
        "PL137" => (
            &[ContainerRestartRules, RestartAllContainersOnContainerExits],
            "restart rules exist from 1.34; RestartAllContainersOnContainerExits (on from 1.36) adds `RestartAllContainers` and allows rules on sidecars",
        ),
        "PL138" => (
            &[EnvFiles],
            "`fileKeyRef` is dropped without EnvFiles (off in 1.34, on from 1.35)",
        ),
        "PL139" => (
            &[RelaxedEnvironmentVariableValidation],
            "prefixes follow the env var name rule of the release (strict before 1.32)",
        ),
        "PL140" => (
            &[RelaxedDNSSearchValidation],
            "search paths may hold `_` or be `.` from 1.33 (RelaxedDNSSearchValidation)",
        ),
        "PL142" => (
            &[HostnameOverride],
            "`hostnameOverride` exists from 1.34 and is dropped while HostnameOverride is off (1.34)",
        ),
        "PL144" => (
            &[ContainerStopSignals],
            "`stopSignal` exists from 1.33 and is dropped while ContainerStopSignals is off (its default in every release so far): the rule fires only with `--feature-gates ContainerStopSignals=true`",
        ),
        "PL146" => (
            &[DynamicResourceAllocation, PodLevelResources],
            "claims are dropped while DynamicResourceAllocation is off (before 1.34 by default); before 1.31 a claim's names sit under `source` and there is no `request`",
        ),
        "PL147" => (
            &[PodLevelResources],
            "pod-level `resources` exist from 1.32 and are dropped while PodLevelResources is off (before 1.34 by default)",
        ),
        "PL148" => (
            &[SELinuxMount],
            "`seLinuxChangePolicy: MountOption` is valid only with SELinuxMount (off by default before 1.37, GA from 1.37); otherwise only `Recursive`",
        ),
        "PL155" => (
            &[PodSchedulingReadiness],
            "`schedulingGates` are dropped when PodSchedulingReadiness is turned off (possible only in 1.29; GA and locked from 1.30)",
        ),
        "PL160" => (
            &[RecursiveReadOnlyMounts],
            "`recursiveReadOnly` is dropped, so never checked, while RecursiveReadOnlyMounts is off (1.30 by default)",
        ),
        "PL171" => (
            &[],
            "the values of required terms' `matchExpressions` are label values from 1.33 (any string before)",
        ),
        "PL172" => (
            &[MatchLabelKeysInPodAffinity],
            "`matchLabelKeys` and `mismatchLabelKeys` are dropped without MatchLabelKeysInPodAffinity (off in 1.29 and 1.30, PL136) and checked with it",
        ),
        "PL174" => (
            &[
                MatchLabelKeysInPodTopologySpreadSelectorMerge,
                Gate::MinDomainsInPodTopologySpread,
                Gate::NodeInclusionPolicyInPodTopologySpread,
                Gate::MatchLabelKeysInPodTopologySpread,
            ],
            "with MatchLabelKeysInPodTopologySpreadSelectorMerge (on from 1.34) a Pod's `matchLabelKeys` join its selector first and an overlap is reported at the constraint; before, at `matchLabelKeys[i]`; `minDomains`, the node inclusion policies and `matchLabelKeys` are dropped (PL136), so not checked, while MinDomainsInPodTopologySpread, NodeInclusionPolicyInPodTopologySpread or MatchLabelKeysInPodTopologySpread is turned off",
        ),
        _ => return None,
    })
}

/// Names rules had before they were renamed, with their IDs: configurations, `--select` and
/// suppressions written with an old name keep working.
pub const FORMER_NAMES: &[(&str, &str)] = &[
    // It reports defer containers too.
    ("init-container-lowers-qos-class", "PL308"),
];

/// Finds a rule by ID (`PL005`, any case), name (`wrong-type`), former name, or the Pod
/// Security check it runs (`hostNamespaces`).
pub fn find(key: &str) -> Option<&'static Rule> {
    let key = FORMER_NAMES
        .iter()
        .find(|(former, _)| *former == key)
        .map_or(key, |(_, id)| id);
    REGISTRY
        .iter()
        .copied()
        .find(|rule| rule.id.eq_ignore_ascii_case(key) || rule.name == key)
        .or_else(|| pod_security::helpers::check::by_id(key).map(|(rule, _)| rule))
}

/// The rules whose name or summary holds every word of `query` (any case; a name's `-` counts
/// as a space), in ID order: what `podlife explain WORD` lists when WORD is no ID or name.
pub fn search(query: &str) -> Vec<&'static Rule> {
    let words: Vec<String> = query
        .split(|c: char| c.is_whitespace() || c == '-')
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect();
    if words.is_empty() {
        return Vec::new();
    }
    REGISTRY
        .iter()
        .copied()
        .filter(|rule| {
            let text = format!("{} {}", rule.name.replace('-', " "), rule.summary).to_lowercase();
            words.iter().all(|word| text.contains(word.as_str()))
        })
        .collect()
}

/// What a pod check sees: the pod, where it came from, and how strictly to judge it.
pub struct PodContext<'p> {
    /// The pod-bearing object.
    pub object: &'p PodObject,
    /// Its pod.
    pub pod: &'p Pod,
    /// Whether pods with pending initializers are judged as if initialized
    /// (`--strict-initialized`).
    pub strict_initialized: bool,
    /// The release and feature gates the pod is checked for.
    pub gates: FeatureGates,
    /// What the API server of that release took out of the pod before validating it.
    pub removed: &'p [RemovedField],
    /// The `best-practice` group's settings (`bestPractice:`).
    pub best_practice: &'p BestPracticeSettings,
    /// The PodDisruptionBudgets of the run, read only when PL447 runs (`None`: not read, and
    /// PL447 judges nothing).
    pub disruption_budgets: Option<&'p DisruptionBudgets>,
    /// Whether API defaults were applied before the checks (`--no-defaulting` skips them): the
    /// pod is already as stored; a workload's own spec is defaulted by the check that reads it.
    pub defaulting: Defaulting,
    /// The Pod Security policy the object's namespace applies (`None`: nothing is checked).
    pub pod_security: Option<&'p pod_security::helpers::policy::ObjectPolicy>,
}

impl<'p> PodContext<'p> {
    /// A context for one pod.
    pub fn new(object: &'p PodObject) -> Self {
        PodContext {
            object,
            pod: &object.pod,
            strict_initialized: false,
            gates: FeatureGates::default(),
            removed: &[],
            best_practice: &DEFAULT_SETTINGS,
            disruption_budgets: None,
            defaulting: Defaulting::Applied,
            pod_security: None,
        }
    }

    /// A context for one pod as seen after defaulting (or any other view of the object's pod).
    pub fn with_pod(object: &'p PodObject, pod: &'p Pod, strict_initialized: bool) -> Self {
        PodContext {
            object,
            pod,
            strict_initialized,
            gates: FeatureGates::default(),
            removed: &[],
            best_practice: &DEFAULT_SETTINGS,
            disruption_budgets: None,
            defaulting: Defaulting::Applied,
            pod_security: None,
        }
    }

    /// The same context for a cluster: its gates, and what its API server took out of the pod.
    #[must_use]
    pub fn in_cluster(mut self, gates: FeatureGates, removed: &'p [RemovedField]) -> Self {
        self.gates = gates;
        self.removed = removed;
        self
    }

    /// The same context with the `best-practice` group's settings.
    #[must_use]
    pub fn with_best_practice(mut self, settings: &'p BestPracticeSettings) -> Self {
        self.best_practice = settings;
        self
    }

    /// The same context with API defaulting applied or skipped (`--no-defaulting`).
    #[must_use]
    pub fn with_defaulting(mut self, defaulting: Defaulting) -> Self {
        self.defaulting = defaulting;
        self
    }

    /// The same context with the run's PodDisruptionBudgets (PL447).
    #[must_use]
    pub fn with_disruption_budgets(mut self, budgets: Option<&'p DisruptionBudgets>) -> Self {
        self.disruption_budgets = budgets;
        self
    }

    /// The same context with the object's Pod Security policy.
    #[must_use]
    pub fn with_pod_security(
        mut self,
        policy: Option<&'p pod_security::helpers::policy::ObjectPolicy>,
    ) -> Self {
        self.pod_security = policy;
        self
    }

    /// A pod-relative path (`spec.containers`), as Kubernetes' pod validation names it.
    pub fn pod_path(&self, path: &'static str) -> FieldPath {
        FieldPath::parse_static(path)
    }

    /// A path in the object itself, outside its pod (`spec.replicas` of a Deployment).
    pub fn object_path(&self, path: &'static str) -> FieldPath {
        FieldPath::parse_static_under(crate::k8s::workload::OBJECT_ROOT, path)
    }

    /// The path of a container in the pod (`spec.initContainers[1]`, or the legacy annotation).
    pub fn container_path(&self, list: ContainerList, index: usize) -> FieldPath {
        self.container_field_path(list, index, &[])
    }

    /// [`PodContext::container_path`] followed by `fields`, made in one allocation.
    pub fn container_field_path(
        &self,
        list: ContainerList,
        index: usize,
        fields: &[&'static str],
    ) -> FieldPath {
        self.object.container_field_path(list, index, fields)
    }

    /// The containers that run beside the app, with their list and index: native sidecars (in
    /// init-container order), then app containers. These get probes, hooks and termination.
    pub fn running_containers(
        &self,
    ) -> impl Iterator<Item = (ContainerList, usize, &'p Container)> {
        let pod = self.pod;
        let sidecars = pod
            .init_containers()
            .iter()
            .enumerate()
            .filter(|(_, container)| container.is_sidecar())
            .map(|(index, container)| (ContainerList::Init, index, container));
        let apps = pod
            .containers()
            .iter()
            .enumerate()
            .map(|(index, container)| (ContainerList::App, index, container));
        sidecars.chain(apps)
    }

    /// Every container with its list and index: init, app, ephemeral, defer.
    pub fn all_containers(&self) -> impl Iterator<Item = (ContainerList, usize, &'p Container)> {
        let pod = self.pod;
        let tag = |list: ContainerList, containers: &'p [Container]| {
            containers
                .iter()
                .enumerate()
                .map(move |(index, container)| (list, index, container))
        };
        tag(ContainerList::Init, pod.init_containers())
            .chain(tag(ContainerList::App, pod.containers()))
            .chain(tag(ContainerList::Ephemeral, pod.ephemeral_containers()))
            .chain(tag(ContainerList::Defer, pod.defer_containers()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::settings::CheckOptions;
    use std::collections::HashSet;
    use std::sync::Arc;

    const SECTIONS: [&str; 5] = [
        "## What it does",
        "## Why",
        "## Example",
        "## How to fix",
        "## Kubernetes reference",
    ];

    #[test]
    fn each_registry_line_names_its_rule_file_id_and_resolves() {
        assert_eq!(REGISTERED.len(), REGISTRY.len());
        for ((_, line, _), rule) in REGISTERED.iter().zip(REGISTRY) {
            assert_eq!(*line, rule.id, "the `rules!` line of `{}`", rule.name);
            let found = super::rule(rule.id()).map(|found| found.id);
            assert_eq!(found, Some(rule.id), "{} resolves from its RuleId", rule.id);
        }
    }

    /// A rule's folder is its family, the group users see in `podlife rules`
    /// (`best-practice` → `best_practice/`).
    #[test]
    fn each_rule_sits_in_the_folder_of_its_group() {
        for ((family, _, _), rule) in REGISTERED.iter().zip(REGISTRY) {
            assert_eq!(
                *family,
                Group::of(rule).name().replace('-', "_"),
                "{} is registered in the `{family}` family",
                rule.id
            );
        }
    }

    #[test]
    fn registry_is_sorted_with_unique_ids_and_names() {
        let mut ids = HashSet::new();
        let mut names = HashSet::new();
        for window in REGISTRY.windows(2) {
            assert!(
                window[0].id < window[1].id,
                "{} before {}",
                window[0].id,
                window[1].id
            );
        }
        for rule in REGISTRY {
            assert!(ids.insert(rule.id), "duplicate id {}", rule.id);
            assert!(names.insert(rule.name), "duplicate name {}", rule.name);
            assert!(
                rule.id.len() == 5 && rule.id.starts_with("PL"),
                "{}",
                rule.id
            );
            assert!(
                rule.name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "{}",
                rule.name
            );
        }
    }

    #[test]
    fn every_rule_has_all_doc_sections() {
        for rule in REGISTRY {
            for section in SECTIONS {
                assert!(rule.docs.contains(section), "{} lacks {section}", rule.name);
            }
        }
    }

    #[test]
    fn every_rule_file_is_registered() {
        let directory = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lint/rules");
        let mut files = Vec::new();
        for group in Group::ALL {
            let family = group.name().replace('-', "_");
            let folder = directory.join(&family);
            for entry in std::fs::read_dir(&folder).expect("a family folder is readable") {
                let path = entry.expect("entry").path();
                if path.extension().is_some_and(|e| e == "rs") {
                    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
                    files.push((family.clone(), stem.to_string()));
                }
            }
        }
        let mut stray = Vec::new();
        for entry in std::fs::read_dir(&directory).expect("src/lint/rules is readable") {
            let path = entry.expect("entry").path();
            let name = path.file_name().and_then(|s| s.to_str()).unwrap_or("");
            let is_family = Group::ALL
                .iter()
                .any(|group| group.name().replace('-', "_") == name);
            if name != "mod.rs" && !is_family {
                stray.push(name.to_string());
            }
        }
        assert!(
            stray.is_empty(),
            "src/lint/rules holds {stray:?} outside a family folder"
        );
        for (family, file) in &files {
            let name = file.replace('_', "-");
            assert!(
                REGISTERED
                    .iter()
                    .any(|(f, _, registered)| f == family && registered == file)
                    && find(&name).is_some(),
                "src/lint/rules/{family}/{file}.rs is not registered as `{name}` in `{family}`"
            );
        }
        assert_eq!(
            files.len(),
            REGISTRY.len(),
            "rule files and registry differ"
        );
    }

    /// Reading (`objects`) makes the findings of the loader rules and knows only their IDs and
    /// severities: the two lists are the same, in the same order.
    #[test]
    fn reading_findings_are_the_loader_rules() {
        let loader: Vec<(&str, &str, Severity)> = REGISTRY
            .iter()
            .filter(|rule| matches!(rule.origin, Origin::Loader))
            .map(|rule| (rule.id, rule.name, rule.severity))
            .collect();
        let reading: Vec<(&str, &str, Severity)> = crate::objects::reading_findings::ALL
            .iter()
            .map(|finding| (finding.id.code, finding.id.name, finding.severity))
            .collect();
        assert_eq!(reading, loader);
    }

    #[test]
    fn off_by_default_rules_are_registered_and_say_so() {
        for rule in DEFAULT_OFF {
            assert!(find(rule.id).is_some(), "{} is not registered", rule.id);
            assert!(
                rule.docs.contains("Off by default"),
                "{} docs must say it is off by default",
                rule.id
            );
        }
        for rule in REGISTRY {
            if rule.docs.contains("Off by default") {
                assert!(!enabled_by_default(rule), "{} says off but is on", rule.id);
            }
        }
    }

    /// The documents of a fixture with their expectation (`true` = fires).
    fn fixture_documents(text: &str) -> Vec<(bool, String)> {
        let mut documents = vec![String::new()];
        for line in text.lines() {
            if line.trim_end() == "---" {
                documents.push(String::new());
            } else if let Some(last) = documents.last_mut() {
                last.push_str(line);
                last.push('\n');
            }
        }
        documents
            .into_iter()
            .map(|document| {
                let first = document
                    .lines()
                    .find(|line| !line.starts_with("# args:"))
                    .unwrap_or("")
                    .trim()
                    .to_string();
                let fires = match first.as_str() {
                    "# expect: fires" => true,
                    "# expect: ok" => false,
                    other => panic!("a fixture document starts with `{other}`"),
                };
                (fires, document)
            })
            .collect()
    }

    #[test]
    fn every_fixture_fires_where_it_says() {
        use crate::lint::settings::selection::{Level, RuleSettings, Selector, SettingsLayer};
        let directory = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rules");
        // The fixtures' configuration, for the settings option rules read (`bestPractice:`).
        let config_text = std::fs::read_to_string(directory.join(".podlife.yaml"))
            .expect("testdata/rules/.podlife.yaml is readable");
        let fixture_config =
            crate::lint::settings::config_file::parse(&config_text).expect("fixture config");
        for rule in REGISTRY {
            let path = directory.join(format!("{}.yaml", rule.name));
            let text = std::fs::read_to_string(&path).expect("fixture is readable");
            let layer = SettingsLayer {
                severity: vec![(Selector::Rule(rule), Level::On(rule.severity))],
                best_practice: fixture_config.best_practice.clone(),
                ..SettingsLayer::default()
            };
            let options = CheckOptions {
                settings: Arc::new(RuleSettings::resolve(&[&layer])),
                gates: api_validation::helpers::field_errors::testing::fixture_gates(&text),
                pod_security: Arc::new(
                    pod_security::helpers::policy::PodSecuritySetup::resolve_layers([
                        &fixture_config.pod_security,
                    ]),
                ),
                ..CheckOptions::default()
            };
            let documents = fixture_documents(&text);
            assert!(
                documents.iter().any(|(fires, _)| *fires),
                "{}: no `fires` document",
                rule.name
            );
            for (index, (fires, document)) in documents.into_iter().enumerate() {
                let source =
                    crate::input::SourceText::new(&format!("{}#{index}", rule.name), document);
                let report = crate::lint::validate::validate_source(&source, &options);
                let fired: Vec<&Finding> = report
                    .findings
                    .iter()
                    .filter(|finding| finding.rule.code == rule.id)
                    .collect();
                assert_eq!(
                    !fired.is_empty(),
                    fires,
                    "{} document {index} expected to {}: {:#?}",
                    rule.name,
                    if fires { "fire" } else { "stay quiet" },
                    report
                        .findings
                        .iter()
                        .map(|f| (f.rule.code, &f.message))
                        .collect::<Vec<_>>()
                );
            }
        }
    }

    #[test]
    fn every_rule_has_a_fixture() {
        let directory = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rules");
        for rule in REGISTRY {
            let fixture = directory.join(format!("{}.yaml", rule.name));
            assert!(fixture.exists(), "missing fixture {}", fixture.display());
        }
    }
}
