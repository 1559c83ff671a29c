//! One rule for origins: every route of the OpenAPI document that changes state refuses a
//! request that carries a member's session cookie but not the club's own `Origin` (another
//! port of the same host, none, or `null`), with `bad_origin`, before its handler runs (so a
//! dummy id in the path is never looked up: a 404 means the check was skipped). The bot API
//! (`api/bot/*`), which takes a bearer token and never a cookie, refuses the cookie instead.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::members::{call, call_with_origin, code, session, sign_up, HOME, PASSWORD};
use server_support::TestDb;

/// The methods that change state.
const CHANGES: [&str; 4] = ["post", "put", "patch", "delete"];

/// Origins that are not the club's page: none, `null`, and another port of the same host.
fn foreign(server_addr: &str) -> [Option<String>; 3] {
    let host = server_addr.rsplit_once(':').unwrap().0;
    [None, Some("Origin: null".to_string()), Some(format!("Origin: http://{host}:1"))]
}

/// `path` with each `{parameter}` replaced by a dummy value.
fn filled(path: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        let close = open + rest[open..].find('}').unwrap();
        out.push_str(&rest[..open]);
        out.push_str("aaaaaaaaaaaa");
        rest = &rest[close + 1..];
    }
    out + rest
}

/// Every (METHOD, path) of the document that changes state.
fn state_changing(document: &Value) -> Vec<(String, String)> {
    let paths = document["paths"].as_object().expect("the document has paths");
    let mut routes = Vec::new();
    for (path, operations) in paths {
        for method in operations.as_object().unwrap().keys() {
            if CHANGES.contains(&method.as_str()) {
                routes.push((method.to_uppercase(), path.clone()));
            }
        }
    }
    routes
}

#[test]
fn every_state_changing_route_refuses_a_member_s_cookie_from_another_origin() {
    let db = TestDb::new();
    let server = db.server(&["--requests-per-second", "1000"]);
    let cookie = session(&sign_up(&server, HOME, "Victim"));
    let routes = state_changing(&server.get_json("/api/openapi.json"));
    assert!(routes.len() > 20, "the document's state-changing routes: {routes:?}");

    let mut skipped = Vec::new();
    // The one exception: the email's one-click unsubscribe acts by its token alone, from any
    // origin (RFC 8058: mail providers POST it without one; tests/server_email.rs).
    let by_token = |path: &str| path == "/api/email/unsubscribe";
    for (method, path) in routes.iter().filter(|(_, path)| !by_token(path)) {
        for origin in foreign(&server.addr) {
            let (path, body) = (filled(path), Some(json!({})));
            let answer =
                call_with_origin(&server, HOME, method, &path, Some(&cookie), body, origin.as_deref());
            let code = serde_json::from_str::<Value>(&answer.body).ok().map(|body| body["code"].clone());
            // The bot API acts by a bearer token alone, never by a cookie (no origin to check):
            // a cookie there is refused all the same (tests/server_bots_security.rs).
            let refused = if path.starts_with("/api/bot/") {
                answer.status == 401 && code == Some(json!("bad_bot_token"))
            } else {
                answer.status == 403 && code == Some(json!("bad_origin"))
            };
            if !refused {
                skipped.push(format!("{method} {path} with {origin:?}: {} {}", answer.status, answer.body));
            }
        }
    }
    assert!(skipped.is_empty(), "not refused with bad_origin:\n{}", skipped.join("\n"));
}

#[test]
fn a_guest_without_cookies_and_the_club_s_page_with_one_still_make_games() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let (status, body) = server.http("POST", "/api/games", Some(r#"{"name":"Guest"}"#));
    assert_eq!(status, 201, "a guest's client, no cookie, no Origin: {body}");
    let cookie = session(&sign_up(&server, HOME, "Member"));
    let made = call(&server, HOME, "POST", "/api/games", Some(&cookie), Some(json!({ "name": "Member" })));
    assert_eq!(made.status, 201, "the club's own page: {}", made.body);
}

#[test]
fn an_https_public_origin_makes_cookies_secure_and_only_https_origins_the_club_s() {
    let db = TestDb::new();
    let server = db.server(&["--public-origin", "https://club.example"]);
    let body = || Some(json!({ "name": "Alice", "password": PASSWORD }));
    let plain = format!("Origin: http://{}", server.addr);
    let refused = call_with_origin(&server, HOME, "POST", "/api/members", None, body(), Some(&plain));
    assert_eq!((refused.status, code(&refused).as_str()), (403, "bad_origin"), "http: {}", refused.body);
    let https = format!("Origin: https://{}", server.addr);
    let signed_up = call_with_origin(&server, HOME, "POST", "/api/members", None, body(), Some(&https));
    assert_eq!(signed_up.status, 201, "{}", signed_up.body);
    let cookie = signed_up.header("set-cookie").unwrap();
    assert!(cookie.contains("; Secure"), "{cookie}");
}

/// Behind a proxy that passes its upstream's name as the `Host` (nginx's and Apache's default),
/// the club's page still acts: its `Origin` is `--public-origin`; another site's is refused.
#[test]
fn the_public_origin_is_the_club_s_whatever_host_the_proxy_passes() {
    let db = TestDb::new();
    let server = db.server(&["--public-origin", "https://club.example"]);
    let body = |name: &str| Some(json!({ "name": name, "password": PASSWORD }));
    let club = "Origin: https://club.example";
    let signed_up = call_with_origin(&server, HOME, "POST", "/api/members", None, body("Alice"), Some(club));
    assert_eq!(signed_up.status, 201, "the club's page, Host {}: {}", server.addr, signed_up.body);
    for other in
        ["Origin: https://evil.example", "Origin: http://club.example", "Origin: https://club.example.evil"]
    {
        let refused =
            call_with_origin(&server, HOME, "POST", "/api/members", None, body("Mallory"), Some(other));
        assert_eq!(
            (refused.status, code(&refused).as_str()),
            (403, "bad_origin"),
            "{other}: {}",
            refused.body
        );
    }
}
