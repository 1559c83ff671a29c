//! The `jungle` command line under absurd numbers and empty data: a clear error and exit code
//! 2 (clap's refusal, naming the option), never an abort, a panic or an attempt to allocate
//! without bound; and a very long game replays in linear time.

use std::path::PathBuf;
use std::process::{Command, Output};

fn jungle(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jungle")).args(args).output().expect("run jungle")
}

/// A path in the temporary directory, unique to this test process, that does not exist yet.
fn scratch(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("jungle-cli-limits-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// Runs `args`; it must fail with exit code 2 and an error naming `needle`.
fn assert_refused(args: &[&str], needle: &str) {
    let out = jungle(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.starts_with("error: ") && stderr.contains(needle), "{args:?}: {stderr}");
    assert!(stderr.len() < 300, "{args:?}: {} bytes of error", stderr.len());
}

#[test]
fn huge_game_counts_are_refused() {
    let out = scratch("games.txt");
    let out = out.to_str().unwrap();
    // u64::MAX used to abort on a capacity overflow; 10^12 to ask for 356 TB.
    for games in ["18446744073709551615", "1000000000000", "100001", "0", "-1", "many"] {
        // clap takes `-1` for an option of its own, not for a value.
        let needle = if games == "-1" { "unexpected argument '-1'" } else { "for '--games <N>'" };
        assert_refused(&["match", "--level1", "1", "--level2", "1", "--games", games], needle);
        assert_refused(&["selfplay", "--a", "level=1", "--b", "level=1", "--games", games], needle);
        assert_refused(&["gen-data", "--games", games, "--out", out], needle);
    }
}

#[test]
fn huge_times_and_lengths_are_refused() {
    let huge = "18446744073709551615";
    let players = ["match", "--level1", "1", "--level2", "1", "--games", "2"];
    for (option, needle) in [("--movetime", "for '--movetime <MS>'"), ("--timeout", "for '--timeout <MS>'")] {
        let args: Vec<&str> = players.iter().copied().chain([option, huge]).collect();
        assert_refused(&args, needle);
    }
    let args: Vec<&str> = players.iter().copied().chain(["--max-plies", huge]).collect();
    assert_refused(&args, "for '--max-plies <N>'");
    assert_refused(&["selfplay", "--a", "level=1", "--b", "level=1", "--plies", huge], "for '--plies <N>'");
    assert_refused(&["bench-replay", "--plies", huge], "for '--plies <N>'");
}

#[test]
fn tuning_on_no_positions_writes_nothing() {
    let weights = scratch("weights.txt");
    let out = jungle(&["tune", "--data", "/dev/null", "--out", weights.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("no positions"), "{stderr}");
    assert!(!weights.exists(), "no weights file is written");
}

/// Replaying a game is linear in its length: half a million plies without a capture, each
/// position checked for repetitions, take seconds. Counting repetitions by scanning back to
/// the last capture took 5 s for 100,000 plies and would take many minutes here.
#[test]
fn a_long_game_without_captures_replays() {
    let out = jungle(&["bench-replay", "--plies", "500000", "--seed", "7"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.starts_with("500000 plies: "), "{stdout}");
    // The walk never repeats a position a third time, so the game is still open.
    let count: usize =
        stdout.split("repetitions now ").nth(1).and_then(|r| r.split(';').next()).unwrap().parse().unwrap();
    assert!((1..=2).contains(&count), "{stdout}");
}

/// A reader that stops reading (`jungle match … | head -1`) ends the command quietly, with the
/// status of a program ended by SIGPIPE, rather than a panic (of a game's thread). The match is
/// long, so that it still writes after the reader is gone.
#[test]
fn a_closed_output_ends_a_command_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let args = ["match", "--level1", "1", "--level2", "1", "--games", "2000", "--movetime", "5"];
    let mut child = Command::new(env!("CARGO_BIN_EXE_jungle"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run jungle");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut first).expect("a first line");
    assert!(!first.is_empty(), "no output");
    // The reader is gone now: the next line the command writes fails.
    let out = child.wait_with_output().expect("wait for jungle");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(141), "{stderr}");
}
