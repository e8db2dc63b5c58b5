//! The command line: subcommands, flags and their help text (clap derive).

pub mod commands;
pub mod run;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::cli::commands::resources::ResourcesFormat;
use crate::render::findings::FindingFormat;
use crate::resources::feature_gates::GateSettings;
use crate::resources::node_fit::NodeCapacity;

/// Validate and simulate Kubernetes pod lifecycles: init containers, sidecars, defer containers.
#[derive(Debug, Parser)]
#[command(name = "podlife", version, about, long_about = None, max_term_width = 100)]
#[command(
    after_help = "Exit codes: 0 clean, 1 error findings (or an unmet expectation), 2 usage, I/O or internal failure."
)]
pub struct Cli {
    /// When to use colour (honours NO_COLOR).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,
    /// Print only results: no summary line, no notes on stderr.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// When to use colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// When stdout is a terminal and NO_COLOR is not set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check manifests: syntax, types, unknown fields, and the pod lifecycle rules.
    ///
    /// Reads Pods and the pod templates of Deployments, StatefulSets, DaemonSets, ReplicaSets,
    /// ReplicationControllers, Jobs, CronJobs, PodTemplates and Lists, from files, directories
    /// (recursively: *.yaml, *.yml, *.json) or `-` for standard input. With no input and
    /// nothing piped to stdin, validates the built-in example.
    Validate(ValidateArgs),
    /// Effective requests and limits of each pod, its QoS class, and whether it fits a node.
    ///
    /// Init containers count by their peak, native sidecars add to every later step, app
    /// containers sum, overhead and pod-level resources apply as in Kubernetes; each value says
    /// which container or step decided it. Workloads report per-pod values and the total for their
    /// replicas; several pods end with totals per namespace.
    Resources(ResourcesArgs),
    /// Print kubectl's NAME/READY/STATUS/RESTARTS/AGE columns for pods with a status.
    ///
    /// Reads pods that carry a `status` (saved `kubectl get pod -o yaml`, Lists of pods) and
    /// prints what `kubectl get pods` would, offline. Pods without a status are skipped.
    Status(StatusArgs),
    /// Simulate a pod's lifecycle against a mock container runtime.
    ///
    /// Runs a deterministic, second-by-second model of what the kubelet would do with each pod:
    /// sandbox, image pulls, init containers in order, sidecars, app containers, probes, restarts
    /// with CrashLoopBackOff, phases and conditions, activeDeadlineSeconds. With no input and
    /// nothing piped to stdin, simulates the built-in example.
    ///
    /// Default scenario: scheduling 0 ms; RunPodSandbox 200 ms; image pulls 2 s (IfNotPresent:
    /// once per image, Always: every start); CreateContainer and StartContainer 100 ms each;
    /// regular init containers run 1 s and exit 0; app containers and sidecars run until the end,
    /// except app containers of restartPolicy Never/OnFailure pods (Jobs), which run 5 s and exit
    /// 0; containers exit at once after SIGTERM; hooks and probes succeed at once. A faulty
    /// attempt (`--fail NAME=1`) runs 1 s unless `--run` or the scenario says otherwise.
    Simulate(Box<SimulateArgs>),
    /// Print a rule's documentation, or the whole rule reference with --all.
    Explain(ExplainArgs),
    /// List the rules: ID, name, default severity, whether enabled by default, summary.
    Rules(RulesArgs),
    /// Print a built-in example manifest, or list them.
    Example(ExampleArgs),
    /// Print shell completions.
    Completions(CompletionsArgs),
    /// Print the man page (roff).
    Man,
}

/// Inputs shared by every command that reads manifests.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Manifest files or directories; `-` for standard input.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
}

/// `podlife validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Manifests to check.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FindingFormat::Human)]
    pub format: FindingFormat,
    /// Validate the manifest exactly as written, without applying API defaults first.
    #[arg(long)]
    pub no_defaulting: bool,
    /// Enable only these rules: IDs, names, ID prefixes (`PL3`) or `ALL`; comma-separated or repeated.
    #[arg(long, value_name = "RULE", value_delimiter = ',')]
    pub select: Vec<String>,
    /// Turn these rules off: IDs, names, ID prefixes or `ALL`; comma-separated or repeated.
    #[arg(long, value_name = "RULE", value_delimiter = ',')]
    pub ignore: Vec<String>,
    /// Set a rule's level: `RULE=error|warning|info|off`; repeatable. A level other than `off`
    /// also enables a rule that is off by default.
    #[arg(long, value_name = "RULE=LEVEL")]
    pub severity: Vec<String>,
    /// Use this configuration file instead of discovering `.podlife.yaml` upward from each input.
    #[arg(long, value_name = "FILE", conflicts_with = "no_config")]
    pub config: Option<PathBuf>,
    /// Use no configuration file.
    #[arg(long)]
    pub no_config: bool,
    /// Validate pods with pending initializers as if they were initialized (strict findings keep
    /// their severity instead of becoming notes).
    #[arg(long)]
    pub strict_initialized: bool,
}

/// `podlife resources`.
#[derive(Debug, Args)]
pub struct ResourcesArgs {
    /// Manifests to read.
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ResourcesFormat::Human)]
    pub format: ResourcesFormat,
    /// Compute on the manifests as written, without API defaulting (by default a limit with no
    /// request counts as the request, as the API server makes it).
    #[arg(long)]
    pub no_defaulting: bool,
    /// Kubernetes feature gates, `Name=bool,…` (known: PodLevelResources, on by default since
    /// Kubernetes 1.34; AllBeta, AllAlpha).
    #[arg(long, value_name = "GATES", value_parser = GateSettings::parse)]
    pub feature_gates: Vec<GateSettings>,
    /// Leave pod overhead (`spec.overhead`) out of requests, limits and the node fit.
    #[arg(long)]
    pub exclude_overhead: bool,
    /// Check each pod against an empty node with these allocatable resources
    /// (`cpu=4,memory=16Gi[,pods=110,…]`; pods defaults to 110).
    #[arg(long, value_name = "RESOURCES", value_parser = NodeCapacity::parse)]
    pub node: Option<NodeCapacity>,
}

/// `podlife status`.
#[derive(Debug, Args)]
pub struct StatusArgs {
    /// Pods with a status.
    #[command(flatten)]
    pub input: InputArgs,
    /// The clock AGE and restart times are measured against (RFC 3339); default: now.
    #[arg(long, value_name = "RFC3339", value_parser = crate::cli::commands::status::parse_now)]
    pub now: Option<crate::k8s::timestamp::EpochMillis>,
    /// `wide` adds IP, NODE, NOMINATED NODE and READINESS GATES.
    #[arg(short = 'o', long, value_enum, value_name = "OUTPUT")]
    pub output: Option<crate::status::StatusOutput>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = crate::status::StatusFormat::Human)]
    pub format: crate::status::StatusFormat,
}

/// `podlife simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// Manifests to simulate.
    #[command(flatten)]
    pub input: InputArgs,
    /// Make a container fail: HOW is an exit code (default 1), `oom`, `hang`, `pull`, `create`,
    /// `liveness`, `readiness` or `startup`; `*N` fails only the first N attempts. Repeatable.
    #[arg(long, value_name = "CONTAINER[=HOW][*N]")]
    pub fail: Vec<String>,
    /// How long a container runs per attempt (`30s`, `forever`). Repeatable.
    #[arg(long, value_name = "CONTAINER=DURATION")]
    pub run: Vec<String>,
    /// The horizon: stop after this much simulated time (a pod that settles ends earlier)
    /// [default: 10m].
    #[arg(long, value_name = "DURATION")]
    pub until: Option<String>,
    /// A scenario file: durations, exit codes per attempt, probe results over time, faults,
    /// jitter, runtime latencies (see docs/simulate.md).
    #[arg(long, value_name = "FILE")]
    pub scenario: Option<PathBuf>,
    /// Seed of the random generator used for jitter [default: 0, or the scenario's].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Delete the pod at this simulated time (`30s`); see docs/termination.md.
    #[arg(long, value_name = "DURATION")]
    pub delete_at: Option<String>,
    /// The deletion's grace period in seconds (overrides terminationGracePeriodSeconds).
    #[arg(long, value_name = "SECONDS", requires = "delete_at")]
    pub grace_period: Option<i64>,
    /// Force the deletion: with `--grace-period 0`, no preStop hooks and no defer containers.
    #[arg(long, requires = "delete_at")]
    pub force: bool,
    /// How long a container takes to exit after SIGTERM (default: at once). Repeatable.
    #[arg(long, value_name = "CONTAINER=DURATION")]
    pub stop: Vec<String>,
    /// An assertion; an unmet one exits with 1: `phase=Running`, `status=Running`,
    /// `ready-within=30s`, `initialized-within=10s`, `ended-within=1m`, `never-ready`,
    /// `restarts<=3`, `restarts:CONTAINER<=3`. Repeatable.
    #[arg(long, value_name = "ASSERTION")]
    pub expect: Vec<String>,
    /// Show the `kubectl get pods -w` rows at every change instead of the events.
    #[arg(long)]
    pub watch: bool,
    /// Show a Gantt chart of the containers instead of the events.
    #[arg(long)]
    pub timeline: bool,
    /// Show every call to the container runtime (CRI) instead of the events.
    #[arg(long)]
    pub trace: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = crate::cli::commands::simulate::SimulateFormat::Human)]
    pub format: crate::cli::commands::simulate::SimulateFormat,
    /// Simulate only the pod with this name (default: every pod in the input).
    #[arg(long, value_name = "NAME")]
    pub pod: Option<String>,
    /// Monte Carlo: N independent runs over the scenario's jitter, run i seeded from (--seed, i);
    /// prints percentiles and outcome probabilities (see docs/montecarlo.md). `--runs 1` replays
    /// one sampled run; without --runs every distribution takes its median.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub runs: Option<u64>,
    /// With --runs: rerun the Monte Carlo for each value of a pod field or scenario duration
    /// (`terminationGracePeriodSeconds=10..60/10`, `until=1m..5m/1m`).
    #[arg(long, value_name = "NAME=A..B/STEP", requires = "runs")]
    pub sweep: Option<String>,
    /// With --runs: print the event logs of the K worst runs, each with the seed that replays it.
    #[arg(long, value_name = "K", requires = "runs")]
    pub keep_worst: Option<usize>,
    /// With --runs: write a histogram and CDF of the headline metric as a standalone SVG.
    #[arg(long, value_name = "FILE", requires = "runs")]
    pub svg: Option<PathBuf>,
}

/// `podlife explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// Rule ID (`PL005`) or name (`wrong-type`).
    #[arg(required_unless_present = "all")]
    pub rule: Option<String>,
    /// Print every rule's documentation.
    #[arg(long, conflicts_with = "rule")]
    pub all: bool,
}

/// `podlife rules`.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = RulesFormat::Table)]
    pub format: RulesFormat,
}

/// Output formats of `podlife rules`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RulesFormat {
    /// A table.
    Table,
    /// A JSON array.
    Json,
}

/// `podlife example`.
#[derive(Debug, Args)]
pub struct ExampleArgs {
    /// The example to print; without it, list the examples.
    pub name: Option<String>,
}

/// `podlife completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}
