//! Member ratings: [`glicko2`] (the pure arithmetic), [`category`] (clock categories),
//! [`tables`] (its tables), [`counting`] (which finished rated games count), [`sweep`]
//! (finished rated games between members counted), [`correction`] (ratings that follow a
//! result changed afterwards), [`shown`] (beside names in the lists), [`in_game`] (beside
//! the players of a game, and the change it made) and [`clocked`] (a rated
//! game has a clock).

pub mod category;
pub mod clocked;
pub mod correction;
pub mod counting;
pub mod glicko2;
pub mod in_game;
pub mod shown;
pub mod sweep;
pub mod tables;
