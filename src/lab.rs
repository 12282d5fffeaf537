//! The laboratory: named engine configurations for experiments and in-process matches.
//!
//! A configuration is written as tokens joined by `+`, applied left to right on top of the
//! engine's defaults (the same settings as the UCI options):
//!
//! | token | meaning |
//! | --- | --- |
//! | `default`, `pvs` | the engine as shipped (PVS, default ordering, transposition table) |
//! | `minimax`, `alphabeta` | paper 001's plain searches |
//! | `tt` / `nott` | table on / off (`alphabeta+tt` is paper 001's alpha-beta with the table) |
//! | `chessmaps` | paper 002's Chessmaps ordering, *without* the table (the paper's baseline column) |
//! | `mc` | paper 002's dynamic move chains |
//! | `rules` | paper 000's rule-based pruning |
//! | `base`, `pruning` | paper 000's players: the weighted evaluator with its `base` weights, or with its `pruning` weights and the pruning rules |
//! | `plain` | PVS with iterative deepening, aspiration windows and quiescence, but none of the modern selectivity (null move, late-move reductions and pruning, futility and SEE pruning, internal iterative reduction, singular extensions): the kind of search the papers ran |
//! | `name=value` | any UCI option, e.g. `Evaluator=material`, `search.lmp_max_depth=0` |
//!
//! So `chessmaps+tt` and `chessmaps+mc` are paper 002's Table 1 columns, and
//! `alphabeta+tt` paper 001's table search.

use crate::search::{Algorithm, SearchConfig};
use crate::uci::EngineOptions;

/// The search parameters that switch off every selective technique of the default search.
const PLAIN: [(&str, &str); 8] = [
    ("search.nmp_min_depth", "1000"),
    ("search.lmr_min_depth", "1000"),
    ("search.rfp_max_depth", "0"),
    ("search.futility_max_depth", "0"),
    ("search.lmp_max_depth", "0"),
    ("search.see_max_depth", "0"),
    ("search.iir_min_depth", "1000"),
    ("search.se_min_depth", "1000"),
];

/// Applies one configuration token to `options`.
fn apply_token(options: &mut EngineOptions, token: &str) -> Result<(), String> {
    let set = |o: &mut EngineOptions, name: &str, value: &str| o.set(name, Some(value)).map(|_| ());
    match token.trim().to_ascii_lowercase().as_str() {
        "" | "default" | "pvs" => Ok(()),
        "minimax" => set(options, "Search", "minimax"),
        "alphabeta" => set(options, "Search", "alphabeta"),
        "tt" if options.algorithm == Algorithm::AlphaBeta => set(options, "Search", "alphabeta+tt"),
        "tt" => set(options, "TranspositionTable", "true"),
        "nott" if options.algorithm == Algorithm::AlphaBetaTt => {
            set(options, "Search", "alphabeta")
        }
        "nott" => set(options, "TranspositionTable", "false"),
        "chessmaps" => {
            set(options, "Ordering", "chessmaps")?;
            set(options, "TranspositionTable", "false")
        }
        "mc" => set(options, "MoveChains", "on"),
        "plain" => PLAIN
            .iter()
            .try_for_each(|(name, value)| set(options, name, value)),
        "rules" => set(options, "Pruning", "rules"),
        "base" => set(options, "Evaluator", "weighted:base"),
        "pruning" => {
            set(options, "Evaluator", "weighted:pruning")?;
            set(options, "Pruning", "rules")
        }
        _ => match token.split_once('=') {
            Some((name, value)) => set(options, name.trim(), value.trim()),
            None => Err(format!(
                "unknown configuration token '{token}' (see `chainmate experiment --help`)"
            )),
        },
    }
}

/// The engine options a configuration string describes, after the global `sets`
/// (`name=value` UCI settings applied first to every configuration).
pub fn parse_options(spec: &str, sets: &[String]) -> Result<EngineOptions, String> {
    let mut options = EngineOptions::default();
    for assignment in sets {
        apply_token(&mut options, assignment)?;
    }
    for token in spec.split('+') {
        apply_token(&mut options, token).map_err(|e| format!("configuration '{spec}': {e}"))?;
    }
    Ok(options)
}

/// The search configuration a configuration string describes (one search thread).
pub fn parse_config(spec: &str, sets: &[String]) -> Result<SearchConfig, String> {
    let options = parse_options(spec, sets)?;
    Ok(SearchConfig {
        threads: 1,
        ..options.search_config()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Evaluator;
    use crate::search::{OrderingScheme, PruningScheme};

    #[test]
    fn the_papers_configurations_parse() {
        let c = parse_config("chessmaps", &[]).unwrap();
        assert_eq!(
            (c.ordering, c.use_tt, c.move_chains),
            (OrderingScheme::Chessmaps, false, false)
        );
        let c = parse_config("chessmaps+tt", &[]).unwrap();
        assert!(c.use_tt);
        let c = parse_config("chessmaps+mc", &[]).unwrap();
        assert!(!c.use_tt && c.move_chains);
        assert_eq!(
            parse_config("alphabeta+tt", &[]).unwrap().algorithm,
            Algorithm::AlphaBetaTt
        );
        assert_eq!(
            parse_config("minimax", &[]).unwrap().algorithm,
            Algorithm::Minimax
        );
        let c = parse_config("pruning", &[]).unwrap();
        assert_eq!(c.pruning, PruningScheme::Rules);
        assert_eq!(c.evaluator.params().get("c_pos"), Some(0.3));
        let c = parse_config(
            "default+search.rfp_margin=70",
            &["Evaluator=material".into()],
        )
        .unwrap();
        assert_eq!(c.params.rfp_margin, 70);
        assert_eq!(c.evaluator.name(), "material");
        let d = parse_config("default", &[]).unwrap();
        assert!(
            d.use_tt && d.ordering == OrderingScheme::Default && d.pruning == PruningScheme::Off
        );
    }

    #[test]
    fn bad_tokens_are_errors() {
        assert!(parse_config("chessmap", &[]).is_err());
        assert!(parse_config("default+Hash=lots", &[]).is_err());
        assert!(parse_config("default", &["nonsense".into()]).is_err());
    }
}
