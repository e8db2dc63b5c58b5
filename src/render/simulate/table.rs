//! Plain aligned text tables in kubectl's style: upper-case headers, columns three spaces apart.

use crate::render::paint::{Paint, Tone};

/// Renders rows under headers, left-aligned; the last column is not padded.
pub fn render(headers: &[&str], rows: &[Vec<String>]) -> String {
    render_painted(headers, rows, Paint::OFF, &|_, _| None)
}

/// [`render`] with colour: bold headers, and each cell in the tone `tone_of(row, column)`
/// gives it; widths are the plain text's.
pub fn render_painted(
    headers: &[&str],
    rows: &[Vec<String>],
    paint: Paint,
    tone_of: &dyn Fn(usize, usize) -> Option<Tone>,
) -> String {
    let columns = headers.len();
    let mut widths: Vec<usize> = headers.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (index, cell) in row.iter().enumerate().take(columns) {
            widths[index] = widths[index].max(cell.chars().count());
        }
    }
    let mut text = String::new();
    let mut line = |cells: &mut dyn Iterator<Item = &str>, tone: &dyn Fn(usize) -> Option<Tone>| {
        let mut out = String::new();
        for (index, cell) in cells.enumerate() {
            // Trailing blanks are not printed; the plain text decides where they start.
            let last = index + 1 == columns;
            let shown = if last { cell.trim_end() } else { cell };
            out.push_str(&paint.apply(shown, tone(index)));
            if !last {
                let pad = widths[index] - cell.chars().count() + 3;
                out.extend(std::iter::repeat_n(' ', pad));
            }
        }
        text.push_str(out.trim_end());
        text.push('\n');
    };
    line(&mut headers.iter().copied(), &|_| Some(Tone::Strong));
    for (number, row) in rows.iter().enumerate() {
        line(&mut row.iter().map(String::as_str), &|column| {
            tone_of(number, column)
        });
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
