//! Passkeys against the real server (SQLite; PostgreSQL with `JUNGLE_TEST_DB=postgres`), with a
//! software authenticator: sign-up and sign-in by passkey (no name asked), a passkey added and
//! removed (never the last way in), the ceremonies single use and expiring, and every failed
//! sign-in answered alike: another origin, an unknown credential, a bad signature; a suspended
//! member refused; deleting an account, setting a password or adding a passkey needs fresh
//! proof (a passkey assertion or the password), never the session cookie alone.
#![cfg(feature = "server")]

mod passkey_authenticator;
mod server_support;

use passkey_authenticator::Passkey;
use serde_json::{json, Value};
use server_support::members::{call_with_origin, code, me, session, sign_in, sign_up, HOME, PASSWORD};
use server_support::{Answer, Server, TestDb};
use sqlx::AnyPool;

/// The page's origin as the browser puts it in the client data (the default relying party
/// is localhost, on any port).
fn origin(server: &Server) -> String {
    format!("http://localhost:{}", server.addr.rsplit_once(':').unwrap().1)
}

/// A member API request from a page at [`origin`], where the club's passkeys work (the other
/// suites speak from 127.0.0.1).
fn call(
    server: &Server,
    from: [u8; 4],
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> Answer {
    let at = origin(server);
    let host = format!("Host: {}", at.trim_start_matches("http://"));
    let origin = format!("Origin: {at}");
    let cookie = cookie.map(|id| format!("Cookie: jungle_session={id}"));
    let headers: Vec<&str> = [host.as_str(), origin.as_str()].into_iter().chain(cookie.as_deref()).collect();
    server.request_with(from, method, path, &headers, body.map(|b| b.to_string()).as_deref())
}

fn json_of(answer: &Answer) -> Value {
    serde_json::from_str(&answer.body).unwrap_or_else(|_| panic!("JSON: {}", answer.body))
}

/// A ceremony's start, which must succeed: its options.
fn begin(server: &Server, path: &str, cookie: Option<&str>, body: Value) -> Value {
    let answer = call(server, HOME, "POST", path, cookie, Some(body));
    assert_eq!(answer.status, 200, "{path}: {}", answer.body);
    json_of(&answer)
}

fn finish(server: &Server, path: &str, cookie: Option<&str>, options: &Value, credential: Value) -> Answer {
    let body = json!({ "ceremony": options["ceremony"], "credential": credential });
    call(server, HOME, "POST", path, cookie, Some(body))
}

/// Signs up `name` with a new passkey: the passkey and the session.
fn sign_up_by_passkey(server: &Server, name: &str) -> (Passkey, String) {
    let options = begin(server, "/api/passkeys/sign-up", None, json!({ "name": name }));
    let (passkey, credential) = Passkey::register(&options, &origin(server));
    let answer = finish(server, "/api/passkeys/sign-up/finish", None, &options, credential);
    assert_eq!(answer.status, 201, "{}", answer.body);
    assert_eq!(json_of(&answer)["name"], name);
    (passkey, session(&answer))
}

/// The proof of a `confirm` ceremony asserted with `passkey`, for the member of `cookie`:
/// `{"ceremony","credential"}`.
fn passkey_proof(server: &Server, passkey: &mut Passkey, cookie: &str) -> Value {
    let options = begin(server, "/api/me/passkeys/confirm", Some(cookie), json!({}));
    let credential = passkey.assert(&options, &origin(server));
    json!({ "ceremony": options["ceremony"], "credential": credential })
}

/// A sign-in with `passkey`, the credential seen at `at`.
fn sign_in_by_passkey(server: &Server, passkey: &mut Passkey, at: &str) -> Answer {
    let options = begin(server, "/api/passkeys/sign-in", None, json!({}));
    let credential = passkey.assert(&options, at);
    finish(server, "/api/passkeys/sign-in/finish", None, &options, credential)
}

async fn pool(db: &TestDb) -> AnyPool {
    sqlx::any::install_default_drivers();
    let url = if db.is_sqlite() { format!("sqlite:{}", db.url()) } else { db.url() };
    AnyPool::connect(&url).await.unwrap()
}

#[tokio::test]
async fn a_member_signs_up_and_in_with_a_passkey_and_no_name() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let options = begin(&server, "/api/passkeys/sign-up", None, json!({ "name": "Keya" }));
    let selection = &options["publicKey"]["authenticatorSelection"];
    assert_eq!(
        (&selection["residentKey"], &selection["userVerification"]),
        (&json!("required"), &json!("required"))
    );
    assert_eq!(options["publicKey"]["rp"]["id"], "localhost");
    let (passkey, credential) = Passkey::register(&options, &origin(&server));
    let answer = finish(&server, "/api/passkeys/sign-up/finish", None, &options, credential);
    assert_eq!(answer.status, 201, "{}", answer.body);
    assert!(answer.header("set-cookie").unwrap().contains("HttpOnly"));
    let first = session(&answer);
    assert_eq!(json_of(&me(&server, &first))["name"], "Keya");

    let mut passkey = passkey;
    let options = begin(&server, "/api/passkeys/sign-in", None, json!({}));
    assert_eq!(options["publicKey"]["allowCredentials"], json!([]), "no name, no list: nothing told");
    assert!(options.get("mediation").is_none(), "the browser's dialog, not autofill: {options}");
    let credential = passkey.assert(&options, &origin(&server));
    let answer = finish(&server, "/api/passkeys/sign-in/finish", None, &options, credential);
    assert_eq!(answer.status, 200, "{}", answer.body);
    let second = session(&answer);
    assert_ne!(first, second);
    assert_eq!(json_of(&me(&server, &second))["name"], "Keya");

    // No password: a password sign-in with the name is refused as a wrong one is.
    let refused = sign_in(&server, HOME, "Keya", "");
    assert_eq!((refused.status, code(&refused).as_str()), (401, "bad_credentials"));
    let refused = sign_in(&server, HOME, "Keya", PASSWORD);
    assert_eq!((refused.status, code(&refused).as_str()), (401, "bad_credentials"));
}

#[tokio::test]
async fn a_ceremony_is_used_once_and_expires() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let (mut passkey, _) = sign_up_by_passkey(&server, "Once");
    let options = begin(&server, "/api/passkeys/sign-in", None, json!({}));
    let credential = passkey.assert(&options, &origin(&server));
    let answer = finish(&server, "/api/passkeys/sign-in/finish", None, &options, credential.clone());
    assert_eq!(answer.status, 200, "{}", answer.body);
    let again = finish(&server, "/api/passkeys/sign-in/finish", None, &options, credential);
    assert_eq!((again.status, code(&again).as_str()), (401, "bad_credentials"), "a replay is refused");

    let options = begin(&server, "/api/passkeys/sign-in", None, json!({}));
    sqlx::query("UPDATE passkey_ceremonies SET expires = 0").execute(&pool(&db).await).await.unwrap();
    let credential = passkey.assert(&options, &origin(&server));
    let late = finish(&server, "/api/passkeys/sign-in/finish", None, &options, credential);
    assert_eq!(
        (late.status, code(&late).as_str()),
        (401, "bad_credentials"),
        "an expired ceremony is refused"
    );

    // A sign-up's ceremony is not a sign-in's.
    let options = begin(&server, "/api/passkeys/sign-up", None, json!({ "name": "Other" }));
    let credential = passkey.assert(&options, &origin(&server));
    let wrong = finish(&server, "/api/passkeys/sign-in/finish", None, &options, credential);
    assert_eq!(code(&wrong), "bad_credentials");
}

#[tokio::test]
async fn every_failed_sign_in_is_answered_alike() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let (mut passkey, _) = sign_up_by_passkey(&server, "Alike");
    let evil = "http://evil.example";
    let answers = [
        sign_in_by_passkey(&server, &mut passkey, evil),
        sign_in_by_passkey(&server, &mut passkey.with_id(vec![7; 16]), &origin(&server)),
        {
            let options = begin(&server, "/api/passkeys/sign-in", None, json!({}));
            let mut credential = passkey.assert(&options, &origin(&server));
            credential["response"]["signature"] = json!(passkey_authenticator::b64(&[0x30, 2, 2, 0]));
            finish(&server, "/api/passkeys/sign-in/finish", None, &options, credential)
        },
        {
            let options = begin(&server, "/api/passkeys/sign-in", None, json!({}));
            let credential = passkey.assert(&options, &origin(&server));
            finish(&server, "/api/passkeys/sign-in/finish", None, &json!({ "ceremony": "0" }), credential)
        },
    ];
    for answer in &answers {
        assert_eq!((answer.status, answer.body.as_str()), (answers[0].status, answers[0].body.as_str()));
    }
    assert_eq!(code(&answers[0]), "bad_credentials");
    assert!(answers.iter().all(|answer| answer.header("set-cookie").is_none()));
    assert_eq!(
        sign_in_by_passkey(&server, &mut passkey, &origin(&server)).status,
        200,
        "the passkey still works"
    );

    // A request from another site's page is refused before any ceremony.
    let refused = call_with_origin(
        &server,
        HOME,
        "POST",
        "/api/passkeys/sign-in",
        None,
        Some(json!({})),
        Some("Origin: http://evil.example"),
    );
    assert_eq!((refused.status, code(&refused).as_str()), (403, "bad_origin"));
}

#[tokio::test]
async fn sign_ins_by_passkey_are_rate_limited_per_address() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let from = [127, 0, 0, 9];
    let statuses: Vec<u16> = (0..21)
        .map(|_| call(&server, from, "POST", "/api/passkeys/sign-in", None, Some(json!({}))).status)
        .collect();
    assert!(statuses[..20].iter().all(|status| *status == 200), "{statuses:?}");
    let refused = call(&server, from, "POST", "/api/passkeys/sign-in", None, Some(json!({})));
    assert_eq!((refused.status, code(&refused).as_str()), (429, "rate_limited"));
    assert_eq!(
        call(&server, HOME, "POST", "/api/passkeys/sign-in", None, Some(json!({}))).status,
        200,
        "other addresses go on"
    );
}

#[tokio::test]
async fn a_sign_up_by_passkey_keeps_the_name_and_invite_rules() {
    let db = TestDb::new();
    let server = db.server(&["--members", "invite"]);
    sign_up(&server, HOME, "Admin");
    // Sign-ups are limited per address: the refused ones come from another.
    let elsewhere = [127, 0, 0, 2];
    let refused =
        call(&server, elsewhere, "POST", "/api/passkeys/sign-up", None, Some(json!({ "name": "Newcomer" })));
    assert_eq!((refused.status, code(&refused).as_str()), (403, "bad_invite"));
    let refused =
        call(&server, elsewhere, "POST", "/api/passkeys/sign-up", None, Some(json!({ "name": "admin" })));
    assert_eq!(code(&refused), "bad_invite", "the invite is asked before the name is looked at");
    let bad = call(
        &server,
        elsewhere,
        "POST",
        "/api/passkeys/sign-up",
        None,
        Some(json!({ "name": "no spaces allowed" })),
    );
    assert_eq!(code(&bad), "bad_field");

    let admin = session(&sign_in(&server, HOME, "Admin", PASSWORD));
    let invite = json_of(&call(&server, HOME, "POST", "/api/invites", Some(&admin), None))["code"].clone();
    let taken = call(
        &server,
        HOME,
        "POST",
        "/api/passkeys/sign-up",
        None,
        Some(json!({ "name": "ADMIN", "invite": invite })),
    );
    assert_eq!((taken.status, code(&taken).as_str()), (409, "name_taken"));
    let options =
        begin(&server, "/api/passkeys/sign-up", None, json!({ "name": "Newcomer", "invite": invite }));
    let (_, credential) = Passkey::register(&options, &origin(&server));
    let answer = finish(&server, "/api/passkeys/sign-up/finish", None, &options, credential);
    assert_eq!(answer.status, 201, "{}", answer.body);
    let again = call(
        &server,
        elsewhere,
        "POST",
        "/api/passkeys/sign-up",
        None,
        Some(json!({ "name": "Third", "invite": invite })),
    );
    assert_eq!(code(&again), "bad_invite", "the code was spent");
}

#[tokio::test]
async fn passkeys_are_added_listed_and_removed_but_never_the_last_way_in() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let (mut first, cookie) = sign_up_by_passkey(&server, "Many");
    let listed = json_of(&call(&server, HOME, "GET", "/api/me/passkeys", Some(&cookie), None));
    assert_eq!(listed.as_array().unwrap().len(), 1, "{listed}");
    let only = listed[0]["id"].as_str().unwrap().to_string();
    let refused = call(&server, HOME, "DELETE", &format!("/api/me/passkeys/{only}"), Some(&cookie), None);
    assert_eq!((refused.status, code(&refused).as_str()), (409, "last_sign_in"));

    let bare = call(&server, HOME, "POST", "/api/me/passkeys", Some(&cookie), Some(json!({})));
    assert_eq!(
        (bare.status, code(&bare).as_str()),
        (403, "proof_needed"),
        "a passkey added with the session alone would prove the thief later"
    );
    let proof = json!({ "passkey": passkey_proof(&server, &mut first, &cookie) });
    let options = begin(&server, "/api/me/passkeys", Some(&cookie), proof);
    let excluded = options["publicKey"]["excludeCredentials"].as_array().unwrap().len();
    assert_eq!(excluded, 1, "the passkey held already is not made again");
    let (mut second, credential) = Passkey::register(&options, &origin(&server));
    assert_eq!(second.user_handle, first.user_handle, "one user handle per member");
    let added = finish(&server, "/api/me/passkeys/finish", Some(&cookie), &options, credential);
    assert_eq!(added.status, 201, "{}", added.body);
    let added_id = json_of(&added)["id"].as_str().unwrap().to_string();
    assert_eq!(
        json_of(&call(&server, HOME, "GET", "/api/me/passkeys", Some(&cookie), None))
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert_eq!(sign_in_by_passkey(&server, &mut second, &origin(&server)).status, 200);

    let removed = call(&server, HOME, "DELETE", &format!("/api/me/passkeys/{only}"), Some(&cookie), None);
    assert_eq!(removed.status, 204, "{}", removed.body);
    assert_eq!(
        code(&sign_in_by_passkey(&server, &mut first, &origin(&server))),
        "bad_credentials",
        "removed: no way in"
    );
    let refused = call(&server, HOME, "DELETE", &format!("/api/me/passkeys/{added_id}"), Some(&cookie), None);
    assert_eq!(code(&refused), "last_sign_in");

    // With a password as well, the last passkey may go. The page asks whether there is one.
    assert_eq!(json_of(&me(&server, &cookie))["has_password"], false);
    let proof = passkey_proof(&server, &mut second, &cookie);
    let set = call(
        &server,
        HOME,
        "PUT",
        "/api/me/password",
        Some(&cookie),
        Some(json!({ "passkey": proof, "new_password": PASSWORD })),
    );
    assert_eq!(set.status, 204, "a member without a password sets one, with a passkey: {}", set.body);
    assert_eq!(json_of(&me(&server, &cookie))["has_password"], true);
    assert_eq!(sign_in(&server, HOME, "Many", PASSWORD).status, 200);
    let removed = call(&server, HOME, "DELETE", &format!("/api/me/passkeys/{added_id}"), Some(&cookie), None);
    assert_eq!(removed.status, 204, "{}", removed.body);
    let other = sign_up(&server, HOME, "Other");
    let theirs =
        call(&server, HOME, "DELETE", &format!("/api/me/passkeys/{added_id}"), Some(&session(&other)), None);
    assert_eq!((theirs.status, code(&theirs).as_str()), (404, "not_found"));
}

#[tokio::test]
async fn deleting_an_account_deletes_its_passkeys() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let (mut passkey, cookie) = sign_up_by_passkey(&server, "Gone");
    let proof = json!({ "passkey": passkey_proof(&server, &mut passkey, &cookie) });
    let deleted = call(&server, HOME, "DELETE", "/api/me", Some(&cookie), Some(proof));
    assert_eq!(deleted.status, 204, "{}", deleted.body);
    let count: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM passkeys").fetch_one(&pool(&db).await).await.unwrap();
    assert_eq!(count, 0);
    assert_eq!(code(&sign_in_by_passkey(&server, &mut passkey, &origin(&server))), "bad_credentials");
}

#[tokio::test]
async fn a_ceremony_begun_on_one_instance_is_finished_on_another() {
    let db = TestDb::new();
    let first = db.server(&[]);
    let options = begin(&first, "/api/passkeys/sign-up", None, json!({ "name": "Roamer" }));
    // PostgreSQL: a second instance beside the first; SQLite (one instance): the server restarted.
    let (second, _first) = match db.is_sqlite() {
        true => {
            assert!(first.terminate().success());
            (db.server(&[]), None)
        }
        false => (db.server(&[]), Some(first)),
    };
    let (mut passkey, credential) = Passkey::register(&options, &origin(&second));
    let answer = finish(&second, "/api/passkeys/sign-up/finish", None, &options, credential);
    assert_eq!(answer.status, 201, "{}", answer.body);
    assert_eq!(sign_in_by_passkey(&second, &mut passkey, &origin(&second)).status, 200);
}

#[tokio::test]
async fn a_suspended_member_cannot_sign_in_with_a_passkey() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let admin = session(&sign_up(&server, HOME, "Admin"));
    let (mut passkey, _) = sign_up_by_passkey(&server, "Keya");
    let suspend = json!({ "name": "Keya", "reason": "a test" });
    let done = call(&server, HOME, "POST", "/api/admin/suspensions", Some(&admin), Some(suspend));
    assert_eq!(done.status, 201, "{}", done.body);

    let refused = sign_in_by_passkey(&server, &mut passkey, &origin(&server));
    assert_eq!((refused.status, code(&refused).as_str()), (403, "suspended"), "{}", refused.body);
    assert!(refused.header("set-cookie").is_none(), "no session for a suspended member");

    let lift = call(&server, HOME, "DELETE", "/api/admin/suspensions/Keya", Some(&admin), None);
    assert_eq!(lift.status, 204, "{}", lift.body);
    let answer = sign_in_by_passkey(&server, &mut passkey, &origin(&server));
    assert_eq!(answer.status, 200, "{}", answer.body);
}

#[tokio::test]
async fn a_club_opened_at_another_address_says_where_its_passkeys_work() {
    let db = TestDb::new();
    let server = db.server(&[]);
    // The page at http://127.0.0.1:PORT: same site as far as the origin rule goes, but not the
    // relying party's (localhost), so no passkey could be made or used there.
    for path in ["/api/passkeys/sign-up", "/api/passkeys/sign-in"] {
        let refused = call_with_origin(
            &server,
            HOME,
            "POST",
            path,
            None,
            Some(json!({ "name": "Wanderer" })),
            Some(&format!("Origin: http://{}", server.addr)),
        );
        assert_eq!(
            (refused.status, code(&refused).as_str()),
            (403, "wrong_address"),
            "{path}: {}",
            refused.body
        );
        assert_eq!(json_of(&refused)["params"]["expected"], "http://localhost", "{}", refused.body);
    }
    let (status, log) = server.terminate_with_output();
    assert!(log.contains("another address than --public-origin"), "logged: {status:?}\n{log}");
}

#[tokio::test]
async fn a_stolen_session_cookie_alone_deletes_no_account_and_sets_no_password() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let (mut passkey, cookie) = sign_up_by_passkey(&server, "Keeper");
    let delete = |body: Value| call(&server, HOME, "DELETE", "/api/me", Some(&cookie), Some(body));
    for body in [json!({}), json!({ "password": "" }), json!({ "password": PASSWORD })] {
        let refused = delete(body.clone());
        assert_eq!(
            (refused.status, code(&refused).as_str()),
            (403, "proof_needed"),
            "{body}: {}",
            refused.body
        );
    }
    let set = call(
        &server,
        HOME,
        "PUT",
        "/api/me/password",
        Some(&cookie),
        Some(json!({ "password": "", "new_password": PASSWORD })),
    );
    assert_eq!(code(&set), "proof_needed", "no password of the thief's own to delete with later");
    assert_eq!(json_of(&me(&server, &cookie))["has_password"], false);

    // A sign-in ceremony's assertion, another member's ceremony, a replayed one: refused.
    let options = begin(&server, "/api/passkeys/sign-in", None, json!({}));
    let credential = passkey.assert(&options, &origin(&server));
    let sign_in_proof = json!({ "passkey": { "ceremony": options["ceremony"], "credential": credential } });
    assert_eq!(code(&delete(sign_in_proof)), "bad_credentials");
    let (mut other, other_cookie) = sign_up_by_passkey(&server, "Other");
    let theirs = begin(&server, "/api/me/passkeys/confirm", Some(&other_cookie), json!({}));
    let credential = passkey.assert(&theirs, &origin(&server));
    let crossed = json!({ "passkey": { "ceremony": theirs["ceremony"], "credential": credential } });
    assert_eq!(code(&delete(crossed)), "bad_credentials", "a ceremony of another member's");
    let options = begin(&server, "/api/me/passkeys/confirm", Some(&cookie), json!({}));
    let allowed = options["publicKey"]["allowCredentials"].as_array().unwrap();
    assert_eq!(allowed.len(), 1, "the member's own passkey is asked for: {options}");
    let credential = other.assert(&options, &origin(&server));
    let wrong_key = json!({ "passkey": { "ceremony": options["ceremony"], "credential": credential } });
    assert_eq!(code(&delete(wrong_key)), "bad_credentials", "another member's passkey");
    assert_eq!(me(&server, &cookie).status, 200, "still there");

    // The member's own fresh assertion deletes the account, once.
    let proof = json!({ "passkey": passkey_proof(&server, &mut passkey, &cookie) });
    let deleted = delete(proof.clone());
    assert_eq!(deleted.status, 204, "{}", deleted.body);
    assert_eq!(me(&server, &cookie).status, 401);
    let again = call(&server, HOME, "DELETE", "/api/me", Some(&other_cookie), Some(proof));
    assert_eq!(code(&again), "bad_credentials", "a used ceremony proves nothing again");
}

#[tokio::test]
async fn a_password_member_deletes_and_adds_a_passkey_with_the_password_and_not_without_it() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let cookie = session(&sign_up(&server, HOME, "Worded"));
    let delete = |body: Value| call(&server, HOME, "DELETE", "/api/me", Some(&cookie), Some(body));
    let refused = delete(json!({}));
    assert_eq!((refused.status, code(&refused).as_str()), (403, "proof_needed"));
    let refused = delete(json!({ "password": "not the password" }));
    assert_eq!((refused.status, code(&refused).as_str()), (401, "bad_credentials"));
    let no_passkey = call(&server, HOME, "POST", "/api/me/passkeys/confirm", Some(&cookie), Some(json!({})));
    assert_eq!((no_passkey.status, code(&no_passkey).as_str()), (404, "not_found"));
    // The first passkey of a password member: the password proves who adds it.
    let add = |body: Value| call(&server, HOME, "POST", "/api/me/passkeys", Some(&cookie), Some(body));
    assert_eq!(code(&add(json!({}))), "proof_needed");
    assert_eq!(code(&add(json!({ "password": "not the password" }))), "bad_credentials");
    let options = add(json!({ "password": PASSWORD }));
    assert_eq!(options.status, 200, "{}", options.body);
    assert_eq!(me(&server, &cookie).status, 200);
    assert_eq!(delete(json!({ "password": PASSWORD })).status, 204);
    assert_eq!(me(&server, &cookie).status, 401);
}
