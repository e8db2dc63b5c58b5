//! The handler checks probes and lifecycle hooks share (`validateHandler` and the actions it
//! checks): exactly one handler type, and that handler complete.

use crate::k8s::model::{
    ExecAction, GrpcAction, HttpGetAction, IntOrString, Probe, SleepAction, TcpSocketAction,
};
use crate::k8s::names;
use crate::lint::rules::api_validation::helpers::field_errors::{Problem, k8s_type};
use crate::yaml::field_path::FieldPath;

/// A handler seen the same way whether it belongs to a probe or a lifecycle hook.
#[derive(Debug, Clone, Copy, Default)]
pub struct Handler<'h> {
    /// `exec`.
    pub exec: Option<&'h ExecAction>,
    /// `httpGet`.
    pub http_get: Option<&'h HttpGetAction>,
    /// `tcpSocket`.
    pub tcp_socket: Option<&'h TcpSocketAction>,
    /// `grpc` (probes only).
    pub grpc: Option<&'h GrpcAction>,
    /// `sleep` (lifecycle hooks only).
    pub sleep: Option<&'h SleepAction>,
    /// Whether `sleep: {seconds: 0}` is valid (`PodLifecycleSleepActionAllowZero`).
    pub zero_sleep_allowed: bool,
}

impl<'h> Handler<'h> {
    /// A probe's handler.
    pub fn of_probe(probe: &'h Probe) -> Self {
        Handler {
            exec: probe.exec.as_ref(),
            http_get: probe.http_get.as_ref(),
            tcp_socket: probe.tcp_socket.as_ref(),
            grpc: probe.grpc.as_ref(),
            sleep: None,
            zero_sleep_allowed: true,
        }
    }

    /// A lifecycle hook's handler.
    pub fn of_hook(hook: &'h crate::k8s::model::LifecycleHandler) -> Self {
        Handler {
            exec: hook.exec.as_ref(),
            http_get: hook.http_get.as_ref(),
            tcp_socket: hook.tcp_socket.as_ref(),
            grpc: None,
            sleep: hook.sleep.as_ref(),
            zero_sleep_allowed: true,
        }
    }

    /// The same handler, with a zero `sleep` valid or not.
    #[must_use]
    pub fn zero_sleep(mut self, allowed: bool) -> Self {
        self.zero_sleep_allowed = allowed;
        self
    }

    /// The handler types set, in Kubernetes' order.
    fn kinds(&self) -> Vec<&'static str> {
        [
            (self.exec.is_some(), "exec"),
            (self.http_get.is_some(), "httpGet"),
            (self.tcp_socket.is_some(), "tcpSocket"),
            (self.grpc.is_some(), "grpc"),
            (self.sleep.is_some(), "sleep"),
        ]
        .into_iter()
        .filter_map(|(set, kind)| set.then_some(kind))
        .collect()
    }
}

/// `validateHandler`: exactly one handler type, and that handler's fields. `subject` names the
/// probe or hook in messages ("the `livenessProbe` of container `app`"), `choices` lists the
/// handler types it may use, and `grace_period` bounds a `sleep`.
pub fn handler_problems(
    handler: &Handler<'_>,
    path: &dyn Fn() -> FieldPath,
    subject: &dyn std::fmt::Display,
    choices: &str,
    grace_period: Option<i64>,
) -> Vec<Problem> {
    let mut problems = Vec::new();
    let kinds = handler.kinds();
    let Some((first, rest)) = kinds.split_first() else {
        problems.push(
            Problem::new(
                path(),
                k8s_type::REQUIRED,
                None,
                format!("{subject} has no handler"),
                format!("needs one of {choices}"),
                format!("add exactly one of {choices}"),
            )
            .on_key(),
        );
        return problems;
    };
    for extra in rest {
        problems.push(
            Problem::new(
                path().child(extra.to_string()),
                k8s_type::FORBIDDEN,
                None,
                format!("{subject} has more than one handler (`{first}` and `{extra}`)"),
                "a second handler type",
                format!("keep only one handler; Kubernetes runs `{first}` or `{extra}`, not both"),
            )
            .on_key(),
        );
    }
    let at = || path().child(first.to_string());
    match *first {
        "exec"
            if handler
                .exec
                .and_then(|exec| exec.command.as_ref())
                .is_none_or(Vec::is_empty) =>
        {
            problems.push(Problem::new(
                at().child("command"),
                k8s_type::REQUIRED,
                None,
                format!("the `exec` handler of {subject} has no `command`"),
                "`command` is required",
                "add `command:` with the program and its arguments, e.g. `[\"cat\", \"/tmp/healthy\"]`",
            ));
        }
        "httpGet" => problems.extend(
            handler
                .http_get
                .into_iter()
                .flat_map(|http| http_get_problems(http, &at, subject)),
        ),
        "tcpSocket" => problems.extend(
            handler
                .tcp_socket
                .into_iter()
                .flat_map(|tcp| port_problems(tcp.port.as_ref(), &|| at().child("port"), subject)),
        ),
        "grpc" => problems.extend(handler.grpc.into_iter().flat_map(|grpc| {
            let port = IntOrString::Int(grpc.port.unwrap_or(0));
            port_problems(Some(&port), &|| at().child("port"), subject)
        })),
        "sleep" => problems.extend(sleep_problems(handler, grace_period, &at, subject)),
        _ => {}
    }
    problems
}

/// `validateSleepAction`: 0 ≤ seconds ≤ the grace period, or 1 ≤ seconds without
/// `PodLifecycleSleepActionAllowZero`. Kubernetes reports it at `sleep`; podlife points at
/// `sleep.seconds`.
fn sleep_problems(
    handler: &Handler<'_>,
    grace_period: Option<i64>,
    at: &dyn Fn() -> FieldPath,
    subject: &dyn std::fmt::Display,
) -> Option<Problem> {
    let (sleep, grace) = (handler.sleep?, grace_period?);
    let seconds = sleep.seconds.unwrap_or(0);
    let lowest = i64::from(!handler.zero_sleep_allowed);
    if (lowest..=grace).contains(&seconds) {
        return None;
    }
    let at = at();
    let (label, help) = if handler.zero_sleep_allowed {
        (
            format!("must be non-negative and at most `terminationGracePeriodSeconds` ({grace})"),
            format!("sleep at most {grace} s, or raise `terminationGracePeriodSeconds`"),
        )
    } else {
        (
            format!("must be greater than 0 and at most `terminationGracePeriodSeconds` ({grace})"),
            format!(
                "sleep 1 to {grace} s (a zero sleep needs PodLifecycleSleepActionAllowZero, on by default from 1.33)"
            ),
        )
    };
    Some(
        Problem::new(
            at.clone(),
            k8s_type::INVALID,
            Some(seconds.to_string()),
            format!("the `sleep` of {subject} lasts {seconds} s, outside {lowest}..={grace} s"),
            label,
            help,
        )
        .pointing_at(at.child("seconds")),
    )
}

fn http_get_problems(
    http: &HttpGetAction,
    at: &dyn Fn() -> FieldPath,
    subject: &dyn std::fmt::Display,
) -> Vec<Problem> {
    let mut problems = Vec::new();
    if http.path.as_deref().is_none_or(str::is_empty) {
        problems.push(Problem::new(
            at().child("path"),
            k8s_type::REQUIRED,
            None,
            format!("the `httpGet` handler of {subject} has no `path`"),
            "`path` is required",
            "add `path:`, e.g. `/healthz` (the API server would default it to `/`)",
        ));
    }
    problems.extend(port_problems(
        http.port.as_ref(),
        &|| at().child("port"),
        subject,
    ));
    let scheme = http.scheme.as_deref().unwrap_or("");
    if scheme != "HTTP" && scheme != "HTTPS" {
        let help = match scheme.to_ascii_uppercase().as_str() {
            "HTTP" | "HTTPS" => format!("write `{}` in capitals", scheme.to_ascii_uppercase()),
            _ => "use `HTTP` or `HTTPS` (the API server defaults an unset scheme to `HTTP`)"
                .to_string(),
        };
        let message = if scheme.is_empty() {
            format!("the `httpGet` handler of {subject} has no `scheme`")
        } else {
            format!("`httpGet` scheme `{scheme}` of {subject} is not supported")
        };
        problems.push(Problem::new(
            at().child("scheme"),
            k8s_type::NOT_SUPPORTED,
            Some(scheme.to_string()),
            message,
            "supported values: `HTTP`, `HTTPS`",
            help,
        ));
    }
    for (index, header) in http.http_headers.iter().flatten().enumerate() {
        let name = header.name.as_deref().unwrap_or("");
        if let Some(reason) = names::http_header_name(name).into_iter().next() {
            problems.push(
                Problem::new(
                    at().child("httpHeaders"),
                    k8s_type::INVALID,
                    Some(name.to_string()),
                    format!("HTTP header name `{name}` of {subject} is not valid"),
                    reason,
                    "use letters, digits and `-` only, e.g. `X-Forwarded-For`",
                )
                .pointing_at(at().child("httpHeaders").index(index).child("name")),
            );
        }
    }
    problems
}

/// `ValidatePortNumOrName`: a number in 1..=65535 or an IANA port name; unset reads as `0`.
fn port_problems(
    port: Option<&IntOrString>,
    at: &dyn Fn() -> FieldPath,
    subject: &dyn std::fmt::Display,
) -> Vec<Problem> {
    let (reason, value, help) = match port {
        None => {
            let at = at();
            let handler = match at.segments().iter().rev().nth(1) {
                Some(crate::yaml::field_path::Segment::Field(handler)) => handler.to_string(),
                _ => "handler".to_string(),
            };
            return vec![Problem::new(
                at,
                k8s_type::INVALID,
                Some("0".to_string()),
                format!("the `{handler}` handler of {subject} has no `port`"),
                "must be between 1 and 65535, inclusive",
                "add `port:` with a number (1-65535) or the name of a container port",
            )];
        }
        Some(IntOrString::Int(number)) => match names::port_number(*number).into_iter().next() {
            None => return Vec::new(),
            Some(reason) => (
                reason,
                number.to_string(),
                "use a port between 1 and 65535, or the name of a container port",
            ),
        },
        Some(IntOrString::Str(name)) => match names::port_name(name).into_iter().next() {
            None => return Vec::new(),
            Some(reason) => (
                reason,
                name.clone(),
                "use a container port's `name` (lowercase, at most 15 characters, at least one letter) or a number",
            ),
        },
    };
    vec![Problem::new(
        at(),
        k8s_type::INVALID,
        Some(value.clone()),
        format!("port `{value}` of {subject} is not valid"),
        reason,
        help,
    )]
}
