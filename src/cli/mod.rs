//! The command line: the top-level flags and the subcommands (clap derive); each subcommand's
//! flags and code live in `commands/`, running and exit codes in `run.rs`.

pub mod commands;
pub mod completion_values;
pub mod exit;
pub mod file_write;
pub mod inputs;
pub mod object_name_hint;
pub mod output;
pub mod parse;
pub mod pod_documents;
pub mod read_ahead;
pub mod run;
pub mod terminal;
pub mod writer_lock;
pub mod written_as_they_come;
pub mod yaml_output;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::cli::commands::completions::{CompletionsArgs, ManArgs};
use crate::cli::commands::example::ExampleArgs;
use crate::cli::commands::explain::ExplainArgs;
use crate::cli::commands::observe::ObserveArgs;
use crate::cli::commands::resources::ResourcesArgs;
use crate::cli::commands::rules::RulesArgs;
use crate::cli::commands::simulate::SimulateArgs;
use crate::cli::commands::status::StatusArgs;
use crate::cli::commands::validate::ValidateArgs;

/// Validate and simulate Kubernetes pod lifecycles: init containers, sidecars, defer containers.
#[derive(Debug, Parser)]
#[command(name = "podlife", version, about, long_about = None, max_term_width = 100)]
#[command(
    after_help = "Exit codes: 0 clean, 1 findings at the --fail-on level (default: errors) or an unmet expectation, 2 usage, I/O or internal failure (docs/conventions.md)."
)]
pub struct Cli {
    /// When to use colour (honours NO_COLOR).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,
    /// Print only results: no summary line, no notes on stderr.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Largest input read, per file or stdin: bytes, or with a unit (`512KiB`, `256MiB`,
    /// `1GiB`). A larger input is an error in its place; the others are still read.
    #[arg(
        long,
        global = true,
        value_name = "SIZE",
        default_value = "256MiB",
        value_parser = parse_size,
        env = "PODLIFE_MAX_INPUT_SIZE"
    )]
    pub max_input_size: u64,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Parses `--max-input-size`: a whole number of bytes, optionally with KiB, MiB or GiB.
pub(crate) fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let (digits, unit) = text
        .find(|c: char| !c.is_ascii_digit())
        .map_or((text, ""), |at| text.split_at(at));
    let shift = match unit.trim() {
        "" | "B" => 0,
        "KiB" => 10,
        "MiB" => 20,
        "GiB" => 30,
        other => return Err(format!("unknown unit `{other}`: use B, KiB, MiB or GiB")),
    };
    let number: u64 = digits
        .parse()
        .map_err(|_| format!("`{text}` is not a size such as 256MiB"))?;
    if number == 0 {
        return Err("the size must be above zero".to_string());
    }
    number
        .checked_mul(1 << shift)
        .ok_or_else(|| format!("`{text}` is too large"))
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
    /// (recursively: *.yaml, *.yml, *.json) or `-` for standard input. With no path, standard
    /// input must bring manifests: nothing there is a usage error (exit 2), so a CI step whose
    /// generator printed nothing fails.
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
    /// A real pod's life from what kubectl printed: why it took so long, and how it differs
    /// from the model.
    ///
    /// Reads saved `kubectl get pod(s) -o yaml|json` (pods with a status), events (`kubectl get
    /// events -o yaml|json`, `kubectl events -o yaml|json`, either Event API), and the text of
    /// `kubectl describe pod` and of the `kubectl get events` table. Shows the events in order,
    /// each container's runs, the critical path to Ready (its parts add up to the observed
    /// time, largest first), and the summary; `--compare` sets the model's run of the same
    /// spec beside it, `--expect` gates on it, `--emit-scenario` fits a scenario to many pods.
    Observe(Box<ObserveArgs>),
    /// Simulate a pod's lifecycle against a mock container runtime.
    ///
    /// Runs a deterministic, second-by-second model of what the kubelet would do with each pod:
    /// sandbox, image pulls, init containers in order, sidecars, app containers, probes, restarts
    /// with CrashLoopBackOff, phases and conditions, activeDeadlineSeconds. With no path and stdin
    /// a terminal or not given (`< /dev/null`), simulates the built-in example; an empty pipe is
    /// a usage error.
    ///
    /// Default scenario: scheduling 0 ms; RunPodSandbox 200 ms; image pulls 2 s (IfNotPresent:
    /// once per image, Always: every start); CreateContainer and StartContainer 100 ms each;
    /// regular init containers run 1 s and exit 0; app containers and sidecars run until the end,
    /// except app containers of restartPolicy Never/OnFailure pods (Jobs), which run 5 s and exit
    /// 0; containers exit at once after SIGTERM; hooks and probes succeed at once. A faulty
    /// attempt (`--fail NAME=1`) runs 1 s unless `--run` or the scenario says otherwise.
    Simulate(Box<SimulateArgs>),
    /// Simulate a workload's rolling update from the pod lifecycle model.
    ///
    /// Rolls out the template of a Deployment (RollingUpdate, Recreate), StatefulSet or
    /// DaemonSet over pods that start Ready at the old revision: each pod follows the kubelet
    /// model of `simulate` (startup, probes, preStop, grace, sidecars, defer containers), and the
    /// controller's rules decide when pods are created and deleted (docs/rollout.md). Prints a
    /// `kubectl rollout status`-like log, the replicas over time and a summary: when it
    /// completed, peak pods, minimum available, and whether `progressDeadlineSeconds` passed.
    Rollout(Box<crate::cli::commands::rollout::RolloutArgs>),
    /// Print a rule's documentation, or the whole rule reference with --all.
    Explain(ExplainArgs),
    /// List the rules: ID, name, default severity, whether enabled by default, summary.
    Rules(RulesArgs),
    /// Print a built-in example manifest, or list them.
    Example(ExampleArgs),
    /// Print shell completions.
    Completions(CompletionsArgs),
    /// Print the man page (roff).
    Man(ManArgs),
    /// Run a Language Server over stdio, for editors (docs/editors.md).
    ///
    /// Diagnostics as you type for YAML and JSON documents that hold Kubernetes objects (the
    /// rules, configuration and suppressions of `validate`), code actions (each fix, and
    /// suppressing a finding on its line), hover (a rule's explanation; a container's requests,
    /// limits and QoS class) and a code lens above each pod with its default simulation.
    Server(crate::cli::commands::server::ServerArgs),
}

/// Inputs shared by every command that reads manifests.
#[derive(Debug, Clone, Args)]
pub struct InputArgs {
    /// Manifest files or directories; `-` for standard input.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// A manifest file or directory, as kubectl takes it (`-f -` for standard input);
    /// repeatable, read after the PATHs.
    #[arg(short = 'f', long = "filename", value_name = "FILE")]
    pub filenames: Vec<PathBuf>,
    /// The name standard input goes by: in findings, and to find `.podlife.yaml` from (for
    /// editors, pre-commit and pipes: `helm template … | podlife validate --stdin-filename
    /// chart/rendered.yaml -`).
    #[arg(long, value_name = "NAME")]
    pub stdin_filename: Option<PathBuf>,
    /// In directories, also read hidden files and directories (`.github/`, …).
    #[arg(long)]
    pub hidden: bool,
    /// In directories, also read what `.gitignore`, `.ignore` and `.git/info/exclude` leave out.
    #[arg(long)]
    pub no_ignore: bool,
    /// In directories, leave out paths matching this glob (`.gitignore` syntax, relative to the
    /// directory given); repeatable.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Use this configuration file instead of discovering `.podlife.yaml` upward from each input.
    #[arg(long, value_name = "FILE", conflicts_with = "no_config")]
    pub config: Option<PathBuf>,
    /// Use no configuration file.
    #[arg(long)]
    pub no_config: bool,
    /// Read a file named on the command line even when `exclude:` in its configuration leaves
    /// it out (by default `exclude:` applies to named files too, as ruff's `--force-exclude`:
    /// pre-commit and editors name every file).
    #[arg(long)]
    pub no_force_exclude: bool,
}

/// The cluster to check for, shared by `validate`, `resources` and `simulate`.
#[derive(Debug, Clone, Default, Args)]
pub struct ClusterArgs {
    /// The Kubernetes release to check for: `1.29` to the newest podlife knows (the default).
    /// Validation, dropped fields, gate defaults and the simulated kubelet follow it.
    #[arg(long, value_name = "VERSION", value_parser = crate::cli::completion_values::kubernetes_versions(), hide_possible_values = true)]
    pub kubernetes_version: Option<crate::k8s::cluster::KubernetesVersion>,
    /// Kubernetes feature gates on top of the release's defaults, `Name=bool,…` as kube
    /// components take them (`podlife rules --gates` lists them); repeatable.
    #[arg(long, value_name = "GATES", value_parser = crate::cli::completion_values::feature_gates(), hide_possible_values = true)]
    pub feature_gates: Vec<crate::k8s::cluster::GateSettings>,
    /// The cluster's Pod Security default for namespaces without labels: `LEVEL[:VERSION]`
    /// sets `enforce` (`restricted`, `baseline:v1.30`), `warn=…` and `audit=…` the other
    /// modes; repeatable. A Namespace's own labels win.
    #[arg(long, value_name = "LEVEL[:VERSION]", value_parser = crate::cli::completion_values::pod_security_levels(), hide_possible_values = true)]
    pub pod_security: Vec<crate::cli::completion_values::PodSecurityFlag>,
}

impl ClusterArgs {
    /// The command line's part of the settings (over the configuration file's).
    pub fn apply_to(&self, layer: &mut crate::lint::settings::selection::SettingsLayer) {
        layer.kubernetes_version = self.kubernetes_version;
        layer.feature_gates.clone_from(&self.feature_gates);
        for (mode, value) in &self.pod_security {
            if let Some(slot) = layer.pod_security.defaults.get_mut(*mode as usize) {
                *slot = Some(*value);
            }
        }
    }
}

impl InputArgs {
    /// Every input path: the PATHs, then each `-f/--filename`.
    pub fn all_paths(&self) -> Vec<PathBuf> {
        self.paths.iter().chain(&self.filenames).cloned().collect()
    }

    /// Where each input's configuration comes from (`--config`, `--no-config`, else discovery).
    pub fn config_source(&self) -> crate::lint::settings::config_file::ConfigSource {
        crate::lint::settings::config_file::ConfigSource::from_flags(
            self.config.as_deref(),
            self.no_config,
        )
    }

    /// How directories among the paths are walked.
    pub fn walk_options(&self) -> crate::input::WalkOptions {
        crate::input::WalkOptions {
            hidden: self.hidden,
            no_ignore: self.no_ignore,
            exclude: self.exclude.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes_take_bytes_or_binary_units() {
        assert_eq!(parse_size("256MiB"), Ok(256 << 20));
        assert_eq!(parse_size("1GiB"), Ok(1 << 30));
        assert_eq!(parse_size("512KiB"), Ok(512 << 10));
        assert_eq!(parse_size("1000"), Ok(1000));
        assert!(parse_size("0").is_err());
        assert!(parse_size("12XB").is_err());
        assert!(parse_size("99999999999999GiB").is_err());
        assert!(parse_size("").is_err());
    }
}
