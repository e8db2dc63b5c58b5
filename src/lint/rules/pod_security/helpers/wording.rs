//! The admission library's ways of listing things in a violation's detail: quoted and
//! comma-joined names, singular or plural nouns, sorted sets.

use std::collections::BTreeSet;

/// `"a", "b"`: each item in double quotes, joined by `, ` (empty for none).
pub fn join_quote<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    let mut out = String::new();
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push('"');
        out.push_str(item.as_ref());
        out.push('"');
    }
    out
}

/// `singular` for one, else `plural`.
pub fn pluralize(singular: &'static str, plural: &'static str, count: usize) -> &'static str {
    if count == 1 { singular } else { plural }
}

/// `container "a"` / `containers "a", "b"`.
pub fn containers(names: &[&str]) -> String {
    format!(
        "{} {}",
        pluralize("container", "containers", names.len()),
        join_quote(names)
    )
}

/// A key and value as Go's `%s=%q` writes an annotation (`key="value"`).
pub fn key_quoted_value(key: &str, value: &str) -> String {
    let mut out = String::with_capacity(key.len() + value.len() + 3);
    out.push_str(key);
    out.push_str("=\"");
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\x{:02x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A sorted set of strings, as the library's `sets.String` lists them.
pub type Sorted = BTreeSet<String>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_the_library_writes_them() {
        assert_eq!(join_quote(["a", "b"]), r#""a", "b""#);
        assert_eq!(join_quote(Vec::<&str>::new()), "");
        assert_eq!(containers(&["app"]), r#"container "app""#);
        assert_eq!(containers(&["a", "b"]), r#"containers "a", "b""#);
        assert_eq!(key_quoted_value("k", "x\"y"), r#"k="x\"y""#);
    }
}
