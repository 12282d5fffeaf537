//! Generates `$OUT_DIR/tables.rs`: slider attack tables (magic bitboards, plus PEXT-indexed
//! tables when the target has BMI2), leaper and pawn attacks, between/line tables and the
//! Zobrist keys. Everything is derived from `src/core/geometry.rs` (the slow ray walker, which
//! the tests also use as their oracle) and the pinned SplitMix64 generator in
//! `src/core/prng.rs`, with fixed seeds: the output is byte-for-byte deterministic.

#[path = "src/core/geometry.rs"]
mod geometry;
#[path = "src/core/prng.rs"]
mod prng;

use std::fmt::Write as _;
use std::path::PathBuf;

use geometry::*;
use prng::SplitMix64;

/// One square's magic: its blocker mask, multiplier, shift and offset into the shared table.
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// Finds a magic for every square by trial: sparse random candidates from `rng` until one maps
/// every blocker subset to a slot holding the same attack set (constructive collisions allowed,
/// destructive ones not). Returns the magics and the filled magic-indexed table.
fn find_magics(directions: &[(i8, i8)], rng: &mut SplitMix64) -> (Vec<Magic>, Vec<u64>, Vec<u64>) {
    let mut magics = Vec::with_capacity(64);
    let mut magic_table = Vec::new();
    let mut pext_table = Vec::new();
    // Slot generation tags, so a failed attempt does not have to clear the scratch table.
    let mut tag = vec![0u32; 4096];
    let mut slot = vec![0u64; 4096];
    let mut attempt = 0u32;
    for sq in 0..64 {
        let mask = relevant_occupancy(sq, directions);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        let shift = 64 - bits;
        let blockers: Vec<u64> = subsets(mask).collect();
        let reference: Vec<u64> = blockers
            .iter()
            .map(|&b| slow_slider_attacks(sq, b, directions))
            .collect();
        let magic = loop {
            let candidate = rng.next_sparse();
            // A multiplier that leaves the top byte sparse cannot spread the mask's bits.
            if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            attempt += 1;
            let ok = blockers.iter().zip(&reference).all(|(&b, &att)| {
                let idx = (b.wrapping_mul(candidate) >> shift) as usize;
                if tag[idx] != attempt {
                    tag[idx] = attempt;
                    slot[idx] = att;
                    true
                } else {
                    slot[idx] == att
                }
            });
            if ok {
                break candidate;
            }
        };
        let offset = magic_table.len();
        magic_table.resize(offset + size, 0);
        for (&b, &att) in blockers.iter().zip(&reference) {
            magic_table[offset + (b.wrapping_mul(magic) >> shift) as usize] = att;
        }
        // `subsets` yields blockers in increasing order, which is increasing PEXT order.
        debug_assert!(blockers
            .iter()
            .enumerate()
            .all(|(i, &b)| soft_pext(b, mask) == i as u64));
        pext_table.extend_from_slice(&reference);
        magics.push(Magic {
            mask,
            magic,
            shift,
            offset,
        });
    }
    (magics, magic_table, pext_table)
}

fn write_u64_array(out: &mut String, name: &str, doc: &str, values: &[u64]) {
    writeln!(out, "#[doc = {doc:?}]").unwrap();
    writeln!(out, "pub(crate) static {name}: [u64; {}] = [", values.len()).unwrap();
    for chunk in values.chunks(8) {
        out.push_str("   ");
        for v in chunk {
            write!(out, " {v:#x},").unwrap();
        }
        out.push('\n');
    }
    out.push_str("];\n");
}

fn write_magics(out: &mut String, name: &str, magics: &[Magic]) {
    writeln!(
        out,
        "/// Per-square magic entries (mask, multiplier, shift, table offset)."
    )
    .unwrap();
    writeln!(out, "pub(crate) static {name}: [Magic; 64] = [").unwrap();
    for m in magics {
        writeln!(
            out,
            "    Magic {{ mask: {:#x}, magic: {:#x}, shift: {}, offset: {} }},",
            m.mask, m.magic, m.shift, m.offset
        )
        .unwrap();
    }
    out.push_str("];\n");
}

/// The output of `git` with `args` in the package's directory, trimmed; `None` when git is
/// missing, fails or prints nothing (a source archive without `.git`).
fn git(args: &[&str]) -> Option<String> {
    let out = std::process::Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !text.is_empty()).then_some(text)
}

/// Sets `CHAINMATE_COMMIT` for `--version`: `$CHAINMATE_COMMIT` when the builder gives it (a
/// packager building from an archive), else `git rev-parse --short HEAD`, else `unknown`. The
/// build reruns when the checkout moves to another commit (HEAD, the branch it names, packed
/// refs).
fn commit() {
    println!("cargo:rerun-if-env-changed=CHAINMATE_COMMIT");
    let commit = std::env::var("CHAINMATE_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .or_else(|| git(&["rev-parse", "--short", "HEAD"]))
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=CHAINMATE_COMMIT={}", commit.trim());
    let mut watched = vec![git(&["rev-parse", "--git-path", "HEAD"])];
    if let Some(branch) = git(&["rev-parse", "--symbolic-full-name", "HEAD"]) {
        watched.push(git(&["rev-parse", "--git-path", &branch]));
    }
    watched.push(git(&["rev-parse", "--git-path", "packed-refs"]));
    for path in watched.into_iter().flatten() {
        if std::path::Path::new(&path).exists() {
            println!("cargo:rerun-if-changed={path}");
        }
    }
}

fn main() {
    for path in ["build.rs", "src/core/geometry.rs", "src/core/prng.rs"] {
        println!("cargo:rerun-if-changed={path}");
    }
    commit();
    let bmi2 = std::env::var("CARGO_CFG_TARGET_FEATURE")
        .map(|f| f.split(',').any(|x| x == "bmi2"))
        .unwrap_or(false);

    let mut out = String::with_capacity(8 << 20);
    out.push_str("// @generated by build.rs — do not edit.\n\n");

    let mut rng = SplitMix64::new(prng::MAGIC_SEED);
    for (prefix, dirs) in [("ROOK", &ROOK_DIRECTIONS), ("BISHOP", &BISHOP_DIRECTIONS)] {
        let (magics, magic_table, pext_table) = find_magics(dirs, &mut rng);
        write_magics(&mut out, &format!("{prefix}_MAGICS"), &magics);
        write_u64_array(
            &mut out,
            &format!("{prefix}_MAGIC_TABLE"),
            "Slider attacks indexed by magic multiplication.",
            &magic_table,
        );
        if bmi2 {
            write_u64_array(
                &mut out,
                &format!("{prefix}_PEXT_TABLE"),
                "Slider attacks indexed by PEXT of the blockers (same per-square offsets).",
                &pext_table,
            );
        }
        let rays: Vec<u64> = (0..64).map(|sq| slow_slider_attacks(sq, 0, dirs)).collect();
        write_u64_array(
            &mut out,
            &format!("{prefix}_RAYS"),
            "Slider attacks on an empty board.",
            &rays,
        );
    }

    let knight: Vec<u64> = (0..64).map(|s| leaper_attacks(s, &KNIGHT_STEPS)).collect();
    let king: Vec<u64> = (0..64).map(|s| leaper_attacks(s, &KING_STEPS)).collect();
    let pawn: Vec<u64> = [true, false]
        .iter()
        .flat_map(|&white| (0..64).map(move |s| pawn_attacks(white, s)))
        .collect();
    write_u64_array(&mut out, "KNIGHT_ATTACKS", "Knight attacks.", &knight);
    write_u64_array(&mut out, "KING_ATTACKS", "King attacks.", &king);
    write_u64_array(
        &mut out,
        "PAWN_ATTACKS",
        "Pawn attacks, White's 64 then Black's 64.",
        &pawn,
    );
    let pairs = || (0..64).flat_map(|a| (0..64).map(move |b| (a, b)));
    let between_table: Vec<u64> = pairs().map(|(a, b)| between(a, b)).collect();
    let line_table: Vec<u64> = pairs().map(|(a, b)| line(a, b)).collect();
    write_u64_array(
        &mut out,
        "BETWEEN",
        "Squares strictly between two aligned squares, indexed a * 64 + b.",
        &between_table,
    );
    write_u64_array(
        &mut out,
        "LINE",
        "The full line through two aligned squares, indexed a * 64 + b.",
        &line_table,
    );

    // Zobrist keys: 2 colours x 6 pieces x 64 squares, 4 castling rights, 8 files, 1 side.
    let mut zrng = SplitMix64::new(prng::ZOBRIST_SEED);
    let pieces: Vec<u64> = (0..768).map(|_| zrng.next_u64()).collect();
    let castling_rights: Vec<u64> = (0..4).map(|_| zrng.next_u64()).collect();
    let ep: Vec<u64> = (0..8).map(|_| zrng.next_u64()).collect();
    let side = zrng.next_u64();
    // The key of a set of castling rights is the XOR of its rights' keys.
    let castling: Vec<u64> = (0..16usize)
        .map(|set| {
            (0..4)
                .filter(|bit| set >> bit & 1 == 1)
                .fold(0, |k, bit| k ^ castling_rights[bit])
        })
        .collect();
    write_u64_array(
        &mut out,
        "ZOBRIST_PIECES",
        "Zobrist keys, indexed (colour * 6 + piece) * 64 + square.",
        &pieces,
    );
    write_u64_array(
        &mut out,
        "ZOBRIST_CASTLING",
        "Zobrist keys of the 16 castling-right sets (XOR of the 4 single-right keys).",
        &castling,
    );
    write_u64_array(
        &mut out,
        "ZOBRIST_CASTLING_SINGLE",
        "Zobrist keys of the single castling rights K, Q, k, q.",
        &castling_rights,
    );
    write_u64_array(
        &mut out,
        "ZOBRIST_EP",
        "Zobrist keys of the en-passant file.",
        &ep,
    );
    writeln!(
        out,
        "/// Zobrist key XORed in when Black is to move.\npub(crate) const ZOBRIST_SIDE: u64 = {side:#x};"
    )
    .unwrap();

    let path = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("tables.rs");
    std::fs::write(path, out).unwrap();
}
