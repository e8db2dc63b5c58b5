//! Every place a pod declares resources, as the resource rules walk them: each container's
//! `resources`, the pod's `overhead` and the pod-level `resources`, with the paths Kubernetes
//! reports and the paths to point at.

use crate::api_validation::as_written;
use crate::field_path::FieldPath;
use crate::model::{QuantityValue, ResourceList};
use crate::quantity::Quantity;
use crate::rules::PodContext;

/// Which kind of resource declaration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResourceOwner {
    /// A container's `resources`.
    Container,
    /// `spec.overhead` (limits only; validated like a container's).
    Overhead,
    /// Pod-level `spec.resources` (gate `PodLevelResources`).
    Pod,
}

/// One `resources`-like declaration.
#[derive(Debug, Clone)]
pub struct ResourceScope<'p> {
    /// Which kind.
    pub owner: ResourceOwner,
    /// "container `app`", "the pod's `overhead`", "the pod".
    pub who: String,
    /// The requirements' path as Kubernetes reports it (`spec.containers[0].resources`,
    /// `spec.overhead`, `spec.resources`).
    pub path: FieldPath,
    /// `limits`.
    pub limits: Option<&'p ResourceList>,
    /// `requests`.
    pub requests: Option<&'p ResourceList>,
    /// `requests` as written, before defaulting copied limits into them.
    pub written_requests: Option<&'p ResourceList>,
}

impl ResourceScope<'_> {
    /// The path Kubernetes reports for one entry: `…resources.limits[cpu]`.
    pub fn entry_path(&self, field: &str, name: &str) -> FieldPath {
        self.path.child(field).key(name)
    }

    /// Where the entry is written: `…resources.limits.cpu`, or `spec.overhead.cpu`.
    pub fn entry_spot(&self, field: &str, name: &str) -> FieldPath {
        match self.owner {
            ResourceOwner::Overhead => self.path.key(name),
            _ => self.path.child(field).key(name),
        }
    }

    /// `(field, name, quantity)` for every valid quantity the user wrote: limits first, then
    /// requests, each sorted by name. Requests that defaulting copied from limits are left out,
    /// since the limit carries the same problem (invalid quantities are PL007's).
    pub fn entries(&self) -> Vec<(&'static str, &str, &Quantity)> {
        let mut entries = Vec::new();
        for (field, list) in [("limits", self.limits), ("requests", self.requests)] {
            for (name, value) in list.into_iter().flatten() {
                if field == "requests" && !self.request_written(name) {
                    continue;
                }
                if let QuantityValue::Valid(quantity) = value {
                    entries.push((field, name.as_str(), quantity));
                }
            }
        }
        entries
    }

    /// Names in `limits` and written `requests`, each once per list, for name checks.
    pub fn names(&self) -> Vec<(&'static str, &str)> {
        let mut names = Vec::new();
        for (field, list) in [("limits", self.limits), ("requests", self.requests)] {
            for name in list.into_iter().flat_map(|list| list.keys()) {
                if field == "requests" && !self.request_written(name) {
                    continue;
                }
                names.push((field, name.as_str()));
            }
        }
        names
    }

    /// Whether the user wrote this request (rather than defaulting copying it from the limit).
    pub fn request_written(&self, name: &str) -> bool {
        self.written_requests
            .is_some_and(|requests| requests.contains_key(name))
    }

    /// The valid quantity of `name` in a list.
    pub fn get<'l>(list: Option<&'l ResourceList>, name: &str) -> Option<&'l Quantity> {
        list?.get(name)?.valid()
    }
}

/// Every resource declaration of the pod: containers (init, app, ephemeral, defer), then the
/// overhead, then the pod-level resources.
pub fn resource_scopes<'p>(context: &PodContext<'p>) -> Vec<ResourceScope<'p>> {
    let mut scopes = Vec::new();
    for (list, index, container) in context.all_containers() {
        if let Some(resources) = &container.resources {
            let written_requests = as_written(context, list, index)
                .and_then(|written| written.resources.as_ref())
                .and_then(|written| written.requests.as_ref());
            scopes.push(ResourceScope {
                owner: ResourceOwner::Container,
                who: list.describe_container(container, index),
                path: context.container_path(list, index).child("resources"),
                limits: resources.limits.as_ref(),
                requests: resources.requests.as_ref(),
                written_requests,
            });
        }
    }
    if let Some(overhead) = &context.pod.spec.overhead {
        scopes.push(ResourceScope {
            owner: ResourceOwner::Overhead,
            who: "the pod's `overhead`".to_string(),
            path: context.pod_path("spec.overhead"),
            limits: Some(overhead),
            requests: None,
            written_requests: None,
        });
    }
    if let Some(resources) = &context.pod.spec.resources {
        scopes.push(ResourceScope {
            owner: ResourceOwner::Pod,
            who: "the pod-level `resources`".to_string(),
            path: context.pod_path("spec.resources"),
            limits: resources.limits.as_ref(),
            requests: resources.requests.as_ref(),
            written_requests: resources.requests.as_ref(),
        });
    }
    scopes
}
