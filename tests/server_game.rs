//! A whole online game through the real server and real WebSockets: two players, a
//! spectator, the end, the archive and the record; then resign, draw, takeback, abort and
//! rematch.
#![cfg(feature = "server")]

mod server_support;

use jungle::record::{Declared, GameRecord};
use jungle::rules::Color;
use serde_json::{json, Value};
use server_support::{seat_both, start_pair, Client, Pair, Server, TestDb, DEN_WIN};

#[tokio::test]
async fn a_whole_game_to_a_den_win_watched_by_a_spectator() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let mut health = server.get_json("/api/health");
    let now = health.as_object_mut().unwrap().remove("now").and_then(|now| now.as_i64()).unwrap_or(0);
    assert!(now > 1_700_000_000_000, "the club's time, in ms: {now}");
    assert_eq!(health, json!({ "ok": true, "db": db.kind(), "members": "open" }));
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let mut spectator = server.connect(&pair.id).await;
    let watched = spectator.subscribe(None).await;
    assert_eq!(watched["seat"], Value::Null);
    assert_eq!(watched["game"]["status"], "playing");
    assert_eq!(watched["game"]["players"]["red"]["name"], "Alice");
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    let live = server.get_json("/api/live");
    assert!(live.as_array().unwrap().iter().any(|g| g["id"] == pair.id.as_str()), "{live}");

    let mut last = Value::Null;
    for (ply, mv) in DEN_WIN.iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut red } else { &mut blue };
        let ack = mover.play(ply, mv).await;
        assert_eq!(ack, json!({ "type": "ack", "ply": ply, "move": mv, "duplicate": false }));
        last = spectator.expect("moved").await;
        assert_eq!((last["ply"].as_u64(), last["move"].as_str()), (Some(ply as u64), Some(*mv)), "{last}");
        assert_eq!(last["by"], if ply % 2 == 0 { "red" } else { "blue" });
    }
    assert_eq!(last["status"], "over");
    assert_eq!(last["result"], json!({ "winner": "red", "reason": "den", "score": "1-0" }));
    let mut moved = blue.expect("moved").await;
    while moved["ply"] != 16 {
        moved = blue.expect("moved").await;
    }
    assert_eq!(moved["result"]["winner"], "red", "the loser sees the last move too");

    let game = server.game(&pair.id);
    assert_eq!(game["status"], "over");
    assert_eq!(game["moves"], json!(DEN_WIN));
    let archive = server.get_json("/api/archive?limit=10");
    let listed = archive.as_array().unwrap().iter().find(|g| g["id"] == pair.id.as_str()).expect("archived");
    assert_eq!(
        (&listed["red"], &listed["blue"], &listed["ply"]),
        (&json!("Alice"), &json!("Bob"), &json!(17))
    );
    assert_eq!(listed["result"]["reason"], "den");

    let (record, _) = record(&server, &pair.id);
    assert_eq!(record.header("Red"), Some("Alice"));
    assert_eq!(record.result(), "1-0");
    assert_eq!(record.game.moves().len(), DEN_WIN.len());
    red.play(0, "b2c2").await; // a resend of the first move is still acknowledged
    red.send(json!({ "type": "move", "ply": 17, "move": "a3a4" })).await;
    red.expect_error("game_over").await;
}

/// The game's downloaded record, read back by the record reader; its text too.
fn record(server: &Server, id: &str) -> (GameRecord, String) {
    let (status, text) = server.http("GET", &format!("/api/games/{id}/record"), None);
    assert_eq!(status, 200, "{text}");
    (GameRecord::parse(&text).unwrap_or_else(|e| panic!("{e}: {text}")), text)
}

/// The record of an ending the board did not decide has it in `Result` and `Termination`.
fn assert_recorded(server: &Server, id: &str, declared: Declared) {
    let (read, text) = record(server, id);
    let (result, reason) = (declared.result(), declared.name());
    assert!(text.contains(&format!("[Result \"{result}\"]\n[Termination \"{reason}\"]")), "{text}");
    assert_eq!((read.result(), read.declared()), (result, Some(declared)), "{text}");
}

async fn both_see_state(red: &mut Client, blue: &mut Client) -> Value {
    let seen = red.expect("state").await;
    assert_eq!(blue.expect("state").await["game"], seen["game"]);
    seen["game"].clone()
}

#[tokio::test]
async fn abort_before_both_have_moved_and_not_after() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    red.play(0, "a3a4").await;
    blue.play(1, "a7a6").await;
    red.send(json!({ "type": "abort" })).await;
    red.expect_error("not_now").await;

    let pair = start_pair(&server, json!({ "kind": "none" }));
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    red.play(0, "a3a4").await;
    blue.send(json!({ "type": "abort" })).await;
    let game = both_see_state(&mut red, &mut blue).await;
    assert_eq!(game["result"], json!({ "winner": null, "reason": "aborted", "score": "-" }));
    assert_recorded(&server, &pair.id, Declared::Aborted);
}

#[tokio::test]
async fn draw_offer_declined_then_accepted() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    red.send(json!({ "type": "accept", "offer": "draw" })).await;
    red.expect_error("no_offer").await;
    red.send(json!({ "type": "offer", "offer": "draw" })).await;
    let game = both_see_state(&mut red, &mut blue).await;
    assert_eq!(game["offer"], json!({ "kind": "draw", "by": "red" }));
    red.send(json!({ "type": "accept", "offer": "draw" })).await;
    red.expect_error("no_offer").await; // not one's own offer
    blue.send(json!({ "type": "decline", "offer": "draw" })).await;
    assert_eq!(both_see_state(&mut red, &mut blue).await["offer"], Value::Null);
    red.send(json!({ "type": "offer", "offer": "draw" })).await;
    both_see_state(&mut red, &mut blue).await;
    blue.send(json!({ "type": "accept", "offer": "draw" })).await;
    let game = both_see_state(&mut red, &mut blue).await;
    assert_eq!(game["result"], json!({ "winner": null, "reason": "agreement", "score": "1/2-1/2" }));
    assert_recorded(&server, &pair.id, Declared::Agreement);
}

#[tokio::test]
async fn takeback_then_another_move() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    red.send(json!({ "type": "offer", "offer": "takeback" })).await;
    red.expect_error("not_now").await; // nothing of Red's to take back yet
    red.play(0, "a3a4").await;
    blue.play(1, "a7a6").await;
    red.send(json!({ "type": "offer", "offer": "takeback" })).await;
    both_see_state(&mut red, &mut blue).await;
    blue.send(json!({ "type": "accept", "offer": "takeback" })).await;
    let game = both_see_state(&mut red, &mut blue).await;
    assert_eq!((game["ply"].as_u64(), game["turn"].as_str()), (Some(0), Some("red")), "{game}");
    assert_eq!(server.game(&pair.id)["moves"], json!([]));
    red.play(0, "g3g4").await;
    assert_eq!(server.game(&pair.id)["moves"], json!(["g3g4"]));
}

#[tokio::test]
async fn resignation_then_rematch_with_colours_swapped() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let pair = start_pair(&server, json!({ "kind": "live", "seconds": 300, "increment": 2 }));
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    red.send(json!({ "type": "offer", "offer": "rematch" })).await;
    red.expect_error("not_now").await;
    red.play(0, "a3a4").await;
    blue.send(json!({ "type": "resign" })).await;
    let game = both_see_state(&mut red, &mut blue).await;
    assert_eq!(game["result"], json!({ "winner": "red", "reason": "resignation", "score": "1-0" }));
    assert_eq!(game["clocks"]["running"], Value::Null, "clocks stop at the end");
    assert_recorded(&server, &pair.id, Declared::Resignation(Color::Red));
    blue.send(json!({ "type": "move", "ply": 1, "move": "a7a6" })).await;
    blue.expect_error("game_over").await;

    blue.send(json!({ "type": "offer", "offer": "rematch" })).await;
    both_see_state(&mut red, &mut blue).await;
    red.send(json!({ "type": "accept", "offer": "rematch" })).await;
    let old = both_see_state(&mut red, &mut blue).await;
    let rematch = red.expect("rematch").await;
    assert_eq!(old["rematch"], rematch["game"]);
    let next = rematch["game"].as_str().unwrap().to_string();
    assert_eq!(blue.expect("rematch").await["game"], next.as_str());
    assert_eq!(server.game(&pair.id)["rematch"], next.as_str());
    let mut bob = server.connect(&next).await;
    let game = bob.subscribe(Some(&pair.blue_token)).await;
    assert_eq!(game["seat"], "red", "Bob, who had Blue, now has Red");
    assert_eq!(game["game"]["status"], "playing");
    assert_eq!(game["game"]["clock"], json!({ "kind": "live", "seconds": 300, "increment": 2 }));
    bob.play(0, "g3g4").await;
}

#[tokio::test]
async fn the_win_can_be_claimed_when_the_opponent_to_move_stays_away() {
    let db = TestDb::new();
    let server = db.server(&["--abandon-after", "1"]);
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let (mut red, blue) = seat_both(&server, &pair).await;
    red.play(0, "a3a4").await;
    red.send(json!({ "type": "claim" })).await;
    red.expect_error("not_now").await; // Blue is still connected
    drop(blue);
    let mut presence = red.expect("presence").await;
    while presence["blue"] != false {
        presence = red.expect("presence").await;
    }
    assert_eq!(presence["red"], true);
    red.send(json!({ "type": "claim" })).await;
    red.expect_error("not_now").await; // not away long enough yet
    assert_eq!(server.game(&pair.id)["status"], "playing");
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    red.send(json!({ "type": "claim" })).await;
    let game = red.expect("state").await["game"].clone();
    assert_eq!(game["result"], json!({ "winner": "red", "reason": "abandoned", "score": "1-0" }));
    assert_recorded(&server, &pair.id, Declared::Abandoned(Color::Red));
}

/// The server says when the win may be claimed, so that a page offers it only then: the claim
/// time on subscribing, and with every whole game and change of presence how long each seat had
/// been away. A claim made as soon as the opponent's `away`, counted on from when it was heard,
/// reaches the claim time is granted.
#[tokio::test]
async fn the_server_says_when_the_win_may_be_claimed() {
    let db = TestDb::new();
    let server = db.server(&["--abandon-after", "2"]);
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let mut red = server.connect(&pair.id).await;
    assert_eq!(red.subscribe(Some(&pair.red_token)).await["claim_after"], 2000);
    let mut blue = server.connect(&pair.id).await;
    blue.subscribe(Some(&pair.blue_token)).await;
    red.play(0, "a3a4").await;
    drop(blue);
    let presence = loop {
        let presence = red.expect("presence").await;
        if presence["blue"] == false {
            break presence;
        }
    };
    let heard = std::time::Instant::now();
    assert_eq!(presence["away"]["red"], 0, "{presence}");
    let away = presence["away"]["blue"].as_i64().unwrap();
    assert!((0..2000).contains(&away), "{presence}");
    // A page that opens the game now is told the same: Blue away, for at least as long.
    let mut watcher = server.connect(&pair.id).await;
    let seen = watcher.subscribe(None).await["game"]["players"]["blue"].clone();
    assert_eq!(seen["connected"], false);
    assert!(seen["away"].as_i64().unwrap() >= away, "{seen}");
    // The moment Blue's absence, counted from what Red heard, reaches the claim time.
    tokio::time::sleep_until((heard + std::time::Duration::from_millis((2000 - away) as u64)).into()).await;
    red.send(json!({ "type": "claim" })).await;
    let game = red.expect("state").await["game"].clone();
    assert_eq!(game["result"], json!({ "winner": "red", "reason": "abandoned", "score": "1-0" }));
}

#[tokio::test]
async fn a_silent_client_is_disconnected_after_the_dead_peer_time_and_the_win_can_be_claimed() {
    let db = TestDb::new();
    let server = db.server(&["--ping-every", "1", "--dead-after", "3", "--abandon-after", "1"]);
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let (mut red, blue) = seat_both(&server, &pair).await;
    red.play(0, "a3a4").await;
    // Blue's client stays connected but reads nothing and answers no ping, like a frozen
    // process: its connection stays open on its side.
    let frozen = std::time::Instant::now();
    let mut presence = red.expect("presence").await;
    while presence["blue"] != false {
        presence = red.expect("presence").await;
    }
    let after = frozen.elapsed();
    assert!(
        after >= std::time::Duration::from_secs(2),
        "Blue was dropped before the dead-peer time: {after:?}"
    );
    assert_eq!(server.game(&pair.id)["players"]["blue"]["connected"], false);
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    red.send(json!({ "type": "claim" })).await;
    let game = red.expect("state").await["game"].clone();
    assert_eq!(game["result"], json!({ "winner": "red", "reason": "abandoned", "score": "1-0" }));
    drop(blue);
}

#[tokio::test]
async fn a_silent_client_shows_away_at_the_dead_peer_time_not_at_a_later_ping() {
    let db = TestDb::new();
    // A live client speaks when pinged, so the silence allowed is a little over one ping's
    // time; checked only when a ping goes out, a silence of 11 s would be noticed at 20 s.
    let server = db.server(&["--ping-every", "10", "--dead-after", "11"]);
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let (red, blue) = seat_both(&server, &pair).await;
    // Blue freezes: reads nothing, answers no ping.
    let frozen = std::time::Instant::now();
    while server.game(&pair.id)["players"]["blue"]["connected"] != false {
        assert!(frozen.elapsed() < std::time::Duration::from_secs(16), "Blue still shows present");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert!(frozen.elapsed() >= std::time::Duration::from_secs(10), "dropped before the dead-peer time");
    drop((red, blue));
}

#[tokio::test]
async fn a_game_at_the_move_limit_ends_drawn_and_its_record_reads_back() {
    let db = TestDb::new();
    let server = db.server(&["--max-plies", "8"]);
    // Rules under which only the limit ends a game of shuffling lions.
    let rules = "repetition=off,no-capture-limit=0";
    let created = server.create(json!({ "name": "Alice", "color": "red", "rules": rules }));
    let id = created["id"].as_str().unwrap().to_string();
    let joined = server.join(&id, "Bob");
    let pair = Pair {
        id,
        red_token: created["token"].as_str().unwrap().into(),
        blue_token: joined["token"].as_str().unwrap().into(),
    };
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    for (ply, mv) in ["g1g2", "a9a8", "g2g1", "a8a9"].iter().cycle().take(8).enumerate() {
        let mover = if ply % 2 == 0 { &mut red } else { &mut blue };
        mover.play(ply, mv).await;
    }
    let last = loop {
        let moved = red.expect("moved").await;
        if moved["ply"] == 7 {
            break moved;
        }
    };
    assert_eq!(
        last["result"],
        json!({ "winner": null, "reason": "move-limit", "score": "1/2-1/2" }),
        "{last}"
    );
    blue.send(json!({ "type": "move", "ply": 8, "move": "g1g2" })).await;
    blue.expect_error("game_over").await;
    assert_recorded(&server, &pair.id, Declared::MoveLimit);
}

#[test]
fn the_page_and_the_api_share_one_origin() {
    let db = TestDb::new();
    let dist = db.dir.0.join("dist");
    std::fs::create_dir_all(&dist).unwrap();
    std::fs::write(dist.join("index.html"), "<!doctype html><title>Jungle</title>").unwrap();
    let server = db.server(&["--dist", dist.to_str().unwrap()]);
    let (status, page) = server.http("GET", "/", None);
    assert_eq!((status, page.as_str()), (200, "<!doctype html><title>Jungle</title>"));
    assert_eq!(server.get_json("/api/health")["ok"], true);
    assert_eq!(server.http("GET", "/missing.js", None).0, 404);
    if db.is_sqlite() {
        assert!(db.dir.0.join("jungle.sqlite").exists(), "the SQLite file is created on first start");
    }
}
