//! Parsing quantity text: the number, the suffix, exact scaling to nano-units (apimachinery's
//! `ParseQuantity`, including its oddities).

use super::{BINARY_CAP_NANOS, Format, MAX_NANOS, NANO, Quantity, QuantityErrorKind, SUFFIX_CHARS};

/// A parsed suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Suffix {
    /// Multiply by `10^exponent`.
    Decimal(i32, Format),
    /// Multiply by `2^exponent`.
    Binary(u32),
}

/// Kubernetes' suffix table; an `e`/`E` exponent is read as an `i64` and truncated to `i32`.
pub(super) fn interpret(suffix: &[u8]) -> Option<Suffix> {
    let decimal = |e| Some(Suffix::Decimal(e, Format::DecimalSI));
    match suffix {
        b"" => decimal(0),
        b"n" => decimal(-9),
        b"u" => decimal(-6),
        b"m" => decimal(-3),
        b"k" => decimal(3),
        b"M" => decimal(6),
        b"G" => decimal(9),
        b"T" => decimal(12),
        b"P" => decimal(15),
        b"E" => decimal(18),
        b"Ki" => Some(Suffix::Binary(10)),
        b"Mi" => Some(Suffix::Binary(20)),
        b"Gi" => Some(Suffix::Binary(30)),
        b"Ti" => Some(Suffix::Binary(40)),
        b"Pi" => Some(Suffix::Binary(50)),
        b"Ei" => Some(Suffix::Binary(60)),
        [b'e' | b'E', rest @ ..] if !rest.is_empty() => {
            let exponent: i64 = std::str::from_utf8(rest).ok()?.parse().ok()?;
            // apimachinery keeps the exponent's low 32 bits (`int32(exp)`): "1e4294967296" is 1.
            #[allow(clippy::cast_possible_truncation)]
            let exponent = exponent as i32;
            Some(Suffix::Decimal(exponent, Format::DecimalExponent))
        }
        _ => None,
    }
}

/// The pieces of `[+-]<digits>.<digits><suffix>` as Kubernetes' scanner splits them.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Parts<'a> {
    pub(super) negative: bool,
    pub(super) int: &'a [u8],
    pub(super) frac: &'a [u8],
    pub(super) suffix: &'a [u8],
}

impl Parts<'_> {
    pub(super) fn has_digits(&self) -> bool {
        !self.int.is_empty() || !self.frac.is_empty()
    }
}

/// Splits a quantity into sign, integer digits, fraction digits and suffix, or
/// `None` when the shape is wrong. Every part may be empty.
pub(super) fn scan(b: &[u8]) -> Option<Parts<'_>> {
    let digits_from = |mut pos: usize| {
        while b.get(pos).is_some_and(u8::is_ascii_digit) {
            pos += 1;
        }
        pos
    };
    let negative = b.first() == Some(&b'-');
    let mut pos = usize::from(matches!(b.first(), Some(b'-' | b'+')));
    let int_start = pos;
    pos = digits_from(pos);
    let int = b.get(int_start..pos)?;
    let mut frac: &[u8] = &[];
    if b.get(pos) == Some(&b'.') {
        let start = pos + 1;
        pos = digits_from(start);
        frac = b.get(start..pos)?;
    }
    let suffix_start = pos;
    while b.get(pos).is_some_and(|c| SUFFIX_CHARS.contains(c)) {
        pos += 1;
    }
    if matches!(b.get(pos), Some(b'-' | b'+')) {
        pos += 1;
    }
    pos = digits_from(pos);
    let suffix = b.get(suffix_start..)?;
    (pos == b.len()).then_some(Parts {
        negative,
        int,
        frac,
        suffix,
    })
}

/// Multiplies a big-endian decimal digit string by `factor` (at most `2^60`).
pub(super) fn mul_digits(digits: &[u8], factor: u128) -> Vec<u8> {
    let mut out = Vec::with_capacity(digits.len() + 20);
    let mut carry = 0u128;
    for &d in digits.iter().rev() {
        let x = u128::from(d) * factor + carry;
        out.push((x % 10) as u8);
        carry = x / 10;
    }
    while carry > 0 {
        out.push((carry % 10) as u8);
        carry /= 10;
    }
    out.reverse();
    out
}

/// `digits × 10^scale` in nano-units, rounded away from zero; `None` if it overflows.
pub(super) fn to_nanos(digits: &[u8], scale: i64) -> Option<u128> {
    let start = digits.iter().position(|&d| d != 0).unwrap_or(digits.len());
    let digits = digits.get(start..).unwrap_or_default();
    let accumulate = |ds: &[u8]| {
        ds.iter()
            .try_fold(0u128, |v, &d| v.checked_mul(10)?.checked_add(u128::from(d)))
    };
    let shift = scale.saturating_add(9);
    if digits.is_empty() {
        return Some(0);
    }
    if shift >= 0 {
        let power = 10u128.checked_pow(u32::try_from(shift).ok()?)?;
        return accumulate(digits)?.checked_mul(power);
    }
    let dropped = usize::try_from(shift.unsigned_abs()).unwrap_or(usize::MAX);
    let (kept, rest) = digits.split_at(digits.len().saturating_sub(dropped));
    let value = accumulate(kept)?;
    if rest.iter().any(|&d| d != 0) {
        value.checked_add(1)
    } else {
        Some(value)
    }
}

/// Parses like Kubernetes' `ParseQuantity`.
pub(super) fn parse(s: &str) -> Result<Quantity, QuantityErrorKind> {
    let parts = scan(s.as_bytes())
        .filter(|_| !s.is_empty())
        .ok_or(QuantityErrorKind::Format)?;
    let suffix = interpret(parts.suffix).ok_or(QuantityErrorKind::Suffix)?;
    if !parts.has_digits() {
        // Kubernetes' fast path turns a digit-less number into zero; its slow path
        // (a very small decimal exponent or a large binary one) rejects it.
        return match suffix {
            Suffix::Decimal(e, _) if e < -9 => Err(QuantityErrorKind::Numeric),
            Suffix::Binary(e) if e >= 50 => Err(QuantityErrorKind::Numeric),
            Suffix::Binary(_) => Ok(Quantity::zero().with_format(Format::BinarySI)),
            Suffix::Decimal(_, format) => Ok(Quantity::zero().with_format(format)),
        };
    }
    let digits: Vec<u8> = parts
        .int
        .iter()
        .chain(parts.frac)
        .map(|c| c - b'0')
        .collect();
    let frac_len = i64::try_from(parts.frac.len()).unwrap_or(i64::MAX);
    let (magnitude, format) = match suffix {
        Suffix::Decimal(exponent, format) => {
            let nanos = to_nanos(&digits, i64::from(exponent) - frac_len)
                .and_then(|m| i128::try_from(m).ok())
                .ok_or(QuantityErrorKind::OutOfRange)?;
            (nanos, format)
        }
        Suffix::Binary(exponent) => {
            let scaled = mul_digits(&digits, 1u128 << exponent);
            let nanos = to_nanos(&scaled, -frac_len).map_or(BINARY_CAP_NANOS, |m| {
                i128::try_from(m).map_or(BINARY_CAP_NANOS, |m| m.min(BINARY_CAP_NANOS))
            });
            let format = if (1..NANO).contains(&nanos) {
                Format::DecimalSI
            } else {
                Format::BinarySI
            };
            (nanos, format)
        }
    };
    let nanos = if parts.negative {
        -magnitude
    } else {
        magnitude
    };
    Ok(Quantity { nanos, format })
}

/// Clamps an exact result into range; `None` means it overflowed in direction `up`.
pub(super) fn saturate(value: Option<i128>, up: bool) -> i128 {
    match value {
        Some(v) => v.max(-MAX_NANOS),
        None if up => MAX_NANOS,
        None => -MAX_NANOS,
    }
}

/// `10^exp` if it fits.
pub(super) fn pow10(exp: i64) -> Option<i128> {
    10i128.checked_pow(u32::try_from(exp).ok()?)
}

/// The DecimalSI suffix for a power of ten that is a multiple of three.
pub(super) fn decimal_suffix(exponent: i32) -> Option<&'static str> {
    Some(match exponent {
        -9 => "n",
        -6 => "u",
        -3 => "m",
        0 => "",
        3 => "k",
        6 => "M",
        9 => "G",
        12 => "T",
        15 => "P",
        18 => "E",
        _ => return None,
    })
}
