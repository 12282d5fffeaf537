//! Pinned signatures: one node count for every configuration the docs report.
//!
//! `bench` pins the default search; the papers' configurations (`plain+chessmaps`, `rules`,
//! `minimax`, ...) run code `bench` never touches, so each has its own small fixed search
//! here: a fixed set of positions, a fixed depth, an empty 16 MiB table and fresh heuristics
//! per position, one thread, no clock. The sum of the nodes is the configuration's signature.
//! `chainmate-lab bench --config NAME` prints one; `lab/tests/pins.rs` asserts them all, so a change
//! that moves one fails until its new value is written here — and, like `Bench: N`, the commit
//! message names every signature it moved (`Pins: plain+chessmaps 123456, ...`).
//!
//! Sets: the paper searches (`plain+...`) at depth 6 and the full-search configurations at
//! depth 9 over [`PIN_FENS`] (every fifth bench position: openings, middlegames, tactics and
//! endgames); paper 001's searches at depth 4 from the start position with the material
//! evaluator, as its table; each evaluator's `bench` at depth 8 over all 50 bench positions;
//! and `bench` itself, the engine's signature.

use crate::config::{self, ConfigError};
use crate::experiments::experiment;
use chainmate::bench::{BENCH_FENS, DEFAULT_DEPTH};
use chainmate::core::Position;

/// Which positions a pin searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PinPositions {
    /// The start position.
    Start,
    /// [`PIN_FENS`].
    Sample,
    /// All of [`BENCH_FENS`].
    Bench,
}

impl PinPositions {
    /// The positions.
    pub fn positions(self) -> Vec<Position> {
        let fens: Vec<&str> = match self {
            PinPositions::Start => return vec![Position::default()],
            PinPositions::Sample => PIN_FENS.to_vec(),
            PinPositions::Bench => BENCH_FENS.to_vec(),
        };
        fens.iter()
            .map(|f| Position::from_fen(f).expect("bench positions are valid"))
            .collect()
    }
}

/// Every fifth bench position (10 positions).
pub const PIN_FENS: [&str; 10] = {
    let mut out = [""; 10];
    let mut i = 0;
    while i < 10 {
        out[i] = BENCH_FENS[5 * i];
        i += 1;
    }
    out
};

/// One pinned configuration.
#[derive(Clone, Copy, Debug)]
pub struct Pin {
    /// The name `bench --config` takes.
    pub name: &'static str,
    /// The configuration string.
    pub spec: &'static str,
    /// Options set first (as `--set`).
    pub sets: &'static [&'static str],
    /// The positions searched.
    pub positions: PinPositions,
    /// The depth.
    pub depth: i32,
    /// The signature: total nodes.
    pub nodes: u64,
}

const MATERIAL: &[&str] = &["Evaluator=material"];

/// The evaluator the papers' search experiments (papers 000 and 002) were measured with: the
/// engine's evaluator for play until `full` replaced it. Pinned, so that their
/// figures stay comparable when the engine's evaluator changes; `base` and `pruning` set
/// their own evaluator over it.
pub const PAPERS_EVALUATOR: &[&str] = &["Evaluator=tsvetkov:tuned"];

const fn pin(name: &'static str, positions: PinPositions, depth: i32, nodes: u64) -> Pin {
    Pin {
        name,
        spec: name,
        sets: PAPERS_EVALUATOR,
        positions,
        depth,
        nodes,
    }
}

const fn paper001(name: &'static str, nodes: u64) -> Pin {
    Pin {
        name,
        spec: name,
        sets: MATERIAL,
        positions: PinPositions::Start,
        depth: 4,
        nodes,
    }
}

const fn evaluator(name: &'static str, sets: &'static [&'static str], nodes: u64) -> Pin {
    Pin {
        name,
        spec: "default",
        sets,
        positions: PinPositions::Bench,
        depth: 8,
        nodes,
    }
}

use PinPositions::{Bench, Sample};

/// Every pinned configuration and its signature.
pub const PINS: &[Pin] = &[
    Pin {
        name: "bench",
        spec: "default",
        sets: &[],
        positions: Bench,
        depth: DEFAULT_DEPTH,
        nodes: 800_972,
    },
    pin("plain", Sample, 6, 1_799_579),
    pin("plain+chessmaps", Sample, 6, 4_800_819),
    pin("plain+chessmaps+tt", Sample, 6, 1_768_924),
    pin("plain+chessmaps+mc", Sample, 6, 212_744),
    pin("plain+chessmaps+tt+mc", Sample, 6, 122_120),
    pin("plain+base", Sample, 6, 2_024_672),
    pin("plain+pruning", Sample, 6, 67_711),
    pin("plain+base+rules", Sample, 6, 105_394),
    pin("plain+rules", Sample, 6, 92_194),
    pin("default", Sample, 9, 410_109),
    pin("default+mc", Sample, 9, 46_290),
    pin("chessmaps", Sample, 9, 381_846),
    pin("chessmaps+tt", Sample, 9, 501_714),
    pin("chessmaps+mc", Sample, 9, 100_659),
    pin("rules", Sample, 9, 112_391),
    pin("base", Sample, 9, 84_976),
    pin("pruning", Sample, 9, 28_622),
    paper001("minimax", 216_369),
    paper001("alphabeta", 2_192),
    paper001("alphabeta+tt", 2_015),
    paper001("pvs", 291),
    evaluator(
        "eval:tsvetkov:paper",
        &["Evaluator=tsvetkov:paper"],
        508_954,
    ),
    evaluator(
        "eval:tsvetkov:tuned",
        &["Evaluator=tsvetkov:tuned"],
        648_484,
    ),
    evaluator("eval:material", MATERIAL, 358_311),
    evaluator("eval:weighted", &["Evaluator=weighted"], 211_603),
    // Moved from 260,923 when the mate range rose by 129 to make room for tablebase scores:
    // the power evaluator sits at the evaluator's clamp (±31,871) in these positions, where
    // the aspiration windows reach ±INFINITE, which moved with the mates.
    evaluator("eval:power", &["Evaluator=power"], 233_649),
];

/// The pin called `name`.
pub fn find(name: &str) -> Option<&'static Pin> {
    PINS.iter()
        .find(|p| p.name.eq_ignore_ascii_case(name.trim()))
}

impl Pin {
    /// Runs the pin's searches; the total nodes (compare with [`Pin::nodes`]).
    pub fn run(&self) -> Result<u64, ConfigError> {
        let sets: Vec<String> = self.sets.iter().map(|s| s.to_string()).collect();
        let config = config::search_config(self.spec, &sets)?;
        let configs = [(self.name.to_string(), config)];
        let cells = experiment::run_nodes(
            &configs,
            &[self.depth],
            &self.positions.positions(),
            16,
            |_, _| {},
        );
        Ok(cells[0].nodes.iter().sum())
    }

    /// The command that prints this signature.
    pub fn command(&self) -> String {
        format!("chainmate bench --config {}", self.name)
    }
}
