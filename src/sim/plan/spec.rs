//! What the pod asks for, compiled once from the defaulted manifest into what the kubelet needs.
//!
//! Containers are numbered init containers first (in order), then app containers, so an index
//! says everything; nothing is cloned per event.

use crate::k8s::model::{
    Container, ExecAction, HttpGetAction, LifecycleHandler, Pod, Probe, TcpSocketAction,
};
use crate::sim::engine::time::SimDuration;

/// Index of a container in [`PodPlan::containers`].
pub type ContainerIndex = usize;

/// What role a container plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContainerKind {
    /// A regular init container: runs to completion, one at a time.
    Init,
    /// A native sidecar: an init container with `restartPolicy: Always`.
    Sidecar,
    /// An app container.
    App,
    /// A defer container (seed, D1): runs at termination, one at a time.
    Defer,
}

/// The pod's `restartPolicy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RestartPolicy {
    /// Restart every exit.
    Always,
    /// Restart non-zero exits.
    OnFailure,
    /// Never restart.
    Never,
}

impl RestartPolicy {
    /// Parses the policy; anything unknown counts as `Always` (validation reports it).
    pub fn parse(text: &str) -> Self {
        match text {
            "OnFailure" => RestartPolicy::OnFailure,
            "Never" => RestartPolicy::Never,
            _ => RestartPolicy::Always,
        }
    }

    /// The kubelet's `shouldRestartOnFailure`.
    pub fn restarts_on_failure(self) -> bool {
        self != RestartPolicy::Never
    }

    /// The kubelet's `ShouldContainerBeRestarted` for an exited container.
    pub fn restarts_after(self, exit_code: i32) -> bool {
        match self {
            RestartPolicy::Always => true,
            RestartPolicy::OnFailure => exit_code != 0,
            RestartPolicy::Never => false,
        }
    }

    /// The name as written in a manifest.
    pub fn as_str(self) -> &'static str {
        match self {
            RestartPolicy::Always => "Always",
            RestartPolicy::OnFailure => "OnFailure",
            RestartPolicy::Never => "Never",
        }
    }
}

/// `imagePullPolicy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PullPolicy {
    /// Pull on every start.
    Always,
    /// Pull once per node.
    IfNotPresent,
    /// Never pull: the image must be on the node.
    Never,
}

/// The three probes, in the order the kubelet gates them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ProbeKind {
    /// `startupProbe`.
    Startup = 0,
    /// `livenessProbe`.
    Liveness = 1,
    /// `readinessProbe`.
    Readiness = 2,
}

impl ProbeKind {
    /// All kinds, by index.
    pub const ALL: [ProbeKind; 3] = [
        ProbeKind::Startup,
        ProbeKind::Liveness,
        ProbeKind::Readiness,
    ];

    /// Capitalised, as the kubelet's events print it (`Liveness probe failed: …`).
    pub fn title(self) -> &'static str {
        match self {
            ProbeKind::Startup => "Startup",
            ProbeKind::Liveness => "Liveness",
            ProbeKind::Readiness => "Readiness",
        }
    }

    /// The manifest field.
    pub fn field(self) -> &'static str {
        match self {
            ProbeKind::Startup => "startupProbe",
            ProbeKind::Liveness => "livenessProbe",
            ProbeKind::Readiness => "readinessProbe",
        }
    }

    /// The scenario's name (`startup`, `liveness`, `readiness`).
    pub fn name(self) -> &'static str {
        match self {
            ProbeKind::Startup => "startup",
            ProbeKind::Liveness => "liveness",
            ProbeKind::Readiness => "readiness",
        }
    }
}

/// How a probe or hook acts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Handler {
    /// `exec`: an `ExecSync` call to the runtime.
    Exec {
        /// The command, joined for the trace.
        command: String,
    },
    /// `httpGet`: the kubelet calls the pod itself.
    HttpGet {
        /// Port as written.
        port: String,
        /// Path.
        path: String,
    },
    /// `tcpSocket`.
    TcpSocket {
        /// Port as written.
        port: String,
    },
    /// `grpc`.
    Grpc {
        /// Port.
        port: String,
    },
    /// `sleep` (hooks only).
    Sleep {
        /// How long.
        duration: SimDuration,
    },
    /// No handler set.
    Missing,
}

/// A probe with the manifest's timings (defaulted).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbeSpec {
    /// How it probes.
    pub handler: Handler,
    /// `initialDelaySeconds`.
    pub initial_delay: SimDuration,
    /// `periodSeconds` (at least 1 s).
    pub period: SimDuration,
    /// `timeoutSeconds`.
    pub timeout: SimDuration,
    /// `successThreshold` (at least 1).
    pub success_threshold: u32,
    /// `failureThreshold` (at least 1).
    pub failure_threshold: u32,
    /// The probe's `terminationGracePeriodSeconds`, if set.
    pub termination_grace: Option<SimDuration>,
}

/// One container, as the kubelet sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContainerSpec {
    /// Name.
    pub name: String,
    /// Image reference.
    pub image: String,
    /// Index of the image in [`PodPlan::images`].
    pub image_index: usize,
    /// Role.
    pub kind: ContainerKind,
    /// Index in its own list (`initContainers[i]` or `containers[i]`).
    pub list_index: usize,
    /// `imagePullPolicy`.
    pub pull_policy: PullPolicy,
    /// Probes by [`ProbeKind`] index.
    pub probes: [Option<ProbeSpec>; 3],
    /// `lifecycle.postStart`.
    pub post_start: Option<Handler>,
    /// `lifecycle.preStop`.
    pub pre_stop: Option<Handler>,
    /// A regular or app container's own `restartPolicy` and `restartPolicyRules`
    /// (ContainerRestartRules; the API server drops them while the gate is off).
    pub restart: Option<ContainerRestart>,
    /// `lifecycle.stopSignal` (ContainerStopSignals; the API server drops it while the gate is
    /// off): the signal the runtime sends on `StopContainer` instead of the image's.
    pub stop_signal: Option<StopSignal>,
}

/// A stop signal the runtime sends, and what it does to a process without a handler.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StopSignal {
    /// Its number on Linux: a process killed by it exits with 128 + this.
    pub number: i32,
    /// What it does to a process that does not handle it.
    pub action: SignalAction,
}

/// What a signal does to a process that has no handler for it (signal(7)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignalAction {
    /// The process ends (`SIGTERM`, `SIGINT`, `SIGQUIT`, …); a process may handle it instead.
    Terminate,
    /// The process ends at once and cannot handle it (`SIGKILL`).
    Kill,
    /// Nothing happens, or the process is suspended: it does not exit (`SIGCHLD`, `SIGSTOP`, …).
    NoExit,
}

impl StopSignal {
    /// The signal `name` names, if the API accepts it on Linux.
    pub fn parse(name: &str) -> Option<Self> {
        Some(StopSignal {
            number: crate::k8s::stop_signals::linux_number(name)?,
            action: match name {
                "SIGKILL" => SignalAction::Kill,
                "SIGCHLD" | "SIGCLD" | "SIGCONT" | "SIGURG" | "SIGWINCH" | "SIGSTOP"
                | "SIGTSTP" | "SIGTTIN" | "SIGTTOU" => SignalAction::NoExit,
                _ => SignalAction::Terminate,
            },
        })
    }
}

/// A container's own restart policy and its rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContainerRestart {
    /// `restartPolicy`.
    pub policy: RestartPolicy,
    /// `restartPolicyRules`, in order.
    pub rules: Vec<RestartRule>,
}

/// One `restartPolicyRules` entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RestartRule {
    /// `action: Restart` (any other action falls through to the policy).
    pub restart: bool,
    /// `operator: In` (else `NotIn`).
    pub operator_in: bool,
    /// `values`.
    pub values: Vec<i64>,
}

impl ContainerSpec {
    /// `podutil.ContainerShouldRestart`: the first rule matching the exit code decides when its
    /// action is `Restart`; else the container's own policy; else the pod's.
    pub fn restarts_after(&self, pod: RestartPolicy, exit_code: i32) -> bool {
        let Some(restart) = &self.restart else {
            return pod.restarts_after(exit_code);
        };
        let code = i64::from(exit_code);
        let matching = restart
            .rules
            .iter()
            .find(|rule| rule.values.contains(&code) == rule.operator_in);
        if matching.is_some_and(|rule| rule.restart) {
            return true;
        }
        restart.policy.restarts_after(exit_code)
    }

    /// The probe of this kind, if any.
    pub fn probe(&self, kind: ProbeKind) -> Option<&ProbeSpec> {
        self.probes[kind as usize].as_ref()
    }

    /// The path of this container in the pod (`spec.initContainers[1]`).
    pub fn path(&self) -> String {
        match self.kind {
            ContainerKind::App => format!("spec.containers[{}]", self.list_index),
            ContainerKind::Defer => format!("spec.deferContainers[{}]", self.list_index),
            _ => format!("spec.initContainers[{}]", self.list_index),
        }
    }
}

/// The pod, compiled for the simulation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodPlan {
    /// `metadata.name` (or `<unnamed>`).
    pub name: String,
    /// `metadata.namespace` (or `default`).
    pub namespace: String,
    /// `restartPolicy`.
    pub restart_policy: RestartPolicy,
    /// Init containers first, then app containers.
    pub containers: Vec<ContainerSpec>,
    /// How many init containers (regular and sidecars) lead [`PodPlan::containers`].
    pub init_count: usize,
    /// Distinct images, in order of first use.
    pub images: Vec<String>,
    /// `terminationGracePeriodSeconds`.
    pub termination_grace: SimDuration,
    /// `terminationGracePeriodSeconds` as written (defaulted), for reports: a value past what
    /// milliseconds can hold runs as "forever" but is shown as given.
    pub termination_grace_seconds: i64,
    /// `activeDeadlineSeconds`.
    pub active_deadline: Option<SimDuration>,
    /// `readinessGates[].conditionType`.
    pub readiness_gates: Vec<String>,
    /// The node the pod runs on (`spec.nodeName`, else `node-1`).
    pub node_name: String,
    /// Where the app containers end and the defer containers begin in [`PodPlan::containers`].
    pub app_end: usize,
    /// The defer containers' pod-level settings (D3, D9, D10, D13).
    pub defer: crate::sim::plan::termination::DeferSettings,
    /// Initializers and scheduling gates (I3–I5).
    pub admission: crate::sim::plan::admission::AdmissionPlan,
}

impl PodPlan {
    /// A grace period in whole seconds as reports show it: the pod's own value when the grace
    /// is the pod's, else the duration's seconds.
    pub fn grace_seconds(&self, grace: SimDuration) -> u64 {
        if grace == self.termination_grace {
            u64::try_from(self.termination_grace_seconds).unwrap_or(0)
        } else {
            grace.whole_seconds()
        }
    }

    /// Compiles a defaulted pod.
    pub fn new(pod: &Pod) -> Self {
        let mut images: Vec<String> = Vec::new();
        let mut containers = Vec::new();
        let lists = [
            (pod.init_containers(), Some(true)),
            (pod.containers(), Some(false)),
            (pod.defer_containers(), None),
        ];
        let mut app_end = 0;
        for (list, init) in lists {
            if init.is_none() {
                app_end = containers.len();
            }
            for (list_index, container) in list.iter().enumerate() {
                let kind = match (init, container.is_sidecar()) {
                    (Some(true), true) => ContainerKind::Sidecar,
                    (Some(true), false) => ContainerKind::Init,
                    (Some(false), _) => ContainerKind::App,
                    (None, _) => ContainerKind::Defer,
                };
                containers.push(compile_container(container, kind, list_index, &mut images));
            }
        }
        let grace_seconds = pod
            .spec
            .termination_grace_period_seconds
            .unwrap_or(crate::k8s::defaults::DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS);
        PodPlan {
            name: pod
                .metadata
                .name
                .clone()
                .unwrap_or_else(|| "<unnamed>".to_string()),
            namespace: pod
                .metadata
                .namespace
                .clone()
                .unwrap_or_else(|| "default".to_string()),
            restart_policy: RestartPolicy::parse(pod.restart_policy()),
            init_count: pod.init_containers().len(),
            containers,
            images,
            termination_grace: SimDuration::from_secs(grace_seconds),
            termination_grace_seconds: grace_seconds,
            active_deadline: pod
                .spec
                .active_deadline_seconds
                .filter(|s| *s > 0)
                .map(SimDuration::from_secs),
            readiness_gates: pod
                .spec
                .readiness_gates
                .iter()
                .flatten()
                .filter_map(|g| g.condition_type.clone())
                .collect(),
            node_name: pod
                .spec
                .node_name
                .clone()
                .unwrap_or_else(|| "node-1".to_string()),
            app_end,
            defer: crate::sim::plan::termination::DeferSettings::new(pod),
            admission: crate::sim::plan::admission::AdmissionPlan::new(pod),
        }
    }

    /// The index of the container with this name.
    pub fn find(&self, name: &str) -> Option<ContainerIndex> {
        self.containers.iter().position(|c| c.name == name)
    }

    /// A container by name, or, when no container has that name, by ordinal: `init-2` is the
    /// second regular init container, `sidecar-1` the first sidecar, `app-1` the first app
    /// container, `defer-1` the first defer container (1-based, in declaration order), the
    /// names people type first (`--fail init-2`).
    pub fn find_or_ordinal(&self, name: &str) -> Option<ContainerIndex> {
        self.find(name).or_else(|| {
            let (kind, number) = name.rsplit_once('-')?;
            let kind = match kind {
                "init" => ContainerKind::Init,
                "sidecar" => ContainerKind::Sidecar,
                "app" => ContainerKind::App,
                "defer" => ContainerKind::Defer,
                _ => return None,
            };
            let number: usize = number.parse().ok()?;
            self.containers
                .iter()
                .enumerate()
                .filter(|(_, container)| container.kind == kind)
                .nth(number.checked_sub(1)?)
                .map(|(index, _)| index)
        })
    }

    /// The container names, in plan order.
    pub fn names(&self) -> Vec<&str> {
        self.containers.iter().map(|c| c.name.as_str()).collect()
    }

    /// Indices of the init containers (regular and sidecars).
    pub fn init_indices(&self) -> std::ops::Range<ContainerIndex> {
        0..self.init_count
    }

    /// Indices of the app containers.
    pub fn app_indices(&self) -> std::ops::Range<ContainerIndex> {
        self.init_count..self.app_end
    }

    /// Indices of the defer containers (D1).
    pub fn defer_indices(&self) -> std::ops::Range<ContainerIndex> {
        self.app_end..self.containers.len()
    }

    /// `namespace/name`, as events print the pod.
    pub fn qualified_name(&self) -> String {
        format!("{}/{}", self.namespace, self.name)
    }
}

fn compile_container(
    container: &Container,
    kind: ContainerKind,
    list_index: usize,
    images: &mut Vec<String>,
) -> ContainerSpec {
    let image = container.image.clone().unwrap_or_default();
    let image_index = match images.iter().position(|i| *i == image) {
        Some(index) => index,
        None => {
            images.push(image.clone());
            images.len() - 1
        }
    };
    let pull_policy = match container.image_pull_policy.as_deref() {
        Some("Always") => PullPolicy::Always,
        Some("Never") => PullPolicy::Never,
        Some("IfNotPresent") => PullPolicy::IfNotPresent,
        _ => match crate::k8s::defaults::default_pull_policy(&image) {
            "Always" => PullPolicy::Always,
            _ => PullPolicy::IfNotPresent,
        },
    };
    // Regular init containers may not have probes or hooks (K3.6); validation reports them, and
    // the kubelet ignores them, so the simulation does too.
    // Defer containers keep only a liveness probe (D1: it drives D9) and no hooks.
    let may_probe = kind != ContainerKind::Init;
    let defer = kind == ContainerKind::Defer;
    let probes = [
        container.startup_probe.as_deref().filter(|_| !defer),
        container.liveness_probe.as_deref(),
        container.readiness_probe.as_deref().filter(|_| !defer),
    ]
    .map(|probe| probe.filter(|_| may_probe).map(compile_probe));
    let lifecycle = container.lifecycle.as_ref().filter(|_| may_probe && !defer);
    ContainerSpec {
        name: container.name().to_string(),
        image,
        image_index,
        kind,
        list_index,
        pull_policy,
        probes,
        post_start: lifecycle
            .and_then(|l| l.post_start.as_ref())
            .map(compile_handler),
        pre_stop: lifecycle
            .and_then(|l| l.pre_stop.as_ref())
            .map(compile_handler),
        restart: compile_restart(container, kind),
        stop_signal: lifecycle
            .and_then(|l| l.stop_signal.as_deref())
            .and_then(StopSignal::parse),
    }
}

/// A container's own restart policy, for regular init and app containers (a sidecar's
/// `Always` is what makes it one).
fn compile_restart(container: &Container, kind: ContainerKind) -> Option<ContainerRestart> {
    if !matches!(kind, ContainerKind::Init | ContainerKind::App) {
        return None;
    }
    let policy = container.restart_policy.as_deref()?;
    let rules = container
        .restart_policy_rules
        .iter()
        .flatten()
        .filter_map(|rule| {
            let codes = rule.exit_codes.as_ref()?;
            Some(RestartRule {
                restart: rule.action.as_deref() == Some("Restart"),
                operator_in: codes.operator.as_deref() == Some("In"),
                values: codes.values.clone().unwrap_or_default(),
            })
        })
        .collect();
    Some(ContainerRestart {
        policy: RestartPolicy::parse(policy),
        rules,
    })
}

/// A probe number with its default, at least `minimum`: `int32` in the API, so it always fits a
/// `u32` once at least 1 (the decoder rejects numbers outside int32).
fn positive(value: Option<i32>, default: u32, minimum: u32) -> u32 {
    value
        .map_or(default, |v| u32::try_from(v).unwrap_or(0))
        .max(minimum)
}

fn compile_probe(probe: &Probe) -> ProbeSpec {
    let handler = compile_action(
        probe.exec.as_ref(),
        probe.http_get.as_ref(),
        probe.tcp_socket.as_ref(),
    )
    .or_else(|| {
        probe.grpc.as_ref().map(|grpc| Handler::Grpc {
            port: grpc.port.map(|p| p.to_string()).unwrap_or_default(),
        })
    })
    .unwrap_or(Handler::Missing);
    ProbeSpec {
        handler,
        initial_delay: SimDuration::from_secs(i64::from(probe.initial_delay_seconds.unwrap_or(0))),
        period: SimDuration::from_secs(i64::from(positive(probe.period_seconds, 10, 1))),
        timeout: SimDuration::from_secs(i64::from(positive(probe.timeout_seconds, 1, 1))),
        success_threshold: positive(probe.success_threshold, 1, 1),
        failure_threshold: positive(probe.failure_threshold, 3, 1),
        termination_grace: probe
            .termination_grace_period_seconds
            .map(SimDuration::from_secs),
    }
}

fn compile_handler(handler: &LifecycleHandler) -> Handler {
    compile_action(
        handler.exec.as_ref(),
        handler.http_get.as_ref(),
        handler.tcp_socket.as_ref(),
    )
    .or_else(|| {
        handler.sleep.as_ref().map(|sleep| Handler::Sleep {
            duration: SimDuration::from_secs(sleep.seconds.unwrap_or(0)),
        })
    })
    .unwrap_or(Handler::Missing)
}

/// The actions probes and lifecycle hooks share: exec, httpGet, tcpSocket (in that order).
fn compile_action(
    exec: Option<&ExecAction>,
    http_get: Option<&HttpGetAction>,
    tcp_socket: Option<&TcpSocketAction>,
) -> Option<Handler> {
    if let Some(exec) = exec {
        Some(Handler::Exec {
            command: exec.command.as_deref().unwrap_or(&[]).join(" "),
        })
    } else if let Some(http) = http_get {
        Some(Handler::HttpGet {
            port: http
                .port
                .as_ref()
                .map(std::string::ToString::to_string)
                .unwrap_or_default(),
            path: http.path.clone().unwrap_or_else(|| "/".to_string()),
        })
    } else {
        tcp_socket.as_ref().map(|tcp| Handler::TcpSocket {
            port: tcp
                .port
                .as_ref()
                .map(std::string::ToString::to_string)
                .unwrap_or_default(),
        })
    }
}

#[cfg(test)]
mod ordinal_tests {
    use crate::sim::testing::example_plan;

    #[test]
    fn containers_are_found_by_name_then_by_kind_and_position() {
        let plan = example_plan("init-containers");
        let name = |found: Option<usize>| found.map(|index| plan.containers[index].name.as_str());
        assert_eq!(name(plan.find_or_ordinal("register")), Some("register"));
        assert_eq!(name(plan.find_or_ordinal("init-1")), Some("wait"));
        assert_eq!(name(plan.find_or_ordinal("init-2")), Some("register"));
        assert_eq!(name(plan.find_or_ordinal("app-1")), Some("run"));
        for missing in ["init-3", "init-0", "sidecar-1", "app-x", "init-", "-1"] {
            assert_eq!(plan.find_or_ordinal(missing), None, "{missing}");
        }
        let sidecar = example_plan("sidecar");
        let name =
            |found: Option<usize>| found.map(|index| sidecar.containers[index].name.as_str());
        assert_eq!(
            name(sidecar.find_or_ordinal("sidecar-1")),
            Some("log-shipper")
        );
        assert_eq!(name(sidecar.find_or_ordinal("init-1")), Some("migrate"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probe_thresholds_never_wrap_k3() {
        let probe = Probe {
            failure_threshold: Some(i32::MAX),
            success_threshold: Some(-4),
            ..Probe::default()
        };
        let compiled = compile_probe(&probe);
        assert_eq!(compiled.failure_threshold, 2_147_483_647);
        assert_eq!(
            compiled.success_threshold, 1,
            "below the minimum counts as the minimum"
        );
    }
    use crate::k8s::model::{ObjectMeta, PodSpec};

    fn container(name: &str, image: &str) -> Container {
        Container {
            name: Some(name.to_string()),
            image: Some(image.to_string()),
            ..Container::default()
        }
    }

    #[test]
    fn k3_probe_defaults_and_init_container_probes_are_ignored() {
        let mut init = container("init", "busybox:1");
        init.readiness_probe = Some(Box::default());
        let mut app = container("app", "nginx");
        app.liveness_probe = Some(Box::new(Probe {
            initial_delay_seconds: Some(5),
            ..Probe::default()
        }));
        let pod = Pod {
            metadata: ObjectMeta::default(),
            spec: PodSpec {
                init_containers: Some(vec![init]),
                containers: Some(vec![app]),
                ..PodSpec::default()
            },
            status: None,
        };
        let plan = PodPlan::new(&pod);
        assert_eq!(plan.containers[0].probe(ProbeKind::Readiness), None);
        let liveness = plan.containers[1]
            .probe(ProbeKind::Liveness)
            .expect("probe");
        assert_eq!(liveness.initial_delay, SimDuration(5000));
        assert_eq!(liveness.period, SimDuration(10_000));
        assert_eq!(liveness.timeout, SimDuration(1000));
        assert_eq!(
            (liveness.success_threshold, liveness.failure_threshold),
            (1, 3)
        );
        assert_eq!(plan.containers[1].pull_policy, PullPolicy::Always);
        assert_eq!(plan.images, vec!["busybox:1", "nginx"]);
        assert_eq!(plan.restart_policy, RestartPolicy::Always);
    }
}
