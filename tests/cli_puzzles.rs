//! `jungle puzzles`: bad arguments and files are refused with a clear error; a short run writes
//! puzzles that verify, and a second run over the same games adds none (it skips known ones).

use jungle::puzzles::{verify, Puzzle, Theme};
use std::path::PathBuf;
use std::process::{Command, Output};

fn jungle(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jungle")).args(args).output().expect("run jungle")
}

/// A path in the temporary directory, unique to this test process and `name`, not there yet.
fn scratch(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("jungle-puzzles-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn refused(args: &[&str], needle: &str) {
    let out = jungle(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.starts_with("error: ") && stderr.contains(needle), "{args:?}: {stderr}");
}

#[test]
fn bad_arguments_and_files_are_refused() {
    let out = scratch("bad.txt");
    let path = out.to_str().unwrap();
    refused(&["puzzles", "--games", "0", "--out", path], "for '--games <N>'");
    refused(&["puzzles", "--games", "2"], "--out <FILE>");
    refused(&["puzzles", "--out", path, "--max-moves", "9"], "for '--max-moves <N>'");
    refused(&["puzzles", "--out", path, "--rules", "dog-swims=maybe"], "for '--rules <OPTION=VALUE,...>'");
    refused(&["puzzles", "--out", path, "--goal", "mate"], "[possible values: win, gain, any]");
    refused(&["puzzles", "--out", path, "--sparse", "--endgames"], "cannot be used with");
    refused(&["puzzles", "--out", path, "--boxed", "--sparse"], "cannot be used with");
    refused(&["puzzles", "--out", path, "--theme", "den,magic"], "`magic` is not one of den, trap");
    std::fs::write(&out, "# header\nnot a puzzle\n").unwrap();
    refused(&["puzzles", "--games", "1", "--out", path], &format!("{path}:2:"));
    refused(&["puzzles", "--relabel", path], &format!("{path}:2:"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "# header\nnot a puzzle\n", "the file is left alone");
    refused(&["puzzles", "--relabel", scratch("missing.txt").to_str().unwrap()], "missing.txt");
    refused(&["puzzles", "--summary", scratch("missing.txt").to_str().unwrap()], "missing.txt");
    refused(&["puzzles", "--summary", path], &format!("{path}:2:"));
}

#[test]
fn puzzles_written_verify_and_are_not_written_twice() {
    let out = scratch("run.txt");
    let path = out.to_str().unwrap();
    let run = || jungle(&["puzzles", "--games", "6", "--seed", "3", "--out", path]);
    let first = run();
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.starts_with("# Jungle puzzles:"));
    let puzzles: Vec<Puzzle> =
        text.lines().filter(|l| !l.starts_with('#')).map(|l| Puzzle::parse(l).unwrap()).collect();
    assert!(!puzzles.is_empty(), "six games give some puzzle");
    for puzzle in &puzzles {
        assert_eq!(verify(puzzle, 10_000_000), Ok(()), "{puzzle}");
    }
    let summary = jungle(&["puzzles", "--summary", path]);
    let summary = String::from_utf8_lossy(&summary.stdout);
    assert!(summary.starts_with(&format!("{path}: {} puzzles\ngoal: ", puzzles.len())), "{summary}");
    let second = run();
    assert!(second.status.success());
    assert!(String::from_utf8_lossy(&second.stdout).starts_with("0 new puzzles"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    let _ = std::fs::remove_file(&out);
}

#[test]
fn sparse_and_boxed_starts_give_the_themes_asked_for() {
    for (start, theme) in [("--sparse", Theme::Zugzwang), ("--boxed", Theme::NoMove)] {
        let out = scratch(&format!("{}.txt", theme.name()));
        let path = out.to_str().unwrap();
        let args =
            ["puzzles", start, "--theme", theme.name(), "--games", "5000", "--limit", "1", "--out", path];
        let run = jungle(&args);
        assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
        let text = std::fs::read_to_string(&out).unwrap();
        let puzzles: Vec<Puzzle> =
            text.lines().filter(|l| !l.starts_with('#')).map(|l| Puzzle::parse(l).unwrap()).collect();
        assert!(!puzzles.is_empty(), "{start}: no puzzle");
        for puzzle in &puzzles {
            assert!(puzzle.themes.contains(&theme), "{start}: {puzzle}");
            assert_eq!(verify(puzzle, 10_000_000), Ok(()), "{puzzle}");
        }
        let _ = std::fs::remove_file(&out);
    }
}
