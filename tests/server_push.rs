//! Web Push from the club server (issue 37), against a push service made in the test
//! (`server_support::push_service`: it checks each push's VAPID signature and decrypts its
//! body with the device's keys): what each event pushes and to whom, nothing for a game or a
//! challenge list on screen, kinds switched off and quiet hours in the member's time zone
//! (a test clock across its midnight), a gone subscription dropped, a failing one retried
//! with backoff and counted in the metrics, bad subscriptions and settings refused, the
//! VAPID private key in no log and no answer, and, on PostgreSQL, two instances pushing
//! each event once.
#![cfg(feature = "server")]

mod server_support;

use jiff::tz::TimeZone;
use jiff::Timestamp;
use serde_json::{json, Value};
use server_support::chat;
use server_support::events::Events;
use server_support::members::{call, code, create_and_join, session, sign_up, HOME};
use server_support::push_service::PushService;
use server_support::test_clock::TestClock;
use server_support::{Client, Server, TestDb, DEN_WIN, PATIENCE};
use std::time::Instant;

const HOUR_MS: i64 = 3600 * 1000;

/// A game of `clock` that `red` creates and `blue` joins (session cookies).
fn game(server: &Server, red: &str, blue: &str, clock: Value) -> String {
    let body = json!({ "name": "Red", "color": "red", "clock": clock });
    create_and_join(server, red, Some(blue), body).0["id"].as_str().unwrap().to_string()
}

fn days(days: u32) -> Value {
    json!({ "kind": "correspondence", "days": days })
}

/// The member of `cookie` at their seat of game `id`.
async fn seat(server: &Server, id: &str, cookie: &str) -> Client {
    chat::member(server, id, cookie, true).await.0
}

/// The kinds of `payloads`.
fn kinds(payloads: &[Value]) -> Vec<&str> {
    payloads.iter().map(|p| p["kind"].as_str().unwrap()).collect()
}

/// The count of push attempts with `outcome` in `server`'s metrics.
fn attempts(server: &Server, outcome: &str) -> i64 {
    let (_, text) = server.http("GET", "/metrics", None);
    let line = format!("jungle_push_attempts_total{{outcome=\"{outcome}\"}} ");
    text.lines().find_map(|l| l.strip_prefix(&line)).map_or(0, |n| n.trim().parse().unwrap())
}

fn settings(server: &Server, cookie: &str, body: Value) -> Value {
    let answer = call(server, HOME, "PUT", "/api/me/notifications", Some(cookie), Some(body));
    assert_eq!(answer.status, 200, "{}", answer.body);
    chat::json_of(&answer.body)
}

#[tokio::test]
async fn a_move_pushes_one_your_move_to_the_opponent_and_nothing_to_a_game_on_screen() {
    let db = TestDb::new();
    let service = PushService::start();
    let server = db.server(&[]);
    let [ann, ben] = ["Ann", "Ben"].map(|name| session(&sign_up(&server, HOME, name)));
    let ann_device = service.subscribe(&server, &ann, "en");
    let ben_device = service.subscribe(&server, &ben, "de");
    let id = game(&server, &ann, &ben, days(3));

    let mut anns = seat(&server, &id, &ann).await;
    anns.play(0, DEN_WIN[0]).await;
    let pushed = service.wait_for(&ben_device, 1);
    let expected = json!({
        "kind": "your_move", "lang": "de", "url": format!("?online={id}"), "tag": format!("game-{id}"),
        "opponent": "Ann",
    });
    assert_eq!(pushed, [expected]);
    assert_eq!(service.attempts(&ben_device)[0], (Some("high".into()), Some("86400".into())));

    // Ben opens the game: while both look at it, neither is pushed the other's moves.
    let mut bens = seat(&server, &id, &ben).await;
    bens.play(1, DEN_WIN[1]).await;
    anns.play(2, DEN_WIN[2]).await;
    bens.expect("moved").await;
    drop(bens);
    server.until_away(&id, "blue");
    // Ben gone again, Ann's draw offer reaches him: the only other push of the game.
    anns.send(json!({ "type": "offer", "offer": "draw" })).await;
    let pushed = service.wait_for(&ben_device, 2);
    assert_eq!(kinds(&pushed), ["your_move", "draw_offer"], "{pushed:?}");
    assert_eq!((&pushed[1]["opponent"], &pushed[1]["url"]), (&json!("Ann"), &json!(format!("?online={id}"))));
    assert_eq!(service.attempts(&ben_device)[1].0.as_deref(), Some("normal"));
    assert!(service.attempts(&ann_device).is_empty(), "the mover is told nothing");
    assert_eq!(service.attempts(&ben_device).len(), 2, "each event pushed once");
    assert!(service.faults().is_empty(), "{:?}", service.faults());
}

#[tokio::test]
async fn challenges_chat_lines_and_tournament_rounds_are_pushed_but_not_to_a_page_watching() {
    let db = TestDb::new();
    let service = PushService::start();
    let server = db.server(&[]);
    // Ann signs up first: the club's admin, who makes tournaments.
    let [ann, ben] = ["Ann", "Ben"].map(|name| session(&sign_up(&server, HOME, name)));
    let ann_device = service.subscribe(&server, &ann, "ja");
    let ben_device = service.subscribe(&server, &ben, "fr");

    let challenge = |to: &str| {
        let answer = call(&server, HOME, "POST", "/api/challenges", Some(&ben), Some(json!({ "to": to })));
        assert_eq!(answer.status, 201, "{}", answer.body);
        chat::json_of(&answer.body)["id"].as_str().unwrap().to_string()
    };
    let first = challenge("Ann");
    let pushed = service.wait_for(&ann_device, 1);
    let expected = json!({
        "kind": "challenge", "lang": "ja", "url": format!("?challenge={first}"),
        "tag": format!("challenge-{first}"), "from": "Ben",
    });
    assert_eq!(pushed, [expected]);
    // Ann's page shows her challenges as they come: the next one is not pushed.
    let mut stream = Events::open_as(&server, "/api/me/challenges/events", Some(&ann));
    stream.next();
    let seen = challenge("Ann");
    stream.until("message", |state| state.to_string().contains(&seen));

    // A chat line in a game Ben does not look at reaches him; the game Ann's, the seat his.
    let id = game(&server, &ann, &ben, days(3));
    let mut anns = seat(&server, &id, &ann).await;
    chat::say(&mut anns, "good luck").await;
    chat::heard(&mut anns).await;
    let pushed = service.wait_for(&ben_device, 1);
    let expected = json!({
        "kind": "chat", "lang": "fr", "url": format!("?online={id}"), "tag": format!("game-{id}"),
        "from": "Ann", "text": "good luck",
    });
    assert_eq!(pushed, [expected]);
    anns.play(0, DEN_WIN[0]).await;
    service.wait_for(&ben_device, 2);

    // A round paired: each player's devices are told.
    let request = json!({ "name": "Club night", "format": "swiss", "rounds": 1, "clock": days(3) });
    let created = call(&server, HOME, "POST", "/api/tournaments", Some(&ann), Some(request));
    assert_eq!(created.status, 201, "{}", created.body);
    let tournament = chat::json_of(&created.body)["id"].as_str().unwrap().to_string();
    for cookie in [&ann, &ben] {
        let path = format!("/api/tournaments/{tournament}/players");
        assert_eq!(call(&server, HOME, "POST", &path, Some(cookie), None).status, 201);
    }
    let started =
        call(&server, HOME, "POST", &format!("/api/tournaments/{tournament}/start"), Some(&ann), None);
    assert_eq!(started.status, 200, "{}", started.body);
    let round = json!({
        "kind": "tournament_round", "url": format!("?tournament={tournament}"),
        "tag": format!("tournament-{tournament}"), "tournament": "Club night", "round": 1,
    });
    for (device, lang) in [(&ann_device, "ja"), (&ben_device, "fr")] {
        let mut told = service.wait_for(device, if lang == "ja" { 2 } else { 3 }).pop().unwrap();
        assert_eq!(told["lang"], lang);
        told.as_object_mut().unwrap().remove("lang");
        assert_eq!(told, round);
    }
    let anns_pushes = service.received(&ann_device);
    assert_eq!(
        kinds(&anns_pushes),
        ["challenge", "tournament_round"],
        "no push of the challenge seen: {anns_pushes:?}"
    );
    assert_eq!(kinds(&service.received(&ben_device)), ["chat", "your_move", "tournament_round"]);
    assert!(service.faults().is_empty(), "{:?}", service.faults());
}

#[tokio::test]
async fn a_correspondence_clock_running_low_is_pushed_once_per_move() {
    let db = TestDb::new();
    let service = PushService::start();
    let clock = TestClock::new();
    let [flag, file] = clock.args();
    let server = db.server(&[&flag, &file]);
    let [ann, ben] = ["Ann", "Ben"].map(|name| session(&sign_up(&server, HOME, name)));
    let ann_device = service.subscribe(&server, &ann, "en");
    let id = game(&server, &ann, &ben, days(1));
    let (mut anns, mut bens) = (seat(&server, &id, &ann).await, seat(&server, &id, &ben).await);
    anns.play(0, DEN_WIN[0]).await;
    bens.play(1, DEN_WIN[1]).await;
    anns.expect("moved").await;
    drop(anns);
    server.until_away(&id, "red");

    // 21 hours of Ann's day gone: 3 left, more than a tenth. 22 hours: less.
    clock.advance(21 * HOUR_MS, &[&server]);
    clock.advance(HOUR_MS, &[&server]);
    let pushed = service.wait_for(&ann_device, 1);
    assert_eq!(
        (&pushed[0]["kind"], &pushed[0]["opponent"], &pushed[0]["clock"]),
        (&json!("time_running_out"), &json!("Ben"), &json!("days:1"))
    );
    let left = pushed[0]["left_ms"].as_i64().unwrap();
    assert!((HOUR_MS..2 * HOUR_MS + 1000).contains(&left), "about two hours left: {left}");
    assert_eq!(service.attempts(&ann_device)[0].0.as_deref(), Some("high"));
    // Later sweeps of the same move tell nothing more; the next move of Ann's will.
    clock.advance(30 * 60 * 1000, &[&server]);
    let mut anns = seat(&server, &id, &ann).await;
    anns.play(2, DEN_WIN[2]).await;
    drop(anns);
    server.until_away(&id, "red");
    bens.play(3, DEN_WIN[3]).await;
    clock.advance(23 * HOUR_MS, &[&server]);
    let pushed = service.wait_for(&ann_device, 3);
    assert_eq!(kinds(&pushed), ["time_running_out", "your_move", "time_running_out"], "{pushed:?}");
}

#[tokio::test]
async fn kinds_switched_off_and_quiet_hours_in_the_members_zone_hold_pushes_back() {
    let db = TestDb::new();
    let service = PushService::start();
    let clock = TestClock::new();
    let [flag, file] = clock.args();
    let server = db.server(&[&flag, &file]);
    let [ann, ben] = ["Ann", "Ben"].map(|name| session(&sign_up(&server, HOME, name)));
    let ben_device = service.subscribe(&server, &ben, "en");
    let defaults = chat::json_of(&call(&server, HOME, "GET", "/api/me/notifications", Some(&ben), None).body);
    let all_on = json!({
        "your_move": true, "challenge": true, "tournament_round": true, "draw_offer": true, "chat": true,
        "time_running_out": true,
    });
    assert_eq!(defaults, json!({ "kinds": all_on, "quiet": null, "time_zone": "UTC", "devices": 1 }));
    let set = json!({ "kinds": { "chat": false }, "quiet": { "from": "22:00", "to": "07:00" }, "time_zone": "Asia/Tokyo" });
    let now = settings(&server, &ben, set);
    assert_eq!((&now["kinds"]["chat"], &now["kinds"]["your_move"]), (&json!(false), &json!(true)));
    assert_eq!(
        (&now["quiet"], &now["time_zone"]),
        (&json!({ "from": "22:00", "to": "07:00" }), &json!("Asia/Tokyo"))
    );

    // The club's clock to 23:00 in Tokyo: Ben's quiet hours.
    let tokyo = TimeZone::get("Asia/Tokyo").unwrap();
    let here = Timestamp::from_millisecond(clock.now_ms()).unwrap().to_zoned(tokyo.clone());
    let mut eleven = here.date().at(23, 0, 0, 0).to_zoned(tokyo.clone()).unwrap();
    if eleven.timestamp() <= here.timestamp() {
        eleven = here.date().tomorrow().unwrap().at(23, 0, 0, 0).to_zoned(tokyo).unwrap();
    }
    clock.advance(eleven.timestamp().as_millisecond() - clock.now_ms(), &[&server]);

    let id = game(&server, &ann, &ben, days(3));
    let mut anns = seat(&server, &id, &ann).await;
    chat::say(&mut anns, "switched off: never pushed").await;
    chat::heard(&mut anns).await;
    anns.play(0, DEN_WIN[0]).await;
    // Past midnight in Tokyo, still quiet: nothing yet.
    clock.advance(2 * HOUR_MS, &[&server]);
    anns.send(json!({ "type": "offer", "offer": "draw" })).await;
    anns.expect("state").await;
    clock.advance(4 * HOUR_MS, &[&server]);
    assert!(
        service.attempts(&ben_device).is_empty(),
        "pushed in quiet hours: {:?}",
        service.received(&ben_device)
    );
    // 07:00 in Tokyo: what waited is pushed, the chat line never.
    clock.advance(2 * HOUR_MS, &[&server]);
    let pushed = service.wait_for(&ben_device, 2);
    let mut told = kinds(&pushed);
    told.sort_unstable();
    assert_eq!(told, ["draw_offer", "your_move"], "{pushed:?}");
    let answer =
        call(&server, HOME, "PUT", "/api/me/notifications", Some(&ben), Some(json!({ "quiet": null })));
    assert_eq!(chat::json_of(&answer.body)["quiet"], Value::Null);
    assert_eq!(service.attempts(&ben_device).len(), 2);
}

#[tokio::test]
async fn a_gone_subscription_is_dropped_and_a_failing_one_retried_with_backoff() {
    let db = TestDb::new();
    let service = PushService::start();
    let clock = TestClock::new();
    let [flag, file] = clock.args();
    let server = db.server(&[&flag, &file]);
    let [ann, ben] = ["Ann", "Ben"].map(|name| session(&sign_up(&server, HOME, name)));
    let gone = service.subscribe(&server, &ben, "en");
    let failing = service.subscribe(&server, &ben, "en");
    service.answer_with(&gone, 410);
    service.answer_with(&failing, 500);
    let devices = || {
        chat::json_of(&call(&server, HOME, "GET", "/api/me/notifications", Some(&ben), None).body)["devices"]
            .clone()
    };
    assert_eq!(devices(), 2);

    let challenge = json!({ "to": "Ben" });
    assert_eq!(call(&server, HOME, "POST", "/api/challenges", Some(&ann), Some(challenge)).status, 201);
    service.wait_for_attempts(&gone, 1);
    service.wait_for_attempts(&failing, 1);
    let until = Instant::now() + PATIENCE;
    while devices() != 1 || attempts(&server, "retry") < 1 {
        assert!(Instant::now() < until, "the 410 kept its subscription, or the 500 was not counted");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(attempts(&server, "gone"), 1);
    // The next attempt waits 30 s of the club's time; the service is back by then.
    clock.advance(20_000, &[&server]);
    assert_eq!(service.attempts(&failing).len(), 1, "retried before its backoff");
    service.answer_with(&failing, 201);
    clock.advance(11_000, &[&server]);
    let pushed = service.wait_for(&failing, 1);
    assert_eq!(kinds(&pushed), ["challenge"]);
    assert_eq!(service.attempts(&failing).len(), 2);
    assert_eq!((attempts(&server, "delivered"), attempts(&server, "retry")), (1, 1));
    assert_eq!(service.attempts(&gone).len(), 1, "a gone device is not tried again");
}

#[tokio::test]
async fn bad_subscriptions_and_settings_are_refused_with_their_codes() {
    let db = TestDb::new();
    let service = PushService::start();
    let server = db.server(&[]);
    let ben = session(&sign_up(&server, HOME, "Ben"));
    let post =
        |body: Value| call(&server, HOME, "POST", "/api/me/push/subscriptions", Some(&ben), Some(body));
    let good = service.subscription("en");
    let with = |path: &[&str], value: Value| {
        let mut body = good.clone();
        let (last, parents) = path.split_last().unwrap();
        let mut at = &mut body;
        for key in parents {
            at = &mut at[*key];
        }
        at[*last] = value;
        body
    };
    let cases = [
        (with(&["endpoint"], json!("http://push.example/1")), 400, "bad_push_endpoint"),
        (with(&["endpoint"], json!("not a url")), 400, "bad_push_endpoint"),
        (with(&["keys", "p256dh"], json!("BAAA")), 400, "bad_push_keys"),
        (with(&["keys", "auth"], json!("AAAAAAAAAAAAAAAAAAAA")), 400, "bad_push_keys"),
        (with(&["lang"], json!("xx")), 400, "bad_field"),
        (json!({ "endpoint": "https://x/1" }), 400, "bad_field"),
    ];
    for (body, status, expected) in cases {
        let answer = post(body.clone());
        assert_eq!((answer.status, code(&answer)), (status, expected.to_string()), "{body}: {}", answer.body);
    }
    let guest = call(&server, HOME, "POST", "/api/me/push/subscriptions", None, Some(good.clone()));
    assert_eq!((guest.status, code(&guest)), (401, "not_signed_in".to_string()));
    let elsewhere = server_support::members::call_with_origin(
        &server,
        HOME,
        "POST",
        "/api/me/push/subscriptions",
        Some(&ben),
        Some(good.clone()),
        Some("Origin: https://evil.example"),
    );
    assert_eq!((elsewhere.status, code(&elsewhere)), (403, "bad_origin".to_string()));
    for (body, expected) in [
        (json!({ "time_zone": "Mars/Olympus" }), "bad_time_zone"),
        (json!({ "quiet": { "from": "25:00", "to": "07:00" } }), "bad_quiet_hours"),
        (json!({ "kinds": { "weather": true } }), "bad_field"),
    ] {
        let answer = call(&server, HOME, "PUT", "/api/me/notifications", Some(&ben), Some(body.clone()));
        assert_eq!((answer.status, code(&answer)), (400, expected.to_string()), "{body}: {}", answer.body);
    }

    // The same device again replaces itself; eleven devices keep the newest ten.
    for _ in 0..2 {
        assert_eq!(post(good.clone()).status, 201);
    }
    for _ in 0..10 {
        service.subscribe(&server, &ben, "en");
    }
    let now = chat::json_of(&call(&server, HOME, "GET", "/api/me/notifications", Some(&ben), None).body);
    assert_eq!(now["devices"], 10);
    let gone = call(
        &server,
        HOME,
        "DELETE",
        "/api/me/push/subscriptions",
        Some(&ben),
        Some(json!({ "endpoint": good["endpoint"] })),
    );
    assert_eq!(gone.status, 204);
    assert_eq!(
        chat::json_of(&call(&server, HOME, "GET", "/api/me/notifications", Some(&ben), None).body)["devices"],
        10,
        "the first was the one dropped"
    );
}

#[tokio::test]
async fn the_vapid_private_key_is_in_no_log_line_and_no_answer() {
    let db = TestDb::new();
    let service = PushService::start();
    let server = server_support::Server::start_configured(&db.url(), &[], |command| {
        command.env("RUST_LOG", "jungle=debug");
    });
    let key = server.get_json("/api/push/key")["key"].as_str().unwrap().to_string();
    let [ann, ben] = ["Ann", "Ben"].map(|name| session(&sign_up(&server, HOME, name)));
    let device = service.subscribe(&server, &ben, "en");
    assert_eq!(
        call(&server, HOME, "POST", "/api/challenges", Some(&ann), Some(json!({ "to": "Ben" }))).status,
        201
    );
    service.wait_for(&device, 1);

    let pool = pool(&db).await;
    let private: String = sqlx::Row::get(
        &sqlx::query("SELECT private_key FROM push_keys").fetch_one(&pool).await.unwrap(),
        "private_key",
    );
    let public = server_support::push_service::from_base64url(&key).unwrap();
    assert_eq!((public.len(), public[0]), (65, 4), "an uncompressed P-256 point");
    let answers = [
        server.http("GET", "/api/push/key", None).1,
        server.http("GET", "/api/openapi.json", None).1,
        call(&server, HOME, "GET", "/api/me/notifications", Some(&ben), None).body,
        call(&server, HOME, "GET", "/api/me", Some(&ben), None).body,
        server.http("GET", "/metrics", None).1,
    ];
    let hex: String = server_support::push_service::from_base64url(&private)
        .unwrap()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    for text in answers.iter().chain([&server.output()]) {
        assert!(
            !text.contains(&private) && !text.to_lowercase().contains(&hex),
            "the private key leaked: {text}"
        );
    }
    assert!(server.output().contains(&key), "the public key is logged at the start");
}

/// The test database's connections.
async fn pool(db: &TestDb) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::AnyPool::connect(&if db.is_sqlite() { format!("sqlite:{}", db.url()) } else { db.url() })
        .await
        .unwrap()
}

#[tokio::test]
async fn a_deleted_account_takes_its_devices_and_settings_along() {
    let db = TestDb::new();
    let service = PushService::start();
    let server = db.server(&[]);
    let cyd = session(&sign_up(&server, HOME, "Cyd"));
    service.subscribe(&server, &cyd, "en");
    settings(&server, &cyd, json!({ "time_zone": "Europe/Paris" }));
    let body = json!({ "password": server_support::members::PASSWORD });
    assert_eq!(call(&server, HOME, "DELETE", "/api/me", Some(&cyd), Some(body)).status, 204);
    let pool = pool(&db).await;
    for table in ["push_subscriptions", "push_settings"] {
        let row = sqlx::query(&format!("SELECT COUNT(*) AS n FROM {table}")).fetch_one(&pool).await.unwrap();
        assert_eq!(sqlx::Row::get::<i64, _>(&row, "n"), 0, "{table}");
    }
}

#[tokio::test]
async fn every_event_is_pushed_once_by_the_instances_of_one_database() {
    let db = TestDb::new();
    let service = PushService::start();
    let clock = TestClock::new();
    let [flag, file] = clock.args();
    // Two instances on PostgreSQL; a SQLite file has one.
    let servers: Vec<Server> =
        (0..if db.is_sqlite() { 1 } else { 2 }).map(|_| db.server(&[&flag, &file])).collect();
    let (one, two) = (&servers[0], servers.last().unwrap());
    let key = one.get_json("/api/push/key");
    assert_eq!(two.get_json("/api/push/key"), key, "one key pair for the club");
    let [ann, ben] = ["Ann", "Ben"].map(|name| session(&sign_up(one, HOME, name)));
    let ann_device = service.subscribe(two, &ann, "en");
    let ben_device = service.subscribe(one, &ben, "en");

    // Challenges made on either instance; a game whose seats are on both.
    for server in [one, two, one] {
        assert_eq!(
            call(server, HOME, "POST", "/api/challenges", Some(&ann), Some(json!({ "to": "Ben" }))).status,
            201
        );
    }
    let id = game(one, &ann, &ben, days(1));
    let (mut anns, mut bens) = (seat(one, &id, &ann).await, seat(two, &id, &ben).await);
    anns.play(0, DEN_WIN[0]).await;
    bens.play(1, DEN_WIN[1]).await;
    anns.expect("moved").await;
    drop(anns);
    two.until_away(&id, "red");
    // Both instances hold the game and sweep its clock: Ann is told once that it runs low.
    let all: Vec<&Server> = servers.iter().collect();
    clock.advance(22 * HOUR_MS, &all);
    clock.advance(5 * 60 * 1000, &all);
    let ann_told = service.wait_for(&ann_device, 1);
    drop(bens);
    one.until_away(&id, "blue");
    let mut anns = seat(two, &id, &ann).await;
    anns.play(2, DEN_WIN[2]).await;
    let ben_told = service.wait_for(&ben_device, 4);
    assert_eq!(kinds(&ben_told), ["challenge", "challenge", "challenge", "your_move"], "{ben_told:?}");
    assert_eq!(kinds(&ann_told), ["time_running_out"]);
    assert_eq!((service.attempts(&ben_device).len(), service.attempts(&ann_device).len()), (4, 1));
    let delivered: i64 = servers.iter().map(|s| attempts(s, "delivered")).sum();
    assert_eq!(delivered, 5, "each push sent by one instance");
}
