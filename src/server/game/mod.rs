//! A game as the server holds and referees it, with no I/O: [`match_state`] (the game, its
//! seats, clocks, offer and ending), [`event`] (a command asked of a game and the event it
//! gave), [`referee`] (who may do what and when: a command applied gives an event or a
//! refusal), [`clock`] (live and correspondence clocks), [`outage`] (the time
//! given back after the loss of an instance), [`vacation`] (a member's
//! vacation holds their correspondence clocks), [`ending`] (how a game stands and
//! ended), [`summary`] (a game as a list shows it), [`record`] (a game as a downloadable
//! record), [`tournament_board`] (the tournament board a game is played for) and [`token`]
//! (game ids and seat tokens).

pub mod clock;
pub mod conditional;
pub mod ending;
pub mod event;
pub mod match_state;
pub mod outage;
pub mod record;
pub mod referee;
pub mod summary;
pub mod token;
pub mod tournament_board;
pub mod vacation;
