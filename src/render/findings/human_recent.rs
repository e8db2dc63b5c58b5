//! Snippets drawn lately, kept by the place they show: the findings on one pod point at a few
//! places (its spec, each container's name), and a snippet drawn once is copied for the next
//! finding there with that finding's label put in.
//!
//! A snippet drawn directly (`human_snippet`) is a function of the file, the span, and the
//! label: the label changes only whether the underline has its `┬` and the text of the label's
//! own line. So a drawing is kept by (span, whether labelled) with the label's text cut out,
//! and a copy with another label's text put in is the drawing of that label.

use std::ops::Range;

use crate::yaml::source::Span;

/// How many places are kept: more than one pod's findings point at.
const SLOTS: usize = 16;

/// Where a snippet shows, as far as its drawing depends on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Place {
    /// The span in the file.
    pub span: Span,
    /// Whether the snippet has a label (the underline then has a `┬` and a label line).
    pub labelled: bool,
}

/// A drawing without its label's text.
#[derive(Debug)]
struct Kept {
    place: Place,
    /// The drawing, the label's text cut out.
    drawn: String,
    /// Where the label's text goes in `drawn` (its end for an unlabelled one).
    label_at: usize,
}

/// The last [`SLOTS`] snippets drawn for one file, each kept by its [`Place`].
#[derive(Debug, Default)]
pub(super) struct RecentSnippets {
    kept: Vec<Kept>,
    /// The slot the next drawing replaces once every slot is taken.
    next: usize,
}

impl RecentSnippets {
    /// Writes the snippet kept for `place` with `label` put in and returns true; false, with
    /// nothing written, when none is kept. `label` must be what the snippet drawn for it
    /// would hold on one line (no newline), and given exactly when `place.labelled` is.
    pub fn write(&self, out: &mut String, place: Place, label: Option<&str>) -> bool {
        debug_assert_eq!(label.is_some(), place.labelled);
        debug_assert!(label.is_none_or(|label| !label.contains('\n')));
        let Some((before, after)) = self
            .kept
            .iter()
            .find(|kept| kept.place == place)
            .and_then(|kept| kept.drawn.split_at_checked(kept.label_at))
        else {
            return false;
        };
        out.push_str(before);
        out.push_str(label.unwrap_or_default());
        out.push_str(after);
        true
    }

    /// Keeps the snippet of `place` drawn as `drawn`, whose label's text is at `label` in it
    /// (none for an unlabelled snippet).
    pub fn keep(&mut self, place: Place, drawn: &str, label: Option<Range<usize>>) {
        let label = label.unwrap_or(drawn.len()..drawn.len());
        let (Some(before), Some(after)) = (drawn.get(..label.start), drawn.get(label.end..)) else {
            return;
        };
        let mut kept = Kept {
            place,
            drawn: String::with_capacity(before.len() + after.len()),
            label_at: before.len(),
        };
        kept.drawn.push_str(before);
        kept.drawn.push_str(after);
        if self.kept.len() < SLOTS {
            self.kept.push(kept);
        } else if let Some(slot) = self.kept.get_mut(self.next) {
            *slot = kept;
            self.next = (self.next + 1) % SLOTS;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yaml::source::Pos;

    fn place(line: u32, labelled: bool) -> Place {
        let at = |column| Pos {
            index: 0,
            line,
            column,
        };
        Place {
            span: Span {
                start: at(3),
                end: at(7),
            },
            labelled,
        }
    }

    #[test]
    fn a_kept_snippet_is_written_with_the_new_label_in_the_old_ones_place() {
        let mut recent = RecentSnippets::default();
        let drawn = "top\n ╰── old label\nbottom\n";
        let start = drawn.find("old").unwrap_or_default();
        recent.keep(
            place(1, true),
            drawn,
            Some(start..start + "old label".len()),
        );
        let mut out = String::from(">");
        assert!(recent.write(&mut out, place(1, true), Some("new")));
        assert_eq!(out, ">top\n ╰── new\nbottom\n");
        // Another place, or the same span without a label, is not the kept drawing.
        assert!(!recent.write(&mut out, place(2, true), Some("new")));
        assert!(!recent.write(&mut out, place(1, false), None));
        assert_eq!(out, ">top\n ╰── new\nbottom\n");
    }

    #[test]
    fn an_unlabelled_snippet_is_written_as_drawn() {
        let mut recent = RecentSnippets::default();
        recent.keep(place(4, false), "whole\n", None);
        let mut out = String::new();
        assert!(recent.write(&mut out, place(4, false), None));
        assert_eq!(out, "whole\n");
    }

    #[test]
    fn the_oldest_place_makes_room_once_every_slot_is_taken() {
        let mut recent = RecentSnippets::default();
        for line in 0..=SLOTS as u32 {
            recent.keep(place(line, false), &format!("line {line}\n"), None);
        }
        let mut out = String::new();
        assert!(!recent.write(&mut out, place(0, false), None));
        for line in 1..=SLOTS as u32 {
            out.clear();
            assert!(recent.write(&mut out, place(line, false), None));
            assert_eq!(out, format!("line {line}\n"));
        }
    }
}
