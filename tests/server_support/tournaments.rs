//! The tournament suites' members and requests: members signed up each from their own
//! address, requests from the club's page, the tournament polled until the director acted,
//! and games played over WebSockets by their members.

use super::{Answer, Client, Server, PATIENCE};
use serde_json::{json, Value};

/// Now, in ms since the Unix epoch.
pub fn now_ms() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap();
    since.as_millis() as i64
}

pub const PASSWORD: &str = "correct horse battery";

/// A member of the club: their address (one each, for the sign-up limit) and session.
pub struct Member {
    pub from: [u8; 4],
    pub cookie: String,
}

/// A request to `server` as `member` (or nobody), from the club's own page.
pub fn ask(
    server: &Server,
    member: Option<&Member>,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> Answer {
    let origin = format!("Origin: http://{}", server.addr);
    let cookie = member.map(|m| format!("Cookie: jungle_session={}", m.cookie));
    let headers: Vec<&str> = [Some(origin.as_str()), cookie.as_deref()].into_iter().flatten().collect();
    let from = member.map_or([127, 0, 0, 1], |m| m.from);
    server.request_with(from, method, path, &headers, body.map(|b| b.to_string()).as_deref())
}

/// The answer's JSON, after checking its status.
pub fn expect(answer: Answer, status: u16) -> Value {
    assert_eq!(answer.status, status, "{}", answer.body);
    serde_json::from_str(&answer.body).unwrap_or(Value::Null)
}

/// The JSON answer to a request as `member`, after checking its status.
pub fn asked(
    server: &Server,
    member: &Member,
    method: &str,
    path: &str,
    body: Option<Value>,
    status: u16,
) -> Value {
    let answer = ask(server, Some(member), method, path, body);
    assert_eq!(answer.status, status, "{method} {path}: {}", answer.body);
    serde_json::from_str(&answer.body).unwrap_or(Value::Null)
}

/// The refusal's code, after checking its status.
pub fn refused(answer: Answer, status: u16) -> String {
    expect(answer, status)["code"].as_str().unwrap_or_default().to_string()
}

/// Signs up `count` members (the first is the club's admin), each from 127.0.0.(10 + n).
pub fn members(server: &Server, count: u8) -> Vec<Member> {
    members_from(server, 0, count)
}

/// Signs up members `first` + 1 … `first` + `count`, each from their own address.
pub fn members_from(server: &Server, first: u8, count: u8) -> Vec<Member> {
    (first..first + count)
        .map(|n| {
            let from = [127, 0, 0, 10 + n];
            let body = json!({ "name": format!("Player{}", n + 1), "password": PASSWORD });
            let answer = server.request_with(
                from,
                "POST",
                "/api/members",
                &[&format!("Origin: http://{}", server.addr)],
                Some(&body.to_string()),
            );
            assert_eq!(answer.status, 201, "{}", answer.body);
            let cookie = answer.header("set-cookie").unwrap();
            let cookie =
                cookie.strip_prefix("jungle_session=").unwrap().split(';').next().unwrap().to_string();
            Member { from, cookie }
        })
        .collect()
}

pub fn create(server: &Server, admin: &Member, request: Value) -> String {
    let created = expect(ask(server, Some(admin), "POST", "/api/tournaments", Some(request)), 201);
    created["id"].as_str().unwrap().to_string()
}

pub fn result(server: &Server, admin: &Member, id: &str, round: i64, board: i64, result: &str) {
    let body = json!({ "round": round, "board": board, "result": result });
    let answer = ask(server, Some(admin), "PUT", &format!("/api/tournaments/{id}/results"), Some(body));
    assert_eq!(answer.status, 204, "{}", answer.body);
}

/// The boards of `round` as (Red, Blue) numbers (Blue none for the bye).
pub fn boards(tournament: &Value, round: i64) -> Vec<(i64, Option<i64>)> {
    let pairings = tournament["pairings"].as_array().unwrap();
    let in_round = pairings.iter().filter(|p| p["round"] == round);
    in_round.map(|p| (p["red"].as_i64().unwrap(), p["blue"].as_i64())).collect()
}

pub fn get(server: &Server, id: &str) -> Value {
    expect(ask(server, None, "GET", &format!("/api/tournaments/{id}"), None), 200)
}

/// The tournament once `done` holds of it (the director acts every half second): polled
/// until then, or a failure after 30 seconds.
pub fn until(server: &Server, id: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let tournament = get(server, id);
        if done(&tournament) {
            return tournament;
        }
        assert!(std::time::Instant::now() < deadline, "waited in vain for {what}: {tournament}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// Whether round `round` is paired.
pub fn has_round(tournament: &Value, round: i64) -> bool {
    tournament["pairings"].as_array().unwrap().iter().any(|p| p["round"] == round)
}

/// `member`'s WebSocket to game `id`, their seat taken by their session cookie. Refused with
/// 503 (a connection to a database that just restarted is found broken when used), it is
/// opened again, as the page does.
pub async fn seat(server: &Server, member: &Member, id: &str) -> Client {
    use tokio_tungstenite::tungstenite::Error;
    let headers = [
        ("origin", format!("http://{}", server.addr)),
        ("cookie", format!("jungle_session={}", member.cookie)),
    ];
    let deadline = std::time::Instant::now() + PATIENCE;
    let mut client = loop {
        match server.try_connect_with(id, &headers).await {
            Ok(client) => break client,
            Err(Error::Http(answer)) if answer.status() == 503 && std::time::Instant::now() < deadline => {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            Err(e) => panic!("the WebSocket opens: {e}"),
        }
    };
    client.send(json!({ "type": "subscribe", "member": true })).await;
    client.expect("subscribed").await;
    client
}

/// How a scripted game ends once both sides have moved.
pub enum Ending {
    /// The side resigns.
    Resigns(&'static str),
    /// Red offers a draw and Blue accepts it.
    Draw,
}

/// Red and Blue (by their player numbers in `club`, from 1) take their seats in game `id` over
/// WebSockets and make one move each: their connections.
pub async fn open(server: &Server, club: &[Member], (red, blue): (i64, i64), id: &str) -> (Client, Client) {
    let mut reds = seat(server, &club[red as usize - 1], id).await;
    let mut blues = seat(server, &club[blue as usize - 1], id).await;
    reds.play(0, "b2c2").await;
    blues.play(1, "a9a8").await;
    (reds, blues)
}

/// Ends an opened game as `ending` says.
pub async fn close((mut reds, mut blues): (Client, Client), ending: Ending) {
    match ending {
        Ending::Resigns("red") => reds.send(json!({ "type": "resign" })).await,
        Ending::Resigns(_) => blues.send(json!({ "type": "resign" })).await,
        Ending::Draw => {
            reds.send(json!({ "type": "offer", "offer": "draw" })).await;
            reds.expect("state").await;
            blues.send(json!({ "type": "accept", "offer": "draw" })).await;
        }
    }
    loop {
        let state = reds.expect("state").await;
        if state["game"]["status"] == "over" {
            break;
        }
    }
}

/// Red and Blue play game `id`: one move each, then `ending`.
pub async fn play(server: &Server, club: &[Member], players: (i64, i64), id: &str, ending: Ending) {
    close(open(server, club, players, id).await, ending).await;
}

/// The game of board `board` of `round`.
pub fn game_of(tournament: &Value, round: i64, board: i64) -> String {
    let pairings = tournament["pairings"].as_array().unwrap();
    let found = pairings.iter().find(|p| p["round"] == round && p["board"] == board).unwrap();
    found["game"].as_str().unwrap().to_string()
}

/// The rounds tournament `id` paired, as its log tells them to its director `admin` ("round 1", …).
pub fn rounds_paired(server: &Server, admin: &Member, id: &str) -> Vec<String> {
    let log = expect(ask(server, Some(admin), "GET", &format!("/api/tournaments/{id}/log"), None), 200);
    let entries = log["log"].as_array().unwrap().iter().filter(|e| e["action"] == "paired");
    entries.map(|e| e["detail"].as_str().unwrap().to_string()).collect()
}
