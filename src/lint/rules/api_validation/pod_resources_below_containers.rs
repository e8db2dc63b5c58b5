//! PL147 `pod-resources-below-containers`: pod-level `resources` that ask for less than the
//! containers together, or a container limit above the pod's.

use crate::k8s::cluster::Gate;
use crate::finding::{Finding, Severity};
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, Who, k8s_type};
use crate::resources::effective::aggregate_stored_requests;
use crate::lint::rules::{ContainerList, Origin, PodContext, Rule};
use crate::yaml::field_path::FieldPath;

/// pod-level resources below what the containers ask for.
pub static RULE: Rule = Rule {
    id: "PL147",
    name: "pod-resources-below-containers",
    severity: Severity::Error,
    summary: "a pod-level request below the containers' aggregate request, or a container limit above the pod-level limit",
    origin: Origin::Pod(check),
    docs: r#"## What it does
With pod-level `spec.resources` (gate `PodLevelResources`, on from 1.34), checks each pod-level request against the containers' aggregate request for that resource (the larger of the running pod, app containers plus sidecars, and each init container with the sidecars started before it; a container's unset request counts as its limit), and each app container's limit against the pod-level limit of the same resource.

## Why
The API server rejects the pod (`spec.resources.requests[cpu]: Invalid value: "1": must be greater than or equal to aggregate container requests of 1500m`, `spec.resources.containers[0][memory].limits: Invalid value: "2Gi": must be less than or equal to pod limits of 1Gi`). The pod-level budget is what the scheduler reserves and the pod's cgroup enforces: it has to hold what the containers ask for.

## Example
```yaml
spec:
  resources:
    requests: {cpu: "1"}
  containers:
  - name: app
    image: registry.example.com/app:1.0
    resources:
      requests: {cpu: "1"}
  - name: proxy
    image: envoyproxy/envoy:v1.31.0
    resources:
      requests: {cpu: 500m}
```

## How to fix
Raise the pod-level value to at least the containers' total, or lower the containers'. A resource the pod level does not name is not compared (defaulting fills it from the containers).

## Kubernetes reference
`pkg/apis/core/validation/validation.go` `validatePodResources`, `validatePodResourceConsistency` (`FieldValueInvalid`); `k8s.io/component-helpers/resource/helpers.go` `AggregateContainerRequests`.
"#,
};

fn check(context: &PodContext<'_>, findings: &mut Vec<Finding>) {
    if !context.gates.enabled(Gate::PodLevelResources) {
        return;
    }
    let Some(resources) = context.pod.spec.resources.as_ref() else {
        return;
    };
    let base = FieldPath::root().child("spec").child("resources");
    let mut problems = Vec::new();
    if let Some(requests) = resources.requests.as_ref() {
        let aggregate = aggregate_stored_requests(context.pod).without_defer_term(context.pod);
        for (name, aggregate) in aggregate {
            let Some(pod) = requests.get(&name).and_then(|q| q.valid()) else {
                continue;
            };
            if aggregate > *pod {
                problems.push(Problem::new(
                    base.child("requests").key(&name),
                    k8s_type::INVALID,
                    Some(pod.to_string()),
                    format!("the pod-level {name} request {pod} is below the containers' {aggregate}"),
                    format!("must be greater than or equal to aggregate container requests of {aggregate}"),
                    format!("raise it to at least {aggregate}, or lower the containers' requests"),
                ));
            }
        }
    }
    if let Some(limits) = resources.limits.as_ref() {
        for (index, container) in context.pod.containers().iter().enumerate() {
            let own = container.resources.as_ref().and_then(|r| r.limits.as_ref());
            for (name, value) in own.into_iter().flatten() {
                let (Some(limit), Some(pod)) = (value.valid(), limits.get(name).and_then(|q| q.valid())) else {
                    continue;
                };
                if limit <= pod {
                    continue;
                }
                let who = Who::new(ContainerList::App, container, index);
                problems.push(
                    Problem::new(
                        // Kubernetes builds this path from the pod-level one.
                        base.child("containers").index(index).key(name).child("limits"),
                        k8s_type::INVALID,
                        Some(limit.to_string()),
                        format!("the {name} limit {limit} of {who} is above the pod-level limit {pod}"),
                        format!("must be less than or equal to pod limits of {pod}"),
                        format!("lower it to at most {pod}, or raise the pod-level limit"),
                    )
                    .pointing_at(
                        context
                            .container_path(ContainerList::App, index)
                            .child("resources")
                            .child("limits")
                            .key(name),
                    ),
                );
            }
        }
    }
    findings.extend(problems.into_iter().map(|p| p.into_finding(&RULE)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::api_validation::helpers::field_errors::testing::{gates, k8s_errors_in};

    fn pod(pod_resources: &str, init: &str, apps: &str) -> String {
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  resources: {pod_resources}\n  initContainers: {init}\n  containers: {apps}\n"
        )
    }

    fn errors(text: &str) -> Vec<(String, &'static str)> {
        k8s_errors_in(&RULE, text, gates(34, ""))
    }

    #[test]
    fn requests_hold_the_aggregate_of_apps_sidecars_and_init_peaks() {
        let apps = "[{name: a, image: i, resources: {requests: {cpu: 500m}}}, {name: b, image: i, resources: {requests: {cpu: 500m}}}]";
        assert!(errors(&pod("{requests: {cpu: \"1\"}}", "[]", apps)).is_empty());
        assert_eq!(errors(&pod("{requests: {cpu: 900m}}", "[]", apps)), [("spec.resources.requests[cpu]".to_string(), "FieldValueInvalid")]);
        // A sidecar counts in the running pod; an init container counts with the sidecars
        // before it: 1 (sidecar) + 2 (init) = 3 > 1 + 1 = 2.
        let init = "[{name: s, image: i, restartPolicy: Always, resources: {requests: {cpu: \"1\"}}}, {name: init, image: i, resources: {requests: {cpu: \"2\"}}}]";
        let apps = "[{name: a, image: i, resources: {requests: {cpu: \"1\"}}}]";
        assert!(errors(&pod("{requests: {cpu: \"3\"}}", init, apps)).is_empty());
        assert_eq!(errors(&pod("{requests: {cpu: 2500m}}", init, apps)).len(), 1);
        // A container's limit stands for its unset request.
        let apps = "[{name: a, image: i, resources: {limits: {memory: 2Gi}}}]";
        assert_eq!(errors(&pod("{requests: {memory: 1Gi}, limits: {memory: 4Gi}}", "[]", apps)).len(), 1);
    }

    #[test]
    fn app_container_limits_stay_within_the_pod_limit() {
        let apps = "[{name: a, image: i, resources: {limits: {memory: 2Gi, cpu: \"4\"}}}]";
        assert_eq!(
            errors(&pod("{limits: {memory: 1Gi}}", "[]", apps)),
            [("spec.resources.containers[0][memory].limits".to_string(), "FieldValueInvalid")]
        );
        assert!(errors(&pod("{limits: {memory: 2Gi}}", "[]", apps)).is_empty());
        // Init containers' limits are not compared.
        let init = "[{name: init, image: i, resources: {limits: {memory: 8Gi}}}]";
        assert!(errors(&pod("{limits: {memory: 2Gi}}", init, apps)).is_empty());
    }

    #[test]
    fn without_the_gate_pod_level_resources_are_dropped() {
        let apps = "[{name: a, image: i, resources: {requests: {cpu: \"2\"}}}]";
        let text = pod("{requests: {cpu: \"1\"}}", "[]", apps);
        assert!(k8s_errors_in(&RULE, &text, gates(33, "")).is_empty());
        assert_eq!(k8s_errors_in(&RULE, &text, gates(33, "PodLevelResources=true")).len(), 1);
    }
}
