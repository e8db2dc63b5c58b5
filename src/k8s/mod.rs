//! Kubernetes' objects as podlife reads them: the typed pod, decoding, defaulting, field names,
//! quantities, names, timestamps and where each kind keeps its pod.

pub mod cluster;
pub mod container_list;
pub mod cron_schedule;
pub mod declared_durations;
pub mod decode;
pub mod defaults;
pub mod field_schema;
pub mod model;
pub mod names;
pub mod pod_security;
pub mod quantity;
pub mod resource_names;
pub mod scheduling;
pub mod stop_signals;
pub mod time_zones;
pub mod timestamp;
pub mod volume_source;
pub mod workload;
