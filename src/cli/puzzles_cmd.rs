//! `jungle puzzles`: plays self-play games at varied levels from varied openings and writes the
//! puzzles found in them, one line each (the format of `jungle::puzzles::Puzzle`), as they are found.

use super::args::{Args, MAX_GAMES};
use super::openings::openings;
use super::puzzle_starts::{boxed, sparse, thinned};
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

/// `puzzles --relabel FILE` and `puzzles --summary FILE` work on a written file (below).
/// `puzzles --games N --out FILE [--rules R] [--seed S] [--max-moves M] [--goal G]
/// [--endgames | --sparse | --boxed] [--theme T,…] [--limit P]`: appends to FILE (written with its header if
/// new), skipping positions already in it; stops after N games or P new puzzles. `--goal` is
/// `win` (of the game), `gain` (of material) or `any` (a win if the position has one, else a
/// gain); `--endgames` starts each game with three to five random pieces of each side taken off
/// the opening, `--sparse` from a few random pieces (a game of at most `SPARSE_PLIES` plies), and
/// `--boxed` plays no game: each "game" is one position with a defender's piece boxed in (see
/// `puzzle_starts`); `--theme` keeps only the puzzles showing one of the themes named.
pub fn run(args: &mut Args) -> Result<(), String> {
    if let Some(path) = args.option("--relabel")? {
        args.finish()?;
        return relabel(&path);
    }
    if let Some(path) = args.option("--summary")? {
        args.finish()?;
        return summary(&path);
    }
    let rules: Rules = match args.option("--rules")? {
        Some(t) => t.parse().map_err(|e| format!("bad --rules: {e}"))?,
        None => Rules::default(),
    };
    let games = args.number("--games", 100, 1..=MAX_GAMES)? as usize;
    let out = args.option("--out")?.ok_or("missing --out FILE")?;
    let seed = args.number("--seed", 1, 0..=u64::MAX)?;
    let max_moves = args.number("--max-moves", 4, 2..=5)? as u32;
    let (wins, gain) = match args.option("--goal")?.as_deref() {
        None | Some("any") => (true, Some(DECISIVE_GAIN)),
        Some("win") => (true, None),
        Some("gain") => (false, Some(DECISIVE_GAIN)),
        Some(other) => return Err(format!("--goal must be win, gain or any, not `{other}`")),
    };
    let kinds = [("--endgames", Start::Endgames), ("--sparse", Start::Sparse), ("--boxed", Start::Boxed)];
    let given: Vec<Start> = kinds.into_iter().filter(|(flag, _)| args.flag(flag)).map(|(_, k)| k).collect();
    let kind = match given[..] {
        [] => Start::Openings,
        [one] => one,
        _ => return Err("--endgames, --sparse and --boxed are kinds of start: give one at most".into()),
    };
    let wanted = match args.option("--theme")? {
        Some(names) => theme_list(&names)?,
        None => Vec::new(),
    };
    let limit = args.number("--limit", u64::MAX, 1..=u64::MAX)?;
    args.finish()?;

    let mut generator =
        Generator::new(Settings { max_moves, wins, gain, ..Settings::default() }).wanting(wanted);
    let known = read_known(&out)?;
    for puzzle in &known {
        generator.skip(puzzle);
    }
    let mut file =
        OpenOptions::new().create(true).append(true).open(&out).map_err(|e| format!("{out}: {e}"))?;
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
        if written >= limit {
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

/// The themes of `--theme`: names separated by commas.
fn theme_list(names: &str) -> Result<Vec<Theme>, String> {
    names
        .split(',')
        .map(|name| {
            Theme::from_name(name).ok_or_else(|| {
                let known: Vec<_> = Theme::ALL.iter().map(|t| t.name()).collect();
                format!("--theme: `{name}` is not one of {}", known.join(", "))
            })
        })
        .collect()
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
