//! Ratings that cannot be farmed (issue 33, finding 3), against the real server (SQLite;
//! PostgreSQL with `JUNGLE_TEST_DB=postgres`): two accounts resigning rated games before both
//! sides moved gain nothing; the same two members count three rated games a day, by quick
//! pairing too; the leaderboard lists only members with enough rated games. And the rightful
//! paths: friends' casual games, real rated games, and a tournament that pairs the same two
//! players again, every game of which counts.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::rated::{self, played, ratings, swept, uncounted};
use server_support::tournaments::{
    ask, boards, create, expect, game_of, has_round, members, play, seat, until, Ending, Member,
};
use server_support::{TestDb, PATIENCE};
use std::time::{Duration, Instant};

/// The rated games the member of session `cookie` has played in their first standing.
fn games_of(server: &server_support::Server, cookie: &str) -> Value {
    ratings(server, cookie)[0]["games"].clone()
}

#[tokio::test]
async fn rated_games_resigned_before_both_sides_moved_count_nothing() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 2);
    let (mallory, eve) = (club[0].cookie.as_str(), club[1].cookie.as_str());
    // Eve resigns at once, or after Mallory's first move, six times.
    let mut games = Vec::new();
    for round in 0..6 {
        games.push(played(&server, (mallory, eve), true, round % 2).await);
    }
    swept(&server, "Player1", &games).await;
    assert_eq!(ratings(&server, mallory), json!([]), "six wins without Eve moving count nothing");
    assert_eq!(ratings(&server, eve), json!([]));
    for id in &games {
        assert_eq!(uncounted(&server, id), "no-moves", "the game tells why it did not count");
    }
    assert_eq!(server.get_json("/api/leaderboard")["players"], json!([]));
    let profile = server.get_json("/api/members/Player1");
    assert_eq!(profile["history"], json!([]));
    assert_eq!(profile["results"]["wins"], 6, "the games stand, finished");
    assert_eq!(
        (&profile["recent"][0]["rated"], &profile["recent"][0]["uncounted"]),
        (&json!(true), &json!("no-moves"))
    );
}

#[tokio::test]
async fn the_same_two_members_count_three_rated_games_a_day_quick_pairing_too() {
    let db = TestDb::new();
    // Quick pairing pairs the two whatever the ratings counted so far.
    let server = db.server(&["--pairing-gap", "10000"]);
    let club = members(&server, 2);
    let (mallory, eve) = (club[0].cookie.as_str(), club[1].cookie.as_str());
    let mut games = Vec::new();
    for _ in 0..4 {
        games.push(played(&server, (mallory, eve), true, 2).await);
    }
    games.push(quick_paired(&server, &club[0], &club[1]).await);
    swept(&server, "Player1", &games).await;
    assert_eq!((games_of(&server, mallory), games_of(&server, eve)), (json!(3), json!(3)), "three count");
    let why: Vec<Value> = games.iter().map(|id| uncounted(&server, id)).collect();
    assert_eq!(why, [Value::Null, Value::Null, Value::Null, json!("same-pair"), json!("same-pair")]);
    let history = &server.get_json("/api/members/Player1")["history"];
    assert_eq!(history.as_array().unwrap().len(), 3);
    // Three games are fewer than the leaderboard asks (5 by default): nobody is listed yet.
    let board = server.get_json("/api/leaderboard");
    assert_eq!((&board["players"], &board["min_games"]), (&json!([]), &json!(5)));
}

/// A rated game found by quick pairing between `first` and `second`, a day a move: a move each,
/// then Blue resigns. Its id.
async fn quick_paired(server: &server_support::Server, first: &Member, second: &Member) -> String {
    let body = json!({ "clock": rated::day_a_move() });
    expect(ask(server, Some(first), "POST", "/api/pairing", Some(body.clone())), 202);
    let paired = expect(ask(server, Some(second), "POST", "/api/pairing", Some(body)), 200);
    let id = paired["game"].as_str().unwrap().to_string();
    let (seconds, firsts) = (seat(server, second, &id).await, seat(server, first, &id).await);
    let (mut red, mut blue) = if paired["color"] == "red" { (seconds, firsts) } else { (firsts, seconds) };
    red.play(0, "b2c2").await;
    blue.play(1, "a9a8").await;
    blue.send(json!({ "type": "resign" })).await;
    while blue.expect("state").await["game"]["status"] != "over" {}
    id
}

#[tokio::test]
async fn friends_casual_games_change_nothing_and_real_rated_games_count() {
    let db = TestDb::new();
    let server = db.server(&["--leaderboard-games", "2"]);
    let club = members(&server, 3);
    let (ann, ben, cleo) = (club[0].cookie.as_str(), club[1].cookie.as_str(), club[2].cookie.as_str());
    let mut casual = Vec::new();
    for _ in 0..8 {
        casual.push(played(&server, (ann, ben), false, 0).await);
    }
    let rated = [played(&server, (ann, ben), true, 2).await, played(&server, (cleo, ann), true, 3).await];
    swept(&server, "Player1", &rated).await;
    assert_eq!(
        (games_of(&server, ann), games_of(&server, ben), games_of(&server, cleo)),
        (json!(2), json!(1), json!(1))
    );
    for id in casual.iter().chain(&rated) {
        assert_eq!(uncounted(&server, id), Value::Null, "nothing to explain");
    }
    // Ann has the two rated games the leaderboard asks for here; Ben and Cleo one.
    let board = server.get_json("/api/leaderboard");
    let names: Vec<&Value> = board["players"].as_array().unwrap().iter().map(|p| &p["name"]).collect();
    assert_eq!((names, &board["min_games"]), (vec![&json!("Player1")], &json!(2)));
    assert_eq!(board["players"][0]["provisional"], true, "two games leave the deviation high");
    let profile = server.get_json("/api/members/Player2");
    assert_eq!(profile["ratings"][0]["provisional"], true);
}

#[tokio::test]
async fn a_tournament_rates_every_game_even_between_the_same_two_players() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 2);
    let id = create(&server, &club[0], json!({ "name": "Duel", "format": "arena", "minutes": 30 }));
    for member in &club {
        expect(ask(&server, Some(member), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    }
    expect(ask(&server, Some(&club[0]), "POST", &format!("/api/tournaments/{id}/start"), None), 200);
    let mut games = Vec::new();
    for round in 1..=4 {
        let paired = until(&server, &id, "the next game", |t| has_round(t, round));
        let (red, blue) = boards(&paired, round)[0];
        let game = game_of(&paired, round, 1);
        play(&server, &club, (red, blue.unwrap()), &game, Ending::Resigns("blue")).await;
        games.push(game);
    }
    let start = Instant::now();
    while games_of(&server, &club[0].cookie) != 4 || games_of(&server, &club[1].cookie) != 4 {
        assert!(
            start.elapsed() < PATIENCE,
            "four tournament games rated: {}",
            ratings(&server, &club[0].cookie)
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    for game in &games {
        assert_eq!(uncounted(&server, game), Value::Null);
    }
}
