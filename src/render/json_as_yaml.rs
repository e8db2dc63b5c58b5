//! `-o yaml`: a command's JSON output written as YAML, the same data key for key, so the two
//! formats can never say different things.

use std::io::Write;

/// Writes each JSON document of `json` as a YAML document (`---` between them); text that is
/// not JSON (a fixed manifest or an SVG that `-` sent to stdout) is written unchanged.
pub fn write(out: &mut dyn Write, json: &[u8]) -> std::io::Result<()> {
    let Some(documents) = documents(json) else {
        return out.write_all(json);
    };
    for (index, document) in documents.into_iter().enumerate() {
        if index > 0 {
            out.write_all(b"---\n")?;
        }
        out.write_all(to_yaml(document)?.as_bytes())?;
    }
    Ok(())
}

/// The JSON documents of `json`, back to back, each as its text (keys in the order written);
/// `None` when it is not JSON.
fn documents(json: &[u8]) -> Option<Vec<&str>> {
    let text = std::str::from_utf8(json).ok()?;
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<serde::de::IgnoredAny>();
    let mut documents = Vec::new();
    let mut start = 0;
    while let Some(document) = stream.next() {
        document.ok()?;
        let end = stream.byte_offset();
        documents.push(text.get(start..end)?);
        start = end;
    }
    Some(documents)
}

/// One JSON document (JSON is YAML) as block YAML.
fn to_yaml(json: &str) -> std::io::Result<String> {
    let documents = crate::yaml::source::parse_stream(json);
    let root = documents
        .first()
        .and_then(|document| document.root.as_ref())
        .ok_or_else(|| std::io::Error::other("the JSON report did not read back as YAML"))?;
    Ok(crate::yaml::writer::to_yaml(root, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yaml(json: &str) -> String {
        let mut out = Vec::new();
        write(&mut out, json.as_bytes()).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn json_documents_become_yaml_documents_with_the_same_data() {
        assert_eq!(
            yaml(r#"{"findings":[{"rule":"PL007","line":3,"fix":null,"ok":true}],"note":"a: b"}"#),
            "findings:\n- rule: PL007\n  line: 3\n  fix: null\n  ok: true\nnote: \"a: b\"\n",
            "keys keep their order"
        );
        assert_eq!(yaml("{\"a\":1}\n{\"a\":2}\n"), "a: 1\n---\na: 2\n");
        assert_eq!(yaml("[]"), "[]\n");
    }

    #[test]
    fn text_that_is_not_json_passes_unchanged() {
        assert_eq!(yaml("kind: Pod\n"), "kind: Pod\n");
    }
}
