//! The engine's UCI options: declared on `uci`, set by `setoption`.
//!
//! Besides the standard options, every search parameter is an option named
//! `search.<param>`, and every parameter of every evaluator family an option named
//! `<family>.<param>` (`tsvetkov`, `material`, `weighted`, `power`; each keeps its own
//! settings, so switching `Evaluator` back and forth does not lose them). Selecting a variant
//! such as `Evaluator = weighted:pruning` selects its family and loads the variant's values
//! (the paper's preset weights) into it. Names are matched case-insensitively.

use std::time::Duration;

use crate::eval::params::ParamSet;
use crate::eval::{AnyEvaluator, Evaluator};
use crate::search::{
    Algorithm, OrderingScheme, PruningScheme, SearchConfig, SearchParams, TranspositionTable,
};

/// What a successful `setoption` asks the engine to do besides remembering the value.
#[derive(Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing more.
    None,
    /// Clear the hash table.
    ClearHash,
}

/// The option values.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// `Hash`, MiB.
    pub hash_mb: usize,
    /// `Threads`.
    pub threads: usize,
    /// `Move Overhead`, ms.
    pub move_overhead_ms: u64,
    /// `MultiPV`.
    pub multipv: usize,
    /// `Ponder` (informational: the GUI decides whether to ponder).
    pub ponder: bool,
    /// `Search`.
    pub algorithm: Algorithm,
    /// `TranspositionTable`.
    pub use_tt: bool,
    /// `Ordering`.
    pub ordering: OrderingScheme,
    /// `Pruning`.
    pub pruning: PruningScheme,
    /// `MoveChains`.
    pub move_chains: bool,
    /// Search parameters (`search.*`).
    pub search_params: SearchParams,
    /// One evaluator per family (`tsvetkov`, `material`, ...), with its own parameters.
    pub evaluators: Vec<(&'static str, AnyEvaluator)>,
    /// Index of the selected family.
    pub selected: usize,
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
            threads: 1,
            move_overhead_ms: 30,
            multipv: 1,
            ponder: false,
            algorithm: Algorithm::Pvs,
            use_tt: true,
            ordering: OrderingScheme::Default,
            pruning: PruningScheme::Off,
            move_chains: false,
            search_params: SearchParams::default(),
            evaluators,
            selected: 0,
        };
        options
            .select_evaluator(AnyEvaluator::DEFAULT_NAME)
            .expect("the default evaluator is selectable");
        options
    }
}

const MAX_THREADS: usize = 256;

fn spin(name: &str, default: impl std::fmt::Display, min: i64, max: i64) -> String {
    format!("option name {name} type spin default {default} min {min} max {max}")
}

/// A check option's value.
fn flag(value: &str, name: &str) -> Result<bool, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        v => Err(format!("option '{name}': '{v}' is not true or false")),
    }
}

fn param_declarations(prefix: &str, params: &dyn ParamSet, out: &mut Vec<String>) {
    for (name, value) in params.entries() {
        out.push(format!(
            "option name {prefix}.{name} type string default {value}"
        ));
    }
}

impl EngineOptions {
    /// The selected evaluator.
    pub fn evaluator(&self) -> &AnyEvaluator {
        &self.evaluators[self.selected].1
    }

    /// Selects evaluator `name`: a family, which keeps its current parameter values, or a
    /// `family:variant`, whose parameter values are all loaded into the family.
    fn select_evaluator(&mut self, name: &str) -> Result<(), String> {
        let name = name.trim().to_ascii_lowercase();
        let unknown = || {
            format!(
                "unknown evaluator '{name}' (choose from: {})",
                AnyEvaluator::NAMES.join(", ")
            )
        };
        let variant = AnyEvaluator::by_name(&name).ok_or_else(unknown)?;
        let family = name.split(':').next().unwrap_or_default();
        let index = self
            .evaluators
            .iter()
            .position(|(n, _)| *n == family)
            .ok_or_else(unknown)?;
        if family != name {
            self.evaluators[index].1 = variant;
        }
        self.selected = index;
        Ok(())
    }

    /// The search configuration these options describe.
    pub fn search_config(&self) -> SearchConfig {
        SearchConfig {
            algorithm: self.algorithm,
            evaluator: self.evaluator().clone(),
            params: self.search_params.clone(),
            multipv: self.multipv,
            threads: self.threads,
            move_overhead: Duration::from_millis(self.move_overhead_ms),
            use_tt: self.use_tt,
            ordering: self.ordering,
            pruning: self.pruning,
            move_chains: self.move_chains,
        }
    }

    /// The `option ...` lines answering `uci`.
    pub fn declarations(&self) -> Vec<String> {
        let defaults = EngineOptions::default();
        let mut out = vec![
            spin(
                "Hash",
                defaults.hash_mb,
                1,
                TranspositionTable::MAX_MB as i64,
            ),
            spin("Threads", defaults.threads, 1, MAX_THREADS as i64),
            "option name Clear Hash type button".to_string(),
            spin("Move Overhead", defaults.move_overhead_ms, 0, 10_000),
            spin("MultiPV", defaults.multipv, 1, 256),
            "option name Ponder type check default false".to_string(),
            format!(
                "option name Evaluator type combo default {} {}",
                AnyEvaluator::DEFAULT_NAME,
                AnyEvaluator::NAMES
                    .iter()
                    .map(|n| format!("var {n}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            format!(
                "option name Search type combo default pvs {}",
                Algorithm::NAMES
                    .iter()
                    .map(|n| format!("var {n}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            "option name TranspositionTable type check default true".to_string(),
            "option name Ordering type combo default default var default var chessmaps".to_string(),
            "option name Pruning type combo default off var off var rules".to_string(),
            "option name MoveChains type combo default off var off var on".to_string(),
        ];
        param_declarations("search", &defaults.search_params, &mut out);
        for (family, e) in &defaults.evaluators {
            param_declarations(family, e.params(), &mut out);
        }
        out
    }

    /// Applies `setoption name <name> value <value>`.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, String> {
        let key = name.trim().to_ascii_lowercase();
        let need = || value.ok_or_else(|| format!("option '{name}' needs a value"));
        let int = |lo: i64, hi: i64| -> Result<i64, String> {
            let text = need()?;
            let v: i64 = text
                .trim()
                .parse()
                .map_err(|_| format!("option '{name}': '{text}' is not a number"))?;
            if (lo..=hi).contains(&v) {
                Ok(v)
            } else {
                Err(format!("option '{name}': {v} is outside {lo}..{hi}"))
            }
        };
        match key.as_str() {
            "hash" => self.hash_mb = int(1, TranspositionTable::MAX_MB as i64)? as usize,
            "threads" => self.threads = int(1, MAX_THREADS as i64)? as usize,
            "clear hash" => return Ok(Effect::ClearHash),
            "move overhead" => self.move_overhead_ms = int(0, 10_000)? as u64,
            "multipv" => self.multipv = int(1, 256)? as usize,
            "ponder" => self.ponder = flag(need()?, name)?,
            "evaluator" => self.select_evaluator(need()?)?,
            "search" => self.algorithm = need()?.trim().parse()?,
            "transpositiontable" => self.use_tt = flag(need()?, name)?,
            "ordering" => {
                self.ordering = match need()?.trim().to_ascii_lowercase().as_str() {
                    "default" => OrderingScheme::Default,
                    "chessmaps" => OrderingScheme::Chessmaps,
                    v => {
                        return Err(format!(
                            "option 'Ordering': '{v}' is not default or chessmaps"
                        ))
                    }
                }
            }
            "pruning" => {
                self.pruning = match need()?.trim().to_ascii_lowercase().as_str() {
                    "off" => PruningScheme::Off,
                    "rules" => PruningScheme::Rules,
                    v => return Err(format!("option 'Pruning': '{v}' is not off or rules")),
                }
            }
            "movechains" => {
                self.move_chains = match need()?.trim().to_ascii_lowercase().as_str() {
                    "on" | "true" => true,
                    "off" | "false" => false,
                    v => return Err(format!("option 'MoveChains': '{v}' is not off or on")),
                }
            }
            _ => return self.set_param(&key, name, need()?),
        }
        Ok(Effect::None)
    }

    /// `search.<param>` or `<evaluator>.<param>`.
    fn set_param(&mut self, key: &str, name: &str, value: &str) -> Result<Effect, String> {
        let unknown = || format!("unknown option '{name}'");
        let (group, param) = key.split_once('.').ok_or_else(unknown)?;
        let params: &mut dyn ParamSet = if group == "search" {
            &mut self.search_params
        } else {
            self.evaluators
                .iter_mut()
                .find(|(family, _)| family.eq_ignore_ascii_case(group))
                .ok_or_else(unknown)?
                .1
                .params_mut()
        };
        params
            .set_text(param, value)
            .map_err(|e| format!("option '{name}': {e}"))?;
        Ok(Effect::None)
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
        assert!(o.set("Hash", Some("0")).is_err());
        assert!(o.set("Hash", Some("lots")).is_err());
        assert_eq!(o.hash_mb, 64, "a rejected value changes nothing");
        assert_eq!(o.set("clear hash", None), Ok(Effect::ClearHash));
        assert!(o.set("Search", Some("alphabeta+tt")).is_ok());
        assert_eq!(o.algorithm, Algorithm::AlphaBetaTt);
        assert!(o.set("Search", Some("dfs")).is_err());
        assert!(o.set("Nonsense", Some("1")).is_err());
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
        // Play defaults to the tuned Tsvetkov weights; `tsvetkov:paper` restores the paper's.
        let o = EngineOptions::default();
        let paper = AnyEvaluator::by_name("tsvetkov:paper").unwrap();
        let tuned = AnyEvaluator::by_name("tsvetkov:tuned").unwrap();
        assert_eq!(o.evaluator().params().entries(), tuned.params().entries());
        let mut o = o;
        o.set("tsvetkov.mobility", Some("7")).unwrap();
        o.set("Evaluator", Some("tsvetkov:paper")).unwrap();
        assert_eq!(o.evaluator().params().entries(), paper.params().entries());
        assert_ne!(paper.params().entries(), tuned.params().entries());
    }

    #[test]
    fn parameters_are_options_by_name() {
        let mut o = EngineOptions::default();
        o.set("search.rfp_margin", Some("90")).unwrap();
        assert_eq!(o.search_params.rfp_margin, 90);
        o.set("material.queen", Some("950")).unwrap();
        let (_, material) = o.evaluators.iter().find(|(n, _)| *n == "material").unwrap();
        assert_eq!(material.params().get("queen"), Some(950.0));
        assert!(o.set("material.queen", Some("9.5")).is_err());
        assert!(o.set("material.dragon", Some("1")).is_err());
        assert!(o
            .declarations()
            .iter()
            .any(|d| d == "option name material.queen type string default 900"));
    }
}
