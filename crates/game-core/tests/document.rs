//! The one reader of versioned documents: each error it gives, naming the field at fault.

use game_core::document::{DocumentError, Fields, Format, excerpt};
use serde::Deserialize;
use serde_json::{Value, json};

const FORMAT: Format = Format {
    fields: &["version", "flag", "count", "small", "name", "list", "inner", "maybe"],
    versions: &[1, 2],
    max_len: Some(200),
};

/// The error reading `text` as `FORMAT` gives, or `None` when it reads.
fn refusal(text: &str) -> Option<DocumentError> {
    let value = match FORMAT.parse(text) {
        Ok(value) => value,
        Err(error) => return Some(error),
    };
    FORMAT.read(&value).err()
}

/// `read` applied to the fields of `value` (which must read as `FORMAT`).
fn field<T>(
    value: Value,
    read: impl for<'a> Fn(&Fields<'a>) -> Result<T, DocumentError>,
) -> Result<T, DocumentError> {
    let fields = FORMAT.read(&value).expect("the document reads");
    read(&fields)
}

#[test]
fn a_document_of_a_version_read_reads() {
    assert_eq!(refusal(r#"{"version":1}"#), None);
    assert_eq!(refusal(r#"{"version":2,"flag":true}"#), None);
}

#[test]
fn a_text_past_the_limit_is_refused_before_it_is_parsed() {
    let long = format!("{{\"version\":1,\"name\":\"{}\"}}", "x".repeat(200));
    assert_eq!(refusal(&long), Some(DocumentError::TooLong { length: long.len(), limit: 200 }));
    // Not even JSON, but too long is said first: it was never parsed.
    assert!(matches!(refusal(&"[".repeat(201)), Some(DocumentError::TooLong { .. })));
    let unbounded = Format { max_len: None, ..FORMAT };
    assert!(unbounded.parse(&format!("{long}{}", " ".repeat(10_000))).is_ok());
}

#[test]
fn text_that_is_not_json_or_not_an_object_is_refused() {
    for text in ["", "{", "{'version':1}", "NaN"] {
        assert!(matches!(refusal(text), Some(DocumentError::NotJson(_))), "{text}");
    }
    for text in ["null", "1", "[]", "\"version\""] {
        assert_eq!(refusal(text), Some(DocumentError::NotAnObject), "{text}");
    }
}

#[test]
fn a_version_not_read_is_refused_repeating_only_a_whole_number() {
    let versions: &[u64] = &[1, 2];
    for (version, found) in [("3", Some(3)), ("0", Some(0)), ("\"1\"", None), ("1.5", None), ("null", None)] {
        let text = format!("{{\"version\":{version}}}");
        assert_eq!(refusal(&text), Some(DocumentError::UnknownVersion { found, read: versions }), "{text}");
    }
    assert_eq!(refusal("{}"), Some(DocumentError::MissingField("version")));
}

#[test]
fn an_unknown_field_is_refused_by_its_name_cut_short() {
    assert_eq!(refusal(r#"{"version":1,"extra":0}"#), Some(DocumentError::UnknownField("extra".into())));
    // Before the version: a foreign document is not taken for another version of this one.
    assert_eq!(refusal(r#"{"version":9,"extra":0}"#), Some(DocumentError::UnknownField("extra".into())));
    let long = "y".repeat(100);
    let text = format!("{{\"version\":1,\"{long}\":0}}");
    assert_eq!(refusal(&text), Some(DocumentError::UnknownField(excerpt(&long))));
    assert_eq!(excerpt(&long), format!("{}…", "y".repeat(32)));
}

#[test]
fn a_missing_field_is_named() {
    assert_eq!(
        field(json!({"version": 1}), |f| f.get::<bool>("flag")),
        Err(DocumentError::MissingField("flag"))
    );
    assert_eq!(
        field(json!({"version": 1}), |f| f.value("inner").map(drop)),
        Err(DocumentError::MissingField("inner"))
    );
}

#[test]
fn each_type_reads_its_values_and_names_the_field_otherwise() {
    let doc = json!({"version": 1, "flag": true, "count": 5_000_000_000u64, "small": 7, "name": "ann", "list": [1, 2]});
    assert_eq!(field(doc.clone(), |f| f.get::<bool>("flag")), Ok(true));
    assert_eq!(field(doc.clone(), |f| f.get::<u64>("count")), Ok(5_000_000_000));
    assert_eq!(field(doc.clone(), |f| f.get::<u32>("small")), Ok(7));
    assert_eq!(field(doc.clone(), |f| f.get::<usize>("small")), Ok(7));
    assert_eq!(field(doc.clone(), |f| f.get::<&str>("name").map(str::to_owned)), Ok("ann".to_owned()));
    assert_eq!(field(doc.clone(), |f| f.get::<&[Value]>("list").map(<[Value]>::len)), Ok(2));
    // A u32 past its range, and whole numbers written otherwise, are not whole numbers here.
    assert_eq!(field(doc.clone(), |f| f.get::<u32>("count")), Err(DocumentError::BadField("count")));
    for bad in [json!(-1), json!(1.5), json!(1.0), json!("1"), json!(null), json!(true)] {
        let doc = json!({"version": 1, "count": bad});
        assert_eq!(field(doc, |f| f.get::<u64>("count")), Err(DocumentError::BadField("count")));
    }
    let wrong = json!({"version": 1, "flag": 1, "name": 2, "list": {}});
    assert_eq!(field(wrong.clone(), |f| f.get::<bool>("flag")), Err(DocumentError::BadField("flag")));
    assert_eq!(
        field(wrong.clone(), |f| f.get::<&str>("name").map(drop)),
        Err(DocumentError::BadField("name"))
    );
    assert_eq!(field(wrong, |f| f.get::<&[Value]>("list").map(drop)), Err(DocumentError::BadField("list")));
}

#[test]
fn an_optional_field_is_none_when_absent_or_null() {
    assert_eq!(field(json!({"version": 1}), |f| f.optional::<u64>("maybe")), Ok(None));
    assert_eq!(field(json!({"version": 1, "maybe": null}), |f| f.optional::<u64>("maybe")), Ok(None));
    assert_eq!(field(json!({"version": 1, "maybe": 4}), |f| f.optional::<u64>("maybe")), Ok(Some(4)));
    let bad = json!({"version": 1, "maybe": "4"});
    assert_eq!(field(bad, |f| f.optional::<u64>("maybe")), Err(DocumentError::BadField("maybe")));
}

#[test]
fn an_inner_object_has_its_own_fields() {
    let read = |inner: Value| {
        field(json!({"version": 1, "inner": inner}), |f| f.object("inner", &["a"])?.get::<bool>("a"))
    };
    assert_eq!(read(json!({"a": true})), Ok(true));
    assert_eq!(read(json!([true])), Err(DocumentError::BadField("inner")));
    assert_eq!(read(json!({"a": true, "b": 1})), Err(DocumentError::UnknownField("b".into())));
    assert_eq!(read(json!({})), Err(DocumentError::MissingField("a")));
    assert_eq!(read(json!({"a": 0})), Err(DocumentError::BadField("a")));
}

#[test]
fn a_field_a_derive_describes_is_read_by_it() {
    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Pair {
        a: u8,
        b: bool,
    }
    let read =
        |inner: Value| field(json!({"version": 1, "inner": inner}), |f| f.deserialize::<Pair>("inner"));
    assert_eq!(read(json!({"a": 3, "b": true})), Ok(Pair { a: 3, b: true }));
    assert_eq!(read(json!({"a": 3, "b": true, "c": 0})), Err(DocumentError::BadField("inner")));
    assert_eq!(read(json!({"a": 300, "b": true})), Err(DocumentError::BadField("inner")));
}

#[test]
fn each_reason_names_what_is_wrong() {
    let said = |error: DocumentError| error.to_string();
    assert_eq!(said(DocumentError::TooLong { length: 300, limit: 200 }), "300 bytes; at most 200 are read");
    assert_eq!(said(DocumentError::NotAnObject), "not a JSON object");
    assert_eq!(said(DocumentError::MissingField("score")), "no `score`");
    assert_eq!(said(DocumentError::UnknownField("extra".into())), "an unknown field `extra`");
    assert_eq!(said(DocumentError::BadField("won")), "`won` is not valid");
    assert_eq!(
        said(DocumentError::UnknownVersion { found: Some(3), read: &[1, 2] }),
        "version 3; this game reads versions 1 and 2"
    );
    assert_eq!(
        said(DocumentError::UnknownVersion { found: None, read: &[1] }),
        "a version that is not a number; this game reads version 1"
    );
    assert!(said(refusal("{").unwrap()).starts_with("not JSON: "));
}
