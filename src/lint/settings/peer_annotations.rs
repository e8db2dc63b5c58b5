//! The peers' suppression annotations on an object (`honorPeerAnnotations: true`): which podlife
//! rules they suppress there, through the table of `peer_checks.rs`.
//!
//! Read on the object's metadata and, for workloads, its pod template's metadata:
//! - kube-linter: `ignore-check.kube-linter.io/<check>` (any value), `kube-linter.io/ignore-all`;
//! - kube-score: `kube-score/ignore: <check>,<check>`;
//! - Polaris: `polaris.fairwinds.com/<check>-exempt` and `polaris.fairwinds.com/exempt`, when
//!   the value is `true` in any case (as Polaris reads them).
//!
//! Checks podlife does not map suppress nothing, and an annotation that finds nothing to
//! suppress is never reported: it is there for the other tool.

use crate::k8s::workload::PodObject;
use crate::lint::settings::peer_checks::{self, Peer};
use crate::yaml::field_path::FieldPath;
use crate::yaml::source::{Node, NodeKind};

const KUBE_LINTER_CHECK: &str = "ignore-check.kube-linter.io/";
const KUBE_LINTER_ALL: &str = "kube-linter.io/ignore-all";
const KUBE_SCORE: &str = "kube-score/ignore";
const POLARIS_ALL: &str = "polaris.fairwinds.com/exempt";
const POLARIS_PREFIX: &str = "polaris.fairwinds.com/";
const POLARIS_SUFFIX: &str = "-exempt";

/// The IDs of the podlife rules the peers' annotations suppress in an object, sorted, once each.
pub fn suppressed_rules(root: &Node<'_>, object: &PodObject) -> Vec<&'static str> {
    let mut rules = Vec::new();
    let object_metadata = FieldPath::root().child("metadata");
    let mut places = vec![&object_metadata];
    if object.metadata_path != object_metadata {
        places.push(&object.metadata_path);
    }
    for metadata in places {
        let lookup = root.lookup(&object.object_path.join(&metadata.child("annotations")));
        if !lookup.complete {
            continue;
        }
        let NodeKind::Mapping(entries) = lookup.value.kind() else {
            continue;
        };
        for (key, value) in entries {
            let (Some(key), value) = (key.as_scalar(), value.as_scalar().unwrap_or("")) else {
                continue;
            };
            annotation_rules(key, value, &mut rules);
        }
    }
    rules.sort_unstable();
    rules.dedup();
    rules
}

/// Adds the rules one annotation suppresses.
fn annotation_rules(key: &str, value: &str, rules: &mut Vec<&'static str>) {
    if let Some(check) = key.strip_prefix(KUBE_LINTER_CHECK) {
        rules.extend(peer_checks::rules_for(Peer::KubeLinter, check));
    } else if key == KUBE_LINTER_ALL {
        rules.extend(peer_checks::rules_of(Peer::KubeLinter));
    } else if key == KUBE_SCORE {
        for check in value.split(',').map(str::trim) {
            rules.extend(peer_checks::rules_for(Peer::KubeScore, check));
        }
    } else if key.starts_with(POLARIS_PREFIX) && value.trim().eq_ignore_ascii_case("true") {
        if key == POLARIS_ALL {
            rules.extend(peer_checks::rules_of(Peer::Polaris));
        } else if let Some(check) = key
            .strip_prefix(POLARIS_PREFIX)
            .and_then(|rest| rest.strip_suffix(POLARIS_SUFFIX))
        {
            rules.extend(peer_checks::rules_for(Peer::Polaris, check));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn suppressed(key: &str, value: &str) -> Vec<&'static str> {
        let mut rules = Vec::new();
        annotation_rules(key, value, &mut rules);
        rules.sort_unstable();
        rules.dedup();
        rules
    }

    #[test]
    fn each_peer_spelling_maps_to_its_rules() {
        assert_eq!(
            suppressed("ignore-check.kube-linter.io/privileged-container", ""),
            ["PL400"]
        );
        assert_eq!(
            suppressed(
                "kube-score/ignore",
                "container-security-context-privileged, container-security-context-user-group-id"
            ),
            ["PL400", "PL402", "PL403"]
        );
        assert_eq!(
            suppressed("polaris.fairwinds.com/hostNetworkSet-exempt", "True"),
            ["PL409"]
        );
        assert!(suppressed("polaris.fairwinds.com/exempt", "true").contains(&"PL400"));
        assert!(suppressed("kube-linter.io/ignore-all", "generated").contains(&"PL422"));
    }

    #[test]
    fn what_the_peers_ignore_is_ignored() {
        assert_eq!(
            suppressed("polaris.fairwinds.com/runAsPrivileged-exempt", "truthy"),
            Vec::<&str>::new(),
            "Polaris exempts only on `true`"
        );
        assert!(suppressed("ignore-check.kube-linter.io/no-such-check", "").is_empty());
        assert!(suppressed("kube-score/ignore", "service-type").is_empty());
        assert!(suppressed("podlife.dev/ignore", "PL400").is_empty());
    }
}
