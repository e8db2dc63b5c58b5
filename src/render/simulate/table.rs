//! Plain aligned text tables in kubectl's style: upper-case headers, columns three spaces apart.

/// Renders rows under headers, left-aligned; the last column is not padded.
pub fn render(headers: &[&str], rows: &[Vec<String>]) -> String {
    let columns = headers.len();
    let mut widths: Vec<usize> = headers.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (index, cell) in row.iter().enumerate().take(columns) {
            widths[index] = widths[index].max(cell.chars().count());
        }
    }
    let mut text = String::new();
    let mut line = |cells: &mut dyn Iterator<Item = &str>| {
        let mut out = String::new();
        for (index, cell) in cells.enumerate() {
            if index + 1 < columns {
                out.push_str(cell);
                let pad = widths[index] - cell.chars().count() + 3;
                out.extend(std::iter::repeat_n(' ', pad));
            } else {
                out.push_str(cell);
            }
        }
        text.push_str(out.trim_end());
        text.push('\n');
    };
    line(&mut headers.iter().copied());
    for row in rows {
        line(&mut row.iter().map(String::as_str));
    }
    text
}

#[cfg(test)]
mod tests {
    #[test]
    fn aligns_columns_like_kubectl() {
        let rows = vec![
            vec!["web".to_string(), "1/1".to_string(), "Running".to_string()],
            vec![
                "a-longer-name".to_string(),
                "0/1".to_string(),
                "Pending".to_string(),
            ],
        ];
        assert_eq!(
            super::render(&["NAME", "READY", "STATUS"], &rows),
            "NAME            READY   STATUS\nweb             1/1     Running\na-longer-name   0/1     Pending\n"
        );
    }
}
