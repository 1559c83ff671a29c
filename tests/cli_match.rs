//! `jungle match` run as a real process: internal levels, this binary as a protocol engine
//! (in our dialect and in JCEI's), and engines that crash, hang or play illegal moves.

use std::process::{Command, Output};

fn jungle(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jungle")).args(args).output().expect("run jungle")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The final line, `Result: A vs B: games N W/D/L w/d/l score s% Elo e ± m (t s)`, as (w, d, l).
fn result(text: &str) -> (u32, u32, u32) {
    let line = text
        .lines()
        .find(|l| l.starts_with("Result: "))
        .unwrap_or_else(|| panic!("no result line in\n{text}"));
    assert!(line.contains(" Elo ") && line.contains(" ± "), "{line}");
    let wdl = line.split_whitespace().skip_while(|w| *w != "W/D/L").nth(1).expect("W/D/L counts");
    let n: Vec<u32> = wdl.split('/').map(|x| x.parse().unwrap()).collect();
    (n[0], n[1], n[2])
}

#[test]
fn levels_play_a_short_match() {
    let out = jungle(&["match", "--level1", "2", "--level2", "5", "--nodes", "500", "--games", "4"]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    let (w, d, l) = result(&text);
    assert_eq!(w + d + l, 4);
    assert_eq!(text.lines().filter(|l| l.starts_with("game ")).count(), 4);
    assert!(text.contains("game 4/4: "));
    // `Endings: red won R, blue won B; draws: reason n, …` accounts for every game.
    let endings = text.lines().find_map(|l| l.strip_prefix("Endings: ")).expect("an endings line");
    let numbers: Vec<u32> =
        endings.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect();
    assert_eq!(numbers[0] + numbers[1], w + l, "{endings}");
    assert_eq!(numbers[2..].iter().sum::<u32>(), d, "{endings}");
}

#[test]
fn moves_are_printed_on_request_and_replay_to_the_result() {
    let out = jungle(&["match", "--level1", "1", "--level2", "3", "--games", "2", "--moves"]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    let moves: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("  moves: ")).collect();
    assert_eq!(moves.len(), 2, "{text}");
    for line in moves {
        let mut game = jungle::rules::Game::new(jungle::rules::Rules::default());
        for m in line.split_whitespace() {
            assert!(game.outcome().is_none(), "a move after the end in {line}");
            game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e} in {line}"));
        }
        assert!(game.outcome().is_some(), "the game did not end: {line}");
    }
    let plain = jungle(&["match", "--level1", "1", "--level2", "3", "--games", "2"]);
    assert!(!stdout(&plain).contains("moves:"));
}

#[test]
fn the_ply_cap_makes_a_draw() {
    let out = jungle(&[
        "match",
        "--level1",
        "3",
        "--level2",
        "3",
        "--games",
        "2",
        "--max-plies",
        "4",
        "--nodes",
        "100",
    ]);
    let text = stdout(&out);
    assert_eq!(result(&text), (0, 2, 0), "{text}");
    assert_eq!(text.matches("draw: ply cap of 4 reached").count(), 2, "{text}");
    assert!(text.contains("Endings: red won 0, blue won 0; draws: ply-cap 2\n"), "{text}");
}

#[test]
fn this_binary_plays_as_a_protocol_engine() {
    let me = env!("CARGO_BIN_EXE_jungle");
    let out = jungle(&[
        "match",
        "--engine1",
        me,
        "--level2",
        "3",
        "--nodes",
        "300",
        "--games",
        "4",
        "--concurrency",
        "2",
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    let (w, d, l) = result(&text);
    assert_eq!(w + d + l, 4);
    assert!(!text.contains("warning:"), "{text}");
}

#[test]
fn an_engine_of_the_jcei_dialect_plays() {
    // jungine and the other open Jungle engines answer `uci` with `jceiok`: this binary with
    // its handshake reworded stands in for one.
    let me = env!("CARGO_BIN_EXE_jungle");
    let path = std::env::temp_dir().join(format!("jungle-fake-jcei-{}.sh", std::process::id()));
    std::fs::write(&path, format!("'{me}' | sed -u 's/^uciok$/jceiok/'\n")).unwrap();
    let engine = format!("sh {}", path.display());
    let out = jungle(&["match", "--engine1", &engine, "--level2", "1", "--nodes", "300", "--games", "2"]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    let (w, d, l) = result(&text);
    assert_eq!(w + d + l, 2);
    assert!(!text.contains("warning:"), "{text}");
}

#[test]
fn rules_reach_both_sides() {
    let me = env!("CARGO_BIN_EXE_jungle");
    let args = [
        "match",
        "--engine1",
        me,
        "--config2",
        "nodes=300",
        "--games",
        "2",
        "--rules",
        "game=animal-checkers",
    ];
    let out = jungle(&args);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert_eq!(result(&text).0 + result(&text).1 + result(&text).2, 2);
    assert!(!text.contains("warning:"), "{text}");
}

/// A fake protocol engine as a shell script: `mode` decides what it does on `go`.
fn fake_engine(mode: &str) -> String {
    let answer = match mode {
        "illegal" => "echo bestmove a1a9",
        "crash" => "exit 3",
        "hang" => "exec sleep 30",
        _ => unreachable!(),
    };
    let script = format!(
        "while read -r line; do case \"$line\" in uci) echo uciok;; isready) echo readyok;; go*) {answer};; quit) exit 0;; esac; done\n"
    );
    let path = std::env::temp_dir().join(format!("jungle-fake-{mode}-{}.sh", std::process::id()));
    std::fs::write(&path, script).unwrap();
    format!("sh {}", path.display())
}

#[test]
fn failing_engines_lose_and_the_match_goes_on() {
    for mode in ["illegal", "crash", "hang"] {
        let engine = fake_engine(mode);
        let args = [
            "match",
            "--engine1",
            &engine,
            "--level2",
            "1",
            "--games",
            "2",
            "--timeout",
            "300",
            "--nodes",
            "100",
        ];
        let out = jungle(&args);
        let text = stdout(&out);
        assert!(out.status.success(), "{mode}: {text}");
        assert_eq!(result(&text), (0, 0, 2), "{mode}: {text}");
        assert!(text.contains("warning: ") && text.contains("forfeits"), "{mode}: {text}");
    }
}

#[test]
fn bad_arguments_are_refused() {
    for args in [
        &["match", "--level1", "9", "--level2", "1"][..],
        &["match", "--level1", "1"],
        &["match", "--level1", "1", "--engine1", "x", "--level2", "2"],
        &["match", "--level1", "1", "--level2", "2", "--nodes", "10", "--movetime", "10"],
        &["match", "--engine1", "/nonexistent/engine", "--level2", "2"],
    ] {
        let out = jungle(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: "), "{args:?}");
    }
}
