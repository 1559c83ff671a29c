//! A club's database made by the previous release (tests/upgrade/, made by that release's own
//! binary: scripts/make-upgrade-fixtures) is upgraded by this one with everything kept: members
//! and their passwords, the admin, ratings, finished games, a game in play that goes on, a
//! Swiss half played. SQLite starts from the file, and a copy of it from before the upgrade is
//! kept; PostgreSQL (`JUNGLE_TEST_DB=postgres`) from the same release's `pg_dump`.

mod server_support;

use serde_json::{json, Value};
use server_support::members::{me, session, sign_in, PASSWORD};
use server_support::{Server, TestDb};
use sqlx::{AnyConnection, Connection, Row};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The fixture of the test's database, and what the previous release's API showed of it.
fn fixture(db: &TestDb) -> (PathBuf, Value) {
    let name = if db.is_sqlite() { "previous.sqlite" } else { "previous-postgres.sql" };
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/upgrade").join(name);
    let shown = std::fs::read_to_string(format!("{}.json", file.display())).unwrap();
    (file, serde_json::from_str(&shown).unwrap())
}

/// The previous release's database put in place, and this release started on it (the whole
/// site restarted, its open games never called off while the test runs).
fn upgraded(db: &TestDb, file: &Path) -> Server {
    match db.postgres() {
        Some(postgres) => postgres.load(file),
        None => {
            std::fs::copy(file, db.url()).unwrap();
        }
    }
    let mut extra = vec!["--open-game-expiry", "4000000000"];
    if !db.is_sqlite() {
        extra.push("--resume-clocks");
    }
    db.server(&extra)
}

/// The parts of a rating that time does not change.
fn ratings(member: &Value) -> Vec<Value> {
    let list = member["ratings"].as_array().cloned().unwrap_or_default();
    list.iter().map(|r| json!([r["category"], r["rules"], r["rating"], r["games"]])).collect()
}

fn game_as_shown(server: &Server, id: &str) -> Value {
    let g = server.game(id);
    let names = |side: &str| g["players"][side]["name"].clone();
    json!({ "id": id, "status": g["status"], "moves": g["moves"], "result": g["result"], "rated": g["rated"],
            "clock": g["clock"], "players": { "red": names("red"), "blue": names("blue") } })
}

#[tokio::test]
async fn a_club_of_the_previous_release_upgrades_with_everything_kept() {
    let db = TestDb::new();
    let (file, before) = fixture(&db);
    let server = upgraded(&db, &file);

    let mut sessions = std::collections::HashMap::new();
    for (i, (name, was)) in before["members"].as_object().unwrap().iter().enumerate() {
        let signed_in = sign_in(&server, [127, 0, 60, 1 + i as u8], name, PASSWORD);
        assert_eq!(signed_in.status, 200, "{name} signs in with their password: {}", signed_in.body);
        let cookie = session(&signed_in);
        let now: Value = serde_json::from_str(&me(&server, &cookie).body).unwrap();
        assert_eq!(now["admin"], before["admin"] == name.as_str(), "{name}'s admin right: {now}");
        assert_eq!(ratings(&now), ratings(was), "{name}'s ratings");
        let profile = server.get_json(&format!("/api/members/{name}"));
        assert_eq!(profile["history"].as_array().unwrap().len() as u64, was["history"].as_u64().unwrap());
        sessions.insert(name.clone(), cookie);
    }

    for game in before["finished"].as_array().unwrap() {
        assert_eq!(&game_as_shown(&server, game["id"].as_str().unwrap()), game, "a finished game");
    }
    let waiting = &before["waiting"];
    assert_eq!(
        &game_as_shown(&server, waiting["id"].as_str().unwrap()),
        waiting,
        "the open game still waits"
    );

    // The game in play goes on: its Blue, signed in again, makes the next move.
    let playing = &before["playing"];
    let id = playing["id"].as_str().unwrap();
    assert_eq!(&game_as_shown(&server, id), playing, "the game in play");
    let blue = &sessions[playing["players"]["blue"].as_str().unwrap()];
    let headers =
        [("origin", format!("http://{}", server.addr)), ("cookie", format!("jungle_session={blue}"))];
    let mut seat = server.connect_with(id, &headers).await;
    seat.send(json!({ "type": "subscribe", "member": true })).await;
    seat.expect("subscribed").await;
    let ply = playing["moves"].as_array().unwrap().len();
    seat.play(ply, "a8a9").await;

    let was = &before["tournament"];
    let now = server.get_json(&format!("/api/tournaments/{}", was["id"].as_str().unwrap()));
    for field in ["name", "format", "state", "round", "rounds", "pairings"] {
        assert_eq!(now[field], was[field], "the tournament's {field}");
    }
    let points = |t: &Value| {
        t["standings"].as_array().unwrap().iter().map(|s| json!([s["name"], s["points"]])).collect::<Vec<_>>()
    };
    assert_eq!(points(&now), points(was), "the standings");

    if db.is_sqlite() {
        server.terminate();
        the_copy_from_before_puts_the_club_back(&db, &file).await;
    }
}

/// The one copy the upgrade kept is the previous release's database: `jungle-server restore`
/// takes it, and the club is back at that release's schema with its games.
async fn the_copy_from_before_puts_the_club_back(db: &TestDb, fixture: &Path) {
    let copies: Vec<PathBuf> = std::fs::read_dir(&db.dir.0)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_str().unwrap().contains("jungle.sqlite.before-"))
        .collect();
    assert_eq!(copies.len(), 1, "one copy kept from before the upgrade: {copies:?}");
    let restored = Command::new(env!("CARGO_BIN_EXE_jungle-server"))
        .args(["restore", "--from", copies[0].to_str().unwrap(), "--db", &db.url()])
        .output()
        .unwrap();
    assert!(restored.status.success(), "{}", String::from_utf8_lossy(&restored.stderr));
    assert_eq!(schema_and_games(Path::new(&db.url())).await, schema_and_games(fixture).await);
}

/// The newest migration a SQLite database has run, and its games.
async fn schema_and_games(file: &Path) -> (i64, i64) {
    sqlx::any::install_default_drivers();
    let mut conn = AnyConnection::connect(&format!("sqlite:{}?mode=ro", file.display())).await.unwrap();
    let version =
        sqlx::query("SELECT MAX(version) AS v FROM _sqlx_migrations").fetch_one(&mut conn).await.unwrap();
    let games = sqlx::query("SELECT COUNT(*) AS n FROM games").fetch_one(&mut conn).await.unwrap();
    let found = (version.get("v"), games.get("n"));
    conn.close().await.unwrap();
    found
}
