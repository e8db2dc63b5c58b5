//! Which rules run and how loud: `--select`/`--ignore`/`--severity`, `.podlife.yaml`, the
//! `podlife.dev/ignore` annotation (and the peers' annotations, when honoured), applied to a
//! file's findings in one place.

pub mod apply;
pub mod config_file;
pub mod inline_comments;
pub mod overlaps;
pub mod peer_annotations;
pub mod peer_checks;
pub mod selection;
pub mod shown;
pub mod suppression;

use std::sync::Arc;

use crate::k8s::cluster::FeatureGates;
use crate::k8s::workload::custom_resources::PodTemplateTable;
use crate::lint::rules::best_practice::helpers::disruption_budgets::DisruptionBudgets;
use crate::lint::rules::pod_security::helpers::namespaces::Namespaces;
use crate::lint::rules::pod_security::helpers::policy::PodSecuritySetup;
use crate::lint::settings::selection::RuleSettings;

/// Options that change what checks report.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// Validate the manifest exactly as written, without API defaulting.
    pub no_defaulting: bool,
    /// Which rules run and at what severity (from configuration).
    pub settings: Arc<RuleSettings>,
    /// Where custom resources keep pod templates: the built-in table with the configuration's
    /// `podTemplates:` in front.
    pub pod_templates: Arc<PodTemplateTable>,
    /// The Kubernetes release and feature gates the manifest is checked for.
    pub gates: FeatureGates,
    /// The PodDisruptionBudgets of every input of the run, read only when PL447 runs
    /// (`ConfigResolver::with_disruption_budgets`); `None`: a source checked while PL447 runs
    /// reads its own (`lint::validate::validate_source`).
    pub disruption_budgets: Option<Arc<DisruptionBudgets>>,
    /// The cluster's Pod Security setup: defaults, configured namespaces, exemptions
    /// (`--pod-security`, `podSecurity:`).
    pub pod_security: Arc<PodSecuritySetup>,
    /// The Namespace objects of every input of the run, when read ahead
    /// (`ConfigResolver::with_namespaces`); `None`: a source reads its own.
    pub namespaces: Option<Arc<Namespaces>>,
}

impl CheckOptions {
    /// Whether any Pod Security rule runs (they judge nothing without a policy).
    pub fn checks_pod_security(&self) -> bool {
        crate::lint::rules::REGISTRY
            .iter()
            .filter(|rule| rule.id.starts_with("PL5"))
            .any(|rule| self.settings.enabled(rule))
    }
}
