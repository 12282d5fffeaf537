//! The weights' type: [`Tapered`] pairs named by phase and element; the `full_params!` macro
//! that declares the weight struct ([`super::weights`]) with its flat indices (the tuner's
//! coordinates) and field table; and [`rust_block`], which writes a set of weights as that
//! declaration, so a fit is shipped by pasting its output over the block.

use std::fmt::Write as _;

use crate::core::Square;
use crate::eval::param_set::{InvalidValue, ParamField, ParamKind, ParamSet};

/// A middlegame/endgame pair of weights, in centipawns.
pub type S = [i32; 2];

/// A pair packed into one integer, the middlegame value in the low 16 bits and the endgame
/// value above them, so that a sum of `weight × count` costs one multiplication and one
/// addition instead of two each. Sums of packed pairs (wrapping) unpack exactly
/// ([`unpack`]) as long as each phase's true sum stays within ±32,767 — an evaluation's
/// sums stay far inside that (material and positional terms of a whole board are a few
/// thousand centipawns).
#[inline(always)]
pub(super) const fn pack(s: S) -> i32 {
    s[1].wrapping_shl(16).wrapping_add(s[0])
}

/// The pair of a packed sum ([`pack`]).
#[inline(always)]
pub(super) const fn unpack(p: i32) -> S {
    let mg = p as i16 as i32;
    [mg, p.wrapping_sub(mg) >> 16]
}

/// `N` tapered weights: a parameter field whose values are named `field_mg_i`/`field_eg_i`
/// (`field_mg`/`field_eg` for a single pair, `field_mg_e4` for a piece-square table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tapered<const N: usize>(pub [S; N]);

impl Tapered<64> {
    /// A table by square from two diagrams, the middlegame weights and the endgame weights,
    /// each written as a board is printed: rank 8 first, the a-file first in each rank.
    pub const fn from_diagrams(mg: [i32; 64], eg: [i32; 64]) -> Self {
        let mut t = [[0; 2]; 64];
        let mut i = 0;
        while i < 64 {
            t[i] = [mg[i ^ 56], eg[i ^ 56]];
            i += 1;
        }
        Tapered(t)
    }
}

const PHASES: [&str; 2] = ["mg", "eg"];

impl<const N: usize> ParamField for Tapered<N> {
    fn kind(&self) -> ParamKind {
        ParamKind::Integer
    }
    fn count(&self) -> usize {
        2 * N
    }
    fn suffix(&self, i: usize) -> String {
        let phase = PHASES[i % 2];
        match N {
            1 => format!("_{phase}"),
            64 => format!("_{phase}_{}", Square::ALL[i / 2]),
            _ => format!("_{phase}_{}", i / 2),
        }
    }
    fn index_of(&self, suffix: &str) -> Option<usize> {
        let rest = suffix.strip_prefix('_')?;
        let phase = PHASES.iter().position(|p| rest.starts_with(p))?;
        let element = &rest[2..];
        let e = match N {
            1 => element.is_empty().then_some(0)?,
            64 => element.strip_prefix('_')?.parse::<Square>().ok()?.index(),
            _ => element
                .strip_prefix('_')?
                .parse::<usize>()
                .ok()
                .filter(|&e| e < N)?,
        };
        Some(2 * e + phase)
    }
    fn get(&self, i: usize) -> f64 {
        self.0[i / 2][i % 2] as f64
    }
    fn set(&mut self, i: usize, value: f64) -> Result<(), InvalidValue> {
        if !(value.is_finite() && value.fract() == 0.0 && value.abs() <= 1e6) {
            return Err(InvalidValue);
        }
        self.0[i / 2][i % 2] = value as i32;
        Ok(())
    }
}

/// Declares the parameter struct (through [`crate::params!`]), the flat index of each field's
/// first weight (`idx::field`), the field table and conversions to and from one flat vector.
macro_rules! full_params {
    ( $( $(#[doc = $doc:literal])* $field:ident : $n:literal = $default:expr ),* $(,)? ) => {
        crate::params! {
            /// Parameters of `full`: every weight a (middlegame, endgame) pair in
            /// centipawns.
            pub struct FullParams {
                $( $(#[doc = $doc])* $field: Tapered<$n> = $default, )*
            }
        }

        /// Flat index of each field's first weight pair (the tuner's coordinates).
        #[allow(non_upper_case_globals, missing_docs)]
        pub mod idx {
            $crate::eval::full::tapered::full_params!(@offsets 0usize; $($field : $n,)*);
        }

        /// Every field: name, flat index of its first pair, number of pairs.
        pub const FIELDS: &[(&str, usize, usize)] = &[ $( (stringify!($field), idx::$field, $n), )* ];

        impl FullParams {
            /// All weight pairs in flat order.
            pub fn flat(&self) -> Vec<S> {
                let mut v = Vec::with_capacity(idx::LEN);
                $( v.extend_from_slice(&self.$field.0); )*
                v
            }
            /// Sets every weight pair from flat order (`w.len() == idx::LEN`).
            pub fn set_flat(&mut self, w: &[S]) {
                assert_eq!(w.len(), idx::LEN, "one pair per weight");
                $( self.$field.0.copy_from_slice(&w[idx::$field..idx::$field + $n]); )*
            }
        }
    };
    (@offsets $acc:expr; ) => {
        /// Number of weight pairs.
        pub const LEN: usize = $acc;
    };
    (@offsets $acc:expr; $field:ident : $n:literal, $($rest:tt)*) => {
        pub const $field: usize = $acc;
        $crate::eval::full::tapered::full_params!(@offsets $acc + $n; $($rest)*);
    };
}
pub(super) use full_params;

/// The widest line [`rust_block`] writes (rustfmt's default width).
const WIDTH: usize = 100;

/// `weights` (every field a [`Tapered`]) as the `full_params!` block of `weights.rs`: each
/// field's documentation wrapped at 100 columns, then `name: N = value` with the values as
/// literals — a list of pairs, a table by square as two diagrams
/// ([`Tapered::from_diagrams`]). `chainmate-lab eval --evaluator full --params FIT --dump-params
/// --rust` prints it for a fitted file; a test keeps the source equal to what this writes for
/// the defaults, so pasting a new block changes the numbers and nothing else.
pub fn rust_block(weights: &dyn ParamSet) -> String {
    let mut out = String::from("full_params! {\n");
    for (name, doc, field) in weights.fields() {
        for line in wrap(doc, WIDTH - "    /// ".len()) {
            writeln!(out, "    /// {line}").expect("writing to a String");
        }
        let pairs: Vec<[i32; 2]> = (0..field.count() / 2)
            .map(|e| [field.get(2 * e) as i32, field.get(2 * e + 1) as i32])
            .collect();
        if pairs.len() == 64 {
            write_diagrams(&mut out, name, &pairs);
        } else {
            write_pairs(&mut out, name, &pairs);
        }
    }
    out.push_str("}\n");
    out
}

/// `text`'s words in lines of at most `width` characters.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// A field of pairs: on one line when it fits, else 8, 4, 2 or 1 aligned pairs a line (each
/// line indented 8 and ending in a comma, within [`WIDTH`]).
fn write_pairs(out: &mut String, name: &str, pairs: &[[i32; 2]]) {
    let n = pairs.len();
    let plain: Vec<String> = pairs.iter().map(|[m, e]| format!("[{m}, {e}]")).collect();
    let one_line = format!("    {name}: {n} = Tapered([{}]),", plain.join(", "));
    if one_line.chars().count() <= WIDTH {
        out.push_str(&one_line);
        out.push('\n');
        return;
    }
    let width = |phase: usize| pairs.iter().map(|p| p[phase].to_string().len()).max();
    let (wm, we) = (width(0).unwrap_or(1), width(1).unwrap_or(1));
    let aligned: Vec<String> = pairs
        .iter()
        .map(|[m, e]| format!("[{m:>wm$}, {e:>we$}]"))
        .collect();
    let pair = wm + we + 4;
    let per_line = [8, 4, 2, 1]
        .into_iter()
        .find(|&k| 8 + k * pair + 2 * (k - 1) < WIDTH)
        .unwrap_or(1);
    writeln!(out, "    {name}: {n} = Tapered([").expect("writing to a String");
    for line in aligned.chunks(per_line) {
        writeln!(out, "        {},", line.join(", ")).expect("writing to a String");
    }
    out.push_str("    ]),\n");
}

/// A table by square: the middlegame and the endgame weights as two diagrams, rank 8 first.
fn write_diagrams(out: &mut String, name: &str, pairs: &[[i32; 2]]) {
    let w = pairs
        .iter()
        .flatten()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    writeln!(out, "    {name}: 64 = Tapered::from_diagrams(").expect("writing to a String");
    for phase in 0..2 {
        out.push_str(["        // middlegame\n", "        // endgame\n"][phase]);
        out.push_str("        [\n");
        for rank in (0..8).rev() {
            let row: Vec<String> = (0..8)
                .map(|file| format!("{:>w$}", pairs[rank * 8 + file][phase]))
                .collect();
            writeln!(out, "            {},", row.join(", ")).expect("writing to a String");
        }
        out.push_str("        ],\n");
    }
    out.push_str("    ),\n");
}

#[cfg(test)]
mod tests {
    use super::super::{idx, FullParams};
    use super::{rust_block, wrap, Tapered};
    use crate::core::Square;
    use crate::eval::param_set::ParamSet;

    #[test]
    fn tapered_names_round_trip() {
        let mut p = FullParams::default();
        p.set_flat(&vec![[0, 0]; idx::LEN]);
        p.set("psqt_knight_eg_e4", 17.0).unwrap();
        p.set("passed_mg_6", 55.0).unwrap();
        p.set("tempo_eg", 9.0).unwrap();
        assert_eq!(p.psqt_knight.0[Square::E4.index()], [0, 17]);
        assert_eq!(p.passed.0[6], [55, 0]);
        assert_eq!(p.tempo.0[0], [0, 9]);
        assert!(p.set("passed_mg_8", 1.0).is_err());
        assert!(p.set("passed_free_xx_1", 1.0).is_err());
        let mut q = FullParams::default();
        crate::eval::param_set::load_text(&mut q, &p.to_text()).unwrap();
        assert_eq!(p, q);
        let flat = p.flat();
        assert_eq!(flat.len(), idx::LEN);
        assert_eq!(flat[idx::passed + 6], [55, 0]);
        let mut r = FullParams::default();
        r.set_flat(&flat);
        assert_eq!(r, p);
    }

    #[test]
    fn diagrams_are_read_rank_8_first() {
        let mut mg = [0; 64];
        let mut eg = [0; 64];
        mg[0] = 7; // the diagram's first entry: a8
        eg[63] = -3; // its last: h1
        let t = Tapered::from_diagrams(mg, eg);
        assert_eq!(t.0[Square::A8.index()], [7, 0]);
        assert_eq!(t.0[Square::H1.index()], [0, -3]);
    }

    #[test]
    fn the_rust_block_declares_the_same_weights() {
        let mut p = FullParams::default();
        p.set("psqt_queen_mg_b7", -1234.0).unwrap();
        p.set("mobility_queen_eg_27", 98765.0).unwrap();
        let block = rust_block(&p);
        assert!(block.starts_with("full_params! {\n    /// Material"));
        assert!(block.ends_with("    ),\n}\n") || block.ends_with("]),\n}\n"));
        assert!(block.contains("98765]"));
        assert!(block.contains("-1234"));
        for line in block.lines() {
            assert!(line.chars().count() <= 100, "{line}");
        }
        assert_eq!(wrap("a  b\n c", 3), ["a b", "c"]);
    }
}
