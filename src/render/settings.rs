//! `validate --show-settings FILE` as text: the configuration file, each setting and each
//! rule's level, with where it came from.

use std::io::Write;

use crate::lint::settings::shown::ShownSettings;

/// Writes the settings of `file`.
pub fn write_settings(
    out: &mut dyn Write,
    file: &str,
    shown: &ShownSettings,
) -> std::io::Result<()> {
    writeln!(out, "settings for `{file}`")?;
    let (path, how) = &shown.configuration;
    match path {
        Some(path) => writeln!(out, "configuration: {path} ({how})")?,
        None => writeln!(out, "configuration: {how}")?,
    }
    let width = shown
        .values
        .iter()
        .map(|(name, value, _)| name.len() + value.len() + 2)
        .max()
        .unwrap_or(0);
    for (name, value, origin) in &shown.values {
        let setting = format!("{name}: {value}");
        writeln!(out, "{setting:<width$}  ({origin})")?;
    }
    writeln!(out, "rules:")?;
    let name_width = shown
        .rules
        .iter()
        .map(|(rule, _, _)| rule.name.len())
        .max()
        .unwrap_or(0);
    for (rule, level, origin) in &shown.rules {
        writeln!(
            out,
            "  {} {:<name_width$}  {:<7}  ({origin})",
            rule.id,
            rule.name,
            level.to_string()
        )?;
    }
    Ok(())
}
