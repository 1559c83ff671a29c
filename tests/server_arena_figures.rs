//! The figures of a large arena (a measurement, not part of the suite: `#[ignore]`): 200
//! simulated members sign up, register, and play an arena of 10 minutes against the real
//! server — one instance on SQLite, or (`JUNGLE_TEST_DB=postgres`) two instances on one
//! PostgreSQL with the members split between them. Each member follows the tournament's event
//! stream as the page does, takes their seat by their session when a game is paired for them,
//! and plays random moves after think times. It prints the games played, the pairing latency
//! (from a game's end to the player's next pairing arriving on their stream) at p50/p99, the
//! move latency (send → `ack`) at p50/p99, the servers' CPU and the machine's load.
//!
//! ```text
//! cargo test --features server --test server_arena_figures -- --ignored --nocapture
//! JUNGLE_TEST_DB=postgres cargo test --features server --test server_arena_figures -- --ignored --nocapture
//! ARENA_MINUTES=1 ARENA_PLAYERS=50 …   (a shorter or smaller run)
//! ```
//! Members are made as the server allows: signed up from their own loopback addresses, five
//! an address (the sign-up limit), with no limit raised.
#![cfg(feature = "server")]

mod arena_support;
mod server_support;

use arena_support::events::{follow, Seen};
use arena_support::member::{take_part, Measured, Member};
use jungle::load::procfs;
use jungle::load::tally::Spread;
use serde_json::{json, Value};
use server_support::members::{call, session, sign_up};
use server_support::{Server, TestDb};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// Sign-ups per address the server allows at once.
const PER_ADDRESS: usize = 5;

fn setting(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Member `n`'s loopback address.
fn address(n: usize) -> [u8; 4] {
    let at = n / PER_ADDRESS;
    [127, 1, (at / 250) as u8, (at % 250) as u8 + 1]
}

/// A request as `member`; its JSON answer, after checking the status.
fn asked(
    server: &Server,
    member: &Member,
    method: &str,
    path: &str,
    body: Option<Value>,
    status: u16,
) -> Value {
    let answer = call(server, member.from, method, path, Some(&member.cookie), body);
    assert_eq!(answer.status, status, "{method} {path}: {}", answer.body);
    serde_json::from_str(&answer.body).unwrap_or(Value::Null)
}

/// Signs up `count` members, spread over `servers`; the first is the club's admin.
fn sign_up_all(servers: &[Server], count: usize) -> Vec<Member> {
    let one = |n: usize| {
        let server = &servers[n % servers.len()];
        let cookie = session(&sign_up(server, address(n), &format!("Arena{n}")));
        Member { from: address(n), cookie, server: server.addr.clone() }
    };
    let admin = one(0);
    let mut rest: Vec<(usize, Member)> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..4)
            .map(|t| {
                scope
                    .spawn(move || (1..count).filter(|n| n % 4 == t).map(|n| (n, one(n))).collect::<Vec<_>>())
            })
            .collect();
        threads.into_iter().flat_map(|t| t.join().unwrap()).collect()
    });
    rest.sort_by_key(|(n, _)| *n);
    std::iter::once(admin).chain(rest.into_iter().map(|(_, m)| m)).collect()
}

fn server_of<'a>(servers: &'a [Server], member: &Member) -> &'a Server {
    servers.iter().find(|s| s.addr == member.server).unwrap()
}

fn ms(us: u32) -> f64 {
    f64::from(us) / 1000.0
}

fn spread(label: &str, samples: &mut [u32]) -> String {
    match Spread::of(samples) {
        Some(s) => format!(
            "{label}: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} samples)",
            ms(s.p50),
            ms(s.p99),
            ms(s.max),
            samples.len()
        ),
        None => format!("{label}: no samples"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement of several minutes; see the module's documentation"]
async fn a_large_arena_pairs_and_plays() {
    let minutes = setting("ARENA_MINUTES", 10);
    let players = setting("ARENA_PLAYERS", 200);
    let db = TestDb::new();
    let instances = if db.is_sqlite() { 1 } else { 2 };
    let servers: Vec<Server> = (0..instances).map(|_| db.server(&[])).collect();
    let signing_up = Instant::now();
    let members = tokio::task::block_in_place(|| sign_up_all(&servers, players));
    let signed_up = signing_up.elapsed();
    let admin = &members[0];
    let request = json!({
        "name": "Figures", "format": "arena", "minutes": minutes, "rated": true,
        "clock": { "kind": "live", "seconds": 300, "increment": 2 },
    });
    let created = asked(&servers[0], admin, "POST", "/api/tournaments", Some(request), 201);
    let id = created["id"].as_str().unwrap().to_string();
    let numbers: Vec<i64> = tokio::task::block_in_place(|| {
        let path = format!("/api/tournaments/{id}/players");
        let register =
            |m: &Member| asked(server_of(&servers, m), m, "POST", &path, None, 201)["number"].as_i64();
        members.iter().map(|m| register(m).unwrap()).collect()
    });

    // Every member follows the tournament before it starts.
    let mut followers = Vec::new();
    let mut views = Vec::new();
    for (member, &number) in members.iter().zip(&numbers) {
        let (seen, mut view) = watch::channel(Seen::default());
        let (server, from, id) = (member.server.clone(), member.from, id.clone());
        followers.push(tokio::spawn(async move { follow(&server, from, &id, number, seen).await }));
        view.changed().await.expect("the stream opens");
        views.push(view);
    }
    let load_before = procfs::load_average();
    let cpu_before: Vec<Option<f64>> = servers.iter().map(|s| procfs::cpu_seconds(s.pid())).collect();
    let (stop, mut stopped) = tokio::sync::oneshot::channel::<()>();
    let loads = tokio::spawn(async move {
        let mut samples = Vec::new();
        let mut every = tokio::time::interval(Duration::from_secs(15));
        loop {
            tokio::select! {
                _ = every.tick() => samples.extend(procfs::load_average()),
                _ = &mut stopped => return samples,
            }
        }
    });
    let started = Instant::now();
    tokio::task::block_in_place(|| {
        asked(&servers[0], admin, "POST", &format!("/api/tournaments/{id}/start"), None, 200)
    });

    let mut players_tasks = Vec::new();
    for (n, (member, view)) in members.into_iter().zip(views).enumerate() {
        players_tasks.push(tokio::spawn(take_part(member, 0x5eed ^ n as u64, view)));
    }
    let mut measured = Measured::default();
    for task in players_tasks {
        measured.merge(task.await.unwrap());
    }
    let took = started.elapsed();
    for follower in followers {
        if let Err(e) = follower.await.unwrap() {
            measured.errors.push(e);
        }
    }
    let _ = stop.send(());
    let load_samples = loads.await.unwrap();
    let cpu: Vec<f64> = servers
        .iter()
        .zip(cpu_before)
        .filter_map(|(s, before)| Some(procfs::cpu_seconds(s.pid())? - before?))
        .collect();

    let finished = servers[0].get_json(&format!("/api/tournaments/{id}"));
    assert_eq!(finished["state"], "finished");
    let results: Vec<&str> =
        finished["pairings"].as_array().unwrap().iter().filter_map(|p| p["result"].as_str()).collect();
    let played = results.iter().filter(|r| ["red", "blue", "draw"].contains(r)).count();
    let load_mean = load_samples.iter().sum::<f64>() / load_samples.len().max(1) as f64;
    let load_max = load_samples.iter().copied().fold(0.0, f64::max);
    println!(
        "\narena figures: {} ({instances} instance{}), {players} members, {minutes} min (ended after {:.0} s)",
        db.kind(),
        if instances == 1 { "" } else { "s" },
        took.as_secs_f64()
    );
    println!("signed up and registered in {:.0} s", signed_up.as_secs_f64());
    println!(
        "games played: {played} (forfeits: {}), {} seen to their end by the members",
        results.len() - played,
        measured.games
    );
    println!("{}", spread("pairing after a game's end", &mut measured.pairing_us));
    println!("{}", spread("move send → ack", &mut measured.move_us));
    println!("subscribed again after a missed move: {}", measured.resubscribed);
    println!(
        "server CPU: {} s in all ({:.0} % of one core)",
        cpu.iter().map(|c| format!("{c:.0}")).collect::<Vec<_>>().join(" + "),
        100.0 * cpu.iter().sum::<f64>() / took.as_secs_f64()
    );
    println!(
        "load average (1 min; 2 cores): {:.2} before, {load_mean:.2} mean and {load_max:.2} max while it ran",
        load_before.unwrap_or(0.0)
    );
    assert!(measured.errors.is_empty(), "errors: {:?}", measured.errors);
    assert!(played > 0 && !measured.pairing_us.is_empty(), "games were played and paired again");
}
