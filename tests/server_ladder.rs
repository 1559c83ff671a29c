//! A ladder of 10 members and 30 challenges (SQLite; two instances of one PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`), on a test clock: games played by the members on the WebSocket
//! (some with moves, then a resignation), won from below and from above, drawn by the
//! director, declined (free, then a forfeit) and left unanswered (a forfeit). After each, the
//! ranking is the pure model's (`jungle::competitions::ladder`) and the history holds each
//! swap once. Limits are refused with their codes (out of reach, not above, too many open,
//! cool-down, only the challenged answers); bad bodies and ids are refused; two results and
//! two challenges racing on the two instances are resolved once; idle members drop one place
//! per idle period, never past one another.
#![cfg(feature = "server")]

mod server_support;

use jungle::competitions::ladder::Ladder;
use serde_json::{json, Value};
use server_support::test_clock::TestClock;
use server_support::tournaments::{ask, asked, expect, members, refused, Member};
use server_support::{Answer, Client, Server, TestDb, PATIENCE};
use std::collections::HashMap;
use std::time::{Duration, Instant};

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;

fn name(n: usize) -> String {
    format!("Player{}", n + 1)
}

/// The test's side: the club's members (named Player1…), the instances, the ladder, and the
/// model the ladder must follow.
struct Club {
    servers: Vec<Server>,
    club: Vec<Member>,
    id: String,
    model: Ladder<String>,
    /// Free declines used by each member since their last ladder game.
    declines: HashMap<String, i64>,
    /// The `won` entries the history must hold.
    swaps: usize,
}

impl Club {
    /// The instance the `n`th request goes to: they take turns.
    fn server(&self, n: usize) -> &Server {
        &self.servers[n % self.servers.len()]
    }

    fn member(&self, name: &str) -> &Member {
        &self.club[name.trim_start_matches("Player").parse::<usize>().unwrap() - 1]
    }

    fn path(&self, rest: &str) -> String {
        format!("/api/ladders/{}{rest}", self.id)
    }

    fn shown(&self, n: usize) -> Value {
        expect(self.server(n).request("GET", &self.path(""), None), 200)
    }

    fn ranking(&self, n: usize) -> Vec<String> {
        let shown = self.shown(n);
        shown["ranking"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap().to_string()).collect()
    }

    /// Waits until every instance shows the model's ranking (the sweep applies results).
    fn until_model(&self, what: &str) {
        let until = Instant::now() + PATIENCE;
        for n in 0..self.servers.len() {
            loop {
                let seen = self.ranking(n);
                if seen == self.model.ranking() {
                    break;
                }
                assert!(Instant::now() < until, "{what}: {seen:?}, the model {:?}", self.model.ranking());
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    }

    /// Waits until challenge `cid` is no longer open or being played.
    fn until_over(&self, cid: &str) {
        let until = Instant::now() + PATIENCE;
        while self.shown(0)["challenges"].as_array().unwrap().iter().any(|c| c["id"] == cid) {
            assert!(Instant::now() < until, "challenge {cid} is not over");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn challenge(&self, n: usize, challenger: &str, challenged: &str) -> Answer {
        ask(
            self.server(n),
            Some(self.member(challenger)),
            "POST",
            &self.path("/challenges"),
            Some(json!({ "name": challenged })),
        )
    }

    fn answer(&self, n: usize, who: &str, cid: &str, accept: bool) -> Answer {
        let path = self.path(&format!("/challenges/{cid}/answer"));
        ask(self.server(n), Some(self.member(who)), "POST", &path, Some(json!({ "accept": accept })))
    }

    /// `winner` beat `loser` (or a draw, none): the model follows.
    fn played(&mut self, winner: Option<(&str, &str)>, both: [&str; 2]) {
        if let Some((winner, loser)) = winner {
            if !self.model.won(&winner.to_string(), &loser.to_string()).is_empty() {
                self.swaps += 1;
            }
        }
        for member in both {
            self.declines.remove(member);
        }
    }
}

/// `member`'s WebSocket to game `id` on their seat, and the seat's colour.
async fn seated(server: &Server, member: &Member, id: &str) -> (Client, String) {
    let headers = [
        ("origin", format!("http://{}", server.addr)),
        ("cookie", format!("jungle_session={}", member.cookie)),
    ];
    let mut client = server.connect_with(id, &headers).await;
    client.send(json!({ "type": "subscribe", "member": true })).await;
    let subscribed = client.expect("subscribed").await;
    (client, subscribed["seat"].as_str().unwrap_or_default().to_string())
}

/// `players[loser]` resigns game `id` (after a move each when `moves`), each player on their
/// seat by their session; returns once the game is over.
async fn play_out(server: &Server, id: &str, players: [&Member; 2], loser: usize, moves: bool) {
    let (mut one, one_seat) = seated(server, players[0], id).await;
    let (mut two, _) = seated(server, players[1], id).await;
    if moves {
        let (red, blue) = if one_seat == "red" { (&mut one, &mut two) } else { (&mut two, &mut one) };
        red.play(0, "b2c2").await;
        blue.play(1, "a9a8").await;
    }
    let resigner = if loser == 0 { &mut one } else { &mut two };
    resigner.send(json!({ "type": "resign" })).await;
    let until = Instant::now() + PATIENCE;
    while server.game(id)["status"] != "over" {
        assert!(Instant::now() < until, "the game did not end");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Starts the instances (two on PostgreSQL, one on SQLite) on `clock`, signs up ten members
/// (the first, the admin, directs), and makes a ladder with `settings`.
fn club(db: &TestDb, clock: &TestClock, settings: Value) -> Club {
    let [flag, file] = clock.args();
    // The test polls the ladder until the sweep has acted: more requests than a page makes.
    let args = [flag.as_str(), file.as_str(), "--requests-per-second", "1000"];
    let mut servers = vec![db.server(&args)];
    if !db.is_sqlite() {
        servers.push(db.server(&args));
    }
    let club = members(&servers[0], 10);
    let created = asked(&servers[0], &club[0], "POST", "/api/ladders", Some(settings), 201);
    let id = created["id"].as_str().unwrap().to_string();
    Club { servers, club, id, model: Ladder::new(Vec::new()), declines: HashMap::new(), swaps: 0 }
}

impl Club {
    /// Members `which` join, each at the bottom, on alternate instances.
    fn join(&mut self, which: std::ops::Range<usize>) {
        for n in which {
            let joined = asked(self.server(n), &self.club[n], "POST", &self.path("/members"), None, 201);
            assert_eq!(joined["place"], self.model.ranking().len() + 1);
            self.model.join(name(n), usize::MAX);
        }
        self.until_model("the members joined");
    }

    /// `challenger` challenges `challenged` (made on instance `n`): the challenge's id.
    fn challenged(&self, n: usize, challenger: &str, challenged: &str) -> String {
        let made = expect(self.challenge(n, challenger, challenged), 201);
        assert_eq!(
            [&made["state"], &made["challenger"], &made["challenged"]],
            ["open", challenger, challenged]
        );
        made["id"].as_str().unwrap().to_string()
    }

    /// `challenged` accepts challenge `cid` (on instance `n`): the game's id.
    fn accepted(&self, n: usize, challenged: &str, cid: &str) -> String {
        let answered = expect(self.answer(n, challenged, cid, true), 200);
        assert_eq!(answered["state"], "playing");
        answered["game_id"].as_str().unwrap().to_string()
    }

    /// The challenge `cid` of `a` and `b` is played on instance `n`, lost by `loser` (0: `a`).
    async fn play(&mut self, n: usize, cid: &str, [a, b]: [&str; 2], loser: usize, moves: bool) {
        let game = self.accepted(n + 1, b, cid);
        play_out(self.server(n), &game, [self.member(a), self.member(b)], loser, moves).await;
        self.until_over(cid);
        let (winner, beaten) = if loser == 0 { (b, a) } else { (a, b) };
        self.played(Some((winner, beaten)), [a, b]);
        self.until_model("after a game");
    }

    /// The director sets `result` of challenge `cid` on instance `n`.
    fn director_result(&self, n: usize, cid: &str, result: &str) -> Answer {
        let path = self.path(&format!("/challenges/{cid}/result"));
        ask(self.server(n), Some(&self.club[0]), "PUT", &path, Some(json!({ "result": result })))
    }

    /// Moves the club's time `ms` on, on every instance.
    fn advance(&self, clock: &TestClock, ms: i64) {
        clock.advance(ms, &self.servers.iter().collect::<Vec<_>>());
    }

    /// The history's entries of `kind`.
    fn history_of(&self, kind: &str) -> Vec<Value> {
        let history = expect(self.server(1).request("GET", &self.path("/history"), None), 200);
        let entries = history["history"].as_array().unwrap().clone();
        let versions: Vec<i64> = entries.iter().map(|e| e["version"].as_i64().unwrap()).collect();
        assert!(versions.windows(2).all(|w| w[0] <= w[1]), "in order: {versions:?}");
        entries.into_iter().filter(|e| e["kind"] == kind).collect()
    }
}

#[tokio::test]
async fn ten_members_and_thirty_challenges_follow_the_model_once_on_every_instance() {
    let (db, clock) = (TestDb::new(), TestClock::new());
    let settings = json!({
        "name": "Club ladder", "reach": 2, "max_open": 2, "answer_hours": 24, "cool_down_hours": 1,
        "idle_days": 7, "free_declines": 1, "clock": { "kind": "correspondence", "days": 3 },
    });
    let mut c = club(&db, &clock, settings);
    c.join(0..10);
    assert_eq!(
        refused(ask(c.server(1), Some(&c.club[3]), "POST", &c.path("/members"), None), 409),
        "already_on_ladder"
    );
    let mut made = 0;

    // Limits: the reach (2 places), only upwards, at most 2 open given and received.
    assert_eq!(refused(c.challenge(0, "Player10", "Player7"), 409), "out_of_reach");
    assert_eq!(refused(c.challenge(1, "Player5", "Player8"), 409), "not_above");
    assert_eq!(refused(c.challenge(1, "Player5", "Player5"), 409), "not_above");
    assert_eq!(refused(c.challenge(0, "Player5", "Nobody"), 409), "not_on_ladder");
    let first = c.challenged(0, "Player10", "Player8");
    let second = c.challenged(1, "Player10", "Player9");
    let third = c.challenged(0, "Player9", "Player8");
    made += 3;
    assert_eq!(refused(c.challenge(1, "Player10", "Player8"), 409), "too_many_challenges");
    // Player8 has two received: Player7 may not challenge them, nor they anyone.
    assert_eq!(refused(c.challenge(0, "Player8", "Player7"), 409), "too_many_challenges");
    // Only the challenged answers.
    assert_eq!(refused(c.answer(1, "Player9", &first, true), 403), "not_challenged");

    // Player10 beats Player8 from below and takes the place; then beats Player9, below now.
    c.play(0, &first, ["Player10", "Player8"], 1, true).await;
    c.play(1, &second, ["Player10", "Player9"], 1, false).await;
    // Player8 declines Player9: free (their first since their last game); nothing moves.
    let declined = expect(c.answer(1, "Player8", &third, false), 200);
    assert_eq!(declined["state"], "declined");
    assert_eq!(refused(c.answer(0, "Player8", &third, true), 409), "challenge_answered");
    c.declines.insert("Player8".into(), 1);
    c.until_model("after a free decline");
    // The two just had a challenge: not again within the hour.
    let cooling = expect(c.challenge(0, "Player9", "Player8"), 409);
    assert_eq!(cooling["code"], "cooling_down", "{cooling}");
    c.advance(&clock, 2 * HOUR);

    // The season: challenges up by one or two places, won from below, won from above, drawn by
    // the director, declined (free, then a forfeit) and left unanswered (a forfeit).
    let mut since_advance = std::collections::HashSet::new();
    let mut i: usize = 0;
    while made < 30 {
        let below = 1 + (i * 7) % 9;
        let above = below.saturating_sub(1 + i % 2);
        let ranking = c.model.ranking().to_vec();
        let (a, b) = (ranking[below].clone(), ranking[above].clone());
        let pair = if a < b { (a.clone(), b.clone()) } else { (b.clone(), a.clone()) };
        if !since_advance.insert(pair) {
            c.advance(&clock, HOUR + 60_000);
            since_advance.clear();
        }
        let cid = c.challenged(i, &a, &b);
        made += 1;
        match i % 10 {
            7 => {
                // Not answered within a day: lost by forfeit.
                c.advance(&clock, DAY + HOUR);
                since_advance.clear();
                c.until_over(&cid);
                c.played(Some((&a, &b)), [&a, &b]);
                c.until_model("after an unanswered challenge");
            }
            9 => {
                let answered = expect(c.answer(i + 1, &b, &cid, false), 200);
                if c.declines.get(&b).copied().unwrap_or(0) >= 1 {
                    assert_eq!(
                        [&answered["state"], &answered["result"], &answered["how"]],
                        ["over", "challenger", "forfeit"]
                    );
                    c.played(Some((&a, &b)), [&a, &b]);
                } else {
                    assert_eq!(answered["state"], "declined");
                    c.declines.insert(b.clone(), 1);
                }
                c.until_model("after a decline");
            }
            4 => {
                c.accepted(i + 1, &b, &cid);
                let drawn = expect(c.director_result(i, &cid, "draw"), 200);
                assert_eq!([&drawn["state"], &drawn["result"]], ["over", "draw"]);
                c.played(None, [&a, &b]);
                c.until_model("after a draw");
            }
            3 | 6 => c.play(i, &cid, [&a, &b], 0, false).await,
            _ => c.play(i, &cid, [&a, &b], 1, i.is_multiple_of(10)).await,
        }
        i += 1;
    }
    assert!(c.swaps >= 10, "the season moved the ladder: {} swaps", c.swaps);

    // Two results for one challenge at once, on both instances: one is applied.
    let ranking = c.model.ranking().to_vec();
    let (a, b) = (ranking[5].clone(), ranking[4].clone());
    c.advance(&clock, HOUR + 60_000);
    let cid = c.challenged(0, &a, &b);
    c.accepted(1, &b, &cid);
    let statuses: Vec<u16> = std::thread::scope(|s| {
        let both: Vec<_> = (0..2)
            .map(|n| {
                s.spawn({
                    let (c, cid) = (&c, &cid);
                    move || c.director_result(n, cid, "challenger").status
                })
            })
            .collect();
        both.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut sorted = statuses.clone();
    sorted.sort();
    assert_eq!(sorted, [200, 409], "{statuses:?}");
    c.played(Some((&a, &b)), [&a, &b]);
    c.until_model("after two results at once");

    // Two challenges at once, on both instances, that would each give one member their
    // second open challenge: one given, one received. One is made.
    let ranking = c.model.ranking().to_vec();
    let m = ranking[7].clone();
    c.challenged(0, &m, &ranking[6]);
    let answers: Vec<Answer> = std::thread::scope(|s| {
        let given = s.spawn(|| c.challenge(0, &m, &ranking[5]));
        let received = s.spawn(|| c.challenge(1, &ranking[9], &m));
        vec![given.join().unwrap(), received.join().unwrap()]
    });
    let bodies: Vec<&str> = answers.iter().map(|a| a.body.as_str()).collect();
    assert_eq!(answers.iter().filter(|a| a.status == 201).count(), 1, "{bodies:?}");
    let refusal = answers.iter().find(|a| a.status == 409).unwrap_or_else(|| panic!("{bodies:?}"));
    assert!(refusal.body.contains("too_many_challenges"), "{}", refusal.body);
    assert_eq!(c.shown(1)["challenges"].as_array().unwrap().len(), 2);
    // The director closes both as draws.
    for challenge in c.shown(0)["challenges"].as_array().unwrap().clone() {
        let cid = challenge["id"].as_str().unwrap();
        expect(c.director_result(0, cid, "draw"), 200);
        let [x, y] = [challenge["challenger"].as_str().unwrap(), challenge["challenged"].as_str().unwrap()];
        c.played(None, [x, y]);
    }
    c.until_model("after the races");

    // Every swap is in the history once; the ranking is a permutation of the ten.
    assert_eq!(c.history_of("won").len(), c.swaps);
    assert_eq!(c.history_of("joined").len(), 10);
    let mut names: Vec<String> = c.ranking(0);
    names.sort();
    let mut all: Vec<String> = (0..10).map(name).collect();
    all.sort();
    assert_eq!(names, all);
}

#[tokio::test]
async fn idle_members_drop_one_place_per_period_and_a_leaver_lets_those_below_up() {
    let (db, clock) = (TestDb::new(), TestClock::new());
    let mut c = club(&db, &clock, json!({ "name": "Quiet ladder", "idle_days": 1, "cool_down_hours": 0 }));
    c.join(0..5);
    // Half a day on, Player5 beats Player4 from below: both are active from then.
    c.advance(&clock, 12 * HOUR);
    let cid = c.challenged(0, "Player5", "Player4");
    c.play(0, &cid, ["Player5", "Player4"], 1, false).await;
    assert_eq!(c.model.ranking(), ["Player1", "Player2", "Player3", "Player5", "Player4"]);

    // A day after joining, Player1…3 are idle: each drops one place, Player5 rising past them.
    c.advance(&clock, 13 * HOUR);
    c.model.drop_idle(&[name(0), name(1), name(2)]);
    assert_eq!(c.model.ranking(), ["Player5", "Player1", "Player2", "Player3", "Player4"]);
    c.until_model("after a day idle");
    // Half a day later Player5 and Player4 are idle, the others' next period not yet over.
    c.advance(&clock, 12 * HOUR);
    c.model.drop_idle(&[name(4), name(3)]);
    assert_eq!(c.model.ranking(), ["Player1", "Player5", "Player2", "Player3", "Player4"]);
    c.until_model("after the game's day");
    let dropped = c.history_of("dropped");
    let moves: Vec<(&str, i64, i64)> = dropped
        .iter()
        .map(|e| (e["member"].as_str().unwrap(), e["from"].as_i64().unwrap(), e["to"].as_i64().unwrap()))
        .collect();
    // Each change's entries in the order of their places (from 1).
    assert_eq!(moves, [("Player1", 1, 2), ("Player2", 2, 3), ("Player3", 3, 4), ("Player5", 1, 2)]);

    // Player2 leaves: those below move up one; the director removes Player4.
    expect(ask(c.server(1), Some(c.member("Player2")), "DELETE", &c.path("/members"), None), 204);
    c.model.leave(&name(1));
    let path = c.path("/members/Player4");
    assert_eq!(refused(ask(c.server(0), Some(c.member("Player3")), "DELETE", &path, None), 403), "not_admin");
    expect(ask(c.server(0), Some(&c.club[0]), "DELETE", &path, None), 204);
    c.model.leave(&name(3));
    c.until_model("after a leave and a removal");
    assert_eq!(c.history_of("left")[0]["from"], 3);
    assert_eq!(c.history_of("removed")[0]["member"], "Player4");
}

#[tokio::test]
async fn bad_requests_are_refused_with_their_codes() {
    let (db, clock) = (TestDb::new(), TestClock::new());
    let mut c = club(&db, &clock, json!({ "name": "Ladder", "placement": "rating" }));
    c.join(0..3);
    let server = c.server(0);
    let admin = &c.club[0];
    let post = |who: &Member, path: &str, body: Value| ask(server, Some(who), "POST", path, Some(body));
    // Making one: admins only here, a name, fields in range; no body that is not JSON.
    assert_eq!(refused(post(&c.club[1], "/api/ladders", json!({ "name": "Mine" })), 403), "not_admin");
    for bad in [
        json!({}),
        json!({ "name": "x", "reach": 0 }),
        json!({ "name": "x", "idle_days": -1 }),
        json!({ "name": "x", "surprise": 1 }),
    ] {
        assert_eq!(refused(post(admin, "/api/ladders", bad.clone()), 400), "bad_field", "{bad}");
    }
    let raw = server.request_with(
        admin.from,
        "POST",
        "/api/ladders",
        &[&format!("Origin: http://{}", server.addr), &format!("Cookie: jungle_session={}", admin.cookie)],
        Some("{not json"),
    );
    assert_eq!(raw.status, 400, "{}", raw.body);
    // Unknown ladders and challenges; challenges by a name that is not a string.
    assert_eq!(server.request("GET", "/api/ladders/nope", None).status, 404);
    assert_eq!(server.request("GET", "/api/ladders/nope/history", None).status, 404);
    assert_eq!(refused(post(admin, "/api/ladders/nope/members", json!(null)), 404), "not_found");
    assert_eq!(post(&c.club[2], &c.path("/challenges"), json!({ "name": 5 })).status, 400);
    assert_eq!(post(&c.club[2], &c.path("/challenges"), json!({ "who": "Player1" })).status, 400);
    assert_eq!(refused(c.answer(0, "Player1", "nope", true), 404), "not_found");
    let cid = c.challenged(0, "Player3", "Player2");
    assert_eq!(c.answer(0, "Player2", &cid, false).status, 200);
    assert_eq!(refused(c.director_result(0, &cid, "maybe"), 400), "bad_field");
    assert_eq!(refused(c.director_result(0, &cid, "draw"), 409), "challenge_answered");
    let other = ask(
        server,
        Some(&c.club[2]),
        "PUT",
        &c.path(&format!("/challenges/{cid}/result")),
        Some(json!({ "result": "draw" })),
    );
    assert_eq!(refused(other, 403), "not_admin");
    // Not signed in: no changes.
    assert_eq!(ask(server, None, "POST", &c.path("/members"), None).status, 401);
    // The desk changes the settings; the list shows the ladder with its members.
    let edited =
        asked(server, admin, "PATCH", &c.path(""), Some(json!({ "reach": 4, "placement": "bottom" })), 200);
    assert_eq!(
        [&edited["reach"], &edited["placement"], &edited["name"]],
        [&json!(4), &json!("bottom"), &json!("Ladder")]
    );
    let listed = expect(server.request("GET", "/api/ladders", None), 200);
    assert_eq!([&listed["ladders"][0]["id"], &listed["ladders"][0]["members"]], [&json!(c.id), &json!(3)]);
}
