//! The flags of `podlife simulate`: the scenario, the views, Monte Carlo and `--explore`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::cli::{ClusterArgs, InputArgs};
use crate::sim::engine::time::SimDuration;

/// `podlife simulate`.
#[derive(Debug, Clone, Args)]
pub struct SimulateArgs {
    /// Manifests to simulate.
    #[command(flatten)]
    pub input: InputArgs,
    /// The cluster to simulate.
    #[command(flatten)]
    pub cluster: ClusterArgs,
    /// Simulate a built-in example (`podlife example` lists them) [default:
    /// `init-containers`]. Without a path, only an interactive terminal runs it unasked.
    #[arg(long, value_name = "NAME", num_args = 0..=1, default_missing_value = "",
          conflicts_with_all = ["paths", "filenames"])]
    pub example: Option<String>,
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
    /// Most events one run may handle (probes, restarts, runtime calls); a run that needs more
    /// stops with an error instead of running for hours or filling memory.
    #[arg(long, value_name = "N", default_value_t = crate::sim::kubelet::model::DEFAULT_MAX_EVENTS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_events: u64,
    /// Simulate pods the API server would reject (their errors are still printed). Without it
    /// such a pod is left out and the exit code is 1.
    #[arg(long)]
    pub allow_invalid: bool,
    /// A scenario file: durations, exit codes per attempt, probe results over time, faults,
    /// jitter, runtime latencies (see docs/simulate.md).
    #[arg(long, value_name = "FILE")]
    pub scenario: Option<PathBuf>,
    /// Seed of the random generator used for jitter [default: 0, or the scenario's].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Spread every fixed duration of the scenario (pulls, runtime calls, starts, run times,
    /// hooks, probe latency) into a log-normal around it: `--jitter 20` puts about two runs in
    /// three within ÷1.2 and ×1.2 of the value. For `--runs N` (see docs/montecarlo.md).
    #[arg(long, value_name = "PCT", value_parser = crate::sim::scenario::Jitter::parse)]
    pub jitter: Option<crate::sim::scenario::Jitter>,
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
    /// An assertion; an unmet one exits with 1. Repeatable. One run: `phase=Running`,
    /// `status=Running`, `ready-within=30s`, `initialized-within=10s`, `ended-within=1m`,
    /// `never-ready`, `restarts<=3`, `restarts:CONTAINER<=3`; termination (with
    /// `--delete-at`): `terminated-within=40s`, `defer-completed`, `completed:DEFER`,
    /// `skipped:DEFER`, `never-skipped`, `budget-expired`. With `--runs N`:
    /// `STAT:METRIC<op>VALUE` (STAT `min`, `mean`, `p50`, `p90`, `p99`, `max`; METRIC
    /// `initialized`, `ready`, `ended`, `terminated`, `restarts`, `restarts:CONTAINER`,
    /// `defer-completed`, `defer-failed`, `defer-skipped`, `defer-never-ran`; e.g.
    /// `p99:ready<=45s`) and `prob:OUTCOME<op>P` (e.g. `prob:Failed<=1%`; OUTCOME `Pending`,
    /// `Running`, `Succeeded`, `Failed`, `DeadlineExceeded`, `NeverInitialized`, `NeverReady`,
    /// `Restarted`, `DeferSkipped`, `DeferFailed`, `Killed`, `Extended`). With `--explore`:
    /// `never-stuck`, `always-ready`.
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
    #[arg(short = 'o', long, visible_alias = "output", value_enum, default_value_t = SimulateFormat::Human)]
    pub format: SimulateFormat,
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
    /// With --runs: the metric headlined, drawn by --svg and swept (`ready`, `initialized`,
    /// `ended`, `terminated`, `restarts`, `restarts:CONTAINER`, `defer-completed`, …); default
    /// `ready`, or `ended` for a pod that runs to completion (a Job's).
    #[arg(long, value_name = "NAME", requires = "runs")]
    pub metric: Option<String>,
    /// With --runs: show every metric and outcome, also those the scenario cannot produce
    /// (termination without a deletion, defer without defer containers).
    #[arg(long, requires = "runs")]
    pub all_metrics: bool,
    /// What if any one thing fails: one run per container and fault, transient (exit 1, OOM,
    /// image pull, create, a probe: once, then it behaves) or permanent (the same every time,
    /// a hang, and with --delete-at a slow SIGTERM), a row each, worst first, saying what each
    /// blocks. `--expect never-stuck` fails when the pod does not recover from some transient
    /// fault, `--expect always-ready` when some fault's run is never Ready (docs/simulate.md).
    #[arg(long, conflicts_with_all = ["runs", "watch", "timeline", "trace", "svg"])]
    pub explore: bool,
    /// With --explore: which faults to try: `transient` (fail once, then behave: what
    /// `never-stuck` judges), `permanent` (reported with what each blocks) or `all` [default].
    #[arg(long, value_enum, value_name = "WHICH", requires = "explore")]
    pub faults: Option<ExploreFaults>,
    /// With --explore: leave out this fault (`oom`, `image-pull-once`, `slow-sigterm`, …).
    /// Repeatable.
    #[arg(long, value_name = "KIND", requires = "explore")]
    pub skip_fault: Vec<String>,
    /// Write a standalone SVG: for one run, the pod's life on a time axis (a lane per
    /// container: states, exits, restarts, probe answers, conditions, deletion and grace
    /// deadline); with --runs, the histogram and CDF of the headline metric (`--metric`).
    /// `-` writes it to stdout (and the report to stderr); a FIFO or device is written to.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// The default horizon (`--until`).
pub const DEFAULT_HORIZON: SimDuration = SimDuration::from_secs(600);

/// Output formats of `simulate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SimulateFormat {
    /// Header, the chosen views, summary.
    Human,
    /// One JSON document: a pod's, or `{"pods": [...]}` for several (see docs/simulate.md).
    Json,
    /// What `json` prints, as YAML.
    Yaml,
}

/// `--faults`: which faults `--explore` tries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ExploreFaults {
    /// Faults that happen once, then the container behaves.
    Transient,
    /// Faults that happen every time.
    Permanent,
    /// Both.
    All,
}
