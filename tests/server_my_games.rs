//! A member's games on any device, against the real server (SQLite; PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`): `GET api/me/games` lists each member's unfinished games with
//! whose move it is, and another device signed in as the member plays the seat by the session
//! cookie (`{"type":"subscribe","member":true}`), from the page's own origin only.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::members::{call, create_and_join, session, sign_in, sign_up, HOME, PASSWORD};
use server_support::{Client, Server, TestDb};

fn json_of(answer: &server_support::Answer) -> Value {
    serde_json::from_str(&answer.body).unwrap_or_else(|_| panic!("JSON: {}", answer.body))
}

/// A game that the member of `red` creates on red (timed: 5 minutes each) and, if `blue` is
/// given, that member joins; its id.
fn game(server: &Server, red: &str, blue: Option<&str>) -> String {
    let body = json!({ "name": "Red", "color": "red", "clock": { "kind": "live", "seconds": 300 } });
    create_and_join(server, red, blue, body).0["id"].as_str().unwrap().to_string()
}

/// The signed-in member's unfinished games.
fn my_games(server: &Server, cookie: &str) -> Value {
    let answer = call(server, HOME, "GET", "/api/me/games", Some(cookie), None);
    assert_eq!(answer.status, 200, "{}", answer.body);
    json_of(&answer)
}

/// A WebSocket to game `id` from the page's own origin (or `origin`) with the session `cookie`.
async fn device(server: &Server, id: &str, cookie: &str, origin: Option<&str>) -> Client {
    let origin = origin.map_or_else(|| format!("http://{}", server.addr), String::from);
    server.connect_with(id, &[("origin", origin), ("cookie", format!("jungle_session={cookie}"))]).await
}

#[tokio::test]
async fn each_member_sees_their_unfinished_games_and_whose_move() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let alice = session(&sign_up(&server, HOME, "Alice"));
    let bob = session(&sign_up(&server, HOME, "Bob"));
    let carol = session(&sign_up(&server, HOME, "Carol"));
    let played = game(&server, &alice, Some(&bob));
    let open = game(&server, &alice, None);

    let mine = my_games(&server, &alice);
    assert_eq!(mine["your_move"], 1, "{mine}");
    let games = mine["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{mine}");
    let listed =
        |id: &str| games.iter().find(|g| g["id"] == id).unwrap_or_else(|| panic!("{id}: {mine}")).clone();
    let (played_by_alice, open_by_alice) = (listed(&played), listed(&open));
    assert_eq!((&played_by_alice["status"], &played_by_alice["color"]), (&json!("playing"), &json!("red")));
    assert_eq!((&played_by_alice["turn"], &played_by_alice["your_move"]), (&json!("red"), &json!(true)));
    assert_eq!(
        played_by_alice["opponent"],
        json!({ "name": "Bob", "rating": { "rating": 1500, "provisional": true }, "vacation": null })
    );
    assert_eq!(played_by_alice["time_left"], json!({ "red": 300_000, "blue": 300_000 }));
    assert_eq!(played_by_alice["clock"], json!({ "kind": "live", "seconds": 300, "increment": 0 }));
    assert_eq!((&open_by_alice["status"], &open_by_alice["your_move"]), (&json!("open"), &json!(false)));
    assert_eq!(open_by_alice["opponent"], Value::Null);
    let text = mine.to_string();
    assert!(!text.contains("token") && !text.contains(&alice), "no secret in the list: {text}");

    let theirs = my_games(&server, &bob);
    assert_eq!(theirs["your_move"], 0, "{theirs}");
    assert_eq!(theirs["games"].as_array().unwrap().len(), 1, "{theirs}");
    let played_by_bob = &theirs["games"][0];
    assert_eq!((&played_by_bob["id"], &played_by_bob["color"]), (&json!(played), &json!("blue")));
    assert_eq!(
        (&played_by_bob["your_move"], &played_by_bob["opponent"]["name"]),
        (&json!(false), &json!("Alice"))
    );

    assert_eq!(my_games(&server, &carol), json!({ "your_move": 0, "games": [] }));
    let guest = call(&server, HOME, "GET", "/api/me/games", None, None);
    assert_eq!(
        (guest.status, json_of(&guest)["code"].clone()),
        (401, json!("not_signed_in")),
        "{}",
        guest.body
    );
}

#[tokio::test]
async fn another_device_of_the_member_plays_the_seat_and_no_one_else_can() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let alice = session(&sign_up(&server, HOME, "Alice"));
    let bob = session(&sign_up(&server, HOME, "Bob"));
    let carol = session(&sign_up(&server, HOME, "Carol"));
    let id = game(&server, &alice, Some(&bob));
    let phone = session(&sign_in(&server, HOME, "Alice", PASSWORD));
    assert_ne!(phone, alice);

    // Another site's page, a member without a seat there, and a guest get no seat.
    let refused = [
        device(&server, &id, &phone, Some("http://evil.example")).await,
        device(&server, &id, &carol, None).await,
        server.connect(&id).await,
    ];
    for mut client in refused {
        client.send(json!({ "type": "subscribe", "member": true })).await;
        client.expect_error("bad_token").await;
    }

    let mut client = device(&server, &id, &phone, None).await;
    client.send(json!({ "type": "subscribe", "member": true })).await;
    assert_eq!(client.expect("subscribed").await["seat"], "red");
    client.send(json!({ "type": "move", "ply": 0, "move": "b2c2" })).await;
    assert_eq!(client.expect("ack").await["duplicate"], false);

    assert_eq!(my_games(&server, &alice)["your_move"], 0);
    let theirs = my_games(&server, &bob);
    assert_eq!((&theirs["your_move"], &theirs["games"][0]["turn"]), (&json!(1), &json!("blue")), "{theirs}");

    // Bob's own other device takes the blue seat the same way.
    let mut bobs = device(&server, &id, &session(&sign_in(&server, HOME, "Bob", PASSWORD)), None).await;
    bobs.send(json!({ "type": "subscribe", "member": true })).await;
    assert_eq!(bobs.expect("subscribed").await["seat"], "blue");
}
