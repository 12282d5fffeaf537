//! What the search does at its nodes, counted: nodes by type, and how often each pruning
//! rule, extension and reduction applies — the engine's selectivity, to set beside another
//! engine's on the same positions at the same depth (`chainmate bench --stats`).
//!
//! The counters exist only in a build with the cargo feature `search-stats`
//! (`cargo build --release --features search-stats --target-dir target/stats`); in every
//! other build [`bump`] and [`add`] are empty and the compiler removes them, so the engine
//! pays nothing. Counting never changes the tree: the counted build's `bench` signature is the
//! engine's. The counters are one set for the process (a bench runs one thread).

/// What is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    /// Main-search nodes entered as expected PV nodes.
    PvNode,
    /// ... as expected cut nodes.
    CutNode,
    /// ... as expected all nodes.
    AllNode,
    /// Quiescence nodes.
    QsNode,
    /// Main-search nodes ended by a hash cutoff.
    TtCutoff,
    /// Nodes ended by reverse futility pruning.
    ReverseFutility,
    /// Null-move searches tried.
    NullTried,
    /// ... that failed high and ended the node.
    NullCutoff,
    /// Nodes whose depth internal iterative reduction lowered.
    Iir,
    /// Singular verification searches.
    SingularTried,
    /// Hash moves extended as singular.
    SingularExtended,
    /// Nodes cut by multi-cut.
    MultiCut,
    /// Hash moves reduced by the negative extension.
    NegativeExtension,
    /// Moves skipped by late-move pruning.
    LateMovePrune,
    /// Quiet moves skipped by futility pruning.
    FutilityPrune,
    /// Quiet moves skipped by SEE pruning.
    SeeQuietPrune,
    /// Captures and checks skipped by SEE pruning.
    SeeNoisyPrune,
    /// Moves searched with a late-move reduction.
    Reduced,
    /// Plies of reduction, all reduced moves together.
    ReductionPlies,
    /// Reduced moves searched again at full depth after a fail high.
    ReSearch,
    /// Quiescence nodes ended by the stand-pat.
    StandPat,
    /// Captures the quiescence search skipped by delta or SEE pruning.
    QsPrune,
}

/// Every counter with its key (for JSON) and its name, in order.
pub const COUNTERS: [(Counter, &str, &str); 22] = [
    (Counter::PvNode, "pv_nodes", "PV nodes"),
    (Counter::CutNode, "cut_nodes", "cut nodes"),
    (Counter::AllNode, "all_nodes", "all nodes"),
    (Counter::QsNode, "qs_nodes", "quiescence nodes"),
    (Counter::TtCutoff, "tt_cutoffs", "hash cutoffs"),
    (
        Counter::ReverseFutility,
        "rfp_cutoffs",
        "reverse futility cutoffs",
    ),
    (Counter::NullTried, "null_tried", "null moves tried"),
    (Counter::NullCutoff, "null_cutoffs", "null-move cutoffs"),
    (Counter::Iir, "iir", "internal iterative reductions"),
    (Counter::SingularTried, "singular_tried", "singular tests"),
    (
        Counter::SingularExtended,
        "singular_extended",
        "singular extensions",
    ),
    (Counter::MultiCut, "multi_cuts", "multi-cuts"),
    (
        Counter::NegativeExtension,
        "negative_extensions",
        "negative extensions",
    ),
    (Counter::LateMovePrune, "lmp", "late-move prunes"),
    (Counter::FutilityPrune, "futility", "futility prunes"),
    (
        Counter::SeeQuietPrune,
        "see_quiet",
        "SEE prunes of quiet moves",
    ),
    (
        Counter::SeeNoisyPrune,
        "see_noisy",
        "SEE prunes of captures and checks",
    ),
    (Counter::Reduced, "reduced", "reduced moves"),
    (
        Counter::ReductionPlies,
        "reduction_plies",
        "plies of reduction",
    ),
    (
        Counter::ReSearch,
        "re_searches",
        "re-searches after a reduced fail high",
    ),
    (Counter::StandPat, "stand_pats", "stand-pat cutoffs"),
    (
        Counter::QsPrune,
        "qs_prunes",
        "quiescence delta and SEE prunes",
    ),
];

#[cfg(feature = "search-stats")]
static COUNTS: [std::sync::atomic::AtomicU64; COUNTERS.len()] =
    [const { std::sync::atomic::AtomicU64::new(0) }; COUNTERS.len()];

/// Counts one `counter` (nothing without the feature).
#[inline(always)]
pub fn bump(counter: Counter) {
    add(counter, 1);
}

/// Counts `n` of `counter` (nothing without the feature).
#[inline(always)]
pub fn add(counter: Counter, n: u64) {
    #[cfg(feature = "search-stats")]
    COUNTS[counter as usize].fetch_add(n, std::sync::atomic::Ordering::Relaxed);
    #[cfg(not(feature = "search-stats"))]
    let _ = (counter, n);
}

/// Whether this build counts.
pub const ENABLED: bool = cfg!(feature = "search-stats");

/// Every counter's key, name and count so far (all zero without the feature).
pub fn snapshot() -> Vec<(&'static str, &'static str, u64)> {
    COUNTERS
        .iter()
        .map(|&(c, key, name)| {
            #[cfg(feature = "search-stats")]
            let n = COUNTS[c as usize].load(std::sync::atomic::Ordering::Relaxed);
            #[cfg(not(feature = "search-stats"))]
            let n = {
                let _ = c;
                0
            };
            (key, name, n)
        })
        .collect()
}

/// Sets every counter to zero.
pub fn reset() {
    #[cfg(feature = "search-stats")]
    for c in &COUNTS {
        c.store(0, std::sync::atomic::Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_counter_is_listed_once_in_order() {
        let mut keys = std::collections::HashSet::new();
        for (i, &(c, key, _)) in COUNTERS.iter().enumerate() {
            assert_eq!(c as usize, i);
            assert!(keys.insert(key), "{key} twice");
        }
    }
}
