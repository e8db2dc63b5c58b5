//! Fuzz target: on any text, the manifest scanner either declines a document or gives exactly
//! saphyr-parser's events and spans for it, and the same error where saphyr-parser stops.
#![no_main]

use libfuzzer_sys::fuzz_target;
use podlife::yaml::event_source::differential;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(difference) = differential(text) {
        panic!("the scanner and saphyr-parser differ on {text:?}:\n{difference}");
    }
});
