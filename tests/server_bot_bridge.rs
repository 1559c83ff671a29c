//! `jungle bot` against a real server (SQLite; PostgreSQL with `JUNGLE_TEST_DB=postgres`): two
//! bot accounts, one bridge running this engine and one the JCEI random mover, play a 4-game
//! match with a clock, each bot challenging the other twice. The first bridge talks to the
//! server through a TCP proxy that cuts all its connections in the middle of a game: the bridge
//! opens its streams again and plays on. Every game ends on the board, the engine wins each,
//! and the results and ratings say so.
#![cfg(feature = "server")]

mod server_support;

use serde_json::{json, Value};
use server_support::bots::{bot_call, make_bot, Lines, TestBot};
use server_support::bridge::Bridge;
use server_support::{Server, TestDb, PATIENCE};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Games of the match.
const GAMES: usize = 4;

/// A TCP proxy in front of the server whose connections can all be cut at once.
struct Proxy {
    addr: String,
    open: Arc<Mutex<Vec<TcpStream>>>,
}

impl Proxy {
    fn start(target: &str) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let open: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
        let (target, kept) = (target.to_string(), open.clone());
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let (Ok(client), Ok(server)) = (client, TcpStream::connect(&target)) else { continue };
                let mut kept = kept.lock().unwrap();
                kept.push(client.try_clone().unwrap());
                kept.push(server.try_clone().unwrap());
                pipe(client.try_clone().unwrap(), server.try_clone().unwrap());
                pipe(server, client);
            }
        });
        Proxy { addr, open }
    }

    /// Cuts every connection open through the proxy; how many there were.
    fn cut(&self) -> usize {
        let mut open = self.open.lock().unwrap();
        for stream in open.iter() {
            let _ = stream.shutdown(Shutdown::Both);
        }
        std::mem::take(&mut *open).len() / 2
    }
}

/// Copies `from` to `to` on a thread of its own until either ends.
fn pipe(mut from: TcpStream, mut to: TcpStream) {
    std::thread::spawn(move || {
        let _ = std::io::copy(&mut from, &mut to);
        let _ = to.shutdown(Shutdown::Both);
        let _ = from.shutdown(Shutdown::Both);
    });
}

/// `from` challenges `to` to a rated game with a clock, once `from` has no open challenge to
/// `to` any more (the server allows one at a time).
fn challenge(server: &Server, from: &TestBot, to: &TestBot) {
    let body =
        json!({ "rules": "", "clock": { "minutes": 2, "increment": 1 }, "color": "random", "rated": true });
    let start = Instant::now();
    loop {
        let sent = bot_call(
            server,
            &from.token,
            "POST",
            &format!("/api/bot/challenge/{}", to.name),
            Some(body.clone()),
        );
        if sent.status == 200 || sent.status == 201 {
            return;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "{} cannot challenge {}: {} {}",
            from.name,
            to.name,
            sent.status,
            sent.body
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn profile(server: &Server, name: &str) -> Value {
    server.get_json(&format!("/api/members/{name}"))
}

#[test]
fn two_bots_play_a_match_through_the_bridge_and_a_dropped_connection() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let engine_bot = make_bot(&server, [127, 0, 1, 1], "deepjungle");
    let random_bot = make_bot(&server, [127, 0, 1, 2], "randommover");
    let proxy = Proxy::start(&server.addr);
    let jungle = env!("CARGO_BIN_EXE_jungle");
    let engine = Bridge::start(
        &db,
        &proxy.addr,
        &engine_bot,
        &["--engine", jungle, "--engine-option", "Level=2"],
        GAMES,
    );
    let random_engine = format!("{jungle} random-engine --seed 3");
    let random = Bridge::start(&db, &server.addr, &random_bot, &["--engine", &random_engine], GAMES);
    for (from, to) in [(&engine_bot, &random_bot), (&random_bot, &engine_bot)] {
        challenge(&server, from, to);
    }
    // Mid-game: once the first game has some moves, every connection of the engine's bridge
    // is cut.
    let game = engine.until(|line| {
        line.split_once(": ")
            .filter(|(_, rest)| rest.contains(" the bot plays "))
            .map(|(g, _)| g.trim_start_matches("game ").to_string())
    });
    let mut watch = Lines::open(&server, &format!("/api/bot/game/stream/{game}"), &engine_bot.token);
    watch.until("gameState", |state| {
        state["moves"].as_str().is_some_and(|m| m.split_whitespace().count() >= 6)
    });
    assert!(proxy.cut() >= 2, "the event stream and the game's stream were open");
    for (from, to) in [(&engine_bot, &random_bot), (&random_bot, &engine_bot)] {
        challenge(&server, from, to);
    }
    let (random_ok, random_output) = random.wait();
    let (engine_ok, engine_output) = engine.wait();
    assert!(engine_ok && random_ok, "{engine_output}\n---\n{random_output}");
    // The drop was seen and overcome.
    assert!(
        engine_output.contains("opening it again") || engine_output.contains("connecting again"),
        "{engine_output}"
    );
    let endings: Vec<&str> = engine_output.lines().filter(|l| l.contains(": over, ")).collect();
    assert_eq!(endings.len(), GAMES, "{engine_output}");
    for ending in &endings {
        assert!(!ending.contains("(time)") && !ending.contains("(resigned)"), "{engine_output}");
    }
    let (winner, loser) = (profile(&server, &engine_bot.name), profile(&server, &random_bot.name));
    assert_eq!(winner["results"], json!({ "wins": GAMES, "draws": 0, "losses": 0 }), "{winner}");
    assert_eq!(loser["results"], json!({ "wins": 0, "draws": 0, "losses": GAMES }), "{loser}");
    let rating =
        |profile: &Value| profile["ratings"][0]["rating"].as_f64().unwrap_or_else(|| panic!("{profile}"));
    assert!(rating(&winner) > rating(&loser) + 100.0, "{winner}\n{loser}");
}
