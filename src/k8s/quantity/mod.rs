//! Exact Kubernetes resource quantities (`100m`, `1Gi`, `1e3`) that parse, print,
//! compare and add exactly like `k8s.io/apimachinery/pkg/api/resource`.
//!
//! A [`Quantity`] stores its value as a signed count of nano-units in an `i128`
//! (the finest precision Kubernetes keeps: it rounds finer input away from zero
//! to `1n`) plus the [`Format`] remembered from parsing. No floating point is
//! used anywhere. The supported magnitude is about `1.7e29`; parsing a larger
//! value fails with [`QuantityErrorKind::OutOfRange`] (Kubernetes would keep it
//! in an unbounded decimal) and arithmetic past it saturates.
//!
//! Behaviour taken over from Kubernetes, including its oddities:
//! - a `BinarySI` value is capped at `2^63-1` when parsed (`9Ei` reads as `2^63-1`);
//! - a number without any digit reads as zero when Kubernetes' fast path accepts
//!   it (`m`, `e3`, `-`, `.`, `Ki`) and fails otherwise (`Pi`, `e-10`);
//! - an exponent is parsed as a 64-bit integer and then truncated to 32 bits
//!   (`1e4294967296` reads as `1`);
//! - a `BinarySI` value in (-1024, 1024), or one that is not whole, prints as
//!   `DecimalSI`; a `DecimalSI` exponent beyond `E` prints as `e21`, `e24`, ….
//!
//! One deliberate difference: a `BinarySI` value with seven or more factors of
//! 1024 (only reachable by arithmetic) prints as `DecimalSI`, where Kubernetes
//! would drop the missing suffix and print a wrong number.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::iter::Sum;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};
use std::str::FromStr;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Nano-units in one unit.
const NANO: i128 = 1_000_000_000;
/// Largest magnitude in nano-units; `i128::MIN` is never used so negation is total.
const MAX_NANOS: i128 = i128::MAX;
/// Kubernetes caps parsed `BinarySI` values at `2^63-1`.
const BINARY_CAP_NANOS: i128 = i64::MAX as i128 * NANO;
/// Characters Kubernetes' scanner accepts at the start of a suffix.
const SUFFIX_CHARS: &[u8] = b"eEinumkKMGTP";
/// `BinarySI` suffixes by power of 1024.
const BINARY_SUFFIXES: [&str; 7] = ["", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"];
/// The grammar Kubernetes quotes in its format error.
const QUANTITY_REGEX: &str = "^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$";

/// How a quantity is written; remembered from parsing and used when printing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Format {
    /// Powers of ten written as an exponent, e.g. `12e6`.
    DecimalExponent,
    /// Powers of 1024 with binary suffixes, e.g. `12Mi`.
    BinarySI,
    /// Powers of 1000 with decimal suffixes, e.g. `12M`.
    #[default]
    DecimalSI,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::DecimalExponent => "DecimalExponent",
            Format::BinarySI => "BinarySI",
            Format::DecimalSI => "DecimalSI",
        })
    }
}

/// Why a string is not a quantity; mirrors Kubernetes' three parse errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QuantityErrorKind {
    /// The text does not have the shape `<number><suffix>` (Kubernetes' `ErrFormatWrong`).
    Format,
    /// The number has no digits where Kubernetes needs them (`ErrNumeric`).
    Numeric,
    /// The suffix is not a known unit or exponent (`ErrSuffix`).
    Suffix,
    /// The value is valid for Kubernetes but beyond this type's range (about `1.7e29`).
    OutOfRange,
}

impl QuantityErrorKind {
    fn message(self) -> &'static str {
        match self {
            Self::Format => "quantities must match the regular expression",
            Self::Numeric => "unable to parse numeric part of quantity",
            Self::Suffix => "unable to parse quantity's suffix",
            Self::OutOfRange => "quantity magnitude is beyond the supported range (about 1.7e29)",
        }
    }
}

/// A failed quantity parse: what went wrong and the rejected text. Its message
/// does not include the [`suggestion`]; ask [`QuantityError::suggestion`] for that.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuantityError {
    kind: QuantityErrorKind,
    input: String,
}

impl QuantityError {
    /// What went wrong.
    pub fn kind(&self) -> QuantityErrorKind {
        self.kind
    }

    /// The text that failed to parse.
    pub fn input(&self) -> &str {
        &self.input
    }

    /// A corrected spelling of the input, see [`suggestion`].
    pub fn suggestion(&self) -> Option<String> {
        suggestion(&self.input)
    }
}

impl fmt::Display for QuantityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid quantity {:?}: {}",
            self.input,
            self.kind.message()
        )?;
        if self.kind == QuantityErrorKind::Format {
            write!(f, " '{QUANTITY_REGEX}'")?;
        }
        Ok(())
    }
}

impl std::error::Error for QuantityError {}

/// Suggests a corrected spelling for a common misspelling of a quantity, such as
/// `1GiB` → `1Gi`, `1gi` → `1Gi`, `1KB` → `1k`, `512MB` → `512M`, `1 Gi` → `1Gi`
/// or `2 cores` → `2`. Returns `None` when the input already parses or no
/// correction is known.
pub fn suggestion(input: &str) -> Option<String> {
    if input.parse::<Quantity>().is_ok() {
        return None;
    }
    let trimmed = input.trim();
    let split = trimmed
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '+' | '-')))
        .unwrap_or(trimmed.len());
    let (number, unit) = trimmed.split_at(split);
    if !number.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let candidate = format!("{number}{}", fix_unit(unit.trim())?);
    candidate.parse::<Quantity>().is_ok().then_some(candidate)
}

/// [`suggestion`] when it is the only reading of the input, so a fix may write it: a binary
/// unit with a byte suffix or in the wrong case (`512MiB`, `1gi` → `1Gi`), a valid unit
/// after a space (`1 Gi`), or CPU written as words (`2 cores` → `2`, `500 millicores` →
/// `500m`). Decimal units spelled as bytes (`512MB`, `1g`, `1K`) are left to the help: tools
/// disagree on whether they mean powers of 1000 or 1024 (Docker's `1g` is 1 GiB).
pub fn certain_correction(input: &str) -> Option<String> {
    let fixed = suggestion(input)?;
    let trimmed = input.trim();
    let split = trimmed
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '+' | '-')))
        .unwrap_or(trimmed.len());
    let unit = trimmed.get(split..).unwrap_or("").trim();
    let binary = fixed.ends_with('i');
    let valid_after_space = interpret(unit.as_bytes()).is_some();
    let cpu_words = matches!(
        unit.to_ascii_lowercase().as_str(),
        "core" | "cores" | "cpu" | "cpus" | "millicore" | "millicores" | "millicpu" | "mcpu"
    );
    (binary || valid_after_space || cpu_words).then_some(fixed)
}

/// Maps a misspelled unit to the Kubernetes suffix it most likely means.
fn fix_unit(unit: &str) -> Option<String> {
    if interpret(unit.as_bytes()).is_some() {
        return Some(unit.to_owned());
    }
    let lower = unit.to_ascii_lowercase();
    let base = ["bytes", "byte", "b"]
        .iter()
        .find_map(|s| lower.strip_suffix(s))
        .unwrap_or(&lower);
    let bytes_named = base.len() != lower.len();
    let fixed = match base {
        "" | "core" | "cores" | "cpu" | "cpus" => "",
        "millicore" | "millicores" | "millicpu" | "mcpu" => "m",
        "ki" => "Ki",
        "mi" => "Mi",
        "gi" => "Gi",
        "ti" => "Ti",
        "pi" => "Pi",
        "ei" => "Ei",
        "k" => "k",
        "g" => "G",
        "t" => "T",
        "p" => "P",
        "m" if bytes_named => "M",
        "e" if bytes_named => "E",
        _ => return None,
    };
    Some(fixed.to_owned())
}

/// An exact Kubernetes resource quantity such as `100m`, `1Gi` or `1e3`.
///
/// Equality, ordering and hashing are by value, ignoring the format:
/// `1Gi == 1073741824`, `1000m == 1`, `1e3 == 1k`.
#[derive(Clone, Copy, Default)]
pub struct Quantity {
    /// The value in units of `1e-9`.
    nanos: i128,
    format: Format,
}

mod parse;
#[cfg(test)]
mod tests;

use parse::{decimal_suffix, interpret, parse, pow10, saturate, scan};

impl Quantity {
    /// Zero, in `DecimalSI` format.
    pub const fn zero() -> Self {
        Self {
            nanos: 0,
            format: Format::DecimalSI,
        }
    }

    /// `value` whole units in the given format (Kubernetes' `NewQuantity`);
    /// saturates beyond about `±1.7e29`.
    pub fn from_int(value: i128, format: Format) -> Self {
        Self {
            nanos: saturate(value.checked_mul(NANO), value > 0),
            format,
        }
    }

    /// `value / 1000` in `DecimalSI` format (Kubernetes' `NewMilliQuantity`).
    pub fn from_milli(value: i128) -> Self {
        Self {
            nanos: saturate(value.checked_mul(NANO / 1000), value > 0),
            format: Format::DecimalSI,
        }
    }

    /// Parses like [`FromStr`], but also rejects a number without any digit
    /// (`m`, `e3`, `-`, `.`), which Kubernetes silently reads as zero.
    pub fn parse_strict(s: &str) -> Result<Self, QuantityError> {
        let value: Self = s.parse()?;
        if scan(s.as_bytes()).is_some_and(|parts| !parts.has_digits()) {
            return Err(QuantityError {
                kind: QuantityErrorKind::Numeric,
                input: s.to_owned(),
            });
        }
        Ok(value)
    }

    /// The format used when printing.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The same value printed in another format.
    pub fn with_format(self, format: Format) -> Self {
        Self { format, ..self }
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        self.nanos == 0
    }

    /// Whether the value is below zero.
    pub fn is_negative(&self) -> bool {
        self.nanos < 0
    }

    /// `-1`, `0` or `1` for a negative, zero or positive value.
    pub fn sign(&self) -> i32 {
        self.nanos.signum() as i32
    }

    /// Whether the value is a whole number.
    pub fn is_integral(&self) -> bool {
        self.nanos % NANO == 0
    }

    /// Compares by value, ignoring the format (the same as [`Ord::cmp`]).
    pub fn cmp_value(&self, other: &Self) -> Ordering {
        self.nanos.cmp(&other.nanos)
    }

    /// The value in units of `10^scale`, rounded away from zero (Kubernetes'
    /// `ScaledValue` on its integer path); saturates instead of overflowing.
    pub fn scaled_value_ceil(&self, scale: i32) -> i128 {
        let shift = i64::from(scale) + 9;
        if self.nanos == 0 {
            return 0;
        }
        if shift <= 0 {
            let up = self.nanos > 0;
            return saturate(pow10(-shift).and_then(|p| self.nanos.checked_mul(p)), up);
        }
        let Some(unit) = pow10(shift) else {
            return self.nanos.signum();
        };
        let whole = self.nanos / unit;
        if self.nanos % unit == 0 {
            whole
        } else {
            whole + self.nanos.signum()
        }
    }

    /// The value in whole units, rounded away from zero (Kubernetes' `Value`).
    pub fn value_ceil(&self) -> i128 {
        self.scaled_value_ceil(0)
    }

    /// The value in thousandths, rounded away from zero (Kubernetes' `MilliValue`).
    pub fn milli_value_ceil(&self) -> i128 {
        self.scaled_value_ceil(-3)
    }

    /// Rounds away from zero to a multiple of `10^scale`, keeping the format, and
    /// reports whether the value was already exact (Kubernetes' `RoundUp`);
    /// saturates when the rounded value is beyond the supported range.
    pub fn round_up(self, scale: i32) -> (Self, bool) {
        let shift = i64::from(scale) + 9;
        if shift <= 0 || self.nanos == 0 {
            return (self, true);
        }
        let Some(unit) = pow10(shift) else {
            let nanos = if self.nanos > 0 {
                MAX_NANOS
            } else {
                -MAX_NANOS
            };
            return (Self { nanos, ..self }, false);
        };
        let remainder = self.nanos % unit;
        if remainder == 0 {
            return (self, true);
        }
        let toward_zero = self.nanos - remainder;
        let up = self.nanos > 0;
        let nanos = saturate(toward_zero.checked_add(if up { unit } else { -unit }), up);
        (Self { nanos, ..self }, false)
    }

    /// The format of `self + rhs` or `self - rhs`: Kubernetes keeps the left
    /// operand's format unless the left operand is zero.
    fn result_format(&self, rhs: &Self) -> Format {
        if self.is_zero() {
            rhs.format
        } else {
            self.format
        }
    }

    /// `self + rhs`, or `None` beyond the supported range.
    pub fn checked_add(self, rhs: Self) -> Option<Self> {
        let nanos = self
            .nanos
            .checked_add(rhs.nanos)
            .filter(|n| *n != i128::MIN)?;
        Some(Self {
            nanos,
            format: self.result_format(&rhs),
        })
    }

    /// `self - rhs`, or `None` beyond the supported range.
    pub fn checked_sub(self, rhs: Self) -> Option<Self> {
        let nanos = self
            .nanos
            .checked_sub(rhs.nanos)
            .filter(|n| *n != i128::MIN)?;
        Some(Self {
            nanos,
            format: self.result_format(&rhs),
        })
    }

    /// Kubernetes' canonical text (`String()`): no fraction digits, the largest
    /// suffix that keeps the value exact.
    fn canonical(&self) -> String {
        let n = self.nanos;
        if n == 0 {
            return "0".to_owned();
        }
        let mut format = self.format;
        if format == Format::BinarySI {
            if n.unsigned_abs() >= 1024 * NANO.unsigned_abs() && n % NANO == 0 {
                let (mut v, mut power) = (n / NANO, 0);
                while v.unsigned_abs() >= 1024 && v % 1024 == 0 {
                    v /= 1024;
                    power += 1;
                }
                if let Some(suffix) = BINARY_SUFFIXES.get(power) {
                    return format!("{v}{suffix}");
                }
            }
            format = Format::DecimalSI;
        }
        let (mut mantissa, mut exponent) = (n, -9i32);
        while mantissa % 10 == 0 {
            mantissa /= 10;
            exponent += 1;
        }
        let pad = exponent.rem_euclid(3);
        exponent -= pad;
        let zeros = ["", "0", "00"]
            .get(usize::try_from(pad).unwrap_or_default())
            .copied()
            .unwrap_or_default();
        let suffix = match (format, decimal_suffix(exponent)) {
            (Format::DecimalSI, Some(s)) => s.to_owned(),
            (_, _) if exponent == 0 => String::new(),
            _ => format!("e{exponent}"),
        };
        format!("{mantissa}{zeros}{suffix}")
    }
}

impl FromStr for Quantity {
    type Err = QuantityError;

    /// Parses exactly the strings Kubernetes' `ParseQuantity` accepts (no surrounding whitespace).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse(s).map_err(|kind| QuantityError {
            kind,
            input: s.to_owned(),
        })
    }
}

impl fmt::Display for Quantity {
    /// Prints Kubernetes' canonical form, e.g. `1024Mi` → `1Gi`, `9.01` → `9010m`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.canonical())
    }
}

impl fmt::Debug for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Quantity({}, {})", self.canonical(), self.format)
    }
}

impl PartialEq for Quantity {
    fn eq(&self, other: &Self) -> bool {
        self.nanos == other.nanos
    }
}

impl Eq for Quantity {}

impl Hash for Quantity {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.nanos.hash(state);
    }
}

impl PartialOrd for Quantity {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Quantity {
    fn cmp(&self, other: &Self) -> Ordering {
        self.cmp_value(other)
    }
}

impl Add for Quantity {
    type Output = Quantity;

    /// Exact sum with Kubernetes' format rule; saturates beyond about `±1.7e29`.
    fn add(self, rhs: Self) -> Self {
        let nanos = saturate(self.nanos.checked_add(rhs.nanos), rhs.nanos > 0);
        Self {
            nanos,
            format: self.result_format(&rhs),
        }
    }
}

impl Sub for Quantity {
    type Output = Quantity;

    /// Exact difference with Kubernetes' format rule; saturates beyond about `±1.7e29`.
    fn sub(self, rhs: Self) -> Self {
        let nanos = saturate(self.nanos.checked_sub(rhs.nanos), rhs.nanos < 0);
        Self {
            nanos,
            format: self.result_format(&rhs),
        }
    }
}

impl AddAssign for Quantity {
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}

impl SubAssign for Quantity {
    fn sub_assign(&mut self, rhs: Self) {
        *self = *self - rhs;
    }
}

impl Neg for Quantity {
    type Output = Quantity;

    fn neg(self) -> Self {
        Self {
            nanos: -self.nanos,
            ..self
        }
    }
}

impl Sum for Quantity {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::zero(), Add::add)
    }
}

impl<'a> Sum<&'a Quantity> for Quantity {
    fn sum<I: Iterator<Item = &'a Self>>(iter: I) -> Self {
        iter.copied().sum()
    }
}

impl Serialize for Quantity {
    /// Serializes as the canonical string.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Accepts a quantity string (surrounding whitespace ignored, as in Kubernetes'
/// JSON decoding), an integer, a finite float (via its shortest decimal text) or null (zero).
struct QuantityVisitor;

impl Visitor<'_> for QuantityVisitor {
    type Value = Quantity;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a kubernetes quantity such as \"100m\", \"1Gi\" or a number")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Quantity, E> {
        v.trim().parse().map_err(E::custom)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Quantity, E> {
        self.visit_str(&v.to_string())
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Quantity, E> {
        self.visit_str(&v.to_string())
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Quantity, E> {
        self.visit_str(&v.to_string())
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Quantity, E> {
        self.visit_str(&v.to_string())
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Quantity, E> {
        if !v.is_finite() {
            return Err(E::custom("quantity must be a finite number"));
        }
        self.visit_str(&v.to_string())
    }

    fn visit_unit<E: de::Error>(self) -> Result<Quantity, E> {
        Ok(Quantity::zero())
    }
}

impl<'de> Deserialize<'de> for Quantity {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(QuantityVisitor)
    }
}
