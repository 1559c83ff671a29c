//! A knockout cup of 12 members played to the end (issue 38; SQLite, and PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`, where the members use two instances of one database and both
//! instances' directors sweep). Worked out by hand from `competitions::cup`: 12 players fill
//! a bracket of 16, so seeds 1–4 have byes; round 1 is 8–9, 5–12, 7–10, 6–11; round 2 puts
//! 1, 4, 2, 3 against those winners. The members all have the same rating, so the seeds go by
//! lot; every pairing is checked in seeds. Matches are one game, a level one decided by an
//! extra game with the 60+0 tie-break clock, colours alternating; the final is left unplayed
//! (only Blue takes the seat) past its deadline: a test clock moves a day on, and Red, who did
//! not start, loses it. The cup's live stream, on the other instance, follows it to the end.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::chat::member;
use server_support::events::Events;
use server_support::test_clock::TestClock;
use server_support::tournaments::{ask, asked, expect, members, refused, Member};
use server_support::{Server, TestDb};
use std::time::{Duration, Instant};

const DAY: i64 = 24 * 3600 * 1000;

/// The cup as `server` shows it.
fn cup(server: &Server, id: &str) -> Value {
    expect(ask(server, None, "GET", &format!("/api/cups/{id}"), None), 200)
}

/// The cup once `done` holds of it (each instance's director looks every half second).
fn until(server: &Server, id: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let shown = cup(server, id);
        if done(&shown) {
            return shown;
        }
        assert!(Instant::now() < deadline, "waited in vain for {what}: {shown}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Match (`round`, `slot`) of a shown cup, if paired.
fn match_at(cup: &Value, round: i64, slot: i64) -> Option<&Value> {
    cup["matches"].as_array().unwrap().iter().find(|m| m["round"] == round && m["slot"] == slot)
}

/// The matches of `round` as (top, bottom) seeds, 0 for a bye.
fn pairings(cup: &Value, round: i64) -> Vec<(i64, i64)> {
    let matches = cup["matches"].as_array().unwrap().iter().filter(|m| m["round"] == round);
    matches.map(|m| (m["top"].as_i64().unwrap(), m["bottom"].as_i64().unwrap_or(0))).collect()
}

/// Whether match (`round`, `slot`) has `count` games, the last still without a result.
fn has_game(cup: &Value, round: i64, slot: i64, count: usize) -> bool {
    match_at(cup, round, slot).is_some_and(|m| {
        let games = m["games"].as_array().unwrap();
        games.len() == count && games[count - 1]["result"].is_null()
    })
}

/// How one game of a match ends: the seed who wins it, or a draw.
#[derive(Clone, Copy)]
enum Outcome {
    Wins(i64),
    Draw,
}

/// The club: the instances, the members (the first is the admin), and who uses which.
struct Club {
    servers: Vec<Server>,
    members: Vec<Member>,
    names: Vec<String>,
}

impl Club {
    /// The instance member `n` uses (they alternate on PostgreSQL).
    fn server_of(&self, n: usize) -> &Server {
        &self.servers[n % self.servers.len()]
    }

    /// The member of `seed` in `cup`, by the name shown.
    fn seeded(&self, cup: &Value, seed: i64) -> usize {
        let players = cup["players"].as_array().unwrap();
        let name = players.iter().find(|p| p["seed"] == seed).unwrap()["name"].as_str().unwrap();
        self.names.iter().position(|n| n == name).unwrap()
    }

    /// Plays the last game of match (`round`, `slot`) to `outcome` over the members'
    /// WebSockets: two moves, then a resignation or a draw agreed.
    async fn play(&self, cup: &Value, round: i64, slot: i64, outcome: Outcome) {
        let m = match_at(cup, round, slot).unwrap();
        let game = m["games"].as_array().unwrap().last().unwrap();
        let id = game["game_id"].as_str().unwrap();
        let red_side = if game["red"] == "top" { "top" } else { "bottom" };
        let blue_side = if red_side == "top" { "bottom" } else { "top" };
        let (red_seed, blue_seed) = (m[red_side].as_i64().unwrap(), m[blue_side].as_i64().unwrap());
        let (red, blue) = (self.seeded(cup, red_seed), self.seeded(cup, blue_seed));
        let (mut reds, _) = member(self.server_of(red), id, &self.members[red].cookie, true).await;
        let (mut blues, _) = member(self.server_of(blue), id, &self.members[blue].cookie, true).await;
        reds.play(0, "b2c2").await;
        blues.play(1, "a9a8").await;
        match outcome {
            Outcome::Wins(seed) if seed == red_seed => blues.send(json!({ "type": "resign" })).await,
            Outcome::Wins(seed) => {
                assert_eq!(seed, blue_seed, "seed {seed} plays in match {round}/{slot}");
                reds.send(json!({ "type": "resign" })).await
            }
            Outcome::Draw => {
                reds.send(json!({ "type": "offer", "offer": "draw" })).await;
                while blues.expect("state").await["game"]["offer"]["kind"] != "draw" {}
                blues.send(json!({ "type": "accept", "offer": "draw" })).await;
            }
        }
        while reds.expect("state").await["game"]["status"] != "over" {}
    }
}

#[tokio::test]
async fn a_cup_of_12_with_byes_a_tie_break_and_a_deadline_is_played_to_the_end() {
    let (db, clock) = (TestDb::new(), TestClock::new());
    let args = clock.args();
    let args = [args[0].as_str(), args[1].as_str()];
    let mut servers = vec![db.server(&args)];
    if !db.is_sqlite() {
        servers.push(db.server(&args));
    }
    let club_members = members(&servers[0], 13);
    let names = (1..=13).map(|n| format!("Player{n}")).collect();
    let club = Club { servers, members: club_members, names };
    let admin = &club.members[0];
    let one = club.server_of(0);
    let request = json!({
        "name": "Winter Cup", "clock": { "kind": "none" }, "games": 1, "tie_break": "extra-games",
        "tie_break_clock": { "kind": "live", "seconds": 60, "increment": 0 }, "round_hours": 24,
    });
    let created = asked(one, admin, "POST", "/api/cups", Some(request), 201);
    let id = created["id"].as_str().unwrap().to_string();
    // Followed live on the other instance (on PostgreSQL): the changes reach it.
    let mut live = Events::open(club.server_of(1), &format!("/api/cups/{id}/events"));
    assert_eq!(live.next().1["state"], "registering");
    for n in 1..=12 {
        asked(club.server_of(n), &club.members[n], "POST", &format!("/api/cups/{id}/players"), None, 201);
    }
    let started = asked(one, admin, "POST", &format!("/api/cups/{id}/start"), None, 200);
    assert_eq!((started["state"].as_str(), started["rounds"].as_i64()), (Some("running"), Some(4)));
    let seeds: Vec<i64> =
        started["players"].as_array().unwrap().iter().map(|p| p["seed"].as_i64().unwrap()).collect();
    assert_eq!(seeds, (1..=12).collect::<Vec<_>>(), "{started}");

    // Round 1: byes for seeds 1, 4, 2, 3 (in bracket order), and 8–9, 5–12, 7–10, 6–11.
    assert_eq!(pairings(&started, 1), [(1, 0), (8, 9), (4, 0), (5, 12), (2, 0), (7, 10), (3, 0), (6, 11)]);
    for slot in [0, 2, 4, 6] {
        let bye = match_at(&started, 1, slot).unwrap();
        assert_eq!((&bye["winner"], &bye["decided_by"]), (&bye["top"], &json!("bye")), "{bye}");
    }
    assert_eq!(pairings(&started, 2), [], "no match of round 2 has both its players yet");
    let shown = until(one, &id, "round 1's games", |c| [1, 3, 5, 7].iter().all(|&s| has_game(c, 1, s, 1)));

    // 9 beats 8: 1–9 is paired at once, while 5–12 is still to play.
    club.play(&shown, 1, 1, Outcome::Wins(9)).await;
    let shown = until(one, &id, "1–9 paired", |c| has_game(c, 2, 0, 1));
    assert_eq!(pairings(&shown, 2), [(1, 9)]);
    assert!(match_at(&shown, 1, 3).unwrap()["winner"].is_null());

    // 5–12 is drawn: an extra game with the tie-break clock, the colours swapped; 5 wins it.
    club.play(&shown, 1, 3, Outcome::Draw).await;
    let shown = until(club.server_of(1), &id, "the tie-break game", |c| has_game(c, 1, 3, 2));
    let level = match_at(&shown, 1, 3).unwrap();
    let games = level["games"].as_array().unwrap();
    assert_ne!(games[0]["red"], games[1]["red"], "colours alternate: {level}");
    assert_eq!((&games[0]["tie_break"], &games[1]["tie_break"]), (&json!(false), &json!(true)));
    assert_eq!(level["score"], json!({ "top": 0.5, "bottom": 0.5 }));
    let tie_break_game = one.game(games[1]["game_id"].as_str().unwrap());
    assert_eq!(
        tie_break_game["clock"],
        json!({ "kind": "live", "seconds": 60, "increment": 0 }),
        "{tie_break_game}"
    );
    club.play(&shown, 1, 3, Outcome::Wins(5)).await;
    club.play(&shown, 1, 5, Outcome::Wins(10)).await;
    club.play(&shown, 1, 7, Outcome::Wins(6)).await;

    // Round 2: 1–9, 4–5, 2–10, 3–6. The favourites win but 5 beats 4.
    let shown = until(one, &id, "round 2's games", |c| (0..4).all(|s| has_game(c, 2, s, 1)));
    assert_eq!(pairings(&shown, 2), [(1, 9), (4, 5), (2, 10), (3, 6)]);
    assert_eq!(match_at(&shown, 1, 3).unwrap()["winner"], 5);
    for (slot, winner) in [(0, 1), (1, 5), (2, 2), (3, 3)] {
        club.play(&shown, 2, slot, Outcome::Wins(winner)).await;
    }

    // The semi-finals: 1–5 and 2–3.
    let shown = until(one, &id, "the semi-finals' games", |c| (0..2).all(|s| has_game(c, 3, s, 1)));
    assert_eq!(pairings(&shown, 3), [(1, 5), (2, 3)]);
    club.play(&shown, 3, 0, Outcome::Wins(1)).await;
    club.play(&shown, 3, 1, Outcome::Wins(2)).await;

    // The final, 1–2: only Blue takes the seat; a day on, Red has not started and loses.
    let shown = until(one, &id, "the final's game", |c| has_game(c, 4, 0, 1));
    assert_eq!(pairings(&shown, 4), [(1, 2)]);
    let final_match = match_at(&shown, 4, 0).unwrap();
    let game = &final_match["games"][0];
    let blue_side = if game["red"] == "top" { "bottom" } else { "top" };
    let blue_seed = final_match[blue_side].as_i64().unwrap();
    let blue = club.seeded(&shown, blue_seed);
    let (_seat, _) =
        member(club.server_of(blue), game["game_id"].as_str().unwrap(), &club.members[blue].cookie, true)
            .await;
    let servers: Vec<&Server> = club.servers.iter().collect();
    clock.advance(DAY + 60_000, &servers);
    let finished = until(one, &id, "the end", |c| c["state"] == "finished");
    assert_eq!(finished["winner"], blue_seed);
    let runner_up = 3 - blue_seed;
    assert_eq!(
        finished["placing"],
        json!({ "winner": blue_seed, "runner_up": runner_up, "semi_finalists": [5, 3] })
    );
    assert_eq!(match_at(&finished, 4, 0).unwrap()["games"][0]["result"], "red-forfeits");

    // The stream's events to the end: the state, then what happened (a round started, the end).
    let mut heard = Vec::new();
    while heard.last().is_none_or(|(name, _)| name != "tournament-finished") {
        heard.push(live.next());
    }
    assert!(heard.iter().any(|(name, data)| name == "round-started" && data["round"] == 4), "{heard:?}");
    let last_state = heard.iter().rev().find(|(name, _)| name == "message").unwrap();
    assert_eq!(last_state.1, finished);

    // Each game made once, by whichever instance came first: one game a match, two in 5–12.
    let counts: Vec<usize> = finished["matches"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| !m["bottom"].is_null())
        .map(|m| m["games"].as_array().unwrap().len())
        .collect();
    assert_eq!(counts, [1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    // The other instance shows the same.
    assert_eq!(cup(club.server_of(1), &id), finished);
}

#[tokio::test]
async fn bad_requests_are_refused_with_their_reason() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 3);
    let (admin, ann) = (&club[0], &club[1]);
    let make = |body: Value| ask(&server, Some(admin), "POST", "/api/cups", Some(body));
    for (body, field) in [
        (json!({ "name": "" }), "name"),
        (json!({ "name": "Cup", "games": 0 }), "games"),
        (json!({ "name": "Cup", "games": 9 }), "games"),
        (json!({ "name": "Cup", "tie_break": "coin" }), "tie_break"),
        (
            json!({ "name": "Cup", "tie_break_clock": { "kind": "correspondence", "days": 1 } }),
            "tie_break_clock",
        ),
        (json!({ "name": "Cup", "round_hours": 0 }), "round_hours"),
    ] {
        let refusal = expect(make(body.clone()), 400);
        assert_eq!(refusal["params"]["field"], field, "{body}: {refusal}");
    }
    assert_eq!(make(json!({ "name": "Cup", "colour": "red" })).status, 400);
    assert_eq!(ask(&server, None, "GET", "/api/cups/nothing-here", None).status, 404);
    let created = expect(make(json!({ "name": "Spring Cup" })), 201);
    let id = created["id"].as_str().unwrap();
    let path = |end: &str| format!("/api/cups/{id}{end}");
    // Only its director starts it; not with fewer than two players.
    assert_eq!(refused(ask(&server, Some(ann), "POST", &path("/start"), None), 403), "not_admin");
    asked(&server, ann, "POST", &path("/players"), None, 201);
    assert_eq!(refused(ask(&server, Some(ann), "POST", &path("/players"), None), 409), "already_registered");
    assert_eq!(refused(ask(&server, Some(admin), "POST", &path("/start"), None), 409), "too_few_players");
    asked(&server, &club[2], "POST", &path("/players"), None, 201);
    let started = asked(&server, admin, "POST", &path("/start"), None, 200);
    assert_eq!(pairings(&started, 1), [(1, 2)]);
    assert_eq!(
        refused(ask(&server, Some(admin), "POST", &path("/players"), None), 409),
        "registration_closed"
    );
    assert_eq!(refused(ask(&server, Some(admin), "POST", &path("/start"), None), 409), "already_started");
    // The desk: a bad winner, a match that is not there; then the match decided, once.
    let result = |body: Value| ask(&server, Some(admin), "PUT", &path("/results"), Some(body));
    assert_eq!(result(json!({ "round": 1, "slot": 0, "winner": "middle" })).status, 400);
    assert_eq!(result(json!({ "round": 1, "slot": 0 })).status, 400);
    assert_eq!(result(json!({ "round": 7, "slot": 0, "winner": "top" })).status, 404);
    assert_eq!(result(json!({ "round": 1, "slot": 0, "winner": "bottom" })).status, 204);
    assert_eq!(refused(result(json!({ "round": 1, "slot": 0, "winner": "top" })), 409), "match_decided");
    let finished = until(&server, id, "the end", |c| c["state"] == "finished");
    assert_eq!((&finished["winner"], &finished["placing"]["runner_up"]), (&json!(2), &json!(1)));
    let game = finished["matches"][0]["games"][0]["game_id"].as_str().unwrap().to_string();
    assert_eq!(server.game(&game)["status"], "over", "the game in play ended with the desk's decision");
    assert_eq!(ask(&server, Some(admin), "DELETE", &path("/players/x"), None).status, 400);
}
