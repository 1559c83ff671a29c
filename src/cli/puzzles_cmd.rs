//! `jungle puzzles`: plays self-play games at varied levels from varied openings and writes the
//! puzzles found in them, one line each (the format of `jungle::puzzles::Puzzle`), as they are found.

use super::args::{Variant, MAX_GAMES};
use super::openings::openings;
use super::puzzle_starts::{boxed, sparse, thinned};
use super::puzzles_tables;
use clap::{ArgGroup, Args, ValueEnum};
use jungle::ai::selfplay::{play_game, LevelPlayer};
use jungle::ai::{Level, Limits, Rng};
use jungle::puzzles::{Generator, Puzzle, Settings, Theme, DECISIVE_GAIN};
use jungle::rules::Rules;
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::time::Instant;

/// The longest game played, in plies.
const MAX_PLIES: usize = 400;
/// The levels of the self-play games: weak enough to blunder into tactics, strong enough to
/// reach positions worth solving.
const LEVELS: std::ops::RangeInclusive<u64> = 2..=6;
/// The longest game played from a sparse start: its puzzles come early, and a long game of few
/// pieces mostly shuffles.
const SPARSE_PLIES: usize = 40;

/// `jungle puzzles`: `--out FILE` appends to FILE (written with its header if new), skipping
/// positions already in it, and stops after N games or P new puzzles; `--relabel FILE` and
/// `--summary FILE` work on a written file instead (below).
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("file").required(true).args(["out", "relabel", "summary"])))]
#[command(group(ArgGroup::new("start").args(["endgames", "sparse", "boxed"])))]
pub struct PuzzlesArgs {
    /// Append the puzzles found to FILE
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// Work out every puzzle's themes and difficulty in FILE again
    #[arg(long, value_name = "FILE", conflicts_with_all = ["Generation", "rules"])]
    relabel: Option<String>,
    /// Count the puzzles in FILE by goal, theme, difficulty and length
    #[arg(long, value_name = "FILE", conflicts_with_all = ["Generation", "rules"])]
    summary: Option<String>,
    // Beside `generation`, not in it: clap leaves the group of a struct that flattens another
    // empty, and `--relabel` and `--summary` refuse the options of the group.
    #[command(flatten)]
    variant: Variant,
    #[command(flatten)]
    generation: Generation,
}

/// How `--out` looks for puzzles.
#[derive(Args, Debug)]
struct Generation {
    /// Self-play games to play
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    games: u64,
    /// The seed of the openings, starts and players
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// The solver's moves in a puzzle at most
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u32).range(2..=5))]
    max_moves: u32,
    /// What the solver must reach
    #[arg(long, value_enum, default_value_t = Goal::Any)]
    goal: Goal,
    /// Start each game from the opening with three to five random pieces of each side taken off
    #[arg(long)]
    endgames: bool,
    /// Start each game, a short one, from a few pieces set at random
    #[arg(long)]
    sparse: bool,
    /// Play no game: each "game" is one position with a defender's piece boxed in
    #[arg(long)]
    boxed: bool,
    /// Keep only the puzzles showing one of these themes
    #[arg(long, value_name = "THEME,...", value_delimiter = ',', value_parser = theme)]
    theme: Vec<Theme>,
    /// Play no game: draw endgame puzzles of 3 animals from the endgame tables in DIR (each
    /// solver move the only winning one by the tables; --limit of them, default 40)
    #[arg(long, value_name = "DIR")]
    tables: Option<std::path::PathBuf>,
    /// Stop after P new puzzles (default: no limit)
    #[arg(long, value_name = "P", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
}

/// What a puzzle's solver must reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Goal {
    /// The win of the game
    Win,
    /// A gain of material
    Gain,
    /// A win if the position has one, else a gain
    Any,
}

/// `puzzles --relabel FILE`, `puzzles --summary FILE`, or `puzzles --out FILE` with the options
/// of [`Generation`].
pub fn run(args: &PuzzlesArgs) -> Result<(), String> {
    match (&args.out, &args.relabel, &args.summary) {
        (_, Some(path), _) => relabel(path),
        (_, _, Some(path)) => summary(path),
        (Some(out), ..) => generate(out, args.variant.rules, &args.generation),
        (None, None, None) => unreachable!("clap requires one of --out, --relabel and --summary"),
    }
}

/// Plays the games of `args` under `rules` and appends the puzzles found in them to `out`.
fn generate(out: &str, rules: Rules, args: &Generation) -> Result<(), String> {
    if let Some(dir) = &args.tables {
        let known: Vec<String> = read_known(out)?.into_iter().map(|p| p.id).collect();
        let puzzles = puzzles_tables::draw(dir, args.limit.unwrap_or(40) as usize, args.seed, &known)?;
        let mut file =
            OpenOptions::new().create(true).append(true).open(out).map_err(|e| format!("{out}: {e}"))?;
        for puzzle in &puzzles {
            writeln!(file, "{puzzle}").map_err(|e| format!("{out}: {e}"))?;
        }
        say!("{} new endgame puzzles from the tables in {out}", puzzles.len());
        return Ok(());
    }
    let (games, seed) = (args.games as usize, args.seed);
    let (wins, gain) = match args.goal {
        Goal::Any => (true, Some(DECISIVE_GAIN)),
        Goal::Win => (true, None),
        Goal::Gain => (false, Some(DECISIVE_GAIN)),
    };
    let kind = match (args.endgames, args.sparse, args.boxed) {
        (true, _, _) => Start::Endgames,
        (_, true, _) => Start::Sparse,
        (_, _, true) => Start::Boxed,
        _ => Start::Openings,
    };
    let settings = Settings { max_moves: args.max_moves, wins, gain, ..Settings::default() };
    let mut generator = Generator::new(settings).wanting(args.theme.clone());
    let known = read_known(out)?;
    for puzzle in &known {
        generator.skip(puzzle);
    }
    let mut file =
        OpenOptions::new().create(true).append(true).open(out).map_err(|e| format!("{out}: {e}"))?;
    if known.is_empty() && file.metadata().map(|m| m.len() == 0).unwrap_or(false) {
        writeln!(file, "# Jungle puzzles: id, rules, FEN, solution, themes, difficulty[, goal] (tab-separated; see src/puzzles/format.rs)")
            .map_err(|e| format!("{out}: {e}"))?;
    }
    let starts = openings(rules, games.min(200), seed);
    if starts.is_empty() {
        return Err("no opening is legal under these rules".into());
    }
    let mut rng = Rng::new(seed);
    let (clock, mut written) = (Instant::now(), 0u64);
    for n in 0..games {
        let found = if let Start::Boxed = kind {
            generator.puzzle_at(boxed(rules, &mut rng).position()).into_iter().collect()
        } else {
            let (mut red, mut blue) = players(&mut rng);
            let opening = &starts[n % starts.len()];
            let (start, plies) = match kind {
                Start::Sparse => (sparse(rules, &mut rng), SPARSE_PLIES),
                Start::Endgames => (thinned(opening, &mut rng), MAX_PLIES),
                _ => (opening.clone(), MAX_PLIES),
            };
            generator.from_game(&play_game(&start, &mut red, &mut blue, plies).1)
        };
        for puzzle in found {
            writeln!(file, "{puzzle}").map_err(|e| format!("{out}: {e}"))?;
            written += 1;
        }
        eprintln!(
            "game {}/{games}: {written} puzzles, {:.0} s, {:?}",
            n + 1,
            clock.elapsed().as_secs_f64(),
            generator.stats
        );
        if args.limit.is_some_and(|limit| written >= limit) {
            break;
        }
    }
    say!("{written} new puzzles in {out} ({:.0} s)", clock.elapsed().as_secs_f64());
    Ok(())
}

/// Where the positions looked at come from.
#[derive(Clone, Copy)]
enum Start {
    /// Self-play games from the openings.
    Openings,
    /// Self-play games from the openings with pieces taken off.
    Endgames,
    /// Short self-play games from a few pieces set at random.
    Sparse,
    /// No game: one position with a defender's piece boxed in.
    Boxed,
}

/// The two players of a self-play game, at random levels.
fn players(rng: &mut Rng) -> (LevelPlayer, LevelPlayer) {
    let level =
        |rng: &mut Rng| Level::new((LEVELS.start() + rng.below(LEVELS.end() - LEVELS.start() + 1)) as u8);
    let (red, blue) = (level(rng).expect("in 1..=8"), level(rng).expect("in 1..=8"));
    (
        LevelPlayer::new(red, rng.next_u64(), Limits::default()),
        LevelPlayer::new(blue, rng.next_u64(), Limits::default()),
    )
}

/// A theme of `--theme` by its name.
fn theme(name: &str) -> Result<Theme, String> {
    Theme::from_name(name).ok_or_else(|| {
        let known: Vec<_> = Theme::ALL.iter().map(|t| t.name()).collect();
        format!("`{name}` is not one of {}", known.join(", "))
    })
}

/// `puzzles --relabel FILE`: works out every puzzle's themes and difficulty again (after a change
/// of how they are worked out), keeping the file's other lines as they are.
fn relabel(path: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut generator = Generator::new(Settings::default());
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            out.push_str(line);
        } else {
            let puzzle = Puzzle::parse(line).map_err(|e| format!("{path}:{}: {e}", i + 1))?;
            let labelled = generator.relabel(&puzzle).map_err(|e| format!("{path}:{}: {e}", i + 1))?;
            out.push_str(&labelled.to_string());
        }
        out.push('\n');
    }
    std::fs::write(path, out).map_err(|e| format!("{path}: {e}"))?;
    say!("{path}: relabelled");
    Ok(())
}

/// `puzzles --summary FILE`: how many puzzles the file holds by goal, theme, difficulty and
/// length (the solver's moves).
fn summary(path: &str) -> Result<(), String> {
    if File::open(path).is_err() {
        return Err(format!("{path}: cannot be read"));
    }
    let puzzles = read_known(path)?;
    let count = |key: &dyn Fn(&Puzzle) -> Vec<String>| {
        let mut counts = BTreeMap::<String, usize>::new();
        for puzzle in &puzzles {
            for k in key(puzzle) {
                *counts.entry(k).or_default() += 1;
            }
        }
        counts.iter().map(|(k, n)| format!("{k} {n}")).collect::<Vec<_>>().join(", ")
    };
    say!("{path}: {} puzzles", puzzles.len());
    say!("goal: {}", count(&|p| vec![p.goal.name()]));
    say!("theme: {}", count(&|p| p.themes.iter().map(|t| t.name().to_string()).collect()));
    say!("difficulty: {}", count(&|p| vec![p.difficulty.to_string()]));
    say!("moves: {}", count(&|p| vec![p.moves().to_string()]));
    Ok(())
}

/// The puzzles already in `path` (none if it does not exist); a line that cannot be read is an error.
fn read_known(path: &str) -> Result<Vec<Puzzle>, String> {
    let Ok(file) = File::open(path) else { return Ok(Vec::new()) };
    let mut known = Vec::new();
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("{path}: {e}"))?;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        known.push(Puzzle::parse(&line).map_err(|e| format!("{path}:{}: {e}", i + 1))?);
    }
    Ok(known)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::parse_args::parse_args;

    fn puzzles_args(line: &str) -> PuzzlesArgs {
        parse_args(line).unwrap_or_else(|e| panic!("`{line}`: {e}"))
    }

    #[test]
    fn a_run_is_read_with_its_options() {
        let args =
            puzzles_args("puzzles --out p.txt --sparse --theme no-move,zugzwang --goal gain --limit 1");
        let g = &args.generation;
        assert_eq!(args.out.as_deref(), Some("p.txt"));
        assert_eq!((g.sparse, g.endgames, g.goal, g.limit), (true, false, Goal::Gain, Some(1)));
        assert_eq!(g.theme, [Theme::NoMove, Theme::Zugzwang]);
        assert_eq!((g.games, g.max_moves, g.seed), (100, 4, 1));
        assert_eq!(puzzles_args("puzzles --summary p.txt").summary.as_deref(), Some("p.txt"));
    }

    #[test]
    fn bad_options_are_refused() {
        let refusal = |line: &str| {
            parse_args::<PuzzlesArgs>(line).err().unwrap_or_else(|| panic!("`{line}` was accepted"))
        };
        assert!(refusal("puzzles --games 2").contains("<--out <FILE>|--relabel <FILE>|--summary <FILE>>"));
        assert!(refusal("puzzles --summary a --games 2").contains("cannot be used with"));
        assert!(refusal("puzzles --relabel a --rules dog-swims=yes").contains("cannot be used with '--rules"));
        assert!(refusal("puzzles --out a --relabel b").contains("cannot be used with"));
        assert!(refusal("puzzles --out a --boxed --sparse").contains("cannot be used with"));
        assert!(refusal("puzzles --out a --theme den,magic").contains("`magic` is not one of den, trap"));
        assert!(refusal("puzzles --out a --goal mate").contains("[possible values: win, gain, any]"));
        assert!(refusal("puzzles --out a --max-moves 9").contains("9 is not in 2..=5"));
    }
}
