//! One WebSocket connection to a game: [`ws`] (the socket: messages read one at a time,
//! pings, the room's announcements forwarded) and [`session`] (its seat, its rate limit and
//! the answer to each message).

pub mod session;
pub mod ws;
