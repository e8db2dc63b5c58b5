//! Tests of the describe reader, on outputs laid out as kubectl lays them out.

use super::*;

/// A pod with a sidecar (a startup probe, no `restartPolicy` printed), kubectl 1.34 events with field paths.
const SIDECAR: &str = r##"Name:             web-5d9c7b-x2x9q
Namespace:        shop
Priority:         0
Service Account:  default
Node:             node-1/10.0.0.5
Start Time:       Mon, 23 Nov 2026 07:42:00 +0000
Labels:           app=web
                  pod-template-hash=5d9c7b
Annotations:      <none>
Status:           Running
IP:               10.1.2.3
IPs:
  IP:           10.1.2.3
Controlled By:  ReplicaSet/web-5d9c7b
Init Containers:
  proxy:
    Container ID:   containerd://aaa
    Image:          envoy:1.30
    Image ID:       docker.io/envoy@sha256:1
    Port:           <none>
    Host Port:      <none>
    State:          Running
      Started:      Mon, 23 Nov 2026 07:42:03 +0000
    Ready:          True
    Restart Count:  0
    Startup:        http-get http://:15021/healthz delay=0s timeout=1s period=1s #success=1 #failure=30
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-abcde (ro)
Containers:
  app:
    Container ID:   containerd://bbb
    Image:          nginx:1.27
    Image ID:       docker.io/library/nginx@sha256:2
    Port:           80/TCP
    Host Port:      0/TCP
    State:          Running
      Started:      Mon, 23 Nov 2026 07:42:09 +0000
    Ready:          True
    Restart Count:  0
    Readiness:      http-get http://:80/ delay=0s timeout=1s period=10s #success=1 #failure=3
    Environment:
      Started:  not-a-state
    Mounts:     <none>
Conditions:
  Type                        Status
  PodReadyToStartContainers   True 
  Initialized                 True 
  Ready                       True 
  ContainersReady             True 
  PodScheduled                True 
Volumes:
  kube-api-access-abcde:
    Type:        Projected (a volume that contains injected data from multiple sources)
QoS Class:       BestEffort
Node-Selectors:  <none>
Tolerations:     node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                 node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type     Reason     Age                 From               Message
  ----     ------     ----                ----               -------
  Normal   Scheduled  9m3s                default-scheduler  Successfully assigned shop/web-5d9c7b-x2x9q to node-1
  Normal   Pulled     9m2s                kubelet            spec.initContainers{proxy}: Container image "envoy:1.30" already present on machine
  Normal   Started    9m                  kubelet            spec.initContainers{proxy}: Started container proxy
  Warning  Unhealthy  8m58s (x3 over 9m)  kubelet            spec.initContainers{proxy}: Startup probe failed: Get "http://10.1.2.3:15021/healthz": dial tcp 10.1.2.3:15021: connect: connection refused
  Normal   Started    8m54s               kubelet            spec.containers{app}: Started container app
"##;

/// An init container in CrashLoopBackOff, times at `+0100`, a termination message of three lines.
const CRASHLOOP: &str = r##"Name:         migrate-demo
Namespace:    default
Priority:     0
Node:         node-2/192.168.1.7
Start Time:   Mon, 23 Nov 2026 07:59:58 +0100
Labels:       <none>
Annotations:  <none>
Status:       Pending
IP:           10.1.9.9
IPs:
  IP:  10.1.9.9
Init Containers:
  migrate:
    Container ID:  containerd://ccc
    Image:         busybox:1.36
    Image ID:      docker.io/library/busybox@sha256:3
    Port:          <none>
    Host Port:     <none>
    Command:
      sh
      -c
      exit 1
    State:       Waiting
      Reason:    CrashLoopBackOff
    Last State:  Terminated
      Reason:    Error
      Message:   migration failed:
Reason: table exists
  at step 3
      Exit Code:    1
      Started:      Mon, 23 Nov 2026 08:01:40 +0100
      Finished:     Mon, 23 Nov 2026 08:01:41 +0100
    Ready:          False
    Restart Count:  4
    Environment:    <none>
    Mounts:         <none>
Containers:
  app:
    Container ID:   
    Image:          nginx:1.27
    Image ID:       
    Port:           <none>
    Host Port:      <none>
    State:          Waiting
      Reason:       PodInitializing
    Ready:          False
    Restart Count:  0
    Environment:    <none>
    Mounts:         <none>
Conditions:
  Type                        Status
  PodReadyToStartContainers   True 
  Initialized                 False 
  Ready                       False 
  ContainersReady             False 
  PodScheduled                True 
Volumes:                      <none>
QoS Class:                    BestEffort
Node-Selectors:               <none>
Tolerations:                  <none>
Events:
  Type     Reason     Age                  From               Message
  ----     ------     ----                 ----               -------
  Normal   Scheduled  2m30s                default-scheduler  Successfully assigned default/migrate-demo to node-2
  Normal   Pulled     50s (x5 over 2m29s)  kubelet            spec.initContainers{migrate}: Container image "busybox:1.36" already present on machine
  Warning  BackOff    10s (x9 over 2m27s)  kubelet            spec.initContainers{migrate}: Back-off restarting failed container migrate in pod migrate-demo_default(0b1c)
"##;

/// kubectl 1.9: the old Events table, `ShortHumanDuration` ages, `-0500` times.
const OLD_EVENTS: &str = r##"Name:         old-pod
Namespace:    default
Node:         minikube/192.168.99.100
Start Time:   Fri, 01 Dec 2017 05:00:00 -0500
Labels:       <none>
Annotations:  <none>
Status:       Running
IP:           172.17.0.4
Containers:
  app:
    Container ID:   docker://ddd
    Image:          nginx
    Image ID:       docker-pullable://nginx@sha256:4
    Port:           <none>
    State:          Running
      Started:      Fri, 01 Dec 2017 05:00:30 -0500
    Ready:          True
    Restart Count:  0
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from default-token-x (ro)
Conditions:
  Type           Status
  Initialized    True 
  Ready          True 
  PodScheduled   True 
Volumes:
  default-token-x:
    Type:        Secret (a volume populated by a Secret)
    SecretName:  default-token-x
    Optional:    false
QoS Class:       BestEffort
Node-Selectors:  <none>
Tolerations:     <none>
Events:
  FirstSeen  LastSeen  Count  From               SubObjectPath         Type      Reason                 Message
  ---------  --------  -----  ----               -------------         --------  ------                 -------
  3m         3m        1      default-scheduler                        Normal    Scheduled              Successfully assigned old-pod to minikube
  3m         3m        1      kubelet, minikube                        Normal    SuccessfulMountVolume  MountVolume.SetUp succeeded for volume "default-token-x"
  3m         2m        2      kubelet, minikube  spec.containers{app}  Normal    Pulling                pulling image "nginx"
  2m         2m        1      kubelet, minikube  spec.containers{app}  Normal    Started                Started container
"##;

/// A pod being deleted: describe shows `Terminating` in place of the phase.
const TERMINATING: &str = r##"Name:                      db-0
Namespace:                 data
Node:                      <none>
Labels:                    <none>
Annotations:               <none>
Status:                    Terminating (lasts 2m)
Termination Grace Period:  30s
IP:                        
IPs:                       <none>
Controlled By:             StatefulSet/db
Containers:
  db:
    Image:        postgres:16
    Port:         <none>
    Host Port:    <none>
    Environment:  <none>
    Mounts:       <none>
Volumes:          <none>
QoS Class:        BestEffort
Node-Selectors:   <none>
Tolerations:      <none>
Events:           <none>
"##;

/// kubectl 1.10: `Age` from `ShortHumanDuration`, a message of three lines, the rows after it realigned.
const MULTILINE_EVENT: &str = r##"Name:       vol-pod
Namespace:  default
Status:     Pending
Containers:
  app:
    Image:  nginx
Events:
  Type     Reason       Age              From               Message
  ----     ------       ----             ----               -------
  Normal   Scheduled    1m               default-scheduler  Successfully assigned default/vol-pod to minikube
  Warning  FailedMount  3m (x4 over 5m)  kubelet, minikube  MountVolume.SetUp failed for volume "data" : mount failed: exit status 32
Mounting command: mount
Output: mount: 無効な引数
  Normal  Pulling  30s  kubelet, minikube  pulling image "nginx"
"##;

fn status(pod: &DescribedPod) -> &PodStatus {
    pod.pod.status.as_ref().unwrap()
}

fn ago(ago_ms: i64, precision_ms: i64) -> Moment {
    Moment::Ago {
        ago_ms,
        precision_ms,
    }
}

#[test]
fn sidecar_pod_reads_spec_status_conditions_and_events() {
    assert!(looks_like_describe(SIDECAR));
    let pods = parse_describe(SIDECAR).unwrap();
    assert_eq!(pods.len(), 1);
    let described = &pods[0];
    let pod = &described.pod;
    assert_eq!(described.line, 1);
    assert_eq!(pod.metadata.name.as_deref(), Some("web-5d9c7b-x2x9q"));
    assert_eq!(pod.metadata.namespace.as_deref(), Some("shop"));
    let labels = pod.metadata.labels.as_ref().unwrap();
    assert_eq!(labels.get("app").map(String::as_str), Some("web"));
    assert_eq!(
        labels.get("pod-template-hash").map(String::as_str),
        Some("5d9c7b")
    );
    assert_eq!(pod.spec.node_name.as_deref(), Some("node-1"));
    let status = status(described);
    assert_eq!(status.host_ip.as_deref(), Some("10.0.0.5"));
    assert_eq!(status.start_time.as_deref(), Some("2026-11-23T07:42:00Z"));
    assert_eq!(status.phase.as_deref(), Some("Running"));
    assert_eq!(status.pod_ip.as_deref(), Some("10.1.2.3"));
    assert_eq!(status.pod_ips.as_ref().map(Vec::len), Some(1));
    assert_eq!(status.qos_class.as_deref(), Some("BestEffort"));

    // The sidecar: kubectl prints no restart policy; its startup probe says it.
    let init = pod.spec.init_containers.as_ref().unwrap();
    assert_eq!(init.len(), 1);
    assert_eq!(init[0].name.as_deref(), Some("proxy"));
    assert_eq!(init[0].image.as_deref(), Some("envoy:1.30"));
    assert_eq!(init[0].restart_policy.as_deref(), Some("Always"));
    assert_eq!(described.notes.len(), 1, "{:?}", described.notes);
    assert_eq!(described.notes[0].0, 16);
    assert!(described.notes[0].1.contains("`Startup` probe"));
    let proxy = &status.init_container_statuses.as_ref().unwrap()[0];
    assert_eq!(proxy.container_id.as_deref(), Some("containerd://aaa"));
    assert_eq!(
        proxy
            .state
            .as_ref()
            .unwrap()
            .running
            .as_ref()
            .unwrap()
            .started_at
            .as_deref(),
        Some("2026-11-23T07:42:03Z")
    );
    assert_eq!((proxy.ready, proxy.restart_count), (Some(true), Some(0)));

    let app = &pod.spec.containers.as_ref().unwrap()[0];
    assert_eq!(
        (
            app.name.as_deref(),
            app.image.as_deref(),
            app.restart_policy.as_deref()
        ),
        (Some("app"), Some("nginx:1.27"), None)
    );
    let app_status = &status.container_statuses.as_ref().unwrap()[0];
    // `Started:` under `Environment:` is an environment variable, not the state's.
    assert_eq!(
        app_status
            .state
            .as_ref()
            .unwrap()
            .running
            .as_ref()
            .unwrap()
            .started_at
            .as_deref(),
        Some("2026-11-23T07:42:09Z")
    );

    let conditions = status.conditions.as_ref().unwrap();
    assert_eq!(conditions.len(), 5);
    assert_eq!(conditions[1].condition_type.as_deref(), Some("Initialized"));
    assert_eq!(conditions[1].status.as_deref(), Some("True"));

    let events = &described.events;
    assert_eq!(events.len(), 5);
    assert_eq!(events[0].involved.kind, "Pod");
    assert_eq!(events[0].involved.name, "web-5d9c7b-x2x9q");
    assert_eq!(events[0].involved.namespace.as_deref(), Some("shop"));
    assert_eq!(events[0].source, "default-scheduler");
    assert_eq!(events[0].first, events[0].last);
    assert_eq!(events[0].last, Some(ago(543_000, 1000)));
    assert_eq!(events[0].line, 62);
    assert_eq!(
        events[1].involved.field_path.as_deref(),
        Some("spec.initContainers{proxy}")
    );
    assert_eq!(
        events[1].message,
        "Container image \"envoy:1.30\" already present on machine"
    );
    // `9m3s` elsewhere in the table says `HumanDuration`: `9m` is 9m0s to the second.
    assert_eq!(events[2].last, Some(ago(540_000, 1000)));
    let unhealthy = &events[3];
    assert_eq!(unhealthy.count, 3);
    assert_eq!(unhealthy.last, Some(ago(538_000, 1000)));
    assert_eq!(unhealthy.first, Some(ago(540_000, 1000)));
    assert!(unhealthy.message.starts_with("Startup probe failed: Get"));
    assert_eq!(
        events[4].involved.field_path.as_deref(),
        Some("spec.containers{app}")
    );
}

#[test]
fn init_container_in_crash_loop_keeps_both_states_and_times_in_utc() {
    let pods = parse_describe(CRASHLOOP).unwrap();
    let described = &pods[0];
    assert!(described.notes.is_empty(), "{:?}", described.notes);
    let status = status(described);
    assert_eq!(status.phase.as_deref(), Some("Pending"));
    // `+0100` read into UTC.
    assert_eq!(status.start_time.as_deref(), Some("2026-11-23T06:59:58Z"));
    let init = &described.pod.spec.init_containers.as_ref().unwrap()[0];
    assert_eq!(init.restart_policy, None);
    let migrate = &status.init_container_statuses.as_ref().unwrap()[0];
    assert_eq!(migrate.name.as_deref(), Some("migrate"));
    let waiting = migrate.state.as_ref().unwrap().waiting.as_ref().unwrap();
    assert_eq!(waiting.reason.as_deref(), Some("CrashLoopBackOff"));
    let last = migrate
        .last_state
        .as_ref()
        .unwrap()
        .terminated
        .as_ref()
        .unwrap();
    assert_eq!(last.reason.as_deref(), Some("Error"));
    assert_eq!(
        last.message.as_deref(),
        Some("migration failed:\nReason: table exists\n  at step 3")
    );
    assert_eq!(last.exit_code, Some(1));
    assert_eq!(last.started_at.as_deref(), Some("2026-11-23T07:01:40Z"));
    assert_eq!(last.finished_at.as_deref(), Some("2026-11-23T07:01:41Z"));
    assert_eq!(
        (migrate.ready, migrate.restart_count),
        (Some(false), Some(4))
    );
    let app = &status.container_statuses.as_ref().unwrap()[0];
    assert_eq!(app.container_id, None);
    assert_eq!(
        app.state
            .as_ref()
            .unwrap()
            .waiting
            .as_ref()
            .unwrap()
            .reason
            .as_deref(),
        Some("PodInitializing")
    );
    let conditions = status.conditions.as_ref().unwrap();
    assert_eq!(conditions[1].status.as_deref(), Some("False"));
    let backoff = &described.events[2];
    assert_eq!(backoff.reason, "BackOff");
    assert_eq!(backoff.count, 9);
    assert_eq!(backoff.last, Some(ago(10_000, 1000)));
    assert_eq!(backoff.first, Some(ago(147_000, 1000)));
}

#[test]
fn old_events_table_reads_first_last_count_and_subobject() {
    let described = &parse_describe(OLD_EVENTS).unwrap()[0];
    assert_eq!(
        status(described).start_time.as_deref(),
        Some("2017-12-01T10:00:00Z")
    );
    let events = &described.events;
    assert_eq!(events.len(), 4);
    assert_eq!(events[0].reason, "Scheduled");
    assert_eq!(events[0].event_type, "Normal");
    assert_eq!(events[0].source, "default-scheduler");
    assert_eq!(events[0].involved.field_path, None);
    // `ShortHumanDuration` cut `3m` to the minute.
    assert_eq!(events[0].first, Some(ago(180_000, 60_000)));
    let pulling = &events[2];
    assert_eq!(pulling.source, "kubelet, minikube");
    assert_eq!(
        pulling.involved.field_path.as_deref(),
        Some("spec.containers{app}")
    );
    assert_eq!(pulling.count, 2);
    assert_eq!(pulling.first, Some(ago(180_000, 60_000)));
    assert_eq!(pulling.last, Some(ago(120_000, 60_000)));
    assert_eq!(pulling.message, "pulling image \"nginx\"");
}

#[test]
fn message_lines_and_realigned_rows_in_the_events_table() {
    let described = &parse_describe(MULTILINE_EVENT).unwrap()[0];
    let events = &described.events;
    assert_eq!(events.len(), 3, "{events:?}");
    assert_eq!(
        events[1].message,
        "MountVolume.SetUp failed for volume \"data\" : mount failed: exit status 32\nMounting command: mount\nOutput: mount: 無効な引数"
    );
    assert_eq!(events[1].count, 4);
    // `1m` only `ShortHumanDuration` prints: every age is cut to its unit.
    assert_eq!(events[1].last, Some(ago(180_000, 60_000)));
    assert_eq!(events[0].last, Some(ago(60_000, 60_000)));
    assert_eq!(events[2].reason, "Pulling");
    assert_eq!(events[2].source, "kubelet, minikube");
    assert_eq!(events[2].line, 14);
}

#[test]
fn two_pods_one_after_the_other() {
    let text = format!("{SIDECAR}\n\n{TERMINATING}");
    let pods = parse_describe(&text).unwrap();
    assert_eq!(pods.len(), 2);
    let second = &pods[1];
    assert_eq!(second.line, SIDECAR.lines().count() + 3);
    assert_eq!(second.pod.metadata.name.as_deref(), Some("db-0"));
    assert_eq!(second.pod.metadata.namespace.as_deref(), Some("data"));
    assert_eq!(second.pod.metadata.deletion_grace_period_seconds, Some(30));
    assert_eq!(status(second).phase, None);
    assert_eq!(status(second).pod_ip, None);
    assert_eq!(second.pod.spec.node_name, None);
    assert!(second.events.is_empty());
    assert_eq!(second.notes.len(), 1);
    assert!(second.notes[0].1.contains("Terminating (lasts 2m)"));
    let db = &second.pod.spec.containers.as_ref().unwrap()[0];
    assert_eq!(db.image.as_deref(), Some("postgres:16"));
    assert_eq!(status(second).container_statuses, None);
    // The first pod's events end where the second pod begins.
    assert_eq!(pods[0].events.len(), 5);
}

#[test]
fn truncated_paste_gives_notes_not_errors() {
    let cut: String = CRASHLOOP
        .lines()
        .take_while(|line| !line.starts_with("Reason: table exists"))
        .flat_map(|line| [line, "\n"])
        .collect();
    let described = &parse_describe(&cut).unwrap()[0];
    let notes: Vec<&str> = described.notes.iter().map(|(_, n)| n.as_str()).collect();
    assert!(
        notes.iter().any(|n| n.contains("`Containers:`")),
        "{notes:?}"
    );
    assert!(
        notes.iter().any(|n| n.contains("termination message")),
        "{notes:?}"
    );
    assert!(
        notes.iter().any(|n| n.contains("`Exit Code:`")),
        "{notes:?}"
    );
    assert!(described.notes.iter().all(|(line, _)| *line >= 13));
    let migrate = &status(described).init_container_statuses.as_ref().unwrap()[0];
    assert_eq!(migrate.restart_count, None);

    // Cut after the Events header.
    let cut: String = SIDECAR.lines().take(60).flat_map(|l| [l, "\n"]).collect();
    let described = &parse_describe(&cut).unwrap()[0];
    assert!(described.events.is_empty());
    assert!(
        described
            .notes
            .iter()
            .any(|(line, note)| *line == 60 && note.contains("Events table is cut off")),
        "{:?}",
        described.notes
    );
}

#[test]
fn sidecar_read_from_running_beside_later_containers() {
    let text = "\
Name:         p
Namespace:    default
Init Containers:
  log:
    Container ID:   containerd://1
    Image:          busybox
    State:          Running
      Started:      Mon, 23 Nov 2026 07:42:03 +0000
    Ready:          False
    Restart Count:  0
Containers:
  app:
    Container ID:   containerd://2
    Image:          nginx
    State:          Running
      Started:      Mon, 23 Nov 2026 07:42:05 +0000
    Ready:          True
    Restart Count:  0
Events:           <none>
";
    let described = &parse_describe(text).unwrap()[0];
    let init = &described.pod.spec.init_containers.as_ref().unwrap()[0];
    assert_eq!(init.restart_policy.as_deref(), Some("Always"));
    assert_eq!(described.notes.len(), 1);
    assert_eq!(described.notes[0].0, 4);
}

#[test]
fn ephemeral_and_defer_containers_have_their_own_lists() {
    let text = "\
Name:         p
Namespace:    default
Status:       Running
Containers:
  app:
    Container ID:   containerd://1
    Image:          nginx
    State:          Running
      Started:      Mon, 23 Nov 2026 07:42:05 +0000
    Ready:          True
    Restart Count:  0
Ephemeral Containers:
  debugger-x7k:
    Container ID:   containerd://2
    Image:          busybox
    State:          Terminated
      Reason:       Completed
      Exit Code:    0
      Signal:       15
      Started:      Mon, 23 Nov 2026 07:50:00 +0000
      Finished:     Mon, 23 Nov 2026 07:51:00 +0000
    Ready:          False
    Restart Count:  0
Defer Containers:
  flush:
    Image:          busybox
    Restart Policy: Never
QoS Class:        BestEffort
Events:           <none>
";
    let described = &parse_describe(text).unwrap()[0];
    assert!(described.notes.is_empty(), "{:?}", described.notes);
    let spec = &described.pod.spec;
    assert_eq!(spec.init_containers, None);
    assert_eq!(spec.containers.as_ref().map(Vec::len), Some(1));
    let debugger = &spec.ephemeral_containers.as_ref().unwrap()[0];
    assert_eq!(debugger.name.as_deref(), Some("debugger-x7k"));
    let defer = &spec.defer_containers.as_ref().unwrap()[0];
    assert_eq!(defer.restart_policy.as_deref(), Some("Never"));
    let status = status(described);
    let terminated = status.ephemeral_container_statuses.as_ref().unwrap()[0]
        .state
        .as_ref()
        .unwrap()
        .terminated
        .clone()
        .unwrap();
    assert_eq!(
        (terminated.exit_code, terminated.signal),
        (Some(0), Some(15))
    );
    assert_eq!(
        terminated.finished_at.as_deref(),
        Some("2026-11-23T07:51:00Z")
    );
    // Without `Container ID:` or a state, a container has no status.
    assert_eq!(status.defer_container_statuses, None);

    // Cut after the containers: nothing says where, so a note says it may be.
    let cut: String = text.lines().take(27).flat_map(|l| [l, "\n"]).collect();
    let described = &parse_describe(&cut).unwrap()[0];
    assert_eq!(described.notes.len(), 1, "{:?}", described.notes);
    assert!(described.notes[0].1.contains("may be cut off"));
}

#[test]
fn text_that_is_not_describe_output_is_an_error() {
    assert!(!looks_like_describe("apiVersion: v1\nkind: Pod\n"));
    let error = parse_describe("apiVersion: v1\nName: x\nNamespace: y\n").unwrap_err();
    assert_eq!((error.line, error.column), (1, 1));
    let error = parse_describe("\nName: x\nStatus: Running\n").unwrap_err();
    assert_eq!(error.line, 3);
    assert!(parse_describe("  \n").is_err());
}

#[test]
fn times_as_describe_prints_them() {
    let utc = |text: &str| match parse_rfc1123z(text) {
        Some(Printed::At(at)) => Some(format_rfc3339(at)),
        Some(Printed::Unset) => Some("unset".to_string()),
        None => None,
    };
    assert_eq!(
        utc("Mon, 23 Nov 2026 07:59:58 +0100").as_deref(),
        Some("2026-11-23T06:59:58Z")
    );
    assert_eq!(
        utc("Sun, 01 Mar 2026 23:30:00 -0530").as_deref(),
        Some("2026-03-02T05:00:00Z")
    );
    assert_eq!(
        utc("Mon, 01 Jan 0001 00:00:00 +0000").as_deref(),
        Some("unset")
    );
    for bad in [
        "2026-11-23T07:59:58Z",
        "Mon, 23 Nov 2026 07:59:58 UTC",
        "Mon, 23 Foo 2026 07:59:58 +0000",
        "Mon, 31 Feb 2026 07:59:58 +0000",
        "Mon, 23 Nov 2026 7:59:58 +0000",
    ] {
        assert_eq!(utc(bad), None, "{bad}");
    }
    assert_eq!(
        parse_go_time_string("2016-01-02 15:04:05 -0700 MST").map(format_rfc3339),
        Some("2016-01-02T22:04:05Z".to_string())
    );
    let (time, note) = describe_time("Started", "yesterday");
    assert_eq!(time, None);
    assert!(note.unwrap().contains("`Started: yesterday`"));
}
