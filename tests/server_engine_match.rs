//! Engine matches on the club (issue 40), against the real server (SQLite; PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`): who may enter follows a tournament's `entrants` — a bot is refused
//! from a tournament of members, a member from one of bots — and its director enters bots by
//! name; a gauntlet waits for its challenger. Then three bots, each through the bridge (our
//! engine the challenger, two random movers its opponents), play a bots-only gauntlet with a
//! clock to the end: every game reaches them by `gameStart` alone (no challenge to accept), the
//! colours alternate, the standings and the crosstable's results are the engine's, and the
//! rating list rates the field with error bars. A rated tournament's game between a bot and a
//! member counts only where the club rates bots and members in one pool.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::bots::{make_bot, TestBot};
use server_support::bridge::{Bridge, MATCH_PATIENCE};
use server_support::members::{call, code, session, sign_up, HOME};
use server_support::{Answer, Server, TestDb};
use std::time::{Duration, Instant};

fn refused(answer: &Answer, status: u16, expected: &str) {
    assert_eq!((answer.status, code(answer).as_str()), (status, expected), "{}", answer.body);
}

fn json_of(answer: &Answer, status: u16) -> Value {
    assert_eq!(answer.status, status, "{}", answer.body);
    serde_json::from_str(&answer.body).unwrap()
}

/// A tournament made by the admin of session `admin`: its id.
fn made(server: &Server, admin: &str, settings: Value) -> String {
    let answer = call(server, HOME, "POST", "/api/tournaments", Some(admin), Some(settings));
    json_of(&answer, 201)["id"].as_str().unwrap().to_string()
}

/// The director of session `cookie` enters the member called `name` in tournament `id`.
fn enter(server: &Server, cookie: &str, id: &str, name: &str) -> Answer {
    let path = format!("/api/tournaments/{id}/entrants");
    call(server, HOME, "POST", &path, Some(cookie), Some(json!({ "name": name })))
}

#[test]
fn who_may_enter_follows_the_tournaments_entrants() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let admin = session(&sign_up(&server, [127, 0, 7, 1], "boss"));
    let ann = session(&sign_up(&server, [127, 0, 7, 2], "ann"));
    let bot = make_bot(&server, [127, 0, 7, 3], "deepjungle");
    let players = |id: &str| format!("/api/tournaments/{id}/players");

    // Bots only: no member who is not a bot, by themselves or by the director.
    let engines =
        made(&server, &admin, json!({ "name": "Engines", "format": "round-robin", "entrants": "bots" }));
    refused(&call(&server, HOME, "POST", &players(&engines), Some(&ann), None), 409, "bots_only");
    refused(&enter(&server, &admin, &engines, "ann"), 409, "not_a_bot");
    refused(&enter(&server, &admin, &engines, "nobody"), 404, "no_member");
    refused(&enter(&server, &ann, &engines, "deepjungle"), 403, "not_admin");
    assert_eq!(json_of(&enter(&server, &admin, &engines, "DeepJungle"), 201)["number"], 1);
    refused(&enter(&server, &admin, &engines, "deepjungle"), 409, "already_registered");
    let shown = server.get_json(&format!("/api/tournaments/{engines}"));
    assert_eq!(
        (shown["entrants"].as_str(), shown["players"][0]["bot"].as_bool()),
        (Some("bots"), Some(true))
    );
    assert_eq!(shown["rating_list"], json!([]), "an engine match's list, empty before a game");
    let log = json_of(
        &call(&server, HOME, "GET", &format!("/api/tournaments/{engines}/log"), Some(&admin), None),
        200,
    );
    let entered = log["log"].as_array().unwrap().iter().find(|e| e["action"] == "entered").cloned();
    assert_eq!(
        entered.map(|e| (e["by"].clone(), e["params"].clone())),
        Some((json!("boss"), json!({ "name": "deepjungle" })))
    );

    // Members only (the default): no bot, by itself or by the director; no rating list.
    let members = made(&server, &admin, json!({ "name": "Members", "format": "swiss", "rounds": 3 }));
    refused(&enter(&server, &admin, &members, "deepjungle"), 409, "bot_not_allowed");
    refused(
        &call(&server, HOME, "POST", &players(&members), Some(&bot.cookie), None),
        409,
        "bot_not_allowed",
    );
    assert!(server.get_json(&format!("/api/tournaments/{members}")).get("rating_list").is_none());

    // Members and bots: both, a bot by its own session too.
    let open = made(
        &server,
        &admin,
        json!({ "name": "Open", "format": "swiss", "rounds": 3, "entrants": "members-and-bots" }),
    );
    assert_eq!(call(&server, HOME, "POST", &players(&open), Some(&bot.cookie), None).status, 201);
    assert_eq!(call(&server, HOME, "POST", &players(&open), Some(&ann), None).status, 201);

    // A gauntlet starts only once its challenger is in, and takes nobody after its start.
    let gauntlet = made(
        &server,
        &admin,
        json!({ "name": "Gauntlet", "format": "gauntlet", "challenger": "stockjungle", "entrants": "bots" }),
    );
    make_bot(&server, [127, 0, 7, 4], "randommover");
    for name in ["deepjungle", "randommover"] {
        assert_eq!(enter(&server, &admin, &gauntlet, name).status, 201);
    }
    let start = format!("/api/tournaments/{gauntlet}/start");
    let no_challenger = call(&server, HOME, "POST", &start, Some(&admin), None);
    refused(&no_challenger, 409, "no_challenger");
    assert_eq!(json_of(&no_challenger, 409)["params"]["name"], "stockjungle");
    let late = make_bot(&server, [127, 0, 7, 5], "stockjungle");
    assert_eq!(enter(&server, &admin, &gauntlet, &late.name).status, 201);
    let started = json_of(&call(&server, HOME, "POST", &start, Some(&admin), None), 200);
    assert_eq!((started["rounds"].as_i64(), started["games_each"].as_i64()), (Some(4), Some(2)));
    let latest = make_bot(&server, [127, 0, 7, 6], "latejungle");
    refused(&enter(&server, &admin, &gauntlet, &latest.name), 409, "registration_closed");
}

/// The tournament once it is finished, polled for as long as a match may take (from an address
/// of its own: the bridges' requests come from the club's).
fn finished(server: &Server, id: &str) -> Value {
    let start = Instant::now();
    loop {
        let tournament = json_of(
            &server.request_from([127, 0, 9, 1], "GET", &format!("/api/tournaments/{id}"), None),
            200,
        );
        if tournament["state"] == "finished" {
            return tournament;
        }
        assert!(start.elapsed() < MATCH_PATIENCE, "the match did not end: {tournament}");
        std::thread::sleep(Duration::from_millis(500));
    }
}

#[test]
fn three_bots_play_a_gauntlet_through_the_bridge_to_the_end() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let admin = session(&sign_up(&server, [127, 0, 8, 1], "boss"));
    let engine = make_bot(&server, [127, 0, 8, 2], "deepjungle");
    let randoms: Vec<TestBot> =
        (0..2).map(|n| make_bot(&server, [127, 0, 8, 3 + n], &format!("random{}", n + 1))).collect();
    let id = made(
        &server,
        &admin,
        json!({ "name": "Engine match", "format": "gauntlet", "challenger": engine.name, "games_each": 2,
                "entrants": "bots", "clock": { "kind": "live", "seconds": 120, "increment": 1 } }),
    );
    for bot in std::iter::once(&engine).chain(&randoms) {
        assert_eq!(enter(&server, &admin, &id, &bot.name).status, 201);
    }
    let jungle = env!("CARGO_BIN_EXE_jungle");
    let deep =
        Bridge::start(&db, &server.addr, &engine, &["--engine", jungle, "--engine-option", "Level=2"], 4);
    let movers: Vec<Bridge> = randoms
        .iter()
        .enumerate()
        .map(|(n, bot)| {
            let random_engine = format!("{jungle} random-engine --seed {}", n + 3);
            Bridge::start(&db, &server.addr, bot, &["--engine", &random_engine], 2)
        })
        .collect();
    let started = json_of(
        &call(&server, HOME, "POST", &format!("/api/tournaments/{id}/start"), Some(&admin), None),
        200,
    );
    assert_eq!(started["rounds"], 4);

    let tournament = finished(&server, &id);
    let mut outputs = Vec::new();
    for bridge in std::iter::once(deep).chain(movers) {
        let (ok, output) = bridge.wait();
        assert!(ok, "{output}");
        // Its games came by `gameStart`: nothing to accept.
        assert!(!output.contains("accepted"), "{output}");
        outputs.push(output);
    }
    let endings: Vec<&str> = outputs[0].lines().filter(|l| l.contains(": over, ")).collect();
    assert_eq!(endings.len(), 4, "{}", outputs[0]);

    // One game a round, the challenger's, its side alternating against each opponent.
    let pairings = tournament["pairings"].as_array().unwrap();
    let sides: Vec<(i64, i64, &str)> = pairings
        .iter()
        .map(|p| (p["red"].as_i64().unwrap(), p["blue"].as_i64().unwrap(), p["result"].as_str().unwrap()))
        .collect();
    assert_eq!(sides, [(1, 2, "red"), (3, 1, "blue"), (2, 1, "blue"), (1, 3, "red")], "{tournament}");
    let standings = tournament["standings"].as_array().unwrap();
    assert_eq!(
        (standings[0]["name"].as_str(), standings[0]["points"].as_f64()),
        (Some("deepjungle"), Some(4.0))
    );
    assert!(standings[1..].iter().all(|line| line["points"] == 0.0), "{tournament}");

    // The rating list: the field's mean at 0, the engine on top with its error bar.
    let list = tournament["rating_list"].as_array().unwrap();
    assert_eq!(list.len(), 3, "{tournament}");
    assert_eq!(
        (list[0]["name"].as_str(), list[0]["games"].as_u64(), list[0]["points"].as_f64()),
        (Some("deepjungle"), Some(4), Some(4.0))
    );
    assert!(list[1..].iter().all(|line| line["games"] == 2 && line["points"] == 0.0), "{tournament}");
    let elo: Vec<f64> = list.iter().map(|line| line["elo"].as_f64().unwrap()).collect();
    assert!(elo[0] > 200.0 && elo.iter().sum::<f64>().abs() <= 2.0, "{elo:?}");
    assert!(list.iter().all(|line| line["margin"].as_f64().unwrap() > 0.0), "{tournament}");
}

#[test]
fn a_tournament_game_between_a_bot_and_a_member_counts_as_the_club_chose() {
    for (pool, counts) in [("separate", false), ("common", true)] {
        let db = TestDb::new();
        let server = db.server(&["--bot-ratings", pool]);
        let admin = session(&sign_up(&server, [127, 0, 10, 1], "boss"));
        let ann = session(&sign_up(&server, [127, 0, 10, 2], "ann"));
        let bot = make_bot(&server, [127, 0, 10, 3], "deepjungle");
        let settings = json!({ "name": "Open", "format": "swiss", "rounds": 1, "rated": true,
            "entrants": "members-and-bots" });
        let id = made(&server, &admin, settings);
        let players = format!("/api/tournaments/{id}/players");
        for cookie in [&ann, &bot.cookie] {
            assert_eq!(call(&server, HOME, "POST", &players, Some(cookie), None).status, 201);
        }
        let start = format!("/api/tournaments/{id}/start");
        json_of(&call(&server, HOME, "POST", &start, Some(&admin), None), 200);
        let tournament = server.get_json(&format!("/api/tournaments/{id}"));
        let game = tournament["pairings"][0]["game"].as_str().unwrap_or_else(|| panic!("{tournament}"));
        assert_eq!(server.game(game)["rated"], counts, "--bot-ratings {pool}");
    }
}
