//! The weights' type: [`Tapered`] pairs named by phase and element, and the `full_params!`
//! macro that declares the weight struct ([`super::weights`]) with its flat indices (the
//! tuner's coordinates) and field table.

use crate::core::Square;
use crate::eval::params::{InvalidValue, ParamField, ParamKind};

/// A middlegame/endgame pair of weights, in centipawns.
pub type S = [i32; 2];

/// `N` tapered weights: a parameter field whose values are named `field_mg_i`/`field_eg_i`
/// (`field_mg`/`field_eg` for a single pair, `field_mg_e4` for a piece-square table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tapered<const N: usize>(pub [S; N]);

impl<const N: usize> Tapered<N> {
    pub(super) const fn filled(value: S) -> Self {
        Tapered([value; N])
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
            $crate::eval::full::params::full_params!(@offsets 0usize; $($field : $n,)*);
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
        $crate::eval::full::params::full_params!(@offsets $acc + $n; $($rest)*);
    };
}
pub(super) use full_params;

#[cfg(test)]
mod tests {
    use super::super::{idx, FullParams};
    use crate::core::Square;
    use crate::eval::params::ParamSet;

    #[test]
    fn tapered_names_round_trip() {
        let mut p = FullParams::default();
        p.set("psqt_knight_eg_e4", 17.0).unwrap();
        p.set("passed_mg_6", 55.0).unwrap();
        p.set("tempo_eg", 9.0).unwrap();
        assert_eq!(p.psqt_knight.0[Square::E4.index()], [0, 17]);
        assert_eq!(p.passed.0[6], [55, 0]);
        assert_eq!(p.tempo.0[0], [0, 9]);
        assert!(p.set("passed_mg_8", 1.0).is_err());
        assert!(p.set("passed_free_xx_1", 1.0).is_err());
        let mut q = FullParams::default();
        crate::eval::params::load_text(&mut q, &p.to_text()).unwrap();
        assert_eq!(p, q);
        let flat = p.flat();
        assert_eq!(flat.len(), idx::LEN);
        assert_eq!(flat[idx::passed + 6], [55, 0]);
        let mut r = FullParams::default();
        r.set_flat(&flat);
        assert_eq!(r, p);
    }
}
