//! An engine in another process that speaks our protocol (`uci`, `isready`, `ucinewgame`,
//! `position`, `go`, `bestmove`), as a player of `jungle match`. The other open Jungle
//! engines' dialect (JCEI) answers the same `uci` with `jceiok`, which is taken as well. A crash, a silence past the
//! timeout or an illegal move is reported and loses the game; the engine is started again
//! for the next one.

use jungle::ai::selfplay::Player;
use jungle::rules::{Game, Move, Rules};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long the handshake (`uciok` or `jceiok`, `readyok`) may take.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long an engine may take to leave after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(200);

/// A running engine process with its output read line by line on a helper thread.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Process {
    /// Starts `command` (a program and its arguments, split at spaces).
    fn start(command: &str) -> Result<Process, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("the engine command is empty")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start `{command}`: {e}"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(format!("cannot talk to `{command}`"));
        };
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Process { child, stdin, lines })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("it stopped reading ({e})"))
    }

    /// Waits up to `timeout` for a line that starts with one of `words`, skipping others.
    fn expect(&mut self, words: &[&str], timeout: Duration) -> Result<String, String> {
        let deadline = Instant::now() + timeout;
        let word = words.join("` or `");
        loop {
            match self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(line) if line.split_whitespace().next().is_some_and(|first| words.contains(&first)) => {
                    return Ok(line)
                }
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no `{word}` within {} ms", timeout.as_millis()))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("it exited before sending `{word}`"))
                }
            }
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A protocol engine as a [`Player`].
pub struct ProtocolEngine {
    command: String,
    name: String,
    /// `setoption` lines sent after each handshake.
    options: Vec<String>,
    /// The `go` command for every move, e.g. `go movetime 100`.
    go: String,
    /// How long a move may take before the engine is declared hung.
    move_timeout: Duration,
    process: Option<Process>,
}

impl ProtocolEngine {
    /// Starts `command` now (so a wrong command fails the match at once) and sets the rule
    /// options that differ from the defaults.
    pub fn start(
        name: &str,
        command: &str,
        rules: &Rules,
        go: String,
        move_timeout: Duration,
    ) -> Result<ProtocolEngine, String> {
        let options = rules
            .to_string()
            .split(',')
            .filter_map(|pair| pair.split_once('='))
            .map(|(option, value)| format!("setoption name {option} value {value}"))
            .collect();
        let mut engine = ProtocolEngine {
            command: command.to_string(),
            name: name.to_string(),
            options,
            go,
            move_timeout,
            process: None,
        };
        engine.connect().map_err(|e| format!("{name}: {e}"))?;
        Ok(engine)
    }

    /// The running process, started and set up first if needed.
    fn connect(&mut self) -> Result<&mut Process, String> {
        if self.process.is_none() {
            let mut process = Process::start(&self.command)?;
            process.send("uci")?;
            process.expect(&["uciok", "jceiok"], HANDSHAKE_TIMEOUT)?;
            for line in &self.options {
                process.send(line)?;
            }
            process.send("isready")?;
            process.expect(&["readyok"], HANDSHAKE_TIMEOUT)?;
            self.process = Some(process);
        }
        self.process.as_mut().ok_or_else(|| "not running".to_string())
    }

    fn prepare(&mut self) -> Result<(), String> {
        let process = self.connect()?;
        process.send("ucinewgame")?;
        process.send("isready")?;
        process.expect(&["readyok"], HANDSHAKE_TIMEOUT).map(drop)
    }

    fn ask(&mut self, game: &Game) -> Result<Move, String> {
        let mut position = format!("position fen {}", game.start().fen());
        let moves: Vec<String> = game.moves().iter().map(Move::to_string).collect();
        if !moves.is_empty() {
            position = format!("{position} moves {}", moves.join(" "));
        }
        let (go, timeout) = (self.go.clone(), self.move_timeout);
        let process = self.connect()?;
        process.send(&position)?;
        process.send(&go)?;
        let line = process.expect(&["bestmove"], timeout)?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        match game.position().parse_move(text) {
            Ok(m) if game.is_legal(m) => Ok(m),
            Ok(m) => Err(format!("it played {m}, forbidden by the chase rules")),
            Err(e) => {
                Err(format!("it sent `bestmove {}` in {}: {e}", text.escape_default(), game.position().fen()))
            }
        }
    }

    /// Reports a failure and drops the process (killing it), so the next game starts afresh.
    fn fail(&mut self, what: &str) {
        say!("warning: {} failed: {what}; it loses this game", self.name);
        self.process = None;
    }
}

impl Player for ProtocolEngine {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) {
        if let Err(e) = self.prepare() {
            say!("warning: {} failed to start a game: {e}; starting it again", self.name);
            self.process = None;
        }
    }

    fn choose(&mut self, game: &Game) -> Option<Move> {
        match self.ask(game) {
            Ok(m) => Some(m),
            Err(e) => {
                self.fail(&e);
                None
            }
        }
    }
}
