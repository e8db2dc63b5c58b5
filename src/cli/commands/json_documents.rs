//! `simulate -o json`: one pod's document as it is, several pods' documents as the elements of
//! one `{"pods": [...]}` document, written as they come (at most one is held back).

use std::io::Write;

/// The documents written so far.
#[derive(Debug, Default)]
pub(crate) struct JsonDocuments {
    /// The first document, held until it is known whether a second follows.
    first: Option<String>,
    /// Whether `{"pods": [` and the first element are written.
    opened: bool,
}

impl JsonDocuments {
    /// Adds one document (pretty-printed JSON): held if it is the first, else written as an
    /// element of the `pods` list.
    pub(crate) fn push(&mut self, out: &mut dyn Write, document: String) -> std::io::Result<()> {
        if !self.opened {
            let Some(first) = self.first.take() else {
                self.first = Some(document);
                return Ok(());
            };
            writeln!(out, "{{\n  \"pods\": [")?;
            write_element(out, &first)?;
            self.opened = true;
        }
        writeln!(out, ",")?;
        write_element(out, &document)
    }

    /// Ends the output: the one document as it is, or the closing of the list.
    pub(crate) fn finish(&mut self, out: &mut dyn Write) -> std::io::Result<()> {
        if self.opened {
            self.opened = false;
            return writeln!(out, "\n  ]\n}}");
        }
        match self.first.take() {
            Some(document) => out.write_all(document.as_bytes()),
            None => Ok(()),
        }
    }
}

/// One document indented as an element of the list (without the line end). A pretty-printed
/// document has no raw newline inside a string, so indenting each line nests it exactly as
/// the pretty printer would.
fn write_element(out: &mut dyn Write, document: &str) -> std::io::Result<()> {
    let mut lines = document.trim_end().lines();
    if let Some(line) = lines.next() {
        write!(out, "    {line}")?;
    }
    for line in lines {
        write!(out, "\n    {line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(documents: &[&str]) -> String {
        let mut out = Vec::new();
        let mut json = JsonDocuments::default();
        for document in documents {
            json.push(&mut out, (*document).to_string())
                .expect("writes");
        }
        json.finish(&mut out).expect("writes");
        String::from_utf8(out).expect("UTF-8")
    }

    #[test]
    fn one_document_is_left_as_it_is_and_several_are_one_list() {
        assert_eq!(written(&[]), "");
        let one = "{\n  \"pod\": \"a\"\n}\n";
        assert_eq!(written(&[one]), one);
        let two = written(&[one, "{\n  \"pod\": \"b\"\n}\n", "{}\n"]);
        let value: serde_json::Value = serde_json::from_str(&two).expect("one JSON document");
        assert_eq!(
            value,
            serde_json::json!({"pods": [{"pod": "a"}, {"pod": "b"}, {}]})
        );
        let pretty = serde_json::to_string_pretty(&value).expect("JSON") + "\n";
        assert_eq!(two, pretty, "as serde_json pretty-prints it");
    }
}
