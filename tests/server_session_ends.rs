//! A session's end reaches its sockets at once (issue 33, finding 4), on every instance: the
//! sockets signed in with a session that is signed out, ended from another device, ended by a
//! password change, by the account's deletion or by a suspension are closed, and play no move
//! after the end. On PostgreSQL the sockets are on a second instance; on SQLite on the one.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::chat::{club, member, Club};
use server_support::members::{call, session, sign_in, HOME, PASSWORD};
use server_support::{Client, Server, TestDb};

/// Red's first move.
const FIRST: &str = "a3a4";

/// The club, and the instance the sockets open on.
fn club_and_other(db: &TestDb) -> (Club, Option<Server>) {
    let c = club(db);
    let other = (!db.is_sqlite()).then(|| db.server(&[]));
    (c, other)
}

/// Sends a move at once, then reads until the server closes `socket`: no move is played.
async fn shut_out(socket: &mut Client, what: &str) {
    socket.send(json!({ "type": "move", "ply": 0, "move": FIRST })).await;
    while let Some(msg) = socket.next().await {
        assert_ne!(msg["type"], "ack", "{what}: the ended session's socket played a move");
    }
}

/// Alice's second session, as a thief with her cookie would hold it.
fn second_session(c: &Club) -> String {
    session(&sign_in(&c.server, HOME, "Alice", PASSWORD))
}

#[tokio::test]
async fn signing_out_closes_the_session_s_sockets() {
    let db = TestDb::new();
    let (c, other) = club_and_other(&db);
    let there = other.as_ref().unwrap_or(&c.server);
    let (mut socket, _) = member(there, &c.id, &c.alice, true).await;
    assert_eq!(call(&c.server, HOME, "DELETE", "/api/session", Some(&c.alice), None).status, 204);
    shut_out(&mut socket, "signed out").await;
}

#[tokio::test]
async fn signing_out_everywhere_closes_the_other_sessions_sockets_only() {
    let db = TestDb::new();
    let (c, other) = club_and_other(&db);
    let there = other.as_ref().unwrap_or(&c.server);
    let thief = second_session(&c);
    let (mut stolen, _) = member(there, &c.id, &thief, true).await;
    let (mut kept, _) = member(there, &c.id, &c.alice, true).await;
    let ended = call(&c.server, HOME, "DELETE", "/api/me/sessions", Some(&c.alice), None);
    assert_eq!(ended.status, 200, "{}", ended.body);
    shut_out(&mut stolen, "signed out everywhere").await;
    kept.play(0, FIRST).await;
}

#[tokio::test]
async fn a_password_change_closes_the_other_sessions_sockets_only() {
    let db = TestDb::new();
    let (c, other) = club_and_other(&db);
    let there = other.as_ref().unwrap_or(&c.server);
    let thief = second_session(&c);
    let (mut stolen, _) = member(there, &c.id, &thief, true).await;
    let (mut kept, _) = member(there, &c.id, &c.alice, true).await;
    let body = json!({ "password": PASSWORD, "new_password": "a new secret phrase" });
    assert_eq!(call(&c.server, HOME, "PUT", "/api/me/password", Some(&c.alice), Some(body)).status, 204);
    shut_out(&mut stolen, "password changed").await;
    kept.play(0, FIRST).await;
}

#[tokio::test]
async fn a_suspension_closes_the_member_s_sockets() {
    let db = TestDb::new();
    let (c, other) = club_and_other(&db);
    let there = other.as_ref().unwrap_or(&c.server);
    let (mut socket, _) = member(there, &c.id, &c.alice, true).await;
    let suspend = json!({ "name": "Alice", "reason": "a stolen account" });
    let done = call(&c.server, HOME, "POST", "/api/admin/suspensions", Some(&c.admin), Some(suspend));
    assert_eq!(done.status, 201, "{}", done.body);
    shut_out(&mut socket, "suspended").await;
}

#[tokio::test]
async fn deleting_the_account_closes_its_sockets() {
    let db = TestDb::new();
    let (c, other) = club_and_other(&db);
    let there = other.as_ref().unwrap_or(&c.server);
    // The game ends first (an account with games in play is not deleted).
    let (mut bob, _) = member(&c.server, &c.id, &c.bob, true).await;
    bob.send(json!({ "type": "resign" })).await;
    assert_eq!(bob.expect("state").await["game"]["status"], "over");
    let (mut socket, _) = member(there, &c.id, &c.alice, false).await;
    let confirm = json!({ "password": PASSWORD });
    assert_eq!(call(&c.server, HOME, "DELETE", "/api/me", Some(&c.alice), Some(confirm)).status, 204);
    let mut heard: Vec<Value> = Vec::new();
    while let Some(msg) = socket.next().await {
        heard.push(msg);
    }
    assert!(heard.iter().all(|msg| msg["type"] != "chat"), "{heard:?}");
}
