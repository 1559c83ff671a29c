//! A rolling restart during a Swiss, on PostgreSQL with three instances: each instance in turn
//! is stopped (SIGTERM) and started again while the rounds are played. A player whose instance
//! stops makes their move while cut off and sends it from another instance a second later, as
//! the page does: it is stored once, their clock is charged their thinking time only (not the
//! second they waited for a connection), and each round is paired once. The test starts its own
//! throwaway PostgreSQL 15.
#![cfg(feature = "server")]

mod server_support;

use server_support::postgres::Postgres;
use server_support::tournaments::*;
use server_support::{Client, Server};
use std::time::{Duration, Instant};

/// How long a player's page waits for a connection after its instance stopped.
const CUT_OFF: Duration = Duration::from_secs(1);
/// When the player makes the move after the connection closed.
const MADE_AFTER: Duration = Duration::from_millis(200);
/// What the clock may charge beyond the thinking time: the trips of the opponent's move to the
/// player and of the player's move back, on a busy machine. The second spent cut off is more.
const TOLERANCE_MS: i64 = 300;

/// `color`'s time left in game `id`, as `server` sees it.
fn left(server: &Server, id: &str, color: &str) -> i64 {
    server.game(id)["clocks"][color].as_i64().unwrap()
}

/// Waits until `seat` has seen move `ply` (announced alone, or in the whole game); when.
async fn seen(seat: &mut Client, ply: usize) -> Instant {
    loop {
        let msg = seat.next().await.expect("the connection stays open");
        let moved = msg["type"] == "moved" && msg["ply"] == ply;
        if moved || (msg["type"] == "state" && msg["game"]["ply"].as_u64() > Some(ply as u64)) {
            return Instant::now();
        }
    }
}

/// The instance `player` is on stops (SIGTERM) and its player, shown the move before at `shown`,
/// makes `mv` shortly after the connection closed; a second later the page is connected to
/// `elsewhere` and sends it. The new connection, once the move is acknowledged, and the
/// player's thinking time in ms.
async fn move_across_a_restart(
    stopping: Server,
    mut player: Client,
    elsewhere: &Server,
    member: &Member,
    game: &str,
    (ply, mv): (usize, &str),
    shown: Instant,
) -> (Client, i64) {
    assert!(stopping.terminate().success());
    let (_, code) = player.until_closed().await;
    assert_eq!(code, Some(1012), "closed for a restart");
    let closed = Instant::now();
    tokio::time::sleep(MADE_AFTER).await;
    let thinking = shown.elapsed().as_millis() as i64;
    tokio::time::sleep(CUT_OFF.saturating_sub(closed.elapsed())).await;
    let mut again = seat(elsewhere, member, game).await;
    assert_eq!(again.play(ply, mv).await["duplicate"], false, "stored once");
    (again, thinking)
}

/// Waits until `color`'s clock in game `id` was charged at most `thinking` (ms) and the
/// tolerance (the time lost to the restart is given back once the instance is known lost).
fn charged_at_most(server: &Server, id: &str, color: &str, thinking: i64) {
    let deadline = Instant::now() + Duration::from_secs(6);
    loop {
        let charged = 120_000 - left(server, id, color);
        if charged <= thinking + TOLERANCE_MS {
            return;
        }
        assert!(Instant::now() < deadline, "{color} charged {charged} ms for {thinking} ms of thinking");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[tokio::test]
async fn a_rolling_restart_during_a_swiss_loses_no_move_pairs_each_round_once_and_charges_thinking_only() {
    let postgres = Postgres::start();
    let url = postgres.url();
    let mut servers: Vec<Option<Server>> = (0..3).map(|_| Some(Server::start(&url, &[]))).collect();
    let one = servers[0].as_ref().unwrap();
    let club = members(one, 4);
    let admin = &club[0];
    let clock = serde_json::json!({ "kind": "live", "seconds": 120, "increment": 0 });
    let id = create(
        one,
        admin,
        serde_json::json!({ "name": "Rolling", "format": "swiss", "rounds": 2, "clock": clock }),
    );
    for member in &club {
        expect(ask(one, Some(member), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    }
    let started = expect(ask(one, Some(admin), "POST", &format!("/api/tournaments/{id}/start"), None), 200);
    let round_one = boards(&started, 1);
    let (first_red, first_blue) = (round_one[0].0, round_one[0].1.unwrap());
    play(
        servers[2].as_ref().unwrap(),
        &club,
        (first_red, first_blue),
        &game_of(&started, 1, 1),
        Ending::Resigns("blue"),
    )
    .await;

    // Board 2: Red plays on the first instance, Blue on the second.
    let (red, blue) = (round_one[1].0 as usize - 1, round_one[1].1.unwrap() as usize - 1);
    let game = game_of(&started, 1, 2);
    let mut reds = seat(servers[0].as_ref().unwrap(), &club[red], &game).await;
    let mut blues = seat(servers[1].as_ref().unwrap(), &club[blue], &game).await;
    reds.play(0, "b2c2").await;
    blues.play(1, "a9a8").await;
    reds.play(2, "c2d2").await;
    let shown = seen(&mut blues, 2).await;

    // Blue's instance restarts while Blue thinks; Blue moves from the third.
    let stopping = servers[1].take().unwrap();
    let (blues, thinking) = move_across_a_restart(
        stopping,
        blues,
        servers[2].as_ref().unwrap(),
        &club[blue],
        &game,
        (3, "a8a9"),
        shown,
    )
    .await;
    let shown = seen(&mut reds, 3).await;
    servers[1] = Some(Server::start(&url, &[]));
    charged_at_most(servers[2].as_ref().unwrap(), &game, "blue", thinking);

    // Red's instance restarts while Red thinks; Red moves from the second, started again.
    let stopping = servers[0].take().unwrap();
    let (reds, thinking) = move_across_a_restart(
        stopping,
        reds,
        servers[1].as_ref().unwrap(),
        &club[red],
        &game,
        (4, "d2c2"),
        shown,
    )
    .await;
    servers[0] = Some(Server::start(&url, &[]));
    charged_at_most(servers[1].as_ref().unwrap(), &game, "red", thinking);
    close((reds, blues), Ending::Resigns("blue")).await;
    let stored = servers[0].as_ref().unwrap().game(&game);
    assert_eq!(
        stored["moves"],
        serde_json::json!(["b2c2", "a9a8", "c2d2", "a8a9", "d2c2"]),
        "no move lost or doubled"
    );

    // Round 2 is paired once, the third instance restarting meanwhile.
    let stopping = servers[2].take().unwrap();
    assert!(stopping.terminate().success());
    servers[2] = Some(Server::start(&url, &[]));
    let any = servers[2].as_ref().unwrap();
    let second = until(any, &id, "round 2", |t| has_round(t, 2));
    // Each board on an instance of its own.
    for (board, server) in (1..=2).zip(&servers[1..]) {
        let (red, blue) = boards(&second, 2)[board as usize - 1];
        let game = game_of(&second, 2, board);
        play(server.as_ref().unwrap(), &club, (red, blue.unwrap()), &game, Ending::Resigns("red")).await;
    }
    let finished = until(any, &id, "the end", |t| t["state"] == "finished");
    assert_eq!(finished["pairings"].as_array().unwrap().len(), 4, "two rounds of two boards: {finished}");
    assert_eq!(rounds_paired(any, admin, &id), ["round 1", "round 2"], "each round paired once");
}
