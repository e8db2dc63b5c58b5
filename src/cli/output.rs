//! The writers every command prints through: control characters that came from input are
//! escaped (`\u{1b}`), and a reader that goes away (`| head`) ends output quietly without
//! changing the exit code.
//!
//! Escaping happens on the byte stream, after rendering, so no renderer can forget it (but the
//! human findings without colour, which escape their input themselves and are handed over
//! with [`EscapingWrite::write_escaped`], not looked over twice): every
//! C0 control (but newline and tab), DEL and every C1 control (U+0080–U+009F) is written as
//! `\u{…}`. With colour on, complete SGR colour sequences (`ESC [ digits ; m`) pass, since the
//! renderers' own colours are made of them; the human renderer escapes input text itself, so
//! colour from input cannot pass there either.

use std::fmt::Display;
use std::io::{self, Write};

/// Longest SGR sequence passed through whole; anything longer is escaped.
const MAX_SGR: usize = 32;

/// A writer that escapes control characters and swallows a broken pipe.
pub struct SafeOutput<W: Write> {
    inner: W,
    allow_sgr: bool,
    closed: bool,
    /// An incomplete escape or UTF-8 sequence at the end of the last write.
    pending: Vec<u8>,
}

impl<W: Write> SafeOutput<W> {
    /// Wraps `inner`; `allow_sgr` lets colour sequences through (colour on).
    pub fn new(inner: W, allow_sgr: bool) -> Self {
        Self {
            inner,
            allow_sgr,
            closed: false,
            pending: Vec::new(),
        }
    }

    /// Whether the reader went away (output since then was dropped on purpose).
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    fn forward(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.closed || bytes.is_empty() {
            return Ok(());
        }
        match self.inner.write_all(bytes) {
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }
}

impl<W: Write> Write for SafeOutput<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        if self.pending.is_empty() && !needs_escaping(buf) {
            return self.forward(buf);
        }
        let mut data = std::mem::take(&mut self.pending);
        data.extend_from_slice(buf);
        let (escaped, complete) = escape_bytes(&data, self.allow_sgr, false);
        self.pending = data.get(complete..).unwrap_or_default().to_vec();
        self.forward(&escaped)
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.pending.is_empty() {
            let data = std::mem::take(&mut self.pending);
            let (escaped, _) = escape_bytes(&data, self.allow_sgr, true);
            self.forward(&escaped)?;
        }
        if self.closed {
            return Ok(());
        }
        match self.inner.flush() {
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }
}

/// A writer that escapes control characters (cf. [`SafeOutput`]) and can be handed bytes a
/// renderer escaped itself, which it writes without looking at them again.
pub trait EscapingWrite: Write {
    /// Writes `bytes`, which hold no control character (but newline and tab): drawn by a
    /// renderer that escapes every text it takes from input itself.
    fn write_escaped(&mut self, bytes: &[u8]) -> io::Result<()>;
}

impl<W: Write> EscapingWrite for SafeOutput<W> {
    fn write_escaped(&mut self, bytes: &[u8]) -> io::Result<()> {
        debug_assert!(
            !crate::text::has_control_bytes(bytes),
            "a renderer left a control character unescaped: {:?}",
            String::from_utf8_lossy(bytes)
        );
        if self.pending.is_empty() {
            self.forward(bytes)
        } else {
            // An incomplete sequence held from the last write comes first, escaped.
            self.write_all(bytes)
        }
    }
}

/// A buffer keeps what it is given as it is; whoever writes the buffer on says how (validate's
/// small inputs are drawn into one and written on with `write_escaped` only when their
/// renderer escapes its input).
impl EscapingWrite for Vec<u8> {
    fn write_escaped(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.extend_from_slice(bytes);
        Ok(())
    }
}

impl<W: Write> Drop for SafeOutput<W> {
    fn drop(&mut self) {
        // Errors here have nowhere to go; `flush` reports them when called.
        let _ = self.flush();
    }
}

/// Whether `bytes` hold anything `escape_bytes` would change or keep back: a C0 control (but
/// newline and tab), DEL, a C1 control (`C2 80`..`C2 9F`), or a `C2` at the very end, whose
/// second byte comes with the next write. Other `C2` sequences (`·` is `C2 B7`, on every
/// snippet) pass, so the common case stays a plain copy; the check looks at each byte and the
/// byte after it without branches ([`crate::text::has_control_bytes`]), which the compiler
/// vectorizes, since every byte of output goes through it on one thread.
fn needs_escaping(bytes: &[u8]) -> bool {
    crate::text::has_control_bytes(bytes) || bytes.last() == Some(&0xc2)
}

/// Escapes `data`; returns the output and how many input bytes it covers (the rest is an
/// incomplete sequence, kept for the next write unless `at_end`).
fn escape_bytes(data: &[u8], allow_sgr: bool, at_end: bool) -> (Vec<u8>, usize) {
    let mut out = Vec::with_capacity(data.len() + 16);
    let mut i = 0;
    while let Some(&byte) = data.get(i) {
        match byte {
            0x1b if allow_sgr => match sgr_length(data.get(i..).unwrap_or_default()) {
                Sgr::Complete(length) => {
                    out.extend_from_slice(data.get(i..i + length).unwrap_or_default());
                    i += length;
                    continue;
                }
                Sgr::Incomplete if !at_end => return (out, i),
                Sgr::Incomplete | Sgr::Not => push_escape(&mut out, u32::from(byte)),
            },
            b'\n' | b'\t' => out.push(byte),
            _ if byte < 0x20 || byte == 0x7f => push_escape(&mut out, u32::from(byte)),
            0xc2 => match data.get(i + 1) {
                Some(&next @ 0x80..=0x9f) => {
                    push_escape(&mut out, u32::from(next));
                    i += 2;
                    continue;
                }
                None if !at_end => return (out, i),
                _ => out.push(byte),
            },
            _ => out.push(byte),
        }
        i += 1;
    }
    (out, data.len())
}

enum Sgr {
    Complete(usize),
    Incomplete,
    Not,
}

/// Whether `data` (starting at ESC) is an SGR sequence `ESC [ [0-9;]* m`.
fn sgr_length(data: &[u8]) -> Sgr {
    match data.get(1) {
        None => return Sgr::Incomplete,
        Some(b'[') => {}
        Some(_) => return Sgr::Not,
    }
    for (at, &byte) in data.iter().enumerate().skip(2).take(MAX_SGR) {
        match byte {
            b'm' => return Sgr::Complete(at + 1),
            b'0'..=b'9' | b';' => {}
            _ => return Sgr::Not,
        }
    }
    if data.len() < MAX_SGR + 2 {
        Sgr::Incomplete
    } else {
        Sgr::Not
    }
}

fn push_escape(out: &mut Vec<u8>, code: u32) {
    out.extend_from_slice(crate::text::escape_code(code).as_bytes());
}

/// Standard output as every command writes it: buffered, escaped, broken pipe swallowed.
pub fn stdout(color: bool) -> SafeOutput<io::BufWriter<io::StdoutLock<'static>>> {
    SafeOutput::new(io::BufWriter::new(io::stdout().lock()), color)
}

/// Standard error for findings and notes, escaped like stdout, never coloured.
pub fn stderr() -> SafeOutput<io::StderrLock<'static>> {
    SafeOutput::new(io::stderr().lock(), false)
}

/// Writes findings on stderr as the commands that are not `validate` report them: the `short`
/// format, each followed by its help. If stderr itself is gone there is nowhere to say so.
pub fn report_findings(findings: &[&crate::finding::Finding]) {
    let mut err = stderr();
    for finding in findings {
        let _ = crate::render::findings::short::write_findings(&mut err, &[finding]);
        if let Some(help) = &finding.help {
            let _ = writeln!(err, "  help: {help}");
        }
    }
}

/// Writes one line on stderr, escaped; if stderr itself is gone there is nowhere to say so.
pub fn note(message: impl Display) {
    let mut err = stderr();
    let _ = writeln!(err, "{message}");
}

/// `plot.svg` with a suffix before its extension (`plot-30.svg`): one file per sweep value or
/// per pod when one `--svg FILE` names several.
pub fn suffixed(path: &std::path::Path, suffix: &str) -> std::path::PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let extension = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    path.with_file_name(format!("{stem}-{suffix}{extension}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn through(chunks: &[&[u8]], allow_sgr: bool) -> String {
        let mut out = SafeOutput::new(Vec::new(), allow_sgr);
        for chunk in chunks {
            out.write_all(chunk).expect("write");
        }
        out.flush().expect("flush");
        String::from_utf8(std::mem::take(&mut out.inner)).expect("utf-8")
    }

    #[test]
    fn control_characters_from_input_are_escaped() {
        let name = "c\u{1b}[2J\u{1b}]0;x\u{7}\rX\u{9b}1m\u{7f}";
        assert_eq!(
            through(&[name.as_bytes()], false),
            "c\\u{1b}[2J\\u{1b}]0;x\\u{7}\\u{d}X\\u{9b}1m\\u{7f}"
        );
    }

    #[test]
    fn newlines_tabs_and_text_pass_unchanged() {
        let text = "a\tb\nünïcode ✓ …\n";
        assert_eq!(through(&[text.as_bytes()], false), text);
    }

    #[test]
    fn colour_passes_only_when_on_and_only_as_sgr() {
        let text = "\u{1b}[1;31mred\u{1b}[0m \u{1b}[2J";
        assert_eq!(
            through(&[text.as_bytes()], true),
            "\u{1b}[1;31mred\u{1b}[0m \\u{1b}[2J"
        );
        assert_eq!(
            through(&[text.as_bytes()], false),
            "\\u{1b}[1;31mred\\u{1b}[0m \\u{1b}[2J"
        );
    }

    #[test]
    fn sequences_split_across_writes_are_seen_whole() {
        assert_eq!(through(&[b"a\x1b", b"[31mb"], true), "a\u{1b}[31mb");
        assert_eq!(through(&[b"a\xc2", b"\x9bb"], false), "a\\u{9b}b");
        assert_eq!(through(&[b"a\xc2", b"\xa9b"], false), "a©b");
        assert_eq!(through(&[b"end\x1b"], true), "end\\u{1b}");
    }

    #[test]
    fn a_middle_dot_takes_the_plain_path_and_passes_unchanged() {
        let text = "  · ╰── here\n© ·";
        assert!(!needs_escaping(text.as_bytes()));
        assert_eq!(through(&[text.as_bytes()], false), text);
        assert!(needs_escaping("a\u{85}b".as_bytes()));
        assert!(needs_escaping("a\u{9f}".as_bytes()));
        assert!(!needs_escaping("a\u{a0}b".as_bytes()));
    }

    #[test]
    fn a_c2_at_the_end_of_a_write_waits_for_its_second_byte() {
        assert!(needs_escaping(b"a\xc2"));
        assert_eq!(
            through(&[b"\xc2\xb7 a\xc2", b"\x85b"], false),
            "· a\\u{85}b"
        );
        assert_eq!(through(&[b"x \xc2", b"\xb7 y"], false), "x · y");
    }

    #[test]
    fn bytes_handed_over_escaped_pass_as_they_are_after_a_held_sequence() {
        let mut out = SafeOutput::new(Vec::new(), false);
        out.write_escaped("  · ╰── here\n".as_bytes())
            .expect("write");
        out.write_all(b"a\xc2").expect("write");
        // The C2 held back is finished by the next bytes, whoever drew them.
        out.write_escaped(b"\x85 b\n").expect("write");
        out.flush().expect("flush");
        let written = String::from_utf8(std::mem::take(&mut out.inner)).expect("utf-8");
        assert_eq!(written, "  · ╰── here\na\\u{85} b\n");
    }

    #[test]
    fn the_fast_check_agrees_with_escaping() {
        let bytes: Vec<u8> = (0u8..=255).collect();
        for &first in &bytes {
            for &second in &[b'a', 0x80, 0x85, 0x9f, 0xa0, 0xb7, 0xc2, b'\n'] {
                let data = [b'x', first, second];
                let (escaped, complete) = escape_bytes(&data, false, false);
                let unchanged = complete == data.len() && escaped == data;
                if !needs_escaping(&data) {
                    assert!(unchanged, "{data:?}");
                }
            }
        }
    }

    #[test]
    fn the_fast_check_looks_across_its_blocks() {
        for at in [0, 1, 62, 63, 64, 65, 127, 128, 200] {
            let mut data = vec![b'a'; 256];
            // A middle dot, then a C1 control, each straddling every place in turn.
            for (first, second, needs) in [(0xc2, 0xb7, false), (0xc2, 0x85, true)] {
                data[at] = first;
                data[at + 1] = second;
                assert_eq!(needs_escaping(&data), needs, "{at} {second:x}");
                data[at + 1] = b'a';
            }
            data[at] = 0xc2;
            assert!(needs_escaping(&data[..=at]), "{at}");
            data[at] = 0x1b;
            assert!(needs_escaping(&data), "{at}");
        }
    }

    #[test]
    fn a_closed_reader_ends_output_quietly() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
        }
        let mut out = SafeOutput::new(Closed, false);
        assert!(out.write_all(b"first").is_ok());
        assert!(out.is_closed());
        assert!(out.write_all(b"second").is_ok());
        assert!(out.flush().is_ok());
    }

    #[test]
    fn other_write_errors_are_reported() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::from_raw_os_error(28))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let mut out = SafeOutput::new(Full, false);
        assert!(out.write_all(b"x").is_err());
    }
}
