//! Member ratings: [`glicko2`] (the pure arithmetic), [`store`] (the tables) and [`sweep`]
//! (finished games between members counted).

pub mod glicko2;
pub mod store;
pub mod sweep;
