//! The engine's options: their values ([`EngineOptions`]), their table ([`OPTIONS`]), and how
//! `setoption`, `--set` and configuration strings change them.

use std::time::Duration;

use super::error::ConfigError;
use super::option::{find_row, Control, Effect, OptionRow};
use super::spec::{apply_spec, split_assignment};
use super::tunables::{load_params_file, tunable, tunables, Tunable, FULL};
use super::Options;
use crate::eval::full::Full;
use crate::eval::param_set::ParamSet;
use crate::eval::Evaluator;
use crate::search::{strength, NoExtension, SearchConfig, TranspositionTable};

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
        get: |o| o.hash_mb.to_string(),
        control: Control::Spin {
            min: 1,
            max: TranspositionTable::MAX_MB as i64,
            set: |o, v| o.hash_mb = v as usize,
        },
    },
    OptionRow {
        name: "Threads",
        get: |o| o.search.threads.to_string(),
        control: Control::Spin {
            min: 1,
            max: MAX_THREADS,
            set: |o, v| o.search.threads = v as usize,
        },
    },
    OptionRow {
        name: "Clear Hash",
        get: |_| String::new(),
        control: Control::Button(Effect::ClearHash),
    },
    OptionRow {
        name: "Move Overhead",
        get: |o| o.search.move_overhead.as_millis().to_string(),
        control: Control::Spin {
            min: 0,
            max: MAX_MOVE_OVERHEAD_MS,
            set: |o, v| o.search.move_overhead = Duration::from_millis(v as u64),
        },
    },
    OptionRow {
        name: "MultiPV",
        get: |o| o.search.multipv.to_string(),
        control: Control::Spin {
            min: 1,
            max: MAX_MULTIPV,
            set: |o, v| o.search.multipv = v as usize,
        },
    },
    OptionRow {
        name: "Ponder",
        get: |o| o.ponder.to_string(),
        control: Control::Check(|o, v| o.ponder = v),
    },
    OptionRow {
        name: "EvalFile",
        get: |o| o.eval_file.clone(),
        control: Control::String(|o, v| o.load_eval_file(v)),
    },
    OptionRow {
        name: "MaxDepth",
        get: |o| o.search.max_depth.to_string(),
        control: Control::Spin {
            min: 0,
            max: 128,
            set: |o, v| o.search.max_depth = v as i32,
        },
    },
    OptionRow {
        name: "UCI_ShowWDL",
        get: |o| o.search.show_wdl.to_string(),
        control: Control::Check(|o, v| o.search.show_wdl = v),
    },
    OptionRow {
        name: "UCI_Chess960",
        get: |o| o.chess960.to_string(),
        control: Control::Check(|o, v| o.chess960 = v),
    },
    OptionRow {
        name: "UCI_LimitStrength",
        get: |o| o.limit_strength.to_string(),
        control: Control::Check(|o, v| o.limit_strength = v),
    },
    OptionRow {
        name: "UCI_Elo",
        get: |o| o.elo.to_string(),
        control: Control::Spin {
            min: strength::MIN_ELO,
            max: strength::MAX_ELO,
            set: |o, v| o.elo = v,
        },
    },
    OptionRow {
        name: "SyzygyPath",
        get: |o| o.syzygy_path.clone(),
        control: Control::String(|o, v| o.load_syzygy(v)),
    },
    OptionRow {
        name: "SyzygyProbeDepth",
        get: |o| o.syzygy_probe_depth.to_string(),
        control: Control::Spin {
            min: 1,
            max: 100,
            set: |o, v| o.syzygy_probe_depth = v as i32,
        },
    },
    OptionRow {
        name: "SyzygyProbeLimit",
        get: |o| o.syzygy_probe_limit.to_string(),
        control: Control::Spin {
            min: 0,
            max: 7,
            set: |o, v| o.syzygy_probe_limit = v as usize,
        },
    },
    OptionRow {
        name: "Syzygy50MoveRule",
        get: |o| o.syzygy_rule50.to_string(),
        control: Control::Check(|o, v| o.syzygy_rule50 = v),
    },
];

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

/// The search configuration of a configuration string (see [`EngineOptions::from_spec`]),
/// with one search thread.
pub fn search_config(spec: &str, sets: &[String]) -> Result<SearchConfig, ConfigError> {
    let options = EngineOptions::from_spec(spec, sets)?;
    Ok(SearchConfig {
        threads: 1,
        ..options.search_config()
    })
}
