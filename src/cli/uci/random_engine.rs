//! `jungle random-engine`: a tiny engine speaking only JCEI (jungine's handshake, `jcei` →
//! `jceiok`; the rest as our protocol) that answers every `go` with a legal move picked at
//! random, from a seed. It is the test opponent of `jungle rating-list` and `jungle bot`, and
//! it ignores `uci`, so a program that finds it proves its JCEI detection.

use super::command::{self, Command};
use super::input::next_line;
use super::options::{self, Setting};
use super::session::build_game;
use super::wire::Event;
use jungle::ai::Rng;
use jungle::rules::{Game, Rules};
use std::io::Write;

/// Plays on standard input and output until `quit` or the end of the input.
pub fn run(seed: u64) -> Result<(), String> {
    let mut input = std::io::stdin().lock();
    let mut output = std::io::stdout().lock();
    let mut engine =
        RandomEngine { rules: Rules::default(), game: Game::new(Rules::default()), rng: Rng::new(seed) };
    loop {
        let line = match next_line(&mut input) {
            Event::Line(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Event::TooLong(_) => continue,
            Event::End | Event::OutputClosed => return Ok(()),
        };
        let answer = match command::parse(&line) {
            Ok(Some(Command::Quit)) => return Ok(()),
            Ok(Some(command)) => engine.answer(command),
            Ok(None) => Ok(Vec::new()),
            Err(message) => Err(message),
        };
        let lines = answer.unwrap_or_else(|message| vec![format!("info string error: {message}")]);
        for text in lines {
            if writeln!(output, "{text}").and_then(|()| output.flush()).is_err() {
                return Ok(());
            }
        }
    }
}

/// The rules and the position, as last set.
struct RandomEngine {
    rules: Rules,
    game: Game,
    rng: Rng,
}

impl RandomEngine {
    /// The lines answering `command`.
    fn answer(&mut self, command: Command) -> Result<Vec<String>, String> {
        let lines = match command {
            Command::Jcei => {
                vec!["id name Jungle random mover".to_string(), "id author the Jungle project".to_string()]
                    .into_iter()
                    .chain(options::lines())
                    .chain(["jceiok".to_string()])
                    .collect()
            }
            Command::IsReady => vec!["readyok".to_string()],
            Command::SetOption { name, value } => {
                if let Setting::Rules(rules) = options::setting(&name, value.as_deref(), &self.rules)? {
                    self.rules = rules;
                }
                Vec::new()
            }
            Command::Position { start, moves } => {
                self.game = build_game(&start, &moves, self.rules)?;
                Vec::new()
            }
            Command::Go(_) => {
                let moves = self.game.legal_moves();
                let chosen = (!moves.is_empty()).then(|| moves[self.rng.below(moves.len() as u64) as usize]);
                vec![format!("bestmove {}", chosen.map_or("0000".to_string(), |m| m.to_string()))]
            }
            // Not a UCI engine; the rest has nothing to answer.
            _ => Vec::new(),
        };
        Ok(lines)
    }
}
