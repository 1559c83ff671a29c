//! What several commands read alike: the limits of counts and times, rule options, a position.

use clap::Args;
use jungle::rules::{Position, Rules};

/// The most games a match, a self-play run or data generation may ask for: their openings are
/// made in advance (about a kilobyte each), and even the fastest games take days beyond that.
pub const MAX_GAMES: u64 = 100_000;
/// The longest time per move or wait for an engine, in milliseconds: a day.
pub const MAX_MS: u64 = 86_400_000;

/// `--rules "option=value,…"`: the rules of the games, checked as they are read.
#[derive(Args, Clone, Copy, Debug, PartialEq)]
pub struct Variant {
    /// Rule options (default: the standard rules)
    #[arg(long, value_name = "OPTION=VALUE,...", default_value = "", hide_default_value = true, value_parser = rules)]
    pub rules: Rules,
}

fn rules(text: &str) -> Result<Rules, String> {
    text.parse().map_err(|e| format!("{e}"))
}

/// `--rules` and `--fen`: a position (the start position without `--fen`).
#[derive(Args, Clone, Debug, PartialEq)]
pub struct PositionArgs {
    /// The position in Jungle FEN (default: the start)
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    #[command(flatten)]
    variant: Variant,
}

impl PositionArgs {
    /// The position given; a FEN is read under the rules given, so it is checked only here.
    pub fn position(&self) -> Result<Position, String> {
        match &self.fen {
            Some(fen) => Position::from_fen(fen, self.variant.rules).map_err(|e| format!("bad --fen: {e}")),
            None => Ok(Position::new(self.variant.rules)),
        }
    }
}
