//! Optional email (issue 37) against a test SMTP server: verifying an address, a password
//! reset (single use, expiring, stored as a digest, every session ended), no enumeration of
//! addresses, the reset limits that never lock the member out, the daily digest (off by
//! default, once a day, only when something waits, once across two instances on PostgreSQL),
//! one-click unsubscribe without a session or an Origin, and a club without `--smtp-url`.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::chat::{game, member};
use server_support::members::{call, call_with_origin, code, session, sign_in, sign_up, HOME, PASSWORD};
use server_support::smtp::{link, token, SmtpServer};
use server_support::test_clock::TestClock;
use server_support::{Answer, Server, TestDb};
use sqlx::{AnyConnection, Connection};

const MINUTE: i64 = 60_000;
const DAY: i64 = 24 * 60 * MINUTE;
const NEW_PASSWORD: &str = "a brand new password";

/// A club that mails through `smtp`, on `db`, following `clock`.
fn mailing_club(db: &TestDb, smtp: &SmtpServer, clock: &TestClock) -> Server {
    let url = smtp.url();
    let [flag, file] = clock.args();
    db.server(&["--smtp-url", &url, "--mail-from", "Jungle Club <club@example.org>", &flag, &file])
}

fn json(answer: &Answer) -> Value {
    serde_json::from_str(&answer.body).unwrap_or_else(|_| panic!("JSON: {}", answer.body))
}

/// Adds `address` for the member of `cookie`, in `lang`.
fn add_address(server: &Server, cookie: &str, address: &str, lang: &str) -> Answer {
    let body = json!({ "address": address, "lang": lang });
    call(server, HOME, "PUT", "/api/me/email", Some(cookie), Some(body))
}

/// Adds and verifies `address` for the member of `cookie`.
fn verified_address(server: &Server, smtp: &SmtpServer, cookie: &str, address: &str) {
    assert_eq!(add_address(server, cookie, address, "en").status, 200);
    let mail = smtp.wait_for(address, "Confirm your email address");
    let verified =
        post(server, "/api/email/verify", json!({ "token": token(&link(&mail, "?verify-email=")) }));
    assert_eq!(verified.status, 200, "{}", verified.body);
}

/// A POST from the club's page without a session.
fn post(server: &Server, path: &str, body: Value) -> Answer {
    call(server, HOME, "POST", path, None, Some(body))
}

fn reset(server: &Server, address: &str) -> Answer {
    post(server, "/api/password-reset", json!({ "address": address }))
}

async fn db_connection(db: &TestDb) -> AnyConnection {
    sqlx::any::install_default_drivers();
    let url = if db.is_sqlite() { format!("sqlite:{}", db.url()) } else { db.url() };
    AnyConnection::connect(&url).await.unwrap()
}

#[test]
fn an_address_is_verified_by_its_single_use_link_in_the_member_s_language() {
    let (db, smtp, clock) = (TestDb::new(), SmtpServer::start(), TestClock::new());
    let server = mailing_club(&db, &smtp, &clock);
    let alice = session(&sign_up(&server, HOME, "Alice"));
    assert_eq!(json(&call(&server, HOME, "GET", "/api/session", None, None))["email"], true);
    let none = call(&server, HOME, "GET", "/api/me/email", Some(&alice), None);
    assert_eq!(json(&none), json!({ "address": null, "verified": false, "digest": false }));
    let bad = add_address(&server, &alice, "not an address", "de");
    assert_eq!((bad.status, code(&bad)), (400, "bad_field".into()));
    let added = add_address(&server, &alice, " Alice.B@Club.EXAMPLE ", "de");
    assert_eq!(
        json(&added),
        json!({ "address": "Alice.B@club.example", "verified": false, "digest": false })
    );
    let mail = smtp.wait_for("Alice.B@club.example", "Bestätige deine E-Mail-Adresse");
    assert!(mail.subject().starts_with("Jungle Club: "), "{}", mail.subject());
    let verify = link(&mail, "?verify-email=");
    assert!(verify.starts_with(&format!("http://{}/?verify-email=", server.addr)), "{verify}");
    assert!(mail.text().contains("24 Stunden"), "{}", mail.text());
    let body = json!({ "token": token(&verify) });
    let verified = post(&server, "/api/email/verify", body.clone());
    assert_eq!(json(&verified), json!({ "address": "Alice.B@club.example" }));
    let again = post(&server, "/api/email/verify", body);
    assert_eq!((again.status, code(&again)), (403, "bad_email_link".into()), "single use");
    let shown = call(&server, HOME, "GET", "/api/me/email", Some(&alice), None);
    assert_eq!(json(&shown)["verified"], true);
    // A verification link expires after a day.
    assert_eq!(add_address(&server, &alice, "alice@other.example", "en").status, 200);
    let late = token(&link(&smtp.wait_for("alice@other.example", "Confirm"), "?verify-email="));
    clock.advance(DAY + MINUTE, &[&server]);
    let expired = post(&server, "/api/email/verify", json!({ "token": late }));
    assert_eq!(code(&expired), "bad_email_link");
}

#[tokio::test]
async fn a_reset_link_sets_the_password_once_and_ends_every_session() {
    let (db, smtp, clock) = (TestDb::new(), SmtpServer::start(), TestClock::new());
    let server = mailing_club(&db, &smtp, &clock);
    let alice = session(&sign_up(&server, HOME, "Alice"));
    let bob = session(&sign_up(&server, HOME, "Bob"));
    let id = game(&server, &alice, &bob);
    verified_address(&server, &smtp, &alice, "alice@club.example");
    let (mut socket, _) = member(&server, &id, &alice, true).await;

    assert_eq!(reset(&server, "alice@club.example").status, 202);
    let mail = smtp.wait_for("alice@club.example", "Choose a new password");
    let reset_link = link(&mail, "?reset=");
    assert!(reset_link.starts_with(&format!("http://{}/?reset=", server.addr)), "{reset_link}");
    let secret = token(&reset_link);
    assert_eq!(secret.len(), 64, "32 random bytes");
    let mut conn = db_connection(&db).await;
    let stored: Vec<String> =
        sqlx::query_scalar("SELECT digest FROM email_tokens").fetch_all(&mut conn).await.unwrap();
    assert!(!stored.is_empty() && stored.iter().all(|digest| digest != &secret), "stored as digests only");
    let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM email_tokens WHERE digest LIKE '%' || $1 || '%' OR address LIKE '%' || $1 || '%'")
        .bind(&secret)
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(rows, 0);

    let short =
        post(&server, "/api/password-reset/complete", json!({ "token": secret, "password": "short" }));
    assert_eq!(code(&short), "bad_field");
    let body = json!({ "token": secret, "password": NEW_PASSWORD });
    let done = post(&server, "/api/password-reset/complete", body.clone());
    assert_eq!(json(&done), json!({ "name": "Alice" }));
    let old = call(&server, HOME, "GET", "/api/me", Some(&alice), None);
    assert_eq!(old.status, 401, "the old session ended");
    while let Some(msg) = socket.next().await {
        assert_ne!(msg["type"], "ack", "{msg}");
    }
    assert_eq!(sign_in(&server, HOME, "Alice", PASSWORD).status, 401);
    assert_eq!(sign_in(&server, HOME, "Alice", NEW_PASSWORD).status, 200);
    let again = post(&server, "/api/password-reset/complete", body);
    assert_eq!(code(&again), "bad_email_link", "single use");

    // A link is good for 30 minutes of the club's time.
    assert_eq!(reset(&server, "alice@club.example").status, 202);
    let mails = || smtp.to("alice@club.example", "Choose a new password").len();
    while mails() < 2 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let late = token(&link(&smtp.to("alice@club.example", "Choose a new password")[1], "?reset="));
    clock.advance(31 * MINUTE, &[&server]);
    let expired = post(
        &server,
        "/api/password-reset/complete",
        json!({ "token": late, "password": "yet another one" }),
    );
    assert_eq!(code(&expired), "bad_email_link");
    assert_eq!(sign_in(&server, HOME, "Alice", NEW_PASSWORD).status, 200);
}

#[test]
fn a_reset_answers_alike_for_any_address_and_mails_verified_ones_only() {
    let (db, smtp, clock) = (TestDb::new(), SmtpServer::start(), TestClock::new());
    let server = mailing_club(&db, &smtp, &clock);
    let alice = session(&sign_up(&server, HOME, "Alice"));
    let bob = session(&sign_up(&server, HOME, "Bob"));
    verified_address(&server, &smtp, &alice, "alice@club.example");
    assert_eq!(add_address(&server, &bob, "bob@club.example", "en").status, 200);
    let answers: Vec<(u16, String)> = ["nobody@club.example", "bob@club.example", "alice@club.example"]
        .iter()
        .map(|address| reset(&server, address))
        .map(|answer| (answer.status, answer.body))
        .collect();
    assert_eq!(answers[0], (202, r#"{"ok":true}"#.to_string()));
    assert!(answers.iter().all(|answer| *answer == answers[0]), "{answers:?}");
    smtp.wait_for("alice@club.example", "Choose a new password");
    // Taking a verified address answers as any other; its owner hears that someone tried.
    let taken = add_address(&server, &bob, "alice@club.example", "en");
    let free = add_address(&server, &bob, "bob2@club.example", "en");
    let (taken, free) = (json(&taken), json(&free));
    assert_eq!(
        (taken["verified"].clone(), taken["digest"].clone()),
        (free["verified"].clone(), free["digest"].clone())
    );
    smtp.wait_for("alice@club.example", "Someone tried to add your address");
    smtp.wait_for("bob2@club.example", "Confirm");
    assert!(
        smtp.to("bob@club.example", "Choose a new password").is_empty(),
        "an unverified address gets no reset"
    );
    assert!(smtp.to("nobody@club.example", "").is_empty());
    let alice_s = call(&server, HOME, "GET", "/api/me/email", Some(&alice), None);
    assert_eq!(json(&alice_s)["verified"], true, "still Alice's");
}

#[test]
fn resets_are_limited_without_locking_the_member_out() {
    let (db, smtp, clock) = (TestDb::new(), SmtpServer::start(), TestClock::new());
    let server = mailing_club(&db, &smtp, &clock);
    let alice = session(&sign_up(&server, HOME, "Alice"));
    verified_address(&server, &smtp, &alice, "alice@club.example");
    let statuses: Vec<u16> = (0..4).map(|_| reset(&server, "alice@club.example").status).collect();
    assert_eq!(statuses, [202, 202, 202, 429]);
    let other = server.request_with(
        [127, 0, 0, 2],
        "POST",
        "/api/password-reset",
        &[&format!("Origin: http://{}", server.addr)],
        Some(r#"{"address":"alice@club.example"}"#),
    );
    assert_eq!(other.status, 429, "limited per address, whoever asks");
    // Four taken from this client so far (the fourth refused for the address), of ten.
    let from_one: Vec<u16> = (0..10).map(|n| reset(&server, &format!("x{n}@club.example")).status).collect();
    assert_eq!(from_one, [[202; 6].as_slice(), &[429; 4]].concat(), "and per client");
    assert_eq!(sign_in(&server, HOME, "Alice", PASSWORD).status, 200, "the member still signs in");
}

/// Switches the digest of `cookie`'s member on or off.
fn digest(server: &Server, cookie: &str, on: bool) {
    let switched = call(server, HOME, "PUT", "/api/me/email", Some(cookie), Some(json!({ "digest": on })));
    assert_eq!(json(&switched)["digest"], on, "{}", switched.body);
}

#[test]
fn the_digest_lists_what_waits_once_a_day_from_one_instance() {
    let (db, smtp, clock) = (TestDb::new(), SmtpServer::start(), TestClock::new());
    let server = mailing_club(&db, &smtp, &clock);
    let other = (!db.is_sqlite()).then(|| mailing_club(&db, &smtp, &clock));
    let servers: Vec<&Server> = std::iter::once(&server).chain(other.as_ref()).collect();
    let [alice, bob, carol] = ["Alice", "Bob", "Carol"].map(|name| session(&sign_up(&server, HOME, name)));
    let id = game(&server, &alice, &bob); // Alice (red) to move
    let challenge =
        call(&server, HOME, "POST", "/api/challenges", Some(&carol), Some(json!({ "to": "Alice" })));
    assert_eq!(challenge.status, 201, "{}", challenge.body);
    let challenge_id = json(&challenge)["id"].as_str().unwrap().to_string();
    for (cookie, address) in
        [(&alice, "alice@club.example"), (&bob, "bob@club.example"), (&carol, "carol@club.example")]
    {
        verified_address(&server, &smtp, cookie, address);
    }
    let shown = call(&server, HOME, "GET", "/api/me/email", Some(&bob), None);
    assert_eq!(json(&shown)["digest"], false, "off by default");
    digest(&server, &alice, true);
    digest(&server, &carol, true); // nothing waits for Carol

    clock.advance(6 * MINUTE, &servers);
    let first = smtp.wait_for("alice@club.example", "Your games are waiting");
    let text = first.text();
    assert!(text.contains(&format!("?online={id}")) && text.contains("against Bob"), "{text}");
    assert!(text.contains(&format!("?challenge={challenge_id}")) && text.contains("from Carol"), "{text}");
    let unsubscribe = first.header("List-Unsubscribe").unwrap();
    assert!(
        unsubscribe.starts_with(&format!("<http://{}/api/email/unsubscribe?token=", server.addr)),
        "{unsubscribe}"
    );
    assert_eq!(first.header("List-Unsubscribe-Post").as_deref(), Some("List-Unsubscribe=One-Click"));
    clock.advance(DAY, &servers);
    let digests = || smtp.to("alice@club.example", "Your games are waiting").len();
    while digests() < 2 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    clock.advance(DAY, &servers);
    while digests() < 3 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(digests(), 3, "one a day, from one instance");
    assert!(smtp.to("carol@club.example", "Your games are waiting").is_empty(), "nothing waits for Carol");
    assert!(smtp.to("bob@club.example", "Your games are waiting").is_empty(), "Bob's digest is off");
}

#[test]
fn unsubscribing_takes_a_token_alone_even_one_click_without_an_origin() {
    let (db, smtp, clock) = (TestDb::new(), SmtpServer::start(), TestClock::new());
    let server = mailing_club(&db, &smtp, &clock);
    let [alice, bob] = ["Alice", "Bob"].map(|name| session(&sign_up(&server, HOME, name)));
    game(&server, &alice, &bob);
    verified_address(&server, &smtp, &alice, "alice@club.example");
    digest(&server, &alice, true);
    let mail = smtp.wait_for("alice@club.example", "Confirm");
    let page_link = link(&mail, "?unsubscribe=");
    assert!(page_link.starts_with(&format!("http://{}/?unsubscribe=", server.addr)), "{page_link}");
    // The page's POST, without a session.
    let by_page = post(&server, "/api/email/unsubscribe", json!({ "token": token(&page_link) }));
    assert_eq!(json(&by_page), json!({ "ok": true }));
    let shown = call(&server, HOME, "GET", "/api/me/email", Some(&alice), None);
    assert_eq!(json(&shown)["digest"], false);

    // A mail provider's one-click POST: no Origin, no cookie, a form body (RFC 8058).
    digest(&server, &alice, true);
    let header = mail.header("List-Unsubscribe").unwrap();
    let path = header.trim_matches(['<', '>']).split_once(&server.addr).unwrap().1.to_string();
    let one_click = server.request_with(
        HOME,
        "POST",
        &path,
        &["Content-Type: application/x-www-form-urlencoded"],
        Some("List-Unsubscribe=One-Click"),
    );
    assert_eq!(one_click.status, 200, "{}", one_click.body);
    assert_eq!(json(&call(&server, HOME, "GET", "/api/me/email", Some(&alice), None))["digest"], false);
    let forged = server.request_with(HOME, "POST", "/api/email/unsubscribe?token=00", &[], Some(""));
    assert_eq!(code(&forged), "bad_email_link");
    let opened = server.request_with(HOME, "GET", &path, &[], None);
    assert_eq!(opened.status, 303);
    // Every other route keeps the origin rule.
    let verify = call_with_origin(
        &server,
        HOME,
        "POST",
        "/api/email/verify",
        None,
        Some(json!({ "token": "00" })),
        None,
    );
    assert_eq!(code(&verify), "bad_origin");
}

#[test]
fn without_smtp_the_club_sends_nothing_and_works_as_before() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let alice = session(&sign_up(&server, HOME, "Alice"));
    assert_eq!(json(&call(&server, HOME, "GET", "/api/session", Some(&alice), None))["email"], false);
    let refusals = [
        call(&server, HOME, "GET", "/api/me/email", Some(&alice), None),
        add_address(&server, &alice, "alice@club.example", "en"),
        call(&server, HOME, "DELETE", "/api/me/email", Some(&alice), None),
        post(&server, "/api/email/verify", json!({ "token": "00" })),
        reset(&server, "alice@club.example"),
        post(&server, "/api/password-reset/complete", json!({ "token": "00", "password": NEW_PASSWORD })),
        post(&server, "/api/email/unsubscribe", json!({ "token": "00" })),
    ];
    for refused in refusals {
        assert_eq!((refused.status, code(&refused)), (409, "email_off".into()), "{}", refused.body);
    }
    assert_eq!(sign_in(&server, HOME, "Alice", PASSWORD).status, 200);
    let bob = session(&sign_up(&server, HOME, "Bob"));
    game(&server, &alice, &bob);
}

#[test]
fn mail_settings_are_checked_at_start_and_the_password_never_shown() {
    let db = TestDb::new();
    let start = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_jungle-server"))
            .args(["--db", &db.url(), "--host", "127.0.0.1", "--port", "0"])
            .args(args)
            .output()
            .unwrap()
    };
    for (args, said) in [
        (&["--smtp-url", "smtp://127.0.0.1:25?tls=none"][..], "--mail-from"),
        (
            &["--smtp-url", "smtp://club:s3cret@mail.example?tls=none", "--mail-from", "c@example.org"][..],
            "this machine only",
        ),
        (&["--mail-from", "c@example.org"][..], "--smtp-url"),
    ] {
        let out = start(args);
        let text =
            format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(!out.status.success() && text.contains(said), "{args:?}: {text}");
        assert!(!text.contains("s3cret"), "{text}");
    }
}
