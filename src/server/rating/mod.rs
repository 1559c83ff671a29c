//! Member ratings: [`glicko2`] (the pure arithmetic), [`category`] (clock categories),
//! [`store`] (the tables), [`sweep`]
//! (finished rated games between members counted) and [`shown`] (beside names in the lists).

pub mod category;
pub mod glicko2;
pub mod shown;
pub mod store;
pub mod sweep;
