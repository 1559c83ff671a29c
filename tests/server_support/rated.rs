//! Games between members for the rating suites: created and joined by their session cookies,
//! a few moves made, then resigned; and the rating sweep waited for.

use super::members::{create_and_join, me};
use super::{Server, DEN_WIN, PATIENCE};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn json_of(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|_| panic!("JSON: {body}"))
}

/// A game the member `red` creates on red and the member `blue` joins (session cookies),
/// `rated` or not: `plies` moves made (of [`DEN_WIN`]), then Blue resigns. Its id. A rated
/// game has a clock (correspondence, a day a move), as the server asks.
pub async fn played(server: &Server, pair: (&str, &str), rated: bool, plies: usize) -> String {
    let terms =
        if rated { json!({ "rated": true, "clock": day_a_move() }) } else { json!({ "rated": false }) };
    played_as(server, pair, terms, plies).await
}

/// A correspondence clock of a day a move: a rated game's clock that never falls in a test.
pub fn day_a_move() -> Value {
    json!({ "kind": "correspondence", "days": 1 })
}

/// [`played`], the game created with the `terms` (`rated`, `clock`, …) given.
pub async fn played_as(server: &Server, (red, blue): (&str, &str), terms: Value, plies: usize) -> String {
    let mut body = json!({ "name": "Red", "color": "red" });
    body.as_object_mut().unwrap().extend(terms.as_object().unwrap().clone());
    let (created, joined) = create_and_join(server, red, Some(blue), body);
    let id = created["id"].as_str().unwrap().to_string();
    let mut reds = server.connect(&id).await;
    reds.subscribe(created["token"].as_str()).await;
    let mut blues = server.connect(&id).await;
    blues.subscribe(joined.unwrap()["token"].as_str()).await;
    for (ply, mv) in DEN_WIN.iter().take(plies).enumerate() {
        if ply % 2 == 0 {
            reds.play(ply, mv).await
        } else {
            blues.play(ply, mv).await
        };
    }
    blues.send(json!({ "type": "resign" })).await;
    loop {
        if blues.expect("state").await["game"]["status"] == "over" {
            return id;
        }
    }
}

/// The standings of the member of session `cookie` (`GET api/me`'s `ratings`).
pub fn ratings(server: &Server, cookie: &str) -> Value {
    json_of(&me(server, cookie).body)["ratings"].clone()
}

/// Waits until the rating sweep has looked at each of `games`: counted (in the profile's
/// history of `member`, a player of each) or marked as not counted (in the archive).
pub async fn swept(server: &Server, member: &str, games: &[String]) {
    let start = Instant::now();
    loop {
        let history = server.get_json(&format!("/api/members/{member}"))["history"].clone();
        let archive = server.get_json("/api/archive?limit=100");
        let seen = |id: &String| {
            let counted = history.as_array().unwrap().iter().any(|point| point["game"] == id.as_str());
            let listed = archive.as_array().unwrap().iter().find(|game| game["id"] == id.as_str());
            counted || listed.is_some_and(|game| game["uncounted"].is_string())
        };
        if games.iter().all(seen) {
            return;
        }
        assert!(start.elapsed() < PATIENCE, "the sweep never looked at every game: {history} {archive}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Why the finished game `id` did not count (`uncounted` in the archive), or null.
pub fn uncounted(server: &Server, id: &str) -> Value {
    let archive = server.get_json("/api/archive?limit=100");
    let listed = archive.as_array().unwrap().iter().find(|game| game["id"] == id).cloned();
    listed.unwrap_or_else(|| panic!("{id} is in the archive: {archive}"))["uncounted"].clone()
}
