//! An engine in another process that speaks our protocol (`uci`, `isready`, `ucinewgame`,
//! `position`, `go`, `bestmove`) or JCEI (jungine's: the same after a `jcei` → `jceiok`
//! handshake), as a player of `jungle match`, `jungle rating-list` and `jungle bot`. A crash,
//! a silence past the timeout or an illegal move is reported and loses the game; the engine is
//! started again for the next one.

use jungle::ai::selfplay::Player;
use jungle::rules::{Game, Move, Rules};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long the handshake (`uciok`, `readyok`) may take.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long an engine has to answer `uci` before it is asked `jcei` instead (an engine that
/// knows only JCEI may stay silent).
const UCI_TIMEOUT: Duration = Duration::from_secs(2);
/// The words that end either protocol's handshake.
const HANDSHAKE_ENDS: [&str; 2] = ["uciok", "jceiok"];
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

    /// Waits up to `timeout` for a line that starts with the word `word`, skipping others.
    fn expect(&mut self, word: &str, timeout: Duration) -> Result<String, String> {
        self.expect_any(&[word], timeout, &mut Vec::new())
    }

    /// Waits up to `timeout` for a line that starts with one of `words`; the lines before it
    /// go into `skipped`.
    fn expect_any(
        &mut self,
        words: &[&str],
        timeout: Duration,
        skipped: &mut Vec<String>,
    ) -> Result<String, String> {
        let deadline = Instant::now() + timeout;
        loop {
            match self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(line) if line.split_whitespace().next().is_some_and(|w| words.contains(&w)) => {
                    return Ok(line)
                }
                Ok(line) => skipped.push(line),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no `{}` within {} ms", words.join("` or `"), timeout.as_millis()))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("it exited before sending `{}`", words.join("` or `")))
                }
            }
        }
    }

    /// The handshake: `uci`, and `jcei` if the engine says nothing to it in time. Returns the
    /// names of the options the engine offers.
    fn handshake(&mut self) -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        self.send("uci")?;
        if self.expect_any(&HANDSHAKE_ENDS, UCI_TIMEOUT, &mut lines).is_err() {
            self.send("jcei")?;
            self.expect_any(&HANDSHAKE_ENDS, HANDSHAKE_TIMEOUT, &mut lines)?;
        }
        // `option name <name> type …`: names may hold spaces.
        Ok(lines
            .iter()
            .filter_map(|line| line.strip_prefix("option name "))
            .filter_map(|rest| rest.split_once(" type ").map(|(name, _)| name.to_string()))
            .collect())
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
    /// The options the engine offered in its handshake.
    offered: Vec<String>,
    process: Option<Process>,
}

impl ProtocolEngine {
    /// Starts `command` now (so a wrong command fails the match at once) and sets the rule
    /// options that differ from the defaults, then the `extra` options (name, value).
    pub fn start(
        name: &str,
        command: &str,
        rules: &Rules,
        extra: &[(String, String)],
        go: String,
        move_timeout: Duration,
    ) -> Result<ProtocolEngine, String> {
        let text = rules.to_string();
        let rule_options = text.split(',').filter_map(|pair| pair.split_once('='));
        let options = rule_options
            .chain(extra.iter().map(|(option, value)| (option.as_str(), value.as_str())))
            .map(|(option, value)| format!("setoption name {option} value {value}"))
            .collect();
        let mut engine = ProtocolEngine {
            command: command.to_string(),
            name: name.to_string(),
            options,
            go,
            move_timeout,
            offered: Vec::new(),
            process: None,
        };
        engine.connect().map_err(|e| format!("{name}: {e}"))?;
        Ok(engine)
    }

    /// The running process, started and set up first if needed.
    fn connect(&mut self) -> Result<&mut Process, String> {
        if self.process.is_none() {
            let mut process = Process::start(&self.command)?;
            self.offered = process.handshake()?;
            for line in &self.options {
                process.send(line)?;
            }
            process.send("isready")?;
            process.expect("readyok", HANDSHAKE_TIMEOUT)?;
            self.process = Some(process);
        }
        self.process.as_mut().ok_or_else(|| "not running".to_string())
    }

    fn prepare(&mut self) -> Result<(), String> {
        let process = self.connect()?;
        process.send("ucinewgame")?;
        process.send("isready")?;
        process.expect("readyok", HANDSHAKE_TIMEOUT).map(drop)
    }

    /// The names of the options the engine offered in its handshake.
    #[cfg(feature = "bot")]
    pub fn offered(&self) -> &[String] {
        &self.offered
    }

    /// The engine's move in `game`, searched with `go` (e.g. `go movetime 500`) and awaited
    /// for `timeout`; a failure is reported and loses (`None`).
    pub fn choose_with(&mut self, game: &Game, go: &str, timeout: Duration) -> Option<Move> {
        match self.ask(game, go, timeout) {
            Ok(m) => Some(m),
            Err(e) => {
                self.fail(&e);
                None
            }
        }
    }

    fn ask(&mut self, game: &Game, go: &str, timeout: Duration) -> Result<Move, String> {
        let mut position = format!("position fen {}", game.start().fen());
        let moves: Vec<String> = game.moves().iter().map(Move::to_string).collect();
        if !moves.is_empty() {
            position = format!("{position} moves {}", moves.join(" "));
        }
        let process = self.connect()?;
        process.send(&position)?;
        process.send(go)?;
        let line = process.expect("bestmove", timeout)?;
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
        let go = self.go.clone();
        self.choose_with(game, &go, self.move_timeout)
    }
}
