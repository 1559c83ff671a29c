//! The protocol on PostgreSQL with two server instances: the test starts its own throwaway
//! PostgreSQL 15 (Debian's `postgresql` package) in a temporary folder on a free port, runs
//! two `jungle-server`s on it, and plays a game with one player on each instance.
#![cfg(feature = "server")]

mod server_support;

use serde_json::json;
use server_support::postgres::Postgres;
use server_support::tournaments::{
    ask, boards, close, create, expect, game_of, has_round, members, open, play, rounds_paired, until, Ending,
};
use server_support::{Server, DEN_WIN};

#[tokio::test]
async fn two_instances_share_a_game_through_postgres() {
    let postgres = Postgres::start();
    let one = Server::start(&postgres.url(), &[]);
    let two = Server::start(&postgres.url(), &[]);
    let health = one.get_json("/api/health");
    assert_eq!(
        (&health["ok"], &health["db"], &health["members"]),
        (&json!(true), &json!("postgres"), &json!("open"))
    );

    let created =
        one.create(json!({ "name": "Alice", "color": "red", "clock": { "kind": "live", "seconds": 600 } }));
    let id = created["id"].as_str().unwrap();
    let lobby = two.get_json("/api/lobby");
    assert_eq!(lobby[0]["id"], id, "the other instance lists the open game");
    let joined = two.join(id, "Bob");

    let mut red = one.connect(id).await;
    red.subscribe(created["token"].as_str()).await;
    let mut blue = two.connect(id).await;
    let seen = blue.subscribe(joined["token"].as_str()).await;
    assert_eq!(seen["game"]["status"], "playing");
    let mut spectator = two.connect(id).await;
    spectator.subscribe(None).await;

    for (ply, mv) in DEN_WIN.iter().enumerate() {
        let (mover, other) = if ply % 2 == 0 { (&mut red, &mut blue) } else { (&mut blue, &mut red) };
        mover.play(ply, mv).await;
        let mut moved = other.expect("moved").await;
        while moved["ply"] != ply {
            moved = other.expect("moved").await;
        }
        assert_eq!(moved["move"], *mv, "a move on one instance reaches the other");
    }
    let mut last = spectator.expect("moved").await;
    while last["ply"] != 16 {
        last = spectator.expect("moved").await;
    }
    assert_eq!(last["result"], json!({ "winner": "red", "reason": "den", "score": "1-0" }));
    assert_eq!(one.game(id)["moves"], json!(DEN_WIN));
    assert_eq!(two.get_json("/api/archive")[0]["id"], id);
}

#[tokio::test]
async fn a_flag_falls_once_when_two_instances_hold_the_game() {
    let postgres = Postgres::start();
    let one = Server::start(&postgres.url(), &[]);
    let two = Server::start(&postgres.url(), &[]);
    let created =
        one.create(json!({ "name": "Alice", "color": "red", "clock": { "kind": "live", "seconds": 1 } }));
    let id = created["id"].as_str().unwrap();
    let joined = two.join(id, "Bob");
    let mut red = one.connect(id).await;
    red.subscribe(created["token"].as_str()).await;
    let mut blue = two.connect(id).await;
    blue.subscribe(joined["token"].as_str()).await;
    red.play(0, "a3a4").await;
    blue.play(1, "a7a6").await;
    // Both instances run Red's clock; the versioned write lets only one ending be stored. (An
    // instance that is behind may first send the game as it now is, still being played.)
    let seen_one = until_over(&mut red).await;
    let seen_two = until_over(&mut blue).await;
    let time = json!({ "winner": "blue", "reason": "time", "score": "0-1" });
    assert_eq!((seen_one, seen_two), (time.clone(), time.clone()));
    assert_eq!(two.game(id)["result"], time);
    red.send(json!({ "type": "move", "ply": 2, "move": "g3g4" })).await;
    red.expect_error("game_over").await;
}

/// Reads messages until a `state` with a result; the result.
async fn until_over(client: &mut server_support::Client) -> serde_json::Value {
    loop {
        let game = client.expect("state").await["game"].clone();
        if !game["result"].is_null() {
            return game["result"].clone();
        }
        assert_eq!(game["status"], "playing", "{game}");
    }
}

/// Reads messages until a presence notice shows Blue's seat `connected`.
async fn until_blue_is(client: &mut server_support::Client, connected: bool) {
    loop {
        let msg = client.next().await.expect("the connection stays open");
        if msg["type"] == "presence" && msg["blue"] == connected {
            return;
        }
    }
}

#[tokio::test]
async fn a_win_is_claimed_only_when_the_opponent_has_left_every_instance() {
    let postgres = Postgres::start();
    let one = Server::start(&postgres.url(), &["--abandon-after", "1"]);
    let two = Server::start(&postgres.url(), &["--abandon-after", "1"]);
    let created = one.create(json!({ "name": "Alice", "color": "red" }));
    let id = created["id"].as_str().unwrap();
    let mut red = one.connect(id).await;
    red.subscribe(created["token"].as_str()).await;
    let joined = two.join(id, "Bob");
    let mut blue = two.connect(id).await;
    blue.subscribe(joined["token"].as_str()).await;
    until_blue_is(&mut red, true).await; // reported by the other instance
    red.play(0, "a3a4").await;
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    red.send(json!({ "type": "claim" })).await;
    red.expect_error("not_now").await; // Blue is connected, on the other instance
    drop(blue);
    until_blue_is(&mut red, false).await;
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    red.send(json!({ "type": "claim" })).await;
    let game = red.expect("state").await["game"].clone();
    assert_eq!(game["result"], json!({ "winner": "red", "reason": "abandoned", "score": "1-0" }));
}

/// Plays `mv` at `ply`, sending it again while the database is away (`storage` refusals).
async fn play_through(client: &mut server_support::Client, ply: usize, mv: &str) {
    loop {
        client.send(json!({ "type": "move", "ply": ply, "move": mv })).await;
        loop {
            let msg = client.next().await.expect("the connection stays open");
            match msg["type"].as_str() {
                Some("ack") => return,
                Some("error") if msg["code"] == "storage" => break,
                Some("error") => panic!("move {ply} {mv}: {msg}"),
                _ => continue,
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn instances_catch_up_after_postgresql_restarts_and_nobody_flags() {
    let postgres = Postgres::start();
    let one = Server::start(&postgres.url(), &[]);
    let two = Server::start(&postgres.url(), &[]);
    let created =
        one.create(json!({ "name": "Alice", "color": "red", "clock": { "kind": "live", "seconds": 60 } }));
    let id = created["id"].as_str().unwrap();
    let joined = two.join(id, "Bob");
    let mut red = one.connect(id).await;
    red.subscribe(created["token"].as_str()).await;
    let mut blue = two.connect(id).await;
    blue.subscribe(joined["token"].as_str()).await;
    for (ply, mv) in DEN_WIN.iter().enumerate().take(2) {
        let mover = if ply % 2 == 0 { &mut red } else { &mut blue };
        mover.play(ply, mv).await;
    }
    let mut ply = 2;
    for _ in 0..2 {
        postgres.stop();
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        postgres.restart();
        // Red moves on the first instance as soon as the database is back, while the second
        // instance may still be connecting its listener again: the note of the move is lost.
        play_through(&mut red, ply, DEN_WIN[ply]).await;
        let seen = within_2_s(&two, id, ply + 1).await;
        assert_eq!(seen["ply"], ply + 1, "the second instance caught up within 2 s: {seen}");
        assert_eq!(seen["moves"], one.game(id)["moves"], "both instances agree");
        play_through(&mut blue, ply + 1, DEN_WIN[ply + 1]).await;
        ply += 2;
    }
    for server in [&one, &two] {
        let game = within_2_s(server, id, ply).await;
        assert_eq!(
            (&game["status"], &game["ply"]),
            (&json!("playing"), &json!(ply)),
            "nobody flagged: {game}"
        );
    }
}

/// The game as `server` shows it once it has `ply` moves, or after 2 s.
async fn within_2_s(server: &Server, id: &str, ply: usize) -> serde_json::Value {
    let start = std::time::Instant::now();
    loop {
        let game = server.game(id);
        if game["ply"] == ply || start.elapsed() > std::time::Duration::from_secs(2) {
            return game;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// A Swiss on two instances while PostgreSQL restarts twice: in the middle of round 1 (its
/// games go on where they were) and just after its last game ends (round 2 is paired once
/// the database is back, by one of the two directors, once).
#[tokio::test]
async fn a_tournament_goes_on_after_postgresql_restarts_mid_round() {
    let postgres = Postgres::start();
    let one = Server::start(&postgres.url(), &[]);
    let two = Server::start(&postgres.url(), &[]);
    let club = members(&one, 4);
    let admin = &club[0];
    let clock = json!({ "kind": "live", "seconds": 120, "increment": 1 });
    let id = create(&one, admin, json!({ "name": "Outage", "format": "swiss", "rounds": 2, "clock": clock }));
    for member in &club {
        expect(ask(&one, Some(member), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    }
    let started = expect(ask(&one, Some(admin), "POST", &format!("/api/tournaments/{id}/start"), None), 200);
    assert_eq!(boards(&started, 1), [(1, Some(3)), (4, Some(2))]);
    // Board 1 is played on the first instance, board 2 on the second.
    let (mut first_red, first_blue) = open(&one, &club, (1, 3), &game_of(&started, 1, 1)).await;
    let (mut second_red, second_blue) = open(&two, &club, (4, 2), &game_of(&started, 1, 2)).await;
    postgres.stop();
    postgres.restart();
    play_through(&mut first_red, 2, "c2d2").await;
    play_through(&mut second_red, 2, "c2d2").await;
    close((first_red, first_blue), Ending::Resigns("blue")).await;
    close((second_red, second_blue), Ending::Resigns("red")).await;
    postgres.stop();
    postgres.restart();
    let second = until(&two, &id, "round 2", |t| has_round(t, 2));
    let results: Vec<&serde_json::Value> =
        second["pairings"].as_array().unwrap().iter().take(2).map(|p| &p["result"]).collect();
    assert_eq!(results, ["red", "blue"], "round 1's results are kept");
    for board in 1..=2 {
        let (red, blue) = boards(&second, 2)[board - 1];
        play(&one, &club, (red, blue.unwrap()), &game_of(&second, 2, board as i64), Ending::Resigns("blue"))
            .await;
    }
    let finished = until(&two, &id, "the end", |t| t["state"] == "finished");
    assert_eq!(
        finished["pairings"].as_array().unwrap().len(),
        4,
        "two rounds of two boards, each once: {finished}"
    );
    assert_eq!(rounds_paired(&one, admin, &id), ["round 1", "round 2"], "each round paired once");
}
