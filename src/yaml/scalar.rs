//! What a plain YAML scalar means: null, boolean, integer, float or string, under the YAML 1.1
//! rules Kubernetes' decoder (`sigs.k8s.io/yaml`) applies (so `yes` and `on` are booleans).

/// What a plain scalar means under the YAML rules Kubernetes' decoder uses (YAML 1.1 booleans).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Resolved {
    /// `null`, `~`, or nothing.
    Null,
    /// A boolean (`true`, `yes`, `on`, …).
    Bool(bool),
    /// An integer that fits in 64 bits.
    Int(i64),
    /// An integer too large for 64 bits.
    BigInt,
    /// A float.
    Float(f64),
    /// Anything else: a string.
    Str,
}

/// Resolves a plain scalar's text.
pub fn resolve_plain(text: &str) -> Resolved {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Resolved::Null,
        "true" | "True" | "TRUE" | "yes" | "Yes" | "YES" | "on" | "On" | "ON" | "y" | "Y" => {
            return Resolved::Bool(true);
        }
        "false" | "False" | "FALSE" | "no" | "No" | "NO" | "off" | "Off" | "OFF" | "n" | "N" => {
            return Resolved::Bool(false);
        }
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            return Resolved::Float(f64::INFINITY);
        }
        "-.inf" | "-.Inf" | "-.INF" => return Resolved::Float(f64::NEG_INFINITY),
        ".nan" | ".NaN" | ".NAN" => return Resolved::Float(f64::NAN),
        _ => {}
    }
    let Some(&first) = text.as_bytes().first() else {
        return Resolved::Str;
    };
    if !(first.is_ascii_digit() || matches!(first, b'-' | b'+' | b'.')) {
        return Resolved::Str;
    }
    if let Some(int) = resolve_int(text) {
        return int;
    }
    if is_float(text)
        && let Ok(value) = text.replace('_', "").parse::<f64>()
    {
        return Resolved::Float(value);
    }
    Resolved::Str
}

fn resolve_int(text: &str) -> Option<Resolved> {
    let (negative, digits) = if let Some(rest) = text.strip_prefix('-') {
        (true, rest)
    } else {
        (false, text.strip_prefix('+').unwrap_or(text))
    };
    // Go's `strconv.ParseInt(s, 0, 64)`, which go-yaml v2 (and so `sigs.k8s.io/yaml`) uses:
    // `0x` hexadecimal, `0o` or a bare leading `0` octal (`defaultMode: 0644` is 420), `0b`
    // binary.
    let (radix, body) = if let Some(hex) = digits.strip_prefix("0x").or(digits.strip_prefix("0X")) {
        (16, hex)
    } else if let Some(octal) = digits.strip_prefix("0o").or(digits.strip_prefix("0O")) {
        (8, octal)
    } else if let Some(binary) = digits.strip_prefix("0b").or(digits.strip_prefix("0B")) {
        (2, binary)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (0, &digits[1..])
    } else {
        (10, digits)
    };
    // A bare leading zero: octal (radix 0 marks it).
    let (bare_octal, radix) = if radix == 0 {
        (true, 8)
    } else {
        (false, radix)
    };
    let cleaned: String = body.chars().filter(|c| *c != '_').collect();
    if cleaned.is_empty() || !cleaned.chars().all(|c| c.is_digit(radix)) {
        // `09` is no octal number; go-yaml then reads it as the float 9.
        if bare_octal && !cleaned.is_empty() && cleaned.chars().all(|c| c.is_ascii_digit()) {
            return cleaned
                .parse::<f64>()
                .ok()
                .map(|v| Resolved::Float(if negative { -v } else { v }));
        }
        return None;
    }
    let Ok(magnitude) = u128::from_str_radix(&cleaned, radix) else {
        return Some(Resolved::BigInt);
    };
    let signed = if negative {
        i128::try_from(magnitude).ok().map(|v| -v)
    } else {
        i128::try_from(magnitude).ok()
    };
    Some(match signed.and_then(|v| i64::try_from(v).ok()) {
        Some(value) => Resolved::Int(value),
        None => Resolved::BigInt,
    })
}

fn is_float(text: &str) -> bool {
    let body = text.trim_start_matches(['-', '+']);
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(at) => (&body[..at], Some(&body[at + 1..])),
        None => (body, None),
    };
    let digits_ok = |s: &str| s.chars().all(|c| c.is_ascii_digit() || c == '_');
    let mantissa_ok = match mantissa.split_once('.') {
        Some((whole, fraction)) => {
            (!whole.is_empty() || !fraction.is_empty()) && digits_ok(whole) && digits_ok(fraction)
        }
        None => !mantissa.is_empty() && digits_ok(mantissa) && exponent.is_some(),
    };
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.trim_start_matches(['-', '+']);
        !e.is_empty() && e.chars().all(|c| c.is_ascii_digit())
    });
    mantissa_ok && exponent_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_plain_scalars_like_yaml_1_1() {
        assert_eq!(resolve_plain("8080"), Resolved::Int(8080));
        // Go's ParseInt with base 0, as go-yaml v2 resolves integers.
        assert_eq!(resolve_plain("0644"), Resolved::Int(420));
        assert_eq!(resolve_plain("0400"), Resolved::Int(256));
        assert_eq!(resolve_plain("-010"), Resolved::Int(-8));
        assert_eq!(resolve_plain("0o17"), Resolved::Int(15));
        assert_eq!(resolve_plain("0x1F"), Resolved::Int(31));
        assert_eq!(resolve_plain("0b101"), Resolved::Int(5));
        assert_eq!(resolve_plain("0"), Resolved::Int(0));
        assert_eq!(resolve_plain("00"), Resolved::Int(0));
        assert_eq!(resolve_plain("09"), Resolved::Float(9.0));
        assert_eq!(resolve_plain("yes"), Resolved::Bool(true));
        assert_eq!(resolve_plain("0.5"), Resolved::Float(0.5));
        assert_eq!(resolve_plain("1e3"), Resolved::Float(1000.0));
        assert_eq!(resolve_plain("100Mi"), Resolved::Str);
        assert_eq!(resolve_plain("99999999999999999999999"), Resolved::BigInt);
        assert_eq!(resolve_plain("~"), Resolved::Null);
        assert_eq!(resolve_plain("1.2.3"), Resolved::Str);
        assert_eq!(resolve_plain("-"), Resolved::Str);
    }
}
