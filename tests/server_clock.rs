//! Clocks on the server: a flag falls with nobody asking, and a server killed mid-game
//! (SIGKILL) and started again on the same database goes on with the game and fair clocks.
#![cfg(feature = "server")]

mod server_support;

use serde_json::json;
use server_support::{seat_both, start_pair, TestDb};
use std::time::{Duration, Instant};

#[tokio::test]
async fn a_short_clock_runs_out_on_the_server() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let pair = start_pair(&server, json!({ "kind": "live", "seconds": 1 }));
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    red.play(0, "a3a4").await;
    let blue_started = Instant::now();
    // Blue does not move: the server's timer ends the game, with no message from anyone.
    let end = blue.expect("state").await;
    assert!(blue_started.elapsed() >= Duration::from_millis(900), "the flag fell early: {end}");
    assert_eq!(end["game"]["result"], json!({ "winner": "red", "reason": "time", "score": "1-0" }));
    assert_eq!(end["game"]["clocks"]["blue"], 0);
    assert_eq!(red.expect("state").await["game"]["result"]["reason"], "time");
    blue.send(json!({ "type": "move", "ply": 1, "move": "a7a6" })).await;
    blue.expect_error("game_over").await;
    assert_eq!(server.game(&pair.id)["result"]["reason"], "time", "the ending is stored");
}

#[tokio::test]
async fn a_killed_server_restarts_the_game_with_fair_clocks() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let pair = start_pair(&server, json!({ "kind": "live", "seconds": 60, "increment": 1 }));
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    red.play(0, "a3a4").await;
    blue.play(1, "a7a6").await;
    red.play(2, "g3g4").await;
    let before = blue.expect("moved").await;
    let before = if before["ply"] == 2 { before } else { blue.expect("moved").await };
    assert_eq!(before["ply"], 2);
    let (red_left, blue_left) =
        (before["clocks"]["red"].as_i64().unwrap(), before["clocks"]["blue"].as_i64().unwrap());

    server.kill();
    let down = Duration::from_secs(3);
    tokio::time::sleep(down).await;
    let server = db.restarted_server();

    let mut blue = server.connect(&pair.id).await;
    let game = blue.subscribe(Some(&pair.blue_token)).await["game"].clone();
    assert_eq!(game["moves"], json!(["a3a4", "a7a6", "g3g4"]), "every acknowledged move was kept");
    assert_eq!(game["clocks"]["running"], "blue");
    assert_eq!(game["clocks"]["red"].as_i64(), Some(red_left), "the waiting side's clock did not move");
    let blue_now = game["clocks"]["blue"].as_i64().unwrap();
    // The clock restarts from what Blue had when Red's move was stored, a moment before
    // the `moved` message measured it: no more than that moment is given back.
    assert!(blue_now <= blue_left + 1000, "Blue gained time: {blue_left} ms before, {blue_now} ms after");
    assert!(
        blue_left - blue_now < down.as_millis() as i64 - 1000,
        "the {down:?} the server was down were charged to Blue: {blue_left} ms before, {blue_now} ms after"
    );
    let mut red = server.connect(&pair.id).await;
    red.subscribe(Some(&pair.red_token)).await;
    blue.play(3, "a6a5").await;
    assert_eq!(red.expect("moved").await["move"], "a6a5", "the game goes on");
}

#[tokio::test]
async fn after_a_restart_a_flag_falls_with_nobody_connected() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let pair = start_pair(&server, json!({ "kind": "live", "seconds": 2 }));
    let (mut red, blue) = seat_both(&server, &pair).await;
    red.play(0, "a3a4").await;
    drop((red, blue));
    server.kill();

    let restarted = Instant::now();
    let server = db.restarted_server();
    let mut watcher = server.connect(&pair.id).await;
    let game = watcher.subscribe(None).await["game"].clone();
    assert_eq!((&game["status"], &game["clocks"]["running"]), (&json!("playing"), &json!("blue")), "{game}");
    let end = watcher.expect("state").await["game"].clone();
    assert!(restarted.elapsed() >= Duration::from_millis(1500), "Blue was charged for the restart: {end}");
    assert_eq!(end["result"], json!({ "winner": "red", "reason": "time", "score": "1-0" }));
}
