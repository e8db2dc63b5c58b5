//! The DaemonSet controller's rolling update (`rollingUpdate` in
//! `pkg/controller/daemon/update.go`) over `--nodes N`, one pod per node: without surge it
//! deletes old pods while fewer than `maxUnavailable` nodes are unavailable and creates the new
//! pod once the old one is gone (`podsShouldBeOnNode`); with surge it starts a new pod beside an
//! old one on up to `maxSurge` nodes and deletes the old pod once the new one is available.

use crate::k8s::workload::rollout::{RolloutControl, Strategy};
use crate::rollout::fenceposts;
use crate::rollout::world::{Controller, Revision, World};

/// The DaemonSet controller's state.
pub struct DaemonSet {
    name: String,
    nodes: u32,
    rolling: bool,
    max_surge: i64,
    max_unavailable: i64,
    complete_at: Option<u64>,
}

/// What is on a node.
#[derive(Default)]
struct Node {
    old: Option<usize>,
    new: Option<usize>,
    /// More than one active pod of a revision: the manage loop's business.
    crowded: bool,
    /// Any pod at all, terminating ones included.
    any: bool,
}

impl DaemonSet {
    /// A DaemonSet `name` with an old Ready pod on each of `nodes` nodes.
    pub fn new(name: &str, control: &RolloutControl, nodes: u32) -> Self {
        let desired = i64::from(nodes);
        let (rolling, max_surge, max_unavailable) = match control.strategy {
            Strategy::RollingUpdate {
                max_surge,
                max_unavailable,
            } => {
                // updatedDesiredNodeCounts: both round up; both 0 makes unavailable 1.
                let surge = fenceposts::scaled(max_surge, desired, true);
                let mut unavailable = fenceposts::scaled(max_unavailable, desired, true);
                if desired > 0 && surge == 0 && unavailable == 0 {
                    unavailable = 1;
                }
                (true, surge, unavailable)
            }
            _ => (false, 0, 0),
        };
        DaemonSet {
            name: name.to_string(),
            nodes,
            rolling,
            max_surge,
            max_unavailable,
            complete_at: None,
        }
    }

    /// An old pod on every node.
    pub fn populate(&self, world: &mut World<'_>) {
        for node in 0..self.nodes {
            world.create(Revision::Old, node, 0);
        }
    }

    fn nodes_now(&self, world: &World<'_>, now: u64) -> Vec<Node> {
        let mut nodes: Vec<Node> = (0..self.nodes).map(|_| Node::default()).collect();
        for (index, pod) in world.pods.iter().enumerate() {
            let Some(node) = nodes.get_mut(pod.number as usize) else {
                continue;
            };
            if pod.active() || pod.terminating(now) {
                node.any = true;
            }
            if !pod.active() {
                continue;
            }
            let slot = match pod.revision {
                Revision::Old => &mut node.old,
                Revision::New => &mut node.new,
            };
            node.crowded |= slot.is_some();
            *slot = Some(index);
        }
        nodes
    }

    fn create(&self, world: &mut World<'_>, node: u32, now: u64) {
        world.create(Revision::New, node, now);
        let name = &self.name;
        world.recorder.event(
            now,
            "SuccessfulCreate",
            || format!("DaemonSet/{name}"),
            || format!("Created pod: {name}-v2-node{node}"),
        );
    }

    fn delete(&self, world: &mut World<'_>, index: usize, now: u64) {
        let node = world.pods.get(index).map_or(0, |pod| pod.number);
        world.delete(index, now);
        let name = &self.name;
        world.recorder.event(
            now,
            "SuccessfulDelete",
            || format!("DaemonSet/{name}"),
            || format!("Deleted pod: {name}-v1-node{node}"),
        );
    }

    /// `manage` then `rollingUpdate`; whether it created or deleted a pod.
    fn step(&mut self, world: &mut World<'_>, now: u64) -> bool {
        let min_ready = world.min_ready;
        let nodes = self.nodes_now(world, now);
        let mut acted = false;
        // manage: a node with no pod at all gets the new one.
        for (number, node) in (0u32..).zip(&nodes) {
            if !node.any {
                self.create(world, number, now);
                acted = true;
            }
        }
        if acted || !self.rolling {
            return acted;
        }
        let available = |index: Option<usize>| {
            index
                .and_then(|index| world.pods.get(index))
                .is_some_and(|pod| pod.available(now, min_ready))
        };
        if self.max_surge == 0 {
            let mut unavailable = 0i64;
            let mut replace: Vec<usize> = Vec::new();
            let mut candidates: Vec<usize> = Vec::new();
            for node in &nodes {
                match (node.old, node.new) {
                    _ if node.crowded => unavailable += 1,
                    (None, None) | (Some(_), Some(_)) => unavailable += 1,
                    (None, new) => unavailable += i64::from(!available(new)),
                    (Some(old), None) => {
                        if !available(Some(old)) {
                            replace.push(old);
                        } else if unavailable < self.max_unavailable {
                            candidates.push(old);
                        }
                    }
                }
            }
            let room = usize::try_from((self.max_unavailable - unavailable).max(0)).unwrap_or(0);
            replace.extend(candidates.into_iter().take(room));
            for index in &replace {
                self.delete(world, *index, now);
            }
            return !replace.is_empty();
        }
        let mut surged = 0i64;
        let mut delete: Vec<usize> = Vec::new();
        let mut allowed: Vec<u32> = Vec::new();
        let mut candidates: Vec<u32> = Vec::new();
        for (number, node) in (0u32..).zip(&nodes) {
            if node.crowded {
                surged += 1;
                continue;
            }
            match (node.old, node.new) {
                (None, _) => {}
                (Some(old), None) => {
                    if !available(Some(old)) {
                        allowed.push(number);
                    } else if surged < self.max_surge {
                        candidates.push(number);
                    }
                }
                (Some(old), new @ Some(_)) => {
                    if available(new) {
                        delete.push(old);
                    } else {
                        surged += 1;
                    }
                }
            }
        }
        let room = usize::try_from((self.max_surge - surged).max(0)).unwrap_or(0);
        allowed.extend(candidates.into_iter().take(room));
        for index in &delete {
            self.delete(world, *index, now);
        }
        for node in &allowed {
            self.create(world, *node, now);
        }
        !delete.is_empty() || !allowed.is_empty()
    }

    fn complete(&self, world: &World<'_>, now: u64) -> bool {
        let counts = world.counts(now);
        self.rolling
            && counts.updated == self.nodes
            && counts.old == 0
            && counts.available == self.nodes
    }
}

impl Controller for DaemonSet {
    fn sync(&mut self, world: &mut World<'_>, now: u64) {
        for _ in 0..(4 * u64::from(self.nodes) + 8) {
            if !self.step(world, now) {
                break;
            }
        }
        if self.complete_at.is_none() && self.complete(world, now) {
            self.complete_at = Some(now);
            let name = &self.name;
            world.recorder.event(
                now,
                "RollingUpdateComplete",
                || format!("DaemonSet/{name}"),
                || format!("daemon set \"{name}\" successfully rolled out"),
            );
        }
        world.recorder.summary_mut().complete_at = self.complete_at;
    }

    fn requeue(&self, _now: u64) -> Option<u64> {
        None
    }

    fn done(&self, world: &World<'_>, now: u64) -> bool {
        self.complete_at.is_some() && !world.any_terminating(now)
    }
}
