//! A 4-board team match (SQLite; on PostgreSQL with `JUNGLE_TEST_DB=postgres`, two instances
//! of one database, the requests and games spread over both): two captains make their teams
//! and the match, the other captain accepts it, the home captain gives a line-up and the away
//! team is lined up by rating; at its start time (the test clock moved a day on) the games are
//! made at once with colours alternating by board, and played by their members with a win, a
//! draw, a forfeit (a resignation before the first move) and a resignation; the live stream
//! follows the score to the end, and both instances show the same score and winner. Then the
//! refusals: not the captain, a wrong line-up, a member of neither team, bad bodies and ids;
//! and the admin's desk: a board's result set by hand, which its game and the match follow.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::events::Events;
use server_support::rated::{played, swept};
use server_support::test_clock::TestClock;
use server_support::tournaments::{ask, asked, close, expect, members, refused, Ending, Member};
use server_support::{Client, Server, TestDb, PATIENCE};
use std::time::{Duration, Instant};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// Player `n`'s name (members are signed up as Player1, Player2, …; `club[n - 1]`).
fn name(n: usize) -> String {
    format!("Player{n}")
}

/// `member`'s seat in game `id` by their session: the connection and the seat's colour.
async fn seated(server: &Server, member: &Member, id: &str) -> (Client, String) {
    let headers = [
        ("origin", format!("http://{}", server.addr)),
        ("cookie", format!("jungle_session={}", member.cookie)),
    ];
    let mut client = server.connect_with(id, &headers).await;
    client.send(json!({ "type": "subscribe", "member": true })).await;
    let subscribed = client.expect("subscribed").await;
    (client, subscribed["seat"].as_str().unwrap_or_default().to_string())
}

/// Makes team `team` with `captain` (the member of `club[captain - 1]`), who adds the others.
fn team(server: &Server, club: &[Member], team: &str, captain: usize, others: &[usize]) -> String {
    let made = asked(server, &club[captain - 1], "POST", "/api/teams", Some(json!({ "name": team })), 201);
    let id = made["id"].as_str().unwrap().to_string();
    for &n in others {
        let body = json!({ "name": name(n) });
        asked(server, &club[captain - 1], "POST", &format!("/api/teams/{id}/members"), Some(body), 201);
    }
    id
}

/// The match as `server` shows it.
fn shown(server: &Server, id: &str) -> Value {
    server.get_json(&format!("/api/team-matches/{id}"))
}

#[tokio::test]
async fn a_four_board_match_is_lined_up_played_and_scored_once_across_instances() {
    let (db, clock) = (TestDb::new(), TestClock::new());
    let args = clock.args();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let one = db.server(&args);
    let two = (!db.is_sqlite()).then(|| db.server(&args));
    let other = two.as_ref().unwrap_or(&one);
    // Player1 is the club's admin; Player2 captains Lions (2–6), Player7 Tigers (7–11).
    let club = members(&one, 11);

    // Player7 beats Player11 in a rated correspondence game: Tigers by rating put Player7 on
    // board 1 and leave Player11 out.
    let rated = played(&one, (&club[6].cookie, &club[10].cookie), true, 2).await;
    swept(&one, &name(7), &[rated]).await;

    let lions = team(&one, &club, "Lions", 2, &[3, 4, 5, 6]);
    let tigers = team(other, &club, "Tigers", 7, &[8, 9, 10, 11]);
    let lions_shown = other.get_json(&format!("/api/teams/{lions}"));
    assert_eq!(lions_shown["captain"], name(2), "{lions_shown}");
    assert_eq!(lions_shown["members"].as_array().unwrap().len(), 5);

    // The captaincy handed over and back.
    let captain = |by: usize, to: usize| {
        let path = format!("/api/teams/{lions}/captain");
        asked(&one, &club[by - 1], "PUT", &path, Some(json!({ "name": name(to) })), 200)
    };
    assert_eq!(captain(2, 3)["captain"], name(3));
    assert_eq!(captain(3, 2)["captain"], name(2));

    // Lions' captain proposes; Tigers' captain accepts on the other instance.
    let body = json!({
        "home": lions, "away": tigers, "boards": 4,
        "clock": { "kind": "correspondence", "days": 3 }, "starts_at": clock.now_ms() + DAY_MS,
    });
    let proposed = asked(&one, &club[1], "POST", "/api/team-matches", Some(body), 201);
    assert_eq!(proposed["state"], "proposed", "{proposed}");
    let id = proposed["id"].as_str().unwrap().to_string();
    let accept = format!("/api/team-matches/{id}/accept");
    assert_eq!(refused(ask(&one, Some(&club[1]), "POST", &accept, None), 403), "not_captain");
    assert_eq!(asked(other, &club[6], "POST", &accept, None, 200)["state"], "accepted");

    // Lions' line-up leaves Player4 out; Tigers give none.
    let line_up = format!("/api/team-matches/{id}/line-up");
    let order = json!({ "members": [name(6), name(3), name(5), name(2)] });
    let given = asked(&one, &club[1], "PUT", &line_up, Some(order), 200);
    assert_eq!(given["line_ups_given"], json!({ "home": true, "away": false }), "{given}");

    let mut live = Events::open(other, &format!("/api/team-matches/{id}/events"));
    assert_eq!(live.until("message", |_| true)["state"], "accepted");

    // A day on, the match starts by itself, once.
    let servers: Vec<&Server> = [Some(&one), two.as_ref()].into_iter().flatten().collect();
    clock.advance(DAY_MS, &servers);
    let started = live.until("message", |m| m["state"] == "playing");
    let boards = started["boards"].as_array().unwrap().clone();
    let home: Vec<&str> = boards.iter().map(|b| b["home"].as_str().unwrap()).collect();
    assert_eq!(home, [name(6), name(3), name(5), name(2)]);
    let away: Vec<String> = boards.iter().map(|b| b["away"].as_str().unwrap().to_string()).collect();
    assert_eq!(away[0], name(7), "the highest rated on board 1: {started}");
    assert!(!away.contains(&name(11)), "the lowest rated sits out: {started}");
    let colours: Vec<&str> = boards.iter().map(|b| b["home_color"].as_str().unwrap()).collect();
    assert_eq!(colours, ["red", "blue", "red", "blue"]);
    let again = ask(other, Some(&club[6]), "POST", &format!("/api/team-matches/{id}/start"), None);
    assert_eq!(refused(again, 409), "match_not_open");

    // Each member takes their own seat: the home player's colour is the board's.
    let member_of = |name: &str| &club[name.trim_start_matches("Player").parse::<usize>().unwrap() - 1];
    let mut seats = Vec::new();
    for (index, board) in boards.iter().enumerate() {
        let server = if index < 2 { &one } else { other };
        let game = board["game_id"].as_str().unwrap();
        let (home_client, home_seat) = seated(server, member_of(board["home"].as_str().unwrap()), game).await;
        let (away_client, away_seat) = seated(server, member_of(&away[index]), game).await;
        assert_eq!(
            (home_seat.as_str(), away_seat.as_str()),
            (colours[index], if index % 2 == 0 { "blue" } else { "red" })
        );
        seats.push(if home_seat == "red" { (home_client, away_client) } else { (away_client, home_client) });
    }
    let mut seats = seats.into_iter();
    // Board 1: home (Red) wins. Board 2: a draw. Board 3: home (Red) resigns before its first
    // move, a forfeit. Board 4: away (Red) resigns.
    let endings = [Ending::Resigns("blue"), Ending::Draw, Ending::Resigns("red"), Ending::Resigns("red")];
    for (board, ending) in (1..).zip(endings) {
        let (mut reds, mut blues) = seats.next().unwrap();
        if board == 3 {
            reds.send(json!({ "type": "resign" })).await;
            while blues.expect("state").await["game"]["status"] != "over" {}
        } else {
            reds.play(0, "b2c2").await;
            blues.play(1, "a9a8").await;
            close((reds, blues), ending).await;
        }
        if board == 2 {
            let score = live.until("message", |m| m["boards"][1]["result"] == "draw");
            assert_eq!(score["score"], json!({ "home": 1.5, "away": 0.5 }), "{score}");
            assert_eq!(score["state"], "playing");
        }
    }
    let finished = live.until("message", |m| m["state"] == "finished");
    let results: Vec<&Value> = finished["boards"].as_array().unwrap().iter().map(|b| &b["result"]).collect();
    assert_eq!(
        results,
        [&json!("red"), &json!("draw"), &json!("red-forfeits"), &json!("blue")],
        "{finished}"
    );
    assert_eq!(finished["score"], json!({ "home": 2.5, "away": 1.5 }));
    assert_eq!(finished["outcome"], "home");
    for server in &servers {
        let seen = shown(server, &id);
        assert_eq!(
            (&seen["state"], &seen["outcome"], &seen["score"]),
            (&finished["state"], &finished["outcome"], &finished["score"])
        );
    }
    let listed = one.get_json("/api/team-matches");
    assert_eq!(listed["matches"].as_array().unwrap().len(), 1, "one match, made once: {listed}");
}

#[tokio::test]
async fn teams_and_matches_refuse_who_may_not_and_what_does_not_fit() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 9);
    let lions = team(&server, &club, "Lions", 2, &[3, 4, 5]);
    let tigers = team(&server, &club, "Tigers", 6, &[7, 8, 9]);
    let code = |who: usize, method: &str, path: &str, body: Value, status: u16| {
        refused(ask(&server, Some(&club[who - 1]), method, path, Some(body)), status)
    };

    // Teams: a name taken, a member in a team already, not the captain, the captain leaving.
    assert_eq!(code(1, "POST", "/api/teams", json!({ "name": "lions" }), 409), "team_name_taken");
    assert_eq!(code(3, "POST", "/api/teams", json!({ "name": "Cubs" }), 409), "in_a_team");
    assert_eq!(code(1, "POST", "/api/teams", json!({ "name": "" }), 400), "bad_field");
    let members_path = format!("/api/teams/{lions}/members");
    assert_eq!(code(3, "POST", &members_path, json!({ "name": name(1) }), 403), "not_captain");
    assert_eq!(code(2, "POST", &members_path, json!({ "name": name(7) }), 409), "in_a_team");
    assert_eq!(code(2, "POST", &members_path, json!({ "name": "Nobody" }), 404), "no_member");
    let leave = |who: usize, n: usize| {
        ask(&server, Some(&club[who - 1]), "DELETE", &format!("{members_path}/{}", name(n)), None)
    };
    assert_eq!(refused(leave(2, 2), 409), "captain_stays");
    assert_eq!(refused(leave(3, 4), 403), "not_captain");
    assert_eq!(refused(leave(2, 7), 409), "not_in_team");
    let captain = format!("/api/teams/{lions}/captain");
    assert_eq!(code(2, "PUT", &captain, json!({ "name": name(6) }), 409), "not_in_team");

    // Matches: bad bodies, not a captain of either team.
    let matches = "/api/team-matches";
    for (body, field) in [
        (json!({ "home": lions, "away": tigers, "boards": 1 }), "boards"),
        (json!({ "home": lions, "away": tigers, "boards": 17 }), "boards"),
        (json!({ "home": lions, "away": lions, "boards": 2 }), "away"),
        (json!({ "home": lions, "away": tigers, "boards": 2, "rules": "nonsense" }), "rules"),
    ] {
        let answer = ask(&server, Some(&club[1]), "POST", matches, Some(body));
        assert_eq!(answer.status, 400, "{}", answer.body);
        assert!(answer.body.contains(field), "{}", answer.body);
    }
    let odd = ask(
        &server,
        Some(&club[1]),
        "POST",
        matches,
        Some(json!({ "home": lions, "away": tigers, "boards": "four" })),
    );
    assert_eq!(odd.status, 400, "{}", odd.body);
    assert_eq!(
        code(2, "POST", matches, json!({ "home": lions, "away": "nope", "boards": 2 }), 404),
        "not_found"
    );
    assert_eq!(
        code(3, "POST", matches, json!({ "home": lions, "away": tigers, "boards": 2 }), 403),
        "not_captain"
    );
    assert_eq!(ask(&server, None, "GET", "/api/team-matches/nope", None).status, 404);
    assert_eq!(ask(&server, None, "GET", "/api/teams/nope", None).status, 404);

    // An admin's match is accepted at once; line-ups: wrong size, twice, a member of neither
    // team or of the other, not a captain; a team too small for its boards.
    let made = asked(
        &server,
        &club[0],
        "POST",
        matches,
        Some(json!({ "home": lions, "away": tigers, "boards": 4 })),
        201,
    );
    assert_eq!(made["state"], "accepted");
    let line_up = format!("/api/team-matches/{}/line-up", made["id"].as_str().unwrap());
    let names = |ns: &[usize]| json!({ "members": ns.iter().map(|&n| name(n)).collect::<Vec<_>>() });
    assert_eq!(code(2, "PUT", &line_up, names(&[2, 3, 4]), 400), "line_up_size");
    assert_eq!(code(2, "PUT", &line_up, names(&[2, 3, 4, 3]), 400), "line_up_twice");
    assert_eq!(code(2, "PUT", &line_up, names(&[2, 3, 4, 1]), 409), "not_in_team");
    assert_eq!(code(2, "PUT", &line_up, names(&[2, 3, 4, 7]), 409), "not_in_team");
    assert_eq!(code(3, "PUT", &line_up, names(&[2, 3, 4, 5]), 403), "not_captain");
    let big = asked(
        &server,
        &club[0],
        "POST",
        matches,
        Some(json!({ "home": lions, "away": tigers, "boards": 5 })),
        201,
    );
    let start = format!("/api/team-matches/{}/start", big["id"].as_str().unwrap());
    assert_eq!(code(2, "POST", &start, json!({}), 409), "team_too_small");
    assert_eq!(
        server.get_json(&format!("/api/team-matches/{}", big["id"].as_str().unwrap()))["state"],
        "accepted"
    );

    // A captain starts the 4-board match by hand; then its line-ups are closed.
    let start = format!("/api/team-matches/{}/start", made["id"].as_str().unwrap());
    assert_eq!(code(3, "POST", &start, json!({}), 403), "not_captain");
    let started = asked(&server, &club[5], "POST", &start, None, 200);
    assert_eq!(started["boards"].as_array().unwrap().len(), 4, "{started}");
    assert_eq!(code(2, "PUT", &line_up, names(&[2, 3, 4, 5]), 409), "match_not_open");
}

#[tokio::test]
async fn the_admin_sets_a_board_result_by_hand_and_its_game_follows() {
    let db = TestDb::new();
    let server = db.server(&[]);
    // Player1 is the club's admin; Player2 captains Lions (2–3), Player4 Tigers (4–5).
    let club = members(&server, 5);
    let lions = team(&server, &club, "Lions", 2, &[3]);
    let tigers = team(&server, &club, "Tigers", 4, &[5]);
    let body = json!({ "home": lions, "away": tigers, "boards": 2 });
    let made = asked(&server, &club[0], "POST", "/api/team-matches", Some(body), 201);
    let id = made["id"].as_str().unwrap().to_string();
    let started = asked(&server, &club[0], "POST", &format!("/api/team-matches/{id}/start"), None, 200);
    let game = started["boards"][0]["game_id"].as_str().unwrap().to_string();
    assert_eq!(server.game(&game)["status"], "playing", "{started}");

    let result = |board: i64| format!("/api/team-matches/{id}/boards/{board}/result");
    let set = |who: usize, board: i64, result_of: &str| {
        ask(&server, Some(&club[who - 1]), "PUT", &result(board), Some(json!({ "result": result_of })))
    };
    assert_eq!(refused(set(2, 1, "red"), 403), "not_admin", "a captain is not the desk");
    assert_eq!(refused(set(1, 1, "maybe"), 400), "bad_field");
    assert_eq!(refused(set(1, 9, "red"), 404), "not_found");
    let after = expect(set(1, 1, "red"), 200);
    assert_eq!(after["boards"][0]["result"], "red", "{after}");
    let ended = server.game(&game);
    assert_eq!((&ended["status"], &ended["result"]["winner"]), (&json!("over"), &json!("red")), "{ended}");
    assert_eq!(refused(set(1, 1, "blue"), 409), "result_in", "a board takes one result");

    // The last board's result ends the match: Lions (Red on board 1) 1 – 0.
    expect(set(1, 2, "double-forfeit"), 200);
    let until = Instant::now() + PATIENCE;
    let finished = loop {
        let seen = shown(&server, &id);
        if seen["state"] == "finished" {
            break seen;
        }
        assert!(Instant::now() < until, "the match never ended: {seen}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(finished["score"], json!({ "home": 1.0, "away": 0.0 }), "{finished}");
    assert_eq!(finished["outcome"], "home");
}
