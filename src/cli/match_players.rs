//! The players of `jungle match`: protocol engines in other processes, playing levels and
//! search configurations of this build, under a per-move node or time budget.

use super::protocol_engine::ProtocolEngine;
use super::selfplay_cmd;
use jungle::ai::selfplay::{LevelPlayer, Player};
use jungle::ai::{Engine, Level, Limits, Rng};
use jungle::rules::{Game, Move, Rules};
use std::fmt;
use std::time::{Duration, Instant};

/// The budget of every move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Control {
    Nodes(u64),
    /// Milliseconds.
    MoveTime(u64),
}

impl Control {
    /// The protocol's `go` command for this budget.
    fn go(self) -> String {
        match self {
            Control::Nodes(n) => format!("go nodes {n}"),
            Control::MoveTime(ms) => format!("go movetime {ms}"),
        }
    }
}

impl fmt::Display for Control {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Control::Nodes(n) => write!(f, "{n} nodes"),
            Control::MoveTime(ms) => write!(f, "{ms} ms"),
        }
    }
}

/// What every player of a match shares.
#[derive(Clone, Copy, Debug)]
pub struct Conditions {
    pub rules: Rules,
    pub control: Control,
    /// How much longer than its budget a protocol engine may take for a move.
    pub timeout: Duration,
}

/// One side of a match, as given on the command line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Spec {
    /// `--engineN "program args"`.
    Protocol(String),
    /// `--levelN N`.
    Level(Level),
    /// `--configN SPEC`: a search configuration as in `jungle selfplay`.
    Config(String),
}

impl Spec {
    /// A name for reports.
    pub fn name(&self) -> String {
        match self {
            Spec::Protocol(command) => {
                // The program's file name and its arguments: `jungle`, not `/long/path/jungle`.
                let program = command.split_whitespace().next().unwrap_or_default();
                let file =
                    std::path::Path::new(program).file_name().map_or(program.into(), |f| f.to_string_lossy());
                command.replacen(program, &file, 1)
            }
            Spec::Level(level) => format!("level {}", level.number()),
            Spec::Config(spec) => format!("config {spec}"),
        }
    }

    /// A fresh player named `name` in reports (each match thread has its own); `seed` varies
    /// the weak levels.
    pub fn build(&self, name: &str, conditions: &Conditions, seed: u64) -> Result<Box<dyn Player>, String> {
        match (self, conditions.control) {
            (Spec::Protocol(command), control) => {
                let timeout = match control {
                    Control::MoveTime(ms) => Duration::from_millis(ms) + conditions.timeout,
                    Control::Nodes(_) => conditions.timeout,
                };
                Ok(Box::new(ProtocolEngine::start(
                    name,
                    command,
                    &conditions.rules,
                    &[],
                    control.go(),
                    timeout,
                )?))
            }
            (Spec::Level(level), Control::Nodes(n)) => {
                Ok(Box::new(LevelPlayer::new(*level, seed, Limits { depth: None, nodes: Some(n) })))
            }
            (Spec::Level(level), Control::MoveTime(ms)) => {
                Ok(Box::new(TimedPlayer::new(*level, Duration::from_millis(ms), seed)))
            }
            (Spec::Config(spec), control) => {
                let limited =
                    spec.split(',').any(|item| item.starts_with("nodes=") || item.starts_with("depth="));
                match control {
                    _ if limited => selfplay_cmd::player(spec, seed),
                    Control::Nodes(n) => selfplay_cmd::player(&format!("{spec},nodes={n}"), seed),
                    Control::MoveTime(_) => Err(format!(
                        "config `{spec}`: give it nodes= or depth=, or play the match with --nodes"
                    )),
                }
            }
        }
    }
}

/// A level of this build with a time budget per move (the AI's `LevelPlayer` has node budgets
/// only, as the AI reads no clock).
struct TimedPlayer {
    engine: Engine,
    level: Level,
    movetime: Duration,
    rng: Rng,
}

impl TimedPlayer {
    fn new(level: Level, movetime: Duration, seed: u64) -> TimedPlayer {
        TimedPlayer { engine: Engine::new(16), level, movetime, rng: Rng::new(seed) }
    }
}

impl Player for TimedPlayer {
    fn name(&self) -> String {
        format!("level {}", self.level.number())
    }

    fn new_game(&mut self) {
        self.engine.new_game();
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        let deadline = Instant::now() + self.movetime;
        let mut stop = |_| Instant::now() >= deadline;
        let result = if self.level == Level::MAX {
            self.engine.search(game, &Limits::default(), &mut stop, &mut |_| {})
        } else {
            self.engine.play_level(game, self.level, self.rng.next_u64(), &mut stop, &mut |_| {})
        };
        result.best
    }
}
