//! Projected service account tokens in a Pod that names no service account: the ServiceAccount
//! admission plugin names `default` before validation; without it, `validatePodMetadataAndSpec`
//! forbids each such token (PL153 under `--no-defaulting`, a note from PL185 otherwise).

use crate::lint::rules::PodContext;
use crate::yaml::field_path::FieldPath;

/// The paths of the `serviceAccountToken` sources of a Pod (not a template: its pods are
/// admitted one by one) that names no service account, neither `serviceAccountName` nor the
/// deprecated `serviceAccount` the API server copies into it.
pub fn tokens_without_account(context: &PodContext<'_>) -> Vec<FieldPath> {
    let spec = &context.pod.spec;
    let named = |name: &Option<String>| name.as_deref().is_some_and(|n| !n.is_empty());
    if context.object.kind != "Pod" || named(&spec.service_account_name) || named(&spec.service_account) {
        return Vec::new();
    }
    let volumes = FieldPath::root().child("spec").child("volumes");
    let mut paths = Vec::new();
    for (index, volume) in spec.volumes.iter().flatten().enumerate() {
        let sources = volume.source.projected.as_ref().and_then(|projected| projected.sources.as_ref());
        for (position, source) in sources.into_iter().flatten().enumerate() {
            if source.service_account_token.is_some() {
                paths.push(volumes.index(index).children(&["projected", "sources"]).index(position).child("serviceAccountToken"));
            }
        }
    }
    paths
}
