//! Tuning parameters: [`texel`] fits an evaluator's to game results; [`genetic`] learns
//! weights by games between agents (paper 000).

pub mod genetic;
pub mod texel;
