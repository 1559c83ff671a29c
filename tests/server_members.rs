//! Members of the club against the real server (SQLite; PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`): accounts, passwords, sessions, the origin check, guessing
//! limits, invites, deleting an account. Guests' games are the other suites'.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::members::{
    call, call_with_origin, code, me, session, sign_in, sign_up, sign_up_with, HOME, PASSWORD,
};
use server_support::{Answer, TestDb};
use sqlx::{AnyPool, Row};
use std::time::Instant;

/// The database of the test, to look at what is stored.
async fn pool(db: &TestDb) -> AnyPool {
    sqlx::any::install_default_drivers();
    let url = if db.is_sqlite() { format!("sqlite:{}", db.url()) } else { db.url() };
    AnyPool::connect(&url).await.unwrap()
}

/// Everything the member tables hold, as text, and on SQLite the database's files too.
async fn stored_text(db: &TestDb) -> String {
    if db.is_sqlite() {
        let files =
            ["", "-wal"].map(|suffix| std::fs::read(format!("{}{suffix}", db.url())).unwrap_or_default());
        return files.iter().map(|bytes| String::from_utf8_lossy(bytes).into_owned()).collect();
    }
    let pool = pool(db).await;
    let mut text = String::new();
    for table in ["members", "member_sessions", "invites", "member_games", "games"] {
        let rows = sqlx::query(&format!("SELECT CAST(t AS TEXT) AS row FROM {table} t"))
            .fetch_all(&pool)
            .await
            .unwrap();
        text.extend(rows.iter().map(|row| row.get::<String, _>("row")));
    }
    text
}

#[tokio::test]
async fn sign_up_and_sign_in_with_an_http_only_lax_cookie_and_an_argon2id_hash() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let first = sign_up(&server, HOME, "Alice");
    let cookie = first.header("set-cookie").unwrap();
    assert!(
        cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Lax") && cookie.contains("; Path=/"),
        "{cookie}"
    );
    assert!(!cookie.contains("Secure"), "plain HTTP: {cookie}");
    let alice: Value = serde_json::from_str(&first.body).unwrap();
    assert_eq!(
        (&alice["name"], &alice["admin"]),
        (&json!("Alice"), &json!(true)),
        "the first member is the admin"
    );
    let bob = sign_up(&server, HOME, "Bob");
    assert_eq!(serde_json::from_str::<Value>(&bob.body).unwrap()["admin"], false);
    let taken = sign_up_with(&server, json!({ "name": "aLiCe", "password": PASSWORD }));
    assert_eq!(
        (taken.status, code(&taken).as_str()),
        (409, "name_taken"),
        "names are unique whatever their case"
    );

    let signed_in = sign_in(&server, HOME, "alice", PASSWORD);
    assert_eq!(signed_in.status, 200, "{}", signed_in.body);
    let answer = me(&server, &session(&signed_in));
    assert_eq!(serde_json::from_str::<Value>(&answer.body).unwrap()["name"], "Alice");
    assert_eq!(code(&me(&server, &"0".repeat(64))), "not_signed_in");

    let stored: String = sqlx::query("SELECT password FROM members WHERE name_key = 'alice'")
        .fetch_one(&pool(&db).await)
        .await
        .unwrap()
        .get("password");
    assert!(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{stored}");
    assert!(!stored_text(&db).await.contains(PASSWORD), "the password is stored nowhere");
    assert!(!server.output().contains(PASSWORD), "nor printed: {}", server.output());
}

#[test]
fn an_unknown_name_and_a_wrong_password_are_answered_alike() {
    let db = TestDb::new();
    let server = db.server(&[]);
    sign_up(&server, HOME, "Alice");
    let wrong = sign_in(&server, HOME, "Alice", "not the password");
    let unknown = sign_in(&server, HOME, "Nobody", "not the password");
    assert_eq!((wrong.status, code(&wrong).as_str()), (401, "bad_credentials"));
    assert_eq!((wrong.status, &wrong.body), (unknown.status, &unknown.body));
    assert_eq!((wrong.header("set-cookie"), unknown.header("set-cookie")), (None, None));
}

#[test]
fn sign_ins_are_limited_per_address_and_per_account() {
    let db = TestDb::new();
    let server = db.server(&[]);
    sign_up(&server, HOME, "Alice");
    // 20 attempts from one address, then refusals, whatever the names.
    let statuses: Vec<u16> = (0..21)
        .map(|i| sign_in(&server, [127, 0, 0, 2], &format!("name{i}"), "wrong password").status)
        .collect();
    assert_eq!(statuses[..20], [401; 20]);
    assert_eq!(statuses[20], 429, "the address is over its limit");
    assert_eq!(sign_in(&server, [127, 0, 0, 3], "Alice", PASSWORD).status, 200, "another address is not");
    // 10 attempts on one account, from any addresses, then refusals even of the password.
    for i in 1..10u8 {
        assert_eq!(sign_in(&server, [127, 0, 1, i], "Alice", "wrong password").status, 401);
    }
    let refused = sign_in(&server, [127, 0, 2, 1], "alice", PASSWORD);
    assert_eq!((refused.status, code(&refused).as_str()), (429, "rate_limited"), "{}", refused.body);
}

#[test]
fn a_change_from_another_site_s_page_is_refused() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let cookie = session(&sign_up(&server, HOME, "Alice"));
    let confirm = json!({ "password": PASSWORD });
    for origin in [Some("Origin: https://evil.example"), Some("Origin: null"), None] {
        let deleted = call_with_origin(
            &server,
            HOME,
            "DELETE",
            "/api/me",
            Some(&cookie),
            Some(confirm.clone()),
            origin,
        );
        assert_eq!((deleted.status, code(&deleted).as_str()), (403, "bad_origin"), "{origin:?}");
        let signed_in = call_with_origin(
            &server,
            HOME,
            "POST",
            "/api/session",
            None,
            Some(json!({ "name": "Alice", "password": PASSWORD })),
            origin,
        );
        assert_eq!(signed_in.status, 403, "{origin:?}");
    }
    assert_eq!(me(&server, &cookie).status, 200, "the account is still there");
}

#[test]
fn signing_out_everywhere_ends_the_other_sessions_and_signing_out_this_one() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let here = session(&sign_up(&server, HOME, "Alice"));
    let there = session(&sign_in(&server, HOME, "Alice", PASSWORD));
    let ended = call(&server, HOME, "DELETE", "/api/me/sessions", Some(&here), None);
    assert_eq!(serde_json::from_str::<Value>(&ended.body).unwrap(), json!({ "ended": 1 }));
    assert_eq!((me(&server, &there).status, me(&server, &here).status), (401, 200));
    let out = call(&server, HOME, "DELETE", "/api/session", Some(&here), None);
    assert!(out.header("set-cookie").is_some_and(|c| c.contains("Max-Age=0")), "the cookie is removed");
    assert_eq!(me(&server, &here).status, 401);
}

#[test]
fn changing_the_password_needs_the_old_one_and_ends_the_other_sessions() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let here = session(&sign_up(&server, HOME, "Alice"));
    let there = session(&sign_in(&server, HOME, "Alice", PASSWORD));
    let change = |old: &str| {
        let body = json!({ "password": old, "new_password": "a new secret phrase" });
        call(&server, HOME, "PUT", "/api/me/password", Some(&here), Some(body))
    };
    assert_eq!(code(&change("a wrong guess")), "bad_credentials");
    assert_eq!(change(PASSWORD).status, 204);
    assert_eq!((me(&server, &here).status, me(&server, &there).status), (200, 401));
    assert_eq!(sign_in(&server, HOME, "Alice", PASSWORD).status, 401);
    assert_eq!(sign_in(&server, HOME, "Alice", "a new secret phrase").status, 200);
}

#[tokio::test]
async fn a_deleted_account_s_games_stay_under_the_name_deleted_member() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let alice = session(&sign_up(&server, HOME, "Alice"));
    let create = json!({ "name": "Anyone", "color": "red" });
    let created = call(&server, HOME, "POST", "/api/games", Some(&alice), Some(create));
    let created: Value = serde_json::from_str(&created.body).unwrap();
    let id = created["id"].as_str().unwrap();
    let bob = server.join(id, "Bob");
    assert_eq!(server.game(id)["players"]["red"]["name"], "Alice", "a member plays under the account's name");
    let confirm = json!({ "password": PASSWORD });
    let refused = call(&server, HOME, "DELETE", "/api/me", Some(&alice), Some(confirm.clone()));
    assert_eq!(code(&refused), "games_in_play");

    let mut blue = server.connect(id).await;
    blue.subscribe(bob["token"].as_str()).await;
    blue.send(json!({ "type": "resign" })).await;
    assert_eq!(blue.expect("state").await["game"]["status"], "over");
    assert_eq!(call(&server, HOME, "DELETE", "/api/me", Some(&alice), Some(confirm)).status, 204);
    let game = server.game(id);
    assert_eq!(
        (&game["players"]["red"]["name"], &game["players"]["blue"]["name"]),
        (&json!("deleted member"), &json!("Bob"))
    );
    assert_eq!(me(&server, &alice).status, 401, "its sessions ended");
    assert_eq!(sign_in(&server, HOME, "Alice", PASSWORD).status, 401, "the account is gone");
}

#[tokio::test]
async fn an_invite_club_takes_members_by_code_from_an_admin() {
    let db = TestDb::new();
    let server = db.server(&["--members", "invite"]);
    let admin = session(&sign_up(&server, HOME, "Alice"));
    let without = sign_up_with(&server, json!({ "name": "Bob", "password": PASSWORD }));
    assert_eq!(
        (without.status, code(&without).as_str()),
        (403, "bad_invite"),
        "only the first member needs no code"
    );
    let forged = json!({ "name": "Bob", "password": PASSWORD, "invite": "ab".repeat(24) });
    assert_eq!(code(&sign_up_with(&server, forged)), "bad_invite");
    let invite = call(&server, HOME, "POST", "/api/invites", Some(&admin), None);
    assert_eq!(invite.status, 201, "{}", invite.body);
    let code_text =
        serde_json::from_str::<Value>(&invite.body).unwrap()["code"].as_str().unwrap().to_string();
    let with = json!({ "name": "Bob", "password": PASSWORD, "invite": code_text });
    let bob = sign_up_with(&server, with.clone());
    assert_eq!(bob.status, 201, "{}", bob.body);
    let again = json!({ "name": "Carol", "password": PASSWORD, "invite": code_text });
    assert_eq!(code(&sign_up_with(&server, again)), "bad_invite", "a code is good once");
    let by_bob = call(&server, HOME, "POST", "/api/invites", Some(&session(&bob)), None);
    assert_eq!((by_bob.status, code(&by_bob).as_str()), (403, "not_admin"));

    let status = std::process::Command::new(env!("CARGO_BIN_EXE_jungle-server"))
        .args(["admin", "add", "bob", "--db", &db.url()])
        .output()
        .unwrap();
    assert!(status.status.success(), "{}", String::from_utf8_lossy(&status.stderr));
    assert_eq!(serde_json::from_str::<Value>(&me(&server, &session(&bob)).body).unwrap()["admin"], true);
}

#[test]
fn the_pepper_file_is_needed_to_sign_in() {
    let db = TestDb::new();
    let pepper = db.dir.0.join("pepper");
    std::fs::write(&pepper, "a secret kept outside the database\n").unwrap();
    let peppered = db.server(&["--pepper-file", pepper.to_str().unwrap()]);
    sign_up(&peppered, HOME, "Alice");
    drop(peppered);
    assert_eq!(sign_in(&db.server(&[]), HOME, "Alice", PASSWORD).status, 401, "without the pepper");
    let peppered = db.server(&["--pepper-file", pepper.to_str().unwrap()]);
    assert_eq!(sign_in(&peppered, HOME, "Alice", PASSWORD).status, 200);
}

#[test]
fn no_answer_carries_a_session_id_or_a_seat_token() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let mut answers = vec![sign_up(&server, HOME, "Alice")];
    answers.push(sign_in(&server, HOME, "Alice", PASSWORD));
    let cookie = session(&answers[1]);
    let created = call(&server, HOME, "POST", "/api/games", Some(&cookie), Some(json!({ "name": "A" })));
    let token = serde_json::from_str::<Value>(&created.body).unwrap()["token"].as_str().unwrap().to_string();
    answers.push(me(&server, &cookie));
    answers.push(call(&server, HOME, "POST", "/api/invites", Some(&cookie), None));
    answers.push(call(&server, HOME, "DELETE", "/api/me/sessions", Some(&cookie), None));
    answers.push(call(&server, HOME, "DELETE", "/api/session", Some(&cookie), None));
    let secrets = [session(&answers[0]), cookie, token];
    for answer in &answers {
        assert!(secrets.iter().all(|secret| !answer.body.contains(secret.as_str())), "{}", answer.body);
    }
}

/// The figures of the README (not a check): sign-ins per second at the argon2 cost, and the
/// bytes a member with one session adds to the database.
/// `cargo test --release --features server --test server_members -- --ignored --nocapture`
#[tokio::test]
#[ignore]
async fn figures() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let before = database_bytes(&db).await;
    let members = 200u8;
    for i in 0..members {
        sign_up(&server, [127, 0, 3, i + 1], &format!("member{i}"));
    }
    let per_member = (database_bytes(&db).await - before) as f64 / f64::from(members);
    let start = Instant::now();
    // Four clients at once: the server hashes on as many threads as it has cores.
    std::thread::scope(|scope| {
        for client in 0..4u8 {
            let server = &server;
            scope.spawn(move || {
                for i in (client..members).step_by(4) {
                    assert_eq!(
                        sign_in(server, [127, 0, 4, i + 1], &format!("member{i}"), PASSWORD).status,
                        200
                    );
                }
            });
        }
    });
    let per_second = f64::from(members) / start.elapsed().as_secs_f64();
    println!("{}: {per_second:.1} sign-ins per second; {per_member:.0} bytes per member", db.kind());
}

/// The database's size in bytes (SQLite: the file after a checkpoint; PostgreSQL: the member
/// tables with their indexes).
async fn database_bytes(db: &TestDb) -> i64 {
    let pool = pool(db).await;
    if db.is_sqlite() {
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)").execute(&pool).await.unwrap();
        let row =
            sqlx::query("SELECT page_count * page_size AS n FROM pragma_page_count(), pragma_page_size()");
        row.fetch_one(&pool).await.unwrap().get("n")
    } else {
        let sizes =
            "SELECT pg_total_relation_size('members') + pg_total_relation_size('member_sessions') AS n";
        sqlx::query(sizes).fetch_one(&pool).await.unwrap().get("n")
    }
}

/// The value of cookie `name` that an answer sets.
fn set_cookie(answer: &Answer, name: &str) -> String {
    let prefix = format!("{name}=");
    let line = answer
        .headers
        .iter()
        .find_map(|(n, v)| (n == "set-cookie").then(|| v.strip_prefix(&prefix)).flatten());
    line.and_then(|rest| rest.split(';').next()).unwrap_or_else(|| panic!("a {name} cookie")).to_string()
}

/// Issue 33, finding 5: wrong passwords for an account from one address slow that address and
/// unknown devices, never the member on a device that signed in before.
#[test]
fn wrong_passwords_slow_the_attacker_and_unknown_devices_never_a_known_device() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let device = set_cookie(&sign_up(&server, HOME, "Alice"), "jungle_device");
    let attacker = [127, 0, 0, 9];
    let statuses: Vec<u16> =
        (0..21).map(|_| sign_in(&server, attacker, "Alice", "wrong password").status).collect();
    assert_eq!(statuses[..10], [401; 10]);
    assert_eq!(statuses[10..], [429; 11], "the attacker is slowed");
    let unknown = sign_in(&server, [127, 0, 0, 10], "Alice", PASSWORD);
    assert_eq!(unknown.status, 429, "an unknown device is slowed");

    let origin = format!("Origin: http://{}", server.addr);
    let known = format!("Cookie: jungle_device={device}");
    let body = json!({ "name": "Alice", "password": PASSWORD }).to_string();
    let from =
        |address| server.request_with(address, "POST", "/api/session", &[&origin, &known], Some(&body));
    let signed_in = from([127, 0, 0, 11]);
    assert_eq!(signed_in.status, 200, "the member's own device signs in: {}", signed_in.body);
    assert_eq!(from(attacker).status, 429, "the attacker's address stays slowed");
    let both = format!("Cookie: jungle_session={}; jungle_device={device}", session(&signed_in));
    let change = json!({ "password": PASSWORD, "new_password": "a new secret phrase" }).to_string();
    let changed = server.request_with(HOME, "PUT", "/api/me/password", &[&origin, &both], Some(&change));
    assert_eq!(changed.status, 204, "the member's device confirms a password: {}", changed.body);
}
