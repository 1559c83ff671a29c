//! The bot API against the real server (SQLite; with `JUNGLE_TEST_DB=postgres`, two instances
//! on one PostgreSQL, the bot on one and its human opponent on the other): a bot accepts a
//! member's challenge and plays it through its streams with a clock — moves, chat, a draw
//! offer declined, a resignation; a dropped game stream reconnected gets the whole game and
//! the game goes on; two bots play each other and agree a draw; a bot that does not come back
//! loses on time as any player would, and not otherwise; a bot is tagged as one in the
//! challenges it sends, its seats and the leaderboard.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::bots::{bot_call, json_of, make_bot, Lines, TestBot};
use server_support::members::{call, code, session, sign_up, HOME};
use server_support::{Client, Server, TestDb};
use std::time::{Duration, Instant};

/// The servers of a test: one on SQLite; two instances of one PostgreSQL database.
fn servers(db: &TestDb) -> (Server, Option<Server>) {
    let first = db.server(&[]);
    let second = (!db.is_sqlite()).then(|| db.server(&[]));
    (first, second)
}

/// A WebSocket to game `id` playing the seat of the member of session `cookie`.
async fn seat(server: &Server, id: &str, cookie: &str) -> Client {
    let headers =
        [("origin", format!("http://{}", server.addr)), ("cookie", format!("jungle_session={cookie}"))];
    let mut client = server.connect_with(id, &headers).await;
    client.send(json!({ "type": "subscribe", "member": true })).await;
    client.expect("subscribed").await;
    client
}

/// `cookie`'s member challenges `bot` with `clock` (the page's clock), taking red; the bot
/// hears of it on `events` and accepts: the game's id.
fn challenge_accepted(
    server: &Server,
    cookie: &str,
    bot: &TestBot,
    events: &mut Lines,
    clock: Value,
) -> String {
    let body = json!({ "to": bot.name, "clock": clock, "color": "red" });
    let sent = call(server, HOME, "POST", "/api/challenges", Some(cookie), Some(body));
    assert_eq!(sent.status, 201, "{}", sent.body);
    let id = json_of(&sent)["id"].as_str().unwrap().to_string();
    let heard = events.until("challenge", |line| line["challenge"]["id"] == id.as_str());
    assert_eq!(heard["challenge"]["challenger"], "ann");
    assert_eq!(heard["challenge"]["color"], "red");
    assert_eq!(heard["challenge"]["rated"], false);
    let accepted = bot_call(server, &bot.token, "POST", &format!("/api/bot/challenge/{id}/accept"), None);
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let game = json_of(&accepted)["game"].as_str().unwrap().to_string();
    events.until("gameStart", |line| line["game"]["id"] == game.as_str());
    game
}

fn bot_move(server: &Server, bot: &TestBot, game: &str, uci: &str) -> u16 {
    bot_call(server, &bot.token, "POST", &format!("/api/bot/game/{game}/move/{uci}"), None).status
}

#[tokio::test]
async fn a_bot_plays_a_members_challenge_through_its_streams() {
    let db = TestDb::new();
    let (server, other) = servers(&db);
    let human = other.as_ref().unwrap_or(&server);
    let ann = session(&sign_up(human, [127, 0, 2, 1], "ann"));
    let bot = make_bot(&server, [127, 0, 2, 2], "deepbot");
    let account = json_of(&bot_call(&server, &bot.token, "GET", "/api/bot/account", None));
    assert_eq!(account, json!({ "name": "deepbot", "bot": true }));
    let mut events = Lines::open(&server, "/api/bot/stream/event", &bot.token);
    let clock = json!({ "kind": "live", "seconds": 300, "increment": 3 });
    let game = challenge_accepted(human, &ann, &bot, &mut events, clock);

    let mut stream = Lines::open(&server, &format!("/api/bot/game/stream/{game}"), &bot.token);
    let full = stream.next().unwrap();
    assert_eq!(full["type"], "gameFull");
    assert_eq!(
        (&full["red"], &full["blue"], &full["color"]),
        (&json!("ann"), &json!("deepbot"), &json!("blue"))
    );
    assert_eq!(full["clock"], json!({ "minutes": 5, "increment": 3 }));
    assert_eq!(full["rules"], "");
    assert_eq!(full["state"]["moves"], "");
    assert_eq!(full["state"]["status"], "playing");
    assert_eq!(full["state"]["red_ms"], 300_000);

    let mut anns = seat(human, &game, &ann).await;
    anns.play(0, "a3a4").await;
    let state = stream.until("gameState", |s| s["moves"] == "a3a4");
    assert_eq!(state["status"], "playing");
    assert_eq!(bot_move(&server, &bot, &game, "g7g6"), 204);
    let state = stream.until("gameState", |s| s["moves"] == "a3a4 g7g6");
    assert!(state["red_ms"].as_i64().unwrap() > 0 && state["blue_ms"].as_i64().unwrap() > 0, "{state}");
    // The same move again (an answer lost on the way) is not played twice; a move out of turn
    // is refused, typed.
    assert_eq!(bot_move(&server, &bot, &game, "g7g6"), 204);
    let refused = bot_call(&server, &bot.token, "POST", &format!("/api/bot/game/{game}/move/g6g5"), None);
    assert_eq!((refused.status, code(&refused).as_str()), (409, "not_your_turn"), "{}", refused.body);

    // Chat both ways.
    let said = bot_call(
        &server,
        &bot.token,
        "POST",
        &format!("/api/bot/game/{game}/chat"),
        Some(json!({ "text": "good luck" })),
    );
    assert_eq!(said.status, 204, "{}", said.body);
    let heard = anns.expect("chat").await;
    assert_eq!(
        (&heard["message"]["author"], &heard["message"]["text"]),
        (&json!("deepbot"), &json!("good luck"))
    );
    anns.send(json!({ "type": "chat", "text": "thanks" })).await;
    anns.expect("chat").await;
    let line = stream.until("chatLine", |line| line["from"] == "ann");
    assert_eq!(line["text"], "thanks");

    // A draw offered by the bot, declined by the member.
    assert_eq!(
        bot_call(&server, &bot.token, "POST", &format!("/api/bot/game/{game}/draw/yes"), None).status,
        204
    );
    stream.until("gameState", |s| s["draw_offer"] == "blue");
    anns.expect("state").await;
    anns.send(json!({ "type": "decline", "offer": "draw" })).await;
    anns.expect("state").await;
    stream.until("gameState", |s| s["draw_offer"].is_null());

    // The stream dropped mid-game and opened again: the whole game, and it goes on.
    drop(stream);
    anns.play(2, "a4a5").await;
    let mut stream = Lines::open(&server, &format!("/api/bot/game/stream/{game}"), &bot.token);
    let full = stream.next().unwrap();
    assert_eq!(full["state"]["moves"], "a3a4 g7g6 a4a5");
    assert_eq!(bot_move(&server, &bot, &game, "g6g5"), 204);
    stream.until("gameState", |s| s["moves"] == "a3a4 g7g6 a4a5 g6g5");

    // The bot resigns: the last state says how, the stream ends, the event stream tells.
    assert_eq!(
        bot_call(&server, &bot.token, "POST", &format!("/api/bot/game/{game}/resign"), None).status,
        204
    );
    let last = stream.until("gameState", |s| s["status"] == "over");
    assert_eq!((&last["winner"], &last["reason"]), (&json!("red"), &json!("resigned")));
    assert!(stream.ends());
    events.until("gameFinish", |line| line["game"]["id"] == game.as_str());
}

#[tokio::test]
async fn two_bots_play_each_other_and_agree_a_draw() {
    let db = TestDb::new();
    let (server, other) = servers(&db);
    let second = other.as_ref().unwrap_or(&server);
    let alpha = make_bot(&server, [127, 0, 3, 1], "alphabot");
    let beta = make_bot(second, [127, 0, 3, 2], "betabot");
    let mut betas_events = Lines::open(second, "/api/bot/stream/event", &beta.token);
    let body =
        json!({ "rules": "", "clock": { "minutes": 3, "increment": 2 }, "color": "red", "rated": true });
    let sent = bot_call(&server, &alpha.token, "POST", "/api/bot/challenge/betabot", Some(body));
    assert_eq!(sent.status, 201, "{}", sent.body);
    let id = json_of(&sent)["id"].as_str().unwrap().to_string();
    let heard = betas_events.until("challenge", |line| line["challenge"]["id"] == id.as_str());
    assert_eq!(heard["challenge"]["clock"], json!({ "minutes": 3, "increment": 2 }));
    assert_eq!(heard["challenge"]["rated"], true, "bots are rated among bots");
    let accepted = bot_call(second, &beta.token, "POST", &format!("/api/bot/challenge/{id}/accept"), None);
    let game = json_of(&accepted)["game"].as_str().unwrap().to_string();

    let mut alphas = Lines::open(&server, &format!("/api/bot/game/stream/{game}"), &alpha.token);
    let mut betas = Lines::open(second, &format!("/api/bot/game/stream/{game}"), &beta.token);
    assert_eq!(alphas.next().unwrap()["color"], "red");
    assert_eq!(betas.next().unwrap()["color"], "blue");
    assert_eq!(bot_move(&server, &alpha, &game, "a3a4"), 204);
    betas.until("gameState", |s| s["moves"] == "a3a4");
    assert_eq!(bot_move(second, &beta, &game, "g7g6"), 204);
    alphas.until("gameState", |s| s["moves"] == "a3a4 g7g6");
    assert_eq!(
        bot_call(&server, &alpha.token, "POST", &format!("/api/bot/game/{game}/draw/yes"), None).status,
        204
    );
    betas.until("gameState", |s| s["draw_offer"] == "red");
    assert_eq!(
        bot_call(second, &beta.token, "POST", &format!("/api/bot/game/{game}/draw/yes"), None).status,
        204
    );
    for stream in [&mut alphas, &mut betas] {
        let last = stream.until("gameState", |s| s["status"] == "over");
        assert_eq!((&last["winner"], &last["reason"]), (&Value::Null, &json!("draw")));
        assert!(stream.ends());
    }
}

#[tokio::test]
async fn a_bot_that_does_not_come_back_loses_on_time_as_anyone_would() {
    let db = TestDb::new();
    let (server, other) = servers(&db);
    let human = other.as_ref().unwrap_or(&server);
    let ann = session(&sign_up(human, [127, 0, 4, 1], "ann"));
    let bot = make_bot(&server, [127, 0, 4, 2], "slowbot");
    let mut events = Lines::open(&server, "/api/bot/stream/event", &bot.token);
    // Four seconds each: the bot's clock runs once both have moved.
    let clock = json!({ "kind": "live", "seconds": 4, "increment": 0 });
    let game = challenge_accepted(human, &ann, &bot, &mut events, clock);
    let mut anns = seat(human, &game, &ann).await;
    let mut stream = Lines::open(&server, &format!("/api/bot/game/stream/{game}"), &bot.token);
    stream.next().unwrap();
    anns.play(0, "a3a4").await;
    assert_eq!(bot_move(&server, &bot, &game, "g7g6"), 204);
    anns.play(2, "a4a5").await;
    let state = stream.until("gameState", |s| s["moves"] == "a3a4 g7g6 a4a5");
    let (seen, left) = (Instant::now(), state["blue_ms"].as_u64().unwrap());
    // The bot goes away, streams and all, while its clock runs.
    drop(stream);
    drop(events);
    let end = anns.expect("state").await;
    assert_eq!(end["game"]["result"]["reason"], "time", "{end}");
    assert_eq!(end["game"]["result"]["winner"], "red", "{end}");
    // Not a moment before its time was gone (the state was sent just after its clock started).
    let waited = seen.elapsed();
    assert!(waited + Duration::from_millis(300) >= Duration::from_millis(left), "{waited:?} of {left} ms");
    assert_eq!(human.game(&game)["result"]["reason"], "time", "the ending is stored");
}

#[tokio::test]
async fn a_bot_is_tagged_wherever_the_club_names_it() {
    let db = TestDb::new();
    let first = db.server(&["--leaderboard-games", "1"]);
    let other = (!db.is_sqlite()).then(|| db.server(&["--leaderboard-games", "1"]));
    let second = other.as_ref().unwrap_or(&first);
    let ann = session(&sign_up(second, [127, 0, 5, 1], "ann"));
    let alpha = make_bot(&first, [127, 0, 5, 2], "alphabot");
    let beta = make_bot(second, [127, 0, 5, 3], "betabot");

    // A challenge from a bot says so; so does its seat in the game.
    let body = json!({ "rules": "", "clock": { "minutes": 5, "increment": 0 }, "color": "red" });
    let sent = bot_call(&first, &alpha.token, "POST", "/api/bot/challenge/ann", Some(body));
    assert_eq!(sent.status, 201, "{}", sent.body);
    let id = json_of(&sent)["id"].as_str().unwrap().to_string();
    let mine = json_of(&call(second, HOME, "GET", "/api/me/challenges", Some(&ann), None));
    assert_eq!(
        (&mine["incoming"][0]["from"], &mine["incoming"][0]["from_bot"]),
        (&json!("alphabot"), &json!(true))
    );
    let accepted = call(second, HOME, "POST", &format!("/api/challenges/{id}/accept"), Some(&ann), None);
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let game = json_of(&accepted)["game"].as_str().unwrap().to_string();
    let ratings = &second.game(&game)["ratings"];
    assert_eq!((&ratings["red"]["bot"], &ratings["blue"]["bot"]), (&json!(true), &json!(false)), "{ratings}");
    let sent = json_of(&call(&first, HOME, "GET", "/api/me/challenges", Some(&ann), None));
    assert_eq!(sent["incoming"], json!([]), "the challenge was taken");

    // A rated game between bots puts both on the leaderboard, tagged; a member is not.
    let body =
        json!({ "rules": "", "clock": { "minutes": 3, "increment": 2 }, "color": "red", "rated": true });
    let sent = bot_call(&first, &alpha.token, "POST", "/api/bot/challenge/betabot", Some(body));
    let id = json_of(&sent)["id"].as_str().unwrap().to_string();
    let accepted = bot_call(second, &beta.token, "POST", &format!("/api/bot/challenge/{id}/accept"), None);
    let game = json_of(&accepted)["game"].as_str().unwrap().to_string();
    assert_eq!(bot_move(&first, &alpha, &game, "a3a4"), 204);
    assert_eq!(bot_move(second, &beta, &game, "g7g6"), 204);
    let resigned = bot_call(&first, &alpha.token, "POST", &format!("/api/bot/game/{game}/resign"), None);
    assert_eq!(resigned.status, 204, "{}", resigned.body);
    let start = Instant::now();
    let board = loop {
        let board = first.get_json("/api/leaderboard");
        if board["players"].as_array().is_some_and(|players| players.len() == 2) {
            break board;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "never rated: {board}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let tags: Vec<_> = board["players"].as_array().unwrap().iter().map(|p| (&p["name"], &p["bot"])).collect();
    assert_eq!(tags, [(&json!("betabot"), &json!(true)), (&json!("alphabot"), &json!(true))], "{board}");
}
