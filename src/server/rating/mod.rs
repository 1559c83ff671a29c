//! Member ratings: [`glicko2`] (the pure arithmetic), [`category`] (clock categories),
//! [`tables`] (its tables), [`counting`] (which finished rated games count), [`sweep`]
//! (finished rated games between members counted), [`correction`] (ratings that follow a
//! result changed afterwards) and [`shown`] (beside names in the lists).

pub mod category;
pub mod correction;
pub mod counting;
pub mod glicko2;
pub mod shown;
pub mod sweep;
pub mod tables;
