//! The engine protocol: the UCI conventions of chess engines with Jungle FEN and `a3a4` moves,
//! on standard input and output. `jungle` with no arguments, or `jungle uci`, starts it.
//!
//! - [`input`] reads lines of bounded length on their own thread;
//! - [`command`] turns a line into a typed command or an error message;
//! - [`session`] holds the game, options and engine, and answers each command;
//! - [`wire`] carries what the session is told ([`Event`]) and what it answers ([`Out`]);
//! - [`worker`] runs a search or a perft on its own thread, so `stop` and `isready` are
//!   answered meanwhile; [`clock`] turns `go`'s clock into a time budget.
//!
//! Bad input is answered with `info string error: <message>` and the engine carries on.
//! The engine ends with its interface: at `quit`, at the end of the input or when an answer
//! cannot be written, it stops any search and returns.
//!
//! The fuzz target `fuzz/fuzz_targets/protocol.rs` compiles this module too, with the `fuzzing`
//! configuration that cargo-fuzz sets, and runs [`check`] on its inputs.
#![allow(unexpected_cfgs)]

#[cfg(any(test, fuzzing))]
pub mod check;
mod clock;
mod command;
mod input;
mod options;
mod perft;
pub mod random_engine;
mod session;
mod wire;
mod worker;

use jungle::tablebase::Tablebase;
use session::Session;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::mpsc;
use std::sync::Arc;
use std::thread::JoinHandle;
use wire::{Event, Out};

/// Lines read ahead of the session at most: the input thread waits beyond that.
const READ_AHEAD: usize = 4;

/// Reads commands from standard input until `quit`, the end of input or a failed write;
/// searches probe the endgame tables of `tables` (a folder), as `setoption name
/// TablebasePath` would set them, but a folder that cannot be read is an error at once.
pub fn run(tables: Option<&Path>) -> Result<(), String> {
    let tables = tables.map(session::load_tables).transpose()?;
    // The input thread may wait on a read for ever (after `quit`): the process ends without it.
    drop(serve(std::io::stdin(), Box::new(std::io::stdout()), tables));
    Ok(())
}

/// Answers the commands read from `input` on `output` until `quit`, the end of the input or a
/// failed write; any search is stopped before it returns. Returns the thread reading `input`,
/// which ends at the end of the input, or at its next line if the session ended first.
/// Searches probe `tables` until `setoption name TablebasePath` changes them.
pub fn serve(
    input: impl Read + Send + 'static,
    output: Box<dyn Write + Send>,
    tables: Option<Arc<Tablebase>>,
) -> Option<JoinHandle<()>> {
    let (events, inbox) = mpsc::sync_channel(READ_AHEAD);
    let out = Out::new(output, events.clone());
    let reader = std::thread::Builder::new().name("input".to_string());
    let reader = match reader.spawn(move || input::read_lines(input, events)) {
        Ok(reader) => reader,
        Err(e) => {
            out.error(&format!("cannot start the input thread: {e}"));
            return None;
        }
    };
    let mut session = Session::new(out.clone());
    session.set_tables(tables);
    while let Ok(event) = inbox.recv() {
        let carry_on = match event {
            // Bytes that are not UTF-8 become U+FFFD and fail as an unknown command or value.
            Event::Line(line) => session.handle(&String::from_utf8_lossy(&line)),
            Event::TooLong(bytes) => {
                out.error(&format!(
                    "a line of {bytes} bytes was ignored (the limit is {} bytes)",
                    input::MAX_LINE
                ));
                true
            }
            Event::End | Event::OutputClosed => false,
        };
        if !carry_on || out.is_closed() {
            break;
        }
    }
    session.finish();
    Some(reader)
}
