//! The command line: the top-level flags and the subcommands (clap derive); each subcommand's
//! flags and code live in `commands/`, running and exit codes in `run.rs`.

pub mod commands;
pub mod output;
pub mod run;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::cli::commands::completions::CompletionsArgs;
use crate::cli::commands::example::ExampleArgs;
use crate::cli::commands::explain::ExplainArgs;
use crate::cli::commands::resources::ResourcesArgs;
use crate::cli::commands::rules::RulesArgs;
use crate::cli::commands::simulate::SimulateArgs;
use crate::cli::commands::status::StatusArgs;
use crate::cli::commands::validate::ValidateArgs;

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
