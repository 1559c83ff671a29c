//! What the server gives the people who run it: Prometheus figures at `/metrics`, a log with
//! nothing secret in it, a graceful stop on SIGTERM, and command lines that refuse bad values.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::{seat_both, start_pair, Server, TestDb, DEN_WIN};
use std::process::Command;

/// The value of the sample `name` (with its labels, as written) in `/metrics` text.
fn sample(text: &str, name: &str) -> Option<f64> {
    text.lines().find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
}

fn metrics(server: &Server) -> String {
    let answer = server.request("GET", "/metrics", None);
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.header("content-type").is_some_and(|t| t.starts_with("application/openmetrics-text")));
    answer.body
}

#[tokio::test]
async fn metrics_count_the_moves_refusals_batches_and_connections() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let before = metrics(&server);
    assert_eq!(sample(&before, "jungle_moves_total"), Some(0.0));
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    let moves = 6;
    for (ply, mv) in DEN_WIN.iter().take(moves).enumerate() {
        let mover = if ply % 2 == 0 { &mut red } else { &mut blue };
        mover.play(ply, mv).await;
    }
    // Blue moves out of turn twice, and replays an acknowledged move (a duplicate, not a move).
    for _ in 0..2 {
        blue.send(json!({ "type": "move", "ply": moves, "move": "a9a8" })).await;
        blue.expect_error("not_your_turn").await;
    }
    red.play(moves - 2, DEN_WIN[moves - 2]).await;

    let text = metrics(&server);
    assert_eq!(sample(&text, "jungle_moves_total"), Some(moves as f64), "{text}");
    assert_eq!(sample(&text, "jungle_move_latency_seconds_count"), Some(moves as f64));
    assert!(sample(&text, "jungle_move_latency_seconds_sum").is_some_and(|s| s > 0.0));
    assert_eq!(sample(&text, r#"jungle_refusals_total{code="not_your_turn"}"#), Some(2.0));
    assert_eq!(sample(&text, r#"jungle_open_connections{kind="websocket"}"#), Some(2.0));
    assert_eq!(sample(&text, "jungle_games_held"), Some(1.0));
    // The game's creation, its join and each move were stored, one batch or more.
    let changes = sample(&text, "jungle_commit_batch_size_sum").unwrap();
    assert!(changes >= (moves + 2) as f64, "{changes} changes stored");
    assert!(sample(&text, "jungle_commit_batch_size_count").is_some_and(|n| n >= 1.0 && n <= changes));
}

#[test]
fn metrics_are_refused_through_a_proxy() {
    let db = TestDb::new();
    let server = db.server(&["--trust-proxy", "127.0.0.1"]);
    // Whichever header a reverse proxy on this machine adds, the request came from elsewhere.
    for forwarded in ["X-Forwarded-For: 203.0.113.9", "X-Real-IP: 203.0.113.9", "Forwarded: for=203.0.113.9"]
    {
        let answer = server.get_with("/metrics", &[forwarded.split_once(": ").unwrap()]);
        assert_eq!(answer.status, 404, "{forwarded}: {}", answer.body);
        assert!(!answer.body.contains("jungle_moves"), "{forwarded}: {}", answer.body);
    }
    // Asked directly from this machine, it answers.
    assert_eq!(server.get_with("/metrics", &[]).status, 200);
}

#[tokio::test]
async fn the_log_names_requests_and_games_but_never_a_token() {
    let db = TestDb::new();
    let server = Server::start_configured(&db.url(), &["--log-format", "json"], |command| {
        command.env("RUST_LOG", "trace");
    });
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    for (ply, mv) in DEN_WIN.iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut red } else { &mut blue };
        mover.play(ply, mv).await;
    }
    let mut stranger = server.connect(&pair.id).await;
    stranger.send(json!({ "type": "subscribe", "token": "0123456789abcdef0123456789abcdef" })).await;
    stranger.expect_error("bad_token").await;
    let (status, log) = server.terminate_with_output();
    assert!(status.success());

    let lines: Vec<Value> = log.lines().map(|line| serde_json::from_str(line).expect("JSON lines")).collect();
    assert!(lines.iter().any(|l| l["span"]["name"] == "request" && l["span"]["path"] == "/api/games"));
    assert!(lines.iter().any(|l| l["span"]["name"] == "game" && l["span"]["id"] == pair.id.as_str()));
    for secret in [pair.red_token.as_str(), &pair.blue_token, "0123456789abcdef0123456789abcdef"] {
        assert!(!log.contains(secret), "a token is in the log");
    }
}

#[tokio::test]
async fn sigterm_closes_the_sockets_for_a_reconnect_and_keeps_every_acknowledged_move() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    for (ply, mv) in DEN_WIN.iter().take(4).enumerate() {
        let mover = if ply % 2 == 0 { &mut red } else { &mut blue };
        mover.play(ply, mv).await;
    }
    // A move on its way when the signal comes: stored and acknowledged, or neither.
    red.send(json!({ "type": "move", "ply": 4, "move": DEN_WIN[4] })).await;
    let status = server.terminate();
    assert!(status.success(), "{status}");
    let (red_saw, red_close) = red.until_closed().await;
    let (_, blue_close) = blue.until_closed().await;
    assert_eq!((red_close, blue_close), (Some(1012), Some(1012)), "closed with 'service restart'");

    let acked = 4 + red_saw.iter().filter(|m| m["type"] == "ack" && m["ply"] == 4).count();
    let server = db.restarted_server();
    let game = server.game(&pair.id);
    assert_eq!(game["moves"], json!(DEN_WIN[..acked]), "the stored moves are the acknowledged ones");
}

fn refused(program: &str, args: &[&str]) -> String {
    let output = Command::new(program).args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{program} {args:?}");
    String::from_utf8(output.stderr).unwrap()
}

#[test]
fn bad_values_are_refused_with_the_option_named() {
    let server = refused(env!("CARGO_BIN_EXE_jungle-server"), &["--port", "eighty"]);
    assert!(server.contains("invalid value 'eighty' for '--port <N>'"), "{server}");
    let load = refused(env!("CARGO_BIN_EXE_jungle-load"), &["--url", "127.0.0.1:1", "--think", "9-3"]);
    assert!(load.contains("--think") && load.contains("MIN must not exceed MAX"), "{load}");
}

#[test]
fn help_and_version_answer_as_rust_tools_do() {
    for program in [env!("CARGO_BIN_EXE_jungle-server"), env!("CARGO_BIN_EXE_jungle-load")] {
        let help = Command::new(program).arg("--help").output().unwrap();
        assert!(help.status.success());
        assert!(String::from_utf8_lossy(&help.stdout).contains("--version"));
        let version = Command::new(program).arg("--version").output().unwrap();
        let version = String::from_utf8(version.stdout).unwrap();
        assert!(version.trim_end().ends_with(env!("CARGO_PKG_VERSION")), "{version}");
    }
}
