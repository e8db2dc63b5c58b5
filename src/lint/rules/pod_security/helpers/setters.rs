//! Who sets a forbidden value, as the admission library lists them in a detail (`pod`,
//! `container "a"`, `pod and containers "a", "b"`), with where each does.

use crate::k8s::model::Container;
use crate::lint::rules::PodContext;
use crate::lint::rules::pod_security::helpers::check::{container_field, name_of, visited};
use crate::lint::rules::pod_security::helpers::wording;
use crate::yaml::field_path::FieldPath;

/// The pod and the containers that set a forbidden value, and the paths of those values (the
/// pod's first).
#[derive(Debug, Default)]
pub struct Setters<'p> {
    pod: bool,
    containers: Vec<&'p str>,
    /// Where each sets it, pod-relative.
    pub places: Vec<FieldPath>,
}

impl<'p> Setters<'p> {
    /// The pod sets it, at `path`.
    pub fn pod(&mut self, path: FieldPath) {
        self.pod = true;
        self.places.insert(0, path);
    }

    /// Every container of `context` for which `bad` gives a value sets it, at `fields` under
    /// the container; each value is handed to `found`.
    pub fn containers<T>(
        &mut self,
        context: &PodContext<'p>,
        fields: &[&'static str],
        bad: impl Fn(&'p Container) -> Option<T>,
        mut found: impl FnMut(T),
    ) {
        for (list, index, container) in visited(context) {
            if let Some(value) = bad(container) {
                self.containers.push(name_of(container));
                self.places.push(container_field(context, list, index, fields));
                found(value);
            }
        }
    }

    /// Whether nothing sets it.
    pub fn is_empty(&self) -> bool {
        !self.pod && self.containers.is_empty()
    }

    /// `pod and containers "a", "b"`, as the library joins them.
    pub fn joined(&self) -> String {
        let mut parts = Vec::new();
        if self.pod {
            parts.push("pod".to_string());
        }
        if !self.containers.is_empty() {
            parts.push(wording::containers(&self.containers));
        }
        parts.join(" and ")
    }
}
