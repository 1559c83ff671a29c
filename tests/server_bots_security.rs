//! Attacks on the bot API, against the real server (SQLite; PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`): a bot token signs in to nothing but `api/bot/*`, as a cookie or
//! as a bearer; it acts in no game nor challenge but its bot's; a revoked token, or the token of
//! a member no longer a bot, stops at once, its open streams too; a session cookie does not
//! open `api/bot/*`; no token reaches the log; bad tokens and bad moves are typed refusals.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::bots::{bot_call, json_of, make_bot, new_token, Lines, TestBot};
use server_support::members::{call, code, session, sign_up, HOME};
use server_support::{Answer, Server, TestDb};

/// A game between the member of session `cookie` (red) and `bot`, through a challenge: its id.
fn game_with(server: &Server, cookie: &str, bot: &TestBot) -> String {
    let body = json!({ "to": bot.name, "clock": { "kind": "live", "seconds": 300, "increment": 0 }, "color": "red" });
    let sent = call(server, HOME, "POST", "/api/challenges", Some(cookie), Some(body));
    assert_eq!(sent.status, 201, "{}", sent.body);
    let id = json_of(&sent)["id"].as_str().unwrap().to_string();
    let accepted = bot_call(server, &bot.token, "POST", &format!("/api/bot/challenge/{id}/accept"), None);
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    json_of(&accepted)["game"].as_str().unwrap().to_string()
}

fn refused(answer: &Answer, status: u16, expected: &str) {
    assert_eq!((answer.status, code(answer).as_str()), (status, expected), "{}", answer.body);
}

/// A request with the header lines `headers` (and the club's own `Origin`).
fn with_headers(server: &Server, method: &str, path: &str, headers: &[&str], body: Option<Value>) -> Answer {
    let origin = format!("Origin: http://{}", server.addr);
    let mut lines = vec![origin.as_str()];
    lines.extend_from_slice(headers);
    server.request_with(HOME, method, path, &lines, body.map(|b| b.to_string()).as_deref())
}

#[test]
fn a_bot_token_opens_nothing_but_the_bot_api_and_a_cookie_does_not_open_it() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let admin = session(&sign_up(&server, [127, 0, 5, 1], "boss"));
    let bot = make_bot(&server, [127, 0, 5, 2], "tokenbot");
    let bearer = format!("Authorization: Bearer {}", bot.token);
    let as_cookie = format!("Cookie: jungle_session={}", bot.token);
    for headers in [[bearer.as_str()], [as_cookie.as_str()]] {
        refused(&with_headers(&server, "GET", "/api/me", &headers, None), 401, "not_signed_in");
        let session = json_of(&with_headers(&server, "GET", "/api/session", &headers, None));
        assert_eq!(session["member"], Value::Null, "{session}");
        let challenge = Some(json!({ "to": "boss" }));
        refused(&with_headers(&server, "POST", "/api/challenges", &headers, challenge), 401, "not_signed_in");
        refused(&with_headers(&server, "GET", "/api/me/bot-tokens", &headers, None), 401, "not_signed_in");
        let mark = Some(json!({ "bot": false }));
        refused(
            &with_headers(&server, "PUT", "/api/members/tokenbot/bot", &headers, mark),
            401,
            "not_signed_in",
        );
    }
    // A session cookie (the bot's own member's, an admin's) opens no bot route.
    for cookie in [&bot.cookie, &admin] {
        let header = format!("Cookie: jungle_session={cookie}");
        refused(&with_headers(&server, "GET", "/api/bot/account", &[&header], None), 401, "bad_bot_token");
        let path = "/api/bot/game/aaaaaaaaaaaa/move/a3a4";
        refused(&with_headers(&server, "POST", path, &[&header], None), 401, "bad_bot_token");
        assert!(Lines::try_open(&server, "/api/bot/stream/event", cookie).is_err());
    }
    // Quick pairing and tournaments are not for bots.
    let wait = Some(json!({ "clock": { "kind": "live", "seconds": 300, "increment": 0 } }));
    refused(&call(&server, HOME, "POST", "/api/pairing", Some(&bot.cookie), wait), 409, "bot_not_allowed");
    let made = call(
        &server,
        HOME,
        "POST",
        "/api/tournaments",
        Some(&admin),
        Some(json!({ "name": "Open", "format": "swiss", "rounds": 3 })),
    );
    assert_eq!(made.status, 201, "{}", made.body);
    let players = format!("/api/tournaments/{}/players", json_of(&made)["id"].as_str().unwrap());
    refused(&call(&server, HOME, "POST", &players, Some(&bot.cookie), None), 409, "bot_not_allowed");
    assert_eq!(call(&server, HOME, "POST", &players, Some(&admin), None).status, 201, "a human registers");
}

#[test]
fn a_token_acts_in_no_game_nor_challenge_of_another() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let ann = session(&sign_up(&server, [127, 0, 6, 1], "ann"));
    let mine = make_bot(&server, [127, 0, 6, 2], "minebot");
    let thief = make_bot(&server, [127, 0, 6, 3], "thiefbot");
    let game = game_with(&server, &ann, &mine);
    for (method, path, body) in [
        ("POST", format!("/api/bot/game/{game}/move/g7g6"), None),
        ("POST", format!("/api/bot/game/{game}/resign"), None),
        ("POST", format!("/api/bot/game/{game}/draw/yes"), None),
        ("POST", format!("/api/bot/game/{game}/chat"), Some(json!({ "text": "hi" }))),
    ] {
        refused(&bot_call(&server, &thief.token, method, &path, body), 409, "not_a_player");
    }
    let stream = Lines::try_open(&server, &format!("/api/bot/game/stream/{game}"), &thief.token);
    assert!(stream.is_err_and(|status| status.contains("409")));
    // A challenge to another bot is not this one's to answer.
    let body = json!({ "to": "minebot", "color": "random" });
    let sent = json_of(&call(&server, HOME, "POST", "/api/challenges", Some(&ann), Some(body)));
    let id = sent["id"].as_str().unwrap();
    refused(
        &bot_call(&server, &thief.token, "POST", &format!("/api/bot/challenge/{id}/accept"), None),
        409,
        "no_challenge",
    );
    let decline = Some(json!({ "reason": "generic" }));
    refused(
        &bot_call(&server, &thief.token, "POST", &format!("/api/bot/challenge/{id}/decline"), decline),
        409,
        "no_challenge",
    );
    // The game itself was not touched.
    assert_eq!(server.game(&game)["moves"], json!([]));
}

#[test]
fn a_revoked_token_stops_at_once_and_its_streams_end() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let ann = session(&sign_up(&server, [127, 0, 7, 1], "ann"));
    let bot = make_bot(&server, [127, 0, 7, 2], "revokebot");
    let spare = new_token(&server, &bot.cookie, "spare");
    let game = game_with(&server, &ann, &bot);
    let mut events = Lines::open(&server, "/api/bot/stream/event", &bot.token);
    let mut stream = Lines::open(&server, &format!("/api/bot/game/stream/{game}"), &bot.token);
    assert_eq!(stream.next().unwrap()["type"], "gameFull");
    events.until("gameStart", |line| line["game"]["id"] == game.as_str());

    let listed = json_of(&call(&server, HOME, "GET", "/api/me/bot-tokens", Some(&bot.cookie), None));
    let listed = listed.as_array().unwrap();
    assert_eq!(listed.len(), 2);
    assert!(listed.iter().all(|token| token.get("token").is_none()), "never the token itself: {listed:?}");
    let id = listed.iter().find(|token| token["label"] == "engine").unwrap()["id"].as_i64().unwrap();
    let revoked = call(&server, HOME, "DELETE", &format!("/api/me/bot-tokens/{id}"), Some(&bot.cookie), None);
    assert_eq!(revoked.status, 204, "{}", revoked.body);
    refused(&bot_call(&server, &bot.token, "GET", "/api/bot/account", None), 401, "bad_bot_token");
    assert!(events.ends() && stream.ends(), "the open streams end");
    // The other token still plays.
    assert_eq!(bot_call(&server, &spare, "GET", "/api/bot/account", None).status, 200);
    // Another member cannot revoke it.
    let again = call(&server, HOME, "DELETE", &format!("/api/me/bot-tokens/{id}"), Some(&ann), None);
    refused(&again, 404, "not_found");
}

#[test]
fn a_member_no_longer_a_bot_plays_no_more_by_token() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let admin = session(&sign_up(&server, [127, 0, 8, 1], "boss"));
    let bot = make_bot(&server, [127, 0, 8, 2], "formerbot");
    let mut events = Lines::open(&server, "/api/bot/stream/event", &bot.token);
    // Only an admin marks members.
    let mark = |cookie: &str, bot: bool| {
        call(&server, HOME, "PUT", "/api/members/formerbot/bot", Some(cookie), Some(json!({ "bot": bot })))
    };
    refused(&mark(&bot.cookie, false), 403, "not_admin");
    assert_eq!(json_of(&mark(&admin, false)), json!({ "name": "formerbot", "bot": false }));
    refused(&bot_call(&server, &bot.token, "GET", "/api/bot/account", None), 401, "bad_bot_token");
    assert!(events.ends());
    // Marked again, the old tokens stay revoked; a member who played cannot become a bot.
    assert_eq!(json_of(&mark(&admin, true))["bot"], true);
    refused(&bot_call(&server, &bot.token, "GET", "/api/bot/account", None), 401, "bad_bot_token");
    let ann = session(&sign_up(&server, [127, 0, 8, 3], "ann"));
    game_with(&server, &admin, &make_bot(&server, [127, 0, 8, 4], "otherbot"));
    refused(&call(&server, HOME, "POST", "/api/me/bot", Some(&admin), None), 409, "bot_has_played");
    refused(
        &call(&server, HOME, "POST", "/api/me/bot-tokens", Some(&ann), Some(json!({ "label": "x" }))),
        409,
        "not_a_bot",
    );
}

#[test]
fn bad_tokens_and_bad_moves_are_typed_refusals_and_no_token_is_logged() {
    let db = TestDb::new();
    let server = Server::start_configured(&db.url(), &[], |command| {
        command.env("RUST_LOG", "jungle=debug");
    });
    let ann = session(&sign_up(&server, [127, 0, 9, 1], "ann"));
    let bot = make_bot(&server, [127, 0, 9, 2], "logbot");
    let game = game_with(&server, &ann, &bot);
    let long = format!("jbt_{}", "A".repeat(4000));
    let forged = format!("jbt_{}", "A".repeat(43));
    for header in [
        String::new(),
        "Authorization: Bearer".into(),
        "Authorization: Bearer jbt_".into(),
        format!("Authorization: Basic {}", bot.token),
        format!("Authorization: Bearer {forged}"),
        format!("Authorization: Bearer {long}"),
        format!("Authorization: Bearer {}x", bot.token),
        "Authorization: Bearer jbt_ä€😀".into(),
    ] {
        let headers: Vec<&str> = [header.as_str()].into_iter().filter(|h| !h.is_empty()).collect();
        let answer = server.request_with(HOME, "GET", "/api/bot/account", &headers, None);
        assert!(matches!(answer.status, 400 | 401 | 431), "{header}: {} {}", answer.status, answer.body);
        if answer.status == 401 {
            assert_eq!(code(&answer), "bad_bot_token");
        }
    }
    let bots_move =
        |uci: &str| bot_call(&server, &bot.token, "POST", &format!("/api/bot/game/{game}/move/{uci}"), None);
    refused(&bots_move("g7g6"), 409, "not_your_turn");
    for bad in ["", "zz", "a3a4a5", "a0a1", "%FF%FE", "a3a4%00", &"a".repeat(2000)] {
        let answer = bots_move(bad);
        // A typed refusal; or a path no route has (an empty or overlong move), a plain 404.
        let body = serde_json::from_str::<Value>(&answer.body).unwrap_or_default();
        let typed = (400..500).contains(&answer.status) && body["code"].is_string();
        assert!(typed || answer.status == 404, "{bad}: {} {}", answer.status, answer.body);
    }
    for bad in ["draw/maybe", "chat"] {
        let answer = bot_call(
            &server,
            &bot.token,
            "POST",
            &format!("/api/bot/game/{game}/{bad}"),
            Some(json!({ "txt": 1 })),
        );
        refused(&answer, 400, "bad_field");
    }
    refused(
        &bot_call(&server, &bot.token, "POST", "/api/bot/game/not-a-game/move/a3a4", None),
        404,
        "not_found",
    );
    // Still serving, and the log holds no token, whole or in part.
    assert_eq!(bot_call(&server, &bot.token, "GET", "/api/bot/account", None).status, 200);
    let log = server.output();
    assert!(log.contains("/api/bot/account"), "the requests are logged");
    for secret in [bot.token.as_str(), &bot.token[4..20], &forged] {
        assert!(!log.contains(secret), "a token is in the log");
    }
}
