//! Where a pod's Pod Security policy comes from: its namespace's labels (a Namespace object of
//! the run, or `podSecurity.namespaces` of the configuration), over the cluster's defaults
//! (`--pod-security`, `podSecurity.defaults`), unless an exemption applies.

use std::collections::BTreeMap;

use crate::k8s::pod_security::namespace_policy::label_key;
use crate::k8s::pod_security::{LevelVersion, Mode, Policy, policy_from_labels};
use crate::lint::rules::pod_security::helpers::namespaces::Namespaces;

/// The cluster's Pod Security setup as configured: what its admission configuration says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PodSecuritySetup {
    /// The policy of a namespace without labels (`--pod-security`, `podSecurity.defaults`).
    pub defaults: Policy,
    /// Labels of namespaces whose Namespace objects are not in the run, by namespace, each
    /// by full label key (`podSecurity.namespaces`).
    pub namespaces: BTreeMap<String, Vec<(String, String)>>,
    /// Namespaces the admission controller skips (`podSecurity.exemptions.namespaces`).
    pub exempt_namespaces: Vec<String>,
    /// Runtime classes whose pods it skips (`podSecurity.exemptions.runtimeClasses`).
    pub exempt_runtime_classes: Vec<String>,
}

/// Where one mode's level and version came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PolicySource {
    /// The labels of a Namespace object in the run, at `place`.
    Labels {
        /// The namespace.
        namespace: String,
        /// `file:line:column` of the Namespace.
        place: String,
    },
    /// `podSecurity.namespaces.<namespace>` in the configuration.
    Configured {
        /// The namespace.
        namespace: String,
    },
    /// The cluster's default, for a namespace without that label.
    Default,
}

/// The policy one object is checked against, and where each mode's came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObjectPolicy {
    /// The policy.
    pub policy: Policy,
    /// Where each mode's came from, in `Mode::ALL` order.
    pub sources: [PolicySource; 3],
    /// The object's namespace, as written.
    pub namespace: Option<String>,
}

impl ObjectPolicy {
    /// Where `mode`'s level came from.
    pub fn source(&self, mode: Mode) -> &PolicySource {
        let [enforce, warn, audit] = &self.sources;
        match mode {
            Mode::Enforce => enforce,
            Mode::Warn => warn,
            Mode::Audit => audit,
        }
    }

    /// One clause: why `mode` is `value` for this object.
    pub fn explain(&self, mode: Mode, value: LevelVersion) -> String {
        let source = self.source(mode);
        let mode = mode.as_str();
        match source {
            PolicySource::Labels { namespace, place } => format!(
                "`{mode}` is `{value}` by the labels of Namespace `{namespace}` ({place})"
            ),
            PolicySource::Configured { namespace } => format!(
                "`{mode}` is `{value}` by `podSecurity.namespaces.{namespace}`"
            ),
            PolicySource::Default => match &self.namespace {
                Some(namespace) => format!(
                    "`{mode}` is `{value}` by default (`--pod-security`, `podSecurity.defaults`): namespace `{namespace}` has no label here"
                ),
                None => format!(
                    "`{mode}` is `{value}` by default (`--pod-security`, `podSecurity.defaults`): no namespace is named"
                ),
            },
        }
    }
}

impl PodSecuritySetup {
    /// Whether nothing is configured: every namespace without labels is privileged.
    pub fn is_default(&self) -> bool {
        self == &PodSecuritySetup::default()
    }

    /// The policy an object in `namespace` with `runtime_class` is checked against, given the
    /// run's Namespace objects; `None` when nothing is checked (exempt, or privileged in every
    /// mode).
    pub fn resolve(
        &self,
        namespace: Option<&str>,
        runtime_class: Option<&str>,
        found: Option<&Namespaces>,
    ) -> Option<ObjectPolicy> {
        let namespace = namespace.filter(|name| !name.is_empty());
        if namespace.is_some_and(|name| self.exempt_namespaces.iter().any(|n| n == name))
            || runtime_class
                .filter(|class| !class.is_empty())
                .is_some_and(|class| self.exempt_runtime_classes.iter().any(|c| c == class))
        {
            return None;
        }
        let object = namespace.and_then(|name| found.and_then(|found| found.get(name)));
        let configured = namespace.and_then(|name| self.namespaces.get(name));
        if object.is_none() && configured.is_none() && self.defaults.fully_privileged() {
            return None;
        }
        let from_config = |key: &str| {
            configured.and_then(|labels| {
                labels
                    .iter()
                    .find(|(k, _)| k == key)
                    .map(|(_, v)| v.as_str())
            })
        };
        let lookup = |key: &str| object.and_then(|o| o.label(key)).or_else(|| from_config(key));
        let (policy, _) = policy_from_labels(lookup, self.defaults);
        if policy.fully_privileged() {
            return None;
        }
        let sources = Mode::ALL.map(|mode| {
            let labelled =
                |has: &dyn Fn(&str) -> bool| has(label_key(mode, false)) || has(label_key(mode, true));
            match (object, namespace) {
                (Some(found), Some(name)) if labelled(&|key| found.label(key).is_some()) => {
                    PolicySource::Labels {
                        namespace: name.to_string(),
                        place: found.place.clone(),
                    }
                }
                (_, Some(name)) if labelled(&|key| from_config(key).is_some()) => {
                    PolicySource::Configured {
                        namespace: name.to_string(),
                    }
                }
                _ => PolicySource::Default,
            }
        });
        Some(ObjectPolicy {
            policy,
            sources,
            namespace: namespace.map(str::to_string),
        })
    }
}

/// One layer's `podSecurity:` (a configuration file's, or the command line's `--pod-security`):
/// what it sets, each part over the layers before.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PodSecurityLayer {
    /// Default level and version per mode, in `Mode::ALL` order.
    pub defaults: [Option<LevelVersion>; 3],
    /// `namespaces:`: each namespace's labels, by full key.
    pub namespaces: Option<BTreeMap<String, Vec<(String, String)>>>,
    /// `exemptions.namespaces`.
    pub exempt_namespaces: Option<Vec<String>>,
    /// `exemptions.runtimeClasses`.
    pub exempt_runtime_classes: Option<Vec<String>>,
}

impl PodSecuritySetup {
    /// The setup `layers` give, each over the ones before.
    pub fn resolve_layers<'l>(layers: impl IntoIterator<Item = &'l PodSecurityLayer>) -> Self {
        let mut setup = PodSecuritySetup::default();
        for layer in layers {
            for (mode, value) in Mode::ALL.into_iter().zip(layer.defaults) {
                if let Some(value) = value {
                    setup.defaults.set(mode, value);
                }
            }
            if let Some(namespaces) = &layer.namespaces {
                setup.namespaces.clone_from(namespaces);
            }
            if let Some(exempt) = &layer.exempt_namespaces {
                setup.exempt_namespaces.clone_from(exempt);
            }
            if let Some(exempt) = &layer.exempt_runtime_classes {
                setup.exempt_runtime_classes.clone_from(exempt);
            }
        }
        setup
    }
}

/// Reads one `--pod-security` value: `LEVEL[:VERSION]` (the default `enforce` level) or
/// `MODE=LEVEL[:VERSION]` (`warn=restricted`, `audit=baseline:v1.30`).
pub fn parse_flag(text: &str) -> Result<(Mode, LevelVersion), String> {
    let (mode, value) = match text.split_once('=') {
        Some((mode, value)) => (
            Mode::parse(mode).ok_or_else(|| {
                format!("`{mode}` is no Pod Security mode: use `enforce`, `warn` or `audit`")
            })?,
            value,
        ),
        None => (Mode::Enforce, text),
    };
    let value = LevelVersion::parse(value)?;
    Ok((mode, value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::k8s::pod_security::Level;
    use crate::lint::rules::pod_security::helpers::namespaces::Namespaces;
    use std::sync::Arc;

    fn lv(text: &str) -> LevelVersion {
        LevelVersion::parse(text).unwrap()
    }

    fn found(text: &str) -> Namespaces {
        let mut found = Namespaces::default();
        found.read_text(&Arc::from("ns.yaml"), text);
        found
    }

    #[test]
    fn a_namespace_label_wins_over_the_configuration_and_the_defaults() {
        let setup = PodSecuritySetup {
            defaults: Policy { enforce: lv("baseline"), ..Policy::default() },
            namespaces: BTreeMap::from([(
                "shop".to_string(),
                vec![("pod-security.kubernetes.io/enforce".to_string(), "privileged".to_string()),
                     ("pod-security.kubernetes.io/warn".to_string(), "restricted".to_string())],
            )]),
            ..PodSecuritySetup::default()
        };
        let namespaces = found("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels: {pod-security.kubernetes.io/enforce: restricted, pod-security.kubernetes.io/enforce-version: v1.30}\n");
        let policy = setup.resolve(Some("shop"), None, Some(&namespaces)).unwrap();
        assert_eq!(policy.policy.enforce, lv("restricted:v1.30"));
        assert_eq!(policy.policy.warn, lv("restricted"));
        assert!(matches!(policy.source(Mode::Enforce), PolicySource::Labels { .. }));
        assert!(matches!(policy.source(Mode::Warn), PolicySource::Configured { .. }));
        // Without the Namespace object, the configuration's labels apply.
        let policy = setup.resolve(Some("shop"), None, None).unwrap();
        assert_eq!(policy.policy.enforce.level, Level::Privileged);
        // Another namespace, or none: the defaults.
        let policy = setup.resolve(Some("other"), None, Some(&namespaces)).unwrap();
        assert_eq!(policy.policy.enforce, lv("baseline"));
        assert_eq!(policy.source(Mode::Enforce), &PolicySource::Default);
        assert_eq!(setup.resolve(None, None, None).unwrap().policy.enforce, lv("baseline"));
    }

    #[test]
    fn exemptions_and_privileged_policies_check_nothing() {
        let setup = PodSecuritySetup {
            defaults: Policy { enforce: lv("restricted"), ..Policy::default() },
            exempt_namespaces: vec!["kube-system".to_string()],
            exempt_runtime_classes: vec!["kata".to_string()],
            ..PodSecuritySetup::default()
        };
        assert!(setup.resolve(Some("kube-system"), None, None).is_none());
        assert!(setup.resolve(Some("shop"), Some("kata"), None).is_none());
        assert!(setup.resolve(Some("shop"), Some("runc"), None).is_some());
        assert!(PodSecuritySetup::default().resolve(Some("shop"), None, None).is_none());
    }

    #[test]
    fn flags_name_a_mode_or_default_to_enforce() {
        assert_eq!(parse_flag("restricted"), Ok((Mode::Enforce, lv("restricted"))));
        assert_eq!(parse_flag("warn=baseline:v1.30"), Ok((Mode::Warn, lv("baseline:v1.30"))));
        assert!(parse_flag("deny=restricted").is_err());
        assert!(parse_flag("restricted:1.30").is_err());
    }
}
