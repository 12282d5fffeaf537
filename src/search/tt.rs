//! The transposition table: a shared, lock-free hash table of search results.
//!
//! # Layout
//!
//! A table is an array of 64-byte buckets (one cache line), each holding four 16-byte entries.
//! An entry is two `AtomicU64`s: `data` packs the result, and `key_xor` stores
//! `hash ^ data`. A reader accepts an entry only if `key_xor ^ data == hash`, so an entry torn
//! by two threads writing at once (key from one write, data from another) fails the check and
//! reads as a miss — Hyatt and Mann's "lockless hashing". No locks. `unsafe` appears in two
//! places only: the cache prefetch hint in [`TranspositionTable::prefetch`], which touches no
//! memory, and the zeroed, aligned memory of the bucket array (`BucketArray`, in
//! `tt/memory.rs`: on Linux an anonymous mapping advised for transparent huge pages,
//! elsewhere the global allocator).
//!
//! # Size and clearing
//!
//! A new table is allocated zeroed (an all-zero entry is an empty one), which the operating
//! system hands out as untouched pages: `setoption name Hash value 8192` answers at once
//! instead of writing 8 GiB first, and a page costs its first write during the search.
//! Clearing a used table of up to [`TranspositionTable::IN_PLACE_CLEAR_MB`] writes zeros over
//! its pages, which stay mapped: a fresh mapping would cost its page faults and the kernel's
//! zeroing again on the next search (~10 % of `chainmate bench`'s profile, which clears
//! before each of its positions, as Ethereal's does). A larger used table swaps in a fresh zeroed allocation instead (writing
//! zeros over 8 GiB would touch every page: 20 s here); only when that cannot be had are zeros
//! written, by as many threads as the search has (`Threads`). Clearing an unused table does
//! nothing.
//!
//! `data` bit layout:
//!
//! ```text
//!  0..16  move (Move::to_bits, 0 = none)      32..48  static eval (i16)
//! 16..32  score (i16, node-relative mates)    48..56  depth (i8)
//! 56..58  bound (1 upper, 2 lower, 3 exact)   58..64  generation (6 bits)
//! ```
//!
//! # Replacement
//!
//! A store goes to the entry of the same position if the bucket has one (keeping its move
//! when the new result has none, and refusing to overwrite a much deeper result of the same
//! search with a non-exact one); otherwise to the entry with the lowest
//! `depth - 8 × age`, so that stale results from earlier searches go first and, among
//! current ones, the shallowest. This is the scheme Stockfish has used for years.
//!
//! Mate scores are stored relative to the node (see [`crate::eval::score::to_node_relative`]).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

use static_assertions::assert_eq_size;

use crate::core::Move;
use crate::eval::score::{self, Score};

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score (fail low).
    Upper = 1,
    /// The true value is at least the score (fail high).
    Lower = 2,
    /// The score is exact (a PV node).
    Exact = 3,
}

/// A table entry: what [`TranspositionTable::probe`] decodes and
/// [`TranspositionTable::store`] packs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtHit {
    /// The best (or refuting) move found, if any.
    pub mv: Option<Move>,
    /// The score, already converted to be relative to the probing ply.
    pub score: Score,
    /// The static evaluation of the position.
    pub eval: Score,
    /// The remaining depth the score was searched to.
    pub depth: i32,
    /// How the score bounds the true value.
    pub bound: Bound,
}

#[derive(Default)]
struct Entry {
    key_xor: AtomicU64,
    data: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    entries: [Entry; 4],
}

assert_eq_size!(Entry, [u64; 2]);
assert_eq_size!(Bucket, [u8; 64]);
static_assertions::const_assert_eq!(std::mem::align_of::<Bucket>(), 64);

const GENERATION_BITS: u32 = 6;
const GENERATION_CYCLE: u8 = 1 << GENERATION_BITS;

fn pack(
    mv: Option<Move>,
    score: Score,
    eval: Score,
    depth: i32,
    bound: Bound,
    generation: u8,
) -> u64 {
    let mv = mv.map_or(0, Move::to_bits) as u64;
    let score = score as i16 as u16 as u64;
    let eval = eval as i16 as u16 as u64;
    let depth = depth.clamp(i8::MIN as i32, i8::MAX as i32) as i8 as u8 as u64;
    mv | score << 16 | eval << 32 | depth << 48 | (bound as u64) << 56 | (generation as u64) << 58
}

fn unpack_move(data: u64) -> Option<Move> {
    Move::from_bits(data as u16)
}
fn unpack_depth(data: u64) -> i32 {
    (data >> 48) as u8 as i8 as i32
}
fn unpack_bound(data: u64) -> Option<Bound> {
    match (data >> 56) & 3 {
        1 => Some(Bound::Upper),
        2 => Some(Bound::Lower),
        3 => Some(Bound::Exact),
        _ => None,
    }
}
fn unpack_generation(data: u64) -> u8 {
    (data >> 58) as u8
}

/// A table size the machine would not give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableAllocError {
    /// The size asked for, MiB.
    pub mb: usize,
}

impl std::fmt::Display for TableAllocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot allocate a {} MiB hash table", self.mb)
    }
}

impl std::error::Error for TableAllocError {}

mod memory;
use memory::BucketArray;
#[cfg(test)]
use memory::HUGE_PAGE;

/// The transposition table. Shared by reference between search threads.
pub struct TranspositionTable {
    buckets: BucketArray,
    generation: AtomicU8,
    /// Whether a search may have written since the table was zeroed.
    used: AtomicBool,
}

/// Hints the CPU to start fetching the cache line of `value`, to be read soon.
#[inline(always)]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: prefetching is a hint with no memory effects; any address is allowed, and this
    // one is a live reference.
    unsafe {
        std::arch::x86_64::_mm_prefetch(
            value as *const T as *const i8,
            std::arch::x86_64::_MM_HINT_T0,
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

impl TranspositionTable {
    /// The largest size accepted, in MiB.
    pub const MAX_MB: usize = 65_536;

    /// The largest table (MiB) that [`Self::clear`] zeroes in place rather than remapping.
    pub const IN_PLACE_CLEAR_MB: usize = 64;

    /// A table of (about) `mb` MiB, at least one bucket. Panics if the memory cannot be had;
    /// front ends that take the size from a user call [`TranspositionTable::try_new`].
    pub fn new(mb: usize) -> Self {
        Self::try_new(mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of (about) `mb` MiB, or an error when the allocation fails (an address-space
    /// limit, or more than the machine has): the caller keeps its old table.
    pub fn try_new(mb: usize) -> Result<Self, TableAllocError> {
        let mb = mb.clamp(1, Self::MAX_MB);
        let count = ((mb << 20) / std::mem::size_of::<Bucket>()).max(1);
        let buckets = BucketArray::zeroed(count).ok_or(TableAllocError { mb })?;
        Ok(TranspositionTable {
            buckets,
            generation: AtomicU8::new(0),
            used: AtomicBool::new(false),
        })
    }

    /// The table's size in MiB.
    pub fn size_mb(&self) -> usize {
        (self.buckets.len() * std::mem::size_of::<Bucket>()) >> 20
    }

    /// Forgets everything (UCI `ucinewgame`, `Clear Hash`), on this thread.
    pub fn clear(&mut self) {
        self.clear_with_threads(1);
    }

    /// Forgets everything. A table no search has written to is already clear; a used one of
    /// up to [`Self::IN_PLACE_CLEAR_MB`] is written with zeros where it is (its pages stay
    /// mapped); a larger one is replaced by a fresh zeroed allocation (untouched pages: as fast
    /// for 8 GiB as for 16 MiB), or, if the system will not give one, written with zeros by
    /// `threads` threads.
    pub fn clear_with_threads(&mut self, threads: usize) {
        self.generation.store(0, Ordering::Relaxed);
        if !self.used.swap(false, Ordering::Relaxed) {
            return;
        }
        if self.size_mb() <= Self::IN_PLACE_CLEAR_MB {
            self.buckets.fill_with(Bucket::default);
            return;
        }
        if let Some(fresh) = BucketArray::zeroed(self.buckets.len()) {
            self.buckets = fresh;
            return;
        }
        let chunk = self.buckets.len().div_ceil(threads.max(1)).max(1);
        std::thread::scope(|scope| {
            for part in self.buckets.chunks_mut(chunk) {
                scope.spawn(move || part.fill_with(Bucket::default));
            }
        });
    }

    /// Writes zeros over every bucket, so that the pages are mapped before a search instead
    /// of costing their first write during it (`chainmate bench` does this before its clock
    /// starts: Ethereal's and Stockfish's tables are written when allocated).
    pub fn prefault(&mut self) {
        self.buckets.fill_with(Bucket::default);
    }

    /// Starts a new search: entries written from now on are "current", older ones age.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation
            .store((g + 1) % GENERATION_CYCLE, Ordering::Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, hash: u64) -> &Bucket {
        // Multiply-shift maps the hash uniformly onto 0..len without a division.
        let index = ((hash as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Hints the CPU to start fetching the bucket of `hash` (call right after a move is made).
    #[inline(always)]
    pub fn prefetch(&self, hash: u64) {
        prefetch(self.bucket(hash));
    }

    /// Looks up `hash`; `ply` converts stored mate scores back to root distance.
    #[inline]
    pub fn probe(&self, hash: u64, ply: usize) -> Option<TtHit> {
        for entry in &self.bucket(hash).entries {
            let data = entry.data.load(Ordering::Relaxed);
            let key = entry.key_xor.load(Ordering::Relaxed) ^ data;
            if key != hash {
                continue;
            }
            let bound = unpack_bound(data)?;
            return Some(TtHit {
                mv: unpack_move(data),
                score: score::from_node_relative((data >> 16) as u16 as i16 as Score, ply),
                eval: (data >> 32) as u16 as i16 as Score,
                depth: unpack_depth(data),
                bound,
            });
        }
        None
    }

    /// Stores a search result for `hash` searched at `ply` (see the module doc for the rule);
    /// `result.score` is relative to the root, as the search uses it at `ply`.
    #[inline]
    pub fn store(&self, hash: u64, ply: usize, result: TtHit) {
        let TtHit {
            mv,
            score,
            eval,
            depth,
            bound,
        } = result;
        if !self.used.load(Ordering::Relaxed) {
            // Written once per table fill; afterwards only read, so the line stays shared.
            self.used.store(true, Ordering::Relaxed);
        }
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(hash);
        let mut victim = &bucket.entries[0];
        let mut victim_worth = i32::MAX;
        for entry in &bucket.entries {
            let data = entry.data.load(Ordering::Relaxed);
            let key = entry.key_xor.load(Ordering::Relaxed) ^ data;
            if key == hash || unpack_bound(data).is_none() {
                victim = entry;
                break;
            }
            let age = (generation.wrapping_sub(unpack_generation(data)) % GENERATION_CYCLE) as i32;
            let worth = unpack_depth(data) - 8 * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = entry;
            }
        }
        let old = victim.data.load(Ordering::Relaxed);
        let same_position = victim.key_xor.load(Ordering::Relaxed) ^ old == hash;
        let mut mv = mv;
        if same_position {
            // Keep a known best move rather than erase it with "no move".
            mv = mv.or_else(|| unpack_move(old));
            // Do not let a shallow bound of the current search overwrite a much deeper result.
            if bound != Bound::Exact
                && unpack_generation(old) == generation
                && unpack_depth(old) > depth + 3
            {
                return;
            }
        }
        let data = pack(
            mv,
            score::to_node_relative(score, ply),
            eval,
            depth,
            bound,
            generation,
        );
        victim.data.store(data, Ordering::Relaxed);
        victim.key_xor.store(hash ^ data, Ordering::Relaxed);
    }

    /// Permille of sampled entries written during the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.buckets.len().min(250);
        let used: usize = self.buckets[..sample]
            .iter()
            .flat_map(|b| &b.entries)
            .filter(|e| {
                let d = e.data.load(Ordering::Relaxed);
                unpack_bound(d).is_some() && unpack_generation(d) == generation
            })
            .count();
        (used * 1000 / (sample * 4)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{MoveKind, Square};

    #[test]
    fn store_then_probe_round_trips_every_field() {
        let tt = TranspositionTable::new(1);
        let mv = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
        tt.store(
            0xDEAD_BEEF,
            3,
            TtHit {
                mv: Some(mv),
                score: -1234,
                eval: 56,
                depth: 9,
                bound: Bound::Lower,
            },
        );
        let hit = tt.probe(0xDEAD_BEEF, 3).expect("stored entry is found");
        assert_eq!(
            hit,
            TtHit {
                mv: Some(mv),
                score: -1234,
                eval: 56,
                depth: 9,
                bound: Bound::Lower
            }
        );
        assert_eq!(tt.probe(0xDEAD_BEEE, 3), None);
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let tt = TranspositionTable::new(1);
        // Found at ply 4: mate in 10 plies from the root = mate in 6 from this node.
        tt.store(
            42,
            4,
            TtHit {
                mv: None,
                score: score::mate_in(10),
                eval: 0,
                depth: 5,
                bound: Bound::Exact,
            },
        );
        // Seen again at ply 2 it is a mate in 8 plies from the root.
        assert_eq!(tt.probe(42, 2).unwrap().score, score::mate_in(8));
    }

    #[test]
    fn stale_entries_are_replaced_before_current_deep_ones() {
        let tt = TranspositionTable::new(1);
        let n = tt.buckets.len() as u128;
        // Five keys that map to bucket 0: the top 64 bits of key * n must be 0.
        let keys: Vec<u64> = (1..=5u64).collect();
        assert!(keys.iter().all(|&k| (k as u128 * n) >> 64 == 0));
        tt.store(
            keys[0],
            0,
            TtHit {
                mv: None,
                score: 1,
                eval: 0,
                depth: 1,
                bound: Bound::Exact,
            },
        ); // old and shallow
        tt.new_search();
        for &k in &keys[1..4] {
            tt.store(
                k,
                0,
                TtHit {
                    mv: None,
                    score: 1,
                    eval: 0,
                    depth: 20,
                    bound: Bound::Exact,
                },
            );
        }
        tt.store(
            keys[4],
            0,
            TtHit {
                mv: None,
                score: 1,
                eval: 0,
                depth: 2,
                bound: Bound::Exact,
            },
        );
        assert!(tt.probe(keys[0], 0).is_none(), "the stale entry made room");
        assert!(keys[1..].iter().all(|&k| tt.probe(k, 0).is_some()));
    }

    #[test]
    fn hashfull_counts_only_current_entries() {
        let mut tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        for i in 0..100_000u64 {
            let result = TtHit {
                mv: None,
                score: 0,
                eval: 0,
                depth: 1,
                bound: Bound::Exact,
            };
            tt.store(i.wrapping_mul(0x9E37_79B9_7F4A_7C15), 0, result);
        }
        assert!(tt.hashfull() > 500);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
        tt.clear();
        assert!(tt.probe(0x9E37_79B9_7F4A_7C15, 0).is_none());
    }

    #[test]
    fn a_new_table_is_empty_and_clearing_with_threads_empties_it() {
        let keys: Vec<u64> = (1..=50_000u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        // Zeroed in place (2 MiB) and swapped for a fresh mapping (above the in-place limit).
        for mb in [2, TranspositionTable::IN_PLACE_CLEAR_MB * 2] {
            let mut tt = TranspositionTable::new(mb);
            assert!(keys.iter().all(|&k| tt.probe(k, 0).is_none()));
            // Writing the pages in advance leaves the table empty.
            tt.prefault();
            assert!(keys.iter().all(|&k| tt.probe(k, 0).is_none()));
            let hit = TtHit {
                mv: None,
                score: 7,
                eval: 3,
                depth: 5,
                bound: Bound::Lower,
            };
            for &k in &keys {
                tt.store(k, 0, hit);
            }
            let kept = keys.iter().filter(|&&k| tt.probe(k, 0).is_some()).count();
            assert!(kept > 10_000, "{mb} MiB: {kept}");
            tt.clear_with_threads(3);
            assert!(keys.iter().all(|&k| tt.probe(k, 0).is_none()), "{mb} MiB");
            assert_eq!(tt.size_mb(), mb);
        }
    }

    #[test]
    fn buckets_are_cache_line_aligned_and_large_tables_huge_page_aligned() {
        for mb in [1, 4] {
            let tt = TranspositionTable::new(mb);
            let start = tt.buckets.as_ptr() as usize;
            assert_eq!(start % 64, 0, "{mb} MiB");
            assert_eq!(tt.buckets.len(), (mb << 20) / 64);
            if cfg!(target_os = "linux") && mb >= 2 {
                assert_eq!(start % HUGE_PAGE, 0, "{mb} MiB");
            }
            // The last bucket is inside the table's memory and starts empty.
            assert!(tt.buckets[tt.buckets.len() - 1]
                .entries
                .iter()
                .all(|e| e.data.load(Ordering::Relaxed) == 0));
        }
    }
}
