//! `jungle rating-list`: engines (protocol engines by command, and levels of this build) play
//! a round robin, or a gauntlet of one against the rest, over openings of the book, each
//! opening once with each colour; then the list (Elo with 95% intervals, fitted to all games
//! at once, anchored at 0) and the crosstable are printed. With `--results FILE` every
//! finished game is written down as it ends, and a run that finds games in the file plays
//! only the others.

use super::args::{Variant, MAX_MS};
use super::match_args::level;
use super::match_players::{Conditions, Control, Spec};
use super::openings;
use super::results_file::{Finished, ResultsFile};
use clap::Args;
use jungle::ai::selfplay::{play_game, Player};
use jungle::ai::Level;
use jungle::competitions::rating_list::{self, Crosstable, Score};
use jungle::rules::{Color, Game};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Nodes per move without `--nodes` or `--movetime`.
const DEFAULT_NODES: u64 = 10_000;
/// The most games one pair may play.
const MAX_GAMES_PER_PAIR: u64 = 1000;

/// `jungle rating-list`.
#[derive(Args, Debug)]
pub struct RatingListArgs {
    /// A protocol engine (UCI or JCEI, detected): its name in the list and the command that
    /// starts it, with its arguments (repeatable)
    #[arg(long, value_name = "NAME=COMMAND", value_parser = engine)]
    engine: Vec<(String, String)>,
    /// A level of this build, named `level N` in the list (repeatable)
    #[arg(long = "level", value_name = "1-8", value_parser = level)]
    levels: Vec<Level>,
    /// Play a gauntlet: this player against each other one, instead of a round robin
    #[arg(long, value_name = "NAME")]
    gauntlet: Option<String>,
    /// The player rated 0, whom the others are measured against [default: the first level,
    /// else the first engine]
    #[arg(long, value_name = "NAME")]
    anchor: Option<String>,
    /// Nodes per move [default: 10000]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "movetime")]
    nodes: Option<u64>,
    /// Time per move, in milliseconds
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=MAX_MS))]
    movetime: Option<u64>,
    /// Games each pair plays, each opening with both colours (an odd count is rounded up)
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES_PER_PAIR))]
    games_per_pair: u64,
    #[command(flatten)]
    variant: Variant,
    /// Games played at once
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    concurrency: u64,
    /// A game reaching N plies is a draw
    #[arg(long, value_name = "N", default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_plies: u64,
    /// How much longer than its budget a protocol engine may take for a move, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=MAX_MS))]
    timeout: u64,
    /// The seed of the generated openings and the weak levels
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Each finished game is appended to this file; games already in it are not played again
    #[arg(long, value_name = "FILE")]
    results: Option<String>,
}

/// `NAME=COMMAND`: a name without tabs or line ends (the results file separates by them).
fn engine(text: &str) -> Result<(String, String), String> {
    let (name, command) = text.split_once('=').ok_or("give NAME=COMMAND")?;
    let (name, command) = (name.trim(), command.trim());
    if name.is_empty() || command.is_empty() || name.contains(['\t', '\n', '\r']) {
        return Err("give NAME=COMMAND, a name without tabs".to_string());
    }
    Ok((name.to_string(), command.to_string()))
}

/// One game of the list: two players, an opening, and who is Red.
#[derive(Clone, Copy, Debug)]
struct Pairing {
    red: usize,
    blue: usize,
    opening: usize,
}

/// What the game threads share.
struct List<'a> {
    names: Vec<String>,
    specs: Vec<Spec>,
    conditions: Conditions,
    starts: &'a [Game],
    max_plies: usize,
    seed: u64,
    todo: Vec<Pairing>,
    next: AtomicUsize,
    results: Option<ResultsFile>,
    /// Every finished game, those of the file first.
    done: Mutex<Vec<Finished>>,
}

/// Plays the list of `args` and prints it.
pub fn run(args: &RatingListArgs) -> Result<(), String> {
    let (names, specs) = players(args)?;
    let anchor = match &args.anchor {
        Some(name) => index(&names, name)?,
        None => 0,
    };
    let control = match args.movetime {
        Some(ms) => Control::MoveTime(ms),
        None => Control::Nodes(args.nodes.unwrap_or(DEFAULT_NODES)),
    };
    let rules = args.variant.rules;
    let conditions = Conditions { rules, control, timeout: Duration::from_millis(args.timeout) };
    let openings_per_pair = args.games_per_pair.div_ceil(2) as usize;
    let starts = openings::openings(rules, openings_per_pair, args.seed);
    if starts.len() < openings_per_pair {
        return Err("too few openings are playable under these rules".to_string());
    }
    let pairs = pairs(names.len(), args.gauntlet.as_deref().map(|g| index(&names, g)).transpose()?);
    let rules_text = if rules == Default::default() { "standard".to_string() } else { rules.to_string() };
    let settings = format!(
        "players {}; rules {rules_text}; {control} a move; {} games a pair; max plies {}; seed {}",
        names.join(", "),
        2 * openings_per_pair,
        args.max_plies,
        args.seed
    );
    let (results, done) = match &args.results {
        Some(path) => {
            let (file, done) = ResultsFile::open(path, &settings)?;
            (Some(file), done)
        }
        None => (None, Vec::new()),
    };
    let todo: Vec<Pairing> = schedule(&pairs, openings_per_pair)
        .into_iter()
        .filter(|p| {
            !done.iter().any(|d| d.red == names[p.red] && d.blue == names[p.blue] && d.opening == p.opening)
        })
        .collect();
    say!("rating list: {settings}");
    say!(
        "{} games, {} already in the results file, {} to play",
        done.len() + todo.len(),
        done.len(),
        todo.len()
    );
    let list = List {
        names,
        specs,
        conditions,
        starts: &starts,
        max_plies: args.max_plies as usize,
        seed: args.seed,
        todo,
        next: AtomicUsize::new(0),
        results,
        done: Mutex::new(done),
    };
    let workers = (args.concurrency as usize).min(list.todo.len()).max(1);
    std::thread::scope(|scope| {
        let threads: Vec<_> = (0..workers)
            .map(|w| {
                scope.spawn({
                    let list = &list;
                    move || play_share(list, w)
                })
            })
            .collect();
        threads
            .into_iter()
            .try_for_each(|t| t.join().unwrap_or_else(|_| Err("a game thread failed".to_string())))
    })?;
    let done = list.done.into_inner().map_err(|_| "a game thread failed")?;
    let games: Vec<rating_list::Game> = done
        .iter()
        .filter_map(|d| {
            let (red, blue) =
                (list.names.iter().position(|n| *n == d.red)?, list.names.iter().position(|n| *n == d.blue)?);
            Some(rating_list::Game { first: red, second: blue, score: d.red_score })
        })
        .collect();
    let table = Crosstable::new(list.names.len(), &games).map_err(|e| e.to_string())?;
    let ratings = rating_list::fit(&table, anchor).map_err(|e| e.to_string())?;
    say!("");
    say!("{} games; Elo relative to {} (95% intervals)", games.len(), list.names[anchor]);
    say!("{}", rating_list::render(&list.names, &table, &ratings).trim_end());
    Ok(())
}

/// The players' names and specifications: the levels first, then the engines.
fn players(args: &RatingListArgs) -> Result<(Vec<String>, Vec<Spec>), String> {
    let mut players: Vec<(String, Spec)> =
        args.levels.iter().map(|&l| (Spec::Level(l).name(), Spec::Level(l))).collect();
    players.extend(args.engine.iter().map(|(name, command)| (name.clone(), Spec::Protocol(command.clone()))));
    if players.len() < 2 {
        return Err("a list needs two players or more (--engine, --level)".to_string());
    }
    for (i, (name, _)) in players.iter().enumerate() {
        if players[..i].iter().any(|(other, _)| other == name) {
            return Err(format!("two players are named `{name}`"));
        }
    }
    Ok(players.into_iter().unzip())
}

fn index(names: &[String], name: &str) -> Result<usize, String> {
    names
        .iter()
        .position(|n| n == name)
        .ok_or_else(|| format!("no player is named `{name}` (players: {})", names.join(", ")))
}

/// The pairs that play: every two players, or `gauntlet` against each other one.
fn pairs(players: usize, gauntlet: Option<usize>) -> Vec<(usize, usize)> {
    let all = (0..players).flat_map(|a| (a + 1..players).map(move |b| (a, b)));
    all.filter(|&(a, b)| gauntlet.is_none_or(|g| a == g || b == g)).collect()
}

/// Every game: for each opening, each pair plays it twice, each player once as Red (opening
/// by opening, so a list stopped early has met every pair about as often).
fn schedule(pairs: &[(usize, usize)], openings: usize) -> Vec<Pairing> {
    (0..openings)
        .flat_map(|opening| {
            pairs.iter().flat_map(move |&(a, b)| {
                [Pairing { red: a, blue: b, opening }, Pairing { red: b, blue: a, opening }]
            })
        })
        .collect()
}

/// Takes games from the list until none is left, with this thread's own players.
fn play_share(list: &List, worker: usize) -> Result<(), String> {
    let mut players: HashMap<usize, Box<dyn Player>> = HashMap::new();
    loop {
        let Some(&pairing) = list.todo.get(list.next.fetch_add(1, Ordering::Relaxed)) else { return Ok(()) };
        for side in [pairing.red, pairing.blue] {
            if let std::collections::hash_map::Entry::Vacant(entry) = players.entry(side) {
                let seed = list.seed ^ ((worker as u64) << 16) ^ side as u64;
                entry.insert(list.specs[side].build(&list.names[side], &list.conditions, seed)?);
            }
        }
        let [Some(red), Some(blue)] = players.get_disjoint_mut([&pairing.red, &pairing.blue]) else {
            return Err("a player is missing".to_string());
        };
        red.new_game();
        blue.new_game();
        let (outcome, game) =
            play_game(&list.starts[pairing.opening], red.as_mut(), blue.as_mut(), list.max_plies);
        let red_score = match outcome.winner {
            None => Score::Draw,
            Some(Color::Red) => Score::Win,
            Some(Color::Blue) => Score::Loss,
        };
        let finished = Finished {
            red: list.names[pairing.red].clone(),
            blue: list.names[pairing.blue].clone(),
            opening: pairing.opening,
            red_score,
        };
        if let Some(file) = &list.results {
            file.append(&finished)?;
        }
        let mut done = list.done.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        done.push(finished);
        let plies = game.moves().len() - list.starts[pairing.opening].moves().len();
        say!(
            "game {}: {} (red) vs {} (blue), opening {}: {outcome}, {plies} plies",
            done.len(),
            list.names[pairing.red],
            list.names[pairing.blue],
            pairing.opening + 1
        );
    }
}
