//! The command-line options of finding a game: the clock categories of the ratings, how long a
//! direct challenge waits, and how far apart quick pairing may match ratings.

use crate::server::rating::category::Bounds;
use clap::Args;

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
}
