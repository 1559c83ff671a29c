//! The games in play on this instance: [`hub`] (the rooms, loaded on first use; creating and
//! joining games), [`listing`] (a page of games as the lists show them), [`room`] (one game in memory and its connections: a command applied, stored
//! as one change, announced as one message), [`protocol`] (the messages of the REST endpoints
//! and the WebSocket), [`view`] (what clients see of a game), [`presence`] (which seats have a
//! connection, on every instance), [`stored`] (the changes stored here, told to push), [`instances`] (the other instances, and those lost) and [`lobby`] (open games under spam).

pub mod hub;
pub mod instances;
pub mod listing;
pub mod lobby;
pub mod presence;
pub mod protocol;
pub mod room;
pub mod stored;
pub mod view;
