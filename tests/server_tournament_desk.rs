//! The director's desk against the real server (SQLite; PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`, on two instances where it matters): who directs a tournament
//! (its creator where the club lets members make them), a result adjusted after the game (the
//! game's record, the member's game list, the standings and both ratings follow it; a forfeit
//! takes the game out of the ratings, and back in when the director sets a played result), a
//! result set while the game is played on another instance, and the log of each action.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::rated::ratings;
use server_support::tournaments::*;
use server_support::{Server, TestDb, PATIENCE};

/// Member `name`'s rating in the standard rules without a clock (correspondence), and its
/// games: once the rating sweep has counted `games` games.
async fn rating_after(server: &Server, member: &Member, games: i64) -> (i64, i64) {
    let start = std::time::Instant::now();
    loop {
        let all = ratings(server, &member.cookie);
        let found =
            all.as_array().unwrap().iter().find(|r| r["rules"] == "" && r["category"] == "correspondence");
        if let Some(rating) = found.filter(|r| r["games"] == games) {
            return (rating["rating"].as_i64().unwrap(), games);
        }
        assert!(start.elapsed() < PATIENCE, "the sweep never counted {games} games: {all}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// The record of game `id`, as downloaded.
fn record(server: &Server, id: &str) -> String {
    let (status, body) = server.http("GET", &format!("/api/games/{id}/record"), None);
    assert_eq!(status, 200, "{body}");
    body
}

/// Game `id` as the profile of `name` lists it.
fn listed(server: &Server, name: &str, id: &str) -> Value {
    let profile = server.get_json(&format!("/api/members/{name}"));
    let games = profile["recent"].as_array().unwrap();
    games.iter().find(|game| game["id"] == id).cloned().unwrap_or_else(|| panic!("{id} in {profile}"))
}

/// The log of tournament `id` as `member` reads it.
fn log(server: &Server, member: &Member, id: &str) -> Vec<Value> {
    let log = expect(ask(server, Some(member), "GET", &format!("/api/tournaments/{id}/log"), None), 200);
    log["log"].as_array().unwrap().clone()
}

fn entries<'a>(log: &'a [Value], action: &str) -> Vec<&'a Value> {
    log.iter().filter(|entry| entry["action"] == action).collect()
}

#[tokio::test]
async fn the_creator_directs_where_members_make_tournaments() {
    let db = TestDb::new();
    let server = db.server(&["--tournaments", "members"]);
    let club = members(&server, 4);
    let (admin, creator, other) = (&club[0], &club[1], &club[2]);
    let id = create(&server, creator, json!({ "name": "Members' Swiss", "format": "swiss", "rounds": 1 }));
    assert_eq!(get(&server, &id)["director"], "Player2");
    for member in [creator, other, &club[3]] {
        expect(ask(&server, Some(member), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    }
    let path = |what: &str| format!("/api/tournaments/{id}/{what}");
    // Another member may not direct it: start, pause, results, removals and the log are refused.
    for (method, what) in [("POST", "start"), ("POST", "pause"), ("GET", "log"), ("DELETE", "players/3")] {
        assert_eq!(
            refused(ask(&server, Some(other), method, &path(what), None), 403),
            "not_director",
            "{what}"
        );
    }
    assert_eq!(refused(ask(&server, None, "POST", &path("pause"), None), 401), "not_signed_in");
    // Its creator may, and so may an admin.
    let started = expect(ask(&server, Some(creator), "POST", &path("start"), None), 200);
    expect(ask(&server, Some(creator), "POST", &path("pause"), None), 200);
    expect(ask(&server, Some(admin), "POST", &path("resume"), None), 200);
    let body = json!({ "round": 1, "board": 1, "result": "draw" });
    let refused_result = ask(&server, Some(other), "PUT", &path("results"), Some(body.clone()));
    assert_eq!(refused(refused_result, 403), "not_director");
    assert_eq!(ask(&server, Some(creator), "PUT", &path("results"), Some(body)).status, 204);
    assert_eq!(get(&server, &id)["pairings"][0]["result"], "draw");
    // The player with the bye is removed by the creator.
    let bye = boards(&started, 1).into_iter().find(|(_, blue)| blue.is_none()).unwrap().0;
    assert_eq!(ask(&server, Some(creator), "DELETE", &path(&format!("players/{bye}")), None).status, 204);
    let shown = get(&server, &id);
    let removed = &shown["players"][bye as usize - 1];
    assert_eq!((removed["withdrawn"].clone(), removed["removed"].clone()), (json!(true), json!(true)));
    let actions: Vec<Value> = log(&server, creator, &id).iter().map(|e| e["action"].clone()).collect();
    for action in ["created", "started", "paused", "resumed", "result", "removed"] {
        assert!(actions.contains(&json!(action)), "{action} in {actions:?}");
    }
    // Where only admins make tournaments, only admins direct them.
    server.terminate();
    let admins_only = db.server(&[]);
    assert_eq!(get(&admins_only, &id)["director"], Value::Null);
    assert_eq!(refused(ask(&admins_only, Some(creator), "GET", &path("log"), None), 403), "not_admin");
    expect(ask(&admins_only, Some(admin), "GET", &path("log"), None), 200);
}

/// A rated game Blue won, set afterwards to a win for Red, then to Red's forfeit, then to a
/// draw: each time its record, its line in the member's games, the standings and both
/// ratings follow. Both players start at 1500 (deviation 350): a win gives 1662 and a loss
/// 1338 (Glicko-2), a draw between them leaves 1500.
#[tokio::test]
async fn an_adjusted_result_is_followed_by_the_game_and_the_ratings() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 3);
    let admin = &club[0];
    let id = create(&server, admin, json!({ "name": "Rated night", "format": "swiss", "rounds": 1 }));
    for member in &club[1..] {
        expect(ask(&server, Some(member), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    }
    let started =
        expect(ask(&server, Some(admin), "POST", &format!("/api/tournaments/{id}/start"), None), 200);
    let (red_number, blue_number) = boards(&started, 1)[0];
    let blue_number = blue_number.unwrap();
    // Players 1 and 2 of the tournament are members 2 and 3 of the club.
    let (red, blue) = (&club[red_number as usize], &club[blue_number as usize]);
    let (red_name, blue_name) = (format!("Player{}", red_number + 1), format!("Player{}", blue_number + 1));
    let game = game_of(&started, 1, 1);
    play(&server, &club[1..], (red_number, blue_number), &game, Ending::Resigns("red")).await;
    until(&server, &id, "the end", |t| t["state"] == "finished");
    assert_eq!(rating_after(&server, red, 1).await, (1338, 1));
    assert_eq!(rating_after(&server, blue, 1).await, (1662, 1));

    // Red won after all (the finished tournament's result is corrected).
    result(&server, admin, &id, 1, 1, "red");
    let shown = get(&server, &id);
    assert_eq!(shown["pairings"][0]["result"], "red");
    assert_eq!(shown["standings"][0]["number"], red_number);
    assert_eq!(shown["standings"][0]["points"], 1.0);
    let text = record(&server, &game);
    assert!(text.contains("[Result \"1-0\"]\n[Termination \"adjudicated\"]"), "{text}");
    let line = listed(&server, &red_name, &game);
    assert_eq!(line["result"], json!({ "winner": "red", "reason": "adjudicated", "score": "1-0" }));
    let results = server.get_json(&format!("/api/members/{red_name}"))["results"].clone();
    assert_eq!(results, json!({ "wins": 1, "draws": 0, "losses": 0 }));
    assert_eq!(rating_after(&server, red, 1).await, (1662, 1));
    assert_eq!(rating_after(&server, blue, 1).await, (1338, 1));
    let history = server.get_json(&format!("/api/members/{red_name}"))["history"].clone();
    assert_eq!(history[0]["game"], game.as_str());
    assert_eq!(history[0]["rating"], 1662, "the history's point follows: {history}");
    let logged = log(&server, admin, &id);
    let corrected = entries(&logged, "ratings");
    assert_eq!(corrected.len(), 1, "{logged:?}");
    assert_eq!(corrected[0]["params"]["red"], json!({ "name": red_name, "from": 1338, "to": 1662 }));
    assert_eq!(corrected[0]["params"]["blue"], json!({ "name": blue_name, "from": 1662, "to": 1338 }));
    let set = entries(&logged, "result");
    assert_eq!(set[0]["params"], json!({ "round": 1, "board": 1, "from": "blue", "to": "red" }));

    // Red forfeited: a forfeit never counts, so the game leaves the ratings.
    result(&server, admin, &id, 1, 1, "red-forfeits");
    let text = record(&server, &game);
    assert!(text.contains("[Result \"0-1\"]\n[Termination \"forfeit\"]"), "{text}");
    assert_eq!(listed(&server, &blue_name, &game)["uncounted"], "forfeit");
    assert_eq!(rating_after(&server, red, 0).await, (1500, 0));
    assert_eq!(rating_after(&server, blue, 0).await, (1500, 0));
    let history = server.get_json(&format!("/api/members/{red_name}"))["history"].clone();
    assert_eq!(history, json!([]), "no point for a game that does not count");
    assert_eq!(get(&server, &id)["standings"][0]["number"], blue_number);

    // A draw after all: the sweep counts the game again, as a draw.
    result(&server, admin, &id, 1, 1, "draw");
    assert_eq!(rating_after(&server, red, 1).await, (1500, 1));
    assert_eq!(rating_after(&server, blue, 1).await, (1500, 1));
    assert_eq!(listed(&server, &red_name, &game)["uncounted"], Value::Null);
    let text = record(&server, &game);
    assert!(text.contains("[Result \"1/2-1/2\"]\n[Termination \"adjudicated\"]"), "{text}");
    // A result the game does not have, and a board that has none, are refused.
    let path = format!("/api/tournaments/{id}/results");
    let bad = ask(
        &server,
        Some(admin),
        "PUT",
        &path,
        Some(json!({ "round": 1, "board": 1, "result": "red wins" })),
    );
    assert_eq!(refused(bad, 400), "bad_field");
    let none =
        ask(&server, Some(admin), "PUT", &path, Some(json!({ "round": 2, "board": 1, "result": "red" })));
    assert_eq!(refused(none, 404), "not_found");
}

/// Four players: round 1's game on board 1 is being played (its players on the first
/// instance) when the director sets its result on the second: the players see it end, and
/// the sweep rates the result set. A player is removed with their game in play, the
/// tournament paused, resumed and ended, each in the log; every round stays in the answer.
#[tokio::test]
async fn a_result_set_while_the_game_is_played_ends_it_everywhere() {
    let db = TestDb::new();
    let one = db.server(&[]);
    let two = if db.is_sqlite() { None } else { Some(db.server(&[])) };
    let other = two.as_ref().unwrap_or(&one);
    let club = members(&one, 5);
    let admin = &club[0];
    let players = &club[1..];
    let id = create(&one, admin, json!({ "name": "Two rooms", "format": "swiss", "rounds": 2 }));
    for member in players {
        expect(ask(&one, Some(member), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    }
    let started = expect(ask(&one, Some(admin), "POST", &format!("/api/tournaments/{id}/start"), None), 200);
    let [(red, Some(blue)), (_, Some(fourth))] = boards(&started, 1)[..] else { panic!("{started}") };
    let (mut reds, mut blues) = open(&one, players, (red, blue), &game_of(&started, 1, 1)).await;
    let body = json!({ "round": 1, "board": 1, "result": "draw" });
    let path = format!("/api/tournaments/{id}/results");
    assert_eq!(ask(other, Some(admin), "PUT", &path, Some(body)).status, 204);
    for client in [&mut reds, &mut blues] {
        let state = client.expect("state").await;
        assert_eq!(state["game"]["status"], "over", "{state}");
        assert_eq!(
            state["game"]["result"],
            json!({ "winner": null, "reason": "adjudicated", "score": "1/2-1/2" })
        );
    }
    // Not rated before: the sweep rates the draw set.
    assert_eq!(rating_after(&one, &players[red as usize - 1], 1).await, (1500, 1));

    // Board 2's Blue is removed while the game waits: Blue forfeits it.
    expect(ask(other, Some(admin), "POST", &format!("/api/tournaments/{id}/pause"), None), 200);
    let removal = format!("/api/tournaments/{id}/players/{fourth}");
    assert_eq!(ask(other, Some(admin), "DELETE", &removal, None).status, 204);
    let done = until(&one, &id, "board 2's forfeit", |t| t["pairings"][1]["result"] == "blue-forfeits");
    let text = record(&one, &game_of(&started, 1, 2));
    assert!(text.contains("[Result \"1-0\"]\n[Termination \"forfeit\"]"), "the game says so too: {text}");
    let removed = format!("Player{}", fourth + 1);
    let start = std::time::Instant::now();
    while listed(&one, &removed, &game_of(&started, 1, 2))["uncounted"] != "forfeit" {
        assert!(start.elapsed() < PATIENCE, "the sweep never marked the forfeit as not rated");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(!has_round(&done, 2), "paused: no round 2 yet");
    expect(ask(&one, Some(admin), "POST", &format!("/api/tournaments/{id}/resume"), None), 200);
    let second = until(&one, &id, "round 2", |t| has_round(t, 2));
    // Every round is in the answer, with its results.
    let rounds: Vec<(Value, Value)> = second["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["round"].clone(), p["result"].clone()))
        .collect();
    assert_eq!(&rounds[..2], [(json!(1), json!("draw")), (json!(1), json!("blue-forfeits"))]);
    assert!(rounds[2..].iter().all(|(round, _)| *round == 2), "{rounds:?}");
    expect(ask(other, Some(admin), "POST", &format!("/api/tournaments/{id}/end"), None), 200);

    let logged = log(&one, admin, &id);
    let actions: Vec<&str> = logged.iter().map(|e| e["action"].as_str().unwrap()).collect();
    for action in ["started", "paired", "result", "paused", "removed", "resumed", "finished"] {
        assert!(actions.contains(&action), "{action} in {actions:?}");
    }
    assert_eq!(entries(&logged, "removed")[0]["params"], json!({ "player": fourth }));
    assert_eq!(entries(&logged, "removed")[0]["by"], "Player1");
    assert_eq!(entries(&logged, "paired")[1]["params"], json!({ "round": 2 }));
    let finished: Vec<&Value> = entries(&logged, "finished");
    assert_eq!(finished.last().unwrap()["params"], json!({ "reason": "ended-early" }));
}
