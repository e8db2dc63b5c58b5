//! Built-in example manifests: `podlife example [NAME]`, and the input used when none is given.

/// An example: name, one-line description, manifest text.
#[derive(Debug, Clone, Copy)]
pub struct Example {
    /// Name, as `podlife example NAME` takes it.
    pub name: &'static str,
    /// What it shows.
    pub description: &'static str,
    /// The manifest.
    pub text: &'static str,
}

/// The example used when no input is given.
static DEFAULT: Example = Example {
    name: "init-containers",
    description: "the init-container proposal's pod: wait for a service, register, run",
    text: include_str!("../examples/init-containers.yaml"),
};

/// Every example; the first is the default.
pub static EXAMPLES: &[Example] = &[
    DEFAULT,
    Example {
        name: "sidecar",
        description: "a native sidecar (restartPolicy: Always) started before a migration and the app",
        text: include_str!("../examples/sidecar.yaml"),
    },
    Example {
        name: "defer-containers",
        description: "the defer-container proposal's cleanup pod: fsync, kill-app, rm-tmpdir, ref-counter",
        text: include_str!("../examples/defer-containers.yaml"),
    },
    Example {
        name: "defer-statefulset",
        description: "the defer-container proposal's leader-follower StatefulSet scale-down: elect, reconfigure, kill-app",
        text: include_str!("../examples/defer-statefulset.yaml"),
    },
    Example {
        name: "defer-shutdown",
        description: "the defer-container proposal's pre-exit + post-exit shutdown of a sharded database",
        text: include_str!("../examples/defer-shutdown.yaml"),
    },
    Example {
        name: "job",
        description: "a Job with an init container, a sidecar proxy and a worker that completes",
        text: include_str!("../examples/job.yaml"),
    },
    Example {
        name: "rollout",
        description: "a Deployment of ten replicas with a sidecar and a readiness probe, for `podlife rollout`",
        text: include_str!("../examples/rollout.yaml"),
    },
    Example {
        name: "legacy-annotation",
        description: "the 2016 beta form: init containers in the pod.beta.kubernetes.io/init-containers annotation",
        text: include_str!("../examples/legacy-annotation.yaml"),
    },
];

/// The example used when no input is given.
pub fn default_example() -> &'static Example {
    &DEFAULT
}

/// The example `podlife rollout` runs when no input is given.
pub fn rollout_example() -> &'static Example {
    EXAMPLES
        .iter()
        .find(|example| example.name == "rollout")
        .unwrap_or(&DEFAULT)
}

/// Finds an example by name.
pub fn find(name: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|example| example.name == name)
}
