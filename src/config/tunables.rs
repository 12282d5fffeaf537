//! Tunables: every search and evaluator parameter as a UCI option with a range.

use std::collections::HashMap;
use std::sync::LazyLock;

use super::{declaration, in_range, parse_bool, ConfigError, EngineOptions, Kind};
use crate::eval::params::{ParamKind, ParamSet};
use crate::eval::Evaluator;

/// Fractional tunables are spins in units of 1/`REAL_SCALE`.
pub const REAL_SCALE: f64 = 1000.0;

/// A numeric parameter exposed as an option: `search.<param>` or `<family>.<param>`.
///
/// Ranges, so that tuners can use them and nothing sensible is refused:
///
/// * search parameters (depths, margins, divisors, all non-negative): `0 ..= max(1000, 4·d)`
///   for a default `d` (1000 is the lab's "never" for depth thresholds);
/// * evaluator integers (centipawns, table entries): `d ± max(4·|d|, 200)`;
/// * evaluator fractions (the weighted evaluator's weights): `d ± max(4·|d|, 10)`, declared
///   in thousandths;
/// * flags: a `check`.
///
/// The defaults `d` are those of [`EngineOptions::default`] (the tuned Tsvetkov weights, the
/// `base` weights of `weighted`).
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

impl Tunable {
    fn new(group: &str, param: String, kind: ParamKind, d: f64) -> Tunable {
        let (min, max) = match kind {
            ParamKind::Flag => (0.0, 1.0),
            _ if group == "search" => (0.0, (4.0 * d.abs()).max(1000.0)),
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

    /// The `option name ...` line.
    pub fn declaration(&self) -> String {
        declaration(&self.name, self.kind(), &self.to_uci(self.default))
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

static TUNABLES: LazyLock<(Vec<Tunable>, HashMap<String, usize>)> = LazyLock::new(|| {
    let defaults = EngineOptions::default();
    let mut list = Vec::new();
    let mut add = |group: &str, params: &dyn ParamSet| {
        let kinds = params.kinds();
        for ((param, d), (_, kind)) in params.entries().into_iter().zip(kinds) {
            list.push(Tunable::new(group, param, kind, d));
        }
    };
    add("search", &defaults.search.params);
    for (family, e) in &defaults.evaluators {
        add(family, e.params());
    }
    let index = list
        .iter()
        .enumerate()
        .map(|(i, t)| (t.name.to_ascii_lowercase(), i))
        .collect();
    (list, index)
});

/// Every tunable parameter, search first, then each evaluator family.
pub fn tunables() -> &'static [Tunable] {
    &TUNABLES.0
}

/// The tunable called `name` (case-insensitive).
pub fn tunable(name: &str) -> Option<&'static Tunable> {
    TUNABLES
        .1
        .get(&name.to_ascii_lowercase())
        .map(|&i| &TUNABLES.0[i])
}
