//! A tournament's settings against the real server (SQLite; PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`): made with every setting and read back the same in the
//! tournament and in the list; changed before the start (`PATCH api/tournaments/{id}`), each
//! change logged and its watchers told; refused after the start, once over, to a member who
//! does not direct it and for bad values, each with its code and field; where members make
//! tournaments, the maker directs theirs; new rules seed the players by their rating under them.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::events::Events;
use server_support::rated::{day_a_move, played_as, swept};
use server_support::tournaments::*;
use server_support::TestDb;

/// Every setting a tournament has, none at its default.
fn every_setting(starts_at: i64) -> Value {
    json!({
        "name": "Club night", "format": "swiss", "rounds": 3, "rules": "dog-swims=yes",
        "rated": false, "bye_points": 0.5, "late_entry_points": 0.5,
        "clock": { "kind": "live", "seconds": 180, "increment": 2 },
        "no_show_seconds": 300, "starts_at": starts_at,
    })
}

/// The settings of `tournament` as a request gives them.
fn settings_of(tournament: &Value) -> Value {
    let fields = [
        "name",
        "format",
        "rounds",
        "rules",
        "rated",
        "bye_points",
        "late_entry_points",
        "clock",
        "no_show_seconds",
        "starts_at",
        "minutes",
    ];
    fields.iter().map(|field| (field.to_string(), tournament[field].clone())).collect()
}

fn patch(
    server: &server_support::Server,
    who: Option<&Member>,
    id: &str,
    body: Value,
) -> server_support::Answer {
    ask(server, who, "PATCH", &format!("/api/tournaments/{id}"), Some(body))
}

/// The log's `changed` entries of tournament `id`, as their details.
fn changes(server: &server_support::Server, admin: &Member, id: &str) -> Vec<String> {
    let log = asked(server, admin, "GET", &format!("/api/tournaments/{id}/log"), None, 200);
    let entries = log["log"].as_array().unwrap().iter().filter(|entry| entry["action"] == "changed");
    entries.map(|entry| entry["detail"].as_str().unwrap().to_string()).collect()
}

#[test]
fn a_tournament_made_with_every_setting_reads_them_back() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 1);
    let starts_at = now_ms() + 3_600_000;
    let id = create(&server, &club[0], every_setting(starts_at));
    let mut expected = every_setting(starts_at);
    expected["minutes"] = json!(0);
    let tournament = get(&server, &id);
    assert_eq!(settings_of(&tournament), expected);
    assert_eq!(tournament["state"], "registering");
    // Only admins direct tournaments in this club.
    assert_eq!(tournament["director"], Value::Null);
    let list = server.get_json("/api/tournaments");
    let line = list["tournaments"].as_array().unwrap().iter().find(|line| line["id"] == id.as_str()).unwrap();
    assert_eq!(settings_of(line), expected);
    let arena = json!({ "name": "Blitz arena", "format": "arena", "minutes": 45,
                        "clock": { "kind": "correspondence", "days": 3 } });
    let arena = get(&server, &create(&server, &club[0], arena));
    assert_eq!((&arena["minutes"], &arena["rounds"]), (&json!(45), &json!(0)));
    assert_eq!(arena["clock"], json!({ "kind": "correspondence", "days": 3 }));
}

#[test]
fn a_change_before_the_start_is_stored_logged_and_told_to_watchers() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 1);
    let admin = &club[0];
    let id = create(&server, admin, json!({ "name": "Spring cup", "format": "swiss", "rounds": 3 }));
    let mut events = Events::open(&server, &format!("/api/tournaments/{id}/events"));
    events.until("message", |_| true);

    let starts_at = now_ms() + 7_200_000;
    let mut every = every_setting(starts_at);
    every["rounds"] = json!(5);
    let changed = expect(patch(&server, Some(admin), &id, every.clone()), 200);
    every["minutes"] = json!(0);
    assert_eq!(settings_of(&changed), every);
    assert_eq!(settings_of(&get(&server, &id)), every);
    let told = events.until("message", |state| state["rounds"] == 5);
    assert_eq!(settings_of(&told), every);
    let mut logged = changes(&server, admin, &id);
    logged.sort();
    let expected = [
        "bye_points: 1 → 0.5".to_string(),
        "clock: none → live:180+2".to_string(),
        "late_entry_points: 0 → 0.5".to_string(),
        "name: Spring cup → Club night".to_string(),
        "no_show_seconds: 180 → 300".to_string(),
        "rated: true → false".to_string(),
        "rounds: 3 → 5".to_string(),
        "rules: standard → dog-swims=yes".to_string(),
        format!("starts_at: none → {starts_at}"),
    ];
    let mut expected = expected.to_vec();
    expected.sort();
    assert_eq!(logged, expected);

    // One field alone changes that field; the rest stays. `null` takes the start time away.
    let faster = json!({ "clock": { "kind": "live", "seconds": 300, "increment": 3 }, "starts_at": null });
    let changed = expect(patch(&server, Some(admin), &id, faster), 200);
    assert_eq!(changed["clock"], json!({ "kind": "live", "seconds": 300, "increment": 3 }));
    assert_eq!(
        (&changed["starts_at"], &changed["rounds"], &changed["name"]),
        (&Value::Null, &json!(5), &json!("Club night"))
    );
    let told = events.until("message", |state| state["starts_at"].is_null());
    assert_eq!(told["clock"]["seconds"], 300);
    // To an arena: the Swiss's rounds go, the arena's minutes come.
    let arena = expect(patch(&server, Some(admin), &id, json!({ "format": "arena", "minutes": 90 })), 200);
    assert_eq!(
        (&arena["format"], &arena["rounds"], &arena["minutes"]),
        (&json!("arena"), &json!(0), &json!(90))
    );
    // A change that changes nothing is answered and logged as nothing.
    let count = changes(&server, admin, &id).len();
    expect(patch(&server, Some(admin), &id, json!({ "minutes": 90 })), 200);
    assert_eq!(changes(&server, admin, &id).len(), count);
}

#[test]
fn changes_are_refused_to_others_for_bad_values_and_after_the_start() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 3);
    let (admin, member) = (&club[0], &club[1]);
    let id = create(&server, admin, json!({ "name": "Autumn cup", "format": "swiss", "rounds": 3 }));
    let body = json!({ "rounds": 4 });
    assert_eq!(refused(patch(&server, None, &id, body.clone()), 401), "not_signed_in");
    assert_eq!(
        refused(patch(&server, Some(member), &id, body.clone()), 403),
        "not_admin",
        "only admins direct here"
    );
    assert_eq!(refused(patch(&server, Some(admin), "nosuchthing", body.clone()), 404), "not_found");
    let bad = [
        (json!({ "rounds": 31 }), "rounds"),
        (json!({ "rounds": 0 }), "rounds"),
        (json!({ "minutes": 10 }), "minutes"),
        (json!({ "format": "round-robin", "rounds": 3 }), "rounds"),
        (json!({ "format": "blitz" }), "format"),
        (json!({ "name": "" }), "name"),
        (json!({ "name": "x".repeat(61) }), "name"),
        (json!({ "clock": { "kind": "live", "seconds": 10_801, "increment": 0 } }), "clock"),
        (json!({ "clock": { "kind": "live", "seconds": 60, "increment": 181 } }), "clock"),
        (json!({ "clock": { "kind": "correspondence", "days": 0 } }), "clock"),
        (json!({ "no_show_seconds": 0 }), "no_show_seconds"),
        (json!({ "bye_points": 1.5 }), "bye_points"),
        (json!({ "late_entry_points": 0.25 }), "late_entry_points"),
        (json!({ "starts_at": -5 }), "starts_at"),
        (json!({ "rules": "dog-swims=maybe" }), "rules"),
    ];
    for (body, field) in bad {
        let refusal = expect(patch(&server, Some(admin), &id, body.clone()), 400);
        assert_eq!(
            (&refusal["code"], &refusal["params"]["field"]),
            (&json!("bad_field"), &json!(field)),
            "{body}"
        );
    }
    assert_eq!(refused(patch(&server, Some(admin), &id, json!({ "rated": "yes" })), 400), "bad_field");
    assert_eq!(refused(patch(&server, Some(admin), &id, json!({ "colour": "red" })), 400), "bad_field");
    assert!(changes(&server, admin, &id).is_empty(), "nothing refused is logged");
    assert_eq!(get(&server, &id)["rounds"], 3);

    for player in &club[1..] {
        asked(&server, player, "POST", &format!("/api/tournaments/{id}/players"), None, 201);
    }
    asked(&server, admin, "POST", &format!("/api/tournaments/{id}/start"), None, 200);
    let late = expect(patch(&server, Some(admin), &id, body.clone()), 409);
    assert_eq!(late["code"], "already_started");
    assert!(late["message"].as_str().unwrap().contains("before the start"), "{late}");
    asked(&server, admin, "POST", &format!("/api/tournaments/{id}/end"), None, 200);
    assert_eq!(refused(patch(&server, Some(admin), &id, body), 409), "tournament_finished");
}

#[test]
fn where_members_make_tournaments_the_maker_directs_theirs() {
    let db = TestDb::new();
    let server = db.server(&["--tournaments", "members"]);
    let club = members(&server, 3);
    let (admin, maker, other) = (&club[0], &club[1], &club[2]);
    let id = create(&server, maker, json!({ "name": "Members' cup", "format": "round-robin" }));
    assert_eq!(get(&server, &id)["director"], "Player2");
    let changed = expect(patch(&server, Some(maker), &id, json!({ "name": "Members' night" })), 200);
    assert_eq!(changed["name"], "Members' night");
    assert_eq!(refused(patch(&server, Some(other), &id, json!({ "name": "Mine" })), 403), "not_director");
    expect(patch(&server, Some(admin), &id, json!({ "rated": false })), 200);
    assert_eq!(changes(&server, admin, &id), ["name: Members' cup → Members' night", "rated: true → false"]);
}

#[tokio::test]
async fn new_rules_seed_the_players_by_their_rating_under_them() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 3);
    let (admin, winner, loser) = (&club[0], &club[1], &club[2]);
    let terms = json!({ "rated": true, "rules": "dog-swims=yes", "clock": day_a_move() });
    let game = played_as(&server, (&winner.cookie, &loser.cookie), terms, 2).await;
    swept(&server, "Player2", &[game]).await;
    let id = create(&server, admin, json!({ "name": "Dog night", "format": "swiss", "rounds": 1 }));
    for player in [winner, loser] {
        asked(&server, player, "POST", &format!("/api/tournaments/{id}/players"), None, 201);
    }
    let ratings = |tournament: &Value| -> Vec<i64> {
        tournament["players"].as_array().unwrap().iter().map(|p| p["rating"].as_i64().unwrap()).collect()
    };
    assert_eq!(ratings(&get(&server, &id)), [1500, 1500], "new players under the standard rules");
    let changed = expect(patch(&server, Some(admin), &id, json!({ "rules": "dog-swims=yes" })), 200);
    let seeds = ratings(&changed);
    assert!(seeds[0] > 1500 && seeds[1] < 1500, "the winner above, the loser below: {changed}");
}
