//! The names guests play under, against the real server (SQLite; PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`): a guest may not pass for a member (a member's name in any case
//! or look-alike letters, a suspended member's own name) nor for the club's staff, nor hide or
//! reorder characters; ordinary names in any script play as before.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::chat::json_of;
use server_support::members::{call, code, session, sign_up, HOME};
use server_support::{Answer, Server, TestDb};

/// A guest's game created under `name` (no cookie, as a guest's page sends it).
fn create_as(server: &Server, name: &str) -> Answer {
    server.request("POST", "/api/games", Some(&json!({ "name": name }).to_string()))
}

/// A guest joining game `id` under `name`.
fn join_as(server: &Server, id: &str, name: &str) -> Answer {
    server.request("POST", &format!("/api/games/{id}/join"), Some(&json!({ "name": name }).to_string()))
}

#[test]
fn a_guest_cannot_take_a_member_s_name_in_any_case_or_look() {
    let db = TestDb::new();
    let server = db.server(&[]);
    sign_up(&server, HOME, "Alice");
    let open = server.create(json!({ "name": "Host" }))["id"].as_str().unwrap().to_string();
    // Latin capitals, Cyrillic а, fullwidth letters, mathematical bold: all read "alice".
    for name in ["Alice", "ALICE", " alice ", "\u{0430}lice", "ａｌｉｃｅ", "𝐚𝐥𝐢𝐜𝐞"] {
        let created = create_as(&server, name);
        assert_eq!((created.status, code(&created).as_str()), (409, "name_taken"), "create {name:?}");
        let joined = join_as(&server, &open, name);
        assert_eq!((joined.status, code(&joined).as_str()), (409, "name_taken"), "join {name:?}");
    }
    assert_eq!(join_as(&server, &open, "Carol").status, 200, "the seat stayed free");
}

#[test]
fn a_guest_cannot_pass_for_the_club_s_staff() {
    let db = TestDb::new();
    let server = db.server(&[]);
    for name in ["clubadmin", "Admin", "The Moderator", "deleted member"] {
        let created = create_as(&server, name);
        assert_eq!((created.status, code(&created).as_str()), (409, "name_taken"), "{name:?}");
    }
}

#[test]
fn a_guest_name_cannot_hide_or_reorder_characters() {
    let db = TestDb::new();
    let server = db.server(&[]);
    for name in ["Bob\u{202E}nimda", "Bo\u{200B}b", "\u{2066}Bob", "Bob\u{FEFF}", "Bob\u{2060}"] {
        let created = create_as(&server, name);
        assert_eq!((created.status, code(&created).as_str()), (400, "bad_field"), "{name:?}");
    }
}

#[test]
fn ordinary_guest_names_in_any_script_play_as_before() {
    let db = TestDb::new();
    let server = db.server(&[]);
    sign_up(&server, HOME, "Alice");
    for (host, guest) in [("张伟", "Ærøskøbing"), ("Bob", "Алиса"), ("Alice2", "Малыш Alice")]
    {
        let created = create_as(&server, host);
        assert_eq!(created.status, 201, "{host}: {}", created.body);
        let id = json_of(&created.body)["id"].as_str().unwrap().to_string();
        let joined = join_as(&server, &id, guest);
        assert_eq!(joined.status, 200, "{guest}: {}", joined.body);
        let players: Value = server.game(&id)["players"].clone();
        let names = [players["red"]["name"].as_str().unwrap(), players["blue"]["name"].as_str().unwrap()];
        assert!(names.contains(&host) && names.contains(&guest), "{names:?}");
    }
}

#[test]
fn a_member_plays_under_their_own_name_and_a_suspended_one_cannot_as_a_guest() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let admin = session(&sign_up(&server, HOME, "Admin"));
    let alice = session(&sign_up(&server, HOME, "Alice"));
    let mine = call(&server, HOME, "POST", "/api/games", Some(&alice), Some(json!({ "name": "whatever" })));
    assert_eq!(mine.status, 201, "{}", mine.body);
    let id = json_of(&mine.body)["id"].as_str().unwrap().to_string();
    let seats = server.game(&id)["players"].clone();
    assert!([&seats["red"], &seats["blue"]].iter().any(|seat| seat["name"] == "Alice"), "{seats}");

    let suspend = json!({ "name": "Alice", "reason": "insults in the chat" });
    let done = call(&server, HOME, "POST", "/api/admin/suspensions", Some(&admin), Some(suspend));
    assert_eq!(done.status, 201, "{}", done.body);
    // Her old cookie no longer signs her in, and her name is a member's: no seat under it.
    for name in ["Alice", "alice"] {
        let body = Some(json!({ "name": name }));
        let created = call(&server, [127, 0, 0, 2], "POST", "/api/games", Some(&alice), body.clone());
        assert_eq!((created.status, code(&created).as_str()), (409, "name_taken"), "{}", created.body);
        let joined =
            call(&server, [127, 0, 0, 2], "POST", &format!("/api/games/{id}/join"), Some(&alice), body);
        assert_eq!((joined.status, code(&joined).as_str()), (409, "name_taken"), "{}", joined.body);
    }
}
