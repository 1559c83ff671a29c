//! Live tournaments and leaderboards against the real server (SQLite; PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`): a watcher gets the tournament on connecting and again after a
//! registration, the start and a result, with `round-started` and `tournament-finished`; the
//! leaderboard's watcher sees a rated game counted; the caps on streams refuse with their
//! codes; on PostgreSQL a change made on one instance reaches a watcher of another.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::events::Events;
use server_support::members::{code, session, sign_up};
use server_support::rated;
use server_support::tournaments::{asked, Member};
use server_support::{Server, TestDb};
use std::io::{BufRead, BufReader, Write};

/// Signs up `count` members (the first, the club's admin), each from their own address.
fn club(server: &Server, count: u8) -> Vec<Member> {
    (0..count)
        .map(|n| {
            let from = [127, 0, 0, 20 + n];
            let cookie = session(&sign_up(server, from, &format!("Live{n}")));
            Member { from, cookie }
        })
        .collect()
}

fn new_tournament(server: &Server, admin: &Member) -> String {
    let body = json!({ "name": "Live cup", "format": "swiss", "rounds": 1 });
    asked(server, admin, "POST", "/api/tournaments", Some(body), 201)["id"].as_str().unwrap().to_string()
}

fn players(state: &Value) -> usize {
    state["players"].as_array().map_or(0, Vec::len)
}

#[test]
fn a_watcher_follows_registration_start_results_and_the_end() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let members = club(&server, 3);
    let admin = &members[0];
    let id = new_tournament(&server, admin);
    let mut events = Events::open(&server, &format!("/api/tournaments/{id}/events"));
    let first = events.until("message", |_| true);
    assert_eq!(first, server.get_json(&format!("/api/tournaments/{id}")), "the same JSON as the GET");
    assert_eq!((players(&first), &first["state"]), (0, &json!("registering")));

    for (n, member) in members[1..].iter().enumerate() {
        asked(&server, member, "POST", &format!("/api/tournaments/{id}/players"), None, 201);
        events.until("message", |state| players(state) == n + 1);
    }
    asked(&server, admin, "POST", &format!("/api/tournaments/{id}/start"), None, 200);
    assert_eq!(events.until("round-started", |_| true), json!({ "round": 1 }));
    let running = server.get_json(&format!("/api/tournaments/{id}"));
    assert_eq!(running["state"], "running");

    let result = json!({ "round": 1, "board": 1, "result": "red" });
    asked(&server, admin, "PUT", &format!("/api/tournaments/{id}/results"), Some(result), 204);
    let scored = events.until("message", |state| state["pairings"][0]["result"] == "red");
    assert_eq!(scored["standings"][0]["points"], json!(1.0));
    // Its one round over, the director finishes it.
    assert_eq!(events.until("tournament-finished", |_| true), json!({}));
}

#[test]
fn an_unknown_tournament_or_a_bad_leaderboard_is_refused() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let missing = server.request("GET", "/api/tournaments/nosuch/events", None);
    assert_eq!((missing.status, code(&missing)), (404, "not_found".to_string()));
    let bad = server.request("GET", "/api/leaderboard/events?limit=0", None);
    assert_eq!((bad.status, code(&bad)), (400, "bad_field".to_string()));
}

#[test]
fn the_caps_on_streams_refuse_with_their_codes() {
    let db = TestDb::new();
    let server = db.server(&["--watchers-per-ip", "1", "--max-watchers", "2"]);
    let _first = Events::open(&server, "/api/leaderboard/events");
    let same_address = server.request("GET", "/api/leaderboard/events", None);
    assert_eq!((same_address.status, code(&same_address)), (429, "rate_limited".to_string()));
    let mut second = server.tcp_from([127, 0, 0, 2]);
    write!(second, "GET /api/leaderboard/events HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr).unwrap();
    let mut status = String::new();
    BufReader::new(second.try_clone().unwrap()).read_line(&mut status).unwrap();
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    let full = server.request_from([127, 0, 0, 3], "GET", "/api/leaderboard/events", None);
    assert_eq!((full.status, code(&full)), (503, "busy".to_string()));
}

#[tokio::test]
async fn the_leaderboard_watcher_sees_a_rated_game_counted() {
    let db = TestDb::new();
    // A club that lists members from their first rated game.
    let server = db.server(&["--leaderboard-games", "1"]);
    let members = club(&server, 2);
    let mut events = Events::open(&server, "/api/leaderboard/events?rules=");
    let empty = events.until("message", |_| true);
    assert_eq!(empty["players"], json!([]));
    // A move each, then Blue resigns.
    rated::played(&server, (&members[0].cookie, &members[1].cookie), true, 2).await;
    let rated = events.until("message", |board| board["players"].as_array().is_some_and(|p| p.len() == 2));
    assert_eq!(rated["players"][0]["name"], "Live0", "the winner leads");
    assert_eq!(rated, server.get_json("/api/leaderboard?rules="));
}

#[test]
fn a_change_on_one_instance_reaches_a_watcher_of_another() {
    let db = TestDb::new();
    if db.is_sqlite() {
        return; // one instance per SQLite file
    }
    let (one, two) = (db.server(&[]), db.server(&[]));
    let members = club(&one, 2);
    let id = new_tournament(&one, &members[0]);
    let mut events = Events::open(&two, &format!("/api/tournaments/{id}/events"));
    assert_eq!(players(&events.until("message", |_| true)), 0);
    asked(&one, &members[1], "POST", &format!("/api/tournaments/{id}/players"), None, 201);
    let registered = events.until("message", |state| players(state) == 1);
    assert_eq!(registered["players"][0]["name"], "Live1");
}
