//! Escaping text for HTML, and a small scanner for the start tags of a page.
//!
//! The pages are our own well-formed HTML, so a scanner that knows start tags, end tags and
//! comments is all the link checker, the `data-result` filler and the tests need; a full HTML
//! parser would be one more dependency for nothing.

/// Escapes text for element content and double- or single-quoted attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#x27;"),
            c => out.push(c),
        }
    }
    out
}

/// A start tag: its name (lower case), its attributes in order, and where it sits in the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag<'a> {
    pub name: String,
    /// Attribute names in lower case with their raw values (`""` for a bare attribute).
    pub attrs: Vec<(String, &'a str)>,
    /// Byte offset of the `<`.
    pub start: usize,
    /// Byte offset just past the `>`.
    pub end: usize,
}

impl<'a> Tag<'a> {
    /// The value of attribute `name`, if present.
    pub fn attr(&self, name: &str) -> Option<&'a str> {
        self.attrs.iter().find(|(n, _)| n == name).map(|(_, v)| *v)
    }
}

/// Every start tag of `page`, in order. Comments, end tags and `<!doctype>` are skipped.
pub fn start_tags(page: &str) -> Vec<Tag<'_>> {
    let bytes = page.as_bytes();
    let mut tags = Vec::new();
    let mut i = 0;
    while let Some(offset) = page[i..].find('<') {
        let start = i + offset;
        let rest = &page[start..];
        if rest.starts_with("<!--") {
            i = rest.find("-->").map_or(page.len(), |e| start + e + 3);
            continue;
        }
        if rest.starts_with("<!") || rest.starts_with("</") || rest.starts_with("<?") {
            i = rest.find('>').map_or(page.len(), |e| start + e + 1);
            continue;
        }
        let mut j = start + 1;
        while j < bytes.len() && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'-' || bytes[j] == b':') {
            j += 1;
        }
        if j == start + 1 {
            // A lone `<` in text: not a tag.
            i = start + 1;
            continue;
        }
        let name = page[start + 1..j].to_ascii_lowercase();
        let mut attrs = Vec::new();
        loop {
            while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                j += 1;
            }
            if j >= bytes.len() {
                break;
            }
            if bytes[j] == b'>' {
                j += 1;
                break;
            }
            if bytes[j] == b'/' {
                j += 1;
                continue;
            }
            let name_start = j;
            while j < bytes.len()
                && !matches!(bytes[j], b'=' | b'>' | b'/')
                && !bytes[j].is_ascii_whitespace()
            {
                j += 1;
            }
            let attr_name = page[name_start..j].to_ascii_lowercase();
            while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                j += 1;
            }
            let mut value = "";
            if j < bytes.len() && bytes[j] == b'=' {
                j += 1;
                while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                    j += 1;
                }
                if j < bytes.len() && (bytes[j] == b'"' || bytes[j] == b'\'') {
                    let quote = bytes[j];
                    let value_start = j + 1;
                    j = value_start;
                    while j < bytes.len() && bytes[j] != quote {
                        j += 1;
                    }
                    value = &page[value_start..j.min(page.len())];
                    j += 1;
                } else {
                    let value_start = j;
                    while j < bytes.len() && !bytes[j].is_ascii_whitespace() && bytes[j] != b'>' {
                        j += 1;
                    }
                    value = &page[value_start..j];
                }
            }
            attrs.push((attr_name, value));
        }
        let end = j.min(page.len());
        tags.push(Tag { name, attrs, start, end });
        i = end;
    }
    tags
}

/// The 1-based line of byte offset `offset` in `text`, for error messages.
pub fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// `text` without its tags, entities for `&`, `<`, `>` and quotes decoded: what a reader sees.
pub fn text_content(fragment: &str) -> String {
    let mut out = String::new();
    let mut rest = fragment;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        rest = rest[open..].find('>').map_or("", |close| &rest[open + close + 1..]);
    }
    out.push_str(rest);
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_the_five_special_characters() {
        assert_eq!(escape(r#"a<b>&"c'"#), "a&lt;b&gt;&amp;&quot;c&#x27;");
    }

    #[test]
    fn finds_start_tags_and_attributes() {
        let page = r#"<!doctype html><!-- <a href="x"> --><p class=lede id='top'>Hi <a href="a.html#b" hidden>x</a></p>"#;
        let tags = start_tags(page);
        let names: Vec<&str> = tags.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["p", "a"]);
        assert_eq!(tags[0].attr("class"), Some("lede"));
        assert_eq!(tags[0].attr("id"), Some("top"));
        assert_eq!(tags[1].attr("href"), Some("a.html#b"));
        assert_eq!(tags[1].attr("hidden"), Some(""));
        assert_eq!(&page[tags[1].start..tags[1].end], r#"<a href="a.html#b" hidden>"#);
    }

    #[test]
    fn text_content_drops_tags() {
        assert_eq!(text_content("93.8 %<br><small>91.3&ndash;95.6</small>"), "93.8 %91.3&ndash;95.6");
        assert_eq!(text_content("a &amp; b"), "a & b");
    }
}
