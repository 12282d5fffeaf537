//! One option as a row of a table: its name, its current value, and its [`Control`] — the
//! UCI type with its range or choices and the setter of that type's value — and the checks a
//! value passes before anything changes.

use super::error::ConfigError;

/// What a successful setting asks the engine to do besides remembering the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing more.
    None,
    /// Clear the hash table.
    ClearHash,
}

/// A UCI option type, with its range or choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `true` / `false`.
    Check,
    /// A whole number in `min..=max`.
    Spin {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// One of a fixed list of words.
    Combo(&'static [&'static str]),
    /// Free text.
    String,
    /// An action without a value.
    Button,
}

/// A value checked against its row's [`Kind`].
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A check's value.
    Bool(bool),
    /// A spin's value.
    Int(i64),
    /// A combo's value, as spelt in the choices.
    Choice(&'static str),
    /// A string's value.
    Text(String),
    /// A button press.
    Press,
}

/// An option's UCI type with its range or choices, and how a value of that type applies to
/// the options `O`: one value per kind, so that a row cannot pair a kind with a setter of
/// another ([`Kind`] is the type alone, [`Control::kind`]).
pub enum Control<O> {
    /// `true` / `false`.
    Check(fn(&mut O, bool)),
    /// A whole number in `min..=max`.
    Spin {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
        /// Applies a value in range.
        set: fn(&mut O, i64),
    },
    /// One of a fixed list of words, applied as spelt in the list.
    Combo(&'static [&'static str], fn(&mut O, &'static str)),
    /// Free text (its setter may refuse it: a file that cannot be read).
    String(fn(&mut O, &str) -> Result<(), ConfigError>),
    /// An action without a value: what pressing it asks of the engine.
    Button(Effect),
}

// By hand: a derive would ask `O: Copy`.
impl<O> Clone for Control<O> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<O> Copy for Control<O> {}

impl<O> Control<O> {
    /// The UCI type with its range or choices.
    pub fn kind(&self) -> Kind {
        match *self {
            Control::Check(_) => Kind::Check,
            Control::Spin { min, max, .. } => Kind::Spin { min, max },
            Control::Combo(choices, _) => Kind::Combo(choices),
            Control::String(_) => Kind::String,
            Control::Button(_) => Kind::Button,
        }
    }
}

/// One option of the options `O`: its name, current value and control.
pub struct OptionRow<O> {
    /// The UCI name.
    pub name: &'static str,
    /// The current value as UCI text (the declared default is this on the default options).
    pub get: fn(&O) -> String,
    /// Its type and how a value applies.
    pub control: Control<O>,
}

impl<O> OptionRow<O> {
    /// The UCI type with its range or choices.
    pub fn kind(&self) -> Kind {
        self.control.kind()
    }

    /// The `option name ...` line declaring this row with the value `options` hold.
    pub fn declaration(&self, options: &O) -> String {
        declaration(self.name, self.kind(), &(self.get)(options))
    }

    /// Checks `value` against the row's kind and applies it; nothing changes on an error.
    pub fn apply(&self, options: &mut O, value: Option<&str>) -> Result<Effect, ConfigError> {
        let value = check_value(self.name, self.kind(), value)?;
        match (self.control, value) {
            (Control::Spin { set, .. }, Value::Int(v)) => set(options, v),
            (Control::Check(set), Value::Bool(b)) => set(options, b),
            (Control::Combo(_, set), Value::Choice(c)) => set(options, c),
            (Control::String(set), Value::Text(t)) => set(options, &t)?,
            (Control::Button(effect), _) => return Ok(effect),
            // check_value gives each kind its own value.
            _ => {}
        }
        Ok(Effect::None)
    }
}

/// The row of `rows` called `name` (case-insensitive).
pub fn find_row<'r, O>(rows: &'r [OptionRow<O>], name: &str) -> Option<&'r OptionRow<O>> {
    rows.iter()
        .find(|r| r.name.eq_ignore_ascii_case(name.trim()))
}

/// Checks `text` against `kind`; `name` is for the error message.
pub fn check_value(name: &str, kind: Kind, text: Option<&str>) -> Result<Value, ConfigError> {
    if kind == Kind::Button {
        return Ok(Value::Press);
    }
    let text = text.ok_or_else(|| ConfigError::MissingValue(name.to_string()))?;
    let trimmed = text.trim();
    match kind {
        Kind::Check => parse_bool(name, trimmed).map(Value::Bool),
        Kind::Spin { min, max } => {
            let v: i64 = trimmed.parse().map_err(|_| ConfigError::NotANumber {
                name: name.to_string(),
                value: trimmed.to_string(),
            })?;
            in_range(name, trimmed, v, min, max).map(Value::Int)
        }
        Kind::Combo(choices) => choices
            .iter()
            .find(|c| c.eq_ignore_ascii_case(trimmed))
            .map(|c| Value::Choice(c))
            .ok_or_else(|| ConfigError::NotAChoice {
                name: name.to_string(),
                value: trimmed.to_string(),
                choices: choices.iter().map(|c| c.to_string()).collect(),
            }),
        Kind::String if trimmed == "<empty>" => Ok(Value::Text(String::new())),
        Kind::String => Ok(Value::Text(text.to_string())),
        Kind::Button => unreachable!("handled above"),
    }
}

pub(super) fn parse_bool(name: &str, text: &str) -> Result<bool, ConfigError> {
    match text.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(ConfigError::NotABool {
            name: name.to_string(),
            value: text.to_string(),
        }),
    }
}

pub(super) fn in_range(
    name: &str,
    text: &str,
    v: i64,
    min: i64,
    max: i64,
) -> Result<i64, ConfigError> {
    if (min..=max).contains(&v) {
        Ok(v)
    } else {
        Err(ConfigError::OutOfRange {
            name: name.to_string(),
            value: text.to_string(),
            min,
            max,
        })
    }
}

/// The `option name ...` line of an option.
pub fn declaration(name: &str, kind: Kind, default: &str) -> String {
    match kind {
        Kind::Check => format!("option name {name} type check default {default}"),
        Kind::Spin { min, max } => {
            format!("option name {name} type spin default {default} min {min} max {max}")
        }
        Kind::Combo(choices) => format!(
            "option name {name} type combo default {default} {}",
            choices
                .iter()
                .map(|c| format!("var {c}"))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        // UCI has no way to write an empty default; GUIs use `<empty>`.
        Kind::String if default.is_empty() => {
            format!("option name {name} type string default <empty>")
        }
        Kind::String => format!("option name {name} type string default {default}"),
        Kind::Button => format!("option name {name} type button"),
    }
}
