//! Tunables: every search and evaluator parameter as a UCI option with a range.

use std::collections::HashMap;
use std::sync::LazyLock;

use super::error::ConfigError;
use super::option::{declaration, in_range, parse_bool, Kind};
use crate::eval::param_set::{FileRules, ParamError, ParamKind, ParamSet};
use crate::eval::Evaluator;
use crate::search::SearchConfig;

/// Fractional tunables are spins in units of 1/`REAL_SCALE`.
pub const REAL_SCALE: f64 = 1000.0;

/// A numeric parameter exposed as an option: `search.<param>` or `<family>.<param>`.
///
/// Ranges, so that tuners can use them and nothing sensible is refused:
///
/// * search parameters (depths, margins, divisors, all non-negative): `0 ..= max(1000, 4·d)`
///   for a default `d` (1000 is the "never" of depth thresholds);
/// * evaluator integers (centipawns, table entries): `d ± max(4·|d|, 200)`;
/// * evaluator fractions (the weighted evaluator's weights): `d ± max(4·|d|, 10)`, declared
///   in thousandths;
/// * flags: a `check`.
///
/// The defaults `d` are those of the default search configuration (the shipped weights of
/// `full`).
#[derive(Clone, Debug, PartialEq)]
pub struct Tunable {
    /// The option name, `group.param`.
    pub name: String,
    /// `search` or an evaluator family.
    pub group: String,
    /// The parameter's name inside its group.
    pub param: String,
    /// Integer, real or flag.
    pub kind: ParamKind,
    /// Default value.
    pub default: f64,
    /// Smallest value.
    pub min: f64,
    /// Largest value.
    pub max: f64,
}

/// Which of [`Tunable`]'s range rules a group of parameters follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangeRule {
    /// Non-negative depths, margins and divisors: `0 ..= max(1000, 4·d)`.
    Search,
    /// Evaluator weights: `d ± max(4·|d|, 200)` (integers) or `d ± max(4·|d|, 10)` (reals).
    Weight,
}

impl Tunable {
    /// The tunables of every parameter of `params`, named `group.<param>`, with the ranges of
    /// `rule` around their current values.
    pub fn all_of(group: &str, params: &dyn ParamSet, rule: RangeRule) -> Vec<Tunable> {
        let kinds = params.kinds();
        params
            .entries()
            .into_iter()
            .zip(kinds)
            .map(|((param, d), (_, kind))| Tunable::new(group, param, kind, d, rule))
            .collect()
    }

    fn new(group: &str, param: String, kind: ParamKind, d: f64, rule: RangeRule) -> Tunable {
        let (min, max) = match kind {
            ParamKind::Flag => (0.0, 1.0),
            _ if rule == RangeRule::Search => (0.0, (4.0 * d.abs()).max(1000.0)),
            ParamKind::Integer => {
                let span = (4.0 * d.abs()).max(200.0);
                (d - span, d + span)
            }
            ParamKind::Real => {
                let span = (4.0 * d.abs()).max(10.0);
                (d - span, d + span)
            }
        };
        Tunable {
            name: format!("{group}.{param}"),
            group: group.to_string(),
            param,
            kind,
            default: d,
            min,
            max,
        }
    }

    /// The UCI kind: a check for flags, otherwise a spin (thousandths for fractions).
    pub fn kind(&self) -> Kind {
        match self.kind {
            ParamKind::Flag => Kind::Check,
            _ => Kind::Spin {
                min: self.scaled(self.min),
                max: self.scaled(self.max),
            },
        }
    }

    fn scaled(&self, v: f64) -> i64 {
        match self.kind {
            ParamKind::Real => (v * REAL_SCALE).round() as i64,
            _ => v.round() as i64,
        }
    }

    /// A parameter value as UCI text.
    pub fn to_uci(&self, v: f64) -> String {
        match self.kind {
            ParamKind::Flag => (v != 0.0).to_string(),
            _ => self.scaled(v).to_string(),
        }
    }

    /// `Ok` if `v` is within the range `setoption` and `--set` accept, else why not (a
    /// parameter file's value, as `name = value` writes it: fractions as such).
    pub fn check_range(&self, v: f64) -> Result<(), String> {
        if (self.min..=self.max).contains(&v) {
            return Ok(());
        }
        Err(format!(
            "{} = {v} is outside {}..{}, the range --set and setoption accept for {}",
            self.param, self.min, self.max, self.name
        ))
    }

    /// The `option name ...` line.
    pub fn declaration(&self) -> String {
        declaration(&self.name, self.kind(), &self.to_uci(self.default))
    }

    /// Reads a `setoption` value that may be missing (an error naming the tunable).
    pub fn parse_value(&self, text: Option<&str>) -> Result<f64, ConfigError> {
        let text = text.ok_or_else(|| ConfigError::MissingValue(self.name.clone()))?;
        self.parse(text.trim())
    }

    /// Reads a `setoption` value: a flag as true/false (or 1/0), an integer, a fraction in
    /// thousandths or written with a decimal point; checked against the range.
    pub fn parse(&self, text: &str) -> Result<f64, ConfigError> {
        let not_a_number = || ConfigError::NotANumber {
            name: self.name.clone(),
            value: text.to_string(),
        };
        let v = match self.kind {
            ParamKind::Flag => match text {
                "1" => 1.0,
                "0" => 0.0,
                _ => f64::from(u8::from(parse_bool(&self.name, text)?)),
            },
            ParamKind::Integer => text.parse::<i64>().map_err(|_| not_a_number())? as f64,
            ParamKind::Real if text.contains(['.', 'e', 'E']) => {
                text.parse::<f64>().map_err(|_| not_a_number())?
            }
            ParamKind::Real => text.parse::<i64>().map_err(|_| not_a_number())? as f64 / REAL_SCALE,
        };
        if !v.is_finite() {
            return Err(not_a_number());
        }
        if let Kind::Spin { min, max } = self.kind() {
            in_range(&self.name, text, self.scaled(v), min, max)?;
        }
        Ok(v)
    }
}

/// A list of tunables with an index by lowercase name.
pub struct TunableList {
    list: Vec<Tunable>,
    index: HashMap<String, usize>,
}

impl TunableList {
    /// Indexes `list`.
    pub fn new(list: Vec<Tunable>) -> TunableList {
        let index = list
            .iter()
            .enumerate()
            .map(|(i, t)| (t.name.to_ascii_lowercase(), i))
            .collect();
        TunableList { list, index }
    }

    /// Every tunable, in order.
    pub fn all(&self) -> &[Tunable] {
        &self.list
    }

    /// The tunable called `name` (case-insensitive).
    pub fn get(&self, name: &str) -> Option<&Tunable> {
        self.index
            .get(&name.to_ascii_lowercase())
            .map(|&i| &self.list[i])
    }
}

static TUNABLES: LazyLock<TunableList> = LazyLock::new(|| {
    let defaults = SearchConfig::new();
    let mut list = Tunable::all_of("search", &defaults.params, RangeRule::Search);
    list.extend(Tunable::all_of(
        FULL,
        defaults.evaluator.params(),
        RangeRule::Weight,
    ));
    TunableList::new(list)
});

/// Every tunable parameter of the engine: the search's, then the evaluator's.
pub fn tunables() -> &'static [Tunable] {
    TUNABLES.all()
}

/// The tunable called `name` (case-insensitive).
pub fn tunable(name: &str) -> Option<&'static Tunable> {
    TUNABLES.get(name)
}

/// Loads a user's `name = value` parameter file (`--params`, `EvalFile`) into `params`, the
/// parameters of the evaluator family `group` (`full`, or a lab family): a name is written
/// bare (`queen`, as `--dump-params` writes it) or with its family (`full.queen`, as `--set`
/// writes it; another family's name is refused and names the family to write), and each
/// value must lie within the range `--set` accepts for it (`tunable` finds it by the full
/// name). All or nothing.
pub fn load_params_text(
    params: &mut dyn ParamSet,
    group: &str,
    text: &str,
    tunable: &dyn Fn(&str) -> Option<&'static Tunable>,
) -> Result<(), ParamError> {
    let check = |name: &str, v: f64| match tunable(&format!("{group}.{name}")) {
        Some(t) => t.check_range(v),
        None => Ok(()),
    };
    let rules = FileRules {
        group,
        check: &check,
    };
    crate::eval::param_set::load_text_with(params, text, Some(&rules))
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
