//! The tables `build.rs` generates, included once: slider attack tables (magic and PEXT
//! indexed), leaper and pawn attacks, `between` and `line` tables, and the Zobrist keys.
//!
//! They are plain data written as Rust source into `$OUT_DIR/tables.rs`; [`super::attacks`]
//! and [`super::zobrist`] give them their meaning. Nothing else reads them directly.

/// One square's magic entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Magic {
    /// Squares whose occupancy matters (board edges excluded).
    pub(crate) mask: u64,
    /// The multiplier that maps every blocker subset to a collision-free index.
    pub(crate) magic: u64,
    /// `64 - popcount(mask)`.
    pub(crate) shift: u32,
    /// Where this square's slice of the attack table starts.
    pub(crate) offset: usize,
}

include!(concat!(env!("OUT_DIR"), "/tables.rs"));
