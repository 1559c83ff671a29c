//! Over-the-board tournaments against the real server (SQLite; PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`): no game to play on the server, each board's result reported by
//! its two players (the same report from both enters it; different ones wait for the
//! director, who settles them), the next round paired once every result is in, a played
//! result kept as a finished game (its record says so) and rated in the over-the-board
//! category; the refusals; and two players reporting at the same moment on two instances.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::rated::{ratings, swept};
use server_support::tournaments::*;
use server_support::{Server, TestDb};

/// `member`'s report of `result` on `board` of `round`: the answer.
fn report(
    server: &Server,
    member: &Member,
    id: &str,
    (round, board): (i64, i64),
    result: &str,
) -> server_support::Answer {
    let body = json!({ "round": round, "board": board, "result": result });
    ask(server, Some(member), "POST", &format!("/api/tournaments/{id}/reports"), Some(body))
}

/// The state a report left the board in, after checking it was taken.
fn reported(server: &Server, member: &Member, id: &str, at: (i64, i64), result: &str) -> String {
    expect(report(server, member, id, at, result), 200)["state"].as_str().unwrap().to_string()
}

/// Board `board` of `round` as the tournament shows it.
fn board_of(tournament: &Value, round: i64, board: i64) -> Value {
    let pairings = tournament["pairings"].as_array().unwrap();
    pairings.iter().find(|p| p["round"] == round && p["board"] == board).unwrap().clone()
}

/// The member playing `number` in a club whose members registered in order.
fn player<'a>(club: &'a [Member], number: &Value) -> &'a Member {
    &club[number.as_i64().unwrap() as usize - 1]
}

/// A running over-the-board Swiss of `rounds` with the first `players` members of `club`.
fn started(server: &Server, club: &[Member], players: usize, rounds: i64) -> (String, Value) {
    let request = json!({ "name": "Club night", "format": "swiss", "rounds": rounds, "over_the_board": true,
                          "clock": { "kind": "live", "seconds": 900, "increment": 10 } });
    let id = create(server, &club[0], request);
    for member in &club[..players] {
        expect(ask(server, Some(member), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    }
    let started =
        expect(ask(server, Some(&club[0]), "POST", &format!("/api/tournaments/{id}/start"), None), 200);
    (id, started)
}

#[tokio::test]
async fn results_come_from_both_players_or_the_director_and_are_rated_over_the_board() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 5);
    let (id, started) = started(&server, &club, 4, 2);
    assert_eq!(started["over_the_board"], true);
    let (first, second) = (board_of(&started, 1, 1), board_of(&started, 1, 2));
    for board in [&first, &second] {
        assert_eq!(board["game"], Value::Null, "no game on the server: {board}");
        assert_eq!(board["reports"], json!({ "red": null, "blue": null }));
    }

    // Board 1: Red says Red won, Blue agrees: the result is in, with a finished game.
    let (red, blue) = (player(&club, &first["red"]), player(&club, &first["blue"]));
    assert_eq!(reported(&server, red, &id, (1, 1), "red"), "waiting");
    assert_eq!(board_of(&get(&server, &id), 1, 1)["reports"], json!({ "red": "red", "blue": null }));
    assert_eq!(reported(&server, blue, &id, (1, 1), "red"), "confirmed");
    let now = board_of(&get(&server, &id), 1, 1);
    assert_eq!((&now["result"], now.get("reports")), (&json!("red"), None), "{now}");
    let game = now["game"].as_str().expect("a played result has its game").to_string();
    let record = server.request("GET", &format!("/api/games/{game}/record"), None);
    assert_eq!(record.status, 200, "{}", record.body);
    for line in ["[Result \"1-0\"]", "[Termination \"over-the-board\"]"] {
        assert!(record.body.contains(line), "{line} in\n{}", record.body);
    }
    assert_eq!(refused(report(&server, blue, &id, (1, 1), "blue"), 409), "result_in");

    // Board 2: the players differ; only they may report; the director settles it.
    let (red2, blue2) = (player(&club, &second["red"]), player(&club, &second["blue"]));
    assert_eq!(refused(report(&server, &club[4], &id, (1, 2), "draw"), 403), "not_on_board");
    assert_eq!(refused(report(&server, red2, &id, (1, 2), "red-forfeits"), 400), "bad_field");
    assert_eq!(refused(report(&server, red2, &id, (1, 3), "draw"), 404), "not_found");
    assert_eq!(reported(&server, red2, &id, (1, 2), "red"), "waiting");
    assert_eq!(reported(&server, blue2, &id, (1, 2), "blue"), "disputed");
    assert_eq!(board_of(&get(&server, &id), 1, 2)["result"], Value::Null, "a dispute enters nothing");
    result(&server, &club[0], &id, 1, 2, "draw");
    let log = expect(ask(&server, Some(&club[0]), "GET", &format!("/api/tournaments/{id}/log"), None), 200);
    let actions: Vec<&str> =
        log["log"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions.iter().filter(|a| **a == "reported").count(), 4, "{log}");

    // Every result in: round 2 is paired at once, again with no games on the server.
    let paired = until(&server, &id, "round 2", |t| has_round(t, 2));
    assert_eq!(board_of(&paired, 2, 1)["game"], Value::Null);
    assert_eq!(refused(report(&server, red, &id, (1, 1), "red"), 404), "not_found", "round 1 is over");

    // The two played games are rated, in the over-the-board category (no move was on the server).
    let drawn = board_of(&paired, 1, 2)["game"].as_str().unwrap().to_string();
    let name = |number: &Value| format!("Player{number}");
    swept(&server, &name(&first["red"]), std::slice::from_ref(&game)).await;
    swept(&server, &name(&second["red"]), &[drawn]).await;
    let standings = ratings(&server, &red.cookie);
    let categories: Vec<&str> =
        standings.as_array().unwrap().iter().map(|s| s["category"].as_str().unwrap()).collect();
    assert_eq!(categories, ["over-the-board"], "{standings}");
    assert!(standings[0]["rating"].as_f64().unwrap() > 1500.0, "the winner gained: {standings}");
}

#[tokio::test]
async fn reports_are_refused_where_they_have_no_place() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 2);
    let arena = json!({ "name": "Room arena", "format": "arena", "over_the_board": true });
    assert_eq!(
        refused(ask(&server, Some(&club[0]), "POST", "/api/tournaments", Some(arena)), 400),
        "bad_field"
    );
    // Online: results come from the games.
    let online = create(&server, &club[0], json!({ "name": "Online", "format": "swiss", "rounds": 1 }));
    for member in &club {
        expect(ask(&server, Some(member), "POST", &format!("/api/tournaments/{online}/players"), None), 201);
    }
    expect(ask(&server, Some(&club[0]), "POST", &format!("/api/tournaments/{online}/start"), None), 200);
    assert_eq!(refused(report(&server, &club[0], &online, (1, 1), "draw"), 409), "not_over_the_board");
    // Made online, then moved to the room before the start: kept so.
    let night = create(&server, &club[0], json!({ "name": "Later", "format": "swiss", "rounds": 1 }));
    let path = format!("/api/tournaments/{night}");
    let moved =
        expect(ask(&server, Some(&club[0]), "PATCH", &path, Some(json!({ "over_the_board": true }))), 200);
    assert_eq!(
        (&moved["over_the_board"], &get(&server, &night)["over_the_board"]),
        (&json!(true), &json!(true))
    );
    // Not started yet; and nobody signed in.
    assert_eq!(refused(report(&server, &club[0], &night, (1, 1), "draw"), 409), "not_started");
    let body = json!({ "round": 1, "board": 1, "result": "draw" });
    let anonymous = ask(&server, None, "POST", &format!("/api/tournaments/{night}/reports"), Some(body));
    assert_eq!(refused(anonymous, 401), "not_signed_in");
}

#[tokio::test]
async fn two_players_reporting_at_once_on_two_instances_enter_the_result_once() {
    let db = TestDb::new();
    let first = db.server(&[]);
    let second = db.server(&[]);
    let club = members(&first, 8);
    let (id, started) = started(&first, &club, 8, 1);
    // Each board's two players report the same result at the same moment, one on each instance.
    std::thread::scope(|scope| {
        for board in 1..=4 {
            let shown = board_of(&started, 1, board);
            let (red, blue) = (player(&club, &shown["red"]), player(&club, &shown["blue"]));
            let (id, first, second) = (&id, &first, &second);
            scope.spawn(move || reported(first, red, id, (1, board), "draw"));
            scope.spawn(move || reported(second, blue, id, (1, board), "draw"));
        }
    });
    let finished = until(&first, &id, "the end", |t| t["state"] == "finished");
    for board in 1..=4 {
        let shown = board_of(&finished, 1, board);
        assert_eq!(shown["result"], "draw", "{shown}");
        assert!(shown["game"].is_string(), "one game each: {shown}");
    }
    let log = expect(ask(&first, Some(&club[0]), "GET", &format!("/api/tournaments/{id}/log"), None), 200);
    let entered = log["log"].as_array().unwrap().iter().filter(|e| e["action"] == "result").count();
    assert_eq!(entered, 4, "each result entered once: {log}");
}
