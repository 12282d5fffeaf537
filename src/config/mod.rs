//! Engine configuration below the front ends: every option as one row of one table.
//!
//! The UCI `uci`/`setoption` commands and the command line's `--set NAME=VALUE` go through
//! this module, so `bench`, `epd` and a GUI speak one vocabulary and share one set of error
//! messages ([`ConfigError`]). The lab's configuration (`chainmate-lab`) builds on it: its
//! options wrap [`EngineOptions`], add rows of their own ([`OptionRow`] is generic over the
//! options it sets) and implement [`Options`], the face the UCI loop and the commands see.
//!
//! Two kinds of names:
//!
//! * **Options** ([`OPTIONS`]): those a GUI user expects (`Hash`, `Threads`, `MultiPV`, the
//!   `Syzygy*` options, ...). A row has a name, a UCI kind (check/spin/combo/string/button),
//!   how to read the current value (the declared default is that value in
//!   [`EngineOptions::default`]) and how to apply a checked value. Adding an option is one
//!   row here plus the code that uses it.
//! * **Tunables** ([`tunables`]): every search parameter as `search.<name>` and every weight
//!   of the evaluator as `full.<name>`. They are declared as UCI `spin`s with a range (see
//!   [`Tunable`] for the rule) but listed on `uci` only when the engine runs with
//!   `--tunables`, for SPSA tuners; `setoption` and `--set` accept them always.
//!
//! Names are matched case-insensitively; values of options are checked against the row's
//! kind before anything changes, so a rejected `setoption` leaves every value as it was.

use std::fmt;
use std::time::Duration;

use crate::eval::full::Full;
use crate::eval::params::{ParamError, ParamSet};
use crate::eval::Evaluator;
mod tunables;

pub use tunables::{
    load_params_text, tunable, tunables, RangeRule, Tunable, TunableList, REAL_SCALE,
};

use crate::search::{strength, Extension, NoExtension, SearchConfig, TranspositionTable};

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

/// How a row applies a value checked against its [`Kind`] to the options `O` (a unit test
/// checks that every row's setter fits its kind).
pub enum Setter<O> {
    /// A spin's value.
    Int(fn(&mut O, i64)),
    /// A check's value.
    Flag(fn(&mut O, bool)),
    /// A combo's value, as spelt in its choices.
    Choice(fn(&mut O, &'static str)),
    /// A string's value (its setter may refuse it: a file that cannot be read).
    Text(fn(&mut O, &str) -> Result<(), ConfigError>),
    /// A button: what pressing it asks of the engine.
    Press(Effect),
}

// By hand: a derive would ask `O: Copy`.
impl<O> Clone for Setter<O> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<O> Copy for Setter<O> {}

/// One option of the options `O`: its name, UCI kind, current value and how a value applies.
pub struct OptionRow<O> {
    /// The UCI name.
    pub name: &'static str,
    /// Type and range.
    pub kind: Kind,
    /// The current value as UCI text (the declared default is this on the default options).
    pub get: fn(&O) -> String,
    /// Applies a value checked against `kind`.
    pub set: Setter<O>,
}

impl<O> OptionRow<O> {
    /// The `option name ...` line declaring this row with the value `options` hold.
    pub fn declaration(&self, options: &O) -> String {
        declaration(self.name, self.kind, &(self.get)(options))
    }

    /// Checks `value` against the row's kind and applies it; nothing changes on an error.
    pub fn apply(&self, options: &mut O, value: Option<&str>) -> Result<Effect, ConfigError> {
        match (self.set, check_value(self.name, self.kind, value)?) {
            (Setter::Int(set), Value::Int(v)) => set(options, v),
            (Setter::Flag(set), Value::Bool(b)) => set(options, b),
            (Setter::Choice(set), Value::Choice(c)) => set(options, c),
            (Setter::Text(set), Value::Text(t)) => set(options, &t)?,
            (Setter::Press(effect), Value::Press) => return Ok(effect),
            _ => unreachable!("every row's setter fits its kind (tested)"),
        }
        Ok(Effect::None)
    }

    /// Whether the row's setter fits its kind (what [`OptionRow::apply`] relies on).
    pub fn fits(&self) -> bool {
        matches!(
            (self.kind, self.set),
            (Kind::Spin { .. }, Setter::Int(_))
                | (Kind::Check, Setter::Flag(_))
                | (Kind::Combo(_), Setter::Choice(_))
                | (Kind::String, Setter::Text(_))
                | (Kind::Button, Setter::Press(_))
        )
    }
}

/// The row of `rows` called `name` (case-insensitive).
pub fn find_row<'r, O>(rows: &'r [OptionRow<O>], name: &str) -> Option<&'r OptionRow<O>> {
    rows.iter()
        .find(|r| r.name.eq_ignore_ascii_case(name.trim()))
}

/// Options the UCI loop and the commands can use: the engine's own ([`EngineOptions`]), or
/// the lab's, which wrap them and search with their own [`Extension`].
pub trait Options: Default + Send + Sync + 'static {
    /// The extension the searches these options configure are built with.
    type Ext: Extension;
    /// The name `uci` answers with (`id name`).
    const ENGINE_NAME: &'static str;
    /// The engine's options inside these (hash size, threads, tablebases, ...).
    fn engine(&self) -> &EngineOptions;
    /// The same, to change them.
    fn engine_mut(&mut self) -> &mut EngineOptions;
    /// The `option ...` lines answering `uci` (with `tunables`, every tunable too).
    fn declarations(tunables: bool) -> Vec<String>;
    /// Applies `setoption name <name> [value <value>]` (or `--set name=value`); nothing
    /// changes when the value is refused.
    fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, ConfigError>;
    /// The current value of an option or tunable, as UCI text.
    fn get(&self, name: &str) -> Option<String>;
    /// The search configuration the options describe.
    fn search_config(&self) -> SearchConfig<Self::Ext>;
    /// The evaluator a search would use (the UCI `eval` command explains it).
    fn evaluator(&self) -> &dyn Evaluator;
    /// Called at `ucinewgame` and `quit`: whatever the options must write out, with a line
    /// for the GUI (`None`: nothing to say).
    fn end_game(&self) -> Option<String> {
        None
    }
}

/// Largest `Threads`.
pub const MAX_THREADS: i64 = 256;
/// Largest `MultiPV`.
pub const MAX_MULTIPV: i64 = 256;
/// Largest `Move Overhead`, ms.
pub const MAX_MOVE_OVERHEAD_MS: i64 = 10_000;

/// Every option shown on `uci`, in the order shown.
pub const OPTIONS: &[OptionRow<EngineOptions>] = &[
    OptionRow {
        name: "Hash",
        kind: Kind::Spin {
            min: 1,
            max: TranspositionTable::MAX_MB as i64,
        },
        get: |o| o.hash_mb.to_string(),
        set: Setter::Int(|o, v| o.hash_mb = v as usize),
    },
    OptionRow {
        name: "Threads",
        kind: Kind::Spin {
            min: 1,
            max: MAX_THREADS,
        },
        get: |o| o.search.threads.to_string(),
        set: Setter::Int(|o, v| o.search.threads = v as usize),
    },
    OptionRow {
        name: "Clear Hash",
        kind: Kind::Button,
        get: |_| String::new(),
        set: Setter::Press(Effect::ClearHash),
    },
    OptionRow {
        name: "Move Overhead",
        kind: Kind::Spin {
            min: 0,
            max: MAX_MOVE_OVERHEAD_MS,
        },
        get: |o| o.search.move_overhead.as_millis().to_string(),
        set: Setter::Int(|o, v| o.search.move_overhead = Duration::from_millis(v as u64)),
    },
    OptionRow {
        name: "MultiPV",
        kind: Kind::Spin {
            min: 1,
            max: MAX_MULTIPV,
        },
        get: |o| o.search.multipv.to_string(),
        set: Setter::Int(|o, v| o.search.multipv = v as usize),
    },
    OptionRow {
        name: "Ponder",
        kind: Kind::Check,
        get: |o| o.ponder.to_string(),
        set: Setter::Flag(|o, v| o.ponder = v),
    },
    OptionRow {
        name: "EvalFile",
        kind: Kind::String,
        get: |o| o.eval_file.clone(),
        set: Setter::Text(|o, v| o.load_eval_file(v)),
    },
    OptionRow {
        name: "MaxDepth",
        kind: Kind::Spin { min: 0, max: 128 },
        get: |o| o.search.max_depth.to_string(),
        set: Setter::Int(|o, v| o.search.max_depth = v as i32),
    },
    OptionRow {
        name: "UCI_ShowWDL",
        kind: Kind::Check,
        get: |o| o.search.show_wdl.to_string(),
        set: Setter::Flag(|o, v| o.search.show_wdl = v),
    },
    OptionRow {
        name: "UCI_Chess960",
        kind: Kind::Check,
        get: |o| o.chess960.to_string(),
        set: Setter::Flag(|o, v| o.chess960 = v),
    },
    OptionRow {
        name: "UCI_LimitStrength",
        kind: Kind::Check,
        get: |o| o.limit_strength.to_string(),
        set: Setter::Flag(|o, v| o.limit_strength = v),
    },
    OptionRow {
        name: "UCI_Elo",
        kind: Kind::Spin {
            min: strength::MIN_ELO,
            max: strength::MAX_ELO,
        },
        get: |o| o.elo.to_string(),
        set: Setter::Int(|o, v| o.elo = v),
    },
    OptionRow {
        name: "SyzygyPath",
        kind: Kind::String,
        get: |o| o.syzygy_path.clone(),
        set: Setter::Text(|o, v| o.load_syzygy(v)),
    },
    OptionRow {
        name: "SyzygyProbeDepth",
        kind: Kind::Spin { min: 1, max: 100 },
        get: |o| o.syzygy_probe_depth.to_string(),
        set: Setter::Int(|o, v| o.syzygy_probe_depth = v as i32),
    },
    OptionRow {
        name: "SyzygyProbeLimit",
        kind: Kind::Spin { min: 0, max: 7 },
        get: |o| o.syzygy_probe_limit.to_string(),
        set: Setter::Int(|o, v| o.syzygy_probe_limit = v as usize),
    },
    OptionRow {
        name: "Syzygy50MoveRule",
        kind: Kind::Check,
        get: |o| o.syzygy_rule50.to_string(),
        set: Setter::Flag(|o, v| o.syzygy_rule50 = v),
    },
];

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

fn parse_bool(name: &str, text: &str) -> Result<bool, ConfigError> {
    match text.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(ConfigError::NotABool {
            name: name.to_string(),
            value: text.to_string(),
        }),
    }
}

fn in_range(name: &str, text: &str, v: i64, min: i64, max: i64) -> Result<i64, ConfigError> {
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

/// The option values: what `setoption` changes and [`EngineOptions::search_config`] reads.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// `Hash`, MiB.
    pub hash_mb: usize,
    /// The search's settings: `Threads`, `Move Overhead`, `MultiPV`, `MaxDepth`,
    /// `UCI_ShowWDL`, the evaluator's weights (`EvalFile`, the `full.*` tunables) and the
    /// `search.*` tunables are read and written here by their rows. Its `strength` and
    /// `syzygy` are not used: [`EngineOptions::search_config`] fills them from the options
    /// that choose them (`UCI_LimitStrength`/`UCI_Elo`, the `Syzygy*` options).
    pub search: SearchConfig,
    /// `Ponder` (informational: the GUI decides whether to ponder).
    pub ponder: bool,
    /// `UCI_LimitStrength`: play at `UCI_Elo` ([`crate::search::strength`]).
    pub limit_strength: bool,
    /// `UCI_Chess960`: castling moves read and written as king takes rook (`e1h1`). Chess960
    /// positions themselves are accepted either way (X-FEN and Shredder-FEN are always read).
    pub chess960: bool,
    /// `UCI_Elo`.
    pub elo: i64,
    /// `EvalFile`: the last parameter file loaded into the evaluator, as given.
    pub eval_file: String,
    /// `SyzygyPath`: the tablebase directories, as given (empty: none).
    pub syzygy_path: String,
    /// The tables found in `SyzygyPath`.
    pub tablebase: Option<std::sync::Arc<crate::tb::Tablebase>>,
    /// `SyzygyProbeDepth`, `SyzygyProbeLimit`, `Syzygy50MoveRule`
    /// ([`crate::search::syzygy::Syzygy`]).
    pub syzygy_probe_depth: i32,
    /// See `syzygy_probe_depth`.
    pub syzygy_probe_limit: usize,
    /// See `syzygy_probe_depth`.
    pub syzygy_rule50: bool,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mb: 16,
            search: SearchConfig::default(),
            ponder: false,
            limit_strength: false,
            chess960: false,
            elo: strength::DEFAULT_ELO,
            eval_file: String::new(),
            syzygy_path: String::new(),
            tablebase: None,
            syzygy_probe_depth: 1,
            syzygy_probe_limit: 7,
            syzygy_rule50: true,
        }
    }
}

impl EngineOptions {
    /// The evaluator.
    pub fn evaluator(&self) -> &Full {
        &self.search.evaluator
    }

    /// The search configuration these options describe.
    pub fn search_config(&self) -> SearchConfig {
        SearchConfig {
            strength: self
                .limit_strength
                .then(|| strength::Strength::new(self.elo)),
            syzygy: self
                .tablebase
                .clone()
                .map(|tables| crate::search::syzygy::Syzygy {
                    tables,
                    probe_depth: self.syzygy_probe_depth,
                    probe_limit: self.syzygy_probe_limit,
                    rule50: self.syzygy_rule50,
                }),
            ..self.search.clone()
        }
    }

    /// `SyzygyPath`: finds the tables in the directories given (`:`-separated, `;` on
    /// Windows; empty or `<empty>` unloads them). A path with no table leaves the current
    /// tables in place and says so.
    fn load_syzygy(&mut self, path: &str) -> Result<(), ConfigError> {
        let path = path.trim();
        if path.is_empty() || path == "<empty>" {
            self.syzygy_path.clear();
            self.tablebase = None;
            return Ok(());
        }
        let tables = crate::tb::Tablebase::open(path);
        if tables.is_empty() {
            return Err(ConfigError::Unusable(format!(
                "no Syzygy WDL table (.rtbw) found in '{path}'"
            )));
        }
        self.syzygy_path = path.to_string();
        self.tablebase = Some(std::sync::Arc::new(tables));
        Ok(())
    }

    /// `EvalFile`: loads a `name = value` parameter file (as `tune` writes) into the
    /// evaluator — all of it or, on any bad line, none of it. An empty path only forgets the
    /// name.
    fn load_eval_file(&mut self, path: &str) -> Result<(), ConfigError> {
        let path = path.trim();
        if path.is_empty() {
            self.eval_file.clear();
            return Ok(());
        }
        load_params_file(self.search.evaluator.params_mut(), FULL, path, &tunable)?;
        self.eval_file = path.to_string();
        Ok(())
    }

    /// The `option ...` lines answering `uci`: the [`OPTIONS`], and with `tunables` every
    /// [`Tunable`] too.
    pub fn declarations(tunables: bool) -> Vec<String> {
        let defaults = EngineOptions::default();
        let mut out: Vec<String> = OPTIONS.iter().map(|r| r.declaration(&defaults)).collect();
        if tunables {
            out.extend(self::tunables().iter().map(Tunable::declaration));
        }
        out
    }

    /// Applies `setoption name <name> [value <value>]` (or `--set name=value`): an option or a
    /// tunable. Nothing changes when the value is refused.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, ConfigError> {
        if let Some(row) = find_row(OPTIONS, name) {
            return row.apply(self, value);
        }
        let key = name.trim();
        let tunable = tunable(key).ok_or_else(|| ConfigError::UnknownOption(key.to_string()))?;
        let v = tunable.parse_value(value)?;
        self.params_mut(&tunable.group)
            .set(&tunable.param, v)
            .map_err(ConfigError::Param)?;
        Ok(Effect::None)
    }

    /// The current value of an option or tunable, as UCI text.
    pub fn get(&self, name: &str) -> Option<String> {
        if let Some(row) = find_row(OPTIONS, name) {
            return Some((row.get)(self));
        }
        let t = tunable(name.trim())?;
        let v = self.params(&t.group).get(&t.param)?;
        Some(t.to_uci(v))
    }

    /// Applies a `NAME=VALUE` assignment.
    pub fn assign(&mut self, assignment: &str) -> Result<Effect, ConfigError> {
        let (name, value) = split_assignment(assignment)?;
        self.set(name, Some(value))
    }

    /// Applies one configuration token: `NAME=VALUE`, or `default` (and the empty token),
    /// which change nothing.
    pub fn apply_token(&mut self, token: &str) -> Result<(), ConfigError> {
        let token = token.trim();
        if token.is_empty() || token.eq_ignore_ascii_case("default") {
            return Ok(());
        }
        if token.contains('=') {
            return self.assign(token).map(|_| ());
        }
        Err(ConfigError::UnknownToken {
            token: token.to_string(),
            presets: vec!["default"],
        })
    }

    /// The options a configuration string describes: the defaults, then each of `sets`, then
    /// the `+`-joined tokens of `spec` left to right.
    pub fn from_spec(spec: &str, sets: &[String]) -> Result<EngineOptions, ConfigError> {
        let mut options = EngineOptions::default();
        apply_spec(&mut options, spec, sets, EngineOptions::apply_token)?;
        Ok(options)
    }

    fn params(&self, group: &str) -> &dyn ParamSet {
        match group {
            "search" => &self.search.params,
            _ => self.search.evaluator.params(),
        }
    }

    fn params_mut(&mut self, group: &str) -> &mut dyn ParamSet {
        match group {
            "search" => &mut self.search.params,
            _ => self.search.evaluator.params_mut(),
        }
    }
}

impl Options for EngineOptions {
    type Ext = NoExtension;
    const ENGINE_NAME: &'static str = "chainmate";
    fn engine(&self) -> &EngineOptions {
        self
    }
    fn engine_mut(&mut self) -> &mut EngineOptions {
        self
    }
    fn declarations(tunables: bool) -> Vec<String> {
        EngineOptions::declarations(tunables)
    }
    fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, ConfigError> {
        EngineOptions::set(self, name, value)
    }
    fn get(&self, name: &str) -> Option<String> {
        EngineOptions::get(self, name)
    }
    fn search_config(&self) -> SearchConfig {
        EngineOptions::search_config(self)
    }
    fn evaluator(&self) -> &dyn Evaluator {
        &self.search.evaluator
    }
}

/// Splits `NAME=VALUE` (both trimmed).
pub fn split_assignment(assignment: &str) -> Result<(&str, &str), ConfigError> {
    let (name, value) = assignment
        .split_once('=')
        .ok_or_else(|| ConfigError::NotAnAssignment(assignment.to_string()))?;
    Ok((name.trim(), value.trim()))
}

/// Applies each of `sets`, then the `+`-joined tokens of `spec`, to `options` with `apply`
/// (an error in `spec` names the whole configuration).
pub fn apply_spec<O>(
    options: &mut O,
    spec: &str,
    sets: &[String],
    apply: impl Fn(&mut O, &str) -> Result<(), ConfigError>,
) -> Result<(), ConfigError> {
    for assignment in sets {
        apply(options, assignment)?;
    }
    for token in spec.split('+') {
        apply(options, token).map_err(|e| ConfigError::InConfiguration {
            spec: spec.to_string(),
            error: Box::new(e),
        })?;
    }
    Ok(())
}

/// The tunable group of the engine's evaluator, `full`.
pub const FULL: &str = "full";

/// Loads a `name = value` parameter file into `params`, the parameters of evaluator family
/// `group`, all of it or nothing (see [`load_params_text`]).
pub fn load_params_file(
    params: &mut dyn ParamSet,
    group: &str,
    path: &str,
    tunable: &dyn Fn(&str) -> Option<&'static Tunable>,
) -> Result<(), ConfigError> {
    let (text, _) = crate::formats::read_text(std::path::Path::new(path))
        .map_err(|e| ConfigError::Unusable(format!("cannot read {path}: {e}")))?;
    load_params_text(params, group, &text, tunable)
        .map_err(|e| ConfigError::Unusable(format!("{path}: {e}")))
}

/// The search configuration of a configuration string (see [`EngineOptions::from_spec`]),
/// with one search thread.
pub fn search_config(spec: &str, sets: &[String]) -> Result<SearchConfig, ConfigError> {
    let options = EngineOptions::from_spec(spec, sets)?;
    Ok(SearchConfig {
        threads: 1,
        ..options.search_config()
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_options_validate_their_values() {
        let mut o = EngineOptions::default();
        assert_eq!(o.set("Hash", Some("64")), Ok(Effect::None));
        assert_eq!(o.hash_mb, 64);
        assert!(matches!(
            o.set("Hash", Some("0")),
            Err(ConfigError::OutOfRange { .. })
        ));
        assert!(matches!(
            o.set("Hash", Some("lots")),
            Err(ConfigError::NotANumber { .. })
        ));
        assert_eq!(o.hash_mb, 64, "a rejected value changes nothing");
        assert_eq!(o.set("clear hash", None), Ok(Effect::ClearHash));
        assert!(matches!(
            o.set("Nonsense", Some("1")),
            Err(ConfigError::UnknownOption(_))
        ));
        assert!(matches!(
            o.set("Ponder", None),
            Err(ConfigError::MissingValue(_))
        ));
        assert!(matches!(
            o.set("Ponder", Some("maybe")),
            Err(ConfigError::NotABool { .. })
        ));
        o.set("full.passed_eg_5", Some("120")).unwrap();
        assert_eq!(o.evaluator().params().get("passed_eg_5"), Some(120.0));
        assert!(matches!(
            o.set("full.passed_eg_5", None),
            Err(ConfigError::MissingValue(_))
        ));
    }

    #[test]
    fn every_row_setter_fits_its_kind() {
        for row in OPTIONS {
            assert!(row.fits(), "{}", row.name);
        }
    }

    #[test]
    fn declared_defaults_are_the_default_values() {
        // Applying every declared default to the default options changes nothing.
        let defaults = EngineOptions::default();
        let mut o = EngineOptions::default();
        for row in OPTIONS.iter().filter(|r| r.kind != Kind::Button) {
            o.set(row.name, Some(&(row.get)(&defaults))).unwrap();
        }
        for t in tunables() {
            o.set(&t.name, Some(&t.to_uci(t.default))).unwrap();
            assert_eq!(o.get(&t.name), defaults.get(&t.name), "{}", t.name);
        }
        assert_eq!(
            format!("{:?}", o.search_config()),
            format!("{:?}", defaults.search_config())
        );
    }

    #[test]
    fn an_eval_file_loads_into_the_evaluator_all_or_nothing() {
        let dir = std::env::temp_dir();
        let good = dir.join(format!(
            "chainmate-evalfile-{}-good.txt",
            std::process::id()
        ));
        let bad = dir.join(format!("chainmate-evalfile-{}-bad.txt", std::process::id()));
        std::fs::write(&good, "# a fit\ntempo_mg = 77\ntempo_eg = 5\n").unwrap();
        std::fs::write(&bad, "tempo_mg = 12\nno_such_weight = 3\n").unwrap();
        let mut o = EngineOptions::default();
        let tempo = |o: &EngineOptions| o.evaluator().params().get("tempo_mg").unwrap();
        let before = tempo(&o);
        o.set("EvalFile", Some(good.to_str().unwrap())).unwrap();
        assert_eq!(tempo(&o), 77.0);
        assert_eq!(o.get("EvalFile").as_deref(), good.to_str());
        // The searches the options configure use it.
        let config = o.search_config();
        assert_eq!(config.evaluator.params().get("tempo_eg"), Some(5.0));
        // A bad file changes nothing and says why.
        let err = o.set("EvalFile", Some(bad.to_str().unwrap())).unwrap_err();
        assert!(err.to_string().contains("no_such_weight"), "{err}");
        assert_eq!(tempo(&o), 77.0);
        let err = o.set("EvalFile", Some("/nonexistent/fit.txt")).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("cannot read /nonexistent/fit.txt"),
            "{err}"
        );
        assert_ne!(before, 77.0);
        let _ = std::fs::remove_file(good);
        let _ = std::fs::remove_file(bad);
    }

    #[test]
    fn the_uci_list_shows_the_standard_options_and_tunables_on_request() {
        let shown = EngineOptions::declarations(false);
        assert_eq!(shown.len(), OPTIONS.len());
        let strings: Vec<&String> = shown.iter().filter(|d| d.contains("type string")).collect();
        assert_eq!(
            strings,
            [
                "option name EvalFile type string default <empty>",
                "option name SyzygyPath type string default <empty>"
            ]
        );
        let all = EngineOptions::declarations(true);
        assert_eq!(all.len(), OPTIONS.len() + tunables().len());
        assert!(all.contains(&"option name Hash type spin default 16 min 1 max 65536".into()));
        assert!(all
            .contains(&"option name search.rfp_margin type spin default 83 min 0 max 1000".into()));
        assert!(all
            .iter()
            .any(|d| d.starts_with("option name full.tempo_mg type spin")));
    }

    #[test]
    fn tunables_are_options_by_name_with_ranges() {
        let mut o = EngineOptions::default();
        o.set("search.rfp_margin", Some("90")).unwrap();
        assert_eq!(o.search.params.rfp_margin, 90);
        assert_eq!(o.get("SEARCH.RFP_MARGIN").as_deref(), Some("90"));
        assert!(matches!(
            o.set("search.rfp_margin", Some("-5")),
            Err(ConfigError::OutOfRange { .. })
        ));
        assert!(o.set("search.rfp_margin", Some("9.5")).is_err());
        assert!(o.set("search.dragon", Some("1")).is_err());
        assert!(o.set("full.tempo_mg", Some("1e400")).is_err());
    }

    #[test]
    fn configuration_strings_apply_assignments_in_order() {
        let c = search_config(
            "default+search.rfp_margin=70+search.rfp_margin=71",
            &["search.lmp_base=5".into()],
        )
        .unwrap();
        assert_eq!((c.params.rfp_margin, c.params.lmp_base), (71, 5));
        assert_eq!(c.threads, 1);
    }

    #[test]
    fn bad_tokens_are_typed_errors_naming_the_configuration() {
        let e = search_config("chessmaps", &[]).unwrap_err();
        assert!(matches!(
            &e,
            ConfigError::InConfiguration { error, .. } if matches!(**error, ConfigError::UnknownToken { .. })
        ));
        assert!(e
            .to_string()
            .starts_with("configuration 'chessmaps': unknown"));
        assert!(search_config("default+Hash=lots", &[]).is_err());
        assert!(search_config("default", &["nonsense".into()]).is_err());
        let mut o = EngineOptions::default();
        assert_eq!(
            o.assign("Hash"),
            Err(ConfigError::NotAnAssignment("Hash".into()))
        );
    }
}
