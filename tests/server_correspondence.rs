//! Correspondence between meetings, against the real server (SQLite; PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`, there on two instances): `GET api/me/games` lists the games at
//! the member's move first, the least time left first; a member's vacation (`api/me/vacation`)
//! holds their correspondence clocks, days of club time passing on a test clock, and is shown
//! to the opponent; the yearly allowance holds.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::members::{call, code, create_and_join, session, sign_up, HOME};
use server_support::test_clock::TestClock;
use server_support::{Server, TestDb, PATIENCE};
use std::time::Instant;

const HOUR_MS: i64 = 3600 * 1000;
const DAY_MS: i64 = 24 * HOUR_MS;

fn json_of(answer: &server_support::Answer) -> Value {
    serde_json::from_str(&answer.body).unwrap_or_else(|_| panic!("JSON: {}", answer.body))
}

fn my_games(server: &Server, cookie: &str) -> Value {
    let answer = call(server, HOME, "GET", "/api/me/games", Some(cookie), None);
    assert_eq!(answer.status, 200, "{}", answer.body);
    json_of(&answer)
}

/// `method` api/me/vacation with `body`: the status and JSON answer.
fn vacation(server: &Server, cookie: &str, method: &str, body: Option<Value>) -> (u16, Value) {
    let answer = call(server, HOME, method, "/api/me/vacation", Some(cookie), body);
    (answer.status, json_of(&answer))
}

/// Waits until `ready` holds of `server`'s answer to `get` (news from another instance comes a
/// moment later); the answer.
fn eventually(server: &Server, get: impl Fn(&Server) -> Value, ready: impl Fn(&Value) -> bool) -> Value {
    let until = Instant::now() + PATIENCE;
    loop {
        let answer = get(server);
        if ready(&answer) {
            return answer;
        }
        assert!(Instant::now() < until, "never so: {answer}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// A game of `clock` the member of `red` creates on red and the member of `blue` joins: its id
/// and both seat tokens.
fn game(server: &Server, red: &str, blue: &str, clock: Value) -> (String, String, String) {
    let (created, joined) =
        create_and_join(server, red, Some(blue), json!({ "name": "Red", "color": "red", "clock": clock }));
    let token = |answer: &Value| answer["token"].as_str().unwrap().to_string();
    (created["id"].as_str().unwrap().to_string(), token(&created), token(&joined.unwrap()))
}

/// Plays `moves` from ply `from` in game `id`, each by the side whose token it is.
async fn play(server: &Server, id: &str, tokens: [&str; 2], from: usize, moves: &[&str]) {
    for (i, mv) in moves.iter().enumerate() {
        let mut client = server.connect(id).await;
        client.subscribe(Some(tokens[(from + i) % 2])).await;
        client.play(from + i, mv).await;
    }
}

#[tokio::test]
async fn games_at_ones_move_come_first_the_least_time_left_first() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let alice = session(&sign_up(&server, HOME, "Alice"));
    let bob = session(&sign_up(&server, HOME, "Bob"));
    // Made in this order, the list would be the other way round by its latest change.
    let untimed = game(&server, &alice, &bob, json!({ "kind": "none" }));
    let two_days = game(&server, &alice, &bob, json!({ "kind": "correspondence", "days": 2 }));
    let live = game(&server, &alice, &bob, json!({ "kind": "live", "seconds": 300 }));
    let bobs_move = game(&server, &alice, &bob, json!({ "kind": "correspondence", "days": 1 }));
    play(&server, &bobs_move.0, [&bobs_move.1, &bobs_move.2], 0, &["a3a4"]).await;

    let mine = my_games(&server, &alice);
    let order: Vec<&str> =
        mine["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(order, [&live.0, &two_days.0, &untimed.0, &bobs_move.0], "{mine}");
    assert_eq!(mine["your_move"], 3, "{mine}");
    assert_eq!(mine["games"][1]["time_left"]["red"], 2 * DAY_MS, "{mine}");
    let theirs = my_games(&server, &bob);
    assert_eq!(
        (&theirs["your_move"], &theirs["games"][0]["id"]),
        (&json!(1), &json!(bobs_move.0)),
        "{theirs}"
    );
}

#[tokio::test]
async fn a_vacation_holds_the_correspondence_clock_and_then_it_runs_again() {
    let db = TestDb::new();
    let clock = TestClock::new();
    let [flag, file] = clock.args();
    let here = db.server(&[&flag, &file]);
    // On PostgreSQL the game is played on another instance than the one the vacation is taken on.
    let other = (!db.is_sqlite()).then(|| db.server(&[&flag, &file]));
    let there = other.as_ref().unwrap_or(&here);
    let servers: Vec<&Server> = [&here].into_iter().chain(other.as_ref()).collect();
    let alice = session(&sign_up(&here, HOME, "Alice"));
    let bob = session(&sign_up(&here, HOME, "Bob"));
    let (id, red, blue) = game(there, &alice, &bob, json!({ "kind": "correspondence", "days": 1 }));
    play(there, &id, [&red, &blue], 0, &["a3a4", "a7a6"]).await;
    let live = game(there, &alice, &bob, json!({ "kind": "live", "seconds": 300 }));

    // Alice, to move with a day on her clock, takes 3 of her 30 days.
    let (status, taken) = vacation(&here, &alice, "POST", Some(json!({ "days": 3 })));
    assert_eq!(status, 200, "{taken}");
    assert_eq!((&taken["days_per_year"], &taken["days_left"]), (&json!(30), &json!(27)), "{taken}");
    let until = taken["until"].as_i64().unwrap();
    assert!((until - clock.now_ms() - 3 * DAY_MS).abs() < 60_000, "3 days from now: {taken}");
    assert_eq!(vacation(&here, &alice, "GET", None).1, taken);

    // Bob sees it beside her name, in his list and in the game, on the instance he plays on.
    let game_there = |server: &Server| server.game(&id);
    let seen = eventually(there, game_there, |game| game["vacation"]["red"] == until);
    assert_eq!(seen["vacation"]["blue"], Value::Null, "{seen}");
    let listed = my_games(there, &bob);
    let listed = listed["games"].as_array().unwrap().iter().find(|g| g["id"] == id).unwrap().clone();
    assert_eq!(listed["opponent"]["vacation"], until, "{listed}");
    assert_eq!(there.game(&live.0)["vacation"]["red"], Value::Null, "a live game is not held");

    // Three days pass: no flag, her time left as it was.
    clock.advance(3 * DAY_MS - HOUR_MS, &servers);
    for server in &servers {
        let held = server.game(&id);
        assert_eq!(held["status"], "playing", "{held}");
        let left = held["clocks"]["red"].as_i64().unwrap();
        assert!((DAY_MS - 60_000..=DAY_MS).contains(&left), "a day left: {held}");
    }
    // The vacation over, her clock runs from where it stood, and her flag falls a day later.
    clock.advance(2 * HOUR_MS, &servers);
    let running = eventually(there, game_there, |game| game["vacation"]["red"].is_null());
    let left = running["clocks"]["red"].as_i64().unwrap();
    assert!(
        (DAY_MS - HOUR_MS - 60_000..=DAY_MS - HOUR_MS + 1_000).contains(&left),
        "an hour spent: {running}"
    );
    assert_eq!(running["status"], "playing", "{running}");
    clock.advance(DAY_MS, &servers);
    let over = eventually(there, game_there, |game| game["status"] == "over");
    assert_eq!(over["result"], json!({ "winner": "blue", "reason": "time", "score": "0-1" }), "{over}");
}

#[tokio::test]
async fn the_yearly_allowance_holds_and_an_early_end_gives_back_the_days_not_begun() {
    let db = TestDb::new();
    let server = db.server(&["--vacation-days", "10"]);
    let alice = session(&sign_up(&server, HOME, "Alice"));
    let refused = |body: Value, expected: &str| {
        let (status, answer) = vacation(&server, &alice, "POST", Some(body));
        assert_eq!(
            (status, answer["code"].as_str().unwrap()),
            (if expected == "bad_field" { 400 } else { 409 }, expected),
            "{answer}"
        );
        answer
    };
    assert_eq!(
        vacation(&server, &alice, "GET", None).1,
        json!({ "days_per_year": 10, "days_left": 10, "until": null })
    );
    for bad in [json!({ "days": 0 }), json!({ "days": -1 }), json!({ "days": "3" }), json!({ "days": 367 })] {
        let status = call(&server, HOME, "POST", "/api/me/vacation", Some(&alice), Some(bad.clone())).status;
        assert_eq!(status, 400, "{bad}");
    }
    assert_eq!(refused(json!({ "days": 11 }), "no_vacation_days")["params"]["left"], 10);
    let (status, taken) = vacation(&server, &alice, "POST", Some(json!({ "days": 4 })));
    assert_eq!((status, &taken["days_left"]), (200, &json!(6)), "{taken}");
    refused(json!({ "days": 1 }), "on_vacation");
    // Ended at once: the day begun counts, the 3 others come back.
    let (status, ended) = vacation(&server, &alice, "DELETE", None);
    assert_eq!((status, ended), (200, json!({ "days_per_year": 10, "days_left": 9, "until": null })));
    assert_eq!(vacation(&server, &alice, "DELETE", None).1["days_left"], 9, "ending none changes nothing");
    assert_eq!(refused(json!({ "days": 10 }), "no_vacation_days")["params"]["left"], 9);
    let guest = call(&server, HOME, "GET", "/api/me/vacation", None, None);
    assert_eq!((guest.status, code(&guest)), (401, "not_signed_in".to_string()));
}

#[tokio::test]
async fn a_clock_held_for_a_vacation_stays_held_when_the_site_restarts() {
    let db = TestDb::new();
    let clock = TestClock::new();
    let [flag, file] = clock.args();
    // On PostgreSQL the operator says the whole site restarted; SQLite always knows.
    let args: Vec<&str> = [flag.as_str(), file.as_str()]
        .into_iter()
        .chain((!db.is_sqlite()).then_some("--resume-clocks"))
        .collect();
    let server = db.server(&args);
    let alice = session(&sign_up(&server, HOME, "Alice"));
    let bob = session(&sign_up(&server, HOME, "Bob"));
    let (id, red, blue) = game(&server, &alice, &bob, json!({ "kind": "correspondence", "days": 1 }));
    play(&server, &id, [&red, &blue], 0, &["a3a4", "a7a6"]).await;
    assert_eq!(vacation(&server, &alice, "POST", Some(json!({ "days": 2 }))).0, 200);
    server.terminate();
    let server = db.server(&args);
    clock.advance(2 * DAY_MS - HOUR_MS, &[&server]);
    let held = server.game(&id);
    let left = held["clocks"]["red"].as_i64().unwrap();
    assert_eq!(held["status"], "playing", "{held}");
    assert!((DAY_MS - 60_000..=DAY_MS).contains(&left), "a day left: {held}");
}
