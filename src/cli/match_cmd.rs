//! `jungle match`: two engines play each other over varied openings, each opening once with
//! each colour, and the result is printed as W/D/L with an Elo difference and its 95% margin.
//! Games are adjudicated by the rules; a game longer than the ply cap is a draw.

use super::endgame_starts;
use super::match_args::MatchArgs;
use super::match_players::{Conditions, Spec};
use super::match_tables::TableWins;
use super::openings;
use jungle::ai::selfplay::{run_match, Player, Tally};
use jungle::rules::{Color, Game, Move, Outcome};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A match as its threads see it.
struct Match {
    first: Spec,
    second: Spec,
    /// The first player's rules and budget, and the second's.
    conditions: (Conditions, Conditions),
    concurrency: usize,
    max_plies: usize,
    seed: u64,
    /// Print each game's moves after its result.
    moves: bool,
    /// The endgame tables the games are judged by, if any.
    tables: Option<TableWins>,
}

/// The running score, shared by the match threads.
struct Progress {
    tally: Tally,
    total: usize,
    endings: Endings,
    /// The time the first player and the second took to answer, and their moves.
    thinking: [(Duration, u32); 2],
    /// Games in which the first player reached a sure table win, and those it won.
    table_wins: (u32, u32),
}

impl Progress {
    /// `20.1 ms / 100.4 ms`: each player's mean time a move, as the match measured it.
    fn mean_times(&self) -> String {
        let mean = |(spent, moves): (Duration, u32)| spent.as_secs_f64() * 1e3 / f64::from(moves.max(1));
        format!("{:.1} ms / {:.1} ms", mean(self.thinking[0]), mean(self.thinking[1]))
    }
}

/// A player whose time to answer is added to the match's [`Progress`] (player `index`).
struct Clocked<'a> {
    player: Box<dyn Player>,
    index: usize,
    progress: &'a Mutex<Progress>,
}

impl Player for Clocked<'_> {
    fn name(&self) -> String {
        self.player.name()
    }

    fn new_game(&mut self) {
        self.player.new_game();
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        let start = Instant::now();
        let chosen = self.player.choose(game);
        let mut p = self.progress.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let (spent, moves) = &mut p.thinking[self.index];
        *spent += start.elapsed();
        *moves += 1;
        chosen
    }
}

/// How the games ended, whoever played them: wins by colour and draws by reason.
#[derive(Default)]
struct Endings {
    red_wins: u32,
    blue_wins: u32,
    /// (reason, count), in the order the reasons first occurred.
    draws: Vec<(&'static str, u32)>,
}

impl Endings {
    fn record(&mut self, outcome: &Outcome, game: &Game) {
        match outcome.winner {
            Some(Color::Red) => self.red_wins += 1,
            Some(Color::Blue) => self.blue_wins += 1,
            None => {
                // The driver ends a game without a result on the board only at the ply cap.
                let reason = if game.outcome().is_some() { outcome.reason.name() } else { "ply-cap" };
                match self.draws.iter_mut().find(|(r, _)| *r == reason) {
                    Some((_, n)) => *n += 1,
                    None => self.draws.push((reason, 1)),
                }
            }
        }
    }
}

/// `red won 12, blue won 9; draws: no-capture-limit 20, repetition 3`.
impl std::fmt::Display for Endings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "red won {}, blue won {}; draws:", self.red_wins, self.blue_wins)?;
        if self.draws.is_empty() {
            write!(f, " none")?;
        }
        for (i, (reason, n)) in self.draws.iter().enumerate() {
            write!(f, "{} {reason} {n}", if i == 0 { "" } else { "," })?;
        }
        Ok(())
    }
}

/// Plays the match of `args` (see [`MatchArgs`]) on `--concurrency` threads.
pub fn run(args: &MatchArgs) -> Result<(), String> {
    let (first, second) = args.players();
    let m = Match {
        first,
        second,
        conditions: args.conditions(),
        concurrency: args.concurrency as usize,
        max_plies: args.max_plies as usize,
        seed: args.seed,
        moves: args.moves,
        tables: args.tables.as_deref().map(TableWins::load).transpose()?,
    };
    let rules = m.conditions.0.rules;
    let starts = match args.endgames {
        Some(animals) => endgame_starts::endgames(rules, args.pairs(), animals, m.seed),
        None => openings::openings(rules, args.pairs(), m.seed),
    };
    if starts.is_empty() {
        return Err("no opening is playable under these rules".to_string());
    }
    let (name1, name2) = names(&m.first, &m.second);
    let (control1, control2) = (m.conditions.0.control, m.conditions.1.control);
    let budget =
        if control1 == control2 { format!("{control1}") } else { format!("{control1} against {control2}") };
    say!("{name1} vs {name2}: {} games, {budget} per move, {} thread(s)", 2 * starts.len(), m.concurrency);
    let progress = Mutex::new(Progress {
        tally: Tally::default(),
        total: 2 * starts.len(),
        endings: Endings::default(),
        thinking: [(Duration::ZERO, 0); 2],
        table_wins: (0, 0),
    });
    let clock = Instant::now();
    let workers = m.concurrency.min(starts.len());
    std::thread::scope(|scope| {
        let threads: Vec<_> = (0..workers)
            .map(|w| {
                let (m, starts, progress) = (&m, &starts, &progress);
                scope.spawn(move || play_share(m, starts, w, workers, progress))
            })
            .collect();
        threads
            .into_iter()
            .try_for_each(|t| t.join().unwrap_or_else(|_| Err("a match thread failed".to_string())))
    })?;
    let p = progress.into_inner().map_err(|_| "a match thread failed")?;
    say!("Result: {name1} vs {name2}: {} ({:.0} s)", p.tally, clock.elapsed().as_secs_f64());
    say!("Endings: {}", p.endings);
    say!("Time a move: {name1} / {name2}: {}", p.mean_times());
    if m.tables.is_some() {
        let (reached, won) = p.table_wins;
        say!("Table wins: {name1} reached a sure table win in {reached} games and won {won} of them");
    }
    Ok(())
}

/// Plays openings `w`, `w + workers`, … with this thread's own pair of players.
fn play_share(
    m: &Match,
    starts: &[Game],
    w: usize,
    workers: usize,
    progress: &Mutex<Progress>,
) -> Result<(), String> {
    let mine: Vec<Game> = starts.iter().skip(w).step_by(workers).cloned().collect();
    let (name1, name2) = names(&m.first, &m.second);
    let first = m.first.build(&name1, &m.conditions.0, m.seed ^ (0xA000 + w as u64))?;
    let second = m.second.build(&name2, &m.conditions.1, m.seed ^ (0xB000 + w as u64))?;
    let mut first = Clocked { player: first, index: 0, progress };
    let mut second = Clocked { player: second, index: 1, progress };
    let mut played = 0;
    run_match(&mut first, &mut second, &mine, m.max_plies, &mut |_, color, outcome, game| {
        let opening = &mine[played / 2];
        played += 1;
        let mut p = progress.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        record(&mut p.tally, color, outcome);
        p.endings.record(outcome, game);
        if m.tables.as_ref().is_some_and(|tables| tables.reached(game, color)) {
            p.table_wins.0 += 1;
            p.table_wins.1 += u32::from(outcome.winner == Some(color));
        }
        let (red, blue) = if color == Color::Red { (&name1, &name2) } else { (&name2, &name1) };
        let plies = game.moves().len() - opening.moves().len();
        let t = &p.tally;
        say!(
            "game {}/{}: {red} (red) vs {blue} (blue) after {}: {}, {plies} plies; {name1}: +{} ={} -{}; {}",
            t.games(),
            p.total,
            opening_text(opening),
            verdict(outcome, game, m.max_plies),
            t.wins,
            t.draws,
            t.losses,
            p.mean_times()
        );
        if m.moves {
            say!("  moves: {}", moves_text(game));
        }
    });
    Ok(())
}

/// The players' names for reports, told apart when they are the same.
fn names(first: &Spec, second: &Spec) -> (String, String) {
    let (a, b) = (first.name(), second.name());
    if a == b {
        (format!("{a} #1"), format!("{b} #2"))
    } else {
        (a, b)
    }
}

/// Counts a game for the first player, who played `color`.
fn record(tally: &mut Tally, color: Color, outcome: &Outcome) {
    match outcome.winner {
        None => tally.draws += 1,
        Some(winner) if winner == color => tally.wins += 1,
        Some(_) => tally.losses += 1,
    }
}

/// The result and why. The match driver ends a game early, without a result on the board,
/// only at the ply cap (a draw) or when a player gave no legal move (a loss).
fn verdict(outcome: &Outcome, game: &Game, max_plies: usize) -> String {
    match (game.outcome(), outcome.winner) {
        (Some(_), _) => outcome.to_string(),
        (None, None) => format!("draw: ply cap of {max_plies} reached"),
        (None, Some(winner)) => {
            format!("{winner} wins: {} forfeits (its player gave no legal move)", !winner)
        }
    }
}

/// The opening's moves, or its FEN if it has none.
fn opening_text(game: &Game) -> String {
    if game.moves().is_empty() {
        game.start().fen()
    } else {
        moves_text(game)
    }
}

/// Every move of the game, from its start.
fn moves_text(game: &Game) -> String {
    let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
    moves.join(" ")
}
