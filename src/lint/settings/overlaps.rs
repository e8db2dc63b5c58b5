//! Rules that can report one problem twice, and which finding says it: after configuration is
//! applied, the findings of one problem are one finding.

use std::collections::HashMap;

use crate::finding::{Finding, ObjectRef};
use crate::yaml::field_path::{FieldPath, Segment};

/// Where two findings must be to be about the same problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The same object.
    Object,
    /// The same container of the same object.
    Container,
}

/// Rules whose findings, at the same place, are one problem.
#[derive(Debug)]
pub struct Overlap {
    /// The rule whose finding says it, when it is there.
    pub says_it: &'static str,
    /// Rules whose findings at the same place are the same problem.
    pub same_problem: &'static [&'static str],
    /// What "the same place" is.
    pub scope: Scope,
    /// Why, in a few words (the table is the documentation).
    pub why: &'static str,
}

/// Every overlap.
pub static OVERLAPS: &[Overlap] = &[
    Overlap {
        says_it: "PL445",
        same_problem: &["PL446"],
        scope: Scope::Object,
        why: "with neither anti-affinity nor spread, a missing spread is the same missing spread",
    },
    Overlap {
        says_it: "PL308",
        same_problem: &["PL435", "PL436", "PL437"],
        scope: Scope::Container,
        why: "a container without limits lacks its requests and memory limit for the same reason; giving it limits fixes all of them",
    },
];

/// Keeps one finding per problem: where findings of an overlap's rules share a place, the one
/// with the highest severity stays (ties: the rule that says it, then the first) and the
/// others go. A finding already suppressed or turned off is gone before this, so it never
/// hides another; and a rule raised to `error` is never hidden behind a warning. Linear in the
/// findings: those of an overlap are grouped by place.
pub fn keep_one_per_problem(findings: &mut Vec<Finding>) {
    let involved = |code: &str| {
        OVERLAPS
            .iter()
            .any(|overlap| overlap.says_it == code || overlap.same_problem.contains(&code))
    };
    if !findings.iter().any(|finding| involved(finding.rule.code)) {
        return;
    }
    let mut dropped = vec![false; findings.len()];
    for overlap in OVERLAPS {
        let rank = |code: &str| {
            if code == overlap.says_it {
                Some(0)
            } else {
                overlap
                    .same_problem
                    .iter()
                    .position(|rule| *rule == code)
                    .map(|position| position + 1)
            }
        };
        let mut places: HashMap<Place<'_>, Vec<usize>> = HashMap::new();
        for (index, finding) in findings.iter().enumerate() {
            if rank(finding.rule.code).is_some()
                && let Some(place) = place_of(finding, overlap.scope)
            {
                places.entry(place).or_default().push(index);
            }
        }
        for together in places.into_values() {
            let says_it = together.iter().any(|&index| {
                findings
                    .get(index)
                    .is_some_and(|finding| finding.rule.code == overlap.says_it)
            });
            if !says_it || together.len() < 2 {
                continue;
            }
            let best = together.iter().copied().max_by_key(|&index| {
                let finding = findings.get(index);
                (
                    finding.map(|finding| finding.severity),
                    std::cmp::Reverse(finding.and_then(|finding| rank(finding.rule.code))),
                    std::cmp::Reverse(index),
                )
            });
            for index in together {
                if Some(index) != best
                    && let Some(drop) = dropped.get_mut(index)
                {
                    *drop = true;
                }
            }
        }
    }
    let mut index = 0;
    findings.retain(|_| {
        let keep = !dropped.get(index).copied().unwrap_or(false);
        index += 1;
        keep
    });
}

/// Where a finding is, as far as an overlap's scope tells places apart.
type Place<'f> = (&'f ObjectRef, Option<&'f [Segment]>);

/// A finding's place in `scope`: its object, and for a container its path up to the container
/// (`spec.template.spec.initContainers[0]`); `None` when it has no such place.
fn place_of(finding: &Finding, scope: Scope) -> Option<Place<'_>> {
    let object = finding.object.as_deref()?;
    match scope {
        Scope::Object => Some((object, None)),
        Scope::Container => Some((object, Some(container_prefix(finding.path.as_ref()?)?))),
    }
}

/// The segments of `path` up to and including the index of a container list
/// (`…containers[0]`, `…initContainers[1]`, `…deferContainers[2]`).
fn container_prefix(path: &FieldPath) -> Option<&[Segment]> {
    let segments = path.segments();
    let at = segments.windows(2).position(|pair| {
        matches!(pair, [Segment::Field(name), Segment::Index(_)] if name.ends_with("ontainers"))
    })?;
    segments.get(..at + 2)
}
