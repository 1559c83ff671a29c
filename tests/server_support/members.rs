//! Member API requests for the member suites: from a loopback address, by the club's own page,
//! with a session cookie.

use super::{Answer, Server};
use serde_json::{json, Value};

pub const HOME: [u8; 4] = [127, 0, 0, 1];
pub const PASSWORD: &str = "correct horse battery";

/// A member API request from `from`, sent by the club's own page, with the session `cookie`.
pub fn call(
    server: &Server,
    from: [u8; 4],
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> Answer {
    let origin = format!("Origin: http://{}", server.addr);
    call_with_origin(server, from, method, path, cookie, body, Some(&origin))
}

/// A member API request with the `Origin` header line given, or none.
pub fn call_with_origin(
    server: &Server,
    from: [u8; 4],
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<Value>,
    origin: Option<&str>,
) -> Answer {
    let cookie = cookie.map(|id| format!("Cookie: jungle_session={id}"));
    let headers: Vec<&str> = origin.into_iter().chain(cookie.as_deref()).collect();
    server.request_with(from, method, path, &headers, body.map(|b| b.to_string()).as_deref())
}

/// The session id an answer's cookie holds.
pub fn session(answer: &Answer) -> String {
    let cookie = answer.header("set-cookie").unwrap_or_else(|| panic!("a cookie: {}", answer.body));
    cookie.strip_prefix("jungle_session=").and_then(|rest| rest.split(';').next()).unwrap().to_string()
}

pub fn sign_up(server: &Server, from: [u8; 4], name: &str) -> Answer {
    let body = json!({ "name": name, "password": PASSWORD });
    let answer = call(server, from, "POST", "/api/members", None, Some(body));
    assert_eq!(answer.status, 201, "sign up {name}: {}", answer.body);
    answer
}

/// A sign-up from the usual address with `body`, whatever the answer.
pub fn sign_up_with(server: &Server, body: Value) -> Answer {
    call(server, HOME, "POST", "/api/members", None, Some(body))
}

pub fn sign_in(server: &Server, from: [u8; 4], name: &str, password: &str) -> Answer {
    call(server, from, "POST", "/api/session", None, Some(json!({ "name": name, "password": password })))
}

pub fn me(server: &Server, cookie: &str) -> Answer {
    call(server, HOME, "GET", "/api/me", Some(cookie), None)
}

pub fn code(answer: &Answer) -> String {
    let body: Value = serde_json::from_str(&answer.body).unwrap_or_else(|_| panic!("JSON: {}", answer.body));
    body["code"].as_str().unwrap_or_default().to_string()
}

/// The game `body` the member of session `red` creates and, if `blue` is given, the member of
/// session `blue` joins (as "Blue"): the two answers' JSON.
pub fn create_and_join(
    server: &Server,
    red: &str,
    blue: Option<&str>,
    body: Value,
) -> (Value, Option<Value>) {
    let created = call(server, HOME, "POST", "/api/games", Some(red), Some(body));
    assert_eq!(created.status, 201, "{}", created.body);
    let created: Value = serde_json::from_str(&created.body).unwrap();
    let joined = blue.map(|blue| {
        let path = format!("/api/games/{}/join", created["id"].as_str().unwrap());
        let joined = call(server, HOME, "POST", &path, Some(blue), Some(json!({ "name": "Blue" })));
        assert_eq!(joined.status, 200, "{}", joined.body);
        serde_json::from_str(&joined.body).unwrap()
    });
    (created, joined)
}
