//! The command-line options of finding a game: the clock categories of the ratings, how long a
//! direct challenge waits, how far apart quick pairing may match ratings, and which ratings
//! bots' games count in.

use crate::server::rating::category::Bounds;
use clap::{Args, ValueEnum};

/// Which ratings the games of bots count in (issue 40).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, ValueEnum)]
pub enum BotRatings {
    /// Bots are rated among bots only: a game between a bot and a member who is not one is
    /// casual (a rated challenge between them is refused, `bot_game_casual`).
    #[default]
    Separate,
    /// Bots' games are rated in the members' common ratings, as any member's.
    Common,
}

/// The options of ratings' categories, challenges and quick pairing.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Args)]
pub struct PairingOptions {
    /// Ratings' clock categories, in minutes of estimated game time (base + 40 × increment):
    /// blitz below BLITZ, rapid up to RAPID, classical beyond; days per move or no clock is
    /// correspondence
    #[arg(long, value_name = "BLITZ,RAPID", default_value = "8,25", value_parser = Bounds::parse)]
    pub rating_categories: Bounds,
    /// A direct challenge not answered within S seconds expires
    #[arg(long = "challenge-expiry", value_name = "S", default_value_t = 600, value_parser = clap::value_parser!(u32).range(1..=86_400))]
    pub challenge_expiry_seconds: u32,
    /// Quick pairing matches ratings at most N points apart, N more for each minute waited
    #[arg(long, value_name = "N", default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub pairing_gap: u32,
    /// Bots' games rated among bots only (`separate`: a game between a bot and a human is
    /// casual), or in the common ratings with everyone (`common`)
    #[arg(long, value_name = "POOL", value_enum, default_value_t = BotRatings::Separate)]
    pub bot_ratings: BotRatings,
}
