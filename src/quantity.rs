//! Placeholder until the exact quantity type lands (being written in parallel).

use std::fmt;
use std::str::FromStr;

/// A Kubernetes resource quantity.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Quantity(i128);

/// An invalid quantity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuantityError(String);

impl fmt::Display for QuantityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for QuantityError {}

impl FromStr for Quantity {
    type Err = QuantityError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse::<i128>()
            .map(|v| Quantity(v * 1000))
            .map_err(|_| QuantityError("quantities must match the regular expression".into()))
    }
}
impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}m", self.0)
    }
}
impl std::ops::Add for Quantity {
    type Output = Quantity;
    fn add(self, o: Quantity) -> Quantity {
        Quantity(self.0 + o.0)
    }
}
impl std::ops::Sub for Quantity {
    type Output = Quantity;
    fn sub(self, o: Quantity) -> Quantity {
        Quantity(self.0 - o.0)
    }
}
impl Quantity {
    /// Zero.
    pub fn zero() -> Self {
        Quantity(0)
    }
    /// Whether zero.
    pub fn is_zero(&self) -> bool {
        self.0 == 0
    }
    /// Whether negative.
    pub fn is_negative(&self) -> bool {
        self.0 < 0
    }
    /// Whole number.
    pub fn is_integral(&self) -> bool {
        self.0 % 1000 == 0
    }
    /// Milli value rounded up.
    pub fn milli_value_ceil(&self) -> i128 {
        self.0
    }
}
/// A suggested fix for a misspelled quantity.
pub fn suggestion(_input: &str) -> Option<String> {
    None
}
