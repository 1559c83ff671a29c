//! Leaving a tournament never stalls its round (issue 34), against the real server (SQLite;
//! PostgreSQL with `JUNGLE_TEST_DB=postgres`, where the players sit on a second instance): a
//! member who withdraws while their game is played loses it at once (`withdrawn`: both players
//! see it end), the board's result is their forfeit and the next round is paired as soon as
//! the round is complete; the game is rated only if each side moved. A player an admin removes
//! loses it at once too (a forfeit the director declared, `forfeit`). A game that ends counts
//! in the standings at once, the stream sends them, and their tie-breaks are provisional until
//! the round ends.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::events::Events;
use server_support::rated::{swept, uncounted};
use server_support::tournaments::*;
use server_support::{Client, Server, TestDb};
use std::time::{Duration, Instant};

/// A Swiss of `rounds` rounds with `club`'s members in it, started by the first (the admin);
/// nobody is forfeited for not showing while a test runs. Its id and its state once started.
fn started_swiss(server: &Server, club: &[Member], rounds: i64) -> (String, Value) {
    let request = json!({
        "name": "Club night", "format": "swiss", "rounds": rounds, "no_show_seconds": 3600,
        "clock": { "kind": "live", "seconds": 300, "increment": 2 },
    });
    let id = create(server, &club[0], request);
    for member in club {
        expect(ask(server, Some(member), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    }
    let started =
        expect(ask(server, Some(&club[0]), "POST", &format!("/api/tournaments/{id}/start"), None), 200);
    (id, started)
}

/// The game's result once `client` hears that it is over.
async fn result_heard(client: &mut Client) -> Value {
    loop {
        let state = client.expect("state").await;
        if state["game"]["status"] == "over" {
            return state["game"]["result"].clone();
        }
    }
}

/// The (number, points, provisional) of each line of the standings.
fn lines(tournament: &Value) -> Vec<(i64, f64, bool)> {
    let standings = tournament["standings"].as_array().unwrap();
    standings
        .iter()
        .map(|l| (l["number"].as_i64().unwrap(), l["points"].as_f64().unwrap(), l["provisional"] == true))
        .collect()
}

fn withdraw(server: &Server, member: &Member, id: &str) {
    let answer = ask(server, Some(member), "DELETE", &format!("/api/tournaments/{id}/players"), None);
    assert_eq!(answer.status, 204, "{}", answer.body);
}

#[tokio::test]
async fn a_player_who_withdraws_mid_game_loses_it_at_once_and_the_next_round_pairs() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let two = if db.is_sqlite() { None } else { Some(db.server(&[])) };
    let players_at = two.as_ref().unwrap_or(&server);
    let club = members(&server, 4);
    let (id, started) = started_swiss(&server, &club, 2);
    assert_eq!(boards(&started, 1), [(1, Some(3)), (4, Some(2))]);
    let game = game_of(&started, 1, 2);
    // Board 2: 4 (Red) and 2 (Blue) take their seats, and nobody moves.
    let mut red = seat(players_at, &club[3], &game).await;
    let mut blue = seat(players_at, &club[1], &game).await;

    // 2 withdraws: the game ends at once, won by 4, and both players are told why.
    withdraw(&server, &club[1], &id);
    let withdrawn = json!({ "winner": "red", "reason": "withdrawn", "score": "1-0" });
    assert_eq!(result_heard(&mut red).await, withdrawn);
    assert_eq!(result_heard(&mut blue).await, withdrawn);
    let now = get(&server, &id);
    assert_eq!(now["pairings"][1]["result"], "blue-forfeits", "entered with the withdrawal: {now}");
    assert_eq!(lines(&now).iter().find(|l| l.0 == 4).unwrap().1, 1.0, "the forfeit counts at once");
    let record = server.request("GET", &format!("/api/games/{game}/record"), None);
    assert!(record.body.contains("[Termination \"withdrawn\"]"), "{}", record.body);

    // Board 1 ends; the round is complete, and the next one is paired at the director's next look.
    play(players_at, &club, (1, 3), &game_of(&started, 1, 1), Ending::Resigns("blue")).await;
    let ended = Instant::now();
    let second = until(&server, &id, "round 2", |t| has_round(t, 2));
    assert!(ended.elapsed() < Duration::from_secs(10), "paired {:?} after the round's end", ended.elapsed());
    assert!(!boards(&second, 2).iter().any(|(red, blue)| *red == 2 || *blue == Some(2)), "2 is out");

    // Nobody moved: the game counts in no rating, and the archive says why.
    swept(&server, "Player4", std::slice::from_ref(&game)).await;
    assert_eq!(uncounted(&server, &game), "no-moves");
    let log = expect(ask(&server, Some(&club[0]), "GET", &format!("/api/tournaments/{id}/log"), None), 200);
    assert!(log["log"].as_array().unwrap().iter().any(|e| e["action"] == "withdrew"), "{log}");
}

#[tokio::test]
async fn a_withdrawal_after_both_sides_moved_is_rated() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 2);
    let (id, started) = started_swiss(&server, &club, 1);
    let game = game_of(&started, 1, 1);
    let (mut red, mut blue) = open(&server, &club, (1, 2), &game).await;
    withdraw(&server, &club[0], &id);
    let withdrawn = json!({ "winner": "blue", "reason": "withdrawn", "score": "0-1" });
    assert_eq!(result_heard(&mut blue).await, withdrawn);
    assert_eq!(result_heard(&mut red).await, withdrawn);
    let finished = until(&server, &id, "the end", |t| t["state"] == "finished");
    assert_eq!(finished["pairings"][0]["result"], "red-forfeits");
    // Each side moved: the game counts, a win for Blue.
    swept(&server, "Player2", std::slice::from_ref(&game)).await;
    assert_eq!(uncounted(&server, &game), Value::Null);
    let history = server.get_json("/api/members/Player2")["history"].clone();
    assert!(history.as_array().unwrap().iter().any(|point| point["game"] == game.as_str()), "{history}");
}

#[tokio::test]
async fn a_player_removed_mid_game_loses_it_at_once() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let two = if db.is_sqlite() { None } else { Some(db.server(&[])) };
    let players_at = two.as_ref().unwrap_or(&server);
    let club = members(&server, 4);
    let (id, started) = started_swiss(&server, &club, 2);
    play(players_at, &club, (4, 2), &game_of(&started, 1, 2), Ending::Draw).await;
    let (mut red, mut blue) = open(players_at, &club, (1, 3), &game_of(&started, 1, 1)).await;
    let removed = ask(&server, Some(&club[0]), "DELETE", &format!("/api/tournaments/{id}/players/3"), None);
    assert_eq!(removed.status, 204, "{}", removed.body);
    // A director's decision: a forfeit declared, which no rating counts (the desk's rule).
    let forfeit = json!({ "winner": "red", "reason": "forfeit", "score": "1-0" });
    assert_eq!(result_heard(&mut red).await, forfeit);
    assert_eq!(result_heard(&mut blue).await, forfeit);
    let second = until(&server, &id, "round 2", |t| has_round(t, 2));
    assert_eq!(second["pairings"][0]["result"], "blue-forfeits");
    assert_eq!(second["players"][2]["withdrawn"], true);
}

#[tokio::test]
async fn a_game_that_ends_counts_in_the_standings_during_its_round() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 4);
    let (id, started) = started_swiss(&server, &club, 1);
    let mut events = Events::open(&server, &format!("/api/tournaments/{id}/events"));
    let open_board = open(&server, &club, (4, 2), &game_of(&started, 1, 2)).await;
    play(&server, &club, (1, 3), &game_of(&started, 1, 1), Ending::Resigns("blue")).await;
    // While board 2 is played, 1's win counts: the stream sends it, its tie-breaks provisional.
    let during = events.until("message", |t| t["pairings"][0]["result"] == "red");
    assert_eq!(during["rounds_finished"], 0);
    let first = lines(&during)[0];
    assert_eq!(first, (1, 1.0, true), "{during}");
    assert_eq!(during, get(&server, &id), "the same standings as the GET");
    close(open_board, Ending::Resigns("red")).await;
    let after = events.until("message", |t| t["state"] == "finished");
    assert!(lines(&after).iter().all(|l| !l.2), "the round is over: nothing provisional: {after}");
    let points: Vec<(i64, f64)> = lines(&after).iter().map(|l| (l.0, l.1)).collect();
    assert_eq!(points[..2], [(1, 1.0), (2, 1.0)]);
}

/// A player who does not come loses by forfeit after the no-show time, and the archive says the
/// game counted in no rating because a side never moved (it was listed as rated, with no rating
/// change).
#[tokio::test]
async fn a_no_show_forfeit_is_listed_as_not_rated() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 2);
    let id = create(
        &server,
        &club[0],
        json!({ "name": "Short", "format": "swiss", "rounds": 1, "no_show_seconds": 1 }),
    );
    for member in &club {
        expect(ask(&server, Some(member), "POST", &format!("/api/tournaments/{id}/players"), None), 201);
    }
    let started =
        expect(ask(&server, Some(&club[0]), "POST", &format!("/api/tournaments/{id}/start"), None), 200);
    let game = game_of(&started, 1, 1);
    let _blue_came = seat(&server, &club[1], &game).await;
    let finished = until(&server, &id, "the forfeit", |t| t["pairings"][0]["result"].is_string());
    assert_eq!(finished["pairings"][0]["result"], "red-forfeits");
    swept(&server, "Player2", std::slice::from_ref(&game)).await;
    assert_eq!(uncounted(&server, &game), "no-moves");
}
