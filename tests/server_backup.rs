//! The club admin's tools against the real server: `jungle-server backup` of a running server,
//! `restore` of the copy (refused for a file that is not one of our databases, and under a
//! running server), and `export` of every finished game as records the crate reads back. On
//! PostgreSQL (`JUNGLE_TEST_DB=postgres`), backup and restore refuse and point to pg_dump and
//! pg_restore; export works on both.
#![cfg(feature = "server")]

mod server_support;

use jungle::record::GameRecord;
use serde_json::{json, Value};
use server_support::members::{sign_in, sign_up, HOME, PASSWORD};
use server_support::{seat_both, start_pair, Server, TestDb, DEN_WIN};
use sqlx::{AnyConnection, Connection};
use std::path::Path;
use std::process::{Command, Output};

/// Runs `jungle-server ARGS --db DB`.
fn tool(db: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jungle-server")).args(args).args(["--db", db]).output().unwrap()
}

fn said(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

/// A finished game (Red resigned after `plies` moves) and its id.
async fn finished_game(server: &Server, plies: usize) -> String {
    let pair = start_pair(server, json!({ "kind": "none" }));
    let (mut red, mut blue) = seat_both(server, &pair).await;
    for (ply, mv) in DEN_WIN.iter().enumerate().take(plies) {
        let mover = if ply % 2 == 0 { &mut red } else { &mut blue };
        mover.play(ply, mv).await;
    }
    red.send(json!({ "type": "resign" })).await;
    assert_eq!(red.expect("state").await["game"]["status"], "over");
    assert_eq!(server.game(&pair.id)["status"], "over");
    pair.id
}

#[tokio::test]
async fn a_backup_of_a_running_server_restores_every_game_and_member() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let out = db.dir.0.join("backup.sqlite");
    let out_text = out.to_str().unwrap();
    if !db.is_sqlite() {
        let refused = tool(&db.url(), &["backup", "--out", out_text]);
        assert!(!refused.status.success() && said(&refused).contains("pg_dump"), "{}", said(&refused));
        let refused = tool(&db.url(), &["restore", "--from", out_text]);
        assert!(!refused.status.success() && said(&refused).contains("pg_restore"), "{}", said(&refused));
        assert!(!out.exists());
        return;
    }
    // Not Alice: `start_pair` seats a guest under that name, which no guest may take from a member.
    sign_up(&server, HOME, "Ana");
    let finished = finished_game(&server, 3).await;
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let (mut red, mut blue) = seat_both(&server, &pair).await;
    red.play(0, DEN_WIN[0]).await;
    blue.play(1, DEN_WIN[1]).await;

    let done = tool(&db.url(), &["backup", "--out", out_text]);
    assert!(done.status.success(), "{}", said(&done));
    red.play(2, DEN_WIN[2]).await;
    assert_eq!(
        server.game(&pair.id)["moves"],
        json!(DEN_WIN[..3]),
        "moves go on during and after the backup"
    );
    let again = tool(&db.url(), &["backup", "--out", out_text]);
    assert!(!again.status.success() && said(&again).contains("exists already"), "{}", said(&again));
    drop((red, blue));
    assert!(server.terminate().success());

    let fresh = db.dir.0.join("restored.sqlite");
    let fresh = fresh.to_str().unwrap();
    let restored = tool(fresh, &["restore", "--from", out_text]);
    assert!(restored.status.success(), "{}", said(&restored));
    assert!(said(&restored).contains("2 games, 1 members"), "{}", said(&restored));
    let server = Server::start(fresh, &[]);
    assert_eq!(server.game(&pair.id)["moves"], json!(DEN_WIN[..2]), "the game as it was at the backup");
    assert_eq!(server.game(&pair.id)["status"], "playing");
    assert_eq!(server.game(&finished)["status"], "over");
    assert_eq!(sign_in(&server, HOME, "Ana", PASSWORD).status, 200);
}

#[tokio::test]
async fn a_restore_refuses_what_is_not_our_database_and_a_database_in_use() {
    let db = TestDb::new();
    let junk = db.dir.0.join("junk.sqlite");
    std::fs::write(&junk, "not a database at all, just words").unwrap();
    let junk = junk.to_str().unwrap();
    if !db.is_sqlite() {
        let refused = tool(&db.url(), &["restore", "--from", junk]);
        assert!(!refused.status.success() && said(&refused).contains("pg_restore"), "{}", said(&refused));
        return;
    }
    let target = db.dir.0.join("club.sqlite");
    let target_text = target.to_str().unwrap();
    let refused = tool(target_text, &["restore", "--from", junk]);
    assert!(
        !refused.status.success() && said(&refused).contains("not a SQLite database"),
        "{}",
        said(&refused)
    );
    assert!(!target.exists(), "nothing was made");
    let stranger = db.dir.0.join("stranger.sqlite");
    sqlx::any::install_default_drivers();
    let mut conn = AnyConnection::connect(&format!("sqlite:{}?mode=rwc", stranger.display())).await.unwrap();
    sqlx::query("CREATE TABLE notes (text TEXT)").execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    let refused = tool(target_text, &["restore", "--from", stranger.to_str().unwrap()]);
    assert!(!refused.status.success() && said(&refused).contains("no migrations"), "{}", said(&refused));
    assert!(!target.exists(), "nothing was made");

    let server = db.server(&[]);
    let game = finished_game(&server, 1).await;
    let copy = db.dir.0.join("copy.sqlite");
    let copy_text = copy.to_str().unwrap();
    assert!(tool(&db.url(), &["backup", "--out", copy_text]).status.success());
    let in_use = tool(&db.url(), &["restore", "--from", copy_text]);
    assert!(!in_use.status.success() && said(&in_use).contains("in use"), "{}", said(&in_use));
    assert_eq!(server.game(&game)["status"], "over", "the running server was left alone");
    assert!(!Path::new(&format!("{}.before-restore", db.url())).exists());

    assert!(server.terminate().success());

    // Stopped, the server's database is replaced and kept aside.
    let done = tool(&db.url(), &["restore", "--from", copy_text]);
    assert!(done.status.success(), "{}", said(&done));
    assert!(Path::new(&format!("{}.before-restore", db.url())).exists());
    let refused = tool(&db.url(), &["restore", "--from", copy_text]);
    assert!(
        !refused.status.success() && said(&refused).contains("before-restore exists already"),
        "{}",
        said(&refused)
    );
}

#[tokio::test]
async fn a_restore_refuses_a_backup_with_schema_objects_the_server_does_not_make() {
    let db = TestDb::new();
    if !db.is_sqlite() {
        return; // pg_restore's business (see above)
    }
    let server = db.server(&[]);
    sign_up(&server, HOME, "Ana");
    let clean = db.dir.0.join("clean.sqlite");
    assert!(tool(&db.url(), &["backup", "--out", clean.to_str().unwrap()]).status.success());
    assert!(server.terminate().success());
    let before = std::fs::read(db.url()).unwrap();

    sqlx::any::install_default_drivers();
    let crafted = [
        ("trigger", "CREATE TRIGGER every_admin AFTER INSERT ON members BEGIN UPDATE members SET admin = 1 WHERE id = NEW.id; END"),
        ("view", "CREATE VIEW admins AS SELECT name FROM members WHERE admin = 1"),
        ("index", "CREATE INDEX members_by_created ON members (created)"),
        ("table", "CREATE TABLE notes (text TEXT)"),
    ];
    for (kind, sql) in crafted {
        let evil = db.dir.0.join(format!("evil-{kind}.sqlite"));
        std::fs::copy(&clean, &evil).unwrap();
        let mut conn = AnyConnection::connect(&format!("sqlite:{}?mode=rw", evil.display())).await.unwrap();
        sqlx::query(sql).execute(&mut conn).await.unwrap();
        conn.close().await.unwrap();
        let refused = tool(&db.url(), &["restore", "--from", evil.to_str().unwrap()]);
        assert!(
            !refused.status.success() && said(&refused).contains(&format!("a {kind} ")),
            "{kind}: {}",
            said(&refused)
        );
        assert_eq!(std::fs::read(db.url()).unwrap(), before, "{kind}: the database is untouched");
        assert!(!Path::new(&format!("{}.before-restore", db.url())).exists());
    }
    // The clean backup, made by the server itself, is restored.
    let done = tool(&db.url(), &["restore", "--from", clean.to_str().unwrap()]);
    assert!(done.status.success(), "{}", said(&done));
}

#[test]
fn a_backup_writes_no_file_through_a_link_and_copies_no_database_in_memory() {
    let db = TestDb::new();
    if !db.is_sqlite() {
        return; // pg_dump's business (see above)
    }
    drop(db.server(&[]));
    let dir = &db.dir.0;
    // A link to where nothing is yet: the copy would be written there.
    let elsewhere = dir.join("elsewhere.sqlite");
    let link = dir.join("link.sqlite");
    std::os::unix::fs::symlink(&elsewhere, &link).unwrap();
    let refused = tool(&db.url(), &["backup", "--out", link.to_str().unwrap()]);
    assert!(!refused.status.success() && said(&refused).contains("exists already"), "{}", said(&refused));
    assert!(!elsewhere.exists(), "nothing was written through the link");

    // An in-memory database (even beside a file of that name) has nothing to back up.
    std::fs::write(dir.join(":memory:"), "").unwrap();
    for memory in [":memory:", "sqlite::memory:", "file:club?mode=memory&cache=shared"] {
        let out = dir.join("memory-copy.sqlite");
        let refused = Command::new(env!("CARGO_BIN_EXE_jungle-server"))
            .current_dir(dir)
            .args(["backup", "--out", out.to_str().unwrap(), "--db", memory])
            .output()
            .unwrap();
        assert!(
            !refused.status.success() && said(&refused).contains("in memory"),
            "{memory}: {}",
            said(&refused)
        );
        assert!(!out.exists());
    }

    // A new file is written as before.
    let out = dir.join("copy.sqlite");
    let done = tool(&db.url(), &["backup", "--out", out.to_str().unwrap()]);
    assert!(done.status.success() && out.metadata().unwrap().len() > 0, "{}", said(&done));
}

/// The records of an export, one per game.
fn records(text: &str) -> Vec<GameRecord> {
    let starts: Vec<usize> = text.match_indices("[Event ").map(|(at, _)| at).collect();
    let ends = starts.iter().skip(1).copied().chain([text.len()]);
    starts.iter().zip(ends).map(|(&start, end)| GameRecord::parse(&text[start..end]).unwrap()).collect()
}

#[tokio::test]
async fn export_writes_every_finished_game_as_a_record() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let finished = [finished_game(&server, 2).await, finished_game(&server, 5).await];
    let playing = start_pair(&server, json!({ "kind": "none" }));
    let out = db.dir.0.join("games.txt");
    let out_text = out.to_str().unwrap();
    let done = tool(&db.url(), &["export", "--out", out_text]);
    assert!(done.status.success(), "{}", said(&done));
    assert!(said(&done).contains("exported 2 finished games"), "{}", said(&done));
    let text = std::fs::read_to_string(&out).unwrap();
    let read = records(&text);
    assert_eq!(read.len(), 2, "{text}");
    for (record, (id, plies)) in read.iter().zip(finished.iter().zip([2, 5])) {
        assert_eq!(record.header("Game"), Some(id.as_str()));
        assert_eq!(record.game.moves().len(), plies);
        assert_eq!(record.result(), "0-1", "Red resigned");
    }
    assert!(!text.contains(&playing.id), "a game in play is not exported");
    let again = tool(&db.url(), &["export", "--out", out_text]);
    assert!(!again.status.success() && said(&again).contains("cannot create"), "{}", said(&again));
    let _: Value = server.game(&playing.id);
}

/// The copies of the SQLite file in `folder`, by name (not one being written).
fn copies_in(folder: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    let names = entries.map(|e| e.unwrap().file_name().into_string().unwrap());
    let mut names: Vec<String> = names.filter(|name| name.ends_with(".sqlite")).collect();
    names.sort();
    names
}

#[tokio::test]
async fn a_sqlite_club_is_backed_up_on_its_own_and_keeps_the_newest_copies() {
    let db = TestDb::new();
    if !db.is_sqlite() {
        return; // PostgreSQL: pg_dump's work (the test above checks the tools say so).
    }
    let folder = db.dir.0.join("backups");
    let server = db.server(&["--backup-every", "0"]);
    sign_up(&server, HOME, "Ana");
    assert!(server.terminate().success());
    assert!(copies_in(&folder).is_empty(), "--backup-every 0: no copy");
    // Hourly: the first copy is made at start, as there is none yet.
    let server = db.server(&["--backup-every", "3600"]);
    let started = std::time::Instant::now();
    while copies_in(&folder).is_empty() {
        assert!(started.elapsed() < server_support::PATIENCE, "a first copy at start");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(server.terminate().success());
    let restored = tool(
        db.dir.0.join("fresh.sqlite").to_str().unwrap(),
        &["restore", "--from", folder.join(&copies_in(&folder)[0]).to_str().unwrap()],
    );
    assert!(restored.status.success() && said(&restored).contains("1 members"), "{}", said(&restored));

    // Every second, two kept: the copies move on, never more than two, the oldest removed.
    let server = db.server(&["--backup-every", "1", "--backups-kept", "2"]);
    let first = copies_in(&folder);
    let started = std::time::Instant::now();
    let mut seen = std::collections::BTreeSet::new();
    while seen.len() < first.len() + 2 {
        let now = copies_in(&folder);
        assert!(now.len() <= 2, "at most two copies kept: {now:?}");
        assert!(now.iter().all(|name| name.starts_with("jungle-") && name.ends_with(".sqlite")), "{now:?}");
        seen.extend(now);
        assert!(started.elapsed() < server_support::PATIENCE, "new copies every second: {seen:?}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(!copies_in(&folder).contains(&first[0]), "the oldest copy was removed");
    drop(server);
}
