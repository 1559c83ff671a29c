//! Member ratings: [`glicko2`], the pure rating arithmetic.

pub mod glicko2;
