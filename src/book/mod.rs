//! Opening books, consulted at the root of the search before it searches.
//!
//! * [`cbr`]: paper 000's case-based opening retrieval over the ECO openings.
//! * [`polyglot`]: Polyglot books — keys, reading, probing, building.

pub mod cbr;
pub mod polyglot;
pub mod polyglot_random;
