//! A database restart the players do not see: what comes while the database is away is held
//! and stored once it is back (up to `--store-wait`), once, in order, and the clocks leave the
//! wait out. PostgreSQL (a throwaway server, stopped and started again) with two instances on
//! it, and SQLite locked by another connection.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::postgres::Postgres;
use server_support::{start_pair, Client, Pair, Server, TempDir, DEN_WIN};
use sqlx::Connection;
use std::time::{Duration, Instant};

/// Each side's time in the games of these tests.
const CLOCK_MS: i64 = 8_000;
/// How long PostgreSQL stays stopped: longer than a whole clock, so that a clock charged for
/// the outage would fall.
const OUTAGE: Duration = Duration::from_secs(9);
/// The longest a held move may take to be acknowledged once the database is back: the writer
/// tries every quarter second; generous for a busy machine.
const BACK_WITHIN: Duration = Duration::from_secs(5);

fn clock() -> Value {
    json!({ "kind": "live", "seconds": CLOCK_MS / 1000 })
}

/// Red's client on `red_on`, Blue's on `blue_on`, subscribed to `pair`'s game.
async fn seat(pair: &Pair, red_on: &Server, blue_on: &Server) -> (Client, Client) {
    let mut red = red_on.connect(&pair.id).await;
    red.subscribe(Some(&pair.red_token)).await;
    let mut blue = blue_on.connect(&pair.id).await;
    blue.subscribe(Some(&pair.blue_token)).await;
    (red, blue)
}

/// The next message `wanted` accepts, skipping the others.
async fn until(client: &mut Client, wanted: impl Fn(&Value) -> bool) -> Value {
    loop {
        let msg = client.next().await.expect("the connection stays open");
        if wanted(&msg) {
            return msg;
        }
        assert_ne!(msg["type"], "error", "nothing is refused: {msg}");
    }
}

fn is_ack(ply: usize) -> impl Fn(&Value) -> bool {
    move |msg| msg["type"] == "ack" && msg["ply"] == ply
}

/// Whether `msg` shows the game with move `ply` played (a `moved` message, or the whole game).
fn shows_ply(ply: usize) -> impl Fn(&Value) -> bool {
    move |msg| {
        (msg["type"] == "moved" && msg["ply"] == ply)
            || (msg["type"] == "state" && msg["game"]["ply"].as_u64() > Some(ply as u64))
    }
}

/// The first two moves (the clocks run from then on); when Blue's move was sent.
async fn open_game(red: &mut Client, blue: &mut Client) -> Instant {
    red.play(0, DEN_WIN[0]).await;
    let blue_sent = Instant::now();
    blue.play(1, DEN_WIN[1]).await;
    blue_sent
}

#[tokio::test]
async fn moves_sent_while_postgresql_restarts_are_stored_once_in_order_and_cost_no_clock() {
    let postgres = Postgres::start();
    let one = Server::start(&postgres.url(), &[]);
    let two = Server::start(&postgres.url(), &[]);
    // Game A: Red plays on the first instance, Blue on the second; game B the other way.
    let a = start_pair(&one, clock());
    let b = start_pair(&two, clock());
    let (mut a_red, mut a_blue) = seat(&a, &one, &two).await;
    let (mut b_red, mut b_blue) = seat(&b, &two, &one).await;
    let a_blue_sent = open_game(&mut a_red, &mut a_blue).await;
    open_game(&mut b_red, &mut b_blue).await;
    let a_blue_acked = Instant::now();

    postgres.stop();
    let a_red_sent = Instant::now();
    a_red.send(json!({ "type": "move", "ply": 2, "move": DEN_WIN[2] })).await;
    // Then a draw offer, which must be stored after the move.
    a_red.send(json!({ "type": "offer", "offer": "draw" })).await;
    b_red.send(json!({ "type": "move", "ply": 2, "move": DEN_WIN[2] })).await;
    // Red's page reconnects meanwhile and sends its move again.
    let mut a_red_again = one.connect(&a.id).await;
    a_red_again.send(json!({ "type": "subscribe", "token": a.red_token })).await;
    a_red_again.send(json!({ "type": "move", "ply": 2, "move": DEN_WIN[2] })).await;
    tokio::time::sleep(OUTAGE).await;
    // `pg_ctl start` returns once PostgreSQL takes connections: the delays are counted from
    // when it was started, which includes its start.
    let starting = Instant::now();
    postgres.restart();
    let started = starting.elapsed();

    until(&mut a_red, is_ack(2)).await;
    let a_delay = starting.elapsed();
    until(&mut b_red, is_ack(2)).await;
    let b_delay = starting.elapsed();
    eprintln!("after a {OUTAGE:?} stop, PostgreSQL started in {started:?}; acknowledged {a_delay:?} and {b_delay:?} after its start");
    assert!(a_delay.max(b_delay) < BACK_WITHIN, "acknowledged soon after the database is back");
    let offered = |msg: &Value| msg["type"] == "state" && msg["game"]["offer"]["by"] == "red";
    let offered = until(&mut a_red, offered).await;
    assert_eq!(offered["game"]["ply"], 3, "the offer stored after the move: {offered}");
    until(&mut a_red_again, |msg| msg["type"] == "subscribed").await;
    let again = until(&mut a_red_again, is_ack(2)).await;
    assert_eq!(again["duplicate"], true, "the move sent again is not played twice: {again}");

    // The other instance's players see the moves and play on: their clocks started when the
    // moves were stored, so no flag fell during the outage.
    until(&mut a_blue, shows_ply(2)).await;
    until(&mut b_blue, shows_ply(2)).await;
    for blue in [&mut a_blue, &mut b_blue] {
        blue.send(json!({ "type": "move", "ply": 3, "move": DEN_WIN[3] })).await;
        until(blue, is_ack(3)).await;
    }
    let a_game = two.game(&a.id);
    let b_game = one.game(&b.id);
    for game in [&a_game, &b_game] {
        assert_eq!(game["moves"], json!(DEN_WIN[..4]), "each move stored once, in order: {game}");
        assert_eq!(game["status"], "playing", "{game}");
        let blue_left = game["clocks"]["blue"].as_i64().unwrap();
        assert!(blue_left > CLOCK_MS - 2_000, "Blue is charged only its own thinking: {game}");
    }
    // Red is charged from Blue's move to its own, the outage left out.
    let red_left = a_game["clocks"]["red"].as_i64().unwrap();
    let thought = |since: Instant| (a_red_sent - since).as_millis() as i64;
    assert!(
        (CLOCK_MS - thought(a_blue_sent) - 500..=CLOCK_MS - thought(a_blue_acked) + 50).contains(&red_left),
        "Red thought {} to {} ms: {a_game}",
        thought(a_blue_acked),
        thought(a_blue_sent)
    );
}

#[tokio::test]
async fn a_move_held_past_the_bound_is_refused_in_words_and_changes_nothing() {
    let postgres = Postgres::start();
    let server = Server::start(&postgres.url(), &["--store-wait", "2"]);
    let pair = start_pair(&server, clock());
    let (mut red, mut blue) = seat(&pair, &server, &server).await;
    open_game(&mut red, &mut blue).await;

    postgres.stop();
    let sent = Instant::now();
    red.send(json!({ "type": "move", "ply": 2, "move": DEN_WIN[2] })).await;
    let refused = red.expect_error("storage").await;
    let held = sent.elapsed();
    postgres.restart();
    assert!(held >= Duration::from_secs(2), "held for the whole bound first: {held:?}");
    assert!(refused["message"].as_str().unwrap().contains("could not store"), "{refused}");
    let game = server.game(&pair.id);
    assert_eq!(game["ply"], 2, "nothing changed: {game}");
    red.play(2, DEN_WIN[2]).await;
}

#[tokio::test]
async fn a_move_waits_while_another_connection_holds_the_sqlite_database() {
    let dir = TempDir::new();
    let file = dir.0.join("jungle.sqlite");
    let server = Server::start(file.to_str().unwrap(), &[]);
    let pair = start_pair(&server, clock());
    let (mut red, mut blue) = seat(&pair, &server, &server).await;
    open_game(&mut red, &mut blue).await;

    // Another program writes to the file for longer than SQLite's busy wait (5 s).
    let mut other = sqlx::SqliteConnection::connect(&format!("sqlite:{}", file.display())).await.unwrap();
    sqlx::query("BEGIN IMMEDIATE").execute(&mut other).await.unwrap();
    red.send(json!({ "type": "move", "ply": 2, "move": DEN_WIN[2] })).await;
    tokio::time::sleep(Duration::from_secs(7)).await;
    sqlx::query("ROLLBACK").execute(&mut other).await.unwrap();
    let free = Instant::now();

    until(&mut red, is_ack(2)).await;
    eprintln!("acknowledged {:?} after the SQLite database was free", free.elapsed());
    // SQLite itself waits up to 5 s for the lock before the writer holds the move again.
    assert!(free.elapsed() < Duration::from_secs(6), "stored once the database is free");
    until(&mut blue, shows_ply(2)).await;
    let game = server.game(&pair.id);
    assert_eq!(game["moves"], json!(DEN_WIN[..3]), "{game}");
    assert!(game["clocks"]["blue"].as_i64().unwrap() > CLOCK_MS - 2_000, "Blue's clock waited: {game}");
}
