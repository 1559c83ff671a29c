//! The command line of `jungle` (`jungle --help` lists the commands, `jungle COMMAND --help`
//! their options with defaults).

use super::bench::BenchArgs;
use super::book_cmd::BookArgs;
use super::match_args::MatchArgs;
use super::perft_cmd::{BenchPerftArgs, MovesArgs, PerftArgs};
use super::puzzles_cmd::PuzzlesArgs;
use super::rating_list_cmd::RatingListArgs;
use super::replay_bench::BenchReplayArgs;
use super::selfplay_cmd::SelfplayArgs;
use super::tablebase::TablebaseArgs;
use super::train_net_cmd::TrainNetArgs;
use super::tune::{GenDataArgs, TuneArgs};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// What `jungle` was asked to do.
#[derive(Debug, Parser)]
#[command(
    name = "jungle",
    version,
    about = "Jungle (Dou Shou Qi): the engine protocol, matches, perft and the engine's tools",
    after_help = "Without a command, jungle speaks the engine protocol on standard input and \
                  output. Errors go to standard error with exit code 2."
)]
pub struct Cli {
    /// The command (default: uci)
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The commands of `jungle`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The engine protocol (UCI conventions, Jungle FEN, moves like a3a4) on stdin/stdout
    Uci(UciArgs),
    /// Count the positions DEPTH plies ahead (time and speed on stderr)
    Perft(PerftArgs),
    /// List the legal moves of a position
    Moves(MovesArgs),
    /// Perft speed over fixed positions
    BenchPerft(BenchPerftArgs),
    /// The search's node-count signature over fixed positions, and its speed
    Bench(BenchArgs),
    /// The time to replay a very long game without captures
    BenchReplay(BenchReplayArgs),
    /// A match between two search settings or levels of this build
    ///
    /// A PLAYER is `[level=1-8,][nodes=N,][depth=N,][SETTING,...][weights=FILE]`: a level keeps
    /// its own budget unless nodes or depth is given; a plain search needs one of them. The
    /// search settings: no-null no-lmr no-lmp no-futility no-rfp no-ext no-temper iir
    /// no-net contempt=CP progress=P lmr=BASE:DIV rfp=CP fut=CP asp=CP. `hint` alone plays the
    /// page's hints.
    Selfplay(SelfplayArgs),
    /// Self-play training positions for `tune`: lines `FEN;result` (result for Red: 1, 0.5 or 0)
    GenData(GenDataArgs),
    /// Find puzzles in self-play games and append them to a file, or relabel or sum up a file
    Puzzles(PuzzlesArgs),
    /// Fit the evaluation weights to training positions (Texel's method)
    Tune(TuneArgs),
    /// Fit the evaluation's neural correction to training positions, labelled by their games'
    /// results and a search of each
    TrainNet(TrainNetArgs),
    /// Build the opening book from the engine's own searches
    Book(BookArgs),
    /// Two engines play each other over varied openings, each with both colours: W/D/L and Elo
    Match(MatchArgs),
    /// Endgame tables: build them, ask them, sum them up
    Tablebase(TablebaseArgs),
    /// Several engines and levels in a round robin or a gauntlet: the Elo list and crosstable
    RatingList(RatingListArgs),
    /// Connect an engine (UCI or JCEI) to a club server as a bot: it takes challenges and plays
    #[cfg(feature = "bot")]
    Bot(super::bot::BotArgs),
    /// A test engine speaking JCEI that plays random legal moves
    #[command(hide = true)]
    RandomEngine {
        /// The seed of its choices
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// `jungle uci`.
#[derive(Args, Debug, Default)]
pub struct UciArgs {
    /// A folder of endgame tables (`jungle tablebase build`) for the search to probe: those of
    /// up to 3 animals are loaded (as the option TablebasePath does)
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
}

/// The command of `line` (words split at spaces, after `jungle`), or clap's refusal as text.
#[cfg(test)]
fn parse(line: &str) -> Result<Option<Command>, String> {
    let words = std::iter::once("jungle").chain(line.split_whitespace());
    Cli::try_parse_from(words).map(|cli| cli.command).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(line: &str) -> String {
        parse(line).expect_err(&format!("`{line}` was accepted"))
    }

    #[test]
    fn the_protocol_is_the_default() {
        assert!(matches!(parse(""), Ok(None)));
        assert!(matches!(parse("uci"), Ok(Some(Command::Uci(UciArgs { tablebase: None })))));
        let Ok(Some(Command::Uci(args))) = parse("uci --tablebase tables") else { panic!("uci --tablebase") };
        assert_eq!(args.tablebase, Some(PathBuf::from("tables")));
        assert!(refusal("uci now").contains("unexpected argument 'now'"));
        assert!(refusal("perf 3").contains("unrecognized subcommand 'perf'"));
    }

    #[test]
    fn every_command_has_help() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
        let help = Cli::command().render_long_help().to_string();
        for name in [
            "uci",
            "perft",
            "moves",
            "bench-perft",
            "bench-replay",
            "gen-data",
            "puzzles",
            "match",
            "rating-list",
        ] {
            assert!(help.contains(&format!("  {name} ")), "{name} is not in\n{help}");
        }
        let error = Cli::try_parse_from(["jungle", "match", "--help"]).unwrap_err();
        assert_eq!(error.kind(), clap::error::ErrorKind::DisplayHelp);
        assert!(error.to_string().contains("--engine1 <COMMAND>"), "{error}");
        assert!(error.to_string().contains("[default: 600]"), "{error}");
    }
}
