//! Online play as players expect it (issue 36), against the real server (SQLite; PostgreSQL
//! with `JUNGLE_TEST_DB=postgres`, where two instances share the database): a rated game never
//! goes without a clock (created, challenged or quick-paired); a game nobody plays any more is
//! closed, once; a game's players come with their ratings, and the change once it counted;
//! a challenge reaches its addressee's live stream at once, from either instance, and leaves it
//! once accepted.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::events::Events;
use server_support::members::{call, code, session, sign_up, HOME};
use server_support::rated::{self, day_a_move, swept};
use server_support::{seat_both, start_pair, Answer, Server, TestDb, PATIENCE};
use std::time::{Duration, Instant};

fn json_of(answer: &Answer) -> Value {
    serde_json::from_str(&answer.body).unwrap_or_else(|_| panic!("JSON: {}", answer.body))
}

/// Signs up `names`, each from an address of its own; their session cookies.
fn members(server: &Server, names: &[&str]) -> Vec<String> {
    let from = |n: usize| [127, 0, 2, n as u8 + 1];
    names.iter().enumerate().map(|(n, name)| session(&sign_up(server, from(n), name))).collect()
}

fn by(server: &Server, cookie: &str, method: &str, path: &str, body: Option<Value>) -> Answer {
    call(server, HOME, method, path, Some(cookie), body)
}

/// Polls game `id` until `done` holds of it (the sweeps run every second or two).
async fn game_when(server: &Server, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let game = server.game(id);
        if done(&game) {
            return game;
        }
        assert!(start.elapsed() < PATIENCE, "game {id} never became as expected: {game}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn a_rated_game_without_a_clock_is_refused_however_it_is_asked_for() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let cookies = members(&server, &["Alice", "Bob"]);
    let alice = &cookies[0];
    let refused = |answer: Answer| {
        assert_eq!((answer.status, code(&answer).as_str()), (400, "rated_needs_clock"), "{}", answer.body);
    };
    refused(by(&server, alice, "POST", "/api/games", Some(json!({ "name": "Alice", "rated": true }))));
    let none = json!({ "kind": "none" });
    refused(by(
        &server,
        alice,
        "POST",
        "/api/challenges",
        Some(json!({ "to": "Bob", "rated": true, "clock": none })),
    ));
    // Quick pairing always pairs into a rated game.
    refused(by(&server, alice, "POST", "/api/pairing", Some(json!({ "clock": none }))));
    assert_eq!(by(&server, alice, "GET", "/api/pairing", None).body, r#"{"waiting":false}"#, "not queued");

    // Unrated without a clock, or rated with one, is as before.
    let casual = by(&server, alice, "POST", "/api/games", Some(json!({ "name": "Alice" })));
    assert_eq!(casual.status, 201, "{}", casual.body);
    let clocked = json!({ "name": "Alice", "rated": true, "clock": day_a_move() });
    assert_eq!(by(&server, alice, "POST", "/api/games", Some(clocked)).status, 201);
    let challenge =
        json!({ "to": "Bob", "rated": true, "clock": { "kind": "live", "seconds": 300, "increment": 3 } });
    assert_eq!(by(&server, alice, "POST", "/api/challenges", Some(challenge)).status, 201);
}

#[tokio::test]
async fn a_game_nobody_plays_any_more_is_closed_once_by_the_rules_of_claims_and_aborts() {
    let db = TestDb::new();
    let idle = ["--close-idle-after", "2"];
    let one = db.server(&idle);
    // On PostgreSQL a second instance sweeps the same games: each is closed once all the same.
    let two = if db.is_sqlite() { None } else { Some(db.server(&idle)) };
    let unclocked = start_pair(&one, json!({ "kind": "none" }));
    let (mut red, mut blue) = seat_both(&one, &unclocked).await;
    red.play(0, "b2c2").await;
    blue.play(1, "a9a8").await;
    red.play(2, "c2d2").await;
    drop((red, blue));
    let unstarted = start_pair(&one, json!({ "kind": "live", "seconds": 300, "increment": 3 }));
    let running = start_pair(&one, json!({ "kind": "live", "seconds": 600 }));
    let (mut red, mut blue) = seat_both(&one, &running).await;
    red.play(0, "b2c2").await;
    blue.play(1, "a9a8").await;

    let over = |game: &Value| game["status"] == "over";
    let abandoned = game_when(&one, &unclocked.id, over).await;
    // Red played last: Blue, to move, left the game, as a claim would say.
    assert_eq!(abandoned["result"], json!({ "winner": "red", "reason": "abandoned", "score": "1-0" }));
    let aborted = game_when(&one, &unstarted.id, over).await;
    assert_eq!(aborted["result"], json!({ "winner": null, "reason": "aborted", "score": "-" }));
    assert_eq!(one.game(&running.id)["status"], "playing", "a running clock ends the game by its flag");
    red.send(json!({ "type": "resign" })).await;
    while blue.expect("state").await["game"]["status"] != "over" {}

    // Listed as finished, not as being played; the other instance sees the same.
    let live = one.get_json("/api/live");
    assert_eq!(live, json!([]), "nothing left being played");
    let archive = one.get_json("/api/archive");
    let reason = |id: &str| {
        archive.as_array().unwrap().iter().find(|g| g["id"] == id).unwrap()["result"]["reason"].clone()
    };
    assert_eq!((reason(&unclocked.id), reason(&unstarted.id)), (json!("abandoned"), json!("aborted")));
    if let Some(two) = &two {
        assert_eq!(two.game(&unclocked.id)["result"], abandoned["result"]);
        assert_eq!(two.game(&unclocked.id)["moves"], abandoned["moves"]);
    }
}

#[tokio::test]
async fn a_game_shows_its_members_ratings_and_the_change_once_it_counted() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let cookies = members(&server, &["Ann", "Ben"]);
    let game = rated::played(&server, (&cookies[0], &cookies[1]), true, 2).await;
    swept(&server, "Ann", std::slice::from_ref(&game)).await;
    let ratings = server.game(&game)["ratings"].clone();
    let (red, blue) = (&ratings["red"], &ratings["blue"]);
    // Both started at 1500, provisional; Red won (Blue resigned): as much up as Blue went down.
    assert_eq!(
        (&red["rating"], &red["provisional"], &blue["rating"]),
        (&json!(1500), &json!(true), &json!(1500))
    );
    let (up, down) = (red["change"].as_i64().unwrap(), blue["change"].as_i64().unwrap());
    assert!(up > 0 && up == -down, "{ratings}");
    let profile = server.get_json("/api/members/Ann");
    assert_eq!(profile["history"][0]["rating"].as_f64().unwrap().round() as i64, 1500 + up);

    // A new game shows the ratings now, with no change yet; a guest's seat has none.
    let body = json!({ "name": "Ann", "color": "red", "rated": true, "clock": day_a_move() });
    let next = json_of(&by(&server, &cookies[0], "POST", "/api/games", Some(body)))["id"]
        .as_str()
        .unwrap()
        .to_string();
    let shown = server.game(&next)["ratings"].clone();
    assert_eq!(
        shown,
        json!({ "red": { "rating": 1500 + up, "provisional": true, "change": null, "bot": false }, "blue": null })
    );
}

/// Waits on `events` for a list of challenges received that `ready` accepts, within 2 s of
/// `since`.
fn pushed(events: &mut Events, since: Instant, ready: impl Fn(&Value) -> bool) -> Value {
    let list = events.until("message", ready);
    let took = since.elapsed();
    assert!(took < Duration::from_secs(2), "pushed after {took:?}");
    list
}

#[test]
fn a_challenge_reaches_its_addressee_s_stream_at_once_and_leaves_it_once_accepted() {
    let db = TestDb::new();
    let one = db.server(&[]);
    // On PostgreSQL the challenge is sent on another instance than the addressee's stream.
    let two = if db.is_sqlite() { None } else { Some(db.server(&[])) };
    let sender = two.as_ref().unwrap_or(&one);
    let cookies = members(&one, &["Cleo", "Dan"]);
    let (cleo, dan) = (&cookies[0], &cookies[1]);
    let guest = one.request("GET", "/api/me/challenges/events", None);
    assert_eq!((guest.status, code(&guest).as_str()), (401, "not_signed_in"));

    let mut events = Events::open_as(&one, "/api/me/challenges/events", Some(dan));
    let first = events.until("message", |_| true);
    assert_eq!(first, json!({ "incoming": [], "incoming_count": 0 }));
    let sent_at = Instant::now();
    let body =
        json!({ "to": "Dan", "rated": true, "clock": { "kind": "live", "seconds": 180, "increment": 2 } });
    let sent = by(sender, cleo, "POST", "/api/challenges", Some(body));
    assert_eq!(sent.status, 201, "{}", sent.body);
    let id = json_of(&sent)["id"].as_str().unwrap().to_string();
    let list = pushed(&mut events, sent_at, |list| list["incoming_count"] == 1);
    assert_eq!((&list["incoming"][0]["id"], &list["incoming"][0]["from"]), (&json!(id), &json!("Cleo")));
    let mut listed = json_of(&by(&one, dan, "GET", "/api/me/challenges", None));
    listed.as_object_mut().unwrap().remove("outgoing");
    assert_eq!(list, listed, "the stream sends what GET api/me/challenges lists as received");

    // Accepted (by another page of Dan's, on the other instance): gone from the list.
    let accepted_at = Instant::now();
    let accepted = by(sender, dan, "POST", &format!("/api/challenges/{id}/accept"), None);
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    pushed(&mut events, accepted_at, |list| list["incoming_count"] == 0);

    // Signing out ends the member's streams.
    assert_eq!(by(&one, dan, "DELETE", "/api/session", None).status, 204);
    assert!(events.ends(), "the stream ends with the session");
}
