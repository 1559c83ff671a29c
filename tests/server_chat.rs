//! Chat in games between members, and its moderation, against the real server (SQLite;
//! PostgreSQL with `JUNGLE_TEST_DB=postgres`): the players' and the spectators' chats kept
//! apart, limits, text kept verbatim, mutes, reports, an admin hiding a message and
//! suspending a member, and the admin API refused to everyone else.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::members::{call, call_with_origin, code, me, session, sign_in, sign_up, HOME, PASSWORD};
use server_support::{Client, Server, TestDb};

/// A game between `red` and `blue` (session cookies), each taking a seat by the member API.
fn game(server: &Server, red: &str, blue: &str) -> String {
    let body = json!({ "name": "Red", "color": "red" });
    let created = call(server, HOME, "POST", "/api/games", Some(red), Some(body));
    assert_eq!(created.status, 201, "{}", created.body);
    let id = json_of(&created.body)["id"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/join");
    let joined = call(server, HOME, "POST", &path, Some(blue), Some(json!({ "name": "Blue" })));
    assert_eq!(joined.status, 200, "{}", joined.body);
    id
}

fn json_of(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|_| panic!("JSON: {body}"))
}

/// A connection from the club's page with `cookie`, subscribed (`member`: to the member's
/// seat); the chat history it is sent.
async fn member(server: &Server, id: &str, cookie: &str, seat: bool) -> (Client, Value) {
    let headers =
        [("origin", format!("http://{}", server.addr)), ("cookie", format!("jungle_session={cookie}"))];
    let mut client = server.connect_with(id, &headers).await;
    client
        .send(if seat {
            json!({ "type": "subscribe", "member": true })
        } else {
            json!({ "type": "subscribe" })
        })
        .await;
    client.expect("subscribed").await;
    let history = client.expect("chat_history").await;
    (client, history)
}

async fn say(client: &mut Client, text: &str) {
    client.send(json!({ "type": "chat", "text": text })).await;
}

/// The next chat message's text (presence and moves skipped).
async fn heard(client: &mut Client) -> Value {
    client.expect("chat").await
}

fn texts(history: &Value) -> Vec<&str> {
    history["messages"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect()
}

/// The club: an admin, then Alice, Bob (playing each other) and Carol (watching).
struct Club {
    server: Server,
    admin: String,
    alice: String,
    bob: String,
    carol: String,
    id: String,
}

fn club(db: &TestDb) -> Club {
    let server = db.server(&[]);
    let admin = session(&sign_up(&server, HOME, "Admin"));
    let [alice, bob, carol] = ["Alice", "Bob", "Carol"].map(|name| session(&sign_up(&server, HOME, name)));
    let id = game(&server, &alice, &bob);
    Club { server, admin, alice, bob, carol, id }
}

#[tokio::test]
async fn players_and_spectators_have_their_own_chats_and_guests_neither() {
    let db = TestDb::new();
    let c = club(&db);
    let (mut alice, history) = member(&c.server, &c.id, &c.alice, true).await;
    assert_eq!((&history["room"], texts(&history).len()), (&json!("players"), 0));
    let (mut bob, _) = member(&c.server, &c.id, &c.bob, true).await;
    let (mut carol, history) = member(&c.server, &c.id, &c.carol, false).await;
    assert_eq!(history["room"], "spectators");
    let mut guest = c.server.connect(&c.id).await;
    guest.subscribe(None).await;

    let html = "<b>tags</b> & <script>alert(1)</script> https://example.org";
    say(&mut alice, html).await;
    for client in [&mut alice, &mut bob] {
        let said = heard(client).await;
        assert_eq!((&said["room"], &said["message"]["author"]), (&json!("players"), &json!("Alice")));
        assert_eq!(said["message"]["text"], html, "kept verbatim: the page shows it as text");
    }
    say(&mut carol, "nice opening").await;
    assert_eq!(heard(&mut carol).await["room"], "spectators");
    // The next chat line the players get is their own, not the spectators' said before it.
    say(&mut bob, "thanks").await;
    for client in [&mut alice, &mut bob] {
        assert_eq!(heard(client).await["message"]["text"], "thanks");
    }
    say(&mut carol, "still watching").await;
    assert_eq!(heard(&mut carol).await["message"]["text"], "still watching", "the players' line never came");

    say(&mut guest, "hello").await;
    guest.expect_error("chat_members_only").await;
    guest.send(json!({ "type": "ping" })).await;
    guest.expect("pong").await;

    // A member joining later is sent the history of their own chat only.
    let (_, players) =
        member(&c.server, &c.id, &session(&sign_in(&c.server, HOME, "Bob", PASSWORD)), true).await;
    assert_eq!(texts(&players), [html, "thanks"]);
    let (_, spectators) = member(&c.server, &c.id, &c.admin, false).await;
    assert_eq!(texts(&spectators), ["nice opening", "still watching"]);
}

#[tokio::test]
async fn long_empty_and_fast_messages_are_refused_with_their_codes() {
    let db = TestDb::new();
    let c = club(&db);
    let (mut alice, _) = member(&c.server, &c.id, &c.alice, true).await;
    say(&mut alice, &"x".repeat(301)).await;
    let refused = alice.expect_error("chat_too_long").await;
    assert_eq!(refused["params"]["limit"], 300);
    say(&mut alice, "   ").await;
    alice.expect_error("bad_field").await;
    say(&mut alice, &"象".repeat(300)).await;
    heard(&mut alice).await;
    for i in 0..4 {
        say(&mut alice, &format!("line {i}")).await;
        heard(&mut alice).await;
    }
    say(&mut alice, "one too many").await;
    alice.expect_error("chat_too_fast").await;
}

#[tokio::test]
async fn a_muted_member_s_messages_are_not_delivered_until_unmuted() {
    let db = TestDb::new();
    let c = club(&db);
    let (mut alice, _) = member(&c.server, &c.id, &c.alice, true).await;
    let (mut bob, _) = member(&c.server, &c.id, &c.bob, true).await;
    let mute = |method: &str| call(&c.server, HOME, method, "/api/me/mutes/alice", Some(&c.bob), None);
    assert_eq!(mute("PUT").status, 204);
    let mutes = call(&c.server, HOME, "GET", "/api/me/mutes", Some(&c.bob), None);
    assert_eq!(json_of(&mutes.body), json!({ "muted": ["Alice"] }));
    let myself = call(&c.server, HOME, "PUT", "/api/me/mutes/Bob", Some(&c.bob), None);
    assert_eq!(code(&myself), "bad_field");

    say(&mut alice, "you will not read this").await;
    heard(&mut alice).await;
    say(&mut bob, "hello?").await;
    assert_eq!(heard(&mut bob).await["message"]["text"], "hello?", "Alice's line was not delivered");
    let (_, history) = member(&c.server, &c.id, &c.bob, true).await;
    assert_eq!(texts(&history), ["hello?"]);

    assert_eq!(mute("DELETE").status, 204);
    say(&mut alice, "and now?").await;
    assert_eq!(heard(&mut bob).await["message"]["text"], "and now?");
}

#[tokio::test]
async fn a_reported_message_hidden_by_an_admin_disappears_for_everyone() {
    let db = TestDb::new();
    let c = club(&db);
    let (mut alice, _) = member(&c.server, &c.id, &c.alice, true).await;
    let (mut bob, _) = member(&c.server, &c.id, &c.bob, true).await;
    say(&mut alice, "something rude").await;
    let id = heard(&mut bob).await["message"]["id"].as_str().unwrap().to_string();
    heard(&mut alice).await;

    let path = format!("/api/chat/messages/{id}/report");
    let report =
        |reason: &str| call(&c.server, HOME, "POST", &path, Some(&c.bob), Some(json!({ "reason": reason })));
    assert_eq!(report("rude").status, 201);
    let again = report("very rude");
    assert_eq!((again.status, code(&again).as_str()), (409, "already_reported"));

    let reports = call(&c.server, HOME, "GET", "/api/admin/reports", Some(&c.admin), None);
    let reports = json_of(&reports.body);
    assert_eq!(reports.as_array().unwrap().len(), 1, "{reports}");
    let listed = &reports[0];
    assert_eq!(
        (&listed["reporter"], &listed["reason"], &listed["message"]["text"], &listed["message"]["author"]),
        (&json!("Bob"), &json!("rude"), &json!("something rude"), &json!("Alice"))
    );
    let hide = format!("/api/admin/messages/{id}/hide");
    assert_eq!(call(&c.server, HOME, "POST", &hide, Some(&c.admin), None).status, 204);
    let hidden = bob.expect("chat_hidden").await;
    assert_eq!((&hidden["id"], &hidden["room"]), (&json!(id), &json!("players")));
    // The author is not told: the next thing Alice hears is her own next line.
    say(&mut alice, "hm").await;
    assert_eq!(heard(&mut alice).await["message"]["text"], "hm");

    let reports = call(&c.server, HOME, "GET", "/api/admin/reports", Some(&c.admin), None);
    assert_eq!(json_of(&reports.body), json!([]), "the report is closed");
    for cookie in [&c.alice, &c.bob] {
        let (_, history) = member(&c.server, &c.id, cookie, true).await;
        assert_eq!(texts(&history), ["hm"]);
    }
    assert_eq!(report("still there?").status, 404, "a hidden message cannot be reported");
}

#[tokio::test]
async fn a_dismissed_report_closes_and_the_message_stays() {
    let db = TestDb::new();
    let c = club(&db);
    let (mut carol, _) = member(&c.server, &c.id, &c.carol, false).await;
    say(&mut carol, "fine words").await;
    let id = heard(&mut carol).await["message"]["id"].as_str().unwrap().to_string();
    let path = format!("/api/chat/messages/{id}/report");
    assert_eq!(
        call(&c.server, HOME, "POST", &path, Some(&c.admin), Some(json!({ "reason": "" }))).status,
        201
    );
    let reports = json_of(&call(&c.server, HOME, "GET", "/api/admin/reports", Some(&c.admin), None).body);
    let report = reports[0]["id"].as_str().unwrap();
    let dismiss = format!("/api/admin/reports/{report}/dismiss");
    assert_eq!(call(&c.server, HOME, "POST", &dismiss, Some(&c.admin), None).status, 204);
    assert_eq!(call(&c.server, HOME, "POST", &dismiss, Some(&c.admin), None).status, 404);
    let (_, history) = member(&c.server, &c.id, &c.carol, false).await;
    assert_eq!(texts(&history), ["fine words"]);
}

#[tokio::test]
async fn a_suspended_member_s_sessions_end_and_they_can_neither_chat_nor_play_nor_sign_in() {
    let db = TestDb::new();
    let c = club(&db);
    let (mut alice, _) = member(&c.server, &c.id, &c.alice, true).await;
    let suspend = json!({ "name": "alice", "reason": "insults in the chat" });
    let done = call(&c.server, HOME, "POST", "/api/admin/suspensions", Some(&c.admin), Some(suspend));
    assert_eq!(
        (done.status, json_of(&done.body)["sessions_ended"].as_i64()),
        (201, Some(1)),
        "{}",
        done.body
    );
    assert_eq!(me(&c.server, &c.alice).status, 401, "the session ended");

    say(&mut alice, "let me out").await;
    alice.expect_error("suspended").await;
    alice.send(json!({ "type": "move", "ply": 0, "move": "b2c2" })).await;
    alice.expect_error("suspended").await;
    let refused = sign_in(&c.server, HOME, "Alice", PASSWORD);
    assert_eq!((refused.status, code(&refused).as_str()), (403, "suspended"));
    let wrong = sign_in(&c.server, HOME, "Alice", "not the password");
    assert_eq!(code(&wrong), "bad_credentials", "the suspension is told only with the password");

    let listed = json_of(&call(&c.server, HOME, "GET", "/api/admin/suspensions", Some(&c.admin), None).body);
    assert_eq!(
        (&listed[0]["name"], &listed[0]["by"], &listed[0]["ends"]),
        (&json!("Alice"), &json!("Admin"), &Value::Null)
    );
    let members = json_of(&call(&c.server, HOME, "GET", "/api/admin/members", Some(&c.admin), None).body);
    let alice_listed = members.as_array().unwrap().iter().find(|m| m["name"] == "Alice").unwrap();
    assert_eq!(alice_listed["suspended"], true, "{members}");

    let lift = call(&c.server, HOME, "DELETE", "/api/admin/suspensions/Alice", Some(&c.admin), None);
    assert_eq!(lift.status, 204);
    let back = session(&sign_in(&c.server, HOME, "Alice", PASSWORD));
    let (mut alice, _) = member(&c.server, &c.id, &back, true).await;
    alice.send(json!({ "type": "move", "ply": 0, "move": "b2c2" })).await;
    alice.expect("ack").await;
}

#[test]
fn every_admin_route_refuses_members_guests_and_other_sites() {
    let db = TestDb::new();
    let c = club(&db);
    let routes = [
        ("GET", "/api/admin/members"),
        ("GET", "/api/admin/reports"),
        ("POST", "/api/admin/reports/x/dismiss"),
        ("POST", "/api/admin/messages/x/hide"),
        ("GET", "/api/admin/suspensions"),
        ("DELETE", "/api/admin/suspensions/Alice"),
        ("GET", "/api/admin/health"),
    ];
    for (method, path) in routes {
        let member = call(&c.server, HOME, method, path, Some(&c.bob), None);
        assert_eq!((member.status, code(&member).as_str()), (403, "not_admin"), "{method} {path}");
        let guest = call(&c.server, HOME, method, path, None, None);
        assert_eq!((guest.status, code(&guest).as_str()), (401, "not_signed_in"), "{method} {path}");
    }
    let suspend = json!({ "name": "Alice", "reason": "spam" });
    let member = call(&c.server, HOME, "POST", "/api/admin/suspensions", Some(&c.bob), Some(suspend.clone()));
    assert_eq!(code(&member), "not_admin");
    let evil = Some("Origin: https://evil.example");
    let changes = [
        ("POST", "/api/admin/suspensions", Some(suspend)),
        ("POST", "/api/admin/messages/x/hide", None),
        ("PUT", "/api/me/mutes/Alice", None),
        ("POST", "/api/chat/messages/x/report", Some(json!({ "reason": "" }))),
    ];
    for (method, path, body) in changes {
        let refused = call_with_origin(&c.server, HOME, method, path, Some(&c.admin), body, evil);
        assert_eq!((refused.status, code(&refused).as_str()), (403, "bad_origin"), "{method} {path}");
    }
    assert_eq!(me(&c.server, &c.alice).status, 200, "nobody was suspended");
}

#[test]
fn the_admin_sees_the_server_s_health() {
    let db = TestDb::new();
    let c = club(&db);
    let health = call(&c.server, HOME, "GET", "/api/admin/health", Some(&c.admin), None);
    let health = json_of(&health.body);
    assert_eq!(health["db"], db.kind(), "{health}");
    assert_eq!(
        (health["games_playing"].as_i64(), health["games_over"].as_i64()),
        (Some(1), Some(0)),
        "{health}"
    );
    assert!(health["db_bytes"].as_i64().is_some_and(|bytes| bytes > 0), "{health}");
    assert!(health["http_connections"].as_i64().is_some_and(|n| n >= 1), "this request's: {health}");
    assert!(health["games_held"].as_u64().is_some(), "{health}");
}

/// On PostgreSQL, the players on two instances (on SQLite, one): a message and its hiding
/// cross from one to the other.
#[tokio::test]
async fn a_message_and_its_hiding_cross_to_another_instance() {
    let db = TestDb::new();
    let c = club(&db);
    let other = if db.is_sqlite() { None } else { Some(db.server(&[])) };
    let there = other.as_ref().unwrap_or(&c.server);
    let (mut alice, _) = member(&c.server, &c.id, &c.alice, true).await;
    let (mut bob, _) = member(there, &c.id, &c.bob, true).await;
    say(&mut alice, "over there?").await;
    let said = heard(&mut bob).await;
    assert_eq!(
        (&said["message"]["text"], &said["message"]["author"]),
        (&json!("over there?"), &json!("Alice"))
    );
    let id = said["message"]["id"].as_str().unwrap();
    let hide = format!("/api/admin/messages/{id}/hide");
    assert_eq!(call(&c.server, HOME, "POST", &hide, Some(&c.admin), None).status, 204);
    assert_eq!(bob.expect("chat_hidden").await["id"], id);
}
