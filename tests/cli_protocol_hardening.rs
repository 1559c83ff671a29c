//! The protocol under careless or hostile use, driving the real `jungle` binary: the engine
//! ends with its interface, refuses what is too big, cuts what it echoes, never overflows, and
//! stays responsive.

mod protocol_driver;

use jungle::rules::{Game, Rules};
use protocol_driver::Engine;
use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long an engine that lost its interface may take to exit here: generous, for a loaded
/// machine (it stops its search within milliseconds). Before the fix it searched for hours.
const EXIT_WITHIN: Duration = Duration::from_secs(5);

/// The protocol's line limit (`src/cli/uci/input.rs`).
const MAX_LINE: usize = 1 << 20;

/// `jungle` with piped input and output; its output is collected by a thread.
fn spawn() -> (Child, JoinHandle<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jungle"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start jungle");
    let mut stdout = child.stdout.take().unwrap();
    let output = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    (child, output)
}

/// The exit status, if the process ends within [`EXIT_WITHIN`]; otherwise it is killed.
fn exit_status(child: &mut Child) -> Option<ExitStatus> {
    let start = Instant::now();
    while start.elapsed() < EXIT_WITHIN {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

#[test]
fn end_of_input_stops_any_search_and_ends_the_engine() {
    for go in ["go depth 1000", "go nodes 18446744073709551615", "go infinite", "go", "perft 7"] {
        let (mut child, output) = spawn();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(format!("position startpos moves a3a4\n{go}\n").as_bytes()).unwrap();
        drop(stdin);
        let status = exit_status(&mut child);
        let text = output.join().unwrap();
        assert!(status.is_some_and(|s| s.success()), "`{go}` then the end of input: still running; {text}");
        let last = text.lines().last().unwrap_or_default();
        if go.starts_with("go") {
            // The search is stopped, not abandoned: it still answers a legal move.
            let best = last.strip_prefix("bestmove ").unwrap_or_else(|| panic!("`{go}`: {text}"));
            let mut game = Game::new(Rules::default());
            game.play_text("a3a4").unwrap();
            assert!(game.play_text(best).is_ok(), "`{go}`: bestmove {best}");
        } else {
            assert!(last.starts_with("info string perft stopped"), "{text}");
        }
    }
}

#[test]
fn closed_output_ends_the_engine() {
    for go in ["go depth 1000", "go infinite"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_jungle"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start jungle");
        // The interface is gone but its end of the input stays open.
        drop(child.stdout.take());
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(format!("{go}\n").as_bytes()).unwrap();
        stdin.flush().unwrap();
        assert!(exit_status(&mut child).is_some(), "`{go}` with a closed output: still running");
    }
}

#[test]
fn a_line_over_a_megabyte_is_refused_and_the_engine_carries_on() {
    let mut engine = Engine::start();
    engine.send("position startpos moves a3a4");
    let before = engine.fen();
    // A line of exactly the limit is read like any other.
    engine.send(&format!("{}isready", " ".repeat(MAX_LINE - "isready".len())));
    assert_eq!(engine.next_line(), "readyok");
    let huge = format!("position startpos moves {}", "a3a4 a4a3 ".repeat(MAX_LINE / 5));
    let answer = engine.ask(&huge);
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(
        answer[0].starts_with("info string error: a line of ") && answer[0].contains(" bytes was ignored"),
        "{}",
        &answer[0][..answer[0].len().min(200)]
    );
    assert!(answer[0].len() < 200);
    assert_eq!(engine.fen(), before, "the refused line changed nothing");
}

#[test]
fn echoed_input_is_cut_and_escaped() {
    let mut engine = Engine::start();
    let junk = format!("\u{1b}[31m{}", "x".repeat(10_000));
    let lines = [
        format!("fly{junk}"),
        format!("isready {junk}"),
        format!("go depth {junk}"),
        format!("go {junk}"),
        format!("perft {junk}"),
        format!("setoption name {junk} value 1"),
        format!("setoption name {junk}"),
        format!("position startpos {junk}"),
        format!("position startpos moves a3a4 {junk}"),
        format!("position fen {junk} w"),
    ];
    for line in lines {
        let answer = engine.ask(&line);
        let shown = &line[..line.len().min(30)];
        assert_eq!(answer.len(), 1, "`{shown}…`: {answer:?}");
        let error = &answer[0];
        assert!(error.starts_with("info string error: "), "`{shown}…`: {error}");
        assert!(error.len() < 400, "`{shown}…`: {} bytes answered", error.len());
        assert!(!error.contains('\u{1b}'), "`{shown}…`: a control character was echoed");
        assert!(error.contains("\\u{1b}[31mxxx"), "`{shown}…`: the echo starts like the input: {error}");
    }
}

#[test]
fn huge_clocks_neither_wrap_nor_panic() {
    let mut engine = Engine::start();
    for go in [
        "go wtime 4611686018427388904 movestogo 1",
        "go wtime 18446744073709551615 winc 18446744073709551615 btime 1",
        "go movetime 18446744073709551615",
    ] {
        engine.send(go);
        engine.send("stop");
        let lines = engine.until("bestmove");
        assert!(!lines.iter().any(|l| l.contains("error")), "`{go}`: {lines:?}");
        assert_ne!(lines.last().unwrap(), "bestmove 0000", "`{go}`");
    }
}

#[test]
fn go_nodes_0_answers_a_searched_move() {
    let mut engine = Engine::start();
    engine.send("position startpos moves a3a4");
    let (lines, best) = engine.go("go nodes 0");
    let info = lines.iter().find(|l| l.starts_with("info depth 1 ")).expect("a completed first iteration");
    assert!(info.ends_with(&format!(" pv {best}")) || info.contains(&format!(" pv {best} ")), "{lines:?}");
}

#[test]
fn perft_does_not_block_the_protocol_and_can_be_stopped() {
    let mut engine = Engine::start();
    engine.send("perft 7");
    engine.send("isready");
    // Its first move alone has about a hundred million nodes: `isready` is answered long before.
    assert_eq!(engine.next_line(), "readyok");
    engine.assert_error("go depth 1", "send stop first");
    engine.send("stop");
    let lines = engine.until("info string perft stopped");
    assert!(!lines.iter().any(|l| l.starts_with("nodes ")), "{lines:?}");
    let (_, best) = engine.go("go depth 2");
    assert!(Game::new(Rules::default()).play_text(&best).is_ok(), "bestmove {best}");
}

/// The peak resident memory of a process, from Linux's `/proc`.
#[cfg(target_os = "linux")]
fn peak_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).expect("VmHWM in /proc/PID/status");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn a_new_hash_table_replaces_the_old_one_without_doubling_memory() {
    let mut engine = Engine::start();
    // The table is built for the first search, then replaced.
    for _ in 0..2 {
        engine.send("setoption name Hash value 256");
        engine.go("go depth 1");
    }
    let peak = peak_kb(engine.child.id());
    // One table of 256 MB and the program; two tables at once would be over 512 MB.
    assert!(peak > 256 * 1024, "the table was built: peak {peak} kB");
    assert!(peak < 384 * 1024, "peak {peak} kB");
}
