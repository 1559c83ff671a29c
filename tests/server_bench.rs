//! The load generator `jungle-load`, run in-process for a few seconds against a
//! real server: every simulated move must be acknowledged to its mover and delivered to the
//! opponent, with no error.
#![cfg(feature = "server")]

mod server_support;

use clap::Parser;
use jungle::load::{self, options::Options};
use server_support::TestDb;

const GAMES: usize = 20;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simulated_players_see_every_move_acknowledged_and_delivered() {
    let db = TestDb::new();
    let limits = [
        "--games-per-minute",
        "100000",
        "--connections-per-ip",
        "100000",
        "--http-connections-per-ip",
        "100000",
        "--requests-per-second",
        "100000",
        "--open-games-per-ip",
        "100000",
        "--messages-per-second",
        "1000",
    ];
    let server = db.server(&limits);
    let args = format!(
        "jungle-load --url http://{} --pid {} --games {GAMES} --seconds 3 --think 20-80 --processes 1",
        server.addr,
        server.pid()
    );
    let options = Options::try_parse_from(args.split_whitespace()).unwrap();
    let report = load::run(&options).await.expect("the run completes");
    let tally = &report.tally;

    assert!(tally.errors.is_empty(), "errors: {:?}", tally.errors);
    assert_eq!(report.opened, GAMES as u64);
    assert_eq!(tally.held, GAMES as u64, "every game is still held at the end");
    assert_eq!(tally.opened, GAMES as u64 + tally.finished, "each finished game was replaced");
    assert!(tally.sent >= GAMES as u64, "every game played: {} moves", tally.sent);
    assert_eq!((tally.acked, tally.delivered), (tally.sent, tally.sent));
    assert_eq!((tally.ack_us.len(), tally.delivery_us.len()), (tally.sent as usize, tally.sent as usize));
    assert!(report.idle_kib_per_game.is_some() && report.server_cpu.is_some());

    // The server stored exactly the moves the players saw acknowledged, in the games being
    // played and in those that ended.
    let plies = |path: &str| -> u64 {
        server.get_json(path).as_array().unwrap().iter().map(|g| g["ply"].as_u64().unwrap()).sum()
    };
    assert_eq!(plies("/api/live") + plies("/api/archive?limit=100"), tally.acked);
}
