//! What one member can make the server do with tournaments is bounded (issue 33, finding 9),
//! against the real server (SQLite; PostgreSQL with `JUNGLE_TEST_DB=postgres`): registering
//! and withdrawing in a loop is refused after a few changes; however fast the players change,
//! a watcher gets at most one state a second, and the last one right; a member makes a few
//! tournaments, not thousands, while an admin makes as many as the club needs; the list of
//! tournaments comes in pages, the open ones first, and every page can be walked.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::events::Events;
use server_support::tournaments::*;
use server_support::{Server, TestDb};
use std::time::Instant;

fn swiss(server: &Server, admin: &Member, name: &str) -> String {
    create(server, admin, json!({ "name": name, "format": "swiss", "rounds": 1 }))
}

/// `member`'s registration change (`POST` registers, `DELETE` withdraws): its status.
fn change(server: &Server, member: &Member, method: &str, id: &str) -> u16 {
    ask(server, Some(member), method, &format!("/api/tournaments/{id}/players"), None).status
}

/// The players in (not withdrawn) of a tournament's state.
fn players_in(state: &Value) -> usize {
    let players = state["players"].as_array().map_or(&[][..], Vec::as_slice);
    players.iter().filter(|p| p["withdrawn"] == false).count()
}

#[test]
fn registering_and_withdrawing_in_a_loop_is_refused_after_a_few_changes() {
    let db = TestDb::new();
    let server = db.server(&["--requests-per-second", "1000"]);
    let club = members(&server, 3);
    let (admin, toggler, other) = (&club[0], &club[1], &club[2]);
    let id = swiss(&server, admin, "Toggled");
    // Changing one's mind a couple of times is fine.
    for method in ["POST", "DELETE", "POST", "DELETE", "POST"] {
        assert!([201, 200, 204].contains(&change(&server, toggler, method, &id)), "{method}");
    }
    let (mut done, mut refused) = (0, 0);
    for n in 0..40 {
        match change(&server, toggler, if n % 2 == 0 { "DELETE" } else { "POST" }, &id) {
            200 | 201 | 204 => done += 1,
            429 => refused += 1,
            status => panic!("a change answered {status}"),
        }
    }
    assert!(done <= 2 && refused >= 38, "{done} changes made, {refused} refused");
    let toggled = ask(&server, Some(toggler), "POST", &format!("/api/tournaments/{id}/players"), None);
    assert_eq!(refused_code(toggled), "rate_limited");
    // The others, and the toggler elsewhere, are not held back.
    assert_eq!(change(&server, other, "POST", &id), 201);
    let elsewhere = swiss(&server, admin, "Elsewhere");
    assert_eq!(change(&server, toggler, "POST", &elsewhere), 201);
}

/// The refusal's code, whatever its status.
fn refused_code(answer: server_support::Answer) -> String {
    let body: Value = serde_json::from_str(&answer.body).unwrap_or(Value::Null);
    body["code"].as_str().unwrap_or_default().to_string()
}

#[test]
fn a_watcher_gets_at_most_a_state_a_second_however_fast_the_players_change() {
    let db = TestDb::new();
    let server = db.server(&["--requests-per-second", "1000"]);
    let club = members(&server, 9);
    let admin = &club[0];
    let id = swiss(&server, admin, "Busy");
    let mut events = Events::open(&server, &format!("/api/tournaments/{id}/events"));
    assert_eq!(players_in(&events.until("message", |_| true)), 0);
    let (started, before) = (Instant::now(), events.count);
    // Eight players each register, withdraw, and register again twice: 40 changes.
    let mut changes = 0;
    for player in &club[1..] {
        for method in ["POST", "DELETE", "POST", "DELETE", "POST"] {
            assert!([200, 201, 204].contains(&change(&server, player, method, &id)));
            changes += 1;
        }
    }
    let last = events.until("message", |state| players_in(state) == 8);
    let seconds = started.elapsed().as_secs() as usize;
    let sent = events.count - before;
    eprintln!("{changes} changes in {seconds} s: {sent} events, {} bytes", events.bytes);
    // One state a second at most (the first may come at once), however many the changes.
    assert!(sent <= seconds + 2, "{sent} events for {changes} changes in {seconds} s");
    assert_eq!(last, get(&server, &id), "the last state is the tournament's");
}

#[test]
fn a_member_makes_a_few_tournaments_an_admin_as_many_as_needed() {
    let db = TestDb::new();
    let server = db.server(&["--tournaments", "members", "--requests-per-second", "1000"]);
    let club = members(&server, 2);
    let (admin, organiser) = (&club[0], &club[1]);
    let make = |n: usize| {
        let body = json!({ "name": format!("Club night {n}"), "format": "arena" });
        ask(&server, Some(organiser), "POST", "/api/tournaments", Some(body))
    };
    let mine: Vec<String> =
        (0..5).map(|n| expect(make(n), 201)["id"].as_str().unwrap().to_string()).collect();
    let sixth = make(5);
    assert_eq!(sixth.status, 409, "{}", sixth.body);
    assert_eq!(refused_code(sixth), "too_many_tournaments");
    for n in 0..8 {
        swiss(&server, admin, &format!("Admin's {n}"));
    }
    // Once theirs are over, the member makes more, up to the rate.
    let end = |id: &str| {
        expect(ask(&server, Some(admin), "POST", &format!("/api/tournaments/{id}/end"), None), 200)
    };
    mine.iter().for_each(|id| {
        end(id);
    });
    let more: Vec<String> =
        (5..10).map(|n| expect(make(n), 201)["id"].as_str().unwrap().to_string()).collect();
    more.iter().for_each(|id| {
        end(id);
    });
    let too_fast = make(10);
    assert_eq!((too_fast.status, refused_code(too_fast)), (429, "rate_limited".to_string()));
    assert!(expect(ask(&server, Some(admin), "GET", "/api/tournaments", None), 200)["tournaments"]
        .as_array()
        .is_some_and(|listed| listed.len() == 18));
}

/// The tournaments listed by `GET path`, and the cursor of the next page.
fn page(server: &Server, path: &str) -> (Vec<Value>, Option<String>) {
    let listed = expect(ask(server, None, "GET", path, None), 200);
    (listed["tournaments"].as_array().unwrap().clone(), listed["next"].as_str().map(str::to_string))
}

#[test]
fn the_list_comes_in_pages_the_open_tournaments_first() {
    let db = TestDb::new();
    let server = db.server(&["--requests-per-second", "1000"]);
    let club = members(&server, 1);
    let admin = &club[0];
    let ids: Vec<String> = (0..12).map(|n| swiss(&server, admin, &format!("Cup {n}"))).collect();
    for id in ids.iter().step_by(2).chain([&ids[9], &ids[11]]) {
        expect(ask(&server, Some(admin), "POST", &format!("/api/tournaments/{id}/end"), None), 200);
    }
    let (mut walked, mut pages) = (Vec::new(), 0);
    let mut next = Some(String::new());
    while let Some(after) = next {
        let path = if after.is_empty() {
            "/api/tournaments?limit=5".to_string()
        } else {
            format!("/api/tournaments?limit=5&after={after}")
        };
        let (listed, cursor) = page(&server, &path);
        assert!(listed.len() <= 5, "a page of {}", listed.len());
        walked.extend(listed);
        (next, pages) = (cursor, pages + 1);
        assert!(pages <= 4, "the pages end");
    }
    let (all, none) = page(&server, "/api/tournaments");
    assert_eq!((all.len(), none), (12, None), "one page unless asked");
    assert_eq!(walked, all, "the pages hold the list once, in its order");
    let open: Vec<&str> = walked.iter().map(|t| t["state"].as_str().unwrap()).collect();
    assert_eq!(open.iter().filter(|state| **state != "finished").count(), 4);
    assert!(open[..4].iter().all(|state| *state == "registering"), "the open ones first: {open:?}");
    for bad in ["limit=0", "limit=101", "after=nonsense", "after=2.1.abc"] {
        let answer = ask(&server, None, "GET", &format!("/api/tournaments?{bad}"), None);
        assert_eq!(refused(answer, 400), "bad_field", "{bad}");
    }
}
