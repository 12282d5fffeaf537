//! Tuning evaluator parameters from data: [`texel`] fits them to game results.

pub mod texel;
