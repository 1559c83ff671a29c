//! Chat in games between members against the real server (SQLite; PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`): the players' and the spectators' chats kept apart, limits, text
//! kept verbatim, mutes, and a message and its hiding crossing instances. The admin's side of
//! moderation is in `server_admin`.
#![cfg(feature = "server")]

mod server_support;

use serde_json::json;
use server_support::chat::{club, heard, json_of, member, say, texts};
use server_support::members::{call, code, session, sign_in, HOME, PASSWORD};
use server_support::TestDb;

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
async fn only_a_message_one_is_shown_can_be_reported() {
    let db = TestDb::new();
    let c = club(&db);
    let (mut alice, _) = member(&c.server, &c.id, &c.alice, true).await;
    let (mut carol, _) = member(&c.server, &c.id, &c.carol, false).await;
    say(&mut alice, "between players").await;
    let players_line = heard(&mut alice).await["message"]["id"].as_str().unwrap().to_string();
    say(&mut carol, "among spectators").await;
    let spectators_line = heard(&mut carol).await["message"]["id"].as_str().unwrap().to_string();
    let report = |cookie: &str, id: &str| {
        let path = format!("/api/chat/messages/{id}/report");
        call(&c.server, HOME, "POST", &path, Some(cookie), Some(json!({ "reason": "rude" })))
    };
    // Each side is refused the other's line, as if it did not exist, and may report its own.
    let refused = report(&c.carol, &players_line);
    assert_eq!((refused.status, code(&refused).as_str()), (404, "not_found"), "{}", refused.body);
    let refused = report(&c.bob, &spectators_line);
    assert_eq!((refused.status, code(&refused).as_str()), (404, "not_found"), "{}", refused.body);
    assert_eq!(report(&c.bob, &players_line).status, 201);
    assert_eq!(report(&c.carol, &spectators_line).status, 201);
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
