//! The sizes a record or a link may reach: text from outside is capped before it is read.

/// The most moves a record or a link may hold.
pub const MAX_MOVES: usize = 10_000;

/// The longest record [`GameRecord::parse`](super::GameRecord::parse) reads: 1 MiB.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// The longest link [`LinkParams::parse`](super::LinkParams::parse) reads: 100,000 bytes (10,000 moves fit).
pub const MAX_LINK_BYTES: usize = 100_000;

/// The most parameters [`LinkParams::parse`](super::LinkParams::parse) reads (so that the warnings stay few).
pub const MAX_LINK_PARAMS: usize = 64;
