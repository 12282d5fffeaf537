//! The lab's configuration tokens (`plain`, `chessmaps`, `mc`, ...): named lists of option
//! settings.

use super::{ConfigError, LabOptions};
use crate::search::Algorithm;

/// A lab token: a named list of option settings.
pub struct Preset {
    /// The token.
    pub name: &'static str,
    /// What it stands for (shown by `--help` texts and docs/papers/README.md).
    pub doc: &'static str,
    /// The settings, applied in order.
    pub settings: &'static [(&'static str, &'static str)],
}

impl Preset {
    /// Applies the settings. `tt` and `nott` after `alphabeta` switch between paper 001's two
    /// alpha-beta searches (its table is part of the algorithm, not the `TranspositionTable`
    /// option).
    pub fn apply(&self, o: &mut LabOptions) -> Result<(), ConfigError> {
        let settings = match (self.name, o.lab.algorithm) {
            ("tt", Algorithm::AlphaBeta) => &[("Search", "alphabeta+tt")][..],
            ("nott", Algorithm::AlphaBetaTt) => &[("Search", "alphabeta")][..],
            _ => self.settings,
        };
        settings
            .iter()
            .try_for_each(|(name, value)| o.set(name, Some(value)).map(|_| ()))
    }
}

/// The search parameters that switch off every selective technique of the default search, and
/// its correction history of the static evaluation.
pub const PLAIN: [(&str, &str); 10] = [
    ("search.nmp_min_depth", "1000"),
    ("search.lmr_min_depth", "1000"),
    ("search.rfp_max_depth", "0"),
    ("search.futility_max_depth", "0"),
    ("search.lmp_max_depth", "0"),
    ("search.see_max_depth", "0"),
    ("search.iir_min_depth", "1000"),
    ("search.se_min_depth", "1000"),
    ("search.correction_weight", "0"),
    ("search.correction_nonpawn", "0"),
];

const fn preset(
    name: &'static str,
    doc: &'static str,
    settings: &'static [(&'static str, &'static str)],
) -> Preset {
    Preset {
        name,
        doc,
        settings,
    }
}

/// The lab's configuration tokens.
pub const PRESETS: &[Preset] = &[
    preset(
        "default",
        "the engine as shipped (PVS, default ordering, transposition table)",
        &[],
    ),
    preset("pvs", "the same as `default`", &[]),
    preset("", "an empty token changes nothing", &[]),
    preset("minimax", "paper 001's minimax", &[("Search", "minimax")]),
    preset(
        "alphabeta",
        "paper 001's plain alpha-beta",
        &[("Search", "alphabeta")],
    ),
    preset(
        "tt",
        "the transposition table on (after `alphabeta`: paper 001's `alphabeta+tt`)",
        &[("TranspositionTable", "true")],
    ),
    preset(
        "nott",
        "the transposition table off",
        &[("TranspositionTable", "false")],
    ),
    preset(
        "chessmaps",
        "paper 002's Chessmaps ordering, without the table (the paper's baseline column)",
        &[("Ordering", "chessmaps"), ("TranspositionTable", "false")],
    ),
    preset(
        "mc",
        "paper 002's dynamic move chains",
        &[("MoveChains", "on")],
    ),
    preset(
        "rules",
        "paper 000's rule-based pruning",
        &[("Pruning", "rules")],
    ),
    preset(
        "base",
        "paper 000's Base player: the weighted evaluator with its `base` weights",
        &[("Evaluator", "weighted:base")],
    ),
    preset(
        "pruning",
        "paper 000's Pruning player: `pruning` weights and the pruning rules",
        &[("Evaluator", "weighted:pruning"), ("Pruning", "rules")],
    ),
    preset(
        "paperbook",
        "paper 000's opening player: the case-based book with its fixed choices (1.e4, \
         1...c5), sorted, no distance limit",
        &[
            ("OwnBook", "true"),
            ("Book", "cbr"),
            ("BookSorted", "true"),
            ("BookPaperChoices", "true"),
            ("BookMaxDistance", "64"),
        ],
    ),
    preset(
        "plain",
        "PVS with iterative deepening, aspiration and quiescence but none of the modern \
         selectivity (null move, LMR, LMP, futility, SEE pruning, IIR, singular \
         extensions) and no correction history of the evaluation: the kind of search the \
         papers ran",
        &PLAIN,
    ),
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
