//! Tournaments against the real server (SQLite; PostgreSQL with `JUNGLE_TEST_DB=postgres`):
//! a Swiss from registration to final standings (a forfeit, a withdrawal, a late entry, a result
//! adjusted by the admin, tie-breaks computed by hand), a round robin, refusals, and a round
//! asked for twice at once (two instances on PostgreSQL) paired once.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::tournaments::*;
use server_support::TestDb;

#[tokio::test]
async fn a_swiss_from_registration_to_final_standings() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 6);
    let admin = &club[0];
    let request = json!({ "name": "Autumn Swiss", "format": "swiss", "rounds": 3, "late_entry_points": 0.5 });
    assert_eq!(
        refused(ask(&server, Some(&club[1]), "POST", "/api/tournaments", Some(request.clone())), 403),
        "not_admin"
    );
    let id = create(&server, admin, request);
    let players = format!("/api/tournaments/{id}/players");
    // Players 1 to 5 register (all rated 1500: ranked by number); 5 withdraws before the start.
    for member in &club[..5] {
        expect(ask(&server, Some(member), "POST", &players, None), 201);
    }
    assert_eq!(refused(ask(&server, Some(&club[0]), "POST", &players, None), 409), "already_registered");
    assert_eq!(ask(&server, Some(&club[4]), "DELETE", &players, None).status, 204);
    let rounds = format!("/api/tournaments/{id}/rounds");
    assert_eq!(refused(ask(&server, Some(admin), "POST", &rounds, None), 409), "no_rounds", "not started");
    let started =
        expect(ask(&server, Some(admin), "POST", &format!("/api/tournaments/{id}/start"), None), 200);
    assert_eq!(started["state"], "running");
    // Round 1: 1–3 and 2–4, the higher player Red on board 1 and Blue on board 2.
    assert_eq!(boards(&started, 1), [(1, Some(3)), (4, Some(2))]);
    assert_eq!(refused(ask(&server, Some(admin), "POST", &rounds, None), 409), "round_not_finished");
    result(&server, admin, &id, 1, 1, "red");
    result(&server, admin, &id, 1, 2, "red-forfeits");
    // Round 2, paired by the director: {1, 2} on 1 point, {3, 4} on 0. 1 had Red, 2 no colour
    // (a forfeit): 1 takes Blue; 3 had Blue, 4 none: 3 takes Red.
    assert_eq!(refused(ask(&server, Some(&club[1]), "POST", &rounds, None), 403), "not_admin");
    let second = until(&server, &id, "round 2", |t| has_round(t, 2));
    assert_eq!(boards(&second, 2), [(2, Some(1)), (3, Some(4))]);
    // Paused while the admin corrects a result and a late entry comes in.
    expect(ask(&server, Some(admin), "POST", &format!("/api/tournaments/{id}/pause"), None), 200);
    result(&server, admin, &id, 2, 1, "draw");
    result(&server, admin, &id, 2, 2, "red");
    // The admin corrects board 2: Blue won.
    result(&server, admin, &id, 2, 2, "blue");
    // Player 6 enters late, after two rounds, with ½ for each: 1 point.
    assert_eq!(expect(ask(&server, Some(&club[5]), "POST", &players, None), 201)["number"], 6);
    // Round 3: 1 and 2 (1½) have met, so do 2 and 4 (a forfeit is a meeting): 1–4 and 2–6,
    // the bye to 3, the lowest. 4 (one Blue more) takes Red; 2 (one Red more) Blue.
    assert_eq!(refused(ask(&server, Some(admin), "POST", &rounds, None), 409), "paused");
    expect(ask(&server, Some(admin), "POST", &format!("/api/tournaments/{id}/resume"), None), 200);
    let third = until(&server, &id, "round 3", |t| has_round(t, 3));
    assert_eq!(boards(&third, 3), [(4, Some(1)), (6, Some(2)), (3, None)]);
    result(&server, admin, &id, 3, 1, "draw");
    result(&server, admin, &id, 3, 2, "blue");
    until(&server, &id, "the end", |t| t["state"] == "finished");
    assert_eq!(refused(ask(&server, Some(admin), "POST", &rounds, None), 409), "no_rounds");

    // Scores: 1: 1 + ½ + ½ = 2; 2: 1 (forfeit) + ½ + 1 = 2½; 3: 0 + 0 + 1 (bye) = 1;
    // 4: 0 + 1 + ½ = 1½; 5: withdrawn, 0; 6: ½ + ½ (late) + 0 = 1.
    // Buchholz over the board only; cut-1 takes off the lowest unless a round was unplayed:
    // 2: 1 (2) + 6 (1) = 3, forfeit: cut-1 3; SB ½·2 + 1 = 2; one win.
    // 1: 3 (1) + 2 (2½) + 4 (1½) = 5, cut-1 4; SB 1 + 1¼ + ¾ = 3; one win.
    // 4: 3 (1) + 1 (2) = 3, cut-1 3; SB 1 + 1 = 2; one win.
    // 3: 1 (2) + 4 (1½) = 3½ (the bye unplayed); 6: 2 (2½) = 2½: 3 before 6 on cut-1.
    let finished = get(&server, &id);
    assert_eq!(finished["state"], "finished");
    assert_eq!(
        finished["tie_breaks"],
        json!(["buchholz-cut-1", "buchholz", "sonneborn-berger", "direct-encounter", "wins"])
    );
    let lines: Vec<Value> = finished["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| json!([l["rank"], l["number"], l["points"], l["tie_breaks"]]))
        .collect();
    assert_eq!(
        lines,
        [
            json!([1, 2, 2.5, [3.0, 3.0, 2.0, 0.0, 1.0]]),
            json!([2, 1, 2.0, [4.0, 5.0, 3.0, 0.0, 1.0]]),
            json!([3, 4, 1.5, [3.0, 3.0, 2.0, 0.0, 1.0]]),
            json!([4, 3, 1.0, [3.5, 3.5, 0.0, 0.0, 0.0]]),
            json!([5, 6, 1.0, [2.5, 2.5, 0.0, 0.0, 0.0]]),
            json!([6, 5, 0.0, [0.0, 0.0, 0.0, 0.0, 0.0]]),
        ]
    );
    // The log keeps every step, the corrected result with the one it replaced.
    let log = expect(ask(&server, Some(admin), "GET", &format!("/api/tournaments/{id}/log"), None), 200);
    let details: Vec<&str> =
        log["log"].as_array().unwrap().iter().map(|e| e["detail"].as_str().unwrap()).collect();
    assert!(details.contains(&"round 2 board 2: red → blue"), "{details:?}");
    let actions: Vec<&str> =
        log["log"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    for action in
        ["created", "registered", "withdrew", "started", "paired", "result", "paused", "resumed", "finished"]
    {
        assert!(actions.contains(&action), "{action} in {actions:?}");
    }
    assert_eq!(
        refused(ask(&server, Some(&club[1]), "GET", &format!("/api/tournaments/{id}/log"), None), 403),
        "not_admin"
    );
}

#[tokio::test]
async fn a_round_robin_is_laid_out_by_the_berger_tables() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 3);
    let id = create(&server, &club[0], json!({ "name": "Round robin", "format": "double-round-robin" }));
    for member in &club {
        expect(ask(&server, Some(member), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    }
    let started =
        expect(ask(&server, Some(&club[0]), "POST", &format!("/api/tournaments/{id}/start"), None), 200);
    assert_eq!(started["rounds"], 6, "three players: 3 rounds a cycle, twice");
    // Four numbers, the fourth a bye: round 1 is 1–bye, 2–3.
    assert_eq!(boards(&started, 1), [(2, Some(3)), (1, None)]);
    let others = members_from(&server, 3, 1);
    let late = ask(&server, Some(&others[0]), "POST", &format!("/api/tournaments/{id}/players"), None);
    assert_eq!(refused(late, 409), "registration_closed", "no late entry in a round robin");
    let gone = ask(&server, Some(&club[0]), "DELETE", &format!("/api/tournaments/{id}/players"), None);
    assert_eq!(gone.status, 204, "a player may withdraw");
    let again = ask(&server, Some(&club[0]), "POST", &format!("/api/tournaments/{id}/players"), None);
    assert_eq!(again.status, 200, "and come back: {}", again.body);
    let list = expect(ask(&server, None, "GET", "/api/tournaments", None), 200);
    assert_eq!(list["tournaments"][0]["players"], 3);
    assert_eq!(list["tournaments"][0]["format"], "double-round-robin");
}

#[tokio::test]
async fn bad_requests_are_refused_with_a_reason() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 2);
    let admin = &club[0];
    let post =
        |member: Option<&Member>, body: Value| ask(&server, member, "POST", "/api/tournaments", Some(body));
    assert_eq!(
        refused(post(None, json!({ "name": "x", "format": "swiss", "rounds": 3 })), 401),
        "not_signed_in"
    );
    for body in [
        json!({ "name": "x", "format": "blitz" }),
        json!({ "name": "x", "format": "swiss" }),
        json!({ "name": "x", "format": "swiss", "rounds": 31 }),
        json!({ "name": "x", "format": "round-robin", "rounds": 3 }),
        json!({ "name": " ", "format": "arena" }),
        json!({ "name": "Club\nnight", "format": "arena" }),
        json!({ "name": "Club night \u{202E}llams", "format": "arena" }),
        json!({ "name": "x", "format": "arena", "bye_points": 0.3 }),
        json!({ "name": "x", "format": "arena", "late_entry_points": 1 }),
        json!({ "name": "x", "format": "arena", "rules": "dog-swims=maybe" }),
        json!({ "name": "x", "format": "arena", "minutes": 0 }),
        json!({ "name": "x", "format": "swiss", "rounds": 3, "minutes": 10 }),
        json!({ "name": "x", "format": "arena", "no_show_seconds": 0 }),
        json!({ "name": "x", "format": "arena", "clock": { "kind": "live", "seconds": 0 } }),
        json!({ "name": "x", "format": "arena", "starts_at": -1 }),
    ] {
        assert_eq!(refused(post(Some(admin), body.clone()), 400), "bad_field", "{body}");
    }
    let missing = ask(&server, None, "GET", "/api/tournaments/nosuchthing", None);
    assert_eq!(refused(missing, 404), "not_found");
    let id = create(&server, admin, json!({ "name": "Small", "format": "swiss", "rounds": 2 }));
    expect(ask(&server, Some(admin), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    let start = ask(&server, Some(admin), "POST", &format!("/api/tournaments/{id}/start"), None);
    assert_eq!(refused(start, 409), "too_few_players");
    let bad_result = json!({ "round": 1, "board": 1, "result": "red-wins" });
    let answer =
        ask(&server, Some(admin), "PUT", &format!("/api/tournaments/{id}/results"), Some(bad_result));
    assert_eq!(refused(answer, 400), "bad_field");
    let no_game = json!({ "round": 1, "board": 1, "result": "red" });
    let answer = ask(&server, Some(admin), "PUT", &format!("/api/tournaments/{id}/results"), Some(no_game));
    assert_eq!(refused(answer, 404), "not_found");
    // A club that lets members make tournaments.
    let open = db.server(&["--tournaments", "members"]);
    let body = json!({ "name": "By a member", "format": "arena" });
    let by_member = ask(&open, Some(&club[1]), "POST", "/api/tournaments", Some(body));
    assert_eq!(by_member.status, 201, "{}", by_member.body);
}

/// Every round asked for by two requests at once (on PostgreSQL, to two instances), while the
/// directors of both instances pair it too: one of them pairs it, the others are told it was
/// paired meanwhile; the stored round has its boards once, and one game each.
#[tokio::test]
async fn a_round_asked_for_twice_at_once_is_paired_once() {
    let db = TestDb::new();
    let one = db.server(&[]);
    let two = if db.is_sqlite() { None } else { Some(db.server(&[])) };
    let other = two.as_ref().unwrap_or(&one);
    let club = members(&one, 4);
    let admin = &club[0];
    let id = create(&one, admin, json!({ "name": "Race", "format": "swiss", "rounds": 3 }));
    for member in &club {
        expect(ask(&one, Some(member), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    }
    expect(ask(&one, Some(admin), "POST", &format!("/api/tournaments/{id}/start"), None), 200);
    for round in 1..=3 {
        for board in 1..=2 {
            result(&one, admin, &id, round, board, "draw");
        }
        let path = format!("/api/tournaments/{id}/rounds");
        let answers = std::thread::scope(|scope| {
            let first = scope.spawn(|| ask(&one, Some(admin), "POST", &path, None));
            let second = scope.spawn(|| ask(other, Some(admin), "POST", &path, None));
            [first.join().unwrap(), second.join().unwrap()]
        });
        let done = answers.iter().filter(|a| a.status != 409).count();
        assert!(done <= 1, "round {}: {:?}", round + 1, answers.map(|a| a.body));
        if round < 3 {
            let paired = until(&one, &id, "the next round", |t| has_round(t, round + 1));
            let games: Vec<&Value> =
                paired["pairings"].as_array().unwrap().iter().filter(|p| p["round"] == round + 1).collect();
            assert_eq!(games.len(), 2, "round {} stored once", round + 1);
            assert!(games.iter().all(|p| p["game"].is_string()), "each board has its game");
        }
    }
    until(other, &id, "the end", |t| t["state"] == "finished");
}

/// Eight members play a two-round Swiss on the server: the games made by the pairing, played
/// over WebSockets, their results entered by themselves; a player who does not show loses by
/// forfeit, a player withdraws, the admin corrects a result while the tournament is paused
/// (and a tournament started at its time shows the director went on meanwhile); the second
/// round is paired when the tournament resumes, and the tournament ends after it.
#[tokio::test]
async fn a_swiss_played_over_websockets() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 10);
    let admin = &club[0];
    let request = json!({
        "name": "Played Swiss", "format": "swiss", "rounds": 2, "no_show_seconds": 4,
        "clock": { "kind": "live", "seconds": 120, "increment": 1 },
    });
    let id = create(&server, admin, request);
    for member in &club[..8] {
        expect(ask(&server, Some(member), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    }
    let started =
        expect(ask(&server, Some(admin), "POST", &format!("/api/tournaments/{id}/start"), None), 200);
    assert_eq!(started["clock"], json!({ "kind": "live", "seconds": 120, "increment": 1 }));
    expect(ask(&server, Some(admin), "POST", &format!("/api/tournaments/{id}/pause"), None), 200);
    // All rated alike, ranked by number: the top half meets the bottom half, colours alternating.
    assert_eq!(boards(&started, 1), [(1, Some(5)), (6, Some(2)), (3, Some(7)), (8, Some(4))]);
    // Each game is in its players' own games, with the tournament's clock.
    let mine = expect(ask(&server, Some(&club[4]), "GET", "/api/me/games", None), 200);
    assert_eq!(mine["games"][0]["id"], game_of(&started, 1, 1), "{mine}");
    assert_eq!(mine["games"][0]["clock"], json!({ "kind": "live", "seconds": 120, "increment": 1 }));

    // Everyone moves first (within the no-show time), then the games end.
    let first = open(&server, &club, (1, 5), &game_of(&started, 1, 1)).await;
    let second = open(&server, &club, (6, 2), &game_of(&started, 1, 2)).await;
    let third = open(&server, &club, (3, 7), &game_of(&started, 1, 3)).await;
    // 4 takes their seat on board 4, to wait for 8's first move.
    let _fourth = seat(&server, &club[3], &game_of(&started, 1, 4)).await;
    close(first, Ending::Resigns("blue")).await;
    close(second, Ending::Draw).await;
    close(third, Ending::Resigns("red")).await;
    // 8 never comes to board 4: after the no-show time 8 loses by forfeit and is withdrawn.
    let played = until(&server, &id, "round 1's results", |t| {
        t["pairings"].as_array().unwrap().iter().all(|p| p["result"].is_string())
    });
    let results: Vec<&Value> = played["pairings"].as_array().unwrap().iter().map(|p| &p["result"]).collect();
    assert_eq!(results, ["red", "draw", "blue", "red-forfeits"]);
    assert_eq!(played["players"][7]["withdrawn"], true, "the absent player is withdrawn");
    // The admin corrects board 2 (6 won); 3 withdraws.
    result(&server, admin, &id, 1, 2, "red");
    assert_eq!(
        ask(&server, Some(&club[2]), "DELETE", &format!("/api/tournaments/{id}/players"), None).status,
        204
    );
    // Another tournament starts at its time: the director went round, and paired nothing here.
    let soon = json!({ "name": "Soon", "format": "swiss", "rounds": 1, "starts_at": now_ms() + 1000 });
    let later = create(&server, admin, soon);
    for member in &club[8..] {
        expect(ask(&server, Some(member), "POST", &format!("/api/tournaments/{later}/players"), None), 201);
    }
    until(&server, &later, "the scheduled start", |t| t["state"] == "running");
    assert!(!has_round(&get(&server, &id), 2), "paused: no new round");

    expect(ask(&server, Some(admin), "POST", &format!("/api/tournaments/{id}/resume"), None), 200);
    let second = until(&server, &id, "round 2", |t| has_round(t, 2));
    // 1, 4, 6, 7 on one point, 2 and 5 on none; 3 and 8 are out.
    let mut pairs: Vec<(i64, i64)> = boards(&second, 2)
        .into_iter()
        .map(|(red, blue)| (red.min(blue.unwrap()), red.max(blue.unwrap())))
        .collect();
    pairs.sort();
    assert_eq!(pairs, [(1, 6), (2, 5), (4, 7)]);
    // The lower number wins each game.
    let mut games = Vec::new();
    for (board, (red, blue)) in boards(&second, 2).into_iter().enumerate() {
        let blue = blue.unwrap();
        let loser = if red > blue { "red" } else { "blue" };
        games.push((open(&server, &club, (red, blue), &game_of(&second, 2, board as i64 + 1)).await, loser));
    }
    for (game, loser) in games {
        close(game, Ending::Resigns(loser)).await;
    }
    let finished = until(&server, &id, "the end", |t| t["state"] == "finished");
    // Points: 1: 2; 4: 1 (forfeit) + 1 = 2; 6, 7, 2: 1; 5, 3, 8: 0. Buchholz over the board only,
    // cut-1 dropping the lowest when every round was played:
    // 1: 5 (0) + 6 (1) = 1, cut-1 1; SB 0 + 1 = 1; two wins. 4: 7 (1) = 1, a round unplayed:
    // cut-1 1; SB 1; one win: 1 before 4 on wins.
    // 6: 2 (1) + 1 (2) = 3, cut-1 2; 7: 3 (0) + 4 (2) = 2, cut-1 2; 2: 6 (1) + 5 (0) = 1, cut-1 1.
    // 5: 1 (2) + 2 (1) = 3, cut-1 2; 3: 7 (1) = 1 (round 2 missed: no cut); 8: nothing played.
    let lines: Vec<Value> = finished["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| json!([l["number"], l["points"], l["tie_breaks"][0], l["tie_breaks"][1]]))
        .collect();
    assert_eq!(
        lines,
        [
            json!([1, 2.0, 1.0, 1.0]),
            json!([4, 2.0, 1.0, 1.0]),
            json!([6, 1.0, 2.0, 3.0]),
            json!([7, 1.0, 2.0, 2.0]),
            json!([2, 1.0, 1.0, 1.0]),
            json!([5, 0.0, 2.0, 3.0]),
            json!([3, 0.0, 1.0, 1.0]),
            json!([8, 0.0, 0.0, 0.0]),
        ]
    );
    let log = expect(ask(&server, Some(admin), "GET", &format!("/api/tournaments/{id}/log"), None), 200);
    let details: Vec<&str> =
        log["log"].as_array().unwrap().iter().map(|e| e["detail"].as_str().unwrap()).collect();
    assert!(details.contains(&"round 1 board 2: draw → red"), "{details:?}");
    let actions: Vec<&str> =
        log["log"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert!(actions.contains(&"no-show"), "{actions:?}");
    // The games played count in the ratings (the sweep rates them in the order they ended);
    // a forfeit does not: 1 played two, 4 one (and a forfeit, which ended before), 8 none.
    let rated = |member: &Member| {
        let me = expect(ask(&server, Some(member), "GET", "/api/me", None), 200);
        me["ratings"].as_array().unwrap().first().map_or(0, |r| r["games"].as_i64().unwrap())
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while rated(&club[0]) < 2 || rated(&club[3]) < 1 {
        assert!(std::time::Instant::now() < deadline, "player 1's games rated in time");
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_eq!([rated(&club[0]), rated(&club[3]), rated(&club[7])], [2, 1, 0]);
}

/// An arena pairs a player who finishes with another free player, never the last opponent
/// while someone else waits (on PostgreSQL with two instances, whose directors both look:
/// the game is played on the second, and paired once); only an admin pauses, removes and
/// ends, and only from the club's page.
#[tokio::test]
async fn an_arena_pairs_again_at_once_but_not_the_last_opponents() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let two = if db.is_sqlite() { None } else { Some(db.server(&[])) };
    let other = two.as_ref().unwrap_or(&server);
    let club = members(&server, 3);
    let admin = &club[0];
    let id = create(&server, admin, json!({ "name": "Arena", "format": "arena", "minutes": 10 }));
    for member in &club {
        expect(ask(&server, Some(member), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    }
    let path = |action: &str| format!("/api/tournaments/{id}/{action}");
    for action in ["pause", "resume", "end", "players/2"] {
        let method = if action.starts_with("players") { "DELETE" } else { "POST" };
        assert_eq!(refused(ask(&server, Some(&club[1]), method, &path(action), None), 403), "not_admin");
    }
    let elsewhere = server.request_with(
        admin.from,
        "POST",
        &path("pause"),
        &["Origin: http://evil.example", &format!("Cookie: jungle_session={}", admin.cookie)],
        None,
    );
    assert_eq!(refused(elsewhere, 403), "bad_origin");
    let started = expect(ask(&server, Some(admin), "POST", &path("start"), None), 200);
    assert!(started["ends_at"].as_i64().unwrap() > now_ms());
    // Three players: one game, the third waits.
    let first = until(&server, &id, "the first game", |t| has_round(t, 1));
    let (red, blue) = boards(&first, 1)[0];
    let blue = blue.unwrap();
    let third = (1..=3).find(|n| *n != red && *n != blue).unwrap();
    expect(ask(&server, Some(admin), "POST", &path("pause"), None), 200);
    play(other, &club, (red, blue), &game_of(&first, 1, 1), Ending::Resigns("blue")).await;
    until(&server, &id, "the result", |t| t["pairings"][0]["result"] == "red");
    expect(ask(&server, Some(admin), "POST", &path("resume"), None), 200);
    // The winner (ranked first) meets the one who waited; the loser waits, not paired again
    // with the winner.
    let second = until(other, &id, "the next game", |t| has_round(t, 2));
    assert_eq!(boards(&second, 2).len(), 1);
    let (a, b) = boards(&second, 2)[0];
    let mut met = [a, b.unwrap()];
    met.sort();
    let mut expected = [red, third];
    expected.sort();
    assert_eq!(met, expected);
    // Red scored 2 for the win.
    assert_eq!(second["standings"][0]["number"], red);
    assert_eq!(second["standings"][0]["points"], 2.0);
    // The admin removes the third player: their game is forfeited; then ends the arena.
    assert_eq!(ask(&server, Some(admin), "DELETE", &path(&format!("players/{third}")), None).status, 204);
    let forfeited = until(&server, &id, "the forfeit", |t| t["pairings"][1]["result"].is_string());
    let lost = if a == third { "red-forfeits" } else { "blue-forfeits" };
    assert_eq!(forfeited["pairings"][1]["result"], lost);
    let again = ask(&server, Some(&club[third as usize - 1]), "POST", &path("players"), None);
    assert_eq!(refused(again, 409), "removed");
    assert_eq!(expect(ask(&server, Some(admin), "POST", &path("end"), None), 200)["state"], "finished");
    assert_eq!(refused(ask(&server, Some(admin), "POST", &path("pause"), None), 409), "tournament_finished");
}

/// Nobody comes to board 1; on board 2 Blue takes their seat but Red never moves. After the
/// no-show time both players of board 1 lose by forfeit (0–0, both withdrawn), and board 2's
/// Red alone; the log says who did not show.
#[tokio::test]
async fn when_neither_player_shows_both_lose_by_forfeit() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 4);
    let admin = &club[0];
    let request = json!({ "name": "Empty room", "format": "swiss", "rounds": 2, "no_show_seconds": 2 });
    let id = create(&server, admin, request);
    for member in &club {
        expect(ask(&server, Some(member), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    }
    let started =
        expect(ask(&server, Some(admin), "POST", &format!("/api/tournaments/{id}/start"), None), 200);
    assert_eq!(boards(&started, 1), [(1, Some(3)), (4, Some(2))]);
    let _blue_came = seat(&server, &club[1], &game_of(&started, 1, 2)).await;
    let played = until(&server, &id, "the forfeits", |t| {
        t["pairings"].as_array().unwrap().iter().all(|p| p["result"].is_string())
    });
    let results: Vec<&Value> = played["pairings"].as_array().unwrap().iter().map(|p| &p["result"]).collect();
    assert_eq!(results, ["double-forfeit", "red-forfeits"]);
    let withdrawn: Vec<&Value> =
        played["players"].as_array().unwrap().iter().map(|p| &p["withdrawn"]).collect();
    assert_eq!(
        withdrawn,
        [true, false, true, true],
        "the absent players are withdrawn, not the one who came"
    );
    // One player left: the Swiss ends; neither player of board 1 scored.
    let finished = until(&server, &id, "the end", |t| t["state"] == "finished");
    let points: Vec<(i64, f64)> = finished["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["number"].as_i64().unwrap(), l["points"].as_f64().unwrap()))
        .collect();
    assert_eq!(points[0], (2, 1.0), "{points:?}");
    assert!(points[1..].iter().all(|(_, p)| *p == 0.0), "{points:?}");
    let log = expect(ask(&server, Some(admin), "GET", &format!("/api/tournaments/{id}/log"), None), 200);
    let details: Vec<&str> =
        log["log"].as_array().unwrap().iter().map(|e| e["detail"].as_str().unwrap()).collect();
    let board_1 = format!("game {}: neither player showed", game_of(&started, 1, 1));
    let board_2 = format!("game {}: red did not show", game_of(&started, 1, 2));
    assert!(details.contains(&board_1.as_str()) && details.contains(&board_2.as_str()), "{details:?}");
}
