//! Solving EPD test suites (`bm` best moves, `am` moves to avoid), as `chainmate epd` does.

use crate::core::Position;
use crate::formats::epd::{EpdError, EpdRecord};
use crate::search::{
    self, Extension, Limits, SearchConfig, SearchControl, Silent, TranspositionTable,
};

/// A position the engine did not solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The record's `id` (or its line number).
    pub id: String,
    /// What the engine played, in SAN like the `bm`/`am` moves, or `none`.
    pub played: String,
    /// The `bm` moves (SAN as written).
    pub best: Vec<String>,
    /// The `am` moves.
    pub avoid: Vec<String>,
}

impl Failure {
    /// `played Qxf7+, expected Nf3 Ne5, avoid Qh5`: the moves in one notation (SAN).
    pub fn describe(&self) -> String {
        let mut out = format!("played {}", self.played);
        if !self.best.is_empty() {
            out.push_str(&format!(", expected {}", self.best.join(" ")));
        }
        if !self.avoid.is_empty() {
            out.push_str(&format!(", avoid {}", self.avoid.join(" ")));
        }
        out
    }
}

/// The outcome of a suite run.
#[derive(Clone, Debug, Default)]
pub struct SuiteReport {
    /// Positions solved.
    pub solved: usize,
    /// The others.
    pub failures: Vec<Failure>,
    /// Nodes searched in all.
    pub nodes: u64,
}

/// Parses every non-blank, non-`#` line; returns the records and the lines that cannot be
/// solved (1-based line number and error): unreadable ones, and those without a `bm` or `am`
/// move ([`EpdError::NoTarget`]), which would count as solved whatever the engine played.
pub fn parse_suite(text: &str) -> (Vec<EpdRecord>, Vec<(usize, EpdError)>) {
    let mut records = Vec::new();
    let mut errors = Vec::new();
    for (n, line) in crate::formats::records(text) {
        match EpdRecord::parse(line).and_then(checked) {
            Ok(r) => records.push(r),
            Err(e) => errors.push((n, e)),
        }
    }
    (records, errors)
}

/// `record` if its `bm` and `am` moves are legal and it has at least one.
fn checked(record: EpdRecord) -> Result<EpdRecord, EpdError> {
    let (best, avoid) = (record.moves("bm")?, record.moves("am")?);
    if best.is_empty() && avoid.is_empty() {
        return Err(EpdError::NoTarget);
    }
    Ok(record)
}

/// Whether playing `mv` solves `record`: one of its `bm` moves (if any) and none of its `am`.
pub fn solves(record: &EpdRecord, mv: crate::core::Move) -> bool {
    let best = record.moves("bm").unwrap_or_default();
    let avoid = record.moves("am").unwrap_or_default();
    (best.is_empty() || best.contains(&mv)) && !avoid.contains(&mv)
}

/// Searches every record with `limits` (fresh hash table each) and checks the moves.
/// `progress(done, solved)` is called after each position.
pub fn solve_all<X: Extension>(
    records: &[EpdRecord],
    limits: &Limits,
    config: &SearchConfig<X>,
    hash_mb: usize,
    progress: impl FnMut(usize, usize),
) -> SuiteReport {
    solve_until(
        records,
        limits,
        config,
        hash_mb,
        &SearchControl::default(),
        progress,
    )
    .expect("nothing stops it")
}

/// [`solve_all`] under `control` (a fresh one: not stopped, not pondering): `None` when it is
/// stopped before the last position's search ends (a UCI `stop` or `quit` during `epd`).
pub fn solve_until<X: Extension>(
    records: &[EpdRecord],
    limits: &Limits,
    config: &SearchConfig<X>,
    hash_mb: usize,
    control: &SearchControl,
    mut progress: impl FnMut(usize, usize),
) -> Option<SuiteReport> {
    let mut tt = TranspositionTable::new(hash_mb);
    let mut report = SuiteReport::default();
    for (i, record) in records.iter().enumerate() {
        tt.clear();
        let result = search::search(
            &Position::new(record.board),
            limits,
            config,
            &tt,
            control,
            &Silent,
        );
        if control.stopped() {
            return None;
        }
        report.nodes += result.nodes;
        match result.best_move {
            Some(mv) if solves(record, mv) => report.solved += 1,
            played => report.failures.push(Failure {
                id: record
                    .id()
                    .map_or_else(|| format!("#{}", i + 1), str::to_string),
                played: played.map_or("none".to_string(), |m| record.board.san(m)),
                best: record.operands("bm").unwrap_or(&[]).to_vec(),
                avoid: record.operands("am").unwrap_or(&[]).to_vec(),
            }),
        }
        progress(i + 1, report.solved);
    }
    Some(report)
}
