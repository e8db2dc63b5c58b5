//! `--kubernetes-version`: the minor release of the cluster a manifest is checked for.

use std::fmt;

/// A Kubernetes minor release podlife knows (`1.29` … [`KubernetesVersion::NEWEST`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct KubernetesVersion {
    minor: u8,
}

impl KubernetesVersion {
    /// The oldest release podlife checks for.
    pub const OLDEST: KubernetesVersion = KubernetesVersion { minor: 29 };
    /// The newest release whose API validation and feature gates podlife follows; the default.
    pub const NEWEST: KubernetesVersion = KubernetesVersion { minor: 37 };

    /// `1.minor`, when podlife knows it.
    pub fn new(minor: u8) -> Option<Self> {
        let version = KubernetesVersion { minor };
        (Self::OLDEST..=Self::NEWEST)
            .contains(&version)
            .then_some(version)
    }

    /// The minor number (`33` for 1.33).
    pub fn minor(self) -> u8 {
        self.minor
    }

    /// Every release podlife knows, oldest first.
    pub fn all() -> impl Iterator<Item = KubernetesVersion> {
        (Self::OLDEST.minor..=Self::NEWEST.minor).map(|minor| KubernetesVersion { minor })
    }

    /// Reads `1.33`, `v1.33` or `1.33.4` (the patch release does not change validation or
    /// gate defaults, so it is accepted and ignored). Anything else, or a release outside the
    /// known range, is an error that names the range.
    pub fn parse(text: &str) -> Result<Self, String> {
        let trimmed = text.trim();
        let bare = trimmed.strip_prefix('v').unwrap_or(trimmed);
        let mut parts = bare.split('.');
        let numbers: Option<Vec<u64>> = parts
            .by_ref()
            .take(4)
            .map(|part| {
                (!part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| part.parse::<u64>().ok())
                    .flatten()
            })
            .collect();
        let range = Self::range_text();
        let malformed = || {
            format!(
                "`{text}` is not a Kubernetes version: write `MAJOR.MINOR` such as `{}` ({range})",
                Self::NEWEST
            )
        };
        let numbers = numbers.ok_or_else(malformed)?;
        let (1, Some(minor)) = (
            numbers.first().copied().unwrap_or(0),
            numbers.get(1).copied(),
        ) else {
            return Err(if numbers.len() >= 2 {
                format!("Kubernetes {bare} is not supported: podlife knows {range}")
            } else {
                malformed()
            });
        };
        if numbers.len() > 3 {
            return Err(malformed());
        }
        u8::try_from(minor)
            .ok()
            .and_then(KubernetesVersion::new)
            .ok_or_else(|| format!("Kubernetes 1.{minor} is not supported: podlife knows {range}"))
    }

    /// "1.29 to 1.35".
    pub fn range_text() -> String {
        format!("{} to {}", Self::OLDEST, Self::NEWEST)
    }
}

impl Default for KubernetesVersion {
    fn default() -> Self {
        Self::NEWEST
    }
}

impl fmt::Display for KubernetesVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "1.{}", self.minor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_minor_with_or_without_v_and_patch() {
        for text in ["1.31", "v1.31", "1.31.7", " 1.31 "] {
            assert_eq!(
                KubernetesVersion::parse(text),
                Ok(KubernetesVersion { minor: 31 }),
                "{text}"
            );
        }
    }

    #[test]
    fn outside_the_range_names_the_range() {
        let old = KubernetesVersion::parse("1.28").unwrap_err();
        assert!(
            old.contains("1.28 is not supported") && old.contains("1.29 to"),
            "{old}"
        );
        let future = KubernetesVersion::parse("1.99").unwrap_err();
        assert!(future.contains("1.99 is not supported"), "{future}");
        let two = KubernetesVersion::parse("2.0").unwrap_err();
        assert!(two.contains("2.0 is not supported"), "{two}");
    }

    #[test]
    fn malformed_versions_are_errors() {
        for text in [
            "", "1", "latest", "1.x", "1..3", "1.33.0.1", "1.-3", "+1.30",
        ] {
            let error = KubernetesVersion::parse(text).unwrap_err();
            assert!(
                error.contains("not a Kubernetes version"),
                "{text}: {error}"
            );
        }
    }

    #[test]
    fn all_runs_oldest_to_newest() {
        let all: Vec<String> = KubernetesVersion::all().map(|v| v.to_string()).collect();
        assert_eq!(all.first().map(String::as_str), Some("1.29"));
        assert_eq!(all.last(), Some(&KubernetesVersion::NEWEST.to_string()));
    }
}
