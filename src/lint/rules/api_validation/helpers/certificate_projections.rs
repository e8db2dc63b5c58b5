//! The projected sources that put certificates into a pod (`clusterTrustBundle`,
//! `podCertificate`) and the signer names both use, checked as the API server does.

use std::collections::BTreeMap;

use crate::k8s::names;
use crate::k8s::volume_source::{ClusterTrustBundleProjection, PodCertificateProjection};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type, not_supported};
use crate::lint::rules::api_validation::helpers::label_selector::selector_problems;
use crate::yaml::field_path::FieldPath;

/// The key pairs the kubelet can generate for a `podCertificate` source.
pub const KEY_TYPES: [&str; 6] = [
    "RSA3072",
    "RSA4096",
    "ECDSAP256",
    "ECDSAP384",
    "ECDSAP521",
    "ED25519",
];

/// The shortest certificate lifetime a pod may ask for: one hour.
const MIN_EXPIRATION_SECONDS: i64 = 3600;
/// The longest for a signer outside `kubernetes.io`: 91 days.
const MAX_EXPIRATION_SECONDS: i64 = 91 * 24 * 3600;
/// The longest for a `kubernetes.io` signer: one day.
const KUBERNETES_MAX_EXPIRATION_SECONDS: i64 = 24 * 3600;

/// The most bytes a signer name's domain may have (a DNS subdomain).
const SIGNER_DOMAIN_MAX: usize = 253;
/// The most bytes a whole signer name may have: a domain, `/`, and a path holding a namespace
/// (a DNS label), `.` and a name (a DNS subdomain).
const SIGNER_NAME_MAX: usize = SIGNER_DOMAIN_MAX + (253 + 63 + 1) + 1;

/// The most bytes `userAnnotations` may hold, keys and values together.
const USER_ANNOTATIONS_MAX_BYTES: usize = 256 * 1024;

/// A `clusterTrustBundle` projection: exactly one of `name` and `signerName`, a label selector
/// only with `signerName`, a valid bundle or signer name, and a file path.
pub fn cluster_trust_bundle_problems(
    bundle: &ClusterTrustBundleProjection,
    at: &FieldPath,
    path_problems: impl Fn(&str, &FieldPath, &mut Vec<Problem>),
    problems: &mut Vec<Problem>,
) {
    match (&bundle.name, &bundle.signer_name) {
        (Some(_), Some(_)) => problems.push(
            Problem::new(
                at.clone(),
                k8s_type::INVALID,
                None,
                "a `clusterTrustBundle` projection names both `name` and `signerName`",
                "only one of name and signerName may be used",
                "keep `name` for one bundle, or `signerName` (with a `labelSelector`) for all of a signer's",
            )
            .on_key(),
        ),
        (Some(name), None) => {
            if name.is_empty() {
                problems.push(Problem::new(
                    at.child("name"),
                    k8s_type::REQUIRED,
                    None,
                    "`clusterTrustBundle.name` is empty",
                    "must be a valid object name",
                    "name the ClusterTrustBundle",
                ));
            }
            for reason in bundle_name_problems(name) {
                problems.push(Problem::new(
                    at.child("name"),
                    k8s_type::INVALID,
                    Some(name.clone()),
                    format!("`{name}` is not a valid ClusterTrustBundle name"),
                    format!("not a valid clustertrustbundlename: {reason}"),
                    "a bundle of a signer is named `<domain>:<signer>:<name>`, any other a DNS subdomain",
                ));
            }
            if bundle.label_selector.is_some() {
                problems.push(
                    Problem::new(
                        at.child("labelSelector"),
                        k8s_type::INVALID,
                        None,
                        "`clusterTrustBundle` has a `labelSelector` beside `name`",
                        "labelSelector must be unset if name is specified",
                        "remove `labelSelector`: a named bundle is one object",
                    )
                    .on_key(),
                );
            }
        }
        (None, Some(signer)) => {
            if signer.is_empty() {
                problems.push(Problem::new(
                    at.child("signerName"),
                    k8s_type::REQUIRED,
                    None,
                    "`clusterTrustBundle.signerName` is empty",
                    "must be a valid signer name",
                    "name the signer (`example.com/my-signer`)",
                ));
            }
            signer_name_problems(signer, &at.child("signerName"), problems);
            if let Some(selector) = &bundle.label_selector {
                selector_problems(selector, &at.child("labelSelector"), problems);
            }
        }
        (None, None) => problems.push(
            Problem::new(
                at.clone(),
                k8s_type::REQUIRED,
                None,
                "a `clusterTrustBundle` projection names no bundle",
                "either name or signerName must be specified",
                "add `name` (one bundle) or `signerName` (a signer's bundles)",
            )
            .on_key(),
        ),
    }
    match bundle.path.as_deref().unwrap_or("") {
        "" => problems.push(
            Problem::new(
                at.child("path"),
                k8s_type::REQUIRED,
                None,
                "a `clusterTrustBundle` projection has no `path`",
                "required",
                "give the file's path in the volume",
            )
            .pointing_at(at.clone()),
        ),
        path => path_problems(path, &at.child("path"), problems),
    }
}

/// The name of a ClusterTrustBundle a projection reads (`ValidateClusterTrustBundleName`): a
/// bundle of a signer is `<signer with : for />:<name>`, and the name after the last `:` must
/// be a DNS subdomain; a bundle of no signer is a DNS subdomain.
fn bundle_name_problems(name: &str) -> Vec<String> {
    let own = name.rsplit_once(':').map_or(name, |(_, own)| own);
    names::dns1123_subdomain(own)
}

/// The certificate files a `podCertificate` source writes, in the order the API server takes
/// them: `(field, path)` for each one set.
pub fn pod_certificate_paths(source: &PodCertificateProjection) -> Vec<(&'static str, &str)> {
    [
        ("credentialBundlePath", &source.credential_bundle_path),
        ("keyPath", &source.key_path),
        ("certificateChainPath", &source.certificate_chain_path),
    ]
    .into_iter()
    .filter_map(|(field, path)| {
        path.as_deref()
            .filter(|path| !path.is_empty())
            .map(|path| (field, path))
    })
    .collect()
}

/// A `podCertificate` projection: a valid signer, a supported key type, a lifetime the signer
/// may issue, valid user annotations, and at least one file to write.
pub fn pod_certificate_problems(
    source: &PodCertificateProjection,
    at: &FieldPath,
    path_problems: impl Fn(&str, &FieldPath, &mut Vec<Problem>),
    problems: &mut Vec<Problem>,
) {
    let signer = source.signer_name.as_deref().unwrap_or("");
    signer_name_problems(signer, &at.child("signerName"), problems);
    if let Some(annotations) = &source.user_annotations {
        user_annotation_problems(annotations, &at.child("userAnnotations"), problems);
    }
    let key_type = source.key_type.as_deref().unwrap_or("");
    if !KEY_TYPES.contains(&key_type) {
        problems.push(not_supported(
            at.child("keyType"),
            "keyType",
            key_type,
            &KEY_TYPES,
            None,
        ));
    }
    if let Some(seconds) = source.max_expiration_seconds {
        let longest = if is_kubernetes_signer(signer) {
            KUBERNETES_MAX_EXPIRATION_SECONDS
        } else {
            MAX_EXPIRATION_SECONDS
        };
        if seconds < MIN_EXPIRATION_SECONDS {
            problems.push(Problem::new(
                at.child("maxExpirationSeconds"),
                k8s_type::INVALID,
                Some(seconds.to_string()),
                format!("a certificate may not expire after less than an hour ({seconds} s)"),
                format!("if provided, maxExpirationSeconds must be >= {MIN_EXPIRATION_SECONDS}"),
                "ask for at least 3600 seconds, or leave it out (one day)",
            ));
        }
        if seconds > longest {
            problems.push(Problem::new(
                at.child("maxExpirationSeconds"),
                k8s_type::INVALID,
                Some(seconds.to_string()),
                format!("`{signer}` may not issue certificates living {seconds} s"),
                format!("if provided, maxExpirationSeconds must be <= {longest}"),
                if longest == KUBERNETES_MAX_EXPIRATION_SECONDS {
                    "a `kubernetes.io` signer issues certificates for at most a day (86400 s)"
                } else {
                    "a signer issues certificates for at most 91 days (7862400 s)"
                },
            ));
        }
    }
    let paths = pod_certificate_paths(source);
    for (field, path) in &paths {
        path_problems(path, &at.child(field.to_string()), problems);
    }
    if paths.is_empty() {
        problems.push(
            Problem::new(
                at.clone(),
                k8s_type::REQUIRED,
                None,
                "a `podCertificate` projection writes no file",
                "specify at least one of credentialBundlePath, keyPath, and certificateChainPath",
                "add `credentialBundlePath` (the key and its chain in one file, read atomically)",
            )
            .on_key(),
        );
    }
}

/// Whether a signer belongs to the Kubernetes project (`kubernetes.io` or a subdomain).
fn is_kubernetes_signer(signer: &str) -> bool {
    let host = signer.split_once('/').map_or(signer, |(host, _)| host);
    host == "kubernetes.io" || host.ends_with(".kubernetes.io")
}

/// `ValidateSignerName`: `<domain>/<path>`, the domain at least two DNS labels, each path
/// element (split at `.`) a DNS subdomain, and bounded lengths. Each problem is reported at
/// `at`, with the part it concerns as the value, as Kubernetes does.
pub fn signer_name_problems(signer: &str, at: &FieldPath, problems: &mut Vec<Problem>) {
    let help = "a signer name is `<domain>/<name>`, e.g. `example.com/my-signer`";
    let invalid = |value: &str, label: String| {
        Problem::new(
            at.clone(),
            k8s_type::INVALID,
            Some(value.to_string()),
            format!("`{signer}` is not a valid signer name"),
            label,
            help,
        )
    };
    if signer.is_empty() {
        problems.push(Problem::new(
            at.clone(),
            k8s_type::REQUIRED,
            None,
            "no signer is named",
            "required",
            help,
        ));
        return;
    }
    let Some((domain, path)) = signer
        .split_once('/')
        .filter(|(_, path)| !path.contains('/'))
    else {
        problems.push(invalid(
            signer,
            "must be a fully qualified domain and path of the form 'example.com/signer-name'"
                .to_string(),
        ));
        return;
    };
    if domain.len() > SIGNER_DOMAIN_MAX {
        problems.push(too_long(at, signer, SIGNER_DOMAIN_MAX));
    }
    let labels: Vec<&str> = domain.split('.').collect();
    // Only the first bad element is reported: the others would read the same.
    if let Some((label, reasons)) = labels
        .iter()
        .map(|label| (label, names::dns1123_label(label)))
        .find(|(_, reasons)| !reasons.is_empty())
    {
        for reason in reasons {
            problems.push(invalid(
                domain,
                format!("validating label \"{label}\": {reason}"),
            ));
        }
    }
    if labels.len() < 2 {
        problems.push(invalid(
            domain,
            "should be a domain with at least two segments separated by dots".to_string(),
        ));
    }
    if let Some((label, reasons)) = path
        .split('.')
        .map(|label| (label, names::dns1123_subdomain(label)))
        .find(|(_, reasons)| !reasons.is_empty())
    {
        for reason in reasons {
            problems.push(invalid(
                path,
                format!("validating label \"{label}\": {reason}"),
            ));
        }
    }
    if signer.len() > SIGNER_NAME_MAX {
        problems.push(too_long(at, signer, SIGNER_NAME_MAX));
    }
}

fn too_long(at: &FieldPath, signer: &str, most: usize) -> Problem {
    Problem::new(
        at.clone(),
        k8s_type::TOO_LONG,
        None,
        format!("the signer name is {} bytes long", signer.len()),
        format!("may not be more than {most} bytes"),
        "use a shorter signer name",
    )
}

/// `userAnnotations` passed to the signer (`ValidateUserAnnotations`): each key, in lower case,
/// a domain-prefixed qualified name (`IsDomainPrefixedKey`), and all of them at most 256 KiB.
/// Every problem is reported at `userAnnotations` with the lower-cased key as its value.
fn user_annotation_problems(
    annotations: &BTreeMap<String, String>,
    at: &FieldPath,
    problems: &mut Vec<Problem>,
) {
    let help = "use a domain-prefixed key like `example.com/purpose`";
    for key in annotations.keys() {
        let key = key.to_ascii_lowercase();
        if key.is_empty() {
            problems.push(Problem::new(
                at.clone(),
                k8s_type::REQUIRED,
                None,
                "a user annotation has an empty key",
                "required",
                help,
            ));
            continue;
        }
        let reasons = names::qualified_name(&key);
        let reasons = if reasons.is_empty() && key.split('/').count() != 2 {
            vec!["must be a domain-prefixed key (such as \"acme.io/foo\")".to_string()]
        } else {
            reasons
        };
        for reason in reasons {
            problems.push(Problem::new(
                at.clone(),
                k8s_type::INVALID,
                Some(key.clone()),
                format!("`{key}` is not a valid user annotation key"),
                reason,
                help,
            ));
        }
    }
    let size: usize = annotations.iter().map(|(k, v)| k.len() + v.len()).sum();
    if size > USER_ANNOTATIONS_MAX_BYTES {
        problems.push(Problem::new(
            at.clone(),
            k8s_type::TOO_LONG,
            None,
            format!("the user annotations hold {size} bytes"),
            format!("may not be more than {USER_ANNOTATIONS_MAX_BYTES} bytes"),
            "pass less to the signer",
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signer(name: &str) -> Vec<(&'static str, Option<String>, String)> {
        let mut problems = Vec::new();
        signer_name_problems(name, &FieldPath::root(), &mut problems);
        problems
            .into_iter()
            .map(|p| (p.k8s_type, p.bad_value, p.label))
            .collect()
    }

    // ValidateSignerName: empty is Required; no or two `/` is one Invalid on the whole name;
    // the domain needs two labels; only the first bad label of each part is reported.
    #[test]
    fn signer_names() {
        assert!(signer("example.com/my-signer").is_empty());
        assert!(signer("k8s.example.com/ns.name").is_empty());
        assert_eq!(signer("")[0].0, k8s_type::REQUIRED);
        for bad in ["example.com", "example.com/a/b"] {
            let problems = signer(bad);
            assert_eq!(problems.len(), 1, "{bad}");
            assert_eq!(problems[0].1.as_deref(), Some(bad));
        }
        let single = signer("localhost/signer");
        assert_eq!(single.len(), 1);
        assert_eq!(single[0].1.as_deref(), Some("localhost"));
        assert!(single[0].2.contains("at least two segments"));
        let bad_labels = signer("Bad.Domain/x");
        assert_eq!(bad_labels.len(), 1);
        assert!(bad_labels[0].2.starts_with("validating label \"Bad\""));
        let bad_path = signer("example.com/Upper.Lower");
        assert_eq!(bad_path.len(), 1);
        assert_eq!(bad_path[0].1.as_deref(), Some("Upper.Lower"));
        let long = format!("{}.com/x", "a.".repeat(130));
        assert!(signer(&long).iter().any(|p| p.0 == k8s_type::TOO_LONG));
    }

    // IsDomainPrefixedKey on the lower-cased key, then the total size.
    #[test]
    fn user_annotations() {
        let problems = |pairs: &[(&str, String)]| {
            let map: BTreeMap<String, String> = pairs
                .iter()
                .map(|(k, v)| ((*k).to_string(), v.clone()))
                .collect();
            let mut problems = Vec::new();
            user_annotation_problems(&map, &FieldPath::root(), &mut problems);
            problems
                .into_iter()
                .map(|p| (p.k8s_type, p.bad_value, p.label))
                .collect::<Vec<_>>()
        };
        assert!(problems(&[("test.domain/Attribute", "v".into())]).is_empty());
        let no_domain = problems(&[("purpose", String::new())]);
        assert_eq!(no_domain.len(), 1);
        assert!(no_domain[0].2.contains("domain-prefixed"));
        assert_eq!(
            problems(&[("only/one/slash", String::new())])[0].0,
            k8s_type::INVALID
        );
        let prefix = format!("{}/foo", "a".repeat(254));
        assert!(
            problems(&[(prefix.as_str(), String::new())])[0]
                .2
                .starts_with("prefix part")
        );
        let big = problems(&[("domain/a", "d".repeat(262_144))]);
        assert_eq!(big.len(), 1);
        assert_eq!(big[0].0, k8s_type::TOO_LONG);
        assert_eq!(problems(&[("", String::new())])[0].0, k8s_type::REQUIRED);
    }

    #[test]
    fn kubernetes_signers() {
        assert!(is_kubernetes_signer(
            "kubernetes.io/kube-apiserver-client-pod"
        ));
        assert!(is_kubernetes_signer("beta.kubernetes.io/x"));
        assert!(!is_kubernetes_signer("notkubernetes.io/x"));
        assert!(!is_kubernetes_signer("example.com/x"));
    }

    // ValidateClusterTrustBundleName: the part after the last `:` is the object's own name.
    #[test]
    fn bundle_names() {
        assert!(bundle_name_problems("example.com:signer:bundle").is_empty());
        assert!(bundle_name_problems("my-bundle").is_empty());
        assert!(!bundle_name_problems("example.com:signer:Bundle").is_empty());
        assert!(!bundle_name_problems("My_Bundle").is_empty());
    }
}
