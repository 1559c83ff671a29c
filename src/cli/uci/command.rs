//! The protocol parser: one input line becomes a typed [`Command`] or an error message.
//! Nothing here knows the game: moves and FENs stay text until the session checks them
//! against a position. Untrusted text in an error is quoted by [`quote`]: escaped, and cut.

use jungle::echo::quote;

/// Where a `position` command starts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Start {
    /// `startpos`: the start position of the current rules.
    StartPos,
    /// `fen <FEN>`: 2 to 4 FEN fields joined by single spaces.
    Fen(String),
}

/// The limits of a `go` command; times in milliseconds.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Go {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u64>,
    /// Search until `stop`, and print `bestmove` only then.
    pub infinite: bool,
}

/// One command of the protocol.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    Uci,
    /// The handshake of the other open Jungle engines' protocol: like `uci`, ending in `jceiok`.
    Jcei,
    IsReady,
    UciNewGame,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Position {
        start: Start,
        moves: Vec<String>,
    },
    Go(Go),
    Stop,
    Quit,
    /// `d`: show the board and FEN.
    Display,
    /// `perft N`: the divide at depth N.
    Perft(u32),
}

/// The deepest `perft` the protocol accepts (it can be stopped, but needs no more).
pub const MAX_PERFT: u32 = 7;

/// Parses one line; `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else { return Ok(None) };
    let rest: Vec<&str> = words.collect();
    let simple = |command: Command| -> Result<Option<Command>, String> {
        match rest.first() {
            None => Ok(Some(command)),
            Some(extra) => Err(format!("`{first}` takes no arguments, got `{}`", quote(extra))),
        }
    };
    match first {
        "uci" => simple(Command::Uci),
        "jcei" => simple(Command::Jcei),
        "isready" => simple(Command::IsReady),
        "ucinewgame" => simple(Command::UciNewGame),
        "stop" => simple(Command::Stop),
        "quit" => simple(Command::Quit),
        "d" => simple(Command::Display),
        "setoption" => set_option(&rest).map(Some),
        "position" => position(&rest).map(Some),
        "go" => go(&rest).map(|g| Some(Command::Go(g))),
        "perft" => perft(&rest).map(|d| Some(Command::Perft(d))),
        other => Err(format!(
            "unknown command `{}` (commands: uci, jcei, isready, ucinewgame, setoption, position, go, stop, quit, d, perft)",
            quote(other)
        )),
    }
}

/// `setoption name <name…> [value <value…>]`.
fn set_option(words: &[&str]) -> Result<Command, String> {
    if words.first() != Some(&"name") {
        return Err("write `setoption name <option> value <value>`".to_string());
    }
    let value_at = words.iter().position(|w| *w == "value");
    let name = words[1..value_at.unwrap_or(words.len())].join(" ");
    if name.is_empty() {
        return Err("setoption: the option name is missing".to_string());
    }
    let value = value_at.map(|i| words[i + 1..].join(" "));
    if value.as_deref() == Some("") {
        return Err(format!("setoption: the value of `{}` is missing", quote(&name)));
    }
    Ok(Command::SetOption { name, value })
}

/// `position startpos|fen <FEN> [moves <m1> <m2> …]`.
fn position(words: &[&str]) -> Result<Command, String> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&words[..i], words[i + 1..].iter().map(|m| m.to_string()).collect()),
        None => (words, Vec::new()),
    };
    let start = match head {
        ["startpos"] => Start::StartPos,
        ["fen", fen @ ..] if (2..=4).contains(&fen.len()) => Start::Fen(fen.join(" ")),
        ["fen", fen @ ..] => {
            return Err(format!(
                "a FEN has 2 to 4 fields (board, side to move, plies since a capture, move number), got {}",
                fen.len()
            ))
        }
        ["startpos", extra, ..] => {
            return Err(format!("unexpected `{}` after startpos (moves follow `moves`)", quote(extra)))
        }
        _ => return Err("write `position startpos [moves …]` or `position fen <FEN> [moves …]`".to_string()),
    };
    Ok(Command::Position { start, moves })
}

/// `go [depth N] [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS] [binc MS]
/// [movestogo N] [infinite]`; a bare `go` searches until `stop`.
fn go(words: &[&str]) -> Result<Go, String> {
    let mut go = Go { infinite: words.is_empty(), ..Go::default() };
    let mut words = words.iter();
    while let Some(&word) = words.next() {
        if word == "infinite" {
            go.infinite = true;
            continue;
        }
        let slot = match word {
            "depth" => {
                go.depth = Some(number(word, words.next())?.min(u32::MAX as u64) as u32);
                continue;
            }
            "nodes" => &mut go.nodes,
            "movetime" => &mut go.movetime,
            "wtime" => &mut go.wtime,
            "btime" => &mut go.btime,
            "winc" => &mut go.winc,
            "binc" => &mut go.binc,
            "movestogo" => &mut go.movestogo,
            other => return Err(format!("go: unknown or unsupported parameter `{}`", quote(other))),
        };
        *slot = Some(number(word, words.next())?);
    }
    Ok(go)
}

/// A non-negative number after `name`; a negative one (some interfaces send a clock that ran
/// out as `wtime -20`) counts as 0.
fn number(name: &str, word: Option<&&str>) -> Result<u64, String> {
    let Some(text) = word else { return Err(format!("go: `{name}` needs a number")) };
    match text.parse::<i64>() {
        Ok(n) => Ok(n.max(0) as u64),
        Err(_) => {
            text.parse::<u64>().map_err(|_| format!("go: `{name}` needs a number, got `{}`", quote(text)))
        }
    }
}

/// `perft N` with 1 ≤ N ≤ [`MAX_PERFT`].
fn perft(words: &[&str]) -> Result<u32, String> {
    match words {
        [n] => n.parse().ok().filter(|d| (1..=MAX_PERFT).contains(d)).ok_or_else(|| {
            format!("perft: the depth must be a number from 1 to {MAX_PERFT}, got `{}`", quote(n))
        }),
        _ => Err("write `perft <depth>`".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line).unwrap_or_else(|e| panic!("`{line}`: {e}")).expect("a command")
    }

    #[test]
    fn simple_commands() {
        assert_eq!(ok("uci"), Command::Uci);
        assert_eq!(ok("  isready  "), Command::IsReady);
        assert_eq!(ok("jcei"), Command::Jcei);
        assert_eq!(ok("d"), Command::Display);
        assert_eq!(parse("   ").unwrap(), None);
        assert!(parse("isready now").is_err());
        assert!(parse("fly").unwrap_err().contains("unknown command `fly`"));
    }

    #[test]
    fn set_option() {
        let c = ok("setoption name dog-swims value yes");
        assert_eq!(c, Command::SetOption { name: "dog-swims".into(), value: Some("yes".into()) });
        let c = ok("setoption name Clear Hash");
        assert_eq!(c, Command::SetOption { name: "Clear Hash".into(), value: None });
        assert!(parse("setoption dog-swims yes").is_err());
        assert!(parse("setoption name").is_err());
        assert!(parse("setoption name Hash value").is_err());
    }

    #[test]
    fn positions() {
        let c = ok("position startpos moves a3a4 a7a6");
        assert_eq!(
            c,
            Command::Position { start: Start::StartPos, moves: vec!["a3a4".into(), "a7a6".into()] }
        );
        let c = ok("position fen 7/7/7/7/7/7/7/7/3L3 b 4 9");
        assert_eq!(
            c,
            Command::Position { start: Start::Fen("7/7/7/7/7/7/7/7/3L3 b 4 9".into()), moves: vec![] }
        );
        let c = ok("position fen 7/7/7/7/7/7/7/7/3L3 w moves d1d2");
        assert_eq!(
            c,
            Command::Position {
                start: Start::Fen("7/7/7/7/7/7/7/7/3L3 w".into()),
                moves: vec!["d1d2".into()]
            }
        );
        assert!(parse("position fen 7/7/7/7/7/7/7/7/3L3").unwrap_err().contains("2 to 4 fields"));
        assert!(parse("position fen a w 0 1 extra").is_err());
        assert!(parse("position").is_err());
        assert!(parse("position startpos a3a4").is_err());
    }

    #[test]
    fn go_limits() {
        assert_eq!(ok("go depth 5"), Command::Go(Go { depth: Some(5), ..Go::default() }));
        assert_eq!(ok("go"), Command::Go(Go { infinite: true, ..Go::default() }));
        let c = ok("go wtime 1000 btime -20 winc 10 binc 10 movestogo 5");
        let expected = Go {
            wtime: Some(1000),
            btime: Some(0),
            winc: Some(10),
            binc: Some(10),
            movestogo: Some(5),
            ..Go::default()
        };
        assert_eq!(c, Command::Go(expected));
        assert!(parse("go depth").is_err());
        assert!(parse("go nodes many").is_err());
        assert!(parse("go ponder").is_err());
        assert_eq!(
            ok("go nodes 18446744073709551615"),
            Command::Go(Go { nodes: Some(u64::MAX), ..Go::default() })
        );
    }

    #[test]
    fn perft_depth() {
        assert_eq!(ok("perft 3"), Command::Perft(3));
        assert!(parse("perft 0").is_err());
        assert!(parse("perft 99").is_err());
        assert!(parse("perft").is_err());
    }

    #[test]
    fn odd_input_does_not_panic() {
        for line in [
            "\u{0}",
            "go movetime 99999999999999999999999",
            "position fen",
            "setoption name value",
            "perft -1",
            "é",
        ] {
            let _ = parse(line);
        }
    }
}
