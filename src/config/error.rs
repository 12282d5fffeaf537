//! Why a setting was refused: one error for every option, tunable and configuration string.

use std::fmt;

use crate::eval::param_set::ParamError;

/// Why a setting was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum ConfigError {
    /// No option, tunable or preset has this name.
    UnknownOption(String),
    /// The option takes a value and none was given.
    MissingValue(String),
    /// A spin's value is not a whole number (or a tunable's not a number).
    NotANumber {
        /// Option name.
        name: String,
        /// The text given.
        value: String,
    },
    /// A spin's value is outside its range.
    OutOfRange {
        /// Option name.
        name: String,
        /// The text given.
        value: String,
        /// Smallest value accepted (as declared: thousandths for fractional tunables).
        min: i64,
        /// Largest value accepted.
        max: i64,
    },
    /// A check's value is not `true` or `false`.
    NotABool {
        /// Option name.
        name: String,
        /// The text given.
        value: String,
    },
    /// A combo's value is not one of its choices.
    NotAChoice {
        /// Option name.
        name: String,
        /// The text given.
        value: String,
        /// The choices.
        choices: Vec<String>,
    },
    /// An evaluator refused a parameter value.
    Param(ParamError),
    /// A `--set` or configuration token that is not `NAME=VALUE`.
    NotAnAssignment(String),
    /// A configuration token that is neither a preset nor `NAME=VALUE`.
    UnknownToken {
        /// The token.
        token: String,
        /// The presets that would have been accepted (none for the engine's own options).
        presets: Vec<&'static str>,
    },
    /// A file or directory an option names that cannot be used (a parameter file, tablebase
    /// directories, the lab's books and libraries): the message says why.
    Unusable(String),
    /// An error inside a configuration string, with the string for context.
    InConfiguration {
        /// The whole configuration string.
        spec: String,
        /// What went wrong.
        error: Box<ConfigError>,
    },
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::UnknownOption(n) => write!(f, "unknown option '{n}'"),
            ConfigError::MissingValue(n) => write!(f, "option '{n}' needs a value"),
            ConfigError::NotANumber { name, value } => {
                write!(f, "option '{name}': '{value}' is not a number")
            }
            ConfigError::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(f, "option '{name}': {value} is outside {min}..{max}"),
            ConfigError::NotABool { name, value } => {
                write!(f, "option '{name}': '{value}' is not true or false")
            }
            ConfigError::NotAChoice {
                name,
                value,
                choices,
            } => write!(
                f,
                "option '{name}': '{value}' is not one of {}",
                crate::text::name_list(choices)
            ),
            ConfigError::Param(e) => write!(f, "{e}"),
            ConfigError::Unusable(e) => f.write_str(e),
            ConfigError::NotAnAssignment(t) => write!(f, "'{t}': expected NAME=VALUE"),
            ConfigError::UnknownToken { token, presets }
                if presets.iter().all(|p| p.trim().is_empty()) =>
            {
                write!(
                    f,
                    "unknown configuration token '{token}' (expected NAME=VALUE)"
                )
            }
            ConfigError::UnknownToken { token, presets } => write!(
                f,
                "unknown configuration token '{token}' (presets: {}; or NAME=VALUE)",
                crate::text::name_list(presets)
            ),
            ConfigError::InConfiguration { spec, error } => {
                write!(f, "configuration '{spec}': {error}")
            }
        }
    }
}

impl std::error::Error for ConfigError {}
