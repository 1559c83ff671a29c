//! A whole session driven in memory by any bytes, and what the engine promises of its answers
//! checked: for the fuzz target `fuzz/fuzz_targets/protocol.rs` and a seeded test on stable.

use super::serve;
use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

/// The longest answer line allowed: the longest real ones (a principal variation, an option
/// list, an error quoting 40 characters of input) are well under it.
pub const MAX_ANSWER: usize = 4096;

/// Runs a session on `input` to its end and checks its answers: the session returns (any
/// search is stopped), every line is UTF-8, without control characters and at most
/// [`MAX_ANSWER`] bytes. Panics otherwise.
pub fn session(input: &[u8]) {
    let answers = Answers::default();
    let reader = serve(Cursor::new(input.to_vec()), Box::new(answers.clone()), None);
    // Reading memory ends soon even after `quit`; waiting for it leaves no thread behind.
    reader.expect("the input thread started").join().expect("the input thread ends");
    let bytes = answers.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let text = std::str::from_utf8(&bytes).expect("the answers are UTF-8");
    for line in text.lines() {
        let start: String = line.chars().take(80).collect();
        assert!(line.len() <= MAX_ANSWER, "an answer of {} bytes: {start}…", line.len());
        assert!(!line.chars().any(char::is_control), "a control character in `{}`", start.escape_debug());
    }
}

/// The answers of a session, kept in memory.
#[derive(Clone, Default)]
struct Answers(Arc<Mutex<Vec<u8>>>);

impl Write for Answers {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Words of the protocol, so that random lines often mean something.
    const WORDS: &[&str] = &[
        "uci",
        "isready",
        "ucinewgame",
        "setoption",
        "name",
        "value",
        "position",
        "startpos",
        "fen",
        "moves",
        "go",
        "depth",
        "nodes",
        "movetime",
        "wtime",
        "btime",
        "winc",
        "binc",
        "movestogo",
        "infinite",
        "stop",
        "d",
        "perft",
        "jcei",
        "Level",
        "Hash",
        "dog-swims",
        "traps",
        "no-capture-limit",
        "yes",
        "universal",
        "a3a4",
        "a7a6",
        "g3g4",
        "0",
        "1",
        "3",
        "-1",
        "18446744073709551615",
        "4611686018427388904",
        "7/7/7/7/7/7/7/7/3L3",
        "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L",
        "w",
        "b",
    ];

    /// The fuzz target's check on a few thousand seeded random inputs: lines of protocol words,
    /// numbers, stray bytes and now and then a long word.
    #[test]
    fn random_input_never_breaks_a_session() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..2000 {
            let mut input = Vec::new();
            for _ in 0..next() % 6 + 1 {
                for _ in 0..next() % 8 {
                    match next() % 12 {
                        0 => input.extend((0..next() % 8).map(|_| next() as u8)),
                        1 => input.extend(std::iter::repeat_n(b'x', 5000)),
                        2 => input.extend_from_slice((next() % 100_000).to_string().as_bytes()),
                        _ => input.extend_from_slice(WORDS[next() as usize % WORDS.len()].as_bytes()),
                    }
                    input.push(b' ');
                }
                input.push(b'\n');
            }
            session(&input);
        }
    }
}
