//! `jungle --help` and `jungle COMMAND --help` list the commands and their options with their
//! defaults (exit code 0, on standard output); a mistyped command or option is refused with
//! clap's error and exit code 2.

use std::process::{Command, Output};

fn jungle(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jungle")).args(args).output().expect("run jungle")
}

fn help(args: &[&str]) -> String {
    let out = jungle(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn help_lists_commands_and_options() {
    let top = help(&["--help"]);
    for command in ["uci", "perft", "moves", "bench-perft", "bench", "bench-replay", "selfplay"] {
        assert!(top.contains(&format!("\n  {command} ")), "{command}:\n{top}");
    }
    for command in ["gen-data", "puzzles", "tune", "book", "match"] {
        assert!(top.contains(&format!("\n  {command} ")), "{command}:\n{top}");
    }
    assert_eq!(help(&["help", "perft"]), help(&["perft", "--help"]));
    let book = help(&["book", "--help"]);
    assert!(book.contains("--depth <N>") && book.contains("[default: 12]"), "{book}");
    let selfplay = help(&["selfplay", "--help"]);
    assert!(selfplay.contains("A PLAYER is `[level=1-8,]"), "{selfplay}");
}

#[test]
fn mistakes_are_refused_by_name() {
    for (args, needle) in [
        (&["perf", "3"][..], "unrecognized subcommand 'perf'"),
        (&["perft", "3", "--divid"], "unexpected argument '--divid'"),
        (&["bench", "--depth", "deep"], "invalid value 'deep' for '--depth <N>'"),
        (&["book", "--depth", "14"], "--out <FILE>"),
    ] {
        let out = jungle(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: ") && stderr.contains(needle), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
