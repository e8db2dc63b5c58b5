//! Fuzz target: any text and any findings — random spans (past the end, past column 65,535,
//! inverted), messages with control characters — through every findings format must not panic,
//! and the human format must never print a raw escape character from input.
#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use podlife::input::SourceText;
use podlife::k8s::cluster::FeatureGates;
use podlife::finding::{FailedInput, Finding, RuleId, Severity, Summary};
use podlife::lint::settings::CheckOptions;
use podlife::lint::validate::validate_source;
use podlife::render::findings::{github, human, json, junit, sarif, short};
use podlife::yaml::source::{Pos, Span};

const RULE: RuleId = RuleId {
    code: "PL006",
    name: "unknown-field",
};

fn number(bytes: &[u8], at: usize) -> u32 {
    let high = bytes.get(at).copied().unwrap_or(0);
    let low = bytes.get(at + 1).copied().unwrap_or(0);
    // Spread over small and huge values: the high bit of `high` picks a scale.
    let value = u32::from(u16::from_be_bytes([high & 0x7f, low]));
    if high & 0x80 != 0 { value * 16 } else { value }
}

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == 0xff).unwrap_or(data.len());
    let (control, rest) = data.split_at(split);
    let text: Arc<str> = Arc::from(String::from_utf8_lossy(rest.get(1..).unwrap_or_default()));
    let mut findings: Vec<Finding> = control
        .chunks(7)
        .map(|chunk| {
            let start = Pos {
                index: 0,
                line: number(chunk, 0) % 300,
                column: number(chunk, 2),
            };
            let end = Pos {
                line: start.line + u32::from(chunk.get(6).copied().unwrap_or(0) % 3),
                column: number(chunk, 4),
                ..start
            };
            let severity = match chunk.first().copied().unwrap_or(0) % 3 {
                0 => Severity::Error,
                1 => Severity::Warning,
                _ => Severity::Info,
            };
            let message: String = text.chars().take(60).collect();
            Finding::new(RULE, severity, format!("bad {message}"))
                .spanned(Span { start, end })
                .label(message.clone())
                .help(message)
        })
        .collect();
    let source = SourceText {
        name: Arc::from("fuzz.yaml"),
        text: Arc::new(text.to_string()),
        not_utf8: None,
        origin: podlife::input::SourceOrigin::Named,
    };
    let mut report = validate_source(&source, &CheckOptions::default());
    findings.append(&mut report.findings);
    for finding in &mut findings {
        finding.file = Arc::from("fuzz.yaml");
    }
    let all: Vec<&Finding> = findings.iter().collect();
    let width = 40 + usize::from(data.first().copied().unwrap_or(0));
    let mut plain = Vec::new();
    let style = human::HumanStyle {
        color: false,
        width,
    };
    human::write_file_findings(&mut plain, "fuzz.yaml", &text, &all, style).expect("memory");
    let plain = String::from_utf8_lossy(&plain);
    assert!(
        !plain
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t'),
        "a control character from input reached the human format"
    );
    let mut out = Vec::new();
    let style = human::HumanStyle { color: true, width };
    human::write_file_findings(&mut out, "fuzz.yaml", &text, &all, style).expect("memory");
    short::write_findings(&mut out, &all).expect("memory");
    github::write_findings(&mut out, &all).expect("memory");
    // An unreadable input named by the same text, as machine formats list them.
    let failed = [FailedInput {
        path: text.chars().take(80).collect(),
        error: text.chars().take(200).collect(),
    }];
    json::write_findings(
        &mut out,
        &all,
        &Summary::default(),
        &failed,
        &FeatureGates::default(),
    )
    .expect("memory");
    sarif::write_findings(&mut out, &all, &failed, &FeatureGates::default()).expect("memory");
    report.findings = findings.clone();
    junit::write_report(&mut out, &[&report], &failed).expect("memory");
});
