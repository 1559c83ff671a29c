//! `jungle bot`: the bridge between an engine (any program speaking UCI or JCEI, detected) and
//! a club server's bot API. It listens to the bot's event stream, accepts the challenges its
//! rules allow (declining the others with the API's reason), plays every game it is in with
//! the clock's time, and after a dropped connection opens its streams again, with waits that
//! grow, so a network failure of its own never loses a game (see [`game`]).
//!
//! It needs the `bot` feature (the `server` feature includes it): the HTTP client, tokio and
//! serde are native-only and stay out of the plain and wasm builds.

mod bridge;
mod client;
mod game;
mod policy;
mod wire;

use bridge::Bridge;
use client::{Backoff, Client, Failure};
use policy::{AcceptRules, ClockKind, Policy};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use wire::{Challenge, Event};

/// `jungle bot`.
#[derive(clap::Args, Debug)]
pub struct BotArgs {
    /// The club server's address, e.g. https://club.example.org
    #[arg(long, value_name = "URL")]
    server: String,
    /// A file holding the bot's token (jbt_…), made in the bot account's screen
    #[arg(long, value_name = "FILE")]
    token_file: String,
    /// The command that starts the engine, with its arguments
    #[arg(long, value_name = "COMMAND")]
    engine: String,
    /// An engine option set after its handshake, e.g. `Level=3` (repeatable)
    #[arg(long, value_name = "NAME=VALUE", value_parser = engine_option)]
    engine_option: Vec<(String, String)>,
    /// The rules accepted: standard only, or any variant the engine offers options for
    #[arg(long, value_enum, default_value = "any")]
    accept_rules: AcceptRules,
    /// The clocks accepted, a comma-separated list
    #[arg(long, value_enum, value_delimiter = ',', default_value = "realtime")]
    accept_clocks: Vec<ClockKind>,
    /// Stop after this many games have ended
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_games: Option<u64>,
    /// Games played at once; challenges beyond them are declined
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    concurrency: u64,
}

/// `NAME=VALUE`, both on one line.
fn engine_option(text: &str) -> Result<(String, String), String> {
    let (name, value) = text.split_once('=').ok_or("give NAME=VALUE")?;
    if name.trim().is_empty() || text.contains(['\n', '\r']) {
        return Err("give NAME=VALUE".to_string());
    }
    Ok((name.trim().to_string(), value.trim().to_string()))
}

/// Runs the bridge until `--max-games` games have ended (or for ever).
pub fn run(args: &BotArgs) -> Result<(), String> {
    let text = std::fs::read_to_string(&args.token_file)
        .map_err(|e| format!("token file {}: {e}", args.token_file))?;
    let token = text.trim().to_string();
    if !token.starts_with("jbt_") {
        return Err(format!("token file {}: not a bot token (they start with jbt_)", args.token_file));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(serve(args, token))
}

async fn serve(args: &BotArgs, token: String) -> Result<(), String> {
    let client = Client::new(&args.server, token)?;
    let account: serde_json::Value =
        client.get("api/bot/account").await.map_err(|e| format!("{}: {e}", args.server))?;
    let name = account.get("name").and_then(|n| n.as_str()).unwrap_or("?").to_string();
    let (command, extra) = (args.engine.clone(), args.engine_option.clone());
    let offered = tokio::task::spawn_blocking(move || {
        let engine = crate::cli::protocol_engine::ProtocolEngine::start(
            "engine",
            &command,
            &Default::default(),
            &extra,
            String::new(),
            Duration::from_secs(10),
        )?;
        Ok::<_, String>(engine.offered().to_vec())
    })
    .await
    .map_err(|e| format!("the engine's start failed: {e}"))??;
    say!("{name}: a bot on {}, playing with `{}`", args.server, args.engine);
    let bridge = Arc::new(Bridge {
        client,
        engine: args.engine.clone(),
        engine_options: args.engine_option.clone(),
        policy: Policy { rules: args.accept_rules, clocks: args.accept_clocks.clone() },
        offered,
        games: Mutex::new(HashSet::new()),
        counts: Mutex::new((0, 0)),
        ended: tokio::sync::Notify::new(),
        max_games: args.max_games,
        concurrency: args.concurrency as usize,
    });
    listen(bridge).await
}

/// The event stream, opened again after every drop, until the last game has ended.
async fn listen(bridge: Arc<Bridge>) -> Result<(), String> {
    let mut backoff = Backoff::new(Duration::from_millis(500), Duration::from_secs(30));
    loop {
        if bridge.finished() {
            return Ok(());
        }
        let mut lines = match bridge.client.stream("api/bot/stream/event").await {
            Ok(lines) => lines,
            Err(Failure::Refused { status, body }) => {
                return Err(format!("the server refuses the bot ({status}: {body})"))
            }
            Err(Failure::Network(e)) => {
                say!("events: cannot connect ({e}); trying again");
                backoff.wait().await;
                continue;
            }
        };
        backoff.reset();
        loop {
            let line = tokio::select! {
                line = lines.next() => line,
                () = bridge.ended.notified() => {
                    if bridge.finished() {
                        return Ok(());
                    }
                    continue;
                }
            };
            match line {
                Ok(Some(line)) => match serde_json::from_str(&line) {
                    Ok(event) => handle(&bridge, event).await,
                    Err(e) => say!("events: a line that is not the API's ({e}); skipped"),
                },
                Ok(None) => break,
                Err(e) => {
                    say!("events: the stream broke ({e}); connecting again");
                    break;
                }
            }
        }
        backoff.wait().await;
    }
}

async fn handle(bridge: &Arc<Bridge>, event: Event) {
    match event {
        Event::Challenge { challenge } => answer(bridge, &challenge).await,
        Event::GameStart { game } => start(bridge, game.id),
        Event::ChallengeCanceled { .. } | Event::GameFinish { .. } | Event::Other => {}
    }
}

/// Accepts or declines `challenge`.
async fn answer(bridge: &Arc<Bridge>, challenge: &Challenge) {
    let offers = |name: &str| bridge.offered.iter().any(|o| o.eq_ignore_ascii_case(name));
    let verdict = bridge.policy.judge(challenge, &offers).map(drop).and_then(|()| {
        if bridge.room_for_one() {
            Ok(())
        } else {
            Err(policy::Decline::Generic)
        }
    });
    let id = &challenge.id;
    match verdict {
        Ok(()) => match bridge.client.post(&format!("api/bot/challenge/{id}/accept"), None).await {
            Ok(answer) => {
                say!("challenge {id} from {}: accepted", challenge.challenger);
                let game = serde_json::from_str::<serde_json::Value>(&answer).ok();
                if let Some(game) = game.as_ref().and_then(|a| a.get("game")).and_then(|g| g.as_str()) {
                    start(bridge, game.to_string());
                }
            }
            Err(e) => say!("challenge {id}: accepting failed ({e})"),
        },
        Err(reason) => {
            let body = serde_json::json!({ "reason": reason.reason() });
            let sent = bridge.client.post(&format!("api/bot/challenge/{id}/decline"), Some(&body)).await;
            let outcome = sent.map_or_else(|e| format!(", but declining failed ({e})"), |_| String::new());
            say!("challenge {id} from {}: declined ({}){outcome}", challenge.challenger, reason.reason());
        }
    }
}

/// Plays game `id` unless it was begun before.
fn start(bridge: &Arc<Bridge>, id: String) {
    if !bridge.games.lock().unwrap_or_else(|p| p.into_inner()).insert(id.clone()) {
        return;
    }
    bridge.counts.lock().unwrap_or_else(|p| p.into_inner()).0 += 1;
    let bridge = bridge.clone();
    tokio::spawn(async move {
        game::play(bridge.clone(), id).await;
        bridge.counts.lock().unwrap_or_else(|p| p.into_inner()).1 += 1;
        bridge.ended.notify_one();
    });
}
