//! SplitMix64: the pinned pseudo-random generator behind every generated constant.
//!
//! Magic numbers and Zobrist keys are derived from this generator with fixed seeds, so they
//! never change with a compiler or crate version (a `rand` upgrade would silently change
//! every hash key and every stored test signature). SplitMix64 is Steele, Lea & Flood's
//! generator from "Fast Splittable Pseudorandom Number Generators" (OOPSLA 2014), the same
//! one Java's `SplittableRandom` uses; it passes BigCrush and is four lines long.
//!
//! Shared with `build.rs` through `#[path]`, so it depends on nothing.

#![allow(dead_code)]

/// Seed of the Zobrist key stream.
pub const ZOBRIST_SEED: u64 = 0x0C4A_1B3A_7E00_2026;
/// Seed of the magic-number search.
pub const MAGIC_SEED: u64 = 0x3A61_C5EE_D00D_F00D;

/// SplitMix64 state.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator starting from `seed`.
    pub const fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 uniformly distributed bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number with about one bit in eight set: good magic-number candidates are sparse.
    pub fn next_sparse(&mut self) -> u64 {
        self.next_u64() & self.next_u64() & self.next_u64()
    }
}
