//! The lobby under spam: one address holds only a few games waiting for an opponent, a game
//! nobody joins expires, and the lists page as asked (`limit`, `offset`).
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::TestDb;

/// The ids a list gives.
fn ids(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap().to_string()).collect()
}

#[test]
fn spam_from_a_few_addresses_leaves_a_real_game_listed() {
    let db = TestDb::new();
    let server = db.server(&["--open-games-per-ip", "3", "--games-per-minute", "1000"]);
    let real = server.create(json!({ "name": "Alice" }))["id"].as_str().unwrap().to_string();
    let mut refused = 0;
    for spammer in 2..6u8 {
        for _ in 0..30 {
            let answer =
                server.request_from([127, 0, 0, spammer], "POST", "/api/games", Some(r#"{"name":"Spam"}"#));
            match answer.status {
                201 => {}
                429 => {
                    assert!(answer.body.contains("rate_limited"), "{}", answer.body);
                    refused += 1;
                }
                other => panic!("{other}: {}", answer.body),
            }
        }
    }
    assert_eq!(refused, 4 * 27, "each address holds 3 open games");
    let lobby = ids(&server.get_json("/api/lobby"));
    assert_eq!(lobby.len(), 13);
    assert!(lobby.contains(&real), "the real game is listed");

    let first = ids(&server.get_json("/api/lobby?limit=5"));
    let second = ids(&server.get_json("/api/lobby?limit=5&offset=5"));
    assert_eq!((first.len(), second.len()), (5, 5));
    assert_eq!([first, second].concat(), lobby[..10], "pages follow one another");
    assert_eq!(server.http("GET", "/api/lobby?limit=0", None).0, 400);
    assert_eq!(server.http("GET", "/api/live?offset=-1", None).0, 400);
}

#[tokio::test]
async fn a_game_nobody_joins_expires() {
    let db = TestDb::new();
    let server = db.server(&["--open-game-expiry", "1"]);
    let created = server.create(json!({ "name": "Alice" }));
    let id = created["id"].as_str().unwrap();
    let mut alice = server.connect(id).await;
    alice.subscribe(created["token"].as_str()).await;
    assert_eq!(ids(&server.get_json("/api/lobby")), [id]);
    let ended = alice.expect("state").await["game"].clone();
    assert_eq!(ended["result"], json!({ "winner": null, "reason": "aborted", "score": "-" }), "{ended}");
    assert_eq!(server.get_json("/api/lobby"), json!([]));
    let (status, body) = server.http("POST", &format!("/api/games/{id}/join"), Some(r#"{"name":"Bob"}"#));
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("game_over"), "{body}");
}
