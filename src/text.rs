//! Plain-text helpers every layer may use: clipping a value for a message, the closest known
//! name for a "did you mean", and numbers with thousands separators.

use std::borrow::Cow;

/// Shortens a value for a message.
pub fn clip(text: &str) -> Cow<'_, str> {
    const MAX: usize = 40;
    if text.chars().count() <= MAX && !text.contains('\n') {
        Cow::Borrowed(text)
    } else {
        let short: String = text
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(MAX)
            .collect();
        Cow::Owned(format!("{short}…"))
    }
}

/// `text` with every control character but newline and tab written as `\u{…}`, so text from
/// input cannot move the cursor, clear the screen or retitle the terminal (cf. CVE-2021-25743).
pub fn escape_control(text: &str) -> Cow<'_, str> {
    if !has_control_bytes(text.as_bytes()) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for ch in text.chars() {
        push_escaped(&mut out, ch);
    }
    Cow::Owned(out)
}

/// Appends `text` to `out` as [`escape_control`] writes it, without a copy in between.
pub fn push_escaped_str(out: &mut String, text: &str) {
    if has_control_bytes(text.as_bytes()) {
        for ch in text.chars() {
            push_escaped(out, ch);
        }
    } else {
        out.push_str(text);
    }
}

/// Whether every byte of `bytes` is printable ASCII (a space to `~`). Looked at 32 bytes at a
/// time without branches, which the compiler vectorizes: every header and help is asked.
// Bitwise on purpose: a loop without branches is one the compiler vectorizes.
#[allow(clippy::needless_bitwise_bool)]
pub fn is_printable_ascii(bytes: &[u8]) -> bool {
    const BLOCK: usize = 32;
    let printable = |byte: u8| byte.wrapping_sub(b' ') <= b'~' - b' ';
    let block_is = |block: &[u8]| block.iter().fold(true, |all, &byte| all & printable(byte));
    let mut blocks = bytes.chunks_exact(BLOCK);
    for block in blocks.by_ref() {
        if !block_is(block) {
            return false;
        }
    }
    block_is(&padded::<BLOCK>(blocks.remainder(), b' '))
}

/// `rest` (shorter than `N`) followed by `fill` up to `N` bytes: the last piece of a text
/// looked at a whole block at a time, as fast as the others, where a loop over its few bytes
/// would cost several times as much.
fn padded<const N: usize>(rest: &[u8], fill: u8) -> [u8; N] {
    let mut block = [fill; N];
    if let Some(start) = block.get_mut(..rest.len()) {
        start.copy_from_slice(rest);
    }
    block
}

/// Whether `bytes` hold the UTF-8 of a character [`is_escaped`]: a C0 control but newline and
/// tab, DEL, or a C1 control (`C2 80`..`C2 9F`). Looked at 64 bytes at a time without branches,
/// which the compiler vectorizes: most text output passes through here.
// Bitwise on purpose: a loop without branches is one the compiler vectorizes.
#[allow(clippy::needless_bitwise_bool)]
pub fn has_control_bytes(bytes: &[u8]) -> bool {
    const BLOCK: usize = 64;
    let single = |byte: u8| ((byte < 0x20) & (byte != b'\n') & (byte != b'\t')) | (byte == 0x7f);
    // A C1 control's second byte follows a `C2`; `byte & 0xe0 == 0x80` is 80..9F.
    let pair = |first: u8, second: u8| (first == 0xc2) & (second & 0xe0 == 0x80);
    // The pairs are looked at only in a block that holds a `C2` (most text holds none).
    let block_has = |block: &[u8]| {
        let (singles, lead) = block.iter().fold((false, false), |(any, lead), &byte| {
            (any | single(byte), lead | (byte == 0xc2))
        });
        singles
            || (lead
                && block
                    .iter()
                    .zip(block.get(1..).unwrap_or_default())
                    .fold(false, |any, (&first, &second)| any | pair(first, second)))
    };
    let mut blocks = bytes.chunks_exact(BLOCK);
    let mut last = 0u8;
    for block in blocks.by_ref() {
        // The pair that straddles the previous block and this one.
        let first = block.first().copied().unwrap_or_default();
        if pair(last, first) | block_has(block) {
            return true;
        }
        last = block.last().copied().unwrap_or_default();
    }
    let rest = blocks.remainder();
    // A space is neither a control nor a `C2`: the padding finds nothing.
    pair(last, rest.first().copied().unwrap_or_default()) | block_has(&padded::<BLOCK>(rest, b' '))
}

/// Whether XML 1.0 can hold `ch` at all (its `Char` production: tab, newline, carriage return,
/// and everything from U+0020 but U+FFFE and U+FFFF; Rust strings hold no surrogates).
pub fn is_xml_char(ch: char) -> bool {
    matches!(ch, '\t' | '\n' | '\r') || (ch >= ' ' && ch != '\u{fffe}' && ch != '\u{ffff}')
}

/// Whether text output writes `ch` escaped: every control character but newline and tab.
pub fn is_escaped(ch: char) -> bool {
    ch.is_control() && ch != '\n' && ch != '\t'
}

/// Appends `ch` to `out`, as `\u{…}` when [`is_escaped`].
pub fn push_escaped(out: &mut String, ch: char) {
    if is_escaped(ch) {
        out.push_str(&escape_code(u32::from(ch)));
    } else {
        out.push(ch);
    }
}

/// The escape text output writes for the character with code `code`: `\u{1b}`.
pub fn escape_code(code: u32) -> String {
    format!("\\u{{{code:x}}}")
}

/// `value` in decimal digits, written at the end of `buffer`: numbers in text output without
/// the formatting machinery (a run writes several per finding).
pub fn decimal(value: usize, buffer: &mut [u8; 20]) -> &str {
    std::str::from_utf8(digits(value, buffer)).unwrap_or_default()
}

/// Appends `value` in decimal digits to `out`, a digit at a time (no UTF-8 check of a buffer).
pub fn push_decimal(out: &mut String, value: usize) {
    for &digit in digits(value, &mut [0; 20]) {
        out.push(char::from(digit));
    }
}

/// How many decimal digits `value` has.
pub fn decimal_width(value: usize) -> usize {
    let mut width = 1;
    let mut rest = value;
    while rest >= 10 {
        rest /= 10;
        width += 1;
    }
    width
}

/// The ASCII digits of `value`, written at the end of `buffer`.
fn digits(mut value: usize, buffer: &mut [u8; 20]) -> &[u8] {
    let mut start = buffer.len();
    for slot in buffer.iter_mut().rev() {
        *slot = b'0' + u8::try_from(value % 10).unwrap_or_default();
        start -= 1;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    buffer.get(start..).unwrap_or_default()
}

/// The known name closest to `name`, if it is close enough to be a likely typo.
///
/// A candidate whose length differs from `name`'s by more than the allowed distance cannot be
/// close, so it is not compared: a 100 KB key costs one count, not 100 KB × every candidate.
pub fn closest<'f>(name: &str, candidates: &[&'f str]) -> Option<&'f str> {
    let allowed = |candidate: &str| (candidate.chars().count() / 3).max(1);
    let length = name.chars().count();
    let lower = name.to_ascii_lowercase();
    candidates
        .iter()
        .filter(|candidate| length.abs_diff(candidate.chars().count()) <= allowed(candidate))
        .map(|candidate| {
            (
                strsim::levenshtein(&lower, &candidate.to_ascii_lowercase()),
                *candidate,
            )
        })
        .filter(|(distance, candidate)| *distance <= allowed(candidate))
        .min()
        .map(|(_, candidate)| candidate)
}

/// An integer with thousands separators: `12,345`.
pub fn thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_likely_typo_gets_its_closest_name() {
        assert_eq!(
            closest("imagePullPolcy", &["image", "imagePullPolicy"]),
            Some("imagePullPolicy")
        );
        assert_eq!(closest("IMAGE", &["image"]), Some("image"));
        assert_eq!(closest("command", &["image", "imagePullPolicy"]), None);
        assert_eq!(closest(&"i".repeat(100_000), &["image"]), None);
    }

    #[test]
    fn long_or_multi_line_values_are_clipped() {
        assert_eq!(clip("short"), "short");
        assert_eq!(clip("a\nb"), "a…");
        assert_eq!(clip(&"x".repeat(50)).chars().count(), 41);
    }

    #[test]
    fn decimals_are_written_as_display_writes_them() {
        for value in [
            0,
            1,
            9,
            10,
            99,
            100,
            12345,
            usize::MAX / 10,
            usize::MAX - 1,
            usize::MAX,
        ] {
            let mut out = String::from("x");
            push_decimal(&mut out, value);
            assert_eq!(out, format!("x{value}"));
            assert_eq!(decimal_width(value), value.to_string().len());
        }
    }

    /// Every character that matters, at every place around the 32- and 64-byte blocks.
    #[test]
    fn the_byte_check_agrees_with_the_character_check() {
        let specials = [
            '\u{0}',
            '\u{1b}',
            '\u{1f}',
            '\n',
            '\t',
            '\r',
            ' ',
            '~',
            '\u{7f}',
            '\u{80}',
            '\u{85}',
            '\u{9f}',
            '\u{a0}',
            '·',
            '©',
            '\u{100}',
            '\u{2028}',
            'é',
            '漢',
            '…',
            '\u{10ffff}',
        ];
        for length in [0, 1, 2, 31, 32, 33, 62, 63, 64, 65, 127, 128, 129, 200] {
            for at in (0..length).chain([length]) {
                for special in specials {
                    let mut text: String = "a".repeat(at);
                    text.push(special);
                    text.push_str(&"b".repeat(length - at));
                    let by_chars = text.chars().any(is_escaped);
                    assert_eq!(has_control_bytes(text.as_bytes()), by_chars, "{text:?}");
                    let mut pushed = String::new();
                    push_escaped_str(&mut pushed, &text);
                    assert_eq!(pushed, escape_control(&text), "{text:?}");
                    let printable = text.bytes().all(|byte| (b' '..=b'~').contains(&byte));
                    assert_eq!(is_printable_ascii(text.as_bytes()), printable, "{text:?}");
                }
            }
        }
        for code in 0..=0x2100u32 {
            let Some(ch) = char::from_u32(code) else {
                continue;
            };
            let text = format!("{}{ch}{}", "x".repeat(63), "y".repeat(70));
            assert_eq!(
                has_control_bytes(text.as_bytes()),
                is_escaped(ch),
                "{code:x}"
            );
        }
    }
}
