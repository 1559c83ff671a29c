//! Conditional moves against the real server (SQLite; PostgreSQL with `JUNGLE_TEST_DB=postgres`,
//! where the opponent plays on instance A and the lines' owner is on B, or not connected): a
//! line's answer played the moment its move is stored, the rest kept, an unforeseen move or the
//! end clearing them, bad lines refused by type, lines private to their seat, and one move only
//! when the answer races a move by hand.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::chat::{game as members_game, json_of};
use server_support::members::{call, code, session, sign_up, HOME};
use server_support::{start_pair, Answer, Client, Pair, Server, TestDb};

/// A request for the seat of `token` (none: a stranger with no seat), from the club's page.
fn seat_call(server: &Server, method: &str, id: &str, token: Option<&str>, body: Option<Value>) -> Answer {
    let origin = format!("Origin: http://{}", server.addr);
    let token = token.map(|token| format!("X-Seat-Token: {token}"));
    let headers: Vec<&str> = std::iter::once(origin.as_str()).chain(token.as_deref()).collect();
    let path = format!("/api/games/{id}/conditional");
    server.request_with(HOME, method, &path, &headers, body.map(|b| b.to_string()).as_deref())
}

/// Leaves `lines` for the seat of `token`; the answer.
fn leave(server: &Server, id: &str, token: &str, lines: Value) -> Answer {
    seat_call(server, "PUT", id, Some(token), Some(json!({ "lines": lines })))
}

/// The lines the seat of `token` sees.
fn lines_of(server: &Server, id: &str, token: &str) -> Value {
    let answer = seat_call(server, "GET", id, Some(token), None);
    assert_eq!(answer.status, 200, "{}", answer.body);
    json_of(&answer.body)
}

/// The moves of the game as `server` has it.
fn moves(server: &Server, id: &str) -> Vec<String> {
    let game = server.game(id);
    game["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect()
}

/// The second instance on PostgreSQL; the same server on SQLite (one instance only).
fn second(db: &TestDb) -> Option<Server> {
    (!db.is_sqlite()).then(|| db.server(&[]))
}

/// Red's client of the pair, subscribed on `server`.
async fn red(server: &Server, pair: &Pair) -> Client {
    let mut red = server.connect(&pair.id).await;
    red.subscribe(Some(&pair.red_token)).await;
    red
}

/// Plays `mv` as move `ply`; the next move announced after it (the answer).
async fn answered(client: &mut Client, ply: usize, mv: &str) -> Value {
    client.send(json!({ "type": "move", "ply": ply, "move": mv })).await;
    loop {
        let msg = client.next().await.expect("the connection stays open");
        if msg["type"] == "moved" && msg["ply"] == ply + 1 {
            return msg;
        }
        assert_ne!(msg["type"], "error", "move {ply} {mv}: {msg}");
    }
}

/// The moves of the game as `server` shows it, once it shows `n` (another instance hears of a
/// move within moments).
fn moves_soon(server: &Server, id: &str, n: usize) -> Vec<String> {
    let start = std::time::Instant::now();
    loop {
        let shown = moves(server, id);
        if shown.len() >= n || start.elapsed() > server_support::PATIENCE {
            return shown;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// A day per move: the clocks correspondence players play with.
fn days() -> Value {
    json!({ "kind": "correspondence", "days": 1 })
}

#[tokio::test]
async fn a_line_is_answered_at_once_its_rest_kept_and_an_unforeseen_move_clears_them() {
    let db = TestDb::new();
    let a = db.server(&[]);
    let b = second(&db);
    let b = b.as_ref().unwrap_or(&a);
    let pair = start_pair(&a, days());
    // Blue, not connected anywhere, leaves two lines through instance B.
    let left =
        leave(b, &pair.id, &pair.blue_token, json!([["a3a4", "g7g6", "a4a5", "g6g5"], ["b2b3", "a7a6"]]));
    assert_eq!(left.status, 200, "{}", left.body);
    assert_eq!(json_of(&left.body)["ply"], 0);

    let mut red = red(&a, &pair).await;
    let answer = answered(&mut red, 0, "a3a4").await;
    assert_eq!((&answer["ply"], &answer["move"], &answer["by"]), (&json!(1), &json!("g7g6"), &json!("blue")));
    assert_eq!(moves(b, &pair.id), ["a3a4", "g7g6"], "the answer is in the record, on every instance");
    let kept = lines_of(b, &pair.id, &pair.blue_token);
    assert_eq!(kept, json!({ "ply": 2, "lines": [["a4a5", "g6g5"]] }), "the rest of the line is kept");

    // Again: the second move of the line is answered too.
    assert_eq!(answered(&mut red, 2, "a4a5").await["move"], "g6g5");
    assert_eq!(lines_of(&a, &pair.id, &pair.blue_token)["lines"], json!([]), "the line is played out");

    // A move no line foresaw clears them all, and nothing is played.
    let left = leave(&a, &pair.id, &pair.blue_token, json!([["a5a6", "g5g4"]]));
    assert_eq!(left.status, 200, "{}", left.body);
    red.play(4, "c3d3").await;
    assert_eq!(lines_of(b, &pair.id, &pair.blue_token)["lines"], json!([]));
    assert_eq!(moves(&a, &pair.id).len(), 5, "Blue is to move: nothing was played for it");
}

#[tokio::test]
async fn bad_lines_are_refused_by_type_and_lines_stay_private_to_their_seat() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let pair = start_pair(&server, days());
    let refused = |token: Option<&str>, lines: Value| {
        let answer = seat_call(&server, "PUT", &pair.id, token, Some(json!({ "lines": lines })));
        (answer.status, code(&answer), json_of(&answer.body))
    };
    let line = json!([["a3a4", "g7g6"]]);
    // Not your game: no token, a token of another game, nonsense.
    let other = start_pair(&server, days());
    for token in [None, Some(other.blue_token.as_str()), Some("nonsense")] {
        assert_eq!(refused(token, line.clone()).1, "bad_token", "{token:?}");
    }
    // Red is to move: its lines would answer nothing.
    assert_eq!(refused(Some(&pair.red_token), json!([["g7g6", "a3a4"]])).1, "conditional_not_now");
    // An illegal move, checked from the position along its line.
    let (status, code_name, body) =
        refused(Some(&pair.blue_token), json!([["a3a4", "g7g6"], ["a3a4", "g7g6", "a4a5", "g6g2"]]));
    assert_eq!(
        (status, code_name.as_str(), &body["params"]["line"], &body["params"]["ply"]),
        (409, "illegal_line", &json!(1), &json!(3))
    );
    assert_eq!(
        refused(Some(&pair.blue_token), json!([["a3a4", "a3a4"]])).1,
        "illegal_line",
        "Red moves twice"
    );
    assert_eq!(refused(Some(&pair.blue_token), json!([["a3a4"]])).1, "bad_field", "a move without an answer");
    let two_answers = json!([["a3a4", "g7g6"], ["a3a4", "a7a6"]]);
    assert_eq!(refused(Some(&pair.blue_token), two_answers).1, "bad_field");
    let long = vec![json!(["a3a4", "g7g6", "a4a3", "g6g7"].repeat(6))];
    let (status, code_name, body) = refused(Some(&pair.blue_token), json!(long));
    assert_eq!((status, code_name.as_str(), &body["params"]["plies"]), (400, "too_many_lines", &json!(20)));
    assert_eq!(refused(Some(&pair.blue_token), json!(vec![json!(["a3a4", "g7g6"]); 51])).1, "too_many_lines");

    // Blue's lines: Red sees only its own (none), and cannot remove Blue's.
    assert_eq!(leave(&server, &pair.id, &pair.blue_token, line.clone()).status, 200);
    assert_eq!(lines_of(&server, &pair.id, &pair.red_token)["lines"], json!([]));
    assert_eq!(seat_call(&server, "DELETE", &pair.id, Some(&pair.red_token), None).status, 204);
    assert_eq!(lines_of(&server, &pair.id, &pair.blue_token)["lines"], line, "Red's delete was of its own");
    assert_eq!(seat_call(&server, "GET", &pair.id, None, None).status, 403, "a stranger sees nothing");
    // Nor is a word of them in what the game shows anyone.
    let mut red = server.connect(&pair.id).await;
    assert!(!red.subscribe(Some(&pair.red_token)).await.to_string().contains("g7g6"));
    assert!(!server.http("GET", &format!("/api/games/{}", pair.id), None).1.contains("g7g6"));
    assert_eq!(seat_call(&server, "DELETE", &pair.id, Some(&pair.blue_token), None).status, 204);
    assert_eq!(lines_of(&server, &pair.id, &pair.blue_token)["lines"], json!([]));

    // The end of the game clears them; a game over takes none.
    assert_eq!(leave(&server, &pair.id, &pair.blue_token, line.clone()).status, 200);
    red.send(json!({ "type": "resign" })).await;
    red.expect("state").await;
    assert_eq!(lines_of(&server, &pair.id, &pair.blue_token)["lines"], json!([]));
    assert_eq!(refused(Some(&pair.red_token), line).1, "game_over");
}

#[tokio::test]
async fn a_member_leaves_lines_for_their_seat_signed_in_and_nobody_else_can() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let [alice, bob, carol] = ["Alice", "Bob", "Carol"].map(|name| session(&sign_up(&server, HOME, name)));
    let id = members_game(&server, &alice, &bob);
    let path = format!("/api/games/{id}/conditional");
    let put = |cookie: &str| {
        call(&server, HOME, "PUT", &path, Some(cookie), Some(json!({ "lines": [["a3a4", "g7g6"]] })))
    };
    assert_eq!(code(&put(&carol)), "bad_token", "a member with no seat here");
    assert_eq!(code(&put(&alice)), "conditional_not_now", "Alice (Red) is to move");
    let kept = put(&bob);
    assert_eq!(kept.status, 200, "{}", kept.body);
    let shown = call(&server, HOME, "GET", &path, Some(&bob), None);
    assert_eq!(json_of(&shown.body)["lines"], json!([["a3a4", "g7g6"]]));
    assert_eq!(json_of(&call(&server, HOME, "GET", &path, Some(&alice), None).body)["lines"], json!([]));
}

#[tokio::test]
async fn an_answer_racing_a_move_by_hand_makes_one_move() {
    let db = TestDb::new();
    let a = db.server(&[]);
    let b = second(&db);
    let b = b.as_ref().unwrap_or(&a);
    for round in 0..4 {
        let pair = start_pair(&a, days());
        assert_eq!(leave(b, &pair.id, &pair.blue_token, json!([["a3a4", "g7g6"]])).status, 200);
        let mut red = red(&a, &pair).await;
        let mut blue = b.connect(&pair.id).await;
        blue.subscribe(Some(&pair.blue_token)).await;
        // Blue's move by hand is sent as Red's arrives: one of the two is move 1, once.
        let by_hand = json!({ "type": "move", "ply": 1, "move": "a7a6" });
        let mine = json!({ "type": "move", "ply": 0, "move": "a3a4" });
        tokio::join!(red.send(mine), blue.send(by_hand));
        let blue_heard = loop {
            let msg = blue.next().await.expect("the connection stays open");
            match msg["type"].as_str() {
                Some("ack") | Some("error") => break msg,
                _ => continue,
            }
        };
        // Red's move is acknowledged once its instance is done with the answer, played or not.
        while red.next().await.expect("the connection stays open")["type"] != "ack" {}
        let game = moves_soon(&a, &pair.id, 2);
        assert_eq!(game.len(), 2, "round {round}: {game:?} ({blue_heard})");
        assert_eq!(moves_soon(b, &pair.id, 2), game, "round {round}: every instance has the same moves");
        match game[1].as_str() {
            "a7a6" => assert_eq!(blue_heard["type"], "ack", "round {round}"),
            // Refused as late (or as early: sent before Blue's instance heard of Red's move).
            "g7g6" => assert!(
                ["stale_move", "ply_ahead"].contains(&blue_heard["code"].as_str().unwrap_or("")),
                "round {round}: {blue_heard}"
            ),
            other => panic!("round {round}: move 1 is {other}"),
        }
        assert_eq!(lines_of(&a, &pair.id, &pair.blue_token)["lines"], json!([]), "round {round}");
    }
}
