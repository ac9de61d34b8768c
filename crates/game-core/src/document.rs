//! The one reader of the versioned JSON documents the game and the page keep (the saved game,
//! the record, a kept game, the coach's document, the tally): the length read, the JSON, the
//! object, its `version`, the fields it may hold, and each field read as its type, with one
//! error, [`DocumentError`], that names the field at fault.
//!
//! What a field means and the checks between fields stay with each document: this module only
//! says whether the text is the shape the document's [`Format`] declares.
//!
//! ```
//! use game_core::document::{DocumentError, Format};
//!
//! const FORMAT: Format = Format { fields: &["version", "score"], versions: &[1], max_len: Some(100) };
//! let value = FORMAT.parse(r#"{"version":1,"score":"lots"}"#).unwrap();
//! let fields = FORMAT.read(&value).unwrap();
//! assert_eq!(fields.get::<u32>("score"), Err(DocumentError::BadField("score")));
//! ```

use std::fmt;

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// What a document may be: its fields, the versions read, and the longest text read.
#[derive(Clone, Copy, Debug)]
pub struct Format {
    /// Every field the document may hold, `version` included: any other is refused, so that a
    /// document this code did not write is not half-read.
    pub fields: &'static [&'static str],
    /// The versions read (the one written among them).
    pub versions: &'static [u64],
    /// The longest text read, refused before it is parsed so that a huge text cannot make a
    /// huge JSON tree; `None` reads any length (the saved game has never had a bound, and a
    /// document written before must still load).
    pub max_len: Option<usize>,
}

impl Format {
    /// The JSON of `text`, if it is no longer than the format reads.
    pub fn parse(&self, text: &str) -> Result<Value, DocumentError> {
        if let Some(limit) = self.max_len
            && text.len() > limit
        {
            return Err(DocumentError::TooLong { length: text.len(), limit });
        }
        serde_json::from_str(text).map_err(|e| DocumentError::NotJson(e.to_string()))
    }

    /// `value`'s fields, if it is an object holding only the format's fields and a version it
    /// reads. Unknown fields are refused before the version is looked at, as every document has
    /// always been read.
    pub fn read<'a>(&self, value: &'a Value) -> Result<Fields<'a>, DocumentError> {
        let fields = Fields::of(value, self.fields)?;
        let found = fields.value("version")?.as_u64();
        if !found.is_some_and(|v| self.versions.contains(&v)) {
            return Err(DocumentError::UnknownVersion { found, read: self.versions });
        }
        Ok(fields)
    }
}

/// The fields of a document's object (or of an object inside it), each read as its type.
#[derive(Clone, Copy, Debug)]
pub struct Fields<'a> {
    object: &'a Map<String, Value>,
}

impl<'a> Fields<'a> {
    /// `value` as an object holding no field but `names`.
    fn of(value: &'a Value, names: &[&str]) -> Result<Fields<'a>, DocumentError> {
        let object = value.as_object().ok_or(DocumentError::NotAnObject)?;
        if let Some(unknown) = object.keys().find(|k| !names.contains(&k.as_str())) {
            return Err(DocumentError::UnknownField(excerpt(unknown)));
        }
        Ok(Fields { object })
    }

    /// The field `name` as it is, which must be there.
    pub fn value(&self, name: &'static str) -> Result<&'a Value, DocumentError> {
        self.object.get(name).ok_or(DocumentError::MissingField(name))
    }

    /// The field `name`, which must be there and be a `T`.
    pub fn get<T: Field<'a>>(&self, name: &'static str) -> Result<T, DocumentError> {
        T::from_value(self.value(name)?).ok_or(DocumentError::BadField(name))
    }

    /// The field `name`: `None` when it is absent or `null` (as serde reads an `Option`), else
    /// it must be a `T`.
    pub fn optional<T: Field<'a>>(&self, name: &'static str) -> Result<Option<T>, DocumentError> {
        match self.object.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(value) => T::from_value(value).map(Some).ok_or(DocumentError::BadField(name)),
        }
    }

    /// The field `name`, an object holding no field but `names`.
    pub fn object(&self, name: &'static str, names: &[&str]) -> Result<Fields<'a>, DocumentError> {
        let value = self.value(name)?;
        if !value.is_object() {
            return Err(DocumentError::BadField(name));
        }
        Fields::of(value, names)
    }

    /// The field `name` read by `T`'s serde implementation: for a nested shape a derive already
    /// describes (the coach's mistakes), read exactly as that derive reads it.
    pub fn deserialize<T: DeserializeOwned>(&self, name: &'static str) -> Result<T, DocumentError> {
        T::deserialize(self.value(name)?).map_err(|_| DocumentError::BadField(name))
    }
}

/// A type a field can be read as: `None` when the value is not one.
pub trait Field<'a>: Sized {
    fn from_value(value: &'a Value) -> Option<Self>;
}

impl<'a> Field<'a> for &'a Value {
    fn from_value(value: &'a Value) -> Option<Self> {
        Some(value)
    }
}

impl Field<'_> for bool {
    fn from_value(value: &Value) -> Option<Self> {
        value.as_bool()
    }
}

/// A whole number: not negative, not written with a fraction or an exponent.
impl Field<'_> for u64 {
    fn from_value(value: &Value) -> Option<Self> {
        value.as_u64()
    }
}

impl Field<'_> for u32 {
    fn from_value(value: &Value) -> Option<Self> {
        value.as_u64().and_then(|n| u32::try_from(n).ok())
    }
}

impl Field<'_> for usize {
    fn from_value(value: &Value) -> Option<Self> {
        value.as_u64().and_then(|n| usize::try_from(n).ok())
    }
}

impl<'a> Field<'a> for &'a str {
    fn from_value(value: &'a Value) -> Option<Self> {
        value.as_str()
    }
}

impl<'a> Field<'a> for &'a [Value] {
    fn from_value(value: &'a Value) -> Option<Self> {
        value.as_array().map(Vec::as_slice)
    }
}

/// Why a text is not the document its [`Format`] declares. A reason quotes the document only as
/// an [`excerpt`], never whole (a field's name can be megabytes long).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DocumentError {
    /// Longer than `limit` bytes: not parsed.
    TooLong {
        length: usize,
        limit: usize,
    },
    /// Not JSON at all.
    NotJson(String),
    /// JSON, but not an object.
    NotAnObject,
    /// A version not read: the one found if it is a whole number (anything else is not
    /// repeated), and those read.
    UnknownVersion {
        found: Option<u64>,
        read: &'static [u64],
    },
    MissingField(&'static str),
    /// A field the format does not hold (its name cut short).
    UnknownField(String),
    /// A field that is not what it must be: of another type, or out of its range.
    BadField(&'static str),
}

impl fmt::Display for DocumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DocumentError::TooLong { length, limit } => write!(f, "{length} bytes; at most {limit} are read"),
            DocumentError::NotJson(why) => write!(f, "not JSON: {why}"),
            DocumentError::NotAnObject => write!(f, "not a JSON object"),
            DocumentError::UnknownVersion { found, read } => {
                match found {
                    Some(v) => write!(f, "version {v}")?,
                    None => write!(f, "a version that is not a number")?,
                }
                let read: Vec<String> = read.iter().map(u64::to_string).collect();
                let plural = if read.len() == 1 { "" } else { "s" };
                write!(f, "; this game reads version{plural} {}", read.join(" and "))
            }
            DocumentError::MissingField(name) => write!(f, "no `{name}`"),
            DocumentError::UnknownField(name) => write!(f, "an unknown field `{name}`"),
            DocumentError::BadField(name) => write!(f, "`{name}` is not valid"),
        }
    }
}

impl std::error::Error for DocumentError {}

/// The most characters of a document's own text that a reason repeats.
const EXCERPT_CHARS: usize = 32;

/// `text` cut to `EXCERPT_CHARS`, marked when cut: a reason quotes a document, never copies it.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}
