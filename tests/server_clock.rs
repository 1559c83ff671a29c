//! Clocks on the server: no clock runs before its side's first move, a flag falls with nobody
//! asking, and a server killed mid-game (SIGKILL) and started again on the same database goes
//! on with the game and fair clocks: the time used before the crash kept, the outage charged
//! to nobody.
#![cfg(feature = "server")]

mod server_support;

use jungle::record::{Declared, GameRecord};
use jungle::rules::Color;
use serde_json::{json, Value};
use server_support::{seat_both, start_pair, Client, TestDb};
use std::time::{Duration, Instant};

/// The next `moved` message of ply `ply` (skipping earlier ones).
async fn moved(client: &mut Client, ply: u64) -> Value {
    loop {
        let msg = client.expect("moved").await;
        if msg["ply"] == ply {
            return msg;
        }
    }
}

#[tokio::test]
async fn a_short_clock_runs_out_on_the_server() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let pair = start_pair(&server, json!({ "kind": "live", "seconds": 1 }));
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    red.play(0, "a3a4").await;
    blue.play(1, "a7a6").await;
    let red_started = Instant::now();
    // Red does not move: the server's timer ends the game, with no message from anyone.
    let end = red.expect("state").await;
    assert!(red_started.elapsed() >= Duration::from_millis(900), "the flag fell early: {end}");
    assert_eq!(end["game"]["result"], json!({ "winner": "blue", "reason": "time", "score": "0-1" }));
    assert_eq!(end["game"]["clocks"]["red"], 0);
    assert_eq!(blue.expect("state").await["game"]["result"]["reason"], "time");
    red.send(json!({ "type": "move", "ply": 2, "move": "g3g4" })).await;
    red.expect_error("game_over").await;
    assert_eq!(server.game(&pair.id)["result"]["reason"], "time", "the ending is stored");
    let (_, text) = server.http("GET", &format!("/api/games/{}/record", pair.id), None);
    let record = GameRecord::parse(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!((record.result(), record.declared()), ("0-1", Some(Declared::Time(Color::Blue))), "{text}");
}

#[tokio::test]
async fn clocks_stand_still_until_each_side_has_moved_in_a_game_and_its_rematch() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let pair = start_pair(&server, json!({ "kind": "live", "seconds": 60 }));
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    let full = json!({ "red": 60_000, "blue": 60_000, "running": null });
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(server.game(&pair.id)["clocks"], full, "Red's clock waits for Red's first move");
    red.play(0, "a3a4").await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(server.game(&pair.id)["clocks"], full, "Blue's clock waits for Blue's first move");
    blue.play(1, "a7a6").await;
    let started = moved(&mut red, 1).await["clocks"].clone();
    assert_eq!((&started["blue"], &started["running"]), (&json!(60_000), &json!("red")), "{started}");
    assert!(
        started["red"].as_i64().unwrap() > 59_000,
        "Red's clock starts from Blue's first move: {started}"
    );
    tokio::time::sleep(Duration::from_millis(1200)).await;
    red.play(2, "g3g4").await;
    let after = moved(&mut blue, 2).await["clocks"].clone();
    let red_left = after["red"].as_i64().unwrap();
    assert!((50_000..=58_800).contains(&red_left), "Red's thinking was charged: {after}");
    assert_eq!(after["running"], "blue", "{after}");
    assert!(after["blue"].as_i64().unwrap() > 59_000, "Blue's first move cost nothing: {after}");

    blue.send(json!({ "type": "resign" })).await;
    blue.send(json!({ "type": "offer", "offer": "rematch" })).await;
    let rematch = loop {
        let msg = red.next().await.expect("the connection stays open");
        if msg["type"] == "state" && msg["game"]["offer"]["kind"] == "rematch" {
            red.send(json!({ "type": "accept", "offer": "rematch" })).await;
        }
        if msg["type"] == "rematch" {
            break msg["game"].as_str().unwrap().to_string();
        }
    };
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(server.game(&rematch)["clocks"], full, "the rematch's clocks wait for the first moves too");
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
    let before = moved(&mut blue, 2).await;
    let (red_left, blue_left) =
        (before["clocks"]["red"].as_i64().unwrap(), before["clocks"]["blue"].as_i64().unwrap());
    // Blue thinks for a while before the crash: that time was used and stays used.
    let thought = Duration::from_millis(2500);
    tokio::time::sleep(thought).await;

    server.kill();
    let down = Duration::from_secs(3);
    tokio::time::sleep(down).await;
    let server = db.restarted_server();

    let mut blue = server.connect(&pair.id).await;
    let game = blue.subscribe(Some(&pair.blue_token)).await["game"].clone();
    assert_eq!(game["moves"], json!(["a3a4", "a7a6", "g3g4"]), "every acknowledged move was kept");
    assert_eq!(game["clocks"]["running"], "blue");
    assert_eq!(game["clocks"]["red"].as_i64(), Some(red_left), "the waiting side's clock did not move");
    let used = blue_left - game["clocks"]["blue"].as_i64().unwrap();
    let (thought, down) = (thought.as_millis() as i64, down.as_millis() as i64);
    // The server notes every half second that it runs: at most that much is given back.
    assert!(
        used >= thought - 1000,
        "Blue got back the {thought} ms thought before the crash: used {used} ms"
    );
    assert!(
        used < thought + down - 1000,
        "the {down} ms the server was down were charged to Blue: used {used} ms"
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
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    red.play(0, "a3a4").await;
    blue.play(1, "a7a6").await;
    drop((red, blue));
    server.kill();

    let restarted = Instant::now();
    let server = db.restarted_server();
    let mut watcher = server.connect(&pair.id).await;
    let game = watcher.subscribe(None).await["game"].clone();
    assert_eq!((&game["status"], &game["clocks"]["running"]), (&json!("playing"), &json!("red")), "{game}");
    let end = watcher.expect("state").await["game"].clone();
    assert!(restarted.elapsed() >= Duration::from_millis(1000), "Red was charged for the restart: {end}");
    assert_eq!(end["result"], json!({ "winner": "blue", "reason": "time", "score": "0-1" }));
}

#[tokio::test]
async fn a_correspondence_flag_falls_when_the_test_clock_passes_its_day() {
    let db = TestDb::new();
    let clock = server_support::test_clock::TestClock::new();
    let [flag, file] = clock.args();
    let server = db.server(&[&flag, &file]);
    let pair = start_pair(&server, json!({ "kind": "correspondence", "days": 1 }));
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    red.play(0, "a3a4").await;
    blue.play(1, "a7a6").await;
    moved(&mut red, 1).await;
    clock.advance(23 * 3600 * 1000, &[&server]);
    let waiting = server.game(&pair.id);
    assert_eq!(waiting["status"], "playing", "a day is not over after 23 hours: {waiting}");
    let left = waiting["clocks"]["red"].as_i64().unwrap();
    assert!((3_000_000..=3_600_000).contains(&left), "about an hour left: {waiting}");
    clock.advance(2 * 3600 * 1000, &[&server]);
    let end = red.expect("state").await;
    assert_eq!(end["game"]["result"], json!({ "winner": "blue", "reason": "time", "score": "0-1" }));
}
