//! A correspondence week at the club (issue 37), everything together: two members play a game
//! at 2 days a move over a simulated week (a test clock, no sleeps), each opening the game only
//! to move and closing it again. Every move pushes exactly one "your move" to the mover's
//! opponent, through a push service made in the test that checks each push's VAPID signature
//! and decrypts it; Bob's vacation holds his clock past its period; Ann's conditional move
//! answers Bob's at once (Ann is told nothing of it); Bob is warned when his time runs low; Ann's
//! daily digest lists the game waiting for her. Nothing is pushed for what a member's open
//! page shows (Bob sees Ann's conditional answer arrive). On PostgreSQL the members use two instances
//! of one database, and still each event is pushed once.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::chat::{json_of, member};
use server_support::members::{call, create_and_join, session, sign_up, HOME};
use server_support::push_service::PushService;
use server_support::smtp::{link, token, SmtpServer};
use server_support::test_clock::TestClock;
use server_support::{Server, TestDb, DEN_WIN, PATIENCE};
use std::time::{Duration, Instant};

const HOUR: i64 = 3600 * 1000;
const DAY: i64 = 24 * HOUR;
/// How often the digest sweep looks (5 minutes of the club's time).
const EVERY_MS: i64 = 5 * 60 * 1000;

/// The member of `cookie` opens game `id` on `server`, plays move `ply`, and closes the page.
async fn move_and_leave(server: &Server, id: &str, cookie: &str, ply: usize, color: &str) {
    let (mut page, _) = member(server, id, cookie, true).await;
    page.play(ply, DEN_WIN[ply]).await;
    drop(page);
    server.until_away(id, color);
}

/// The kinds of the pushes `endpoint` received.
fn kinds(service: &PushService, endpoint: &str) -> Vec<String> {
    service.received(endpoint).iter().map(|p| p["kind"].as_str().unwrap().to_string()).collect()
}

/// The digest sweeps `server` has done, from its metrics.
fn sweeps(server: &Server) -> i64 {
    let (_, text) = server.http("GET", "/metrics", None);
    let line = text.lines().find_map(|l| l.strip_prefix("jungle_digest_sweeps_total "));
    line.map_or(0, |n| n.trim().parse().unwrap())
}

/// Moves the club's time `ms` ahead and waits until every instance's digest sweep has looked
/// at the new time: what is mailed then follows from the games as they stood.
fn advance(clock: &TestClock, ms: i64, servers: &[&Server]) {
    let before: Vec<i64> = servers.iter().map(|s| sweeps(s)).collect();
    clock.advance(ms, servers);
    let until = Instant::now() + PATIENCE;
    while servers.iter().zip(&before).any(|(s, b)| sweeps(s) <= *b) {
        assert!(Instant::now() < until, "no digest sweep after the clock moved");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn ok(server: &Server, cookie: &str, method: &str, path: &str, body: Option<Value>) -> Value {
    let answer = call(server, HOME, method, path, Some(cookie), body);
    assert!((200..300).contains(&answer.status), "{method} {path}: {}", answer.body);
    json_of(&answer.body)
}

#[tokio::test]
async fn a_correspondence_week_reaches_both_members_with_their_pages_closed() {
    let (db, service, smtp, clock) =
        (TestDb::new(), PushService::start(), SmtpServer::start(), TestClock::new());
    let [flag, file] = clock.args();
    let url = smtp.url();
    let args = ["--smtp-url", &url, "--mail-from", "Jungle Club <club@example.org>", &flag, &file];
    let one = db.server(&args);
    let two = (!db.is_sqlite()).then(|| db.server(&args));
    let (anns, bobs) = (&one, two.as_ref().unwrap_or(&one)); // the instance each member uses
    let servers = [anns, bobs];
    let ann = session(&sign_up(anns, HOME, "Ann"));
    let bob = session(&sign_up(bobs, HOME, "Bob"));
    let ann_device = service.subscribe(anns, &ann, "en");
    let bob_device = service.subscribe(bobs, &bob, "de");
    ok(anns, &ann, "PUT", "/api/me/email", Some(json!({ "address": "ann@club.example", "lang": "en" })));
    let verify = link(&smtp.wait_for("ann@club.example", "Confirm"), "?verify-email=");
    let verified =
        call(anns, HOME, "POST", "/api/email/verify", None, Some(json!({ "token": token(&verify) })));
    assert_eq!(verified.status, 200, "{}", verified.body);
    ok(anns, &ann, "PUT", "/api/me/email", Some(json!({ "digest": true })));

    let body = json!({ "name": "Ann", "color": "red", "clock": { "kind": "correspondence", "days": 2 } });
    let (created, _) = create_and_join(anns, &ann, Some(&bob), body);
    let id = created["id"].as_str().unwrap().to_string();

    // Monday: Ann moves; Bob's phone is told.
    move_and_leave(anns, &id, &ann, 0, "red").await;
    service.wait_for(&bob_device, 1);
    advance(&clock, DAY, &servers);
    // Tuesday: Bob answers; Ann is told, and her digest the next day lists the game.
    move_and_leave(bobs, &id, &bob, 1, "blue").await;
    service.wait_for(&ann_device, 1);
    advance(&clock, DAY, &servers);
    let digest = smtp.wait_for("ann@club.example", "Your games are waiting");
    assert_eq!(smtp.to("ann@club.example", "Your games are waiting").len(), 1, "one digest on Wednesday");
    assert!(digest.text().contains(&format!("?online={id}")), "{}", digest.text());
    // Wednesday: Ann moves; Bob goes on vacation for 3 days, and Ann leaves a conditional move.
    move_and_leave(anns, &id, &ann, 2, "red").await;
    service.wait_for(&bob_device, 2);
    ok(bobs, &bob, "POST", "/api/me/vacation", Some(json!({ "days": 3 })));
    let lines = json!({ "lines": [[DEN_WIN[3], DEN_WIN[4]]] });
    ok(anns, &ann, "PUT", &format!("/api/games/{id}/conditional"), Some(lines));
    advance(&clock, 3 * DAY - HOUR, &servers);
    let held = anns.game(&id);
    assert_eq!(held["status"], "playing", "no flag falls on vacation, past the 2 days: {held}");
    assert!(held["clocks"]["blue"].as_i64().unwrap() > 2 * DAY - HOUR, "Bob's time stood: {held}");
    advance(&clock, 2 * HOUR, &servers);
    // Back on Saturday, Bob moves; Ann's conditional move answers at once, her page closed.
    // Bob sees the answer come while his page is open: nothing is pushed for it.
    let (mut page, _) = member(bobs, &id, &bob, true).await;
    page.play(3, DEN_WIN[3]).await;
    while page.expect("moved").await["ply"] != 4 {}
    drop(page);
    bobs.until_away(&id, "blue");
    let answered = anns.game(&id);
    assert_eq!(answered["moves"][4], DEN_WIN[4], "the answer was played: {answered}");
    // Nothing waited for Ann since Wednesday: no second digest.
    assert_eq!(smtp.to("ann@club.example", "Your games are waiting").len(), 1, "none while nothing waits");
    // Bob lets his time run low: less than a tenth of 2 days left.
    advance(&clock, 2 * DAY - 4 * HOUR, &servers);
    let warned = service.wait_for(&bob_device, 3);
    assert_eq!(warned[2]["kind"], "time_running_out", "{warned:?}");
    move_and_leave(bobs, &id, &bob, 5, "blue").await;
    service.wait_for(&ann_device, 2);
    // The game waits for Ann again, and her last digest is days old: the next sweep mails her.
    advance(&clock, EVERY_MS + 1000, &servers);
    smtp.wait_for_count("ann@club.example", "Your games are waiting", 2);

    // Every move told its mover's opponent once; nothing else, nothing twice.
    assert_eq!(kinds(&service, &ann_device), ["your_move", "your_move"], "Ann: Bob's 2nd and 3rd moves");
    assert_eq!(kinds(&service, &bob_device), ["your_move", "your_move", "time_running_out"]);
    for payload in service.received(&ann_device).iter().chain(&service.received(&bob_device)) {
        assert_eq!(payload["url"], format!("?online={id}"), "{payload}");
    }
    assert_eq!(service.received(&bob_device)[0]["lang"], "de");
    assert_eq!(
        service.attempts(&ann_device).len() + service.attempts(&bob_device).len(),
        5,
        "sent once each"
    );
    assert!(service.faults().is_empty(), "{:?}", service.faults());
    assert_eq!(smtp.to("ann@club.example", "Your games are waiting").len(), 2, "a digest a waiting day");
}
