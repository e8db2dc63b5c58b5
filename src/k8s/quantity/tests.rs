//! Apimachinery's quantity tables (`quantity_test.go`) and property tests.

use super::parse::Parts;
use super::*;
use proptest::prelude::*;
use std::collections::hash_map::DefaultHasher;

const B: Format = Format::BinarySI;
const D: Format = Format::DecimalSI;
const X: Format = Format::DecimalExponent;
const KI: i128 = 1024;
const MAX_I64: i128 = i64::MAX as i128;
const MIN_I64: i128 = i64::MIN as i128;

/// `m × 10^e` in nano-units (Go's `decQuantity(m, e, _)`); must be exact.
fn dq(m: i128, e: i32) -> i128 {
    let shift = e + 9;
    if shift >= 0 {
        m * 10i128.pow(shift as u32)
    } else {
        let d = 10i128.pow(shift.unsigned_abs());
        assert_eq!(m % d, 0, "{m}e{e} is finer than 1n");
        m / d
    }
}

fn q(nanos: i128, format: Format) -> Quantity {
    Quantity { nanos, format }
}

fn p(s: &str) -> Quantity {
    s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn kind(s: &str) -> QuantityErrorKind {
    match s.parse::<Quantity>() {
        Ok(q) => panic!("{s:?} parsed as {q:?}"),
        Err(e) => e.kind(),
    }
}

fn hash(q: &Quantity) -> u64 {
    let mut h = DefaultHasher::new();
    q.hash(&mut h);
    h.finish()
}

/// Go: TestQuantityParse (96 rows, each also checked with `-` and `+` prefixes).
#[test]
fn go_quantity_parse() {
    #[rustfmt::skip]
    let table: &[(&str, i128, Format)] = &[
        ("0", 0, D), ("0n", 0, D), ("0u", 0, D), ("0m", 0, D), ("0Ki", 0, B), ("0k", 0, D),
        ("0Mi", 0, B), ("0M", 0, D), ("0Gi", 0, B), ("0G", 0, D), ("0Ti", 0, B), ("0T", 0, D),
        ("1", dq(1, 0), D),
        ("1Ki", dq(KI, 0), B), ("8Ki", dq(8 * KI, 0), B), ("7Mi", dq(7 * KI.pow(2), 0), B),
        ("6Gi", dq(6 * KI.pow(3), 0), B), ("5Ti", dq(5 * KI.pow(4), 0), B),
        ("4Pi", dq(4 * KI.pow(5), 0), B), ("3Ei", dq(3 * KI.pow(6), 0), B),
        ("10Ti", dq(10 * KI.pow(4), 0), B), ("100Ti", dq(100 * KI.pow(4), 0), B),
        ("5n", dq(5, -9), D), ("4u", dq(4, -6), D), ("3m", dq(3, -3), D), ("9", dq(9, 0), D),
        ("8k", dq(8, 3), D), ("50k", dq(5, 4), D), ("7M", dq(7, 6), D), ("6G", dq(6, 9), D),
        ("5T", dq(5, 12), D), ("40T", dq(4, 13), D), ("300T", dq(3, 14), D), ("2P", dq(2, 15), D),
        ("1E", dq(1, 18), D),
        ("1E-3", dq(1, -3), X), ("1e3", dq(1, 3), X), ("1E6", dq(1, 6), X), ("1e9", dq(1, 9), X),
        ("1E12", dq(1, 12), X), ("1e15", dq(1, 15), X), ("1E18", dq(1, 18), X),
        ("1e14", dq(1, 14), X), ("1e13", dq(1, 13), X), ("1e3", dq(1, 3), X),
        ("100.035k", dq(100035, 0), D),
        ("0.001", dq(1, -3), D), ("0.0005k", dq(5, -1), D), ("0.005", dq(5, -3), D),
        ("0.05", dq(5, -2), D), ("0.5", dq(5, -1), D), ("0.00050k", dq(5, -1), D),
        ("0.00500", dq(5, -3), D), ("0.05000", dq(5, -2), D), ("0.50000", dq(5, -1), D),
        ("0.5e0", dq(5, -1), X), ("0.5e-1", dq(5, -2), X), ("0.5e-2", dq(5, -3), X),
        ("0.5e0", dq(5, -1), X), ("10.035M", dq(10035, 3), D),
        ("1.2e3", dq(12, 2), X), ("1.3E+6", dq(13, 5), X), ("1.40e9", dq(14, 8), X),
        ("1.53E12", dq(153, 10), X), ("1.6e15", dq(16, 14), X), ("1.7E18", dq(17, 17), X),
        ("9.01", dq(901, -2), D), ("8.1k", dq(81, 2), D), ("7.123456M", dq(7123456, 0), D),
        ("6.987654321G", dq(6987654321, 0), D), ("5.444T", dq(5444, 9), D),
        ("40.1T", dq(401, 11), D), ("300.2T", dq(3002, 11), D), ("2.5P", dq(25, 14), D),
        ("1.01E", dq(101, 16), D),
        ("3.001n", dq(4, -9), D), ("1.1E-9", dq(2, -9), X), ("0.0000000001", dq(1, -9), D),
        ("0.0000000005", dq(1, -9), D), ("0.00000000050", dq(1, -9), D), ("0.5e-9", dq(1, -9), X),
        ("0.9n", dq(1, -9), D), ("0.00000012345", dq(124, -9), D), ("0.00000012354", dq(124, -9), D),
        ("9Ei", dq(MAX_I64, 0), B), ("9223372036854775807Ki", dq(MAX_I64, 0), B), ("12E", dq(12, 18), D),
        ("100.035Ki", dq(10243584, -2), B), ("0.5Mi", dq(524288, 0), B),
        ("0.05Gi", dq(536870912, -1), B), ("0.025Ti", dq(274877906944, -1), B),
        ("0.000000000001Ki", dq(2, -9), D), (".001", dq(1, -3), D), (".0001k", dq(100, -3), D),
        ("1.", dq(1, 0), D), ("1.G", dq(1, 9), D),
    ];
    assert_eq!(table.len(), 96);
    for &(input, nanos, format) in table {
        for (prefix, sign) in [("", 1), ("-", -1), ("+", 1)] {
            let got = p(&format!("{prefix}{input}"));
            assert_eq!(
                (got.nanos, got.format),
                (sign * nanos, format),
                "{prefix}{input}"
            );
            // The canonical text re-parses to the same value.
            assert_eq!(p(&got.to_string()), got, "{prefix}{input}");
        }
    }
}

/// Go: the invalid list of TestQuantityParse, the empty string, plus the brief's extra forms.
#[test]
fn go_invalid() {
    use QuantityErrorKind::*;
    #[rustfmt::skip]
    let table = [
        ("1.1.M", Format), ("1+1.0M", Format), ("0.1mi", Suffix), ("0.1am", Format), ("aoeu", Format),
        (".5i", Suffix), ("1i", Suffix), ("-3.01i", Suffix), ("-3.01e-", Suffix), (" 1", Format),
        ("1 ", Format), ("", Format), ("Non-Numeric", Format),
        ("1GiB", Format), ("1.1.1", Format), ("1ki", Suffix), ("--1", Suffix), ("1e", Suffix),
        ("1Mi1", Suffix), ("1ee3", Suffix), ("1e+", Suffix), ("1e3e", Format), ("1KB", Format),
        ("1e99999999999999999999", Suffix), ("1\u{00e9}", Format), ("\u{2212}1", Format),
        // Digit-less numbers on Kubernetes' slow path.
        ("Pi", Numeric), ("-.Ei", Numeric), ("e-10", Numeric), ("-.e-12", Numeric), ("1e-", Suffix),
    ];
    for (input, want) in table {
        assert_eq!(kind(input), want, "{input:?}");
    }
}

/// Go: TestParseQuantityString (6 rows).
#[test]
fn go_parse_quantity_string() {
    let table: [(&str, bool, &str, &str, &str); 6] = [
        ("0.025Ti", false, "0", "025", "Ti"),
        ("1.025Ti", false, "1", "025", "Ti"),
        ("-1.025Ti", true, "1", "025", "Ti"),
        (".", false, "", "", ""),
        ("-.", true, "", "", ""),
        ("1E-3", false, "1", "", "E-3"),
    ];
    for (input, negative, int, frac, suffix) in table {
        let parts = scan(input.as_bytes()).unwrap_or_else(|| panic!("{input}"));
        let want = Parts {
            negative,
            int: int.as_bytes(),
            frac: frac.as_bytes(),
            suffix: suffix.as_bytes(),
        };
        assert_eq!(parts, want, "{input}");
    }
}

/// Go: TestQuantityParseZero, TestQuantityCanocicalizeZero.
#[test]
fn go_zero() {
    assert_eq!(p("0").to_string(), "0");
    assert_eq!((p("1000m") - p("1")).to_string(), "0");
    assert_eq!(Quantity::default().to_string(), "0");
    assert!(Quantity::zero().is_zero() && !Quantity::zero().is_negative());
}

/// Go: TestQuantityString (42 rows, with alternates and negations).
#[test]
fn go_quantity_string() {
    #[rustfmt::skip]
    let table: &[(i128, Format, &str, &str)] = &[
        (dq(KI.pow(3), 0), B, "1Gi", "1024Mi"), (dq(300 * KI.pow(2), 0), B, "300Mi", "307200Ki"),
        (dq(6 * KI, 0), B, "6Ki", ""), (dq(1001 * KI.pow(3), 0), B, "1001Gi", "1025024Mi"),
        (dq(KI.pow(4), 0), B, "1Ti", "1024Gi"), (dq(5, 0), B, "5", "5000m"),
        (dq(500, -3), B, "500m", "0.5"), (dq(1, 9), D, "1G", "1000M"),
        (dq(1000, 6), D, "1G", "0.001T"), (dq(1000000, 3), D, "1G", ""),
        (dq(1000000000, 0), D, "1G", ""), (dq(1, -3), D, "1m", "1000u"),
        (dq(80, -3), D, "80m", ""), (dq(1080, -3), D, "1080m", "1.08"),
        (dq(108, -2), D, "1080m", "1080000000n"), (dq(10800, -4), D, "1080m", ""),
        (dq(300, 6), D, "300M", ""), (dq(1, 12), D, "1T", ""),
        (dq(1234567, 6), D, "1234567M", ""), (dq(1234567, -3), B, "1234567m", ""),
        (dq(3, 3), D, "3k", ""), (dq(1025, 0), B, "1025", ""),
        (0, D, "0", ""), (0, B, "0", ""),
        (dq(1, 9), X, "1e9", ".001e12"), (dq(1, -3), X, "1e-3", "0.001e0"),
        (dq(1, -9), X, "1e-9", "1000e-12"), (dq(80, -3), X, "80e-3", ""),
        (dq(300, 6), X, "300e6", ""), (dq(1, 12), X, "1e12", ""),
        (dq(1, 3), X, "1e3", ""), (dq(3, 3), X, "3e3", ""),
        (dq(3, 3), D, "3k", ""), (0, X, "0", "00"),
        (dq(1, -9), D, "1n", ""), (dq(80, -9), D, "80n", ""),
        (dq(1080, -9), D, "1080n", ""), (dq(108, -8), D, "1080n", ""),
        (dq(10800, -10), D, "1080n", ""), (dq(1, -6), D, "1u", ""),
        (dq(80, -6), D, "80u", ""), (dq(1080, -6), D, "1080u", ""),
    ];
    assert_eq!(table.len(), 42);
    for &(nanos, format, expect, alternate) in table {
        let value = q(nanos, format);
        assert_eq!(value.to_string(), expect, "{value:?}");
        assert_eq!(p(expect).to_string(), expect);
        if !alternate.is_empty() {
            assert_eq!(p(alternate).to_string(), expect, "alternate {alternate}");
        }
        if nanos != 0 {
            assert_eq!((-value).to_string(), format!("-{expect}"));
        }
    }
}

/// Go: TestQuantityParseEmit (9 rows, also negated).
#[test]
fn go_parse_emit() {
    let table = [
        ("1Ki", "1Ki"),
        ("1Mi", "1Mi"),
        ("1Gi", "1Gi"),
        ("1024Mi", "1Gi"),
        ("1000M", "1G"),
        (".001Ki", "1024m"),
        (".000001Ki", "1024u"),
        (".000000001Ki", "1024n"),
        (".000000000001Ki", "2n"),
    ];
    for (input, expect) in table {
        assert_eq!(p(input).to_string(), expect, "{input}");
        assert_eq!(
            p(&format!("-{input}")).to_string(),
            format!("-{expect}"),
            "-{input}"
        );
    }
}

/// Go: TestParseQuantity (72 rows around the int64 boundaries).
#[test]
fn go_parse_quantity_boundaries() {
    #[rustfmt::skip]
    let table = [
        ("-999999999999999999", "-999999999999999999"),
        ("999999999999999999", "999999999999999999"),
        ("-999999999999999999.0", "-999999999999999999"),
        ("999999999999999999.0", "999999999999999999"),
        ("-999999999999999999.1", "-999999999999999999100m"),
        ("999999999999999999.1", "999999999999999999100m"),
        ("-9999999999999999999", "-9999999999999999999"),
        ("9999999999999999999", "9999999999999999999"),
        ("-1E", "-1E"),
        ("1E", "1E"),
        ("-1000000000000000000", "-1E"),
        ("1000000000000000000", "1E"),
        ("-9999999999999999999.0", "-9999999999999999999"),
        ("9999999999999999999.0", "9999999999999999999"),
        ("-1.0E", "-1E"),
        ("1.0E", "1E"),
        ("-1000000000000000000.0", "-1E"),
        ("1000000000000000000.0", "1E"),
        ("-9999999999999999999000m", "-9999999999999999999"),
        ("9999999999999999999000m", "9999999999999999999"),
        ("-9999999999999999999.1", "-9999999999999999999100m"),
        ("9999999999999999999.1", "9999999999999999999100m"),
        ("-1.0000000000000000001E", "-1000000000000000000100m"),
        ("1.0000000000000000001E", "1000000000000000000100m"),
        ("-1000000000000000000.1", "-1000000000000000000100m"),
        ("1000000000000000000.1", "1000000000000000000100m"),
        ("-1.000000000000000001E", "-1000000000000000001"),
        ("1.000000000000000001E", "1000000000000000001"),
        ("-1000000000000000001", "-1000000000000000001"),
        ("1000000000000000001", "1000000000000000001"),
        ("-10E", "-10E"),
        ("10E", "10E"),
        ("-10000000000000000000", "-10E"),
        ("10000000000000000000", "10E"),
        ("-10.0E", "-10E"),
        ("10.0E", "10E"),
        ("-10000000000000000000.0", "-10E"),
        ("10000000000000000000.0", "10E"),
        ("-10000000000000000000000m", "-10E"),
        ("10000000000000000000000m", "10E"),
        ("-10.0000000000000000001E", "-10000000000000000000100m"),
        ("10.0000000000000000001E", "10000000000000000000100m"),
        ("-10000000000000000000.1", "-10000000000000000000100m"),
        ("10000000000000000000.1", "10000000000000000000100m"),
        ("-10.000000000000000001E", "-10000000000000000001"),
        ("10.000000000000000001E", "10000000000000000001"),
        ("-10000000000000000001", "-10000000000000000001"),
        ("10000000000000000001", "10000000000000000001"),
        ("-9223372036854775809", "-9223372036854775809"),
        ("9223372036854775806", "9223372036854775806"),
        ("-9223372036854775809.0", "-9223372036854775809"),
        ("9223372036854775806.0", "9223372036854775806"),
        ("-9223372036854775809000m", "-9223372036854775809"),
        ("9223372036854775806000m", "9223372036854775806"),
        ("-9223372036854775809.1", "-9223372036854775809100m"),
        ("9223372036854775806.1", "9223372036854775806100m"),
        ("-9223372036854775808", "-9223372036854775808"),
        ("9223372036854775807", "9223372036854775807"),
        ("-9223372036854775808.0", "-9223372036854775808"),
        ("9223372036854775807.0", "9223372036854775807"),
        ("-9223372036854775808000m", "-9223372036854775808"),
        ("9223372036854775807000m", "9223372036854775807"),
        ("-9223372036854775808.1", "-9223372036854775808100m"),
        ("9223372036854775807.1", "9223372036854775807100m"),
        ("-9223372036854775807", "-9223372036854775807"),
        ("9223372036854775808", "9223372036854775808"),
        ("-9223372036854775807.0", "-9223372036854775807"),
        ("9223372036854775808.0", "9223372036854775808"),
        ("-9223372036854775807000m", "-9223372036854775807"),
        ("9223372036854775808000m", "9223372036854775808"),
        ("-9223372036854775807.1", "-9223372036854775807100m"),
        ("9223372036854775808.1", "9223372036854775808100m"),
    ];
    assert_eq!(table.len(), 72);
    for (input, canonical) in table {
        let got = p(input);
        assert_eq!(got.to_string(), canonical, "{input}");
        assert_eq!(p(canonical), got, "{input}");
    }
    assert_eq!(
        p("9223372036854775808.1").nanos,
        9_223_372_036_854_775_808_100_000_000
    );
}

/// Go: TestQuantityRoundUp (12 rows).
#[test]
fn go_round_up() {
    #[rustfmt::skip]
    let table = [
        ("9.01", -3, dq(901, -2), true), ("9.01", -2, dq(901, -2), true),
        ("9.01", -1, dq(91, -1), false), ("9.01", 0, dq(10, 0), false),
        ("9.01", 1, dq(10, 0), false), ("9.01", 2, dq(100, 0), false),
        ("-9.01", -3, dq(-901, -2), true), ("-9.01", -2, dq(-901, -2), true),
        ("-9.01", -1, dq(-91, -1), false), ("-9.01", 0, dq(-10, 0), false),
        ("-9.01", 1, dq(-10, 0), false), ("-9.01", 2, dq(-100, 0), false),
    ];
    for (input, scale, nanos, exact) in table {
        let (got, ok) = p(input).round_up(scale);
        assert_eq!(
            (got.nanos, ok, got.format),
            (nanos, exact, D),
            "{input} {scale}"
        );
    }
}

/// Go: TestQuantityCmp (4 rows) and TestQuantityCmpInt64AndDec (the 17 rows whose
/// operands are whole nanos; 5 rows need finer than 1n precision and are left out).
#[test]
fn go_cmp() {
    for (x, y, want) in [
        ("0", "0", 0),
        ("100m", "50m", 1),
        ("50m", "100m", -1),
        ("10000T", "100Gi", 1),
    ] {
        assert_eq!(p(x).cmp(&p(y)) as i32, want, "{x} {y}");
    }
    let e18 = 1_000_000_000_000_000_000;
    #[rustfmt::skip]
    let table = [
        (dq(901, -2), dq(901, -2), 0), (dq(90, -1), dq(901, -2), -1), (dq(901, -2), dq(900, -2), 1),
        (0, 0, 0), (dq(0, 1), dq(0, -1), 0), (dq(0, -1), dq(0, 1), 0),
        (dq(800, -3), dq(1, 0), -1), (dq(800, -3), dq(79, -2), 1),
        (dq(MAX_I64, 0), dq(1, -1), 1), (dq(MAX_I64, 1), dq(1, 0), 1),
        (dq(MAX_I64, 1), dq(1, 1), 1), (dq(MAX_I64, 1), dq(0, 1), 1),
        (dq(MIN_I64, 0), 0, -1),
        (dq(e18, -17), dq(1, 1), 0), (dq(e18, -17), dq(-10, 0), 1),
        (dq(-e18, -17), dq(-10, 0), 0), (dq(e18, -17), dq(1, 0), 1),
    ];
    for (a, b, want) in table {
        assert_eq!(q(a, D).cmp(&q(b, X)) as i32, want, "{a} {b}");
        assert_eq!(q(b, B).cmp(&q(a, D)) as i32, -want, "{b} {a}");
    }
}

/// Go: TestQuantityNeg (2 rows) and TestNeg (7 rows).
#[test]
fn go_neg() {
    assert_eq!((-p("9.01")).to_string(), "-9010m");
    assert_eq!((-q(dq(901, -2), D)).to_string(), "-9010m");
    for (a, want) in [
        (0, 0),
        (0, 0),
        (10, -10),
        (-10, 10),
        (0, 0),
        (10, -10),
        (-10, 10),
    ] {
        let n = -q(dq(a, 0), B);
        assert_eq!((n.nanos, n.format), (dq(want, 0), B));
    }
}

/// Go: TestAdd and TestSub (6 rows each), TestQuantity{Add,Sub}ZeroPreservesSuffix.
#[test]
fn go_add_sub() {
    let z = Quantity::zero();
    #[rustfmt::skip]
    let adds = [
        (q(dq(10, 0), D), q(dq(1, 1), D), dq(20, 0), D), (q(dq(10, 0), D), q(dq(1, 0), B), dq(11, 0), D),
        (q(dq(10, 0), B), q(dq(1, 0), D), dq(11, 0), B), (z, q(dq(50, 0), D), dq(50, 0), D),
        (q(dq(50, 0), D), z, dq(50, 0), D), (z, z, 0, D),
    ];
    for (a, b, nanos, format) in adds {
        let sum = a + b;
        assert_eq!((sum.nanos, sum.format), (nanos, format), "{a:?} + {b:?}");
    }
    #[rustfmt::skip]
    let subs = [
        (q(dq(10, 0), D), q(dq(1, 1), D), 0, D), (q(dq(10, 0), D), q(dq(1, 0), B), dq(9, 0), D),
        (q(dq(10, 0), B), q(dq(1, 0), D), dq(9, 0), B), (z, q(dq(50, 0), D), dq(-50, 0), D),
        (q(dq(50, 0), D), z, dq(50, 0), D), (z, z, 0, D),
    ];
    for (a, b, nanos, format) in subs {
        let mut diff = a;
        diff -= b;
        assert_eq!((diff.nanos, diff.format), (nanos, format), "{a:?} - {b:?}");
    }
    for s in ["100m", "1Gi"] {
        assert_eq!((p(s) + p("0")).to_string(), s);
        assert_eq!((p("0") + p(s)).to_string(), s);
        assert_eq!((p(s) - p("0")).to_string(), s);
        assert_eq!((p("0") - p(s)).to_string(), (-p(s)).to_string());
    }
}

/// Go: TestMilliNewSet, TestNewSet (6 rows each), TestNewScaledSet (11), TestScaledValue (17).
#[test]
fn go_constructors_and_scaled_values() {
    #[rustfmt::skip]
    let milli = [(1, D, "1m", true), (1000, D, "1", true), (1234000, D, "1234", true),
        (1024, B, "1024m", false), (1000000, X, "1e3", true), (1024 * 1024, B, "1048576m", false)];
    for (v, format, expect, exact) in milli {
        let got = Quantity::from_milli(v).with_format(format);
        assert_eq!(got.to_string(), expect);
        if exact {
            assert_eq!(p(expect).milli_value_ceil(), v);
        }
    }
    #[rustfmt::skip]
    let ints = [(1, D, "1"), (1000, D, "1k"), (1234000, D, "1234k"), (1024, B, "1Ki"),
        (1000000, X, "1e6"), (1024 * 1024, B, "1Mi")];
    for (v, format, expect) in ints {
        assert_eq!(Quantity::from_int(v, format).to_string(), expect);
        assert_eq!(p(expect).value_ceil(), v);
    }
    #[rustfmt::skip]
    let scaled = [(1, -9, "1n"), (1000, -9, "1u"), (1, -6, "1u"), (1000, -6, "1m"), (1, -3, "1m"),
        (1000, -3, "1"), (1, 0, "1"), (0, -9, "0"), (0, -6, "0"), (0, -3, "0"), (0, 0, "0")];
    for (v, scale, expect) in scaled {
        assert_eq!(q(dq(v, scale), D).to_string(), expect);
        assert_eq!(p(expect).scaled_value_ceil(scale), v);
    }
    #[rustfmt::skip]
    let values = [(-9, -9, 1), (-9, -6, 1), (-9, -3, 1), (-9, 0, 1), (-6, -9, 1000), (-6, -6, 1),
        (-6, -3, 1), (-6, 0, 1), (-3, -9, 1000000), (-3, -6, 1000), (-3, -3, 1), (-3, 0, 1),
        (0, -9, 1000000000), (0, -6, 1000000), (0, -3, 1000), (0, 0, 1), (2, -2, 10000)];
    for (from, to, want) in values {
        assert_eq!(q(dq(1, from), D).scaled_value_ceil(to), want, "{from} {to}");
    }
}

/// Go: TestJSONWhitespace (8 rows) plus serde round trips.
#[test]
fn go_json() {
    let table = [
        (r#"" 1""#, "1"),
        (r#""1 ""#, "1"),
        ("1", "1"),
        (" 1", "1"),
        ("1 ", "1"),
        ("10", "10"),
        ("-1", "-1"),
        (" -1", "-1"),
    ];
    for (json, expect) in table {
        let got: Quantity = serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert_eq!(got.to_string(), expect);
    }
    let from = |json: &str| {
        serde_json::from_str::<Quantity>(json)
            .map(|q| q.to_string())
            .ok()
    };
    assert_eq!(from("0.5").as_deref(), Some("500m"));
    assert_eq!(from("0.1").as_deref(), Some("100m"));
    assert_eq!(from("2.0").as_deref(), Some("2"));
    assert_eq!(from("1e3").as_deref(), Some("1k"));
    assert_eq!(from("1e-12").as_deref(), Some("1n"));
    assert_eq!(from(r#""128Mi""#).as_deref(), Some("128Mi"));
    assert_eq!(from("null").as_deref(), Some("0"));
    assert_eq!(from(r#""1GiB""#), None);
    assert_eq!(from("true"), None);
    assert_eq!(from("1e300"), None);
    let out = serde_json::to_string(&vec![p("1024Mi"), p("0.1"), p("1e3")]).ok();
    assert_eq!(out.as_deref(), Some(r#"["1Gi","100m","1e3"]"#));
}

#[test]
fn brief_examples() {
    let table = [
        ("1024Mi", "1Gi"),
        ("9.01", "9010m"),
        (".001Ki", "1024m"),
        ("1000m", "1"),
        ("1e3", "1e3"),
        ("1500m", "1500m"),
        ("0.1", "100m"),
        ("100Mi", "100Mi"),
        ("5.", "5"),
        (".5", "500m"),
        ("1.5Gi", "1536Mi"),
        ("1.1Ki", "1126400m"),
        ("-1.1Ki", "-1126400m"),
        ("1000Ki", "1000Ki"),
        ("1000E", "1e21"),
        ("1500E", "1500E"),
        ("123e20", "12300e18"),
        ("12300000P", "12300E"),
        ("1e21", "1e21"),
        ("1e-100", "1e-9"),
        ("-1e-100", "-1e-9"),
        ("-0.0000000000001", "-1n"),
        ("18446744073709551616", "18446744073709551616"),
        ("1.2345", "1234500u"),
        ("0.9n", "1n"),
        ("+1k", "1k"),
        ("007", "7"),
        ("1e+03", "1e3"),
    ];
    for (input, expect) in table {
        assert_eq!(p(input).to_string(), expect, "{input}");
    }
    assert_eq!(p("1Gi"), p("1073741824"));
    assert_eq!(p("1000m"), p("1"));
    assert_eq!(p("1e3"), p("1k"));
    assert_eq!(hash(&p("1e3")), hash(&p("1k")));
    assert!(p("1Gi") > p("1G") && p("-1") < p("1n"));
    assert_eq!(std::cmp::max(p("1Gi"), p("1G")).to_string(), "1Gi");
    assert_eq!(Quantity::from_int(1000, B).to_string(), "1k"); // |v| < 1024 prints as DecimalSI
}

/// Kubernetes quirks that this type reproduces on purpose.
#[test]
fn kubernetes_quirks() {
    // Digit-less numbers on the fast path are zero.
    for s in [
        "-", "+", ".", "-.", "m", "n", "e3", "E-9", "Ki", "Ti", "G", "+.k",
    ] {
        assert!(p(s).is_zero(), "{s}");
        assert!(Quantity::parse_strict(s).is_err(), "{s}");
    }
    assert_eq!(p("e3").format(), X);
    assert_eq!(p("Ki").format(), B);
    assert_eq!(Quantity::parse_strict("1.5Gi").ok(), Some(p("1536Mi")));
    // The exponent is an i64 truncated to 32 bits.
    assert_eq!(p("1e4294967296").to_string(), "1");
    assert_eq!(p("1e4294967299").to_string(), "1e3");
    // BinarySI is capped at 2^63-1 on parse, in both directions; DecimalSI is not.
    assert_eq!(p("8Ei").to_string(), "9223372036854775807");
    assert_eq!(p("-100Ei").nanos, -dq(MAX_I64, 0));
    assert_eq!(p("1.5Ei").to_string(), "1536Pi");
    assert_eq!(p("9000000000000000000000000000.5Ki").nanos, dq(MAX_I64, 0));
    assert_eq!(p("10E").to_string(), "10E");
    // Small binary fractions switch to DecimalSI; zero keeps BinarySI.
    assert_eq!(p("0.5Ki").format(), B);
    assert_eq!(p("0.0005Ki").format(), D);
    assert_eq!(p("0.0Ki").format(), B);
    // Arithmetic can exceed the BinarySI cap; 2^63 still prints with a suffix.
    assert_eq!((p("4Ei") + p("4Ei")).to_string(), "8Ei");
    // Deviation: 2^70 has no suffix in Kubernetes (it would print "1"); print it exactly.
    let big = p("4Ei") + p("4Ei");
    let big = (0..7).fold(big, |acc, _| acc + acc);
    assert_eq!(big.to_string(), "1180591620717411303424");
    // Rounding is away from zero, also for negative values.
    assert_eq!(p("-1.5").value_ceil(), -2);
    assert_eq!(p("1.5").value_ceil(), 2);
    assert_eq!(p("-0.0015").milli_value_ceil(), -2);
    assert_eq!(p("1n").value_ceil(), 1);
    assert_eq!(p("1n").scaled_value_ceil(100), 1);
    assert_eq!(p("5").scaled_value_ceil(-40), i128::MAX);
    assert_eq!(p("-5").scaled_value_ceil(-40), -i128::MAX);
    assert_eq!(p("0").scaled_value_ceil(-40), 0);
    assert_eq!(p("-1n").scaled_value_ceil(40), -1);
    assert_eq!(
        Quantity::parse_strict("i").map_err(|e| e.kind()),
        Err(QuantityErrorKind::Suffix)
    );
    assert_eq!(
        Quantity::parse_strict("").map_err(|e| e.kind()),
        Err(QuantityErrorKind::Format)
    );
}

#[test]
fn range_and_saturation() {
    assert_eq!(kind("1e30"), QuantityErrorKind::OutOfRange);
    assert_eq!(
        kind("-200000000000000000000000000000"),
        QuantityErrorKind::OutOfRange
    );
    assert_eq!(p("0e999999999").to_string(), "0");
    assert_eq!(p("1e29").to_string(), "100e27");
    let max = Quantity::from_int(i128::MAX, D);
    assert_eq!(max.nanos, MAX_NANOS);
    assert_eq!(Quantity::from_int(i128::MIN, D).nanos, -MAX_NANOS);
    assert_eq!(Quantity::from_milli(i128::MIN).nanos, -MAX_NANOS);
    assert_eq!((max + p("1")).nanos, MAX_NANOS);
    assert_eq!((-max - p("1")).nanos, -MAX_NANOS);
    assert_eq!(max.checked_add(p("1")), None);
    assert_eq!((-max).checked_sub(p("1")), None);
    assert_eq!(
        p("1").checked_sub(p("3")).map(|q| q.to_string()).as_deref(),
        Some("-2")
    );
    assert_eq!(p("5").round_up(40), (q(MAX_NANOS, D), false));
    assert_eq!(max.to_string().parse::<Quantity>().ok(), Some(max));
    let total: Quantity = [p("100m"), p("1"), p("1.5")].iter().sum();
    assert_eq!(total.to_string(), "2600m");
    assert_eq!(
        [p("0"), p("1Gi")].into_iter().sum::<Quantity>().to_string(),
        "1Gi"
    );
}

#[test]
fn errors_and_suggestions() {
    let table = [
        ("1GiB", Some("1Gi")),
        ("1gi", Some("1Gi")),
        ("500M", None),
        ("1KB", Some("1k")),
        ("1kb", Some("1k")),
        ("1K", Some("1k")),
        ("512MB", Some("512M")),
        ("1mi", Some("1Mi")),
        ("1 Gi", Some("1Gi")),
        (" 1", Some("1")),
        ("2 cores", Some("2")),
        ("250mcpu", Some("250m")),
        ("1.5GB", Some("1.5G")),
        ("1e", None),
        ("foo", None),
        ("Gi", None),
        ("1.1.1", None),
    ];
    for (input, want) in table {
        assert_eq!(suggestion(input).as_deref(), want, "{input}");
    }
    // A fix writes only a certain reading: binary units, spaces, CPU words; not the decimal
    // units written as bytes, which tools read as powers of 1000 or of 1024.
    let certain = [
        ("512MiB", Some("512Mi")),
        ("1gi", Some("1Gi")),
        ("1mib", Some("1Mi")),
        ("1 Gi", Some("1Gi")),
        ("2 cores", Some("2")),
        ("250mcpu", Some("250m")),
        ("512MB", None),
        ("1KB", None),
        ("1K", None),
        ("1.5GB", None),
        ("500M", None),
        ("foo", None),
    ];
    for (input, want) in certain {
        assert_eq!(certain_correction(input).as_deref(), want, "{input}");
    }
    let err = "1GiB".parse::<Quantity>().err();
    let text = err.as_ref().map(ToString::to_string).unwrap_or_default();
    assert!(
        text.starts_with("invalid quantity \"1GiB\": quantities must match"),
        "{text}"
    );
    assert!(text.ends_with("[0-9]*)$'"), "{text}");
    assert_eq!(
        err.as_ref().and_then(QuantityError::suggestion).as_deref(),
        Some("1Gi")
    );
    assert_eq!(err.as_ref().map(QuantityError::input), Some("1GiB"));
    let err = "1ki"
        .parse::<Quantity>()
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert_eq!(
        err,
        "invalid quantity \"1ki\": unable to parse quantity's suffix"
    );
    assert_eq!(
        format!("{:>5}|{:?}", p("1k"), p("1Gi")),
        "   1k|Quantity(1Gi, BinarySI)"
    );
}

fn format_strategy() -> impl Strategy<Value = Format> {
    prop_oneof![Just(B), Just(D), Just(X)]
}

/// Quantities a Kubernetes parse can produce, biased towards round numbers.
fn quantity_strategy() -> impl Strategy<Value = Quantity> {
    let nanos = prop_oneof![
        -10i128.pow(28)..10i128.pow(28),
        (-999_999i128..1_000_000, 0u32..=27).prop_map(|(m, e)| m * 10i128.pow(e)),
        (-1023i128..1024, 0u32..=6).prop_map(|(m, e)| m * 1024i128.pow(e) * NANO),
    ];
    (nanos, format_strategy()).prop_map(|(n, f)| {
        let n = if f == B {
            n.clamp(-BINARY_CAP_NANOS, BINARY_CAP_NANOS)
        } else {
            n
        };
        q(n, f)
    })
}

/// A quantity string and its value in nanos computed without the parser:
/// `m`, a decimal point `d` digits from the right, and a suffix.
fn text_strategy() -> impl Strategy<Value = (String, i128)> {
    const SUFFIXES: [(&str, i32, u32); 15] = [
        ("n", -9, 0),
        ("u", -6, 0),
        ("m", -3, 0),
        ("", 0, 0),
        ("k", 3, 0),
        ("M", 6, 0),
        ("G", 9, 0),
        ("T", 12, 0),
        ("P", 15, 0),
        ("e-7", -7, 0),
        ("E4", 4, 0),
        ("Ki", 0, 10),
        ("Mi", 0, 20),
        ("Gi", 0, 30),
        ("Ei", 0, 60),
    ];
    (any::<i32>(), 0usize..5, 0usize..SUFFIXES.len()).prop_map(|(m, d, i)| {
        let (suffix, e, bits) = SUFFIXES[i];
        let digits = format!("{:0>width$}", m.unsigned_abs(), width = d + 1);
        let (int, frac) = digits.split_at(digits.len() - d);
        let sign = if m < 0 { "-" } else { "" };
        let text = format!("{sign}{int}.{frac}{suffix}");
        // value = m × 2^bits × 10^(e - d) in nanos, rounded away from zero, BinarySI capped.
        let scaled = i128::from(m) << bits;
        let shift = e + 9 - d as i32;
        let mut nanos = if shift >= 0 {
            scaled * 10i128.pow(shift as u32)
        } else {
            let unit = 10i128.pow(shift.unsigned_abs());
            scaled / unit
                + if scaled % unit == 0 {
                    0
                } else {
                    scaled.signum()
                }
        };
        if bits > 0 {
            nanos = nanos.clamp(-BINARY_CAP_NANOS, BINARY_CAP_NANOS);
        }
        (text, nanos)
    })
}

/// `parse(print(q)) == q` by value, and `print(parse(print(q))) == print(q)`, except that
/// Kubernetes prints a whole BinarySI value without a binary factor (e.g. 2000) with no
/// suffix, which then re-parses as DecimalSI (`2k`); that second text is a fixpoint.
fn check_round_trip(value: Quantity) -> Result<(), TestCaseError> {
    let text = value.to_string();
    let back = p(&text);
    prop_assert_eq!(back, value, "{}", text);
    let again = back.to_string();
    if value.format() == B && !text.ends_with('i') {
        prop_assert_eq!(p(&again).to_string(), again);
    } else {
        prop_assert_eq!(again, text);
    }
    Ok(())
}

proptest! {
    #[test]
    fn parse_never_panics(s in any::<String>()) {
        let _ = s.parse::<Quantity>();
        let _ = suggestion(&s);
    }

    #[test]
    fn parse_never_panics_on_quantity_alphabet(s in "[-+0-9.eEinumkKMGTP ]{0,40}") {
        if let Ok(got) = s.parse::<Quantity>() {
            check_round_trip(got)?;
        }
    }

    #[test]
    fn print_parse_round_trip(value in quantity_strategy()) {
        check_round_trip(value)?;
    }

    #[test]
    fn parse_matches_independent_value((text, nanos) in text_strategy()) {
        prop_assert_eq!(p(&text).nanos, nanos, "{}", text);
    }

    #[test]
    fn ordering_and_arithmetic_are_exact(
        (ta, na) in text_strategy(),
        (tb, nb) in text_strategy(),
    ) {
        let (a, b) = (p(&ta), p(&tb));
        prop_assert_eq!(a.cmp(&b), na.cmp(&nb));
        prop_assert_eq!(a == b, hash(&a) == hash(&b) && na == nb);
        prop_assert_eq!((a + b).nanos, na + nb);
        prop_assert_eq!((a - b).nanos, na - nb);
        prop_assert_eq!((a + b).format(), if na == 0 { b.format() } else { a.format() });
        prop_assert_eq!((a + b) - b, a);
        prop_assert_eq!(a.milli_value_ceil(), na / 1_000_000 + i128::from(na % 1_000_000 != 0) * na.signum());
    }
}
