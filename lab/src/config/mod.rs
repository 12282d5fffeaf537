//! The lab's configuration: the engine's options ([`EngineOptions`]) and the papers' own, as
//! one table, and the lab's configuration strings.
//!
//! [`LabOptions`] wraps the engine's options. Its rows ([`LAB_OPTIONS`]) add the papers'
//! switches (`Evaluator`, `Search`, `TranspositionTable`, `Ordering`, `Pruning`,
//! `MoveChains`), the books (`OwnBook`, `Book`, `BookFile`, ...) and the action library
//! (`ActionLibrary`, ...); a name that is not one of them goes to the engine's options, so
//! `Hash`, `Threads` and `search.*` mean what they mean to the engine. Tunables add each
//! paper evaluator's weights (`tsvetkov.mobility`) and the move chains' limits
//! (`chains.max_depth`) to the engine's `search.*` and `full.*`.
//!
//! **Configuration strings** join tokens with `+` and apply them left to right on the
//! defaults: a preset ([`PRESETS`]: `plain`, `chessmaps`, `mc`, `pruning`, ...) or any
//! `NAME=VALUE`. `bench`, `experiment`, `match` and `tune` name configurations this way, and
//! [`LabOptions`] implements the engine's [`Options`], so `chainmate-lab uci` offers all of it
//! to a GUI.

mod presets;

use std::sync::{Arc, LazyLock};

pub use chainmate::config::{
    check_value, declaration, find_row, ConfigError, Control, Effect, EngineOptions, Kind,
    OptionRow, Options, RangeRule, Tunable, TunableList, Value, REAL_SCALE,
};
pub use presets::{presets_help, Preset, PLAIN, PRESETS};

use chainmate::config::{apply_spec, load_params_file, split_assignment};
use chainmate::eval::param_set::ParamSet;
use chainmate::eval::Evaluator;

use crate::book::cbr::{CaseBase, CbrSettings, CASE_SAMPLE_SEED, NO_DISTANCE_LIMIT};
use crate::book::polyglot::PolyglotBook;
use crate::book::{CbrSource, PolyglotSource, DEFAULT_BOOK_DEPTH, ECO_CASES};
use crate::eval::AnyEvaluator;
use crate::library::{ActionLibrary, LibrarySource, DEFAULT_SIMILARITY};
use crate::search::{
    Algorithm, BookHook, ChainParams, Hook, Lab, OpeningBook, OrderingScheme, PruningScheme,
    RootFilter, SearchConfig,
};

/// The option values: the engine's, and what the lab's rows change.
#[derive(Clone, Debug)]
pub struct LabOptions {
    /// The engine's options (`Hash`, `Threads`, `EvalFile` of `full`, `search.*`, ...).
    pub engine: EngineOptions,
    /// The papers' switches of the search (`Search`, `TranspositionTable`, `Ordering`,
    /// `Pruning`, `MoveChains`, `chains.*`). Its `evaluator`, `book` and `library` are not
    /// used: [`LabOptions::search_config`] fills them from the options that choose them.
    pub lab: Lab,
    /// One paper evaluator per family (`tsvetkov`, `material`, `weighted`, `power`), with its
    /// own parameters, so switching `Evaluator` back and forth does not lose them.
    pub evaluators: Vec<(&'static str, AnyEvaluator)>,
    /// The selected family (`None`: the engine's `full`).
    pub selected: Option<usize>,
    /// The `Evaluator` value last selected (a family or a `family:variant`).
    pub evaluator_name: String,
    /// `EvalFile` of a paper evaluator: the last parameter file loaded into it.
    pub eval_file: String,
    /// `OwnBook`: use the book selected by `Book`.
    pub own_book: bool,
    /// `Book`: `off`, `cbr` (paper 000's case-based retrieval) or `polyglot` (`BookFile`).
    pub book_kind: &'static str,
    /// `BookFile`: the Polyglot book's path, as given.
    pub book_file: String,
    /// The Polyglot book loaded from `BookFile`.
    pub polyglot: Option<Arc<PolyglotBook>>,
    /// `BookDepth`: plies of the game the book is used for.
    pub book_depth: usize,
    /// `BookVariety`: weighted random book moves instead of the heaviest.
    pub book_variety: bool,
    /// `BookSorted`, `BookPaperChoices`, `BookMaxDistance` (64 = no limit, the paper): the
    /// case-based book's retrieval settings.
    pub cbr: CbrSettings,
    /// `BookCases`: the size of the seeded sample of ECO lines the case-based book uses
    /// (0 = all 3,807; 500 = the paper's case base).
    pub book_cases: usize,
    /// The case base of `Book=cbr`: every ECO line, or the `BookCases` sample.
    pub cases: Arc<CaseBase>,
    /// `ActionLibrary`: the action library's path, as given (empty: no library).
    pub action_file: String,
    /// The library loaded from `ActionLibrary`, with the cases it learned in play.
    pub library: Option<Arc<ActionLibrary>>,
    /// `ActionSimilarity`: the similarity degree in percent (0: the action filter only).
    pub action_similarity: u32,
    /// `ActionLearn`: write learned cases to the file at `ucinewgame` and `quit`.
    pub action_learn: bool,
}

const ORDERINGS: &[&str] = &["default", "chessmaps"];
const PRUNINGS: &[&str] = &["off", "rules"];
const ON_OFF: &[&str] = &["off", "on"];
const BOOKS: &[&str] = &["off", "cbr", "polyglot"];

/// The lab's options shown on `uci` after the engine's, in the order shown.
pub const LAB_OPTIONS: &[OptionRow<LabOptions>] = &[
    OptionRow {
        name: "Evaluator",
        get: |o| o.evaluator_name.clone(),
        control: Control::Combo(AnyEvaluator::NAMES, |o, v| o.select_evaluator(v)),
    },
    OptionRow {
        name: "EvalFile",
        get: |o| match o.selected {
            Some(_) => o.eval_file.clone(),
            None => o.engine.eval_file.clone(),
        },
        control: Control::String(|o, v| o.load_eval_file(v)),
    },
    OptionRow {
        name: "Search",
        get: |o| o.lab.algorithm.to_string(),
        control: Control::Combo(&Algorithm::NAMES, |o, v| {
            o.lab.algorithm = v.parse().expect("every choice is an algorithm name")
        }),
    },
    OptionRow {
        name: "TranspositionTable",
        get: |o| o.lab.use_tt.to_string(),
        control: Control::Check(|o, v| o.lab.use_tt = v),
    },
    OptionRow {
        name: "Ordering",
        get: |o| ORDERINGS[(o.lab.ordering == OrderingScheme::Chessmaps) as usize].to_string(),
        control: Control::Combo(ORDERINGS, |o, v| {
            o.lab.ordering = match v {
                "chessmaps" => OrderingScheme::Chessmaps,
                _ => OrderingScheme::Default,
            };
        }),
    },
    OptionRow {
        name: "Pruning",
        get: |o| PRUNINGS[(o.lab.pruning == PruningScheme::Rules) as usize].to_string(),
        control: Control::Combo(PRUNINGS, |o, v| {
            o.lab.pruning = match v {
                "rules" => PruningScheme::Rules,
                _ => PruningScheme::Off,
            };
        }),
    },
    OptionRow {
        name: "MoveChains",
        get: |o| ON_OFF[o.lab.move_chains as usize].to_string(),
        control: Control::Combo(ON_OFF, |o, v| o.lab.move_chains = v == "on"),
    },
    OptionRow {
        name: "OwnBook",
        get: |o| o.own_book.to_string(),
        control: Control::Check(|o, v| o.own_book = v),
    },
    OptionRow {
        name: "Book",
        get: |o| o.book_kind.to_string(),
        control: Control::Combo(BOOKS, |o, v| o.book_kind = v),
    },
    OptionRow {
        name: "BookFile",
        get: |o| o.book_file.clone(),
        control: Control::String(|o, v| o.load_book_file(v)),
    },
    OptionRow {
        name: "BookDepth",
        get: |o| o.book_depth.to_string(),
        control: Control::Spin {
            min: 0,
            max: 1000,
            set: |o, v| o.book_depth = v as usize,
        },
    },
    OptionRow {
        name: "BookVariety",
        get: |o| o.book_variety.to_string(),
        control: Control::Check(|o, v| o.book_variety = v),
    },
    OptionRow {
        name: "BookSorted",
        get: |o| o.cbr.sort_by_length.to_string(),
        control: Control::Check(|o, v| o.cbr.sort_by_length = v),
    },
    OptionRow {
        name: "BookPaperChoices",
        get: |o| o.cbr.paper_choices.to_string(),
        control: Control::Check(|o, v| o.cbr.paper_choices = v),
    },
    OptionRow {
        name: "BookMaxDistance",
        get: |o| o.cbr.max_distance.unwrap_or(NO_DISTANCE_LIMIT).to_string(),
        control: Control::Spin {
            min: 0,
            max: NO_DISTANCE_LIMIT as i64,
            set: |o, v| o.cbr.max_distance = (v < NO_DISTANCE_LIMIT as i64).then_some(v as u32),
        },
    },
    OptionRow {
        name: "BookCases",
        get: |o| o.book_cases.to_string(),
        control: Control::Spin {
            min: 0,
            max: 100_000,
            set: |o, v| o.set_book_cases(v as usize),
        },
    },
    OptionRow {
        name: "ActionLibrary",
        get: |o| o.action_file.clone(),
        control: Control::String(|o, v| o.load_library(v)),
    },
    OptionRow {
        name: "ActionSimilarity",
        get: |o| o.action_similarity.to_string(),
        control: Control::Spin {
            min: 0,
            max: 100,
            set: |o, v| o.action_similarity = v as u32,
        },
    },
    OptionRow {
        name: "ActionLearn",
        get: |o| o.action_learn.to_string(),
        control: Control::Check(|o, v| o.action_learn = v),
    },
];

impl Default for LabOptions {
    fn default() -> Self {
        let evaluators: Vec<(&'static str, AnyEvaluator)> = AnyEvaluator::NAMES
            .iter()
            .filter(|n| !n.contains(':') && **n != AnyEvaluator::DEFAULT_NAME)
            .map(|&n| (n, AnyEvaluator::by_name(n).expect("NAMES are valid")))
            .collect();
        let mut options = LabOptions {
            engine: EngineOptions::default(),
            lab: Lab::default(),
            evaluators,
            selected: None,
            evaluator_name: String::new(),
            eval_file: String::new(),
            own_book: false,
            book_kind: "cbr",
            book_file: String::new(),
            polyglot: None,
            book_depth: DEFAULT_BOOK_DEPTH,
            book_variety: false,
            cbr: CbrSettings::default(),
            book_cases: 0,
            cases: ECO_CASES.clone(),
            action_file: String::new(),
            library: None,
            action_similarity: (DEFAULT_SIMILARITY * 100.0) as u32,
            action_learn: false,
        };
        // The `tsvetkov` family starts with its fitted weights (the papers' experiments'
        // evaluator), then the engine's evaluator is selected.
        options.select_evaluator("tsvetkov:tuned");
        options.select_evaluator(AnyEvaluator::DEFAULT_NAME);
        options
    }
}

impl LabOptions {
    /// The selected evaluator: a paper evaluator, or the engine's `full` with its current
    /// weights.
    pub fn evaluator(&self) -> AnyEvaluator {
        match self.selected {
            Some(i) => self.evaluators[i].1.clone(),
            None => AnyEvaluator::Full(self.engine.search.evaluator.clone()),
        }
    }

    /// The selected evaluator's parameters, to load values into.
    pub fn evaluator_params_mut(&mut self) -> &mut dyn ParamSet {
        match self.selected {
            Some(i) => self.evaluators[i].1.params_mut(),
            None => self.engine.search.evaluator.params_mut(),
        }
    }

    /// The selected evaluator's family, the group of its tunables (`full`, `material`, ...).
    pub fn evaluator_family(&self) -> &'static str {
        self.selected
            .map_or(chainmate::config::FULL, |i| self.evaluators[i].0)
    }

    /// Loads a user's parameter file into the selected evaluator, as
    /// [`chainmate::config::load_params_text`] reads it: names bare or with the family
    /// (`material.queen`), values within the range `--set` accepts. All or nothing.
    pub fn load_evaluator_params(
        &mut self,
        text: &str,
    ) -> Result<(), chainmate::eval::param_set::ParamError> {
        let family = self.evaluator_family();
        chainmate::config::load_params_text(self.evaluator_params_mut(), family, text, &tunable)
    }

    /// Replaces the selected evaluator (a family's evaluator by one of that family; `full`
    /// goes to the engine's options).
    pub fn set_evaluator(&mut self, evaluator: AnyEvaluator) {
        match (self.selected, evaluator) {
            (None, AnyEvaluator::Full(full)) => self.engine.search.evaluator = full,
            (Some(i), e) => self.evaluators[i].1 = e,
            (None, e) => panic!("{} is not the engine's evaluator", e.name()),
        }
    }

    /// Selects evaluator `name` (one of [`AnyEvaluator::NAMES`]): a family keeps its current
    /// parameter values; a `family:variant` loads all of the variant's values into the family.
    fn select_evaluator(&mut self, name: &'static str) {
        let family = name.split(':').next().unwrap_or_default();
        self.selected = self.evaluators.iter().position(|(n, _)| *n == family);
        if family != name {
            let e = AnyEvaluator::by_name(name).expect("a listed name");
            self.set_evaluator(e);
        }
        self.evaluator_name = name.to_string();
    }

    /// The search configuration these options describe.
    pub fn search_config(&self) -> SearchConfig {
        let ext = Lab {
            evaluator: self.selected.map(|i| self.evaluators[i].1.clone()),
            book: self.book_hook(),
            library: self.library.clone().map(|library| {
                Hook(Arc::new(LibrarySource {
                    library,
                    degree: Some(self.action_similarity as f64 / 100.0),
                }) as Arc<dyn RootFilter>)
            }),
            ..self.lab.clone()
        };
        self.engine.search_config().with_extension(ext)
    }

    /// The book the search asks first, when `OwnBook` is on.
    fn book_hook(&self) -> Option<BookHook> {
        if !self.own_book {
            return None;
        }
        let source: Arc<dyn OpeningBook> = match self.book_kind {
            "cbr" => Arc::new(CbrSource {
                base: self.cases.clone(),
                settings: self.cbr,
                max_ply: self.book_depth,
            }),
            "polyglot" => Arc::new(PolyglotSource {
                book: self.polyglot.clone()?,
                variety: self.book_variety,
                max_ply: self.book_depth,
                draws: Default::default(),
            }),
            _ => return None,
        };
        Some(Hook(source))
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
        let library = ActionLibrary::load(std::path::Path::new(path))
            .map_err(|e| ConfigError::Unusable(e.to_string()))?;
        self.action_file = path.to_string();
        self.library = Some(Arc::new(library));
        Ok(())
    }

    /// With `ActionLearn` and a library: writes the cases it learned to its file (`None`:
    /// nothing to do).
    pub fn save_library(&self) -> Option<Result<usize, crate::library::file::LibraryError>> {
        let library = self.library.as_ref().filter(|_| self.action_learn)?;
        Some(library.save_learned(std::path::Path::new(&self.action_file)))
    }

    /// `BookCases`: every ECO line (0) or a sample of `n` of them, seeded with
    /// [`CASE_SAMPLE_SEED`] (the default seed of `--cases`).
    fn set_book_cases(&mut self, n: usize) {
        self.book_cases = n;
        self.cases = if n == 0 {
            ECO_CASES.clone()
        } else {
            Arc::new(CaseBase::clone(&ECO_CASES).sample(n, CASE_SAMPLE_SEED))
        };
    }

    /// `EvalFile`: loads a `name = value` parameter file into the selected evaluator — all
    /// of it or, on any bad line, none of it (the engine's `EvalFile` when it is `full`).
    fn load_eval_file(&mut self, path: &str) -> Result<(), ConfigError> {
        if self.selected.is_none() {
            return self.engine.set("EvalFile", Some(path)).map(|_| ());
        }
        let path = path.trim();
        if path.is_empty() {
            self.eval_file.clear();
            return Ok(());
        }
        let family = self.evaluator_family();
        load_params_file(self.evaluator_params_mut(), family, path, &tunable)?;
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
        let book = PolyglotBook::load(std::path::Path::new(path))
            .map_err(|e| ConfigError::Unusable(e.to_string()))?;
        self.book_file = path.to_string();
        self.polyglot = Some(Arc::new(book));
        Ok(())
    }

    /// The `option ...` lines answering `uci`: the engine's options, the lab's, and with
    /// `tunables` every tunable too.
    pub fn declarations(tunables: bool) -> Vec<String> {
        let defaults = LabOptions::default();
        let engine = EngineOptions::declarations(false);
        // `EvalFile` is the lab's row (it loads into the selected evaluator).
        let mut out: Vec<String> = engine
            .into_iter()
            .filter(|d| !d.starts_with("option name EvalFile "))
            .collect();
        out.extend(LAB_OPTIONS.iter().map(|r| r.declaration(&defaults)));
        if tunables {
            out.extend(self::tunables().iter().map(Tunable::declaration));
        }
        out
    }

    /// Applies `setoption name <name> [value <value>]` (or `--set name=value`): a lab option,
    /// a lab tunable, or else the engine's option or tunable. Nothing changes when the value
    /// is refused.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, ConfigError> {
        if let Some(row) = find_row(LAB_OPTIONS, name) {
            return row.apply(self, value);
        }
        match lab_tunable(name.trim()) {
            Some(t) => {
                let v = t.parse_value(value)?;
                let (group, param) = (t.group.clone(), t.param.clone());
                self.lab_params_mut(&group)
                    .set(&param, v)
                    .map_err(ConfigError::Param)?;
                Ok(Effect::None)
            }
            None => self.engine.set(name, value),
        }
    }

    /// The current value of an option or tunable, as UCI text.
    pub fn get(&self, name: &str) -> Option<String> {
        if let Some(row) = find_row(LAB_OPTIONS, name) {
            return Some((row.get)(self));
        }
        match lab_tunable(name.trim()) {
            Some(t) => Some(t.to_uci(self.lab_params(&t.group).get(&t.param)?)),
            None => self.engine.get(name),
        }
    }

    /// Applies a `NAME=VALUE` assignment.
    pub fn assign(&mut self, assignment: &str) -> Result<Effect, ConfigError> {
        let (name, value) = split_assignment(assignment)?;
        self.set(name, Some(value))
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
        Err(ConfigError::UnknownToken {
            token: token.to_string(),
            presets: PRESETS.iter().map(|p| p.name).collect(),
        })
    }

    /// The options a configuration string describes: the defaults, then each of `sets`
    /// (`NAME=VALUE` or preset tokens applied to every configuration first), then the
    /// `+`-joined tokens of `spec` left to right.
    pub fn from_spec(spec: &str, sets: &[String]) -> Result<LabOptions, ConfigError> {
        let mut options = LabOptions::default();
        apply_spec(&mut options, spec, sets, LabOptions::apply_token)?;
        Ok(options)
    }

    fn lab_params(&self, group: &str) -> &dyn ParamSet {
        if group == CHAINS {
            return &self.lab.chains;
        }
        let (_, e) = self
            .evaluators
            .iter()
            .find(|(family, _)| *family == group)
            .expect("lab tunable groups are chains or an evaluator family");
        e.params()
    }

    fn lab_params_mut(&mut self, group: &str) -> &mut dyn ParamSet {
        if group == CHAINS {
            return &mut self.lab.chains;
        }
        let (_, e) = self
            .evaluators
            .iter_mut()
            .find(|(family, _)| *family == group)
            .expect("lab tunable groups are chains or an evaluator family");
        e.params_mut()
    }
}

impl Options for LabOptions {
    type Ext = Lab;
    const ENGINE_NAME: &'static str = "chainmate-lab";
    fn engine(&self) -> &EngineOptions {
        &self.engine
    }
    fn engine_mut(&mut self) -> &mut EngineOptions {
        &mut self.engine
    }
    fn declarations(tunables: bool) -> Vec<String> {
        LabOptions::declarations(tunables)
    }
    fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, ConfigError> {
        LabOptions::set(self, name, value)
    }
    fn get(&self, name: &str) -> Option<String> {
        LabOptions::get(self, name)
    }
    fn search_config(&self) -> SearchConfig {
        LabOptions::search_config(self)
    }
    fn evaluator(&self) -> &dyn Evaluator {
        match self.selected {
            Some(i) => &self.evaluators[i].1,
            None => &self.engine.search.evaluator,
        }
    }
    fn end_game(&self) -> Option<String> {
        match self.save_library()? {
            Ok(0) => None,
            Ok(n) => Some(format!(
                "library: {} written to {}",
                chainmate::text::count(n, "new case"),
                self.action_file
            )),
            Err(e) => Some(format!("{e}; cases kept in memory")),
        }
    }
}

/// The tunable group of the move chains' limits.
const CHAINS: &str = "chains";

/// The lab's own tunables: the move chains' limits, then each paper evaluator's weights,
/// each range stretched to hold the values of every variant of its family (`tsvetkov:paper`'s
/// beside the fitted defaults), so that a variant's own values can be set and loaded.
static LAB_TUNABLES: LazyLock<TunableList> = LazyLock::new(|| {
    let defaults = LabOptions::default();
    let mut list = Tunable::all_of(CHAINS, &ChainParams::default(), RangeRule::Search);
    for (family, e) in &defaults.evaluators {
        let mut own = Tunable::all_of(family, e.params(), RangeRule::Weight);
        let variants = AnyEvaluator::NAMES
            .iter()
            .filter(|n| n.split_once(':').is_some_and(|(f, _)| f == *family));
        for variant in variants {
            let v = AnyEvaluator::by_name(variant).expect("NAMES are valid");
            for (t, (_, value)) in own.iter_mut().zip(v.params().entries()) {
                t.min = t.min.min(value);
                t.max = t.max.max(value);
            }
        }
        list.extend(own);
    }
    TunableList::new(list)
});

fn lab_tunable(name: &str) -> Option<&'static Tunable> {
    LAB_TUNABLES.get(name)
}

/// Every tunable of the lab: the engine's (`search.*`, `full.*`), the move chains'
/// (`chains.*`), then each paper evaluator's.
pub fn tunables() -> Vec<Tunable> {
    let mut all = chainmate::config::tunables().to_vec();
    all.extend(LAB_TUNABLES.all().iter().cloned());
    all
}

/// The tunable called `name` (case-insensitive), the engine's or the lab's.
pub fn tunable(name: &str) -> Option<&'static Tunable> {
    chainmate::config::tunable(name).or_else(|| lab_tunable(name))
}

/// The search configuration of a configuration string (see [`LabOptions::from_spec`]), with
/// one search thread.
pub fn search_config(spec: &str, sets: &[String]) -> Result<SearchConfig, ConfigError> {
    let options = LabOptions::from_spec(spec, sets)?;
    Ok(SearchConfig {
        threads: 1,
        ..options.search_config()
    })
}

#[cfg(test)]
mod tests;
