//! Labels stacked in rows so that none overlaps another: each goes into the first row where it starts after the labels already there.

/// The rows placed so far: where each row's last label ends.
#[derive(Debug, Default)]
pub struct LabelRows {
    ends: Vec<f64>,
}

impl LabelRows {
    /// The row (from 0) for a label from `start` to `start + width`, which it then occupies.
    pub fn place(&mut self, start: f64, width: f64) -> usize {
        let row = self
            .ends
            .iter()
            .position(|end| *end <= start)
            .unwrap_or(self.ends.len());
        match self.ends.get_mut(row) {
            Some(end) => *end = start + width,
            None => self.ends.push(start + width),
        }
        row
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn overlapping_labels_go_to_the_next_row_and_rows_are_reused() {
        let mut rows = super::LabelRows::default();
        assert_eq!(rows.place(0.0, 50.0), 0);
        assert_eq!(rows.place(20.0, 50.0), 1, "overlaps the first");
        assert_eq!(rows.place(30.0, 10.0), 2, "overlaps both");
        assert_eq!(rows.place(60.0, 10.0), 0, "after the first");
    }
}
