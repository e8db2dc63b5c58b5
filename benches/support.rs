//! What the benchmarks share: a defaulted pod from manifest text.

use std::sync::Arc;

use podlife::k8s::model::Pod;
use podlife::objects::read_document;
use podlife::yaml::line_index::LineIndex;
use podlife::yaml::source::parse_stream;

/// The first pod of `text`, with API defaults applied, as the CLI runs it.
pub fn parse_pod(text: &str) -> Pod {
    let name: Arc<str> = Arc::from("bench.yaml");
    let documents = parse_stream(text);
    let objects = read_document(&name, &LineIndex::new(text), &documents[0]);
    let mut pod = objects.pods.into_iter().next().expect("a pod").pod;
    podlife::k8s::defaults::apply(&mut pod);
    pod
}
