//! `jungle puzzles`: plays self-play games at varied levels from varied openings and writes the
//! puzzles found in them, one line each (the format of `jungle::puzzles::Puzzle`), as they are found.

use super::args::{Args, MAX_GAMES};
use super::openings::openings;
use jungle::ai::selfplay::{play_game, LevelPlayer};
use jungle::ai::{Level, Limits, Rng};
use jungle::puzzles::{Generator, Puzzle, Settings, DECISIVE_GAIN};
use jungle::rules::{Color, Game, Position, Rules};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::time::Instant;

/// The longest game played, in plies.
const MAX_PLIES: usize = 400;
/// The levels of the self-play games: weak enough to blunder into tactics, strong enough to
/// reach positions worth solving.
const LEVELS: std::ops::RangeInclusive<u64> = 2..=6;

/// `puzzles --relabel FILE` and `puzzles --summary FILE` work on a written file (below).
/// `puzzles --games N --out FILE [--rules R] [--seed S] [--max-moves M] [--goal G] [--endgames]
/// [--limit P]`: appends to FILE (written with its header if new), skipping positions already in
/// it; stops after N games or P new puzzles. `--goal` is `win` (of the game), `gain` (of
/// material) or `any` (a win if the position has one, else a gain); `--endgames` starts each game
/// with three to five random pieces of each side taken off the opening.
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
    let endgames = args.flag("--endgames");
    let limit = args.number("--limit", u64::MAX, 1..=u64::MAX)?;
    args.finish()?;

    let mut generator = Generator::new(Settings { max_moves, wins, gain, ..Settings::default() });
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
        let level =
            |rng: &mut Rng| Level::new((LEVELS.start() + rng.below(LEVELS.end() - LEVELS.start() + 1)) as u8);
        let (red, blue) = (level(&mut rng).expect("in 1..=8"), level(&mut rng).expect("in 1..=8"));
        let mut red = LevelPlayer::new(red, rng.next_u64(), Limits::default());
        let mut blue = LevelPlayer::new(blue, rng.next_u64(), Limits::default());
        let start = &starts[n % starts.len()];
        let start = if endgames { thinned(start, &mut rng) } else { start.clone() };
        let (_, game) = play_game(&start, &mut red, &mut blue, MAX_PLIES);
        for puzzle in generator.from_game(&game) {
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

/// `start`'s position with three to five random pieces of each side taken off (the moves that
/// led there forgotten), for games that reach endgames soon.
fn thinned(start: &Game, rng: &mut Rng) -> Game {
    let pos = start.position();
    let mut setup = pos.to_setup();
    for color in [Color::Red, Color::Blue] {
        let mut squares: Vec<_> = pos.pieces(color).collect();
        for _ in 0..3 + rng.below(3) {
            if squares.len() > 1 {
                let sq = squares.swap_remove(rng.below(squares.len() as u64) as usize);
                setup.board[sq.index()] = None;
            }
        }
    }
    Position::from_setup(&setup, *pos.rules()).map(Game::from_position).unwrap_or_else(|_| start.clone())
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
