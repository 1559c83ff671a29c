//! A simulated league season (issue 38; SQLite, and two instances of one PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`), on a test clock, without sleeps: 18 members in 3 divisions of 6 at
//! 3 days a move, a round every 5 days. Each pairing's game is started by its Red from the API and
//! played by both members over the WebSocket (the better seed wins: the other resigns, or is
//! walked into their den), but for a withdrawal, a pairing nobody starts (both forfeit), a
//! game whose Blue never moves (Blue forfeits), and one whose Red stops moving (Red loses on
//! time). Then the standings, promotion and relegation are checked against what is worked out
//! below, and the next season is drafted, a newcomer moved by the director, and started.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::test_clock::TestClock;
use server_support::tournaments::{ask, asked, expect, members, members_from, refused, seat, Member};
use server_support::{Client, Server, TestDb, DEN_WIN, PATIENCE};
use std::time::Instant;

const DAY: i64 = 24 * 3600 * 1000;
/// A round's window: long enough for a flag to fall (3 days a move) inside it, short enough for
/// a season to end within the 30 days a session lasts.
const WINDOW: i64 = 5 * DAY;

/// The club: the admin (`club[0]`, "Player1") directs; `club[k]`, "Player{k+1}", is p_k.
struct Club<'a> {
    servers: Vec<&'a Server>,
    club: Vec<Member>,
    id: String,
}

impl Club<'_> {
    /// The instance member `k` uses (on PostgreSQL, every other member uses the second one).
    fn server_of(&self, k: usize) -> &Server {
        self.servers[k % self.servers.len()]
    }

    fn league(&self) -> Value {
        expect(ask(self.servers[0], None, "GET", &format!("/api/leagues/{}", self.id), None), 200)
    }

    /// The league once `done` holds of it (the sweep looks every half second).
    fn until(&self, what: &str, done: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let league = self.league();
            if done(&league) {
                return league;
            }
            assert!(Instant::now() < deadline, "waited in vain for {what}: {league}");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// The member named `name`.
    fn index(name: &Value) -> usize {
        name.as_str().unwrap().trim_start_matches("Player").parse::<usize>().unwrap() - 1
    }

    /// Member `k` starts the game of `pairing`: its id.
    fn start_game(&self, k: usize, pairing: &Value) -> String {
        let body =
            json!({ "division": pairing["division"], "round": pairing["round"], "board": pairing["board"] });
        let path = format!("/api/leagues/{}/games", self.id);
        let started = asked(self.server_of(k), &self.club[k], "POST", &path, Some(body), 200);
        started["game"].as_str().unwrap().to_string()
    }
}

/// The pairings of `round` in the league shown.
fn round_of(league: &Value, round: i64) -> Vec<Value> {
    league["pairings"].as_array().unwrap().iter().filter(|p| p["round"] == round).cloned().collect()
}

/// What happens to one pairing.
#[derive(PartialEq)]
enum Play {
    /// Both play; the better seed (the lower member number) wins.
    Normally,
    /// Nobody starts the game.
    Nobody,
    /// Red starts it and moves; Blue never moves.
    BlueNeverMoves,
    /// Both move once, then Red never moves again.
    RedStops,
    /// Its result is in already (a player withdrew).
    Decided,
}

/// How the pairing of `division`, `round`, `board` is played (the exceptions of the season).
fn play_of(pairing: &Value) -> Play {
    let at = |key: &str| pairing[key].as_i64().unwrap();
    match (at("division"), at("round"), at("board")) {
        _ if !pairing["result"].is_null() => Play::Decided,
        (3, 2, 3) => Play::Nobody,
        (1, 3, 2) => Play::BlueNeverMoves,
        (2, 4, 3) => Play::RedStops,
        _ => Play::Normally,
    }
}

/// Plays one round as [`play_of`] says.
async fn play_round(club: &Club<'_>, round: i64) {
    for pairing in round_of(&club.league(), round) {
        let (red, blue) = (Club::index(&pairing["red"]), Club::index(&pairing["blue"]));
        let how = play_of(&pairing);
        if matches!(how, Play::Nobody | Play::Decided) {
            continue;
        }
        let id = club.start_game(red, &pairing);
        let mut reds = seat(club.server_of(red), &club.club[red], &id).await;
        reds.play(0, DEN_WIN[0]).await;
        if how == Play::BlueNeverMoves {
            continue;
        }
        // Both seats on the instance where Red started the game: a move made on the other is
        // told here a moment later, and the scripted replies would not wait for it.
        let mut blues = seat(club.server_of(red), &club.club[blue], &id).await;
        blues.play(1, DEN_WIN[1]).await;
        if how == Play::RedStops {
            continue;
        }
        if red < blue && round == 1 && pairing["division"] == 1 {
            // Red walks into Blue's den: the known winning line, its last move ending the game.
            let last = DEN_WIN.len() - 1;
            for (ply, mv) in DEN_WIN.iter().enumerate().take(last).skip(2) {
                let mover = if ply % 2 == 0 { &mut reds } else { &mut blues };
                mover.play(ply, mv).await;
            }
            reds.send(json!({ "type": "move", "ply": last, "move": DEN_WIN[last] })).await;
        } else {
            let loser = if red < blue { &mut blues } else { &mut reds };
            loser.send(json!({ "type": "resign" })).await;
        }
        until_over(&mut reds).await;
    }
}

/// Reads `client`'s messages until the game is over.
async fn until_over(client: &mut Client) {
    loop {
        let message = client.next().await.expect("the connection stays open");
        // The last move's echo, or the state after a resignation.
        if message["status"] == "over" || message["game"]["status"] == "over" {
            return;
        }
    }
}

/// Each division's standings as (name, points, move), best first.
fn standings(league: &Value) -> Vec<Vec<(String, f64, Option<String>)>> {
    let divisions = league["divisions"].as_array().unwrap();
    divisions
        .iter()
        .map(|d| {
            let lines = d["standings"].as_array().unwrap();
            lines
                .iter()
                .map(|l| {
                    let name = l["name"].as_str().unwrap().to_string();
                    (name, l["points"].as_f64().unwrap(), l["move"].as_str().map(String::from))
                })
                .collect()
        })
        .collect()
}

/// Each division's players (names, by seed).
fn divisions(league: &Value) -> Vec<Vec<String>> {
    let divisions = league["divisions"].as_array().unwrap();
    let names = |d: &Value| {
        d["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_string()).collect()
    };
    divisions.iter().map(names).collect()
}

/// "Player{k+1}" for each member number k.
fn names(numbers: &[usize]) -> Vec<String> {
    numbers.iter().map(|k| format!("Player{}", k + 1)).collect()
}

#[tokio::test]
async fn a_season_of_three_divisions_is_played_promoted_relegated_and_drafted_again() {
    let (db, clock) = (TestDb::new(), TestClock::new());
    let [flag, file] = clock.args();
    // The test polls the league and the clock from one address: more than a browser would.
    let args = [flag.as_str(), file.as_str(), "--requests-per-second", "1000"];
    let one = db.server(&args);
    let two = (!db.is_sqlite()).then(|| db.server(&args));
    let mut servers = vec![&one];
    servers.extend(two.as_ref());
    let club = Club { servers, club: members(&one, 19), id: String::new() };
    let admin = &club.club[0];
    let settings = json!({
        "name": "Winter league", "clock": { "kind": "correspondence", "days": 3 }, "rated": false,
        "division_size": 6, "promote": 2, "relegate": 2, "round_days": 5,
    });
    let created = asked(&one, admin, "POST", "/api/leagues", Some(settings), 201);
    let club = Club { id: created["id"].as_str().unwrap().to_string(), ..club };
    let admin = &club.club[0];
    let path = |rest: &str| format!("/api/leagues/{}{rest}", club.id);
    // p1 … p18 join in order, a second apart; all rated alike, they are placed in that order,
    // top-down.
    for k in 1..=18 {
        asked(club.server_of(k), &club.club[k], "POST", &path("/members"), None, 201);
        clock.advance(1000, &club.servers);
    }
    let drafted = asked(&one, admin, "POST", &path("/draft"), None, 200);
    let expected =
        [names(&[1, 2, 3, 4, 5, 6]), names(&[7, 8, 9, 10, 11, 12]), names(&[13, 14, 15, 16, 17, 18])];
    assert_eq!(divisions(&drafted), expected);
    let started = asked(&one, admin, "POST", &path("/start"), None, 200);
    assert_eq!(started["pairings"].as_array().unwrap().len(), 45, "3 divisions × 5 rounds × 3 boards");
    let twice = ask(club.server_of(1), Some(&club.club[1]), "POST", &path("/start"), None);
    assert_eq!(twice.status, 403, "only the director starts: {}", twice.body);

    // Round 1: every game played. Then p12 (seed 6 of division 2), who played 1 of 5, withdraws:
    // their game is annulled and their pairings left are forfeited at once.
    play_round(&club, 1).await;
    club.until("round 1's results", |l| round_of(l, 1).iter().all(|p| !p["result"].is_null()));
    asked(club.server_of(12), &club.club[12], "DELETE", &path("/members"), None, 204);
    let league = club.league();
    let forfeited = league["pairings"].as_array().unwrap().iter().filter(|p| p["result"].is_string()).count();
    assert_eq!(forfeited, 9 + 4, "round 1, and p12's four pairings left");

    // Rounds 2 to 5, 5 days each; the deadlines and the clocks do the rest.
    for round in 2..=5 {
        clock.advance(WINDOW, &club.servers);
        play_round(&club, round).await;
    }
    let league = club.until("the season's end", |l| l["state"] == "over");
    let result = |d: i64, r: i64, b: i64| {
        let pairings = league["pairings"].as_array().unwrap();
        let found =
            pairings.iter().find(|p| p["division"] == d && p["round"] == r && p["board"] == b).unwrap();
        found["result"].as_str().unwrap().to_string()
    };
    assert_eq!(result(3, 2, 3), "double-forfeit", "nobody started p13–p14");
    assert_eq!(result(1, 3, 2), "blue-forfeits", "p3 started and moved; p1 never came");
    assert_eq!(result(2, 4, 3), "blue", "p8 stopped moving and lost on time to p9");

    // Worked out by hand (seed s of division d is p(6(d-1)+s); Berger rounds of 6):
    // Division 1: the better seed wins every game but p1's forfeit to p3: p1, p2 and p3 on 4;
    // Sonneborn-Berger (games over the board) p1 = p2 = 4+2+1+0 = 7, p3 = 3; p1 beat p2. Bottom two go down.
    // Division 2: p12's game annulled (1 of 5 played); p9 beat p8 on time: p7 4, p9 3, p8 2,
    // p10 1, p11 0; p12 withdrew. p7 and p9 go up, p10 and p11 down.
    // Division 3: p13 and p14 both forfeited their game: 4 each, level on every tie-break
    // (shared first place, by number). They go up.
    let up = Some("up".to_string());
    let down = Some("down".to_string());
    let line = |k: usize, points: f64, movement: &Option<String>| {
        (format!("Player{}", k + 1), points, movement.clone())
    };
    assert_eq!(
        standings(&league),
        [
            vec![
                line(1, 4.0, &None),
                line(2, 4.0, &None),
                line(3, 4.0, &None),
                line(4, 2.0, &None),
                line(5, 1.0, &down),
                line(6, 0.0, &down)
            ],
            vec![
                line(7, 4.0, &up),
                line(9, 3.0, &up),
                line(8, 2.0, &None),
                line(10, 1.0, &down),
                line(11, 0.0, &down)
            ],
            vec![
                line(13, 4.0, &up),
                line(14, 4.0, &up),
                line(15, 3.0, &None),
                line(16, 2.0, &None),
                line(17, 1.0, &None),
                line(18, 0.0, &None)
            ],
        ]
    );
    let division_two = &league["divisions"][1];
    assert_eq!(division_two["annulled"], json!(["Player13"]));
    let ranks: Vec<i64> = league["divisions"][2]["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["rank"].as_i64().unwrap())
        .collect();
    assert_eq!(ranks[..2], [1, 1], "p13 and p14 share first place");

    // A newcomer joins; the next season is drafted with one action: who fell first, then who
    // stayed, then who rose; p12 left. The newcomer is rated as the top division's average:
    // placed in it. The director moves them to division 3.
    let newcomer = &members_from(&one, 19, 1)[0];
    asked(club.server_of(19), newcomer, "POST", &path("/members"), None, 201);
    let drafted = asked(&one, admin, "POST", &path("/draft"), None, 200);
    assert_eq!(drafted["season"], 2);
    assert_eq!(
        divisions(&drafted),
        [names(&[1, 2, 3, 4, 7, 9, 19]), names(&[5, 6, 8, 13, 14]), names(&[10, 11, 15, 16, 17, 18])]
    );
    let moved = json!({ "member": "Player20", "division": 3 });
    let drafted = asked(&one, admin, "PUT", &path("/placements"), Some(moved), 200);
    assert_eq!(
        divisions(&drafted),
        [names(&[1, 2, 3, 4, 7, 9]), names(&[5, 6, 8, 13, 14]), names(&[10, 11, 15, 16, 17, 18, 19])]
    );
    let started = asked(&one, admin, "POST", &path("/start"), None, 200);
    assert_eq!(started["pairings"].as_array().unwrap().len(), 15 + 10 + 21);
}

#[tokio::test]
async fn bad_requests_get_clear_refusals() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let club = members(&server, 4);
    let admin = &club[0];
    let make = |body: Value| ask(&server, Some(admin), "POST", "/api/leagues", Some(body));
    assert_eq!(refused(make(json!({ "name": "" })), 400), "bad_field");
    assert_eq!(refused(make(json!({ "name": "L", "division_size": 1 })), 400), "bad_field");
    assert_eq!(refused(make(json!({ "name": "L", "colour": "red" })), 400), "bad_field");
    assert_eq!(refused(ask(&server, None, "GET", "/api/leagues/nope", None), 404), "not_found");
    let created =
        asked(&server, admin, "POST", "/api/leagues", Some(json!({ "name": "L", "round_days": 2 })), 201);
    let path = |rest: &str| format!("/api/leagues/{}{rest}", created["id"].as_str().unwrap());
    assert_eq!(refused(ask(&server, Some(admin), "POST", &path("/start"), None), 409), "league_no_draft");
    for member in &club[1..] {
        asked(&server, member, "POST", &path("/members"), None, 201);
    }
    assert_eq!(
        refused(ask(&server, Some(&club[1]), "POST", &path("/members"), None), 409),
        "already_registered"
    );
    asked(&server, admin, "POST", &path("/draft"), None, 200);
    assert_eq!(
        refused(ask(&server, Some(admin), "POST", &path("/draft"), None), 409),
        "league_season_running"
    );
    let far = json!({ "member": "Player2", "division": 9 });
    assert_eq!(refused(ask(&server, Some(admin), "PUT", &path("/placements"), Some(far)), 400), "bad_field");
    let league = asked(&server, admin, "POST", &path("/start"), None, 200);
    let later = league["pairings"].as_array().unwrap().iter().find(|p| p["round"] == 2).unwrap().clone();
    let board = |p: &Value| json!({ "division": p["division"], "round": p["round"], "board": p["board"] });
    let player = |name: &Value| {
        &club[name.as_str().unwrap().trim_start_matches("Player").parse::<usize>().unwrap() - 1]
    };
    let early = ask(&server, Some(player(&later["red"])), "POST", &path("/games"), Some(board(&later)));
    assert_eq!(refused(early, 409), "pairing_not_open", "round 2 opens after round 1's window");
    let first = league["pairings"][0].clone();
    let outsider = ask(&server, Some(admin), "POST", &path("/games"), Some(board(&first)));
    assert_eq!(refused(outsider, 403), "not_your_pairing");
    let garbage = ask(&server, Some(admin), "PUT", &path("/results"), Some(json!({ "division": "x" })));
    assert_eq!(refused(garbage, 400), "bad_field");
    let unknown = json!({ "division": 1, "round": 1, "board": 1, "result": "won" });
    assert_eq!(refused(ask(&server, Some(admin), "PUT", &path("/results"), Some(unknown)), 400), "bad_field");
    let set = json!({ "division": 1, "round": 1, "board": 1, "result": "draw" });
    let answer = ask(&server, Some(admin), "PUT", &path("/results"), Some(set));
    assert_eq!(answer.status, 204, "{}", answer.body);
    assert_eq!(
        refused(ask(&server, Some(&club[1]), "PUT", &path("/results"), Some(json!({}))), 403),
        "not_admin"
    );
}
