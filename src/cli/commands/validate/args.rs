//! The flags of `podlife validate`: the output formats, `--fail-on`, and the arguments.

use clap::{Args, ValueEnum};

use crate::cli::{ClusterArgs, InputArgs};
use crate::finding::Severity;

/// Output formats of `validate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FindingFormat {
    /// Diagnostics with source snippets, like rustc.
    Human,
    /// One grep-friendly line per finding: `file:line:col: severity[ID] message`.
    Short,
    /// One JSON document (see docs/validate.md).
    Json,
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    Sarif,
    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…::…`).
    Github,
    /// JUnit XML: a test suite per file, a test case per pod, failures for errors.
    Junit,
    /// The JSON document as YAML.
    Yaml,
}

/// The lowest severity that makes `validate` exit 1 (`--fail-on`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    /// Only errors (the default).
    Error,
    /// Warnings and errors.
    Warning,
    /// Any finding, notes included.
    Info,
}

impl FailOn {
    /// The severity at and above which findings fail the run.
    pub fn threshold(self) -> Severity {
        match self {
            FailOn::Error => Severity::Error,
            FailOn::Warning => Severity::Warning,
            FailOn::Info => Severity::Info,
        }
    }
}

/// `podlife validate`.
#[derive(Debug, Clone, Args)]
pub struct ValidateArgs {
    /// Manifests to check.
    #[command(flatten)]
    pub input: InputArgs,
    /// The cluster to check for.
    #[command(flatten)]
    pub cluster: ClusterArgs,
    /// Output format.
    #[arg(short = 'o', long, visible_alias = "output", value_enum, default_value_t = FindingFormat::Human)]
    pub format: FindingFormat,
    /// Validate the manifest exactly as written, without applying API defaults first.
    #[arg(long)]
    pub no_defaulting: bool,
    /// Enable only these rules: IDs, names, ID prefixes (`PL3`), groups (`best-practice`) or
    /// `ALL`; comma-separated or repeated.
    #[arg(long, value_name = "RULE", value_delimiter = ',', value_parser = crate::cli::completion_values::rules(), hide_possible_values = true)]
    pub select: Vec<String>,
    /// Enable these rules on top of the others (`--extend-select best-practice` adds the group
    /// to the defaults); comma-separated or repeated.
    #[arg(long, value_name = "RULE", value_delimiter = ',', value_parser = crate::cli::completion_values::rules(), hide_possible_values = true)]
    pub extend_select: Vec<String>,
    /// Turn these rules off: IDs, names, ID prefixes or `ALL`; comma-separated or repeated.
    #[arg(long, value_name = "RULE", value_delimiter = ',', value_parser = crate::cli::completion_values::rules(), hide_possible_values = true)]
    pub ignore: Vec<String>,
    /// Set a rule's level: `RULE=error|warning|info|off`; repeatable. A level other than `off`
    /// also enables a rule that is off by default.
    #[arg(long, value_name = "RULE=LEVEL")]
    pub severity: Vec<String>,
    /// Validate pods with pending initializers as if they were initialized (strict findings keep
    /// their severity instead of becoming notes).
    #[arg(long)]
    pub strict_initialized: bool,
    /// Exit 1 when a finding is at this level or above (default `error`); it changes only the
    /// exit code, never which rules run or their levels (that is `--severity`).
    #[arg(long, value_enum, value_name = "LEVEL", default_value_t = FailOn::Error)]
    pub fail_on: FailOn,
    /// Report as usual but exit 0 even with error findings (2 still means podlife itself
    /// failed: usage, an unreadable input).
    #[arg(long)]
    pub exit_zero: bool,
    /// Print how many findings each rule gave, most first, instead of the findings (formats
    /// `human`, `short`, `json` and `yaml`).
    #[arg(long)]
    pub statistics: bool,
    /// Apply the safe fixes in place (atomically, permissions kept), then report what remains;
    /// with `-` as input, write the fixed text to stdout and the report to stderr.
    #[arg(long, conflicts_with = "diff")]
    pub fix: bool,
    /// With --fix or --diff: also apply the unsafe fixes (a misspelled field renamed to the
    /// one it is one edit away from).
    #[arg(long)]
    pub unsafe_fixes: bool,
    /// Print the fixes as a unified diff and write nothing; exit 1 when there are changes.
    #[arg(long)]
    pub diff: bool,
    /// Write a `# podlife: ignore[PLxxx]` comment at the end of each line where a finding
    /// starts (files changed as --fix changes them; `-` writes the text to stdout), then report
    /// what no comment could cover. For adopting podlife on a repository with findings.
    #[arg(long, conflicts_with_all = ["fix", "diff"])]
    pub add_ignore: bool,
    /// Print the settings that apply to FILE instead of checking anything: the configuration
    /// file, the release, gates, options and every rule's level, each with where it came from
    /// (built-in, which `.podlife.yaml`, the command line).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fix", "diff", "add_ignore"])]
    pub show_settings: Option<std::path::PathBuf>,
}
