//! Fuzz target: any bytes through reading, decoding and every rule must not panic, and every
//! finding must be located.
#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use podlife::input::SourceText;
use podlife::lint::settings::CheckOptions;
use podlife::lint::validate::validate_source;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let source = SourceText {
        name: Arc::from("fuzz.yaml"),
        text: Arc::new(text.to_string()),
        not_utf8: None,
        origin: podlife::input::SourceOrigin::Named,
    };
    let report = validate_source(&source, &CheckOptions::default());
    for finding in &report.findings {
        assert!(
            finding.span.is_some(),
            "unlocated finding: {}",
            finding.message
        );
    }
});
