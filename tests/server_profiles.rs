//! Ratings and profiles against the real server (SQLite; PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`): rated games, the leaderboard, a member's profile, the archive
//! by player, the export of a member's games, and ratings beside names in the lists.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::members::{call, code, me, session, sign_up, HOME};
use server_support::rated;
use server_support::{Server, TestDb, PATIENCE};
use std::time::{Duration, Instant};

fn json_of(answer: &server_support::Answer) -> Value {
    serde_json::from_str(&answer.body).unwrap_or_else(|_| panic!("JSON: {}", answer.body))
}

/// A game created by the member of session `cookie` (or a guest), on red; a day a move.
fn create(server: &Server, cookie: Option<&str>, rated: bool) -> server_support::Answer {
    let body = json!({ "name": "Creator", "color": "red", "rated": rated, "clock": rated::day_a_move() });
    call(server, HOME, "POST", "/api/games", cookie, Some(body))
}

fn join(server: &Server, cookie: Option<&str>, id: &str) -> server_support::Answer {
    call(server, HOME, "POST", &format!("/api/games/{id}/join"), cookie, Some(json!({ "name": "Joiner" })))
}

/// A game between the members `red` and `blue`: a move each (so that it counts if rated),
/// then blue resigns; its id.
async fn played(server: &Server, red: &str, blue: &str, rated: bool) -> String {
    rated::played(server, (red, blue), rated, 2).await
}

/// The ratings of the member of session `cookie` once `ready` holds of them.
async fn ratings_when(server: &Server, cookie: &str, ready: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let ratings = json_of(&me(server, cookie))["ratings"].clone();
        if ready(&ratings) {
            return ratings;
        }
        assert!(start.elapsed() < PATIENCE, "ratings never became ready: {ratings}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn only_rated_games_between_members_count_in_their_ratings() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let alice = session(&sign_up(&server, HOME, "Alice"));
    let bob = session(&sign_up(&server, HOME, "Bob"));
    let friendly = played(&server, &alice, &bob, false).await;
    assert_eq!(server.game(&friendly)["rated"], false);
    let rated = played(&server, &alice, &bob, true).await;
    assert_eq!(server.game(&rated)["rated"], true);

    let winner = ratings_when(&server, &alice, |r| r != &json!([])).await[0].clone();
    let loser = json_of(&me(&server, &bob))["ratings"][0].clone();
    assert_eq!((&winner["games"], &loser["games"]), (&json!(1), &json!(1)), "the unrated game did not count");
    assert_eq!((&winner["rules"], &winner["provisional"]), (&json!(""), &json!(true)));
    assert!(winner["rating"].as_i64().unwrap() > 1500 && loser["rating"].as_i64().unwrap() < 1500);
    assert!(winner["deviation"].as_i64().unwrap() < 350);

    // The archive shows both games, the rated one flagged, each member's rating beside the name.
    let archive = server.get_json("/api/archive");
    let listed = |id: &str| archive.as_array().unwrap().iter().find(|g| g["id"] == id).unwrap().clone();
    let (rated, friendly) = (listed(&rated), listed(&friendly));
    assert_eq!((&rated["rated"], &friendly["rated"]), (&json!(true), &json!(false)));
    assert_eq!(rated["red_rating"], json!({ "rating": winner["rating"], "provisional": true }));
    assert_eq!((&rated["uncounted"], &friendly["uncounted"]), (&Value::Null, &Value::Null), "it counted");
    assert_eq!(rated["blue_rating"]["rating"], loser["rating"]);
}

#[tokio::test]
async fn a_rated_game_is_for_members_only_and_guests_play_as_before() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let alice = session(&sign_up(&server, HOME, "Alice"));
    let refused = create(&server, None, true);
    assert_eq!((refused.status, code(&refused).as_str()), (403, "members_only"));
    assert_eq!(server.get_json("/api/session")["member"], Value::Null, "a guest is told so, no error");
    let signed_in = json_of(&call(&server, HOME, "GET", "/api/session", Some(&alice), None));
    assert_eq!(signed_in["member"]["name"], "Alice");

    let open = create(&server, Some(&alice), true);
    let id = json_of(&open)["id"].as_str().unwrap().to_string();
    let lobby = server.get_json("/api/lobby");
    assert_eq!(lobby[0]["id"], id.as_str());
    assert_eq!((&lobby[0]["rated"], &lobby[0]["red"]), (&json!(true), &json!("Alice")));
    assert_eq!(lobby[0]["red_rating"], json!({ "rating": 1500, "provisional": true }), "a new member's");
    let refused = join(&server, None, &id);
    assert_eq!((refused.status, code(&refused).as_str()), (403, "members_only"));

    let guests = server.create(json!({ "name": "Guest" }));
    let joined = server.join(guests["id"].as_str().unwrap(), "Other guest");
    assert!(joined["token"].is_string());
    let game = server.game(guests["id"].as_str().unwrap());
    assert_eq!((&game["rated"], &game["status"]), (&json!(false), &json!("playing")));
    let live = server.get_json("/api/live");
    assert_eq!((&live[0]["red_rating"], &live[0]["blue_rating"]), (&Value::Null, &Value::Null));
}

#[tokio::test]
async fn the_leaderboard_and_a_profile_show_what_a_member_played() {
    let db = TestDb::new();
    // A club that lists members from their first rated game.
    let server = db.server(&["--leaderboard-games", "1"]);
    let alice = session(&sign_up(&server, HOME, "Alice"));
    let bob = session(&sign_up(&server, HOME, "Bob"));
    let rated = played(&server, &alice, &bob, true).await;
    let friendly = played(&server, &bob, &alice, false).await;
    let open = json_of(&create(&server, Some(&alice), false))["id"].as_str().unwrap().to_string();
    let playing = json_of(&join(&server, Some(&bob), &open))["id"].as_str().unwrap().to_string();
    ratings_when(&server, &alice, |r| r != &json!([])).await;

    let board = server.get_json("/api/leaderboard?rules=");
    assert_eq!(board["rule_sets"], json!([""]));
    let names: Vec<&Value> = board["players"].as_array().unwrap().iter().map(|p| &p["name"]).collect();
    assert_eq!(names, [&json!("Alice"), &json!("Bob")], "by rating");
    assert_eq!(
        (&board["players"][0]["provisional"], &board["players"][0]["games"]),
        (&json!(true), &json!(1))
    );
    let other = server.get_json("/api/leaderboard?rules=dog-swims%3Dyes");
    assert_eq!(other["players"], json!([]), "ratings are per rule set");

    let profile = server.get_json("/api/members/alice");
    assert_eq!((&profile["name"], &profile["ratings"][0]["rules"]), (&json!("Alice"), &json!("")));
    assert_eq!(profile["results"], json!({ "wins": 1, "draws": 0, "losses": 1 }), "blue resigned each");
    assert_eq!(profile["history"].as_array().unwrap().len(), 1, "one rated game");
    assert_eq!(profile["history"][0]["game"], rated.as_str());
    assert_eq!(profile["history"][0]["rating"], profile["ratings"][0]["rating"]);
    assert_eq!(profile["playing"][0]["id"], playing.as_str());
    let recent: Vec<&Value> = profile["recent"].as_array().unwrap().iter().map(|g| &g["id"]).collect();
    assert_eq!(recent, [&json!(friendly), &json!(rated)], "newest first");
    let public = profile.to_string();
    assert!(!public.contains("argon2") && !public.contains("admin"), "{public}");

    let missing = server.request("GET", "/api/members/nobody", None);
    assert_eq!((missing.status, code(&missing).as_str()), (404, "no_member"));
}

#[tokio::test]
async fn the_archive_filters_by_player_rules_and_result_and_a_member_exports_their_games() {
    let db = TestDb::new();
    let server = db.server(&[]);
    // A guest played as Alice before the member Alice signed up (no guest may take her name since).
    let guests = server.create(json!({ "name": "Alice" }));
    let guest_game = guests["id"].as_str().unwrap();
    server.join(guest_game, "Guest");
    let alice = session(&sign_up(&server, HOME, "Alice"));
    let bob = session(&sign_up(&server, HOME, "Bob"));
    let carol = session(&sign_up(&server, HOME, "Carol"));
    let first = played(&server, &alice, &bob, true).await;
    let second = played(&server, &carol, &alice, false).await;
    let ids = |path: &str| -> Vec<String> {
        let games = server.get_json(path);
        games.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(ids("/api/archive?player=ALICE"), [second.clone(), first.clone()], "not a guest called Alice");
    assert_eq!(ids("/api/archive?player=Bob"), std::slice::from_ref(&first));
    assert_eq!(ids("/api/archive?player=Alice&result=red"), [second.clone(), first.clone()]);
    assert_eq!(ids("/api/archive?player=Alice&result=blue"), Vec::<String>::new());
    assert_eq!(ids("/api/archive?rules=&result=red"), [second.clone(), first.clone()]);
    assert_eq!(ids("/api/archive?rules=dog-swims%3Dyes"), Vec::<String>::new());
    let unknown = server.request("GET", "/api/archive?player=nobody", None);
    assert_eq!((unknown.status, code(&unknown).as_str()), (404, "no_member"));
    let bad = server.request("GET", "/api/archive?result=won", None);
    assert_eq!(bad.status, 400);

    let export = call(&server, HOME, "GET", "/api/me/games.txt", Some(&alice), None);
    assert_eq!(export.status, 200);
    assert!(export.header("content-disposition").unwrap().starts_with("attachment"));
    assert_eq!(export.body.matches("[Game \"").count(), 2, "{}", export.body);
    for id in [&first, &second] {
        assert!(export.body.contains(&format!("[Game \"{id}\"]")), "{}", export.body);
    }
    assert!(export.body.contains("[Termination \"resignation\"]"));
    let guest = server.request("GET", "/api/me/games.txt", None);
    assert_eq!((guest.status, code(&guest).as_str()), (401, "not_signed_in"));
}
