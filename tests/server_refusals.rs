//! Everything the server refuses, each with a clear typed error and nothing changed: bad
//! moves, tokens, stale and repeated moves, oversized and malformed messages and bodies,
//! and requests over the rate limits.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::{seat_both, start_pair, Server, TestDb};

/// The stored game's moves, offer and status.
fn stored(server: &Server, id: &str) -> Value {
    let game = server.game(id);
    json!([game["moves"], game["offer"], game["status"], game["ply"]])
}

#[tokio::test]
async fn bad_moves_are_refused_and_change_nothing() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    let before = stored(&server, &pair.id);
    // Each with its code's parameters: the engine's typed reason for an illegal move (`cause`).
    for (who, msg, code, params) in [
        (
            0,
            json!({ "type": "move", "ply": 0, "move": "a3a5" }),
            "illegal_move",
            json!({ "cause": "move.illegal", "move": "a3a5" }),
        ),
        (
            0,
            json!({ "type": "move", "ply": 0, "move": "d1d2" }),
            "illegal_move",
            json!({ "cause": "move.no-piece", "square": "d1" }),
        ),
        (
            0,
            json!({ "type": "move", "ply": 0, "move": "zz99" }),
            "illegal_move",
            json!({ "cause": "move.syntax", "text": "zz99" }),
        ),
        (1, json!({ "type": "move", "ply": 0, "move": "a7a6" }), "not_your_turn", json!({ "turn": "red" })),
        (0, json!({ "type": "move", "ply": 3, "move": "a3a4" }), "ply_ahead", json!({ "ply": 0 })),
    ] {
        let client = if who == 0 { &mut red } else { &mut blue };
        client.send(msg.clone()).await;
        let error = client.expect_error(code).await;
        assert_eq!(error["request"], "move", "{msg}: {error}");
        assert_eq!(error["params"], params, "{msg}: {error}");
        assert_eq!(stored(&server, &pair.id), before, "{msg} changed the game");
    }

    red.play(0, "a3a4").await;
    blue.play(1, "a7a6").await;
    let before = stored(&server, &pair.id);
    // The same move again (a resend): acknowledged, not played twice.
    let ack = red.play(0, "a3a4").await;
    assert_eq!(ack["duplicate"], true);
    // Another move for a ply already played: stale.
    red.send(json!({ "type": "move", "ply": 0, "move": "g3g4" })).await;
    red.expect_error("stale_move").await;
    // Blue's move sent by Red's seat at Blue's ply: stale too, not a duplicate.
    red.send(json!({ "type": "move", "ply": 1, "move": "a7a6" })).await;
    red.expect_error("stale_move").await;
    assert_eq!(stored(&server, &pair.id), before);
}

#[tokio::test]
async fn only_a_seat_token_acts_for_its_seat() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let other = start_pair(&server, json!({ "kind": "none" }));
    let before = stored(&server, &pair.id);

    let mut intruder = server.connect(&pair.id).await;
    intruder.send(json!({ "type": "move", "ply": 0, "move": "a3a4" })).await;
    intruder.expect_error("not_subscribed").await;
    for token in [other.red_token.as_str(), "not-a-token", "", &"f".repeat(48)] {
        intruder.send(json!({ "type": "subscribe", "token": token })).await;
        intruder.expect_error("bad_token").await;
    }
    intruder.send(json!({ "type": "move", "ply": 0, "move": "a3a4" })).await;
    intruder.expect_error("not_subscribed").await;

    let mut watcher = server.connect(&pair.id).await;
    assert_eq!(watcher.subscribe(None).await["seat"], Value::Null);
    for msg in [
        json!({ "type": "move", "ply": 0, "move": "a3a4" }),
        json!({ "type": "resign" }),
        json!({ "type": "abort" }),
        json!({ "type": "offer", "offer": "draw" }),
    ] {
        watcher.send(msg).await;
        watcher.expect_error("not_a_player").await;
    }
    watcher.send(json!({ "type": "subscribe", "token": pair.red_token })).await;
    watcher.expect_error("not_now").await;
    assert_eq!(stored(&server, &pair.id), before);

    let (mut red, _blue) = seat_both(&server, &pair).await;
    red.play(0, "a3a4").await;
    let moved = watcher.expect("moved").await;
    assert_eq!(moved["move"], "a3a4", "the spectator receives the move");
}

#[tokio::test]
async fn oversized_and_malformed_messages_are_refused() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let (mut red, _blue) = seat_both(&server, &pair).await;
    let before = stored(&server, &pair.id);
    let padded = format!(r#"{{"type":"move","ply":0,"move":"a3a4","pad":"{}"}}"#, "x".repeat(2000));
    for (text, code) in [
        (padded.as_str(), "too_large"),
        ("{", "bad_json"),
        ("[1,2]", "bad_json"),
        (r#"{"type":"teleport"}"#, "bad_json"),
        (r#"{"type":"move","ply":0}"#, "bad_field"),
        (r#"{"type":"move","ply":"0","move":"a3a4"}"#, "bad_field"),
        (r#"{"type":"move","ply":-1,"move":"a3a4"}"#, "bad_field"),
        (r#"{"type":"move","ply":0,"move":"a3a4","extra":true}"#, "bad_field"),
        (r#"{"type":"offer","offer":"peace"}"#, "bad_field"),
    ] {
        red.send_text(text).await;
        red.expect_error(code).await;
    }
    assert_eq!(stored(&server, &pair.id), before);
    // Beyond the transport limit the connection is closed; the game is unchanged.
    red.send_text(&format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(200_000))).await;
    assert_eq!(red.next().await, None);
    assert_eq!(stored(&server, &pair.id), before);
}

#[test]
fn bad_requests_get_clear_http_errors() {
    let db = TestDb::new();
    let server = db.server(&["--games-per-minute", "100"]);
    let post = |path: &str, body: &str| {
        let (status, text) = server.http("POST", path, Some(body));
        let error: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{path} {body}: {text}"));
        (status, error["code"].as_str().unwrap().to_string(), error["message"].as_str().unwrap().to_string())
    };
    for (body, code, says) in [
        (r#"{"name":"A","rules":"dog-swims=maybe"}"#, "bad_field", "dog-swims"),
        (r#"{"name":"A","color":"green"}"#, "bad_field", "color"),
        (r#"{"name":"A","fen":"7/7 w"}"#, "bad_field", "fen"),
        (r#"{"name":"A","clock":{"kind":"live","seconds":0}}"#, "bad_field", "seconds"),
        (r#"{"name":"A","clock":{"kind":"hourglass"}}"#, "bad_field", "hourglass"),
        (r#"{"name":"   "}"#, "bad_field", "name"),
        (r#"{"name":"A","admin":true}"#, "bad_field", "admin"),
        (r#"{"name":"A""#, "bad_json", "JSON"),
    ] {
        let (status, got, message) = post("/api/games", body);
        assert_eq!((status, got.as_str()), (400, code), "{body}: {message}");
        assert!(message.contains(says), "{body}: {message}");
    }
    // The engine's reason for bad rules travels typed, with the field it is about.
    let (_, text) = server.http("POST", "/api/games", Some(r#"{"name":"A","rules":"dog-swims=maybe"}"#));
    let params = &serde_json::from_str::<Value>(&text).unwrap()["params"];
    assert_eq!(params["field"], "rules", "{text}");
    assert!(params["cause"].as_str().is_some_and(|cause| cause.starts_with("rules.")), "{text}");
    let (status, code, _) = post("/api/games", &format!(r#"{{"name":"{}"}}"#, "x".repeat(5000)));
    assert_eq!((status, code.as_str()), (413, "too_large"));
    assert_eq!(server.get_json("/api/lobby"), json!([]), "nothing was created");

    let created = server.create(json!({ "name": "Alice" }));
    let id = created["id"].as_str().unwrap();
    server.join(id, "Bob");
    let (status, code, _) = post(&format!("/api/games/{id}/join"), r#"{"name":"Carol"}"#);
    assert_eq!((status, code.as_str()), (409, "full"));
    let (status, code, _) = post("/api/games/aaaaaaaaaaaa/join", r#"{"name":"Carol"}"#);
    assert_eq!((status, code.as_str()), (404, "not_found"));
    let (status, _) = server.http("GET", "/api/games/..%2f..%2fetc/record", None);
    assert_eq!(status, 404);
    let (status, _) = server.http("GET", "/api/archive?limit=100000", None);
    assert_eq!(status, 400);
}

#[tokio::test]
async fn rate_limits_refuse_floods() {
    let db = TestDb::new();
    let server = db.server(&["--games-per-minute", "2", "--messages-per-second", "2"]);
    let pair = start_pair(&server, json!({ "kind": "none" })); // a create and a join
    let (status, text) = server.http("POST", "/api/games", Some(r#"{"name":"Alice"}"#));
    assert_eq!(status, 429, "{text}");
    assert!(text.contains("rate_limited"), "{text}");

    let mut watcher = server.connect(&pair.id).await;
    for _ in 0..10 {
        watcher.send(json!({ "type": "ping" })).await;
    }
    let mut answers = Vec::new();
    for _ in 0..10 {
        answers.push(watcher.next().await.unwrap()["type"].as_str().unwrap().to_string());
    }
    let pongs = answers.iter().filter(|t| *t == "pong").count();
    assert!((1..10).contains(&pongs), "some pings answered, the flood refused: {answers:?}");
    assert!(answers.iter().all(|t| t == "pong" || t == "error"), "{answers:?}");
}

#[tokio::test]
async fn open_connections_per_address_are_capped() {
    let db = TestDb::new();
    let server = db.server(&["--connections-per-ip", "2"]);
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let _first = server.connect(&pair.id).await;
    let _second = server.connect(&pair.id).await;
    let url = format!("ws://{}/api/games/{}/ws", server.addr, pair.id);
    match tokio_tungstenite::connect_async(url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => assert_eq!(response.status(), 429),
        other => panic!("a third connection was not refused: {other:?}"),
    }
}
