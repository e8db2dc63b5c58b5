//! Which container or phase decided an effective value, and how to say it in words.

use std::fmt;

/// Where a container-derived, pod-level or overhead value came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// The steady state: app containers plus every native sidecar (those that set the resource).
    SteadyState {
        /// App containers that set the resource.
        apps: Vec<String>,
        /// Sidecars that set the resource.
        sidecars: Vec<String>,
    },
    /// A regular init container's step: it runs beside the sidecars started before it.
    InitStep {
        /// The init container.
        init: String,
        /// Whether the init container itself sets the resource.
        init_counts: bool,
        /// Sidecars started before it that set the resource.
        sidecars: Vec<String>,
    },
    /// A sidecar's start: the sidecars started so far, before any app container runs.
    SidecarStart {
        /// Sidecars running at that point that set the resource.
        sidecars: Vec<String>,
    },
    /// A defer container running beside the steady state (podlife rule D16).
    Defer {
        /// The defer container.
        name: String,
    },
    /// Pod-level `spec.resources`.
    PodLevel,
    /// `spec.overhead` alone (no container sets the resource).
    Overhead,
}

/// What decided one effective value: its origin, and whether overhead was added to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// Where the value came from.
    pub origin: Origin,
    /// Whether `spec.overhead` was added on top.
    pub plus_overhead: bool,
}

impl From<Origin> for Decision {
    fn from(origin: Origin) -> Self {
        Decision {
            origin,
            plus_overhead: false,
        }
    }
}

/// `` `a`, `b` `` with the singular or plural noun in front.
fn named(singular: &str, plural: &str, names: &[String]) -> String {
    let list: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
    let noun = if names.len() == 1 { singular } else { plural };
    format!("{noun} {}", list.join(", "))
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::SteadyState { apps, sidecars } => {
                let mut parts = Vec::new();
                if !apps.is_empty() {
                    parts.push(named("app container", "app containers", apps));
                }
                if !sidecars.is_empty() {
                    parts.push(named("sidecar", "sidecars", sidecars));
                }
                if apps.is_empty() {
                    parts.push("(steady state)".to_string());
                    return f.write_str(&parts.join(" "));
                }
                f.write_str(&parts.join(" + "))
            }
            Origin::InitStep {
                init,
                init_counts: true,
                sidecars,
            } if sidecars.is_empty() => write!(f, "init container `{init}` alone"),
            Origin::InitStep {
                init,
                init_counts: true,
                sidecars,
            } => write!(
                f,
                "init container `{init}` + {}",
                named("sidecar", "sidecars", sidecars)
            ),
            Origin::InitStep { init, sidecars, .. } => write!(
                f,
                "{} while init container `{init}` runs",
                named("sidecar", "sidecars", sidecars)
            ),
            Origin::SidecarStart { sidecars } => {
                write!(f, "{} at startup", named("sidecar", "sidecars", sidecars))
            }
            Origin::Defer { name } => write!(f, "defer container `{name}` + steady state"),
            Origin::PodLevel => f.write_str("pod-level resources"),
            Origin::Overhead => f.write_str("overhead"),
        }
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.origin)?;
        if self.plus_overhead {
            f.write_str(" + overhead")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(std::string::ToString::to_string).collect()
    }

    #[test]
    fn origins_read_as_words() {
        let cases = [
            (
                Origin::InitStep {
                    init: "migrate".into(),
                    init_counts: true,
                    sidecars: vec![],
                },
                "init container `migrate` alone",
            ),
            (
                Origin::InitStep {
                    init: "migrate".into(),
                    init_counts: true,
                    sidecars: names(&["proxy"]),
                },
                "init container `migrate` + sidecar `proxy`",
            ),
            (
                Origin::InitStep {
                    init: "migrate".into(),
                    init_counts: false,
                    sidecars: names(&["proxy", "log"]),
                },
                "sidecars `proxy`, `log` while init container `migrate` runs",
            ),
            (
                Origin::SteadyState {
                    apps: names(&["web", "worker"]),
                    sidecars: names(&["proxy"]),
                },
                "app containers `web`, `worker` + sidecar `proxy`",
            ),
            (
                Origin::SteadyState {
                    apps: vec![],
                    sidecars: names(&["proxy"]),
                },
                "sidecar `proxy` (steady state)",
            ),
            (
                Origin::Defer {
                    name: "cleanup".into(),
                },
                "defer container `cleanup` + steady state",
            ),
            (Origin::PodLevel, "pod-level resources"),
        ];
        for (origin, words) in cases {
            assert_eq!(origin.to_string(), words);
        }
    }

    #[test]
    fn overhead_is_appended() {
        let decision = Decision {
            origin: Origin::PodLevel,
            plus_overhead: true,
        };
        assert_eq!(decision.to_string(), "pod-level resources + overhead");
    }
}
