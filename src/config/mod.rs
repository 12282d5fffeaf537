//! Engine configuration below the front ends: every option as one row of one table.
//!
//! The UCI `uci`/`setoption` commands, the CLI's `--set NAME=VALUE`, and the lab's
//! configuration strings (`plain+chessmaps+tt`, `MoveChains=on`) all go through this module,
//! so `bench`, `experiment`, `match` and a GUI speak one vocabulary and share one set of
//! error messages ([`ConfigError`]).
//!
//! Three kinds of names:
//!
//! * **Options** ([`OPTIONS`]): those a GUI user expects (`Hash`, `Threads`, `MultiPV`,
//!   ...) and the papers' switches (`Evaluator`, `Search`, `TranspositionTable`, `Ordering`,
//!   `Pruning`, `MoveChains`). A row has a name, a UCI kind (check/spin/combo/button), how to
//!   read the current value (the declared default is that value in
//!   [`EngineOptions::default`]) and how to apply a checked value. Adding an on/off option is
//!   one row here plus the code that uses it.
//! * **Tunables** ([`tunables`]): every search parameter as `search.<name>` and every
//!   parameter of every evaluator family as `<family>.<name>` (`tsvetkov.mobility`). They are
//!   declared as UCI `spin`s with a range (see [`Tunable`] for the rule) but listed on `uci`
//!   only when the engine runs with `--tunables`, for SPSA tuners; `setoption` and `--set`
//!   accept them always. A fractional parameter is a spin in thousandths (`value 300` =
//!   0.3); a value written with a decimal point is read as the number itself (`value 0.3`).
//! * **Presets** ([`PRESETS`]): the lab's tokens (`plain`, `chessmaps`, `mc`, `pruning`, ...),
//!   each a fixed list of option assignments; a configuration string joins tokens with `+`
//!   and applies them left to right, and any token `NAME=VALUE` is an option assignment.
//!
//! Names are matched case-insensitively; values of options are checked against the row's
//! kind before anything changes, so a rejected `setoption` leaves every value as it was.

use std::fmt;
use std::time::Duration;

use crate::eval::params::{ParamError, ParamSet};
use crate::eval::{AnyEvaluator, Evaluator};
mod presets;
mod tunables;

pub use presets::{presets_help, Preset, PLAIN, PRESETS};
pub use tunables::{tunable, tunables, Tunable, REAL_SCALE};

use crate::search::{
    strength, Algorithm, OrderingScheme, PruningScheme, SearchConfig, TranspositionTable,
};

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
    UnknownToken(String),
    /// An opening book that cannot be used.
    Book(String),
    /// An evaluator parameter file that cannot be used.
    EvalFile(String),
    /// An action library that cannot be used.
    Library(String),
    /// Tablebase directories with no table.
    Syzygy(String),
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
                choices.join(", ")
            ),
            ConfigError::Param(e) => write!(f, "{e}"),
            ConfigError::Book(e)
            | ConfigError::Library(e)
            | ConfigError::EvalFile(e)
            | ConfigError::Syzygy(e) => f.write_str(e),
            ConfigError::NotAnAssignment(t) => write!(f, "'{t}': expected NAME=VALUE"),
            ConfigError::UnknownToken(t) => write!(
                f,
                "unknown configuration token '{t}' (presets: {}; or NAME=VALUE)",
                PRESETS
                    .iter()
                    .map(|p| p.name)
                    .collect::<Vec<_>>()
                    .join(", ")
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

/// How a row applies a value checked against its [`Kind`] (a unit test checks that every
/// row's setter fits its kind).
#[derive(Clone, Copy)]
pub enum Setter {
    /// A spin's value.
    Int(fn(&mut EngineOptions, i64)),
    /// A check's value.
    Flag(fn(&mut EngineOptions, bool)),
    /// A combo's value, as spelt in its choices.
    Choice(fn(&mut EngineOptions, &'static str)),
    /// A string's value (its setter may refuse it: a book file that cannot be read).
    Text(fn(&mut EngineOptions, &str) -> Result<(), ConfigError>),
    /// A button: what pressing it asks of the engine.
    Press(Effect),
}

/// One engine option: its name, UCI kind, current value and how a value applies.
pub struct OptionRow {
    /// The UCI name.
    pub name: &'static str,
    /// Type and range.
    pub kind: Kind,
    /// The current value as UCI text (the declared default is this on the default options).
    pub get: fn(&EngineOptions) -> String,
    /// Applies a value checked against `kind`.
    pub set: Setter,
}

/// Largest `Threads`.
pub const MAX_THREADS: i64 = 256;
/// Largest `MultiPV`.
pub const MAX_MULTIPV: i64 = 256;
/// Largest `Move Overhead`, ms.
pub const MAX_MOVE_OVERHEAD_MS: i64 = 10_000;

const ORDERINGS: &[&str] = &["default", "chessmaps"];
const PRUNINGS: &[&str] = &["off", "rules"];
const ON_OFF: &[&str] = &["off", "on"];
const BOOKS: &[&str] = &["off", "cbr", "polyglot"];

/// Every option shown on `uci`, in the order shown.
pub const OPTIONS: &[OptionRow] = &[
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
        name: "Evaluator",
        kind: Kind::Combo(AnyEvaluator::NAMES),
        get: |o| o.evaluator_name.clone(),
        set: Setter::Choice(|o, v| o.select_evaluator(v)),
    },
    OptionRow {
        name: "EvalFile",
        kind: Kind::String,
        get: |o| o.eval_file.clone(),
        set: Setter::Text(|o, v| o.load_eval_file(v)),
    },
    OptionRow {
        name: "Search",
        kind: Kind::Combo(&Algorithm::NAMES),
        get: |o| o.search.algorithm.to_string(),
        set: Setter::Choice(|o, v| {
            o.search.algorithm = v.parse().expect("every choice is an algorithm name")
        }),
    },
    OptionRow {
        name: "TranspositionTable",
        kind: Kind::Check,
        get: |o| o.search.use_tt.to_string(),
        set: Setter::Flag(|o, v| o.search.use_tt = v),
    },
    OptionRow {
        name: "Ordering",
        kind: Kind::Combo(ORDERINGS),
        get: |o| ORDERINGS[(o.search.ordering == OrderingScheme::Chessmaps) as usize].to_string(),
        set: Setter::Choice(|o, v| {
            o.search.ordering = match v {
                "chessmaps" => OrderingScheme::Chessmaps,
                _ => OrderingScheme::Default,
            };
        }),
    },
    OptionRow {
        name: "Pruning",
        kind: Kind::Combo(PRUNINGS),
        get: |o| PRUNINGS[(o.search.pruning == PruningScheme::Rules) as usize].to_string(),
        set: Setter::Choice(|o, v| {
            o.search.pruning = match v {
                "rules" => PruningScheme::Rules,
                _ => PruningScheme::Off,
            };
        }),
    },
    OptionRow {
        name: "MoveChains",
        kind: Kind::Combo(ON_OFF),
        get: |o| ON_OFF[o.search.move_chains as usize].to_string(),
        set: Setter::Choice(|o, v| o.search.move_chains = v == "on"),
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
        name: "OwnBook",
        kind: Kind::Check,
        get: |o| o.own_book.to_string(),
        set: Setter::Flag(|o, v| o.own_book = v),
    },
    OptionRow {
        name: "Book",
        kind: Kind::Combo(BOOKS),
        get: |o| o.book_kind.to_string(),
        set: Setter::Choice(|o, v| o.book_kind = v),
    },
    OptionRow {
        name: "BookFile",
        kind: Kind::String,
        get: |o| o.book_file.clone(),
        set: Setter::Text(|o, v| o.load_book_file(v)),
    },
    OptionRow {
        name: "BookDepth",
        kind: Kind::Spin { min: 0, max: 1000 },
        get: |o| o.book_depth.to_string(),
        set: Setter::Int(|o, v| o.book_depth = v as usize),
    },
    OptionRow {
        name: "BookVariety",
        kind: Kind::Check,
        get: |o| o.book_variety.to_string(),
        set: Setter::Flag(|o, v| o.book_variety = v),
    },
    OptionRow {
        name: "BookSorted",
        kind: Kind::Check,
        get: |o| o.cbr.sort_by_length.to_string(),
        set: Setter::Flag(|o, v| o.cbr.sort_by_length = v),
    },
    OptionRow {
        name: "BookPaperChoices",
        kind: Kind::Check,
        get: |o| o.cbr.paper_choices.to_string(),
        set: Setter::Flag(|o, v| o.cbr.paper_choices = v),
    },
    OptionRow {
        name: "BookMaxDistance",
        kind: Kind::Spin {
            min: 0,
            max: crate::book::cbr::NO_DISTANCE_LIMIT as i64,
        },
        get: |o| {
            o.cbr
                .max_distance
                .unwrap_or(crate::book::cbr::NO_DISTANCE_LIMIT)
                .to_string()
        },
        set: Setter::Int(|o, v| {
            o.cbr.max_distance =
                (v < crate::book::cbr::NO_DISTANCE_LIMIT as i64).then_some(v as u32)
        }),
    },
    OptionRow {
        name: "BookCases",
        kind: Kind::Spin {
            min: 0,
            max: 100_000,
        },
        get: |o| o.book_cases.to_string(),
        set: Setter::Int(|o, v| o.set_book_cases(v as usize)),
    },
    OptionRow {
        name: "ActionLibrary",
        kind: Kind::String,
        get: |o| o.action_file.clone(),
        set: Setter::Text(|o, v| o.load_library(v)),
    },
    OptionRow {
        name: "ActionSimilarity",
        kind: Kind::Spin { min: 0, max: 100 },
        get: |o| o.action_similarity.to_string(),
        set: Setter::Int(|o, v| o.action_similarity = v as u32),
    },
    OptionRow {
        name: "ActionLearn",
        kind: Kind::Check,
        get: |o| o.action_learn.to_string(),
        set: Setter::Flag(|o, v| o.action_learn = v),
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
fn check_value(name: &str, kind: Kind, text: Option<&str>) -> Result<Value, ConfigError> {
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
    /// The search's settings: `Threads`, `Move Overhead`, `MultiPV`, `Search`,
    /// `TranspositionTable`, `Ordering`, `Pruning`, `MoveChains`, `MaxDepth`, `UCI_ShowWDL` and
    /// the `search.*` tunables are read and written here by their rows. Its `evaluator`,
    /// `strength`, `book` and `library` are not used: [`EngineOptions::search_config`] fills
    /// them from the options that choose them (the selected evaluator family, `UCI_Elo`, the
    /// book and library options).
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
    /// One evaluator per family (`tsvetkov`, `material`, ...), with its own parameters, so
    /// switching `Evaluator` back and forth does not lose them.
    pub evaluators: Vec<(&'static str, AnyEvaluator)>,
    /// Index of the selected family.
    pub selected: usize,
    /// The `Evaluator` value last selected (a family or a `family:variant`).
    pub evaluator_name: String,
    /// `EvalFile`: the last parameter file loaded into the selected evaluator, as given.
    pub eval_file: String,
    /// `OwnBook`: use the book selected by `Book`.
    pub own_book: bool,
    /// `Book`: `off`, `cbr` (paper 000's case-based retrieval) or `polyglot` (`BookFile`).
    pub book_kind: &'static str,
    /// `BookFile`: the Polyglot book's path, as given.
    pub book_file: String,
    /// The Polyglot book loaded from `BookFile`.
    pub polyglot: Option<std::sync::Arc<crate::book::polyglot::PolyglotBook>>,
    /// `BookDepth`: plies of the game the book is used for.
    pub book_depth: usize,
    /// `BookVariety`: weighted random book moves instead of the heaviest.
    pub book_variety: bool,
    /// `BookSorted`, `BookPaperChoices`, `BookMaxDistance` (64 = no limit, the paper): the
    /// case-based book's retrieval settings.
    pub cbr: crate::book::cbr::CbrSettings,
    /// `BookCases`: the size of the seeded sample of ECO lines the case-based book uses
    /// (0 = all 3,807; 500 = the paper's case base).
    pub book_cases: usize,
    /// The case base of `Book=cbr`: every ECO line, or the `BookCases` sample.
    pub cases: std::sync::Arc<crate::book::cbr::CaseBase>,
    /// `ActionLibrary`: the action library's path, as given (empty: no library).
    pub action_file: String,
    /// The library loaded from `ActionLibrary`, with the cases it learned in play.
    pub library: Option<std::sync::Arc<crate::library::ActionLibrary>>,
    /// `ActionSimilarity`: the similarity degree in percent (0: the action filter only).
    pub action_similarity: u32,
    /// `ActionLearn`: write learned cases to the file at `ucinewgame` and `quit`.
    pub action_learn: bool,
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
        let evaluators: Vec<(&'static str, AnyEvaluator)> = AnyEvaluator::NAMES
            .iter()
            .filter(|n| !n.contains(':'))
            .map(|&n| (n, AnyEvaluator::by_name(n).expect("NAMES are valid")))
            .collect();
        let mut options = EngineOptions {
            hash_mb: 16,
            search: SearchConfig::default(),
            ponder: false,
            limit_strength: false,
            chess960: false,
            elo: strength::DEFAULT_ELO,
            evaluators,
            selected: 0,
            evaluator_name: String::new(),
            eval_file: String::new(),
            own_book: false,
            book_kind: "cbr",
            book_file: String::new(),
            polyglot: None,
            book_depth: crate::book::DEFAULT_BOOK_DEPTH,
            book_variety: false,
            cbr: crate::book::cbr::CbrSettings::default(),
            book_cases: 0,
            cases: crate::book::ECO_CASES.clone(),
            action_file: String::new(),
            library: None,
            action_similarity: (crate::library::DEFAULT_SIMILARITY * 100.0) as u32,
            action_learn: false,
            syzygy_path: String::new(),
            tablebase: None,
            syzygy_probe_depth: 1,
            syzygy_probe_limit: 7,
            syzygy_rule50: true,
        };
        // The `tsvetkov` family starts with its fitted weights (the papers' experiments'
        // evaluator), then the evaluator for play is selected.
        options.select_evaluator("tsvetkov:tuned");
        options.select_evaluator(AnyEvaluator::DEFAULT_NAME);
        options
    }
}

impl EngineOptions {
    /// The selected evaluator.
    pub fn evaluator(&self) -> &AnyEvaluator {
        &self.evaluators[self.selected].1
    }

    /// The selected evaluator, to load parameters into.
    pub fn evaluator_mut(&mut self) -> &mut AnyEvaluator {
        &mut self.evaluators[self.selected].1
    }

    /// Selects evaluator `name` (one of [`AnyEvaluator::NAMES`]): a family keeps its current
    /// parameter values; a `family:variant` loads all of the variant's values into the family.
    fn select_evaluator(&mut self, name: &'static str) {
        let family = name.split(':').next().unwrap_or_default();
        let index = self
            .evaluators
            .iter()
            .position(|(n, _)| *n == family)
            .expect("every evaluator name starts with a family");
        if family != name {
            self.evaluators[index].1 = AnyEvaluator::by_name(name).expect("a listed name");
        }
        self.selected = index;
        self.evaluator_name = name.to_string();
    }

    /// The search configuration these options describe.
    pub fn search_config(&self) -> SearchConfig {
        SearchConfig {
            evaluator: self.evaluator().clone(),
            strength: self
                .limit_strength
                .then(|| strength::Strength::new(self.elo)),
            book: self.book_hook(),
            library: self.library.clone().map(|library| {
                crate::search::Hook(std::sync::Arc::new(crate::library::LibrarySource {
                    library,
                    degree: Some(self.action_similarity as f64 / 100.0),
                })
                    as std::sync::Arc<dyn crate::search::RootFilter>)
            }),
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

    /// The book the search asks first, when `OwnBook` is on.
    fn book_hook(&self) -> Option<crate::search::BookHook> {
        use std::sync::Arc;
        if !self.own_book {
            return None;
        }
        let source: Arc<dyn crate::search::OpeningBook> = match self.book_kind {
            "cbr" => Arc::new(crate::book::CbrSource {
                base: self.cases.clone(),
                settings: self.cbr,
                max_ply: self.book_depth,
            }),
            "polyglot" => Arc::new(crate::book::PolyglotSource {
                book: self.polyglot.clone()?,
                variety: self.book_variety,
                max_ply: self.book_depth,
                draws: Default::default(),
            }),
            _ => return None,
        };
        Some(crate::search::Hook(source))
    }

    /// `ActionLibrary`: reads an action library (an empty path unloads it). A library that
    /// cannot be read leaves the current one in place.
    fn load_library(&mut self, path: &str) -> Result<(), ConfigError> {
        let path = path.trim();
        if path.is_empty() {
            self.action_file.clear();
            self.library = None;
            return Ok(());
        }
        let library = crate::library::ActionLibrary::load(std::path::Path::new(path))
            .map_err(|e| ConfigError::Library(e.to_string()))?;
        self.action_file = path.to_string();
        self.library = Some(std::sync::Arc::new(library));
        Ok(())
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
            return Err(ConfigError::Syzygy(format!(
                "no Syzygy WDL table (.rtbw) found in '{path}'"
            )));
        }
        self.syzygy_path = path.to_string();
        self.tablebase = Some(std::sync::Arc::new(tables));
        Ok(())
    }

    /// With `ActionLearn` and a library: writes the cases it learned to its file (`None`:
    /// nothing to do).
    pub fn save_library(&self) -> Option<Result<usize, crate::library::file::LibraryError>> {
        let library = self.library.as_ref().filter(|_| self.action_learn)?;
        Some(library.save_learned(std::path::Path::new(&self.action_file)))
    }

    /// `BookCases`: every ECO line (0) or a sample of `n` of them, seeded with
    /// [`crate::book::cbr::CASE_SAMPLE_SEED`] (the default seed of `--cases`).
    fn set_book_cases(&mut self, n: usize) {
        self.book_cases = n;
        self.cases = if n == 0 {
            crate::book::ECO_CASES.clone()
        } else {
            std::sync::Arc::new(
                crate::book::cbr::CaseBase::clone(&crate::book::ECO_CASES)
                    .sample(n, crate::book::cbr::CASE_SAMPLE_SEED),
            )
        };
    }

    /// `EvalFile`: loads a `name = value` parameter file (as `tune` writes) into the selected
    /// evaluator — all of it or, on any bad line, none of it. An empty path only forgets the
    /// name; `Evaluator` set afterwards selects that evaluator's own values again.
    fn load_eval_file(&mut self, path: &str) -> Result<(), ConfigError> {
        let path = path.trim();
        if path.is_empty() {
            self.eval_file.clear();
            return Ok(());
        }
        let text = std::fs::read_to_string(path)
            .map_err(|e| ConfigError::EvalFile(format!("cannot read {path}: {e}")))?;
        crate::eval::params::load_text(self.evaluator_mut().params_mut(), &text)
            .map_err(|e| ConfigError::EvalFile(format!("{path}: {e}")))?;
        self.eval_file = path.to_string();
        Ok(())
    }

    /// `BookFile`: reads a Polyglot book (an empty path unloads it).
    fn load_book_file(&mut self, path: &str) -> Result<(), ConfigError> {
        let path = path.trim();
        if path.is_empty() {
            self.book_file.clear();
            self.polyglot = None;
            return Ok(());
        }
        let book = crate::book::polyglot::PolyglotBook::load(std::path::Path::new(path))
            .map_err(|e| ConfigError::Book(e.to_string()))?;
        self.book_file = path.to_string();
        self.polyglot = Some(std::sync::Arc::new(book));
        Ok(())
    }

    /// The `option ...` lines answering `uci`: the [`OPTIONS`], and with `tunables` every
    /// [`Tunable`] too.
    pub fn declarations(tunables: bool) -> Vec<String> {
        let defaults = EngineOptions::default();
        let mut out: Vec<String> = OPTIONS
            .iter()
            .map(|row| declaration(row.name, row.kind, &(row.get)(&defaults)))
            .collect();
        if tunables {
            out.extend(self::tunables().iter().map(Tunable::declaration));
        }
        out
    }

    /// Applies `setoption name <name> [value <value>]` (or `--set name=value`): an option or a
    /// tunable. Nothing changes when the value is refused.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, ConfigError> {
        let key = name.trim();
        if let Some(row) = OPTIONS.iter().find(|r| r.name.eq_ignore_ascii_case(key)) {
            match (row.set, check_value(row.name, row.kind, value)?) {
                (Setter::Int(set), Value::Int(v)) => set(self, v),
                (Setter::Flag(set), Value::Bool(b)) => set(self, b),
                (Setter::Choice(set), Value::Choice(c)) => set(self, c),
                (Setter::Text(set), Value::Text(t)) => set(self, &t)?,
                (Setter::Press(effect), Value::Press) => return Ok(effect),
                _ => unreachable!("every row's setter fits its kind (tested)"),
            }
            return Ok(Effect::None);
        }
        let tunable = tunable(key).ok_or_else(|| ConfigError::UnknownOption(key.to_string()))?;
        let text = value.ok_or_else(|| ConfigError::MissingValue(key.to_string()))?;
        let v = tunable.parse(text.trim())?;
        self.params_mut(&tunable.group)
            .set(&tunable.param, v)
            .map_err(ConfigError::Param)?;
        Ok(Effect::None)
    }

    /// The current value of an option or tunable, as UCI text.
    pub fn get(&self, name: &str) -> Option<String> {
        let key = name.trim();
        if let Some(row) = OPTIONS.iter().find(|r| r.name.eq_ignore_ascii_case(key)) {
            return Some((row.get)(self));
        }
        let t = tunable(key)?;
        let v = self.params(&t.group).get(&t.param)?;
        Some(t.to_uci(v))
    }

    /// Applies a `NAME=VALUE` assignment.
    pub fn assign(&mut self, assignment: &str) -> Result<Effect, ConfigError> {
        let (name, value) = assignment
            .split_once('=')
            .ok_or_else(|| ConfigError::NotAnAssignment(assignment.to_string()))?;
        self.set(name.trim(), Some(value.trim()))
    }

    /// Applies one configuration token: a preset name or `NAME=VALUE`.
    pub fn apply_token(&mut self, token: &str) -> Result<(), ConfigError> {
        let token = token.trim();
        if let Some(preset) = PRESETS.iter().find(|p| p.name.eq_ignore_ascii_case(token)) {
            return preset.apply(self);
        }
        if token.contains('=') {
            return self.assign(token).map(|_| ());
        }
        Err(ConfigError::UnknownToken(token.to_string()))
    }

    /// The options a configuration string describes: the defaults, then each of `sets`
    /// (`NAME=VALUE` or preset tokens applied to every configuration first), then the `+`-joined
    /// tokens of `spec` left to right.
    pub fn from_spec(spec: &str, sets: &[String]) -> Result<EngineOptions, ConfigError> {
        let mut options = EngineOptions::default();
        for assignment in sets {
            options.apply_token(assignment)?;
        }
        for token in spec.split('+') {
            options
                .apply_token(token)
                .map_err(|e| ConfigError::InConfiguration {
                    spec: spec.to_string(),
                    error: Box::new(e),
                })?;
        }
        Ok(options)
    }

    fn params(&self, group: &str) -> &dyn ParamSet {
        if group == "search" {
            return &self.search.params;
        }
        let (_, e) = self
            .evaluators
            .iter()
            .find(|(family, _)| *family == group)
            .expect("tunable groups are search or an evaluator family");
        e.params()
    }

    fn params_mut(&mut self, group: &str) -> &mut dyn ParamSet {
        if group == "search" {
            return &mut self.search.params;
        }
        let (_, e) = self
            .evaluators
            .iter_mut()
            .find(|(family, _)| *family == group)
            .expect("tunable groups are search or an evaluator family");
        e.params_mut()
    }
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
fn declaration(name: &str, kind: Kind, default: &str) -> String {
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
    use crate::eval::Evaluator;

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
        assert!(o.set("Search", Some("alphabeta+tt")).is_ok());
        assert_eq!(o.search.algorithm, Algorithm::AlphaBetaTt);
        assert!(matches!(
            o.set("Search", Some("dfs")),
            Err(ConfigError::NotAChoice { .. })
        ));
        assert!(matches!(
            o.set("Nonsense", Some("1")),
            Err(ConfigError::UnknownOption(_))
        ));
        assert!(matches!(
            o.set("Ponder", None),
            Err(ConfigError::MissingValue(_))
        ));
        assert!(o.set("Evaluator", Some("material")).is_ok());
        assert_eq!(o.evaluator().name(), "material");
        // A preset selects its family and loads the paper's weights.
        o.set("Evaluator", Some("weighted:pruning")).unwrap();
        assert_eq!(o.evaluator().params().get("c_pos"), Some(0.3));
        o.set("Evaluator", Some("weighted")).unwrap();
        assert_eq!(
            o.evaluator().params().get("c_pos"),
            Some(0.3),
            "the family keeps its values"
        );
        assert!(o.set("Evaluator", Some("weighted:random")).is_err());
        // Play defaults to `full`; the `tsvetkov` family holds paper 004's evaluator with its
        // fitted weights, and `tsvetkov:paper` loads the paper's into it.
        let mut o = EngineOptions::default();
        assert_eq!(o.evaluator().name(), "full");
        o.set("full.passed_eg_5", Some("120")).unwrap();
        assert_eq!(o.evaluator().params().get("passed_eg_5"), Some(120.0));
        let paper = AnyEvaluator::by_name("tsvetkov:paper").unwrap();
        let tuned = AnyEvaluator::by_name("tsvetkov:tuned").unwrap();
        o.set("Evaluator", Some("tsvetkov")).unwrap();
        assert_eq!(o.evaluator().params().entries(), tuned.params().entries());
        o.set("tsvetkov.mobility", Some("7")).unwrap();
        o.set("Evaluator", Some("tsvetkov:paper")).unwrap();
        assert_eq!(o.evaluator().params().entries(), paper.params().entries());
        assert_ne!(paper.params().entries(), tuned.params().entries());
    }

    #[test]
    fn every_row_setter_fits_its_kind() {
        for row in OPTIONS {
            let fits = matches!(
                (row.kind, row.set),
                (Kind::Spin { .. }, Setter::Int(_))
                    | (Kind::Check, Setter::Flag(_))
                    | (Kind::Combo(_), Setter::Choice(_))
                    | (Kind::String, Setter::Text(_))
                    | (Kind::Button, Setter::Press(_))
            );
            assert!(fits, "{}", row.name);
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
    fn an_eval_file_loads_into_the_selected_evaluator_all_or_nothing() {
        use crate::eval::Evaluator;
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
        // It loads into the evaluator selected at the time: `tsvetkov` has no `tempo_mg`.
        o.set("Evaluator", Some("tsvetkov:paper")).unwrap();
        assert!(o.set("EvalFile", Some(good.to_str().unwrap())).is_err());
        o.set("Evaluator", Some("full")).unwrap();
        assert_eq!(tempo(&o), 77.0, "full keeps its loaded values");
        assert_ne!(before, 77.0);
        let _ = std::fs::remove_file(good);
        let _ = std::fs::remove_file(bad);
    }

    #[test]
    fn the_uci_list_shows_a_dozen_options_and_tunables_on_request() {
        let shown = EngineOptions::declarations(false);
        assert_eq!(shown.len(), OPTIONS.len());
        assert!(
            shown.len() <= 34,
            "the standard dozen, the papers' switches, MaxDepth, UCI_ShowWDL, UCI_Chess960, \
             UCI_LimitStrength/UCI_Elo, the evaluator's parameter file, the book, the \
             action library and the four Syzygy options"
        );
        let strings: Vec<&String> = shown.iter().filter(|d| d.contains("type string")).collect();
        assert_eq!(
            strings,
            [
                "option name EvalFile type string default <empty>",
                "option name BookFile type string default <empty>",
                "option name ActionLibrary type string default <empty>",
                "option name SyzygyPath type string default <empty>"
            ]
        );
        let all = EngineOptions::declarations(true);
        assert_eq!(all.len(), OPTIONS.len() + tunables().len());
        assert_eq!(all.iter().filter(|d| d.contains("type string")).count(), 4);
        assert!(all.contains(&"option name Hash type spin default 16 min 1 max 65536".into()));
        assert!(all
            .contains(&"option name search.rfp_margin type spin default 83 min 0 max 1000".into()));
        assert!(all.contains(
            &"option name weighted.c_pos type spin default 974 min -9026 max 10974".into()
        ));
        assert!(all.contains(
            &"option name weighted.one_sided_positioning type check default false".into()
        ));
    }

    #[test]
    fn tunables_are_options_by_name_with_ranges_and_scaling() {
        let mut o = EngineOptions::default();
        o.set("search.rfp_margin", Some("90")).unwrap();
        assert_eq!(o.search.params.rfp_margin, 90);
        assert!(matches!(
            o.set("search.rfp_margin", Some("-5")),
            Err(ConfigError::OutOfRange { .. })
        ));
        o.set("material.queen", Some("950")).unwrap();
        let (_, material) = o.evaluators.iter().find(|(n, _)| *n == "material").unwrap();
        assert_eq!(material.params().get("queen"), Some(950.0));
        assert!(o.set("material.queen", Some("9.5")).is_err());
        assert!(o.set("material.dragon", Some("1")).is_err());
        // Fractions: thousandths, or the number itself when written with a decimal point.
        o.set("weighted.c_pos", Some("300")).unwrap();
        assert_eq!(o.get("weighted.c_pos").as_deref(), Some("300"));
        o.set("Weighted.C_Pos", Some("0.02")).unwrap();
        assert_eq!(o.get("weighted.c_pos").as_deref(), Some("20"));
        assert!(o.set("weighted.c_pos", Some("1e400")).is_err());
        o.set("weighted.one_sided_positioning", Some("true"))
            .unwrap();
        assert!(o.set("weighted.one_sided_positioning", Some("2")).is_err());
    }

    #[test]
    fn configuration_strings_apply_presets_and_assignments_in_order() {
        let c = search_config("chessmaps", &[]).unwrap();
        assert_eq!(
            (c.ordering, c.use_tt, c.move_chains),
            (OrderingScheme::Chessmaps, false, false)
        );
        assert!(search_config("chessmaps+tt", &[]).unwrap().use_tt);
        let c = search_config("chessmaps+mc", &[]).unwrap();
        assert!(!c.use_tt && c.move_chains);
        assert_eq!(
            search_config("alphabeta+tt", &[]).unwrap().algorithm,
            Algorithm::AlphaBetaTt
        );
        assert_eq!(
            search_config("alphabeta+tt+nott", &[]).unwrap().algorithm,
            Algorithm::AlphaBeta
        );
        let c = search_config("pruning", &[]).unwrap();
        assert_eq!(c.pruning, PruningScheme::Rules);
        assert_eq!(c.evaluator.params().get("c_pos"), Some(0.3));
        let c = search_config(
            "default+search.rfp_margin=70",
            &["Evaluator=material".into()],
        )
        .unwrap();
        assert_eq!(c.params.rfp_margin, 70);
        assert_eq!(c.evaluator.name(), "material");
        let p = search_config("plain", &[]).unwrap();
        assert_eq!((p.params.lmp_max_depth, p.params.nmp_min_depth), (0, 1000));
    }

    #[test]
    fn bad_tokens_are_typed_errors_naming_the_configuration() {
        let e = search_config("chessmap", &[]).unwrap_err();
        assert!(matches!(
            &e,
            ConfigError::InConfiguration { error, .. } if matches!(**error, ConfigError::UnknownToken(_))
        ));
        assert!(e
            .to_string()
            .starts_with("configuration 'chessmap': unknown"));
        assert!(search_config("default+Hash=lots", &[]).is_err());
        assert!(search_config("default", &["nonsense".into()]).is_err());
        let mut o = EngineOptions::default();
        assert_eq!(
            o.assign("Hash"),
            Err(ConfigError::NotAnAssignment("Hash".into()))
        );
    }
}
