//! Fuzz target: parsing any text as a quantity must not panic, and a parsed quantity must print
//! to a form that parses back to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use podlife::Quantity;

fuzz_target!(|text: &str| {
    if let Ok(quantity) = text.parse::<Quantity>() {
        let printed = quantity.to_string();
        let again: Quantity = printed.parse().expect("canonical form parses");
        assert_eq!(again, quantity, "{text} printed as {printed}");
    }
});
