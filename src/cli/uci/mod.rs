//! The engine protocol: the UCI conventions of chess engines with Jungle FEN and `a3a4` moves,
//! on standard input and output. `jungle` with no arguments, or `jungle uci`, starts it.
//!
//! - [`command`] turns a line into a typed command or an error message;
//! - [`session`] holds the game, options and engine, and answers each command;
//! - [`worker`] runs a search on its own thread, so `stop` and `isready` are answered meanwhile;
//! - [`clock`] turns `go`'s clock into a time budget.
//!
//! Bad input is answered with `info string error: <message>` and the engine carries on.
//! `quit` stops a search at once; at the end of the input a search with limits is finished.

mod clock;
mod command;
mod options;
mod session;
mod worker;

use session::Session;
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};

/// Reads commands from standard input until `quit` or the end of input.
pub fn run() -> Result<(), String> {
    let mut session = Session::new(Out::stdout());
    let mut input = std::io::stdin().lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // Bytes that are not UTF-8 become U+FFFD and fail as an unknown command or value.
        if !session.handle(&String::from_utf8_lossy(&line)) {
            session.quit();
            return Ok(());
        }
    }
    session.end_of_input();
    Ok(())
}

/// Where answers go: shared by the session and the search thread, one whole line at a time,
/// flushed after each.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    pub fn new(writer: Box<dyn Write + Send>) -> Out {
        Out(Arc::new(Mutex::new(writer)))
    }

    fn stdout() -> Out {
        Out::new(Box::new(std::io::stdout()))
    }

    /// Writes one line. A closed output is ignored: the engine ends when its input does.
    pub fn line(&self, text: &str) {
        let mut writer = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let _ = writeln!(writer, "{text}").and_then(|()| writer.flush());
    }

    /// `info string error: <message>`.
    pub fn error(&self, message: &str) {
        self.line(&format!("info string error: {message}"));
    }
}
