//! Pod Security levels (`privileged`, `baseline`, `restricted`), policy versions (`v1.N`,
//! `latest`) and admission modes (`enforce`, `warn`, `audit`), read as the admission library
//! reads them.

use std::fmt;

use crate::k8s::cluster::KubernetesVersion;

/// A Pod Security Standard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Level {
    /// Unrestricted: nothing is checked.
    #[default]
    Privileged,
    /// Prevents known privilege escalations.
    Baseline,
    /// Baseline plus hardening.
    Restricted,
}

/// What a level label must hold, as the API server says it.
pub const LEVEL_EXPECTED: &str = "must be one of privileged, baseline, restricted";
/// What a version label must hold, as the API server says it.
pub const VERSION_EXPECTED: &str = "must be \"latest\" or \"v1.x\"";

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Privileged, Level::Baseline, Level::Restricted];

    /// Its name, as labels spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Privileged => "privileged",
            Level::Baseline => "baseline",
            Level::Restricted => "restricted",
        }
    }

    /// Reads a level exactly as written (no trimming, no other case).
    pub fn parse(text: &str) -> Result<Level, &'static str> {
        Level::ALL
            .into_iter()
            .find(|level| level.as_str() == text)
            .ok_or(LEVEL_EXPECTED)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A policy version: the checks as they stood in a Kubernetes minor release, or `latest`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PolicyVersion {
    /// The newest checks the cluster's release has.
    #[default]
    Latest,
    /// `v1.N`.
    V1(u32),
}

impl PolicyVersion {
    /// Reads `latest` or `v1.N` (`N` without leading zeros), as the admission library does.
    pub fn parse(text: &str) -> Result<PolicyVersion, &'static str> {
        if text == "latest" {
            return Ok(PolicyVersion::Latest);
        }
        let digits = text.strip_prefix("v1.").ok_or(VERSION_EXPECTED)?;
        let well_formed = !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && (digits == "0" || !digits.starts_with('0'));
        if !well_formed {
            return Err(VERSION_EXPECTED);
        }
        digits
            .parse::<u32>()
            .map(PolicyVersion::V1)
            .map_err(|_| VERSION_EXPECTED)
    }

    /// The minor version whose checks a cluster of `release` runs for this policy version:
    /// `latest` is the release's own; a version newer than the release is evaluated as the
    /// release's newest, as the admission library clamps it.
    pub fn evaluated_at(self, release: KubernetesVersion) -> u32 {
        let newest = u32::from(release.minor());
        match self {
            PolicyVersion::Latest => newest,
            PolicyVersion::V1(minor) => minor.min(newest),
        }
    }
}

impl fmt::Display for PolicyVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PolicyVersion::Latest => f.write_str("latest"),
            PolicyVersion::V1(minor) => write!(f, "v1.{minor}"),
        }
    }
}

/// A level at a version: what a namespace enforces, warns about or audits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct LevelVersion {
    /// The level.
    pub level: Level,
    /// The version of its checks.
    pub version: PolicyVersion,
}

impl LevelVersion {
    /// Reads `LEVEL` or `LEVEL:VERSION` (`restricted`, `baseline:v1.30`); the version defaults
    /// to `latest`.
    pub fn parse(text: &str) -> Result<LevelVersion, String> {
        let (level, version) = match text.split_once(':') {
            Some((level, version)) => (level, Some(version)),
            None => (text, None),
        };
        let level = Level::parse(level).map_err(|e| format!("level `{level}`: {e}"))?;
        let version = match version {
            Some(version) => {
                PolicyVersion::parse(version).map_err(|e| format!("version `{version}`: {e}"))?
            }
            None => PolicyVersion::Latest,
        };
        Ok(LevelVersion { level, version })
    }
}

impl fmt::Display for LevelVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.level, self.version)
    }
}

/// What the admission controller does with a pod that breaks a level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mode {
    /// The pod is rejected.
    Enforce,
    /// The client gets a warning; the object is admitted.
    Warn,
    /// The audit log records it; the object is admitted.
    Audit,
}

impl Mode {
    /// Every mode, strongest first.
    pub const ALL: [Mode; 3] = [Mode::Enforce, Mode::Warn, Mode::Audit];

    /// Its name, as labels and JSON spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Enforce => "enforce",
            Mode::Warn => "warn",
            Mode::Audit => "audit",
        }
    }

    /// Reads a mode's name.
    pub fn parse(text: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|mode| mode.as_str() == text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_read_as_the_admission_library_reads_them() {
        assert_eq!(PolicyVersion::parse("latest"), Ok(PolicyVersion::Latest));
        assert_eq!(PolicyVersion::parse("v1.0"), Ok(PolicyVersion::V1(0)));
        assert_eq!(PolicyVersion::parse("v1.37"), Ok(PolicyVersion::V1(37)));
        assert_eq!(PolicyVersion::parse("v1.99"), Ok(PolicyVersion::V1(99)));
        for bad in [
            "",
            "1.30",
            "v1.",
            "v1.030",
            "v2.0",
            "v1.3x",
            "Latest",
            " v1.30",
            "v1.-1",
            "v1.99999999999",
        ] {
            assert_eq!(PolicyVersion::parse(bad), Err(VERSION_EXPECTED), "{bad:?}");
        }
    }

    #[test]
    fn a_version_past_the_release_is_evaluated_as_the_release() {
        let release = KubernetesVersion::new(33).unwrap();
        assert_eq!(PolicyVersion::Latest.evaluated_at(release), 33);
        assert_eq!(PolicyVersion::V1(40).evaluated_at(release), 33);
        assert_eq!(PolicyVersion::V1(25).evaluated_at(release), 25);
    }

    #[test]
    fn levels_are_case_sensitive_and_level_versions_default_to_latest() {
        assert_eq!(Level::parse("Restricted"), Err(LEVEL_EXPECTED));
        assert_eq!(
            LevelVersion::parse("baseline").unwrap().to_string(),
            "baseline:latest"
        );
        assert_eq!(
            LevelVersion::parse("restricted:v1.30").unwrap().to_string(),
            "restricted:v1.30"
        );
        assert!(LevelVersion::parse("restricted:1.30").is_err());
        assert!(LevelVersion::parse("strict").is_err());
    }
}
