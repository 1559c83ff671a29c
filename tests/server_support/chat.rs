//! The chat suites' club (`server_chat`, `server_admin`): an admin and three members, two of
//! them at a game, connections from the club's page, and what they say and hear.

use super::members::{call, session, sign_up, HOME};
use super::{Client, Server, TestDb};
use serde_json::{json, Value};

/// A game between `red` and `blue` (session cookies), each taking a seat by the member API.
pub fn game(server: &Server, red: &str, blue: &str) -> String {
    let body = json!({ "name": "Red", "color": "red" });
    let created = call(server, HOME, "POST", "/api/games", Some(red), Some(body));
    assert_eq!(created.status, 201, "{}", created.body);
    let id = json_of(&created.body)["id"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/join");
    let joined = call(server, HOME, "POST", &path, Some(blue), Some(json!({ "name": "Blue" })));
    assert_eq!(joined.status, 200, "{}", joined.body);
    id
}

pub fn json_of(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|_| panic!("JSON: {body}"))
}

/// A connection from the club's page with `cookie`, subscribed (`member`: to the member's
/// seat); the chat history it is sent.
pub async fn member(server: &Server, id: &str, cookie: &str, seat: bool) -> (Client, Value) {
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

pub async fn say(client: &mut Client, text: &str) {
    client.send(json!({ "type": "chat", "text": text })).await;
}

/// The next chat message's text (presence and moves skipped).
pub async fn heard(client: &mut Client) -> Value {
    client.expect("chat").await
}

pub fn texts(history: &Value) -> Vec<&str> {
    history["messages"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect()
}

/// The club: an admin, then Alice, Bob (playing each other) and Carol (watching).
pub struct Club {
    pub server: Server,
    pub admin: String,
    pub alice: String,
    pub bob: String,
    pub carol: String,
    pub id: String,
}

pub fn club(db: &TestDb) -> Club {
    let server = db.server(&[]);
    let admin = session(&sign_up(&server, HOME, "Admin"));
    let [alice, bob, carol] = ["Alice", "Bob", "Carol"].map(|name| session(&sign_up(&server, HOME, name)));
    let id = game(&server, &alice, &bob);
    Club { server, admin, alice, bob, carol, id }
}
