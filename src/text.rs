//! Text the commands print: counts with their nouns ("1 position", "2 positions") and JSON
//! objects for `--json` (written by hand: a few flat objects do not need a serialiser).
//!
//! The bottom layer, below `core`: it names nothing else in the crate, and every module may
//! use it.

use std::fmt::Write as _;

/// `noun` for `n` of them: `noun` itself for one, its plural otherwise (an `s`; `es` after
/// `s`, `x`, `ch`, `sh`; `ies` for a consonant and `y`).
pub fn plural<N: TryInto<u64>>(n: N, noun: &str) -> String {
    if n.try_into().ok() == Some(1) {
        return noun.to_string();
    }
    let consonant_y = noun.ends_with('y')
        && !noun
            .chars()
            .rev()
            .nth(1)
            .is_some_and(|c| "aeiou".contains(c));
    if consonant_y {
        format!("{}ies", &noun[..noun.len() - 1])
    } else if ["s", "x", "ch", "sh"].iter().any(|end| noun.ends_with(end)) {
        format!("{noun}es")
    } else {
        format!("{noun}s")
    }
}

/// `n` and its noun: "1 position", "0 positions", "3 entries".
pub fn count<N: TryInto<u64> + std::fmt::Display + Copy>(n: N, noun: &str) -> String {
    format!("{n} {}", plural(n, noun))
}

/// `n` with thousands separators: `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Names as a list for a message, `a, b, c`: blank names (an empty preset, a token that
/// changes nothing) are left out, so that a list never shows an empty entry (`a, , b`).
pub fn name_list<S: AsRef<str>>(names: impl IntoIterator<Item = S>) -> String {
    let names: Vec<String> = names
        .into_iter()
        .map(|n| n.as_ref().trim().to_string())
        .filter(|n| !n.is_empty())
        .collect();
    names.join(", ")
}

/// `s` as a JSON string literal, quotes included: `"`, `\` and control characters escaped.
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A JSON number: a finite float as written by Rust (never `NaN` or `inf`, which JSON has not:
/// those are `null`).
pub fn json_number(v: f64) -> String {
    if v.is_finite() {
        // Rust writes `0.5`, `2`, `1e21`: all valid JSON (never a bare `.5` or `5.`).
        format!("{v}")
    } else {
        "null".to_string()
    }
}

/// A JSON object built field by field, in order: `{"a":1,"b":"x"}`.
#[derive(Clone, Debug, Default)]
pub struct JsonObject {
    fields: Vec<(String, String)>,
}

impl JsonObject {
    /// An empty object.
    pub fn new() -> JsonObject {
        JsonObject::default()
    }

    /// Adds `key` with an already encoded JSON value.
    pub fn raw(mut self, key: &str, json: String) -> JsonObject {
        self.fields.push((key.to_string(), json));
        self
    }

    /// Adds a string.
    pub fn string(self, key: &str, value: &str) -> JsonObject {
        self.raw(key, json_string(value))
    }

    /// Adds an integer.
    pub fn int(self, key: &str, value: impl Into<i128>) -> JsonObject {
        self.raw(key, value.into().to_string())
    }

    /// Adds a float (`null` when not finite).
    pub fn float(self, key: &str, value: f64) -> JsonObject {
        self.raw(key, json_number(value))
    }

    /// Adds a boolean.
    pub fn boolean(self, key: &str, value: bool) -> JsonObject {
        self.raw(key, value.to_string())
    }

    /// Adds a value or `null`.
    pub fn optional(self, key: &str, value: Option<String>) -> JsonObject {
        self.raw(key, value.unwrap_or_else(|| "null".to_string()))
    }

    /// Adds an array of already encoded values.
    pub fn array(self, key: &str, items: impl IntoIterator<Item = String>) -> JsonObject {
        let items: Vec<String> = items.into_iter().collect();
        self.raw(key, format!("[{}]", items.join(",")))
    }

    /// The object as one line of JSON.
    pub fn render(&self) -> String {
        let fields: Vec<String> = self
            .fields
            .iter()
            .map(|(k, v)| format!("{}:{v}", json_string(k)))
            .collect();
        format!("{{{}}}", fields.join(","))
    }
}

impl std::fmt::Display for JsonObject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_their_number() {
        assert_eq!(count(1, "position"), "1 position");
        assert_eq!(count(0, "position"), "0 positions");
        assert_eq!(count(2, "field"), "2 fields");
        assert_eq!(count(1, "figure"), "1 figure");
        assert_eq!(count(3, "entry"), "3 entries");
        assert_eq!(count(3, "day"), "3 days");
        assert_eq!(count(2, "match"), "2 matches");
        assert_eq!(count(2, "box"), "2 boxes");
    }

    #[test]
    fn name_lists_have_no_empty_entry() {
        assert_eq!(
            name_list(["default", "pvs", "", "minimax"]),
            "default, pvs, minimax"
        );
        assert_eq!(name_list([" a ", "  ", "b"]), "a, b");
        assert_eq!(name_list(Vec::<String>::new()), "");
    }

    #[test]
    fn json_strings_escape_quotes_backslashes_and_controls() {
        assert_eq!(json_string("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(json_string("x\ny\u{1}"), r#""x\ny\u0001""#);
        assert_eq!(json_string("é"), "\"é\"");
    }

    #[test]
    fn objects_render_in_order() {
        let o = JsonObject::new()
            .string("name", "q\"")
            .int("nodes", 5u64)
            .float("score", 0.5)
            .float("bad", f64::NAN)
            .boolean("ok", true)
            .optional("none", None)
            .array("list", ["1".to_string(), "2".to_string()]);
        assert_eq!(
            o.render(),
            r#"{"name":"q\"","nodes":5,"score":0.5,"bad":null,"ok":true,"none":null,"list":[1,2]}"#
        );
    }
}
