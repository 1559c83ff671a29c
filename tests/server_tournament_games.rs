//! A tournament's game knows its tournament (SQLite; PostgreSQL with `JUNGLE_TEST_DB=postgres`):
//! its state names the tournament, round and board, and the no-show deadline while a side has
//! not made its first move, to the players and to spectators alike; it has no rematch; and its
//! record carries the tournament, round, board and clock, and reads back. A lobby game's
//! record carries its clock too.
#![cfg(feature = "server")]

mod server_support;

use jungle::record::GameRecord;
use serde_json::{json, Value};
use server_support::tournaments::*;
use server_support::{Client, Server, TestDb};

/// The no-show time of the tournament played here: long enough never to run out in a test.
const NO_SHOW_MS: i64 = 600_000;

/// `member`'s WebSocket to game `id` (their seat, by their session) and the game it was sent.
async fn subscribed(server: &Server, member: &Member, id: &str) -> (Client, Value) {
    let headers = [
        ("origin", format!("http://{}", server.addr)),
        ("cookie", format!("jungle_session={}", member.cookie)),
    ];
    let mut client = server.connect_with(id, &headers).await;
    client.send(json!({ "type": "subscribe", "member": true })).await;
    let message = client.expect("subscribed").await;
    (client, message["game"].clone())
}

/// Milliseconds left before the no-show forfeit in `game`'s view, checked to be counted from
/// no earlier than `since` (ms since the epoch) and to be at most the no-show time.
fn no_show_left(game: &Value, since: i64) -> i64 {
    let left = game["tournament"]["no_show_left"].as_i64().unwrap_or_else(|| panic!("a deadline: {game}"));
    assert!(left <= NO_SHOW_MS && now_ms() + left >= since + NO_SHOW_MS, "{left} ms left: {game}");
    left
}

/// The record of game `id`, read back by the engine.
fn record_of(server: &Server, id: &str) -> GameRecord {
    let answer = server.request("GET", &format!("/api/games/{id}/record"), None);
    assert_eq!(answer.status, 200, "{}", answer.body);
    GameRecord::parse(&answer.body).unwrap_or_else(|e| panic!("{e}: {}", answer.body))
}

#[tokio::test]
async fn a_tournament_game_names_its_board_counts_its_no_show_time_and_has_no_rematch() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 2);
    let request = json!({
        "name": "Club night", "format": "swiss", "rounds": 2, "no_show_seconds": NO_SHOW_MS / 1000,
        "clock": { "kind": "live", "seconds": 180, "increment": 2 },
    });
    let tournament = create(&server, &club[0], request);
    for member in &club {
        asked(&server, member, "POST", &format!("/api/tournaments/{tournament}/players"), None, 201);
    }
    let paired_from = now_ms();
    let started =
        asked(&server, &club[0], "POST", &format!("/api/tournaments/{tournament}/start"), None, 200);
    let (red, blue) = boards(&started, 1)[0];
    let (red, blue) = (&club[red as usize - 1], &club[blue.unwrap() as usize - 1]);
    let id = game_of(&started, 1, 1);

    // Red's page: the board, and the time Red has to make the first move from the pairing.
    let (mut reds, game) = subscribed(&server, red, &id).await;
    let board = &game["tournament"];
    assert_eq!(
        [&board["id"], &board["name"], &board["round"], &board["board"], &board["no_show_ms"]],
        [&json!(tournament), &json!("Club night"), &json!(1), &json!(1), &json!(NO_SHOW_MS)]
    );
    no_show_left(&game, paired_from);
    // A spectator sees the same, and so does the game's page.
    let mut spectator = server.connect(&id).await;
    let watched = spectator.subscribe(None).await;
    assert_eq!(watched["game"]["tournament"]["name"], "Club night");
    assert_eq!(server.game(&id)["tournament"]["round"], 1);

    // After Red's first move Blue's time counts from it; after Blue's there is none.
    let moved_at = now_ms();
    reds.play(0, "b2c2").await;
    let (mut blues, game) = subscribed(&server, blue, &id).await;
    no_show_left(&game, moved_at);
    blues.play(1, "a9a8").await;
    let game = server.game(&id);
    assert_eq!(game["tournament"]["no_show_left"], Value::Null, "{game}");
    assert_eq!(game["tournament"]["board"], 1);

    // Over: no rematch, whoever asks.
    reds.send(json!({ "type": "resign" })).await;
    while blues.expect("state").await["game"]["status"] != "over" {}
    blues.send(json!({ "type": "offer", "offer": "rematch" })).await;
    blues.expect_error("tournament_game").await;
    assert_eq!(server.game(&id)["offer"], Value::Null);

    // The record names the tournament, round, board and clock, and reads back.
    let record = record_of(&server, &id);
    let headers = ["Event", "Round", "Board", "TimeControl"].map(|name| record.header(name));
    assert_eq!(headers, [Some("Club night"), Some("1"), Some("1"), Some("180+2")], "{:?}", record.headers());
    assert_eq!((record.result(), record.game.moves().len()), ("0-1", 2));
}

#[tokio::test]
async fn a_lobby_game_s_record_carries_its_clock_and_no_round() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let clock = json!({ "kind": "correspondence", "days": 2 });
    let created = server.create(json!({ "name": "Ann", "color": "red", "clock": clock }));
    let id = created["id"].as_str().unwrap();
    server.join(id, "Ben");
    assert_eq!(server.game(id)["tournament"], Value::Null);
    let record = record_of(&server, id);
    let headers = ["Event", "Round", "Board", "TimeControl"].map(|name| record.header(name));
    assert_eq!(headers, [Some("Online game"), None, None, Some("1/172800")], "{:?}", record.headers());
    let untimed = server.create(json!({ "name": "Cy" }));
    assert_eq!(record_of(&server, untimed["id"].as_str().unwrap()).header("TimeControl"), Some("-"));
}
