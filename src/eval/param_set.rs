//! Named evaluator parameters: every constant of every evaluator is a field of a parameter
//! struct, settable by name (UCI `setoption`, the tuner) and stored as a plain
//! `name = value` text file.
//!
//! A parameter struct is declared with [`params!`](crate::params), which derives the struct,
//! its `Default` (the papers' values) and the [`ParamSet`] implementation. Fields may be
//! scalars (`i32`, `f64`, `bool`), fixed arrays (`[i32; N]`, named `field_0 .. field_{N-1}`) or
//! a [`SquareTable`] (64 values named `field_a1 .. field_h8`).

use std::fmt;

/// Why a parameter could not be set or a parameter file read.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamError {
    /// No parameter has this name.
    Unknown(String),
    /// The value is not a number (or does not fit the parameter's type).
    BadValue {
        /// Parameter name.
        name: String,
        /// The text that failed to parse.
        value: String,
    },
    /// A line of a parameter file that is not `name = value`.
    BadLine {
        /// 1-based line number.
        line: usize,
        /// The line's text.
        text: String,
    },
    /// A `group.name` in a file read into another group's parameters (`material.queen` in a
    /// file for `full`).
    OtherGroup {
        /// The name as written.
        name: String,
        /// The group the file is read into.
        group: String,
    },
    /// A value the file's rules refuse (outside the range `--set` accepts).
    Refused {
        /// 1-based line number.
        line: usize,
        /// Why.
        reason: String,
    },
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::Unknown(n) => write!(f, "no parameter named '{n}'"),
            ParamError::BadValue { name, value } => {
                write!(f, "'{value}' is not a valid value for parameter '{name}'")
            }
            ParamError::BadLine { line, text } => {
                write!(f, "line {line}: '{text}' is not 'name = value'")
            }
            ParamError::OtherGroup { name, group } => write!(
                f,
                "'{name}' is not a parameter of {group}, whose parameters this file sets \
                 (write them as 'name' or '{group}.name')"
            ),
            ParamError::Refused { line, reason } => write!(f, "line {line}: {reason}"),
        }
    }
}

impl std::error::Error for ParamError {}

/// A value that does not fit a parameter's type (a fraction for an integer, 2 for a flag).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidValue;

/// The type of a parameter's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// Whole numbers.
    Integer,
    /// Real numbers.
    Real,
    /// Flags (0 or 1).
    Flag,
}

/// A value (or array of values) that can be a parameter field.
pub trait ParamField {
    /// The type of the field's values.
    fn kind(&self) -> ParamKind;
    /// How many named values the field holds.
    fn count(&self) -> usize;
    /// The suffix naming value `i` (empty for a scalar).
    fn suffix(&self, i: usize) -> String;
    /// Which value a suffix names.
    fn index_of(&self, suffix: &str) -> Option<usize>;
    /// Value `i` as a float.
    fn get(&self, i: usize) -> f64;
    /// Sets value `i`; fails if `value` does not fit the type (non-integral for an integer).
    fn set(&mut self, i: usize, value: f64) -> Result<(), InvalidValue>;
}

fn int_from(value: f64) -> Result<i32, InvalidValue> {
    if value.is_finite() && value.fract() == 0.0 && value.abs() <= i32::MAX as f64 {
        Ok(value as i32)
    } else {
        Err(InvalidValue)
    }
}

macro_rules! scalar_field {
    ($ty:ty, $kind:expr, |$v:ident| $from:expr, |$s:ident| $to:expr) => {
        impl ParamField for $ty {
            fn kind(&self) -> ParamKind {
                $kind
            }
            fn count(&self) -> usize {
                1
            }
            fn suffix(&self, _i: usize) -> String {
                String::new()
            }
            fn index_of(&self, suffix: &str) -> Option<usize> {
                suffix.is_empty().then_some(0)
            }
            fn get(&self, _i: usize) -> f64 {
                let $s = *self;
                $to
            }
            fn set(&mut self, _i: usize, $v: f64) -> Result<(), InvalidValue> {
                *self = $from;
                Ok(())
            }
        }
    };
}

scalar_field!(i32, ParamKind::Integer, |v| int_from(v)?, |s| s as f64);
scalar_field!(
    f64,
    ParamKind::Real,
    |v| if v.is_finite() {
        v
    } else {
        return Err(InvalidValue);
    },
    |s| s
);
scalar_field!(
    bool,
    ParamKind::Flag,
    |v| match v as i64 {
        0 if v == 0.0 => false,
        1 if v == 1.0 => true,
        _ => return Err(InvalidValue),
    },
    |s| s as i32 as f64
);

/// An array of scalar parameters, named `field_0 .. field_{N-1}`; each element converts like
/// its scalar type.
impl<T: ParamField, const N: usize> ParamField for [T; N] {
    fn kind(&self) -> ParamKind {
        self.first().map_or(ParamKind::Integer, ParamField::kind)
    }
    fn count(&self) -> usize {
        N
    }
    fn suffix(&self, i: usize) -> String {
        format!("_{i}")
    }
    fn index_of(&self, suffix: &str) -> Option<usize> {
        suffix
            .strip_prefix('_')?
            .parse()
            .ok()
            .filter(|&i: &usize| i < N)
    }
    fn get(&self, i: usize) -> f64 {
        self[i].get(0)
    }
    fn set(&mut self, i: usize, value: f64) -> Result<(), InvalidValue> {
        self[i].set(0, value)
    }
}

/// 64 integer values, one per square, written from White's point of view with a1 first in
/// memory (the source text of a table is usually laid out rank 8 first; see
/// [`SquareTable::from_rank8_first`]). Named `field_a1 .. field_h8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareTable(pub [i32; 64]);

impl SquareTable {
    /// A table from 64 values written as a chess diagram: rank 8 first, a-file first.
    pub const fn from_rank8_first(diagram: [i32; 64]) -> SquareTable {
        let mut t = [0; 64];
        let mut i = 0;
        while i < 64 {
            t[i] = diagram[i ^ 56];
            i += 1;
        }
        SquareTable(t)
    }
    /// The value for square index `sq` (a1 = 0) from White's side.
    #[inline(always)]
    pub fn at(&self, sq: usize) -> i32 {
        self.0[sq]
    }
}

impl ParamField for SquareTable {
    fn kind(&self) -> ParamKind {
        ParamKind::Integer
    }
    fn count(&self) -> usize {
        64
    }
    fn suffix(&self, i: usize) -> String {
        format!("_{}", crate::core::Square::ALL[i])
    }
    fn index_of(&self, suffix: &str) -> Option<usize> {
        let sq: crate::core::Square = suffix.strip_prefix('_')?.parse().ok()?;
        Some(sq.index())
    }
    fn get(&self, i: usize) -> f64 {
        self.0[i] as f64
    }
    fn set(&mut self, i: usize, value: f64) -> Result<(), InvalidValue> {
        self.0[i] = int_from(value)?;
        Ok(())
    }
}

/// A [`SquareTable`] for each piece, pawn to king: 384 values named
/// `field_pawn_a1 .. field_king_h8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTables(pub [SquareTable; 6]);

impl PieceTables {
    /// The table of `piece`.
    #[inline(always)]
    pub fn of(&self, piece: crate::core::Piece) -> &SquareTable {
        &self.0[piece.index()]
    }
}

impl ParamField for PieceTables {
    fn kind(&self) -> ParamKind {
        ParamKind::Integer
    }

    fn count(&self) -> usize {
        6 * 64
    }

    fn suffix(&self, i: usize) -> String {
        let piece = crate::core::Piece::ALL[i / 64];
        format!("_{}{}", piece.name(), self.0[0].suffix(i % 64))
    }

    fn index_of(&self, suffix: &str) -> Option<usize> {
        let rest = suffix.strip_prefix('_')?;
        crate::core::Piece::ALL.iter().find_map(|&piece| {
            let square = rest.strip_prefix(piece.name())?;
            Some(piece.index() * 64 + self.0[0].index_of(square)?)
        })
    }

    fn get(&self, i: usize) -> f64 {
        self.0[i / 64].get(i % 64)
    }

    fn set(&mut self, i: usize, value: f64) -> Result<(), InvalidValue> {
        self.0[i / 64].set(i % 64, value)
    }
}

/// A set of named parameters.
pub trait ParamSet {
    /// The field names with their documentation, in declaration order.
    fn fields(&self) -> Vec<(&'static str, &'static str, &dyn ParamField)>;
    /// Sets a field value by full name (`field` or `field_suffix`).
    fn set(&mut self, name: &str, value: f64) -> Result<(), ParamError>;

    /// Every parameter as `(full name, value)`, in declaration order.
    fn entries(&self) -> Vec<(String, f64)> {
        let mut out = Vec::new();
        for (field, _, f) in self.fields() {
            for i in 0..f.count() {
                out.push((format!("{field}{}", f.suffix(i)), f.get(i)));
            }
        }
        out
    }

    /// Every parameter as `(full name, kind)`, in declaration order.
    fn kinds(&self) -> Vec<(String, ParamKind)> {
        let mut out = Vec::new();
        for (field, _, f) in self.fields() {
            for i in 0..f.count() {
                out.push((format!("{field}{}", f.suffix(i)), f.kind()));
            }
        }
        out
    }

    /// A parameter's value by full name.
    fn get(&self, name: &str) -> Option<f64> {
        self.fields().into_iter().find_map(|(field, _, f)| {
            let i = f.index_of(name.strip_prefix(field)?)?;
            Some(f.get(i))
        })
    }

    /// Sets a parameter from text (`"2.466"`, `"-15"`, `"true"`).
    fn set_text(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        let parsed = match value.trim() {
            "true" => Some(1.0),
            "false" => Some(0.0),
            v => v.parse::<f64>().ok(),
        };
        let bad = || ParamError::BadValue {
            name: name.to_string(),
            value: value.to_string(),
        };
        self.set(name, parsed.ok_or_else(bad)?)
    }

    /// The parameters as a `name = value` file, one per line, with each field's
    /// documentation as a `#` comment above it.
    fn to_text(&self) -> String {
        let mut out = String::new();
        for (field, doc, f) in self.fields() {
            if !doc.is_empty() {
                out.push_str(&format!("# {}\n", doc.trim()));
            }
            for i in 0..f.count() {
                out.push_str(&format!("{field}{} = {}\n", f.suffix(i), f.get(i)));
            }
        }
        out
    }
}

/// Applies a `name = value` text (blank lines and `#` comments allowed) to `target`. All or
/// nothing: on any error the values already changed are restored and the error returned.
pub fn load_text(target: &mut dyn ParamSet, text: &str) -> Result<(), ParamError> {
    load_text_with(target, text, None)
}

/// How a user's parameter file is read into one group's parameters (an evaluator family's):
/// see [`load_text_with`].
pub struct FileRules<'a> {
    /// The group (`full`, `material`, ...): a name may be written `group.name`, as `--set`
    /// and `setoption` write it, as well as bare.
    pub group: &'a str,
    /// Checks each value set, by its bare name: an `Err` (the reason) refuses the file.
    pub check: &'a dyn Fn(&str, f64) -> Result<(), String>,
}

/// [`load_text`] under `rules`, if any: names with the group's prefix, other groups'
/// names refused, each value checked. All or nothing, as [`load_text`].
pub fn load_text_with(
    target: &mut dyn ParamSet,
    text: &str,
    rules: Option<&FileRules<'_>>,
) -> Result<(), ParamError> {
    let mut undo: Vec<(String, f64)> = Vec::new();
    let result = text.lines().enumerate().try_for_each(|(i, raw)| {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            return Ok(());
        }
        let (name, value) = line.split_once('=').ok_or_else(|| ParamError::BadLine {
            line: i + 1,
            text: raw.to_string(),
        })?;
        let name = bare_name(name.trim(), rules)?;
        let old = target
            .get(name)
            .ok_or_else(|| ParamError::Unknown(name.to_string()))?;
        target.set_text(name, value.trim())?;
        undo.push((name.to_string(), old));
        if let (Some(rules), Some(v)) = (rules, target.get(name)) {
            (rules.check)(name, v).map_err(|reason| ParamError::Refused {
                line: i + 1,
                reason,
            })?;
        }
        Ok(())
    });
    if result.is_err() {
        for (name, old) in undo.into_iter().rev() {
            target
                .set(&name, old)
                .expect("restoring a value read from the same parameter");
        }
    }
    result
}

/// `name` without the group's `group.` prefix; another group's prefix is an error. Without
/// rules, `name` as it is.
fn bare_name<'n>(name: &'n str, rules: Option<&FileRules<'_>>) -> Result<&'n str, ParamError> {
    let (Some(rules), Some((group, bare))) = (rules, name.split_once('.')) else {
        return Ok(name);
    };
    if group.trim().eq_ignore_ascii_case(rules.group) {
        return Ok(bare.trim());
    }
    Err(ParamError::OtherGroup {
        name: name.to_string(),
        group: rules.group.to_string(),
    })
}

/// The [`crate::eval::Evaluator`] parameter accessors of an evaluator whose parameters are its
/// `params` field (every evaluator of this crate).
#[macro_export]
macro_rules! params_field_access {
    () => {
        fn params(&self) -> &dyn $crate::eval::param_set::ParamSet {
            &self.params
        }

        fn params_mut(&mut self) -> &mut dyn $crate::eval::param_set::ParamSet {
            &mut self.params
        }
    };
}

/// Declares a parameter struct: the struct with public fields, `Default` with the given
/// values, and [`ParamSet`].
///
/// ```ignore
/// params! {
///     /// Material values.
///     pub struct MaterialParams {
///         /// Pawn value in centipawns.
///         pawn: i32 = 100,
///     }
/// }
/// ```
///
/// A struct may begin with the pieces' values, `pieces: TYPE = [P, N, B, R, Q] ("WHAT")` or with
/// a king's value too `[P, N, B, R, Q, K]`: fields `pawn` .. `queen` (and `king`), each
/// documented as "Pawn WHAT.", and a `piece_value(piece)` method (the king's value is zero
/// when it has none).
#[macro_export]
macro_rules! params {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            pieces: $pty:ty = [$p:expr, $n:expr, $b:expr, $r:expr, $q:expr $(, $k:expr)?] ($what:literal),
            $($rest:tt)*
        }
    ) => {
        $crate::params! {
            $(#[$meta])*
            pub struct $name {
                #[doc = concat!("Pawn ", $what, ".")] pawn: $pty = $p,
                #[doc = concat!("Knight ", $what, ".")] knight: $pty = $n,
                #[doc = concat!("Bishop ", $what, ".")] bishop: $pty = $b,
                #[doc = concat!("Rook ", $what, ".")] rook: $pty = $r,
                #[doc = concat!("Queen ", $what, ".")] queen: $pty = $q,
                $( #[doc = concat!("King ", $what, ".")] king: $pty = $k, )?
                $($rest)*
            }
        }

        impl $name {
            /// The value of `piece` (zero for a king without one).
            #[inline(always)]
            pub fn piece_value(&self, piece: $crate::core::Piece) -> $pty {
                match piece {
                    $crate::core::Piece::Pawn => self.pawn,
                    $crate::core::Piece::Knight => self.knight,
                    $crate::core::Piece::Bishop => self.bishop,
                    $crate::core::Piece::Rook => self.rook,
                    $crate::core::Piece::Queen => self.queen,
                    $crate::core::Piece::King => $crate::params!(@king self $($k)?),
                }
            }
        }
    };
    (@king $s:ident) => { Default::default() };
    (@king $s:ident $k:expr) => { $s.king };
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( $(#[doc = $doc:expr])* $field:ident : $ty:ty = $default:expr ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq)]
        pub struct $name {
            $( $(#[doc = $doc])* pub $field: $ty, )*
        }

        impl Default for $name {
            fn default() -> Self {
                Self { $( $field: $default, )* }
            }
        }

        impl $crate::eval::param_set::ParamSet for $name {
            fn fields(&self) -> Vec<(&'static str, &'static str, &dyn $crate::eval::param_set::ParamField)> {
                vec![ $( (stringify!($field), concat!($($doc, " ",)* ""), &self.$field as &dyn $crate::eval::param_set::ParamField), )* ]
            }
            fn set(&mut self, name: &str, value: f64) -> Result<(), $crate::eval::param_set::ParamError> {
                use $crate::eval::param_set::ParamField as _;
                $(
                    if let Some(rest) = name.strip_prefix(stringify!($field)) {
                        if let Some(i) = self.$field.index_of(rest) {
                            return self.$field.set(i, value).map_err(|$crate::eval::param_set::InvalidValue| {
                                $crate::eval::param_set::ParamError::BadValue {
                                    name: name.to_string(),
                                    value: value.to_string(),
                                }
                            });
                        }
                    }
                )*
                Err($crate::eval::param_set::ParamError::Unknown(name.to_string()))
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::params! {
        /// Test parameters.
        pub struct Demo {
            /// A scalar.
            pawn: i32 = 100,
            /// A prefix of another name.
            pawn_shelter: f64 = 0.5,
            /// A flag.
            one_sided: bool = false,
            /// An array.
            grades: [i32; 3] = [1, 2, 3],
            /// A square table.
            pst: SquareTable = SquareTable([7; 64]),
        }
    }

    crate::params! {
        /// Test parameters with the pieces' values and tables.
        pub struct PieceDemo {
            pieces: i32 = [1, 3, 3, 5, 9] ("value"),
            /// Tables.
            pst: PieceTables = PieceTables([SquareTable([0; 64]); 6]),
        }
    }

    #[test]
    fn piece_values_and_tables_are_named_by_piece() {
        use crate::core::{Piece, Square};
        let mut p = PieceDemo::default();
        assert_eq!(p.piece_value(Piece::Rook), 5);
        assert_eq!(p.piece_value(Piece::King), 0);
        p.set("queen", 10.0).unwrap();
        assert_eq!(p.piece_value(Piece::Queen), 10);
        p.set("pst_king_g1", 77.0).unwrap();
        p.set("pst_pawn_e4", -3.0).unwrap();
        assert_eq!(p.pst.of(Piece::King).at(Square::G1.index()), 77);
        assert_eq!(p.pst.of(Piece::Pawn).at(Square::E4.index()), -3);
        assert_eq!(p.get("pst_king_g1"), Some(77.0));
        assert!(p.set("pst_prince_e4", 1.0).is_err());
        assert!(p.set("pst_pawn_i9", 1.0).is_err());
        let names: Vec<String> = p.entries().into_iter().map(|(n, _)| n).collect();
        assert_eq!(names.len(), 5 + 384);
        assert_eq!(names[5], "pst_pawn_a1");
        assert_eq!(names[5 + 384 - 1], "pst_king_h8");
        assert!(p.to_text().contains("# Rook value.\nrook = 5\n"));
    }

    #[test]
    fn names_and_values_round_trip_through_text() {
        let mut p = Demo::default();
        p.set("pawn_shelter", 0.25).unwrap();
        p.set("grades_2", -9.0).unwrap();
        p.set("pst_e4", 42.0).unwrap();
        p.set("one_sided", 1.0).unwrap();
        let text = p.to_text();
        assert!(text.contains("pst_e4 = 42\n"));
        let mut q = Demo::default();
        load_text(&mut q, &text).unwrap();
        assert_eq!(p, q);
        assert_eq!(q.pst.at(crate::core::Square::E4.index()), 42);
        assert_eq!(q.get("grades_2"), Some(-9.0));
    }

    #[test]
    fn rules_take_group_names_refuse_other_groups_and_check_values() {
        let check = |name: &str, v: f64| {
            if name == "pawn" && v > 200.0 {
                Err(format!("{name} = {v} is too much"))
            } else {
                Ok(())
            }
        };
        let rules = FileRules {
            group: "demo",
            check: &check,
        };
        let mut p = Demo::default();
        load_text_with(&mut p, "demo.pawn = 150\nDEMO.grades_1 = 6\n", Some(&rules)).unwrap();
        assert_eq!((p.pawn, p.grades[1]), (150, 6));
        let err = load_text_with(&mut p, "pawn = 120\nother.grades_1 = 7\n", Some(&rules));
        assert_eq!(
            err,
            Err(ParamError::OtherGroup {
                name: "other.grades_1".into(),
                group: "demo".into()
            })
        );
        let err = load_text_with(&mut p, "grades_1 = 8\npawn = 300\n", Some(&rules));
        assert_eq!(
            err,
            Err(ParamError::Refused {
                line: 2,
                reason: "pawn = 300 is too much".into()
            })
        );
        assert_eq!(
            (p.pawn, p.grades[1]),
            (150, 6),
            "a refused file changes nothing"
        );
        // Without rules a dotted name is just an unknown name.
        assert!(load_text(&mut p, "demo.pawn = 1\n").is_err());
    }

    #[test]
    fn bad_names_values_and_lines_are_errors_and_change_nothing() {
        let mut p = Demo::default();
        assert_eq!(
            p.set("queen", 1.0),
            Err(ParamError::Unknown("queen".into()))
        );
        assert!(matches!(
            p.set("pawn", 1.5),
            Err(ParamError::BadValue { .. })
        ));
        assert!(matches!(
            p.set("grades_3", 1.0),
            Err(ParamError::Unknown(_))
        ));
        assert!(matches!(
            p.set("one_sided", 2.0),
            Err(ParamError::BadValue { .. })
        ));
        let err = load_text(&mut p, "pawn = 120\nnonsense line\n").unwrap_err();
        assert_eq!(
            err,
            ParamError::BadLine {
                line: 2,
                text: "nonsense line".into()
            }
        );
        assert_eq!(
            p,
            Demo::default(),
            "a failed load leaves the parameters unchanged"
        );
    }
}
