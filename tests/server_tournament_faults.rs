//! Tournaments when the server is killed (SIGKILL) in the middle of a round and started again
//! on the same database (SQLite; PostgreSQL with `JUNGLE_TEST_DB=postgres`): the games in play
//! go on where they were, the results entered stay, and the next round is paired exactly once,
//! whether the kill came before, during or after the director paired it. PostgreSQL restarted
//! during a round: `tests/server_postgres.rs`.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::tournaments::*;
use server_support::{Server, TestDb};

/// The log's details of the entries with `action`.
fn logged(server: &Server, admin: &Member, id: &str, action: &str) -> Vec<String> {
    let log = expect(ask(server, Some(admin), "GET", &format!("/api/tournaments/{id}/log"), None), 200);
    let entries = log["log"].as_array().unwrap().iter().filter(|e| e["action"] == action);
    entries.map(|e| e["detail"].as_str().unwrap().to_string()).collect()
}

/// The boards without a result, as (round, Red, Blue).
fn in_play(tournament: &Value) -> Vec<(i64, i64, i64)> {
    let pairings = tournament["pairings"].as_array().unwrap().iter();
    let open = pairings.filter(|p| p["result"].is_null() && p["game"].is_string());
    open.map(|p| (p["round"].as_i64().unwrap(), p["red"].as_i64().unwrap(), p["blue"].as_i64().unwrap()))
        .collect()
}

#[tokio::test]
async fn a_swiss_goes_on_after_the_server_is_killed_mid_round() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 4);
    let admin = &club[0];
    let clock = json!({ "kind": "live", "seconds": 120, "increment": 1 });
    let id =
        create(&server, admin, json!({ "name": "Crash", "format": "swiss", "rounds": 2, "clock": clock }));
    for member in &club {
        expect(ask(&server, Some(member), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    }
    let started =
        expect(ask(&server, Some(admin), "POST", &format!("/api/tournaments/{id}/start"), None), 200);
    assert_eq!(boards(&started, 1), [(1, Some(3)), (4, Some(2))]);
    // Board 1 ends before the crash; board 2 is in play, three moves made.
    play(&server, &club, (1, 3), &game_of(&started, 1, 1), Ending::Resigns("blue")).await;
    let (mut reds, blues) = open(&server, &club, (4, 2), &game_of(&started, 1, 2)).await;
    reds.play(2, "c2d2").await;
    drop((reds, blues));
    server.kill();

    let server = db.restarted_server();
    let kept = until(&server, &id, "board 1's result", |t| t["pairings"][0]["result"] == "red");
    assert_eq!((&kept["state"], kept["round"].as_i64()), (&json!("running"), Some(1)), "{kept}");
    let game = game_of(&kept, 1, 2);
    let reds = seat(&server, &club[3], &game).await;
    let mut blues = seat(&server, &club[1], &game).await;
    blues.play(3, "a8a9").await;
    // The round's last game ends and the server is killed at once: before, while or after its
    // director pairs round 2.
    close((reds, blues), Ending::Resigns("red")).await;
    server.kill();

    let server = db.restarted_server();
    let second = until(&server, &id, "round 2", |t| has_round(t, 2));
    assert_eq!(second["pairings"][1]["result"], "blue", "the result of the game that ended stays");
    let mut pairs: Vec<(i64, i64)> =
        boards(&second, 2).into_iter().map(|(r, b)| (r.min(b.unwrap()), r.max(b.unwrap()))).collect();
    pairs.sort();
    assert_eq!(pairs, [(1, 2), (3, 4)], "the winners meet, and the losers");
    for board in 1..=2 {
        let (red, blue) = boards(&second, 2)[board - 1];
        let game = game_of(&second, 2, board as i64);
        play(&server, &club, (red, blue.unwrap()), &game, Ending::Resigns("blue")).await;
    }
    let finished = until(&server, &id, "the end", |t| t["state"] == "finished");
    assert_eq!(finished["pairings"].as_array().unwrap().len(), 4, "two rounds of two boards: {finished}");
    assert_eq!(logged(&server, admin, &id, "paired"), ["round 1", "round 2"], "each round paired once");
}

#[tokio::test]
async fn an_arena_goes_on_after_the_server_is_killed_mid_game() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 4);
    let admin = &club[0];
    let clock = json!({ "kind": "live", "seconds": 120, "increment": 1 });
    let id = create(&server, admin, json!({ "name": "Crash arena", "format": "arena", "clock": clock }));
    for member in &club {
        expect(ask(&server, Some(member), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    }
    expect(ask(&server, Some(admin), "POST", &format!("/api/tournaments/{id}/start"), None), 200);
    let first = until(&server, &id, "two games", |t| in_play(t).len() == 2);
    let [(_, red_1, blue_1), (_, red_2, blue_2)] = in_play(&first)[..] else { unreachable!() };
    // One game ends before the crash, the other is in play.
    play(&server, &club, (red_1, blue_1), &game_of(&first, 1, 1), Ending::Resigns("blue")).await;
    let (mut reds, blues) = open(&server, &club, (red_2, blue_2), &game_of(&first, 1, 2)).await;
    reds.play(2, "c2d2").await;
    drop((reds, blues));
    server.kill();

    let server = db.restarted_server();
    let kept = until(&server, &id, "the first result", |t| t["pairings"][0]["result"] == "red");
    assert_eq!(in_play(&kept), [(1, red_2, blue_2)], "the two who finished wait: not paired again together");
    let game = game_of(&kept, 1, 2);
    let reds = seat(&server, &club[red_2 as usize - 1], &game).await;
    let mut blues = seat(&server, &club[blue_2 as usize - 1], &game).await;
    blues.play(3, "a8a9").await;
    close((reds, blues), Ending::Resigns("red")).await;
    // All four are free: two new games, nobody against their last opponent, nobody twice.
    let again = until(&server, &id, "the next games", |t| in_play(t).len() == 2);
    let next = in_play(&again);
    let mut players: Vec<i64> = next.iter().flat_map(|&(_, red, blue)| [red, blue]).collect();
    players.sort();
    assert_eq!(players, [1, 2, 3, 4], "{again}");
    for (_, red, blue) in next {
        let pair = [red.min(blue), red.max(blue)];
        let last = [[red_1.min(blue_1), red_1.max(blue_1)], [red_2.min(blue_2), red_2.max(blue_2)]];
        assert!(!last.contains(&pair), "{red} and {blue} met last: {again}");
    }
    assert_eq!(again["pairings"].as_array().unwrap().len(), 4, "{again}");
    assert_eq!(
        expect(ask(&server, Some(admin), "POST", &format!("/api/tournaments/{id}/end"), None), 200)["state"],
        "finished"
    );
}

/// The no-show time, like a clock, does not run while the server is down: a player who comes
/// when it is back still has the time they had left at the crash.
#[tokio::test]
async fn the_no_show_time_stops_while_the_server_is_down() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 2);
    let admin = &club[0];
    let request = json!({ "name": "Late", "format": "swiss", "rounds": 1, "no_show_seconds": 3 });
    let id = create(&server, admin, request);
    for member in &club {
        expect(ask(&server, Some(member), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    }
    let started =
        expect(ask(&server, Some(admin), "POST", &format!("/api/tournaments/{id}/start"), None), 200);
    server.kill();
    // Down for longer than the no-show time.
    tokio::time::sleep(std::time::Duration::from_secs(4)).await;

    let server = db.restarted_server();
    let (red, blue) = boards(&started, 1)[0];
    // Both come and move: had the outage counted, Red would have lost by forfeit at the start.
    let game = open(&server, &club, (red, blue.unwrap()), &game_of(&started, 1, 1)).await;
    assert!(get(&server, &id)["pairings"][0]["result"].is_null());
    close(game, Ending::Resigns("blue")).await;
    let finished = until(&server, &id, "the end", |t| t["state"] == "finished");
    assert_eq!(finished["pairings"][0]["result"], "red");
}
