//! The end of a pod's description: its container blocks put together, what a cut-off paste left out, and which init containers are sidecars.

#[allow(clippy::wildcard_imports)]
use super::*;

impl PodReader {
    /// The pod as read; `last_line` is its section's last line with text (1-based).
    pub(super) fn finish(mut self, last_line: usize) -> DescribedPod {
        if !self.seen_containers {
            self.note(
                last_line,
                "the text ends before the pod's `Containers:` block".to_string(),
            );
        } else if !self.seen_after_containers {
            self.note(
                last_line,
                "the text may be cut off: it ends before `QoS Class:` and `Events:`".to_string(),
            );
        }
        if !self.labels.is_empty() {
            self.pod.metadata.labels = Some(std::mem::take(&mut self.labels));
        }
        self.containers_into_pod();
        if !self.conditions.is_empty() {
            self.status.conditions = Some(std::mem::take(&mut self.conditions));
        }
        let events = self.events_of(last_line);
        let mut pod = self.pod;
        pod.status = Some(self.status);
        DescribedPod {
            pod,
            events,
            line: self.line,
            notes: self.notes,
            owner: self.owner,
        }
    }

    pub(super) fn containers_into_pod(&mut self) {
        infer_sidecars(&mut self.containers, &mut self.notes);
        let containers = std::mem::take(&mut self.containers);
        for (list, entry) in containers {
            let name = entry.spec.name.clone().unwrap_or_default();
            for cut in cut_off(&entry) {
                self.notes.push((
                    entry.line,
                    format!("container `{name}`'s block is cut off: {cut}"),
                ));
            }
            let (specs, statuses) = match list {
                List::Init => (
                    &mut self.pod.spec.init_containers,
                    &mut self.status.init_container_statuses,
                ),
                List::App => (
                    &mut self.pod.spec.containers,
                    &mut self.status.container_statuses,
                ),
                List::Ephemeral => (
                    &mut self.pod.spec.ephemeral_containers,
                    &mut self.status.ephemeral_container_statuses,
                ),
                List::Defer => (
                    &mut self.pod.spec.defer_containers,
                    &mut self.status.defer_container_statuses,
                ),
            };
            specs.get_or_insert_with(Vec::new).push(entry.spec);
            if entry.has_status {
                statuses.get_or_insert_with(Vec::new).push(entry.status);
            }
        }
        if self.seen_containers && self.pod.spec.containers.is_none() {
            self.pod.spec.containers = Some(Vec::new());
        }
    }

    pub(super) fn events_of(&mut self, last_line: usize) -> Vec<ObservedEvent> {
        let Some(table) = self.events.take() else {
            return Vec::new();
        };
        if table.rows.is_empty() {
            self.note(last_line, "the Events table is cut off".to_string());
            return Vec::new();
        }
        let style = if table.is_old() {
            AgeStyle::Short
        } else {
            let at = table.index("age");
            AgeStyle::of_ages(table.rows.iter().flat_map(|(_, cells)| {
                at.and_then(|at| cells.get(at))
                    .map(|cell| ages::ages_in_cell(&cell.text))
                    .unwrap_or_default()
            }))
        };
        let involved = InvolvedObject {
            kind: "Pod".to_string(),
            namespace: self.pod.metadata.namespace.clone(),
            name: self.pod.metadata.name.clone().unwrap_or_default(),
            ..InvolvedObject::default()
        };
        let mut events = Vec::new();
        for (line, cells) in &table.rows {
            match event_of(&table, cells, style, &involved, *line) {
                Some(event) => events.push(event),
                None => self.notes.push((
                    *line,
                    "an Events row whose ages do not go with the table's others".to_string(),
                )),
            }
        }
        events
    }
}

/// What a container's block lacks that describe always prints after what it has.
pub(super) fn cut_off(entry: &ContainerEntry) -> Vec<&'static str> {
    let mut cut = Vec::new();
    if entry.in_message.is_some() {
        cut.push("the text ends inside its termination message");
    }
    let terminated = [&entry.status.state, &entry.status.last_state]
        .into_iter()
        .flatten()
        .filter_map(|state| state.terminated.as_ref());
    for terminated in terminated {
        if terminated.exit_code.is_none() || terminated.finished_at.is_none() {
            cut.push("a terminated state without `Exit Code:` or `Finished:`");
        }
    }
    if entry.has_status && (entry.status.ready.is_none() || entry.status.restart_count.is_none()) {
        cut.push("no `Ready:` or `Restart Count:`");
    }
    cut
}

/// Init containers describe shows as sidecars: ones with a probe (only sidecars may have
/// one), and ones running beside a container that starts after them (regular init
/// containers run alone). kubectl does not print `restartPolicy`.
pub(super) fn infer_sidecars(
    containers: &mut [(List, ContainerEntry)],
    notes: &mut Vec<(usize, String)>,
) {
    // Ephemeral containers run whenever someone debugs: they say nothing of the order.
    let running: Vec<bool> = containers
        .iter()
        .map(|(list, e)| {
            matches!(list, List::Init | List::App)
                && e.status.state.as_ref().is_some_and(|s| s.running.is_some())
        })
        .collect();
    for (index, (list, entry)) in containers.iter_mut().enumerate() {
        if *list != List::Init || entry.spec.restart_policy.is_some() {
            continue;
        }
        let later_running = running.iter().skip(index + 1).any(|r| *r);
        let why = match entry.probes.first() {
            Some(probe) => format!("it has a `{probe}` probe, which only sidecars may have"),
            None if running.get(index).copied().unwrap_or(false) && later_running => {
                "it runs beside containers that start after it".to_string()
            }
            None => continue,
        };
        entry.spec.restart_policy = Some("Always".to_string());
        let name = entry.spec.name.clone().unwrap_or_default();
        notes.push((
            entry.line,
            format!(
                "init container `{name}` is read as a sidecar (`restartPolicy: Always`): {why}"
            ),
        ));
    }
}
