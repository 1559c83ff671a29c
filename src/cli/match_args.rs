//! The command line of `jungle match`: each player given by exactly one of `--engineN`,
//! `--levelN` and `--configN`, a node or time budget per move (the same for both, or a time
//! for each: `--movetime1 20 --movetime2 100` plays at time odds), and the match's size.

use super::args::{Variant, MAX_GAMES, MAX_MS};
use super::match_players::{Conditions, Control, Spec};
use super::openings::OPENINGS;
use clap::{ArgGroup, Args};
use jungle::ai::Level;
use std::time::Duration;

/// The longest game `--max-plies` may allow (a game holds its moves and positions).
const MAX_PLIES: u64 = 100_000;
/// Nodes per move without `--nodes` or `--movetime`.
const DEFAULT_NODES: u64 = 10_000;

/// `jungle match`.
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("player1").required(true).args(["engine1", "level1", "config1"])))]
#[command(group(ArgGroup::new("player2").required(true).args(["engine2", "level2", "config2"])))]
pub struct MatchArgs {
    /// Player 1: a protocol engine, the command that starts it (with its arguments)
    #[arg(long, value_name = "COMMAND")]
    engine1: Option<String>,
    /// Player 1: a level of this build
    #[arg(long, value_name = "1-8", value_parser = level)]
    level1: Option<Level>,
    /// Player 1: a search setting of this build, a player as in `jungle selfplay`
    #[arg(long, value_name = "PLAYER")]
    config1: Option<String>,
    /// Player 2: a protocol engine, the command that starts it (with its arguments)
    #[arg(long, value_name = "COMMAND")]
    engine2: Option<String>,
    /// Player 2: a level of this build
    #[arg(long, value_name = "1-8", value_parser = level)]
    level2: Option<Level>,
    /// Player 2: a search setting of this build, a player as in `jungle selfplay`
    #[arg(long, value_name = "PLAYER")]
    config2: Option<String>,
    /// Nodes per move [default: 10000]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "movetime")]
    nodes: Option<u64>,
    /// Time per move, in milliseconds
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=MAX_MS))]
    movetime: Option<u64>,
    /// Player 1's time per move, in milliseconds, in place of --movetime (for time odds)
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=MAX_MS), conflicts_with = "nodes")]
    movetime1: Option<u64>,
    /// Player 2's time per move, in milliseconds, in place of --movetime (for time odds)
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=MAX_MS), conflicts_with = "nodes")]
    movetime2: Option<u64>,
    /// Games to play, each opening with both colours (an odd count is rounded up)
    #[arg(long, value_name = "N", default_value_t = 2 * OPENINGS.len() as u64, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    games: u64,
    #[command(flatten)]
    variant: Variant,
    /// Games played at once
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub concurrency: u64,
    /// A game reaching N plies is a draw
    #[arg(long, value_name = "N", default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=MAX_PLIES))]
    pub max_plies: u64,
    /// How much longer than its budget a protocol engine may take for a move, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=MAX_MS))]
    timeout: u64,
    /// The seed of the generated openings and the weak levels
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Print each game's moves after its result
    #[arg(long)]
    pub moves: bool,
    /// Start from positions of N animals drawn at random (legal, each with both colours)
    /// instead of the openings: endgames that reach the endgame tables
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=16))]
    pub endgames: Option<u32>,
    /// Endgame tables to judge the games by: count the games in which the first player
    /// reached a position the tables say it wins surely, and how many of those it won
    #[arg(long, value_name = "DIR")]
    pub tables: Option<std::path::PathBuf>,
}

pub fn level(text: &str) -> Result<Level, String> {
    text.parse().ok().and_then(Level::new).ok_or_else(|| "levels are 1 to 8".to_string())
}

impl MatchArgs {
    /// The first player and the second.
    pub fn players(&self) -> (Spec, Spec) {
        (spec(&self.engine1, self.level1, &self.config1), spec(&self.engine2, self.level2, &self.config2))
    }

    /// The rules and budget of the first player and of the second: the same but for the
    /// time of a player given its own.
    pub fn conditions(&self) -> (Conditions, Conditions) {
        let shared = match self.movetime {
            Some(ms) => Control::MoveTime(ms),
            None => Control::Nodes(self.nodes.unwrap_or(DEFAULT_NODES)),
        };
        let conditions = |own: Option<u64>| Conditions {
            rules: self.variant.rules,
            control: own.map_or(shared, Control::MoveTime),
            timeout: Duration::from_millis(self.timeout),
        };
        (conditions(self.movetime1), conditions(self.movetime2))
    }

    /// Openings to play, each with both colours.
    pub fn pairs(&self) -> usize {
        self.games.div_ceil(2) as usize
    }
}

/// The one player given of three ways (clap's groups `player1` and `player2` see to it).
fn spec(engine: &Option<String>, level: Option<Level>, config: &Option<String>) -> Spec {
    match (engine, level, config) {
        (Some(command), ..) => Spec::Protocol(command.clone()),
        (_, Some(level), _) => Spec::Level(level),
        (_, _, Some(config)) => Spec::Config(config.clone()),
        (None, None, None) => unreachable!("clap requires each player"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::parse_args::parse_args;

    fn match_args(line: &str) -> MatchArgs {
        parse_args(line).unwrap_or_else(|e| panic!("`{line}`: {e}"))
    }

    #[test]
    fn players_and_budgets_are_read() {
        let m =
            match_args("match --level1 8 --engine2 ./old --movetime 100 --games 41 --rules dog-swims=yes");
        assert_eq!(m.players(), (Spec::Level(Level::new(8).unwrap()), Spec::Protocol("./old".into())));
        let (conditions, second) = m.conditions();
        assert_eq!(
            (conditions.control, conditions.timeout),
            (Control::MoveTime(100), Duration::from_secs(10))
        );
        assert_eq!(conditions.rules, "dog-swims=yes".parse().unwrap());
        assert_eq!((second.control, second.rules), (conditions.control, conditions.rules));
        assert_eq!(m.pairs(), 21);
        let m = match_args("match --level1 1 --level2 2 --endgames 5 --tables tb");
        assert_eq!((m.endgames, m.tables), (Some(5), Some("tb".into())));
        let m = match_args("match --config1 nodes=5 --level2 3 --moves");
        assert_eq!(m.players().0, Spec::Config("nodes=5".into()));
        assert_eq!(m.conditions().0.control, Control::Nodes(DEFAULT_NODES));
        assert_eq!(
            (m.pairs(), m.concurrency, m.max_plies, m.seed, m.moves),
            (OPENINGS.len(), 1, 600, 1, true)
        );
    }

    #[test]
    fn each_player_may_have_its_own_time() {
        let controls = |line: &str| {
            let (first, second) = match_args(line).conditions();
            (first.control, second.control)
        };
        let odds = "match --engine1 ./new --engine2 ./old";
        assert_eq!(
            controls(&format!("{odds} --movetime1 20 --movetime2 100")),
            (Control::MoveTime(20), Control::MoveTime(100))
        );
        // One player's own time; the other keeps the shared one.
        assert_eq!(
            controls(&format!("{odds} --movetime 50 --movetime2 250")),
            (Control::MoveTime(50), Control::MoveTime(250))
        );
        assert_eq!(
            controls(&format!("{odds} --movetime1 20")),
            (Control::MoveTime(20), Control::Nodes(DEFAULT_NODES))
        );
        let refusal = parse_args::<MatchArgs>(&format!("{odds} --nodes 10 --movetime1 20")).err();
        assert!(refusal.is_some_and(|e| e.contains("cannot be used with")));
        assert!(parse_args::<MatchArgs>(&format!("{odds} --movetime2 0")).is_err());
    }

    #[test]
    fn bad_players_and_budgets_are_refused() {
        let refusal = |line: &str| {
            parse_args::<MatchArgs>(line).err().unwrap_or_else(|| panic!("`{line}` was accepted"))
        };
        assert!(refusal("match --level1 9 --level2 1")
            .contains("invalid value '9' for '--level1 <1-8>': levels are 1 to 8"));
        assert!(refusal("match --level1 1").contains("--engine2 <COMMAND>|--level2 <1-8>|--config2 <PLAYER>"));
        assert!(refusal("match --level1 1 --engine1 x --level2 2")
            .contains("the argument '--level1 <1-8>' cannot be used with '--engine1 <COMMAND>'"));
        assert!(
            refusal("match --level1 1 --level2 2 --nodes 10 --movetime 10").contains("cannot be used with")
        );
        assert!(refusal("match --level1 1 --level2 2 --movetime 86400001").contains("not in 1..=86400000"));
        assert!(refusal("match --level1 1 --level2 2 --games 100001").contains("not in 1..=100000"));
        assert!(refusal("match --level1 1 --level2 2 --concurrency 0").contains("not in 1..=64"));
        assert!(refusal("match --level1 1 --level2 2 --endgames 1").contains("not in 2..=16"));
    }
}
