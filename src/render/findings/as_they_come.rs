//! The formats with an item per finding (`human`, `short`, `github`, `json`) drawn a piece of a file at a time, on the core that checked the piece, as `validate` hands its report over.

use std::sync::Mutex;

use super::human::{self, HumanStyle, SourceFile, WrappedParts};
use super::json::{DocumentNumber, JsonPieces};
use super::{github, short};
use crate::finding::Finding;

/// A format whose findings are drawn one after the other, each on its own.
pub enum LineFormat {
    /// Diagnostics with source snippets.
    Human(HumanStyle),
    /// `file:line:col: severity[ID] message`.
    Short,
    /// GitHub Actions workflow commands.
    Github,
    /// The JSON document's items (its opening and closing are written apart).
    Json(JsonPieces),
}

/// Draws the findings of pieces of files in a line format, on any core.
pub struct PieceDrawer {
    format: LineFormat,
    /// The human format's caches of wrapped headers and helps: one per drawing under way,
    /// kept from piece to piece.
    caches: Mutex<Vec<WrappedParts>>,
    /// Buffers written and given back, for the next pieces: a piece's drawing (a megabyte of
    /// text for a large file's piece) then reuses memory at hand rather than touching fresh
    /// memory and growing to size again.
    buffers: Mutex<Vec<String>>,
}

/// Buffers kept for reuse at most.
const KEPT_BUFFERS: usize = 32;

impl PieceDrawer {
    /// A drawer for `format`.
    pub fn new(format: LineFormat) -> Self {
        PieceDrawer {
            format,
            caches: Mutex::new(Vec::new()),
            buffers: Mutex::new(Vec::new()),
        }
    }

    /// An empty buffer to draw into: one given back, else a new one.
    pub fn buffer(&self) -> String {
        let kept = self
            .buffers
            .lock()
            .ok()
            .and_then(|mut buffers| buffers.pop());
        kept.unwrap_or_default()
    }

    /// Takes back a buffer once its text is written, for a later piece.
    pub fn give_back(&self, mut buffer: String) {
        buffer.clear();
        if let Ok(mut buffers) = self.buffers.lock()
            && buffers.len() < KEPT_BUFFERS
        {
            buffers.push(buffer);
        }
    }

    /// Draws `findings` of `file` into `out`: the bytes the format writes for them when a
    /// report is written whole (JSON items each after a comma). Returns where JSON items name
    /// their pod's document, for the writer to count from the file's start.
    pub fn draw(
        &self,
        file: &SourceFile<'_>,
        findings: &[Finding],
        out: &mut String,
    ) -> std::io::Result<Vec<DocumentNumber>> {
        if findings.is_empty() {
            return Ok(Vec::new());
        }
        match &self.format {
            LineFormat::Human(style) if style.color => {
                human::draw_file_findings(out, file, findings, *style, None);
            }
            LineFormat::Human(style) => {
                let kept = self.caches.lock().ok().and_then(|mut caches| caches.pop());
                let mut wrapped = kept.unwrap_or_else(|| WrappedParts::new(style.width));
                human::draw_file_findings(out, file, findings, *style, Some(&mut wrapped));
                if let Ok(mut caches) = self.caches.lock() {
                    caches.push(wrapped);
                }
            }
            LineFormat::Short => short::draw_findings(out, findings),
            LineFormat::Github => github::draw_findings(out, findings),
            LineFormat::Json(json) => {
                let mut bytes = std::mem::take(out).into_bytes();
                let mut numbers = Vec::new();
                json.draw(findings, &mut bytes, &mut numbers)?;
                *out = String::from_utf8(bytes).map_err(std::io::Error::other)?;
                return Ok(numbers);
            }
        }
        Ok(Vec::new())
    }

    /// Whether what it draws holds no control character from input, so that the writer need
    /// not look for one again: the human format without colour escapes every text it takes
    /// from input itself (the file's name and lines, messages, labels, helps, notes and paths;
    /// `human.rs` tests it with control characters in each).
    pub fn escapes_its_input(&self) -> bool {
        matches!(&self.format, LineFormat::Human(style) if !style.color)
    }

    /// The format drawn.
    pub fn format(&self) -> &LineFormat {
        &self.format
    }

    /// The JSON document's pieces, when the format is `json`.
    pub fn json(&self) -> Option<&JsonPieces> {
        match &self.format {
            LineFormat::Json(json) => Some(json),
            _ => None,
        }
    }
}
