//! A real `jungle` process speaking the protocol through pipes, for the protocol tests.
// Each test crate uses a different part of this module.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// Long enough for any answer on a loaded machine; the tests finish far sooner.
pub const TIMEOUT: Duration = Duration::from_secs(20);

/// A running `jungle` speaking the protocol.
pub struct Engine {
    pub child: Child,
    pub stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    /// `jungle` with these arguments (none: the protocol).
    pub fn start_with(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_jungle"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start jungle");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin, lines }
    }

    pub fn start() -> Engine {
        Engine::start_with(&[])
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    pub fn next_line(&mut self) -> String {
        self.lines.recv_timeout(TIMEOUT).expect("the engine answers")
    }

    /// The lines up to and including the first one that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self.next_line();
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// Sends `line`, then `isready`, and returns everything answered before `readyok`.
    pub fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.send("isready");
        let mut seen = self.until("readyok");
        seen.pop();
        seen
    }

    /// `go …` and its lines through `bestmove`; returns them and the move.
    pub fn go(&mut self, go: &str) -> (Vec<String>, String) {
        self.send(go);
        let lines = self.until("bestmove");
        let best = lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
        (lines, best)
    }

    /// The FEN that `d` shows.
    pub fn fen(&mut self) -> String {
        let shown = self.ask("d");
        let line = shown.iter().find(|l| l.starts_with("FEN: ")).expect("d shows the FEN");
        line["FEN: ".len()..].to_string()
    }

    pub fn assert_error(&mut self, line: &str, needle: &str) {
        let answer = self.ask(line);
        assert!(
            answer.iter().any(|l| l.starts_with("info string error: ") && l.contains(needle)),
            "`{line}` should give an error about `{needle}`, got {answer:?}"
        );
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
