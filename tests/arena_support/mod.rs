//! The simulated members of `tests/server_arena_figures.rs`: [`events`] (what each sees of the
//! tournament, from its event stream) and [`member`] (how each plays).

pub mod events;
pub mod member;
