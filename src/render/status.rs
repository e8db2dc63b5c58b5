//! Rendering rows: kubectl's human table (Go `tabwriter`, padding 3) and podlife's JSON shape.

use std::borrow::Cow;
use std::io::Write;

use serde::Serialize;

use crate::render::paint::{Paint, Tone};
use crate::status::row::{HEADERS, NARROW_COLUMNS, PodRow};

/// kubectl's tabwriter settings (`printers.GetNewTabWriter`): minimum cell width 6, padding 3.
const MIN_WIDTH: usize = 6;
const PADDING: usize = 3;

/// A cell as kubectl's table printer writes it: cut at the first line break (`\f`, `\n`, `\r`)
/// with `...` appended, and ESC shown as `^[` so input cannot drive the terminal.
/// Borrowed when the cell prints as it is (almost always).
pub fn printable_cell(cell: &str) -> Cow<'_, str> {
    let (kept, truncated) = match cell.find(['\u{c}', '\n', '\r']) {
        Some(at) => (&cell[..at], true),
        None => (cell, false),
    };
    if !truncated && !kept.contains('\u{1b}') {
        return Cow::Borrowed(kept);
    }
    let mut printed = kept.replace('\u{1b}', "^[");
    if truncated {
        printed.push_str("...");
    }
    Cow::Owned(printed)
}

/// Writes the header and one line per row, aligned as kubectl aligns them: every column but
/// the last is padded with spaces to its widest cell + 3 (at least 6); the last is not padded.
/// Writes nothing for no rows (kubectl prints no header then either). The cells are printed
/// twice (to measure, then to write) rather than kept: a table of many pods would hold every
/// cell again.
pub fn write_human(
    out: &mut dyn Write,
    rows: &[PodRow],
    wide: bool,
    paint: Paint,
) -> std::io::Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    // `kubectl get pods -A`: a NAMESPACE column first when the rows span namespaces.
    let namespaced = rows.iter().any(|row| {
        rows.first()
            .is_some_and(|first| first.namespace != row.namespace)
    });
    let base = if wide { HEADERS.len() } else { NARROW_COLUMNS };
    let columns = base + usize::from(namespaced);
    let header: Vec<Cow<'_, str>> = namespaced
        .then_some("NAMESPACE")
        .into_iter()
        .chain(HEADERS.iter().copied().take(base))
        .map(Cow::Borrowed)
        .collect();
    let mut widest = vec![0; columns];
    let mut measure = |cells: &[Cow<'_, str>]| {
        for (width, cell) in widest.iter_mut().zip(cells) {
            *width = (*width).max(cell.chars().count());
        }
    };
    measure(&header);
    for row in rows {
        measure(&printed_cells(row, namespaced, wide));
    }
    let widths: Vec<usize> = widest
        .into_iter()
        .map(|widest| (widest + PADDING).max(MIN_WIDTH))
        .collect();
    let status_column = usize::from(namespaced) + STATUS_COLUMN;
    let mut line = String::new();
    let mut write_line = |cells: &[Cow<'_, str>], header: bool| {
        line.clear();
        for (column, (cell, width)) in cells.iter().zip(&widths).enumerate() {
            let tone = match column {
                _ if header => Some(Tone::Strong),
                column if column == status_column => Some(status_tone(cell)),
                _ => None,
            };
            line.push_str(&paint.apply(cell, tone));
            if column + 1 < columns {
                let fill = width.saturating_sub(cell.chars().count());
                line.extend(std::iter::repeat_n(' ', fill));
            }
        }
        writeln!(out, "{line}")
    };
    write_line(&header, true)?;
    for row in rows {
        write_line(&printed_cells(row, namespaced, wide), false)?;
    }
    Ok(())
}

/// A row's cells as printed, its namespace first when `namespaced`.
fn printed_cells(row: &PodRow, namespaced: bool, wide: bool) -> Vec<Cow<'_, str>> {
    namespaced
        .then_some(row.namespace.as_str())
        .into_iter()
        .chain(row.cells(wide))
        .map(printable_cell)
        .collect()
}

/// The STATUS column's index among kubectl's columns (NAME, READY, STATUS, …).
const STATUS_COLUMN: usize = 2;

/// How a STATUS cell reads: a failure red, a pod on its way yellow, a running or finished
/// one green.
fn status_tone(status: &str) -> Tone {
    const BAD: [&str; 9] = [
        "Error",
        "BackOff",
        "Failed",
        "OOMKilled",
        "Err",
        "Unknown",
        "Evicted",
        "Invalid",
        "Signal",
    ];
    if BAD.iter().any(|bad| status.contains(bad)) || status.starts_with("ExitCode") {
        Tone::Bad
    } else if matches!(status, "Running" | "Completed" | "Succeeded") {
        Tone::Good
    } else {
        Tone::Busy
    }
}

/// One pod in the JSON output; the wide fields only with `-o wide`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonPod<'r> {
    #[serde(skip_serializing_if = "Option::is_none")]
    namespace: Option<&'r str>,
    name: &'r str,
    ready: &'r str,
    status: &'r str,
    restarts: &'r str,
    age: &'r str,
    #[serde(skip_serializing_if = "Option::is_none")]
    ip: Option<&'r str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    node: Option<&'r str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nominated_node: Option<&'r str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    readiness_gates: Option<&'r str>,
}

#[derive(Serialize)]
struct JsonReport<'r> {
    pods: JsonPods<'r>,
}

/// The rows as the report's `pods`, each made as it is written rather than all kept at once.
struct JsonPods<'r> {
    rows: &'r [PodRow],
    wide: bool,
}

impl Serialize for JsonPods<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut pods = serializer.serialize_seq(Some(self.rows.len()))?;
        for row in self.rows {
            pods.serialize_element(&json_pod(row, self.wide))?;
        }
        pods.end()
    }
}

fn wide_field(value: &str, wide: bool) -> Option<&str> {
    wide.then_some(value)
}

/// One row as the JSON report shows it.
fn json_pod(row: &PodRow, wide: bool) -> JsonPod<'_> {
    JsonPod {
        namespace: (!row.namespace.is_empty()).then_some(row.namespace.as_str()),
        name: &row.name,
        ready: &row.ready,
        status: &row.status,
        restarts: &row.restarts,
        age: &row.age,
        ip: wide_field(&row.ip, wide),
        node: wide_field(&row.node, wide),
        nominated_node: wide_field(&row.nominated_node, wide),
        readiness_gates: wide_field(&row.readiness_gates, wide),
    }
}

/// Writes `{"pods":[{["namespace",]"name","ready","status","restarts","age"[,"ip","node","nominatedNode","readinessGates"]}]}`.
pub fn write_json(out: &mut dyn Write, rows: &[PodRow], wide: bool) -> std::io::Result<()> {
    let pods = JsonPods { rows, wide };
    serde_json::to_writer_pretty(&mut *out, &JsonReport { pods })?;
    writeln!(out)
}

/// Writes the JSON report's content as block YAML (`pods:` then one mapping per pod), as
/// `kubectl -o yaml` users expect.
pub fn write_yaml(out: &mut dyn Write, rows: &[PodRow], wide: bool) -> std::io::Result<()> {
    let mut json = Vec::new();
    write_json(&mut json, rows, wide)?;
    crate::render::json_as_yaml::write(out, &json)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, status: &str) -> PodRow {
        PodRow {
            namespace: String::new(),
            name: name.to_string(),
            ready: "1/1".to_string(),
            status: status.to_string(),
            restarts: "0".to_string(),
            age: "5m".to_string(),
            ip: "10.0.0.7".to_string(),
            node: "node-a".to_string(),
            nominated_node: "<none>".to_string(),
            readiness_gates: "<none>".to_string(),
        }
    }

    #[test]
    fn k8_a_namespace_column_appears_when_the_rows_span_namespaces() {
        let mut a = row("web", "Running");
        a.namespace = "shop".to_string();
        let mut b = row("db", "Running");
        b.namespace = "data".to_string();
        let both = render(&[a.clone(), b], false, false);
        assert!(both.starts_with("NAMESPACE   NAME   READY"), "{both}");
        assert!(both.contains("\nshop        web    1/1"), "{both}");
        let one = render(std::slice::from_ref(&a), false, false);
        assert!(one.starts_with("NAME   READY"), "{one}");
        let json = render(&[a], false, true);
        assert!(json.contains("\"namespace\": \"shop\""), "{json}");
    }

    #[test]
    fn k8_yaml_holds_what_json_holds_and_reads_back() {
        let mut a = row("web", "Running");
        a.namespace = "shop".to_string();
        let rows = [a, row("0", "Init:0/1")];
        let mut out = Vec::new();
        assert!(write_yaml(&mut out, &rows, true).is_ok());
        let yaml = String::from_utf8(out).unwrap_or_default();
        assert!(
            yaml.starts_with("pods:\n- namespace: shop\n  name: web\n"),
            "{yaml}"
        );
        // A name YAML would read as a number stays a string.
        assert!(yaml.contains("- name: \"0\""), "{yaml}");
        let documents = crate::yaml::source::parse_stream(&yaml);
        assert!(documents[0].problems.is_empty());
        let root = documents[0].root.as_ref().unwrap();
        let first = crate::yaml::field_path::FieldPath::parse("pods[0].readinessGates");
        assert_eq!(root.lookup(&first).value.as_str(), Some("<none>"));
    }

    #[test]
    fn status_cells_are_coloured_by_what_they_mean_without_moving_columns() {
        let rows = [row("web", "Running"), row("job", "Init:CrashLoopBackOff")];
        let mut plain = Vec::new();
        let mut coloured = Vec::new();
        assert!(write_human(&mut plain, &rows, false, Paint::OFF).is_ok());
        assert!(write_human(&mut coloured, &rows, false, Paint::new(true)).is_ok());
        let coloured = String::from_utf8(coloured).unwrap_or_default();
        assert!(
            coloured.contains("\u{1b}[32mRunning\u{1b}[0m"),
            "{coloured}"
        );
        assert!(
            coloured.contains("\u{1b}[31mInit:CrashLoopBackOff\u{1b}[0m"),
            "{coloured}"
        );
        let stripped = coloured
            .replace("\u{1b}[32m", "")
            .replace("\u{1b}[31m", "")
            .replace("\u{1b}[1m", "")
            .replace("\u{1b}[0m", "");
        assert_eq!(stripped, String::from_utf8(plain).unwrap_or_default());
        assert_eq!(status_tone("Pending"), Tone::Busy);
        assert_eq!(status_tone("Init:Error"), Tone::Bad);
        assert_eq!(status_tone("Completed"), Tone::Good);
    }

    fn render(rows: &[PodRow], wide: bool, json: bool) -> String {
        let mut out = Vec::new();
        let result = if json {
            write_json(&mut out, rows, wide)
        } else {
            write_human(&mut out, rows, wide, Paint::OFF)
        };
        assert!(result.is_ok());
        String::from_utf8(out).unwrap_or_default()
    }

    #[test]
    fn aligns_like_kubectl() {
        let rows = [row("web", "Running"), row("a-much-longer-name", "Init:0/1")];
        assert_eq!(
            render(&rows, false, false),
            "NAME                 READY   STATUS     RESTARTS   AGE\n\
             web                  1/1     Running    0          5m\n\
             a-much-longer-name   1/1     Init:0/1   0          5m\n"
        );
    }

    #[test]
    fn wide_adds_four_columns_and_the_last_is_unpadded() {
        let text = render(&[row("web", "Running")], true, false);
        assert_eq!(
            text,
            "NAME   READY   STATUS    RESTARTS   AGE   IP         NODE     NOMINATED NODE   READINESS GATES\n\
             web    1/1     Running   0          5m    10.0.0.7   node-a   <none>           <none>\n"
        );
    }

    #[test]
    fn cells_are_cut_at_line_breaks_and_escape_is_shown() {
        assert_eq!(printable_cell("Init:Bad\nsecond line"), "Init:Bad...");
        assert_eq!(printable_cell("a\rb"), "a...");
        assert_eq!(printable_cell("\u{1b}[31mred"), "^[[31mred");
        let mut hostile = row("web", "Crash\u{1b}]0;title\u{7}\nmore");
        hostile.restarts = "0".to_string();
        let text = render(&[hostile], false, false);
        assert!(!text.contains('\u{1b}'), "{text}");
        assert_eq!(text.lines().count(), 2, "{text}");
    }

    #[test]
    fn no_rows_print_nothing() {
        assert_eq!(render(&[], false, false), "");
        assert_eq!(render(&[], false, true), "{\n  \"pods\": []\n}\n");
    }

    #[test]
    fn json_has_wide_fields_only_when_wide() {
        let rows = [row("web", "Running")];
        let narrow = render(&rows, false, true);
        assert!(!narrow.contains("\"ip\""), "{narrow}");
        let wide = render(&rows, true, true);
        for key in [
            "\"ip\"",
            "\"node\"",
            "\"nominatedNode\"",
            "\"readinessGates\"",
        ] {
            assert!(wide.contains(key), "{key} in {wide}");
        }
    }

    /// Many rows, with a namespace, quotes, non-ASCII and escapes among them.
    fn many_rows() -> Vec<PodRow> {
        (0..2_000)
            .map(|n| {
                let mut pod = row(&format!("pod-{n}"), ["Running", "Init:0/1"][n % 2]);
                if n % 500 == 7 {
                    pod.namespace = format!("team-{n}");
                    pod.name = format!("\"quoted\" ñame-{n}\u{1b}");
                }
                if n == 1_990 {
                    // The widest cell comes last: every line is padded to it.
                    pod.name = "a-name-wider-than-every-other-one".to_string();
                }
                pod
            })
            .collect()
    }

    /// The report as it was written before its pods were made one at a time: a list of them.
    #[derive(Serialize)]
    struct Collected<'r> {
        pods: Vec<JsonPod<'r>>,
    }

    #[test]
    fn json_pods_made_as_they_are_written_read_as_a_list_of_them() {
        for rows in [many_rows(), vec![row("web", "Running")], Vec::new()] {
            for wide in [false, true] {
                let pods = rows.iter().map(|row| json_pod(row, wide)).collect();
                let mut whole = Vec::new();
                assert!(serde_json::to_writer_pretty(&mut whole, &Collected { pods }).is_ok());
                whole.push(b'\n');
                assert_eq!(render(&rows, wide, true), String::from_utf8_lossy(&whole));
            }
        }
    }

    #[test]
    fn a_table_of_many_rows_is_aligned_in_characters() {
        let rows = many_rows();
        for wide in [false, true] {
            let text = render(&rows, wide, false);
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), rows.len() + 1);
            assert!(lines[0].starts_with("NAMESPACE   NAME"), "{}", lines[0]);
            let status_at = lines[0].find("READY").unwrap_or_default();
            assert!(status_at > "a-name-wider-than-every-other-one".len());
            // Columns are counted in characters.
            for (line, row) in lines.iter().skip(1).zip(&rows) {
                let ready: String = line.chars().skip(status_at).take(3).collect();
                assert_eq!(ready, "1/1", "{line}");
                assert!(line.contains(printable_cell(&row.name).as_ref()), "{line}");
            }
        }
    }
}
