//! `GET api/tablebase` against the real server (SQLite; PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`), on small tables solved here into a temporary folder: the
//! position's value and every move's as the tables say, typed refusals for a bad FEN, rules
//! the tables do not hold, too many animals and missing tables, and the rate per address.
#![cfg(feature = "server")]

mod server_support;

use jungle::rules::{Position, Rules};
use jungle::tablebase::{folder, solve, Material, Table, Tablebase, Value};
use serde_json::Value as Json;
use server_support::members::code;
use server_support::{Answer, Server, TempDir, TestDb};

/// Blue's Elephant and Cat against Red's Tiger, Blue to move.
const ECVT: &str = "7/7/7/T6/7/7/7/2c4/4e2 b";

/// The tables of `name`, its twin and every set captures lead to, written to `dir` too.
fn tables(name: &str, dir: &TempDir) -> Tablebase {
    let mut base = Tablebase::new();
    for set in Material::parse(name).unwrap().and_below() {
        if base.get(set).is_none() {
            for s in solve(set, &|pos| base.probe(pos), &mut |_, _, _| {}).unwrap() {
                let table = Table::from_entries(s.material, &s.entries);
                folder::write(&dir.0, &table).unwrap();
                base.add(table);
            }
        }
    }
    base
}

/// `GET api/tablebase` for `fen` (and `rules`) from the loopback address `from`.
fn ask(server: &Server, from: [u8; 4], fen: &str, rules: &str) -> Answer {
    let escape =
        |text: &str| text.replace('%', "%25").replace(' ', "%20").replace('/', "%2F").replace('=', "%3D");
    let path = format!("/api/tablebase?fen={}&rules={}", escape(fen), escape(rules));
    server.request_from(from, "GET", &path, None)
}

/// The result and plies of a value as the API writes them.
fn view(value: Value) -> (&'static str, Json) {
    match value {
        Value::Win(plies) => ("win", plies.into()),
        Value::Draw => ("draw", Json::Null),
        Value::Loss(plies) => ("loss", plies.into()),
    }
}

#[test]
fn a_position_is_answered_with_every_move_as_the_tables_say() {
    let db = TestDb::new();
    let dir = TempDir::new();
    let base = tables("ECvT", &dir);
    let server = db.server(&["--tablebase", dir.0.to_str().unwrap()]);
    let pos = Position::from_fen(ECVT, Rules::default()).unwrap();
    let answer = ask(&server, [127, 0, 0, 1], ECVT, "");
    assert_eq!(answer.status, 200, "{}", answer.body);
    let body: Json = serde_json::from_str(&answer.body).unwrap();
    let (result, plies) = view(base.probe(&pos).unwrap());
    assert_eq!((body["result"].as_str().unwrap(), &body["plies"]), (result, &plies));
    assert_eq!((&body["result"], &body["plies"], &body["sure"]), (&"win".into(), &1.into(), &true.into()));
    let moves = base.probe_moves(&pos).unwrap();
    let listed = body["moves"].as_array().unwrap();
    assert_eq!(listed.len(), moves.len());
    for (shown, (m, value)) in listed.iter().zip(moves) {
        let (result, plies) = view(value);
        assert_eq!(shown["move"], m.to_string());
        assert_eq!((shown["result"].as_str().unwrap(), &shown["plies"]), (result, &plies));
    }
    // A capture leads into the smaller sets: asked directly, a two-animal position.
    let two = "7/7/7/T6/7/7/7/7/4e2 b";
    let answer = ask(&server, [127, 0, 0, 1], two, "");
    assert_eq!(answer.status, 200, "{}", answer.body);
    // Draw settings do not matter; the answer says whether the no-capture limit could.
    assert_eq!(ask(&server, [127, 0, 0, 1], ECVT, "no-capture-limit=0").status, 200);
    // Blue takes the last animal at once: a win in 1, sure up to the limit's last ply.
    assert_eq!(body["result"], "win");
    let sure_at = |halfmoves: u32| {
        let late = ECVT.replace(" b", &format!(" b {halfmoves} 120"));
        let body: Json = serde_json::from_str(&ask(&server, [127, 0, 0, 1], &late, "").body).unwrap();
        body["sure"].clone()
    };
    assert_eq!((sure_at(199), sure_at(200)), (Json::Bool(true), Json::Bool(false)));
}

#[test]
fn bad_questions_get_typed_refusals() {
    let db = TestDb::new();
    let dir = TempDir::new();
    tables("EvT", &dir);
    let server = db.server(&["--tablebase", dir.0.to_str().unwrap()]);
    let refused = |fen: &str, rules: &str| {
        let answer = ask(&server, [127, 0, 0, 1], fen, rules);
        (answer.status, code(&answer))
    };
    assert_eq!(refused("7/7/7/T6/7/7/7/9/4e2 b", ""), (400, "bad_field".to_string()));
    assert_eq!(refused(&"7/".repeat(100), ""), (400, "bad_field".to_string()));
    assert_eq!(refused(ECVT, "dog-flies=yes"), (400, "bad_field".to_string()));
    assert_eq!(refused(ECVT, "elephant-takes-rat=yes"), (400, "tablebase_rules".to_string()));
    let start = Position::new(Rules::default()).fen();
    let answer = ask(&server, [127, 0, 0, 1], &start, "");
    assert_eq!((answer.status, code(&answer)), (400, "too_many_animals".to_string()));
    assert!(answer.body.contains("\"max\":4"), "{}", answer.body);
    // Three animals: this server was given the two-animal tables only.
    assert_eq!(refused(ECVT, ""), (404, "no_tablebase".to_string()));
    let answer = server.request("GET", "/api/tablebase", None);
    assert_eq!((answer.status, code(&answer)), (400, "bad_field".to_string()));
    // A server without tables says so.
    let bare = db.server(&[]);
    let answer = ask(&bare, [127, 0, 0, 1], "7/7/7/T6/7/7/7/7/4e2 b", "");
    assert_eq!((answer.status, code(&answer)), (404, "no_tablebase".to_string()));
}

#[test]
fn each_address_is_held_to_its_rate() {
    let db = TestDb::new();
    let dir = TempDir::new();
    tables("EvT", &dir);
    let server = db.server(&["--tablebase", dir.0.to_str().unwrap(), "--tablebase-per-minute", "5"]);
    let fen = "7/7/7/T6/7/7/7/7/4e2 b";
    for _ in 0..5 {
        assert_eq!(ask(&server, [127, 0, 0, 2], fen, "").status, 200);
    }
    let answer = ask(&server, [127, 0, 0, 2], fen, "");
    assert_eq!((answer.status, code(&answer)), (429, "rate_limited".to_string()));
    // Another address has its own.
    assert_eq!(ask(&server, [127, 0, 0, 3], fen, "").status, 200);
}
