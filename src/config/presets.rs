//! The lab's configuration tokens (`plain`, `chessmaps`, `mc`, ...): named lists of option
//! settings.

use super::{ConfigError, EngineOptions};
use crate::search::Algorithm;

/// A lab token: a named list of option settings.
pub struct Preset {
    /// The token.
    pub name: &'static str,
    /// What it stands for (shown by `--help` texts and the README).
    pub doc: &'static str,
    /// Applies it.
    pub apply: fn(&mut EngineOptions) -> Result<(), ConfigError>,
}

fn assign_all(o: &mut EngineOptions, settings: &[(&str, &str)]) -> Result<(), ConfigError> {
    settings
        .iter()
        .try_for_each(|(name, value)| o.set(name, Some(value)).map(|_| ()))
}

/// The search parameters that switch off every selective technique of the default search.
pub const PLAIN: [(&str, &str); 8] = [
    ("search.nmp_min_depth", "1000"),
    ("search.lmr_min_depth", "1000"),
    ("search.rfp_max_depth", "0"),
    ("search.futility_max_depth", "0"),
    ("search.lmp_max_depth", "0"),
    ("search.see_max_depth", "0"),
    ("search.iir_min_depth", "1000"),
    ("search.se_min_depth", "1000"),
];

/// The lab's configuration tokens.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "default",
        doc: "the engine as shipped (PVS, default ordering, transposition table)",
        apply: |_| Ok(()),
    },
    Preset {
        name: "pvs",
        doc: "the same as `default`",
        apply: |_| Ok(()),
    },
    Preset {
        name: "",
        doc: "an empty token changes nothing",
        apply: |_| Ok(()),
    },
    Preset {
        name: "minimax",
        doc: "paper 001's minimax",
        apply: |o| assign_all(o, &[("Search", "minimax")]),
    },
    Preset {
        name: "alphabeta",
        doc: "paper 001's plain alpha-beta",
        apply: |o| assign_all(o, &[("Search", "alphabeta")]),
    },
    Preset {
        name: "tt",
        doc: "the transposition table on (after `alphabeta`: paper 001's `alphabeta+tt`)",
        apply: |o| match o.algorithm {
            Algorithm::AlphaBeta => assign_all(o, &[("Search", "alphabeta+tt")]),
            _ => assign_all(o, &[("TranspositionTable", "true")]),
        },
    },
    Preset {
        name: "nott",
        doc: "the transposition table off",
        apply: |o| match o.algorithm {
            Algorithm::AlphaBetaTt => assign_all(o, &[("Search", "alphabeta")]),
            _ => assign_all(o, &[("TranspositionTable", "false")]),
        },
    },
    Preset {
        name: "chessmaps",
        doc: "paper 002's Chessmaps ordering, without the table (the paper's baseline column)",
        apply: |o| {
            assign_all(
                o,
                &[("Ordering", "chessmaps"), ("TranspositionTable", "false")],
            )
        },
    },
    Preset {
        name: "mc",
        doc: "paper 002's dynamic move chains",
        apply: |o| assign_all(o, &[("MoveChains", "on")]),
    },
    Preset {
        name: "rules",
        doc: "paper 000's rule-based pruning",
        apply: |o| assign_all(o, &[("Pruning", "rules")]),
    },
    Preset {
        name: "base",
        doc: "paper 000's Base player: the weighted evaluator with its `base` weights",
        apply: |o| assign_all(o, &[("Evaluator", "weighted:base")]),
    },
    Preset {
        name: "pruning",
        doc: "paper 000's Pruning player: `pruning` weights and the pruning rules",
        apply: |o| {
            assign_all(
                o,
                &[("Evaluator", "weighted:pruning"), ("Pruning", "rules")],
            )
        },
    },
    Preset {
        name: "plain",
        doc: "PVS with iterative deepening, aspiration and quiescence but none of the modern \
              selectivity (null move, LMR, LMP, futility, SEE pruning, IIR, singular \
              extensions): the kind of search the papers ran",
        apply: |o| assign_all(o, &PLAIN),
    },
];

/// The tokens and their meanings, for `--help` texts.
pub fn presets_help() -> String {
    let mut out = String::from(
        "Configuration tokens (joined by '+', applied left to right on the defaults):\n",
    );
    for p in PRESETS.iter().filter(|p| !p.name.is_empty()) {
        out.push_str(&format!("  {:<10} {}\n", p.name, p.doc));
    }
    out.push_str(
        "  NAME=VALUE any option or tunable, e.g. Evaluator=material, search.lmp_max_depth=0",
    );
    out
}
