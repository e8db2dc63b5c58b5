//! Every place a pod declares resources, as the resource rules walk them: each container's
//! `resources`, the pod's `overhead` and the pod-level `resources`, with the paths Kubernetes
//! reports and the paths to point at.

use std::fmt;

use crate::k8s::model::{Container, QuantityValue, ResourceList};
use crate::k8s::quantity::Quantity;
use crate::lint::rules::api_validation::helpers::field_errors::{Who, as_written};
use crate::lint::rules::{ContainerList, PodContext};
use crate::yaml::field_path::FieldPath;

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

/// One `resources`-like declaration. Names and paths are built only when a finding needs them.
#[derive(Clone)]
pub struct ResourceScope<'c, 'p> {
    context: &'c PodContext<'p>,
    origin: Origin<'p>,
    /// `limits`.
    pub limits: Option<&'p ResourceList>,
    /// `requests`.
    pub requests: Option<&'p ResourceList>,
    /// `requests` as written, before defaulting copied limits into them.
    pub written_requests: Option<&'p ResourceList>,
}

#[derive(Clone, Copy)]
enum Origin<'p> {
    Container(ContainerList, usize, &'p Container),
    Overhead,
    Pod,
}

/// Who declares the resources, for messages.
#[derive(Clone, Copy)]
pub struct ScopeWho<'p>(Origin<'p>);

impl fmt::Display for ScopeWho<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Origin::Container(list, index, container) => {
                write!(f, "{}", Who::new(list, container, index))
            }
            Origin::Overhead => f.write_str("the pod's `overhead`"),
            Origin::Pod => f.write_str("the pod-level `resources`"),
        }
    }
}

impl ResourceScope<'_, '_> {
    /// Which kind of declaration.
    pub fn owner(&self) -> ResourceOwner {
        match self.origin {
            Origin::Container(..) => ResourceOwner::Container,
            Origin::Overhead => ResourceOwner::Overhead,
            Origin::Pod => ResourceOwner::Pod,
        }
    }

    /// "container `app`", "the pod's `overhead`", "the pod-level `resources`".
    pub fn who(&self) -> ScopeWho<'_> {
        ScopeWho(self.origin)
    }

    /// The requirements' path as Kubernetes reports it (`spec.containers[0].resources`,
    /// `spec.overhead`, `spec.resources`).
    pub fn path(&self) -> FieldPath {
        match self.origin {
            Origin::Container(list, index, _) => {
                self.context.container_path(list, index).child("resources")
            }
            Origin::Overhead => self.context.pod_path("spec.overhead"),
            Origin::Pod => self.context.pod_path("spec.resources"),
        }
    }

    /// The path Kubernetes reports for one entry: `…resources.limits[cpu]`.
    pub fn entry_path(&self, field: &str, name: &str) -> FieldPath {
        self.path().child(field.to_string()).key(name)
    }

    /// Where the entry is written: `…resources.limits.cpu`, or `spec.overhead.cpu`.
    pub fn entry_spot(&self, field: &str, name: &str) -> FieldPath {
        match self.origin {
            Origin::Overhead => self.path().key(name),
            _ => self.path().child(field.to_string()).key(name),
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
pub fn resource_scopes<'c, 'p>(context: &'c PodContext<'p>) -> Vec<ResourceScope<'c, 'p>> {
    let mut scopes = Vec::new();
    for (list, index, container) in context.all_containers() {
        if let Some(resources) = &container.resources {
            let written_requests = as_written(context, list, index)
                .and_then(|written| written.resources.as_ref())
                .and_then(|written| written.requests.as_ref());
            scopes.push(ResourceScope {
                context,
                origin: Origin::Container(list, index, container),
                limits: resources.limits.as_ref(),
                requests: resources.requests.as_ref(),
                written_requests,
            });
        }
    }
    if let Some(overhead) = &context.pod.spec.overhead {
        scopes.push(ResourceScope {
            context,
            origin: Origin::Overhead,
            limits: Some(overhead),
            requests: None,
            written_requests: None,
        });
    }
    if let Some(resources) = &context.pod.spec.resources {
        scopes.push(ResourceScope {
            context,
            origin: Origin::Pod,
            limits: resources.limits.as_ref(),
            requests: resources.requests.as_ref(),
            written_requests: resources.requests.as_ref(),
        });
    }
    scopes
}
