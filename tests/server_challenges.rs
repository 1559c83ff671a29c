//! Finding a game between members, against the real server (SQLite; PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`, where quick pairing also runs across two instances): the lobby's
//! filters, direct challenges (accepted, declined, called off, expired; none to oneself; the
//! same answer whether a name is a member's or not; rate limited; one open per challenger and
//! name; never hidden by a crowd: known challengers first, then the newest, all counted;
//! declined all at once; a challenger blocked), quick pairing (the nearest
//! rating, never one member twice), a rematch keeping the members' seats, and ratings kept
//! per clock category.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::members::{call, call_with_origin, code, me, session, sign_up, HOME};
use server_support::rated;
use server_support::{Answer, Client, Server, TestDb, PATIENCE};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

fn json_of(answer: &Answer) -> Value {
    serde_json::from_str(&answer.body).unwrap_or_else(|_| panic!("JSON: {}", answer.body))
}

/// The loopback address of the `n`th member of a test (sign-ups are limited per address).
fn from(n: u8) -> [u8; 4] {
    [127, 0, 1, n]
}

/// Signs up `names`, each from an address of its own; their session cookies.
fn members(server: &Server, names: &[&str]) -> Vec<String> {
    names.iter().enumerate().map(|(n, name)| session(&sign_up(server, from(n as u8 + 1), name))).collect()
}

/// A request of the member of session `cookie`.
fn by(server: &Server, cookie: &str, method: &str, path: &str, body: Option<Value>) -> Answer {
    call(server, HOME, method, path, Some(cookie), body)
}

fn challenge(server: &Server, cookie: &str, body: Value) -> Answer {
    by(server, cookie, "POST", "/api/challenges", Some(body))
}

/// The game of the challenge `body` from the member of `from`, accepted by the member of `to`.
fn accepted_game(server: &Server, from: &str, to: &str, body: Value) -> String {
    let sent = challenge(server, from, body);
    assert_eq!(sent.status, 201, "{}", sent.body);
    let id = json_of(&sent)["id"].as_str().unwrap().to_string();
    let accepted = by(server, to, "POST", &format!("/api/challenges/{id}/accept"), None);
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    json_of(&accepted)["game"].as_str().unwrap().to_string()
}

fn my_challenges(server: &Server, cookie: &str) -> Value {
    let answer = by(server, cookie, "GET", "/api/me/challenges", None);
    assert_eq!(answer.status, 200, "{}", answer.body);
    json_of(&answer)
}

/// A WebSocket to game `id` playing the seat of the member of session `cookie`.
async fn seat(server: &Server, id: &str, cookie: &str) -> (Client, Value) {
    let headers =
        [("origin", format!("http://{}", server.addr)), ("cookie", format!("jungle_session={cookie}"))];
    let mut client = server.connect_with(id, &headers).await;
    client.send(json!({ "type": "subscribe", "member": true })).await;
    let subscribed = client.expect("subscribed").await;
    (client, subscribed)
}

/// A rated game between the members `red` and `blue` (a day a move: correspondence): a move each,
/// then blue resigns; once rated.
async fn red_beats_blue(server: &Server, red: &str, blue: &str) {
    let id = rated::played(server, (red, blue), true, 2).await;
    let start = Instant::now();
    while !rated_after(server, red, &id) {
        assert!(start.elapsed() < PATIENCE, "game {id} was never rated");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Whether the member of `cookie`'s rating history holds game `id`.
fn rated_after(server: &Server, cookie: &str, id: &str) -> bool {
    let name = json_of(&me(server, cookie))["name"].as_str().unwrap().to_string();
    let profile = server.get_json(&format!("/api/members/{name}"));
    profile["history"].as_array().unwrap().iter().any(|point| point["game"] == id)
}

/// The next message of type `kind`, whatever comes before it.
async fn until(client: &mut Client, kind: &str) -> Value {
    loop {
        let msg = client.next().await.expect("the connection stays open");
        if msg["type"] == kind {
            return msg;
        }
    }
}

fn ids(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap_or_else(|| panic!("a list: {list}"))
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn the_lobby_filters_by_clock_and_by_the_creator_s_rating() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let alice = &members(&server, &["Alice"])[0];
    let open = |cookie: Option<&str>, clock: Value| {
        let body = json!({ "name": "Guest", "clock": clock });
        let answer = call(&server, HOME, "POST", "/api/games", cookie, Some(body));
        assert_eq!(answer.status, 201, "{}", answer.body);
        json_of(&answer)["id"].as_str().unwrap().to_string()
    };
    let blitz = open(Some(alice), json!({ "kind": "live", "seconds": 180, "increment": 2 }));
    let rapid = open(Some(alice), json!({ "kind": "live", "seconds": 600 }));
    let guest = open(None, json!({ "kind": "live", "seconds": 180, "increment": 2 }));
    let days = open(None, json!({ "kind": "correspondence", "days": 2 }));

    let lobby = |query: &str| server.get_json(&format!("/api/lobby?{query}"));
    assert_eq!(ids(&lobby("")).len(), 4);
    assert_eq!(ids(&lobby("clock=blitz")), [guest.as_str(), blitz.as_str()], "newest first");
    assert_eq!(ids(&lobby("clock=rapid")), [rapid.as_str()]);
    assert_eq!(ids(&lobby("clock=correspondence")), [days.as_str()]);
    assert_eq!(ids(&lobby("clock=live:600%2B0")), [rapid.as_str()], "an exact clock");
    // A new member's 1500: in a range around it; a guest's game has no rating, so no range holds it.
    assert_eq!(ids(&lobby("min_rating=1400&max_rating=1600")), [rapid.as_str(), blitz.as_str()]);
    assert_eq!(ids(&lobby("clock=blitz&min_rating=1400")), [blitz.as_str()]);
    assert_eq!(ids(&lobby("min_rating=1501")), Vec::<&str>::new());
    assert_eq!(ids(&lobby("max_rating=1499")), Vec::<&str>::new());
    assert_eq!(ids(&lobby("clock=blitz&limit=1&offset=1")), [blitz.as_str()], "paged after filtering");

    for (query, field) in [
        ("clock=bullet", "clock"),
        ("clock=live:0%2B0", "clock"),
        ("min_rating=-5", "min_rating"),
        ("max_rating=9999", "max_rating"),
        ("min_rating=1800&max_rating=1200", "min_rating"),
    ] {
        let refused = server.request("GET", &format!("/api/lobby?{query}"), None);
        assert_eq!((refused.status, code(&refused).as_str()), (400, "bad_field"), "{query}");
        assert_eq!(json_of(&refused)["params"]["field"], field, "{query}");
    }
    let refused = server.request("GET", "/api/archive?clock=blitz", None);
    assert_eq!(code(&refused), "bad_field", "only the lobby filters by clock");
}

#[tokio::test]
async fn a_challenge_accepted_starts_the_game_with_both_members_seated() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let cookies = members(&server, &["Alice", "Bob"]);
    let (alice, bob) = (&cookies[0], &cookies[1]);
    let clock = json!({ "kind": "live", "seconds": 300, "increment": 2 });
    let sent =
        challenge(&server, alice, json!({ "to": "bob", "color": "red", "clock": clock, "rated": true }));
    assert_eq!(sent.status, 201, "{}", sent.body);
    let id = json_of(&sent)["id"].as_str().unwrap().to_string();

    let incoming = my_challenges(&server, bob)["incoming"].clone();
    assert_eq!(incoming.as_array().unwrap().len(), 1, "{incoming}");
    let seen = &incoming[0];
    assert_eq!((&seen["id"], &seen["from"], &seen["color"]), (&json!(id), &json!("Alice"), &json!("red")));
    assert_eq!((&seen["clock"], &seen["rated"], &seen["state"]), (&clock, &json!(true), &json!("open")));
    assert_eq!(my_challenges(&server, alice)["incoming"], json!([]));

    let accepted = by(&server, bob, "POST", &format!("/api/challenges/{id}/accept"), None);
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let accepted = json_of(&accepted);
    assert_eq!(accepted["color"], "blue");
    let game = accepted["game"].as_str().unwrap().to_string();
    let outgoing = my_challenges(&server, alice)["outgoing"].clone();
    assert_eq!((&outgoing[0]["state"], &outgoing[0]["game"]), (&json!("accepted"), &json!(game)));
    assert_eq!(my_challenges(&server, bob)["incoming"], json!([]), "answered: no longer waiting");

    let view = server.game(&game);
    assert_eq!((&view["status"], &view["rated"], &view["clock"]), (&json!("playing"), &json!(true), &clock));
    assert_eq!(
        (&view["players"]["red"]["name"], &view["players"]["blue"]["name"]),
        (&json!("Alice"), &json!("Bob"))
    );
    let (mut red, subscribed) = seat(&server, &game, alice).await;
    assert_eq!(subscribed["seat"], "red");
    let (mut blue, subscribed) = seat(&server, &game, bob).await;
    assert_eq!(subscribed["seat"], "blue");
    red.play(0, "a3a4").await;
    blue.play(1, "a7a6").await;
    for cookie in [alice, bob] {
        let games = json_of(&by(&server, cookie, "GET", "/api/me/games", None));
        assert_eq!(ids(&games["games"]), [game.as_str()]);
    }

    let again = by(&server, bob, "POST", &format!("/api/challenges/{id}/accept"), None);
    assert_eq!((again.status, code(&again).as_str()), (409, "challenge_closed"));
    assert_eq!(json_of(&again)["params"]["state"], "accepted");
}

#[tokio::test]
async fn challenges_are_declined_called_off_or_expire_and_never_tell_whether_a_name_exists() {
    let db = TestDb::new();
    let server = db.server(&["--challenge-expiry", "2"]);
    let cookies = members(&server, &["Alice", "Bob", "Carol"]);
    let (alice, bob, carol) = (&cookies[0], &cookies[1], &cookies[2]);

    // A member and a name that is nobody's get the same answer.
    let to_bob = challenge(&server, alice, json!({ "to": "Bob" }));
    let to_nobody = challenge(&server, alice, json!({ "to": "Nobody" }));
    assert_eq!((to_bob.status, to_nobody.status), (201, 201));
    let shape = |answer: &Answer| {
        let mut keys: Vec<String> = json_of(answer).as_object().unwrap().keys().cloned().collect();
        keys.sort();
        keys
    };
    assert_eq!(shape(&to_bob), shape(&to_nobody));
    assert_eq!(json_of(&to_nobody)["to"], "Nobody");

    let mine = challenge(&server, alice, json!({ "to": "ALICE" }));
    assert_eq!((mine.status, code(&mine).as_str()), (409, "self_challenge"));
    let bad = challenge(&server, alice, json!({ "to": "Bob", "color": "green" }));
    assert_eq!((bad.status, code(&bad).as_str()), (400, "bad_field"));
    let guest = call(&server, HOME, "POST", "/api/challenges", None, Some(json!({ "to": "Bob" })));
    assert_eq!((guest.status, code(&guest).as_str()), (401, "not_signed_in"));
    let elsewhere = call_with_origin(
        &server,
        HOME,
        "POST",
        "/api/challenges",
        Some(alice),
        Some(json!({ "to": "Bob" })),
        Some("Origin: https://evil.example"),
    );
    assert_eq!((elsewhere.status, code(&elsewhere).as_str()), (403, "bad_origin"));

    // Declined: the challenger sees it so; it can be accepted no more; nobody else may answer it.
    let first = json_of(&to_bob)["id"].as_str().unwrap().to_string();
    let stranger = by(&server, carol, "POST", &format!("/api/challenges/{first}/accept"), None);
    assert_eq!((stranger.status, code(&stranger).as_str()), (409, "no_challenge"));
    let declined = by(&server, bob, "POST", &format!("/api/challenges/{first}/decline"), None);
    assert_eq!(declined.status, 204, "{}", declined.body);
    let outgoing = my_challenges(&server, alice)["outgoing"].clone();
    let state_of =
        |id: &str| outgoing.as_array().unwrap().iter().find(|c| c["id"] == id).unwrap()["state"].clone();
    assert_eq!(state_of(&first), "declined");
    let late = by(&server, bob, "POST", &format!("/api/challenges/{first}/accept"), None);
    assert_eq!(
        (code(&late).as_str(), json_of(&late)["params"]["state"].as_str()),
        ("challenge_closed", Some("declined"))
    );

    // Called off by the challenger.
    let second =
        json_of(&challenge(&server, alice, json!({ "to": "Bob" })))["id"].as_str().unwrap().to_string();
    assert_eq!(
        by(&server, bob, "DELETE", &format!("/api/challenges/{second}"), None).status,
        409,
        "only its sender"
    );
    assert_eq!(by(&server, alice, "DELETE", &format!("/api/challenges/{second}"), None).status, 204);
    let late = by(&server, bob, "POST", &format!("/api/challenges/{second}/accept"), None);
    assert_eq!(json_of(&late)["params"]["state"], "cancelled");

    // Expired: listed so, and refused with its own code.
    let third = json_of(&challenge(&server, alice, json!({ "to": "Bob" })));
    let expires = third["expires"].as_i64().unwrap();
    while my_challenges(&server, bob)["incoming"] != json!([]) {
        assert!(now_ms() < expires + PATIENCE.as_millis() as i64, "the challenge never expired");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let third = third["id"].as_str().unwrap();
    let expired = by(&server, bob, "POST", &format!("/api/challenges/{third}/accept"), None);
    assert_eq!((expired.status, code(&expired).as_str()), (409, "challenge_expired"));
    let outgoing = my_challenges(&server, alice)["outgoing"].clone();
    assert!(
        outgoing.as_array().unwrap().iter().any(|c| c["id"] == third && c["state"] == "expired"),
        "{outgoing}"
    );
}

#[tokio::test]
async fn challenges_are_rate_limited_per_member() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let alice = &members(&server, &["Alice"])[0];
    let answers: Vec<u16> =
        (0..11).map(|n| challenge(&server, alice, json!({ "to": format!("member{n}") })).status).collect();
    assert_eq!(answers[..10], [201; 10]);
    let refused = challenge(&server, alice, json!({ "to": "member11" }));
    assert_eq!((refused.status, code(&refused).as_str()), (429, "rate_limited"));
}

/// Lets the clock pass a millisecond or two, so that the challenge sent next is newer (to the
/// millisecond) than those before.
fn tick() {
    std::thread::sleep(Duration::from_millis(2));
}

/// The names of the challengers in `list`, as listed.
fn senders(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap_or_else(|| panic!("a list: {list}"))
        .iter()
        .map(|c| c["from"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn a_crowd_of_accounts_flooding_a_member_never_hides_a_friend_s_challenge() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let names = ["Vic", "Fran", "Spam0", "Spam1", "Spam2", "Spam3", "Spam4", "Spam5"];
    let cookies = members(&server, &names);
    let (vic, fran, spammers) = (&cookies[0], &cookies[1], &cookies[2..]);
    // Fran and Vic have played together.
    accepted_game(&server, fran, vic, json!({ "to": "Vic" }));

    // Six accounts, each from its own address, send all they may to Vic: 60 challenges.
    for (n, spammer) in spammers.iter().enumerate() {
        for _ in 0..10 {
            let sent = call(
                &server,
                from(n as u8 + 3),
                "POST",
                "/api/challenges",
                Some(spammer),
                Some(json!({ "to": "Vic" })),
            );
            assert_eq!(sent.status, 201, "{}", sent.body);
        }
        tick();
    }
    let sent = challenge(&server, fran, json!({ "to": "Vic", "rated": true, "clock": rated::day_a_move() }));
    assert_eq!(sent.status, 201, "{}", sent.body);
    let friend = json_of(&sent)["id"].as_str().unwrap().to_string();

    let mine = my_challenges(&server, vic);
    let incoming = &mine["incoming"];
    // The friend's first; then one place each: the newest challenge of each sender, newest first.
    assert_eq!(senders(incoming), ["Fran", "Spam5", "Spam4", "Spam3", "Spam2", "Spam1", "Spam0"]);
    assert_eq!(incoming[0]["id"], json!(friend));
    assert_eq!(mine["incoming_count"], 7);
    let accepted = by(&server, vic, "POST", &format!("/api/challenges/{friend}/accept"), None);
    assert_eq!(accepted.status, 200, "{}", accepted.body);
}

#[tokio::test]
async fn a_challenger_s_new_challenge_replaces_the_open_one_to_that_name_member_or_not() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let cookies = members(&server, &["Alice", "Bob"]);
    let (alice, bob) = (&cookies[0], &cookies[1]);
    let id_of = |answer: Answer| {
        assert_eq!(answer.status, 201, "{}", answer.body);
        json_of(&answer)["id"].as_str().unwrap().to_string()
    };
    let first = id_of(challenge(&server, alice, json!({ "to": "Bob" })));
    let second =
        id_of(challenge(&server, alice, json!({ "to": "BOB", "rated": true, "clock": rated::day_a_move() })));
    let to_nobody = id_of(challenge(&server, alice, json!({ "to": "Nobody" })));
    let to_nobody_again = id_of(challenge(&server, alice, json!({ "to": "nobody" })));

    let incoming = my_challenges(&server, bob);
    assert_eq!((ids(&incoming["incoming"]), &incoming["incoming_count"]), (vec![second.as_str()], &json!(1)));
    assert_eq!(incoming["incoming"][0]["rated"], true, "the new terms");
    // The challenger sees the old ones called off, the same way to a member and to nobody.
    let outgoing = my_challenges(&server, alice)["outgoing"].clone();
    let state_of =
        |id: &str| outgoing.as_array().unwrap().iter().find(|c| c["id"] == id).unwrap()["state"].clone();
    assert_eq!(
        [state_of(&first), state_of(&second), state_of(&to_nobody), state_of(&to_nobody_again)],
        ["cancelled", "open", "cancelled", "open"]
    );
    let old = by(&server, bob, "POST", &format!("/api/challenges/{first}/accept"), None);
    assert_eq!(
        (code(&old).as_str(), &json_of(&old)["params"]["state"]),
        ("challenge_closed", &json!("cancelled"))
    );
    let accepted = by(&server, bob, "POST", &format!("/api/challenges/{second}/accept"), None);
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    // Once answered, a new challenge to the same member is a new one.
    id_of(challenge(&server, alice, json!({ "to": "Bob" })));
    assert_eq!(my_challenges(&server, bob)["incoming_count"], 1);
}

#[tokio::test]
async fn a_crowded_list_shows_the_known_challengers_then_the_newest_and_counts_them_all() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let names: Vec<String> =
        ["Vic", "Kim"].into_iter().map(String::from).chain((0..21).map(|n| format!("Crowd{n}"))).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let cookies = members(&server, &names);
    let (vic, kim, crowd) = (&cookies[0], &cookies[1], &cookies[2..]);
    // Vic challenged Kim once (no game): Kim is known.
    assert_eq!(challenge(&server, vic, json!({ "to": "Kim" })).status, 201);
    assert_eq!(challenge(&server, kim, json!({ "to": "Vic" })).status, 201);
    for cookie in crowd {
        assert_eq!(challenge(&server, cookie, json!({ "to": "Vic" })).status, 201);
        tick();
    }
    let mine = my_challenges(&server, vic);
    let listed = senders(&mine["incoming"]);
    assert_eq!(listed.len(), 20, "{listed:?}");
    assert_eq!(listed[..3], ["Kim", "Crowd20", "Crowd19"]);
    assert_eq!(listed[19], "Crowd2", "the two oldest of the crowd wait unseen");
    assert_eq!(mine["incoming_count"], 22);
}

#[tokio::test]
async fn a_member_declines_all_at_once_and_blocks_a_challenger_who_is_never_told() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let cookies = members(&server, &["Vic", "Ann", "Pest"]);
    let (vic, ann, pest) = (&cookies[0], &cookies[1], &cookies[2]);
    for cookie in [ann, pest] {
        assert_eq!(challenge(&server, cookie, json!({ "to": "Vic" })).status, 201);
    }
    let all = by(&server, vic, "POST", "/api/me/challenges/decline", None);
    assert_eq!((all.status, json_of(&all)), (200, json!({ "declined": 2 })));
    assert_eq!(my_challenges(&server, vic)["incoming_count"], 0);
    assert_eq!(my_challenges(&server, ann)["outgoing"][0]["state"], "declined");

    let sent = challenge(&server, pest, json!({ "to": "Vic" }));
    let id = json_of(&sent)["id"].as_str().unwrap().to_string();
    let stranger = by(&server, ann, "POST", &format!("/api/challenges/{id}/block"), None);
    assert_eq!((stranger.status, code(&stranger).as_str()), (409, "no_challenge"), "only its addressee");
    assert_eq!(by(&server, vic, "POST", &format!("/api/challenges/{id}/block"), None).status, 204);
    assert_eq!(my_challenges(&server, pest)["outgoing"][0]["state"], "declined");
    // Pest's next challenge is answered as any other, and never listed to Vic.
    let again = challenge(&server, pest, json!({ "to": "Vic" }));
    assert_eq!(again.status, 201, "{}", again.body);
    assert_eq!(my_challenges(&server, pest)["outgoing"][0]["state"], "open");
    tick();
    assert_eq!(challenge(&server, ann, json!({ "to": "Vic" })).status, 201);
    let mine = my_challenges(&server, vic);
    assert_eq!((senders(&mine["incoming"]), &mine["incoming_count"]), (vec!["Ann"], &json!(1)));
    let blocked = by(&server, vic, "GET", "/api/me/challenge-blocks", None);
    assert_eq!(json_of(&blocked), json!({ "blocked": ["Pest"] }));

    assert_eq!(by(&server, vic, "DELETE", "/api/me/challenge-blocks/pest", None).status, 204);
    assert_eq!(json_of(&by(&server, vic, "GET", "/api/me/challenge-blocks", None)), json!({ "blocked": [] }));
    assert_eq!(senders(&my_challenges(&server, vic)["incoming"]), ["Ann", "Pest"]);
    let guest = call(&server, HOME, "POST", "/api/me/challenges/decline", None, None);
    assert_eq!(code(&guest), "not_signed_in");
}

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64
}

/// Where the member of `cookie` stands in quick pairing: `(status, answer)`.
fn pairing(server: &Server, cookie: &str, method: &str, body: Option<Value>) -> (u16, Value) {
    let answer = by(server, cookie, method, "/api/pairing", body);
    (answer.status, if answer.body.is_empty() { Value::Null } else { json_of(&answer) })
}

const PAIRING_CLOCK: &str = r#"{"kind":"correspondence","days":3}"#;

fn wait_for_game(server: &Server, cookie: &str) -> (u16, Value) {
    let clock: Value = serde_json::from_str(PAIRING_CLOCK).unwrap();
    pairing(server, cookie, "POST", Some(json!({ "clock": clock })))
}

#[tokio::test]
async fn quick_pairing_pairs_the_nearest_rating_waiting_into_a_rated_game() {
    let db = TestDb::new();
    let server = db.server(&["--pairing-gap", "200"]);
    let cookies = members(&server, &["Xena", "Yuri", "Zoe", "Walt"]);
    let (xena, yuri, zoe, walt) = (&cookies[0], &cookies[1], &cookies[2], &cookies[3]);
    // Xena and Zoe win a rated game each (about 1662), Yuri and Walt lose one (about 1338).
    red_beats_blue(&server, xena, yuri).await;
    red_beats_blue(&server, zoe, walt).await;

    assert_eq!(wait_for_game(&server, yuri), (202, json!({ "waiting": true })));
    // 324 points apart: more than the gap, so both wait.
    assert_eq!(wait_for_game(&server, xena), (202, json!({ "waiting": true })));
    // Zoe's nearest is Xena, though Yuri has waited longer.
    let (status, paired) = wait_for_game(&server, zoe);
    assert_eq!(status, 200, "{paired}");
    let game = paired["game"].as_str().unwrap().to_string();
    let (status, xena_sees) = pairing(&server, xena, "GET", None);
    assert_eq!((status, &xena_sees["game"]), (200, &json!(game)));
    assert_ne!(xena_sees["color"], paired["color"]);
    assert_eq!(pairing(&server, yuri, "GET", None), (202, json!({ "waiting": true })));

    let view = server.game(&game);
    assert_eq!((&view["status"], &view["rated"]), (&json!("playing"), &json!(true)));
    let zoe_color = paired["color"].as_str().unwrap();
    assert_eq!(view["players"][zoe_color]["name"], "Zoe");
    let (_, subscribed) = seat(&server, &game, zoe).await;
    assert_eq!(subscribed["seat"], zoe_color);

    // Leaving the queue: out of it; a guest cannot wait.
    assert_eq!(pairing(&server, yuri, "DELETE", None).0, 204);
    assert_eq!(pairing(&server, yuri, "GET", None), (200, json!({ "waiting": false })));
    let guest =
        call(&server, HOME, "POST", "/api/pairing", None, Some(json!({ "clock": { "kind": "none" } })));
    assert_eq!(code(&guest), "not_signed_in");
}

#[tokio::test]
async fn quick_pairing_never_pairs_one_member_twice_even_across_instances() {
    let db = TestDb::new();
    let first = db.server(&[]);
    // Two instances share a PostgreSQL database; SQLite has one.
    let second = if db.is_sqlite() { None } else { Some(db.server(&[])) };
    let servers: Vec<&Server> = std::iter::once(&first).chain(second.as_ref()).collect();
    let names: Vec<String> = (0..8).map(|n| format!("Quick{n}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let cookies = members(&first, &names);
    // Everyone asks at once, on alternate instances.
    let answers: Vec<(u16, Value)> = std::thread::scope(|scope| {
        let asking: Vec<_> = cookies
            .iter()
            .enumerate()
            .map(|(n, cookie)| {
                let server = servers[n % servers.len()];
                scope.spawn(move || wait_for_game(server, cookie))
            })
            .collect();
        asking.into_iter().map(|a| a.join().unwrap()).collect()
    });
    assert!(answers.iter().all(|(status, _)| *status == 200 || *status == 202), "{answers:?}");
    // Each then asks until paired (at most one is left waiting only with an odd count: none here).
    let mut games: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for (n, cookie) in cookies.iter().enumerate() {
        let server = servers[(n + 1) % servers.len()];
        let start = Instant::now();
        let answer = loop {
            let (status, answer) = pairing(server, cookie, "GET", None);
            if status == 200 {
                break answer;
            }
            assert!(start.elapsed() < PATIENCE, "{} never paired: {answer}", names[n]);
            // Those still waiting pair when they ask again; another member asking may pair them.
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        let game = answer["game"].as_str().unwrap_or_else(|| panic!("{answer}")).to_string();
        games
            .entry(game)
            .or_default()
            .push((names[n].to_string(), answer["color"].as_str().unwrap().to_string()));
    }
    assert_eq!(games.len(), 4, "{games:?}");
    for (game, seats) in &games {
        assert_eq!(seats.len(), 2, "{game}: {seats:?}");
        assert_ne!(seats[0].1, seats[1].1, "{game}: {seats:?}");
        let view = first.game(game);
        for (name, color) in seats {
            assert_eq!(view["players"][color]["name"], name.as_str(), "{game}: {view}");
        }
    }
}

#[tokio::test]
async fn a_rematch_between_members_keeps_their_seats_swapped_and_the_rated_flag() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let cookies = members(&server, &["Alice", "Bob"]);
    let (alice, bob) = (&cookies[0], &cookies[1]);
    let game = accepted_game(
        &server,
        alice,
        bob,
        json!({ "to": "Bob", "color": "red", "rated": true, "clock": rated::day_a_move() }),
    );
    let (mut red, _) = seat(&server, &game, alice).await;
    let (mut blue, _) = seat(&server, &game, bob).await;
    red.send(json!({ "type": "resign" })).await;
    red.send(json!({ "type": "offer", "offer": "rematch" })).await;
    while until(&mut blue, "state").await["game"]["offer"]["kind"] != "rematch" {}
    blue.send(json!({ "type": "accept", "offer": "rematch" })).await;
    let rematch = until(&mut blue, "rematch").await["game"].as_str().unwrap().to_string();

    let view = server.game(&rematch);
    assert_eq!(
        (&view["players"]["red"]["name"], &view["players"]["blue"]["name"]),
        (&json!("Bob"), &json!("Alice"))
    );
    assert_eq!((&view["rated"], &view["status"]), (&json!(true), &json!("playing")));
    let (_, subscribed) = seat(&server, &rematch, bob).await;
    assert_eq!(subscribed["seat"], "red");
    let (_, subscribed) = seat(&server, &rematch, alice).await;
    assert_eq!(subscribed["seat"], "blue");
    let listed = json_of(&by(&server, alice, "GET", "/api/me/games", None));
    assert_eq!(ids(&listed["games"]), [rematch.as_str()]);
    assert_eq!(listed["games"][0]["color"], "blue");
}

#[tokio::test]
async fn ratings_are_kept_per_clock_category_by_the_club_s_bounds() {
    let db = TestDb::new();
    // Blitz below 1 minute, rapid up to 2: a game of 3 minutes is classical here; members are
    // on the leaderboard from their first rated game.
    let server = db.server(&["--rating-categories", "1,2", "--leaderboard-games", "1"]);
    let cookies = members(&server, &["Alice", "Bob"]);
    let (alice, bob) = (&cookies[0], &cookies[1]);
    let clock = json!({ "kind": "live", "seconds": 180 });
    let game = accepted_game(
        &server,
        alice,
        bob,
        json!({ "to": "Bob", "color": "red", "rated": true, "clock": clock }),
    );
    let (mut red, _) = seat(&server, &game, alice).await;
    let (mut blue, _) = seat(&server, &game, bob).await;
    red.play(0, "b2c2").await;
    blue.play(1, "a9a8").await;
    blue.send(json!({ "type": "resign" })).await;
    while until(&mut blue, "state").await["game"]["status"] != "over" {}
    let start = Instant::now();
    while !rated_after(&server, alice, &game) {
        assert!(start.elapsed() < PATIENCE, "never rated");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let ratings = json_of(&me(&server, alice))["ratings"].clone();
    assert_eq!(
        (ratings.as_array().unwrap().len(), &ratings[0]["category"]),
        (1, &json!("classical")),
        "{ratings}"
    );
    let board = server.get_json("/api/leaderboard");
    assert_eq!((&board["category"], &board["categories"]), (&json!("classical"), &json!(["classical"])));
    assert_eq!(board["players"][0]["name"], "Alice");
    let blitz = server.get_json("/api/leaderboard?category=blitz");
    assert_eq!(blitz["players"], json!([]), "ratings are per category");
    let refused = server.request("GET", "/api/leaderboard?category=bullet", None);
    assert_eq!(code(&refused), "bad_field");
    // Rules the engine does not know are refused with its reason, not answered with nobody.
    let refused = server.request("GET", "/api/leaderboard?rules=cats-fly%3Dyes", None);
    assert_eq!((refused.status, code(&refused).as_str()), (400, "bad_field"), "{}", refused.body);
    assert!(refused.body.contains("cats-fly"), "the reason names it: {}", refused.body);
    let profile = server.get_json("/api/members/Alice");
    assert_eq!(profile["history"][0]["category"], "classical");
    // The archive shows each member's rating in the game's category.
    let archive = server.get_json("/api/archive");
    assert_eq!(archive[0]["red_rating"]["rating"], ratings[0]["rating"]);
}
