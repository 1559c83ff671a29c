//! The club admin's tools against the real server (SQLite; PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`): reports of chat messages hidden or dismissed, suspensions, the
//! server's health, and the admin API refused to everyone else.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::chat::{club, heard, json_of, member, say, texts};
use server_support::members::{call, call_with_origin, code, me, session, sign_in, HOME, PASSWORD};
use server_support::rated::{day_a_move, played_as, swept};
use server_support::TestDb;

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
    for hidden in ["insults\nin the chat", "insults \u{200B}in the chat"] {
        let suspend = json!({ "name": "alice", "reason": hidden });
        let refused = call(&c.server, HOME, "POST", "/api/admin/suspensions", Some(&c.admin), Some(suspend));
        assert_eq!((refused.status, code(&refused).as_str()), (400, "bad_field"), "{hidden:?}");
    }
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
    let (messages, closed) = alice.until_closed().await;
    assert_eq!(closed, Some(1008), "her socket closed as her session ended: {messages:?}");
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

#[tokio::test]
async fn the_admin_lists_each_member_once_whatever_the_categories_they_are_rated_in() {
    let db = TestDb::new();
    let c = club(&db);
    let pair = (c.alice.as_str(), c.bob.as_str());
    let correspondence = played_as(&c.server, pair, json!({ "rated": true, "clock": day_a_move() }), 2).await;
    let blitz = json!({ "rated": true, "clock": { "kind": "live", "seconds": 180, "increment": 2 } });
    let blitz = played_as(&c.server, pair, blitz, 2).await;
    swept(&c.server, "Alice", &[correspondence, blitz]).await;
    let members = json_of(&call(&c.server, HOME, "GET", "/api/admin/members", Some(&c.admin), None).body);
    let names: Vec<&str> = members.as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Admin", "Alice", "Bob", "Carol"], "each once (a row per category before): {members}");
    let alice = &members[1];
    assert_eq!(alice["games"], 2, "her rated games in every category: {members}");
    assert!(alice["rating"].as_f64().is_some_and(|r| r > 1500.0), "her rating, as she won both: {members}");
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
