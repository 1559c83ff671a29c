//! The engine protocol of the real `jungle` binary, driven through its standard input and output.

mod common;
mod protocol_driver;

use jungle::rules::{Game, Position, Rules, OPTIONS};
use protocol_driver::{Engine, TIMEOUT};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn fen_after(moves: &str, rules: &str) -> String {
    let mut game = Game::new(rules.parse().unwrap());
    for m in moves.split_whitespace() {
        game.play_text(m).unwrap();
    }
    game.position().fen()
}

#[test]
fn handshake_lists_every_rule_option() {
    let mut engine = Engine::start_with(&["uci"]);
    engine.send("uci");
    let lines = engine.until("uciok");
    assert!(lines[0].starts_with("id name Jungle"));
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    let names = common::RULE_OPTION_NAMES;
    assert_eq!(names.len(), OPTIONS.len());
    for option in OPTIONS {
        assert!(names.contains(&option.name));
        let expected = match option.values {
            Some(values) => {
                let vars: Vec<String> = values.iter().map(|v| format!("var {v}")).collect();
                format!("option name {} type combo default {} {}", option.name, values[0], vars.join(" "))
            }
            None => format!("option name {} type spin default 200 min 0 max ", option.name),
        };
        assert!(lines.iter().any(|l| l.starts_with(&expected)), "no `{expected}` in {lines:?}");
    }
    assert!(lines.iter().any(|l| l.starts_with("option name Hash type spin default ")));
    assert!(lines.contains(&"option name Level type spin default 8 min 1 max 8".to_string()));
    assert!(lines.contains(&"option name TablebasePath type string default <empty>".to_string()));
    assert_eq!(lines.iter().filter(|l| l.starts_with("option name ")).count(), OPTIONS.len() + 3);
}

#[test]
fn jcei_handshake() {
    let mut engine = Engine::start();
    engine.send("jcei");
    let lines = engine.until("jceiok");
    assert!(lines[0].starts_with("id name Jungle"));
    assert!(lines.iter().any(|l| l.starts_with("option name dog-swims ")));
}

#[test]
fn isready_and_quit() {
    let mut engine = Engine::start();
    engine.send("isready");
    assert_eq!(engine.next_line(), "readyok");
    engine.send("quit");
    let start = Instant::now();
    while engine.child.try_wait().unwrap().is_none() {
        assert!(start.elapsed() < TIMEOUT, "quit ends the engine");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn end_of_input_ends_the_engine() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jungle"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"isready\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "readyok\n");
}

#[test]
fn position_startpos_with_moves() {
    let mut engine = Engine::start();
    assert_eq!(engine.fen(), fen_after("", ""));
    engine.send("position startpos moves a3a4 a7a6 g3g4");
    assert_eq!(engine.fen(), fen_after("a3a4 a7a6 g3g4", ""));
    engine.send("position startpos");
    assert_eq!(engine.fen(), Position::new(Rules::default()).fen());
}

#[test]
fn position_fen_with_moves() {
    let mut engine = Engine::start();
    engine.send("position fen 2l4/7/7/7/7/7/7/7/5L1 w 4 9 moves f1g1");
    assert_eq!(engine.fen(), "2l4/7/7/7/7/7/7/7/6L b 5 9");
    engine.send("position fen 2l4/7/7/7/7/7/7/7/5L1 b");
    assert_eq!(engine.fen(), "2l4/7/7/7/7/7/7/7/5L1 b");
}

#[test]
fn go_depth_3_returns_a_legal_move() {
    let mut engine = Engine::start();
    engine.send("position startpos moves a3a4 g7g6");
    let (lines, best) = engine.go("go depth 3");
    let game =
        Game::from_position(Position::from_fen(&fen_after("a3a4 g7g6", ""), Rules::default()).unwrap());
    assert!(game.is_legal(game.position().parse_move(&best).unwrap()), "bestmove {best}");
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth ")).collect();
    assert_eq!(infos.len(), 3, "{lines:?}");
    for field in ["seldepth ", "score cp ", "nodes ", "nps ", "time ", "pv "] {
        assert!(infos[2].contains(field), "`{field}` missing in {}", infos[2]);
    }
    assert!(infos[2].starts_with("info depth 3 "));
}

/// The last `info` line without its time-dependent fields.
fn signature(lines: &[String]) -> String {
    let info = lines.iter().rev().find(|l| l.starts_with("info depth ")).expect("an info line");
    let words: Vec<&str> = info.split_whitespace().collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if words[i] == "nps" || words[i] == "time" {
            i += 2;
        } else {
            kept.push(words[i]);
            i += 1;
        }
    }
    format!("{} / {}", kept.join(" "), lines.last().unwrap())
}

#[test]
fn go_nodes_is_reproducible() {
    let mut first = Engine::start();
    first.send("position startpos moves c3d3 e7d7");
    let (lines_a, _) = first.go("go nodes 30000");
    first.send("ucinewgame");
    first.send("position startpos moves c3d3 e7d7");
    let (lines_b, _) = first.go("go nodes 30000");
    let mut second = Engine::start();
    second.send("position startpos moves c3d3 e7d7");
    let (lines_c, _) = second.go("go nodes 30000");
    assert_eq!(signature(&lines_a), signature(&lines_b));
    assert_eq!(signature(&lines_a), signature(&lines_c));
}

#[test]
fn finds_the_den_in_one() {
    let mut engine = Engine::start();
    engine.send("position fen 7/3R3/7/7/7/7/7/7/l6 w");
    let (lines, best) = engine.go("go depth 4");
    assert_eq!(best, "d8d9");
    assert!(lines.iter().any(|l| l.contains(" score mate 1 ")), "{lines:?}");
}

#[test]
fn rule_options_change_legality() {
    let mut engine = Engine::start();
    engine.assert_error("position startpos moves f2f3 b8b7 f3f4", "move 3 `f3f4`");
    engine.send("setoption name dog-swims value yes");
    engine.send("position startpos moves f2f3 b8b7 f3f4");
    assert_eq!(engine.fen(), fen_after("f2f3 b8b7 f3f4", "dog-swims=yes"));
    // Back to the default: the dog cannot be in the water. The rule applies, and the game
    // starts over with a notice, not an error (nothing was refused).
    let answer = engine.ask("setoption name dog-swims value no");
    assert!(
        answer.len() == 1
            && answer[0].starts_with("info string dog-swims set; ")
            && answer[0].contains("start position"),
        "{answer:?}"
    );
    assert_eq!(engine.fen(), fen_after("", ""));
    engine.assert_error("position startpos moves f2f3 b8b7 f3f4", "move 3 `f3f4`");
    engine.send("setoption name first value blue");
    assert!(engine.fen().ends_with(" b"));
}

#[test]
fn animal_checkers_start_position() {
    let mut engine = Engine::start();
    engine.send("setoption name game value animal-checkers");
    engine.send("position startpos");
    assert_eq!(engine.fen(), Position::new("game=animal-checkers".parse().unwrap()).fen());
}

#[test]
fn stop_ends_an_infinite_search() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("isready");
    let before = engine.until("readyok");
    assert!(!before.iter().any(|l| l.starts_with("bestmove")), "no bestmove before stop: {before:?}");
    let start = Instant::now();
    engine.send("stop");
    engine.until("bestmove");
    assert!(start.elapsed() < Duration::from_secs(2));
    engine.assert_error("fly", "unknown command");
}

#[test]
fn go_while_searching_is_refused() {
    let mut engine = Engine::start();
    engine.send("go depth 200");
    engine.assert_error("go depth 1", "send stop first");
    engine.send("stop");
    engine.until("bestmove");
}

#[test]
fn clock_and_movetime_are_respected() {
    let mut engine = Engine::start();
    let start = Instant::now();
    let (_, best) = engine.go("go wtime 3000 btime 3000 winc 0 binc 0");
    assert_ne!(best, "0000");
    let start2 = Instant::now();
    engine.go("go movetime 150");
    assert!(start2.elapsed() < Duration::from_millis(1500));
    assert!(start.elapsed() < Duration::from_secs(4));
}

#[test]
fn finished_game_gives_null_move() {
    let mut engine = Engine::start();
    // Blue has no piece left: the game is over.
    engine.send("position fen 7/7/7/7/7/7/7/7/2L4 b");
    assert_eq!(engine.go("go depth 3").1, "0000");
}

#[test]
fn weak_level_plays_legal_moves() {
    let mut engine = Engine::start();
    engine.send("setoption name Level value 1");
    engine.send("position startpos moves a3a4");
    let (_, best) = engine.go("go movetime 200");
    let game = Game::from_position(Position::from_fen(&fen_after("a3a4", ""), Rules::default()).unwrap());
    assert!(game.position().parse_move(&best).is_ok(), "bestmove {best}");
}

#[test]
fn perft_divides() {
    let mut engine = Engine::start();
    engine.send("perft 2");
    let lines = engine.until("nodes ");
    assert_eq!(lines.len(), 25);
    assert_eq!(lines.last().unwrap(), "nodes 576");
    assert!(lines.contains(&"a3a4 24".to_string()));
}

#[test]
fn bad_input_is_reported_and_the_engine_carries_on() {
    let mut engine = Engine::start();
    engine.send("position startpos moves a3a4");
    let before = engine.fen();
    engine.assert_error("fly away", "unknown command `fly`");
    engine.assert_error("position fen 7/7/7 w", "bad FEN");
    engine.assert_error("position fen 7/7/7/7/7/7/7/7/3D3 w", "den");
    engine.assert_error("position fen l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L", "2 to 4 fields");
    engine.assert_error("position startpos moves a3a4 a7a6 a4a7", "move 3 `a4a7`");
    engine.assert_error("position startpos moves zz", "move 1 `zz`");
    assert_eq!(engine.fen(), before, "a rejected position leaves the previous one");
    engine.assert_error("setoption name dog-flies value yes", "unknown option `dog-flies`");
    engine.assert_error("setoption name traps value everywhere", "not a value of `traps`");
    engine.assert_error("setoption name Hash value lots", "Hash");
    engine.assert_error("setoption name Level value 0", "Level");
    engine.assert_error("go depth deep", "depth");
    engine.assert_error("go searchmoves a3a4", "searchmoves");
    engine.assert_error("perft 50", "perft");
    engine.assert_error("isready please", "takes no arguments");
    assert_eq!(engine.fen(), before);
}

#[test]
fn garbage_never_kills_the_engine() {
    let mut engine = Engine::start();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let words = [
        "go",
        "position",
        "fen",
        "moves",
        "setoption",
        "name",
        "value",
        "depth",
        "-1",
        "99999999999999999999",
        "a3a4",
        "w",
        "/",
        "startpos",
    ];
    for _ in 0..300 {
        let mut line = Vec::new();
        for _ in 0..6 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            match state % 3 {
                0 => line.extend_from_slice(words[(state >> 8) as usize % words.len()].as_bytes()),
                1 => line.push((state >> 16) as u8 | 0x80),
                _ => line.extend_from_slice(&((state >> 24) as u32).to_le_bytes()),
            }
            line.push(b' ');
        }
        line.retain(|&b| b != b'\n' && b != b'\r');
        line.push(b'\n');
        engine.stdin.write_all(&line).unwrap();
    }
    engine.send("stop");
    engine.send("isready");
    engine.until("readyok");
    assert!(engine.child.try_wait().unwrap().is_none(), "the engine is still running");
}
