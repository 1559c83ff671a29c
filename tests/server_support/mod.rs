//! Test support for the `jungle-server` tests: the real server binary started on a free
//! port with a temporary database, a minimal HTTP client, and a WebSocket client.
//!
//! The protocol suites (`server_game`, `server_refusals`, `server_clock`) run on a SQLite file;
//! with `JUNGLE_TEST_DB=postgres` (scripts/test runs them so a second time) each test gets a
//! throwaway PostgreSQL server of its own instead.
#![allow(dead_code)] // each test file uses part of it

pub mod bots;
pub mod bridge;
pub mod chat;
pub mod events;
pub mod members;
pub mod postgres;
pub mod push_service;
pub mod rated;
pub mod smtp;
pub mod test_clock;
pub mod tournaments;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// How long a test waits for any one answer.
pub const PATIENCE: Duration = Duration::from_secs(10);

/// A temporary folder, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new() -> TempDir {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let name =
            format!("jungle-server-test-{}-{}", std::process::id(), COUNT.fetch_add(1, Ordering::SeqCst));
        let path = std::env::temp_dir().join(name);
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The database of one test: a SQLite file in a temporary folder, or a throwaway PostgreSQL
/// server when `JUNGLE_TEST_DB=postgres`. Servers started on it share its games, and a server
/// started again after a kill finds them.
pub struct TestDb {
    /// A temporary folder of the test's own (it holds the SQLite file).
    pub dir: TempDir,
    postgres: Option<postgres::Postgres>,
}

impl TestDb {
    pub fn new() -> TestDb {
        let postgres = match std::env::var("JUNGLE_TEST_DB").as_deref() {
            Ok("postgres") => Some(postgres::Postgres::start()),
            Ok("sqlite") | Err(_) => None,
            Ok(other) => panic!("JUNGLE_TEST_DB={other}: use sqlite or postgres"),
        };
        TestDb { dir: TempDir::new(), postgres }
    }

    /// What `--db` is given.
    pub fn url(&self) -> String {
        match &self.postgres {
            Some(postgres) => postgres.url(),
            None => self.dir.0.join("jungle.sqlite").to_str().unwrap().to_string(),
        }
    }

    /// The throwaway PostgreSQL server, if the test runs on one.
    pub fn postgres(&self) -> Option<&postgres::Postgres> {
        self.postgres.as_ref()
    }

    /// Whether the games are in a SQLite file (else in PostgreSQL).
    pub fn is_sqlite(&self) -> bool {
        self.postgres.is_none()
    }

    /// The database's name as `api/health` gives it.
    pub fn kind(&self) -> &'static str {
        if self.is_sqlite() {
            "sqlite"
        } else {
            "postgres"
        }
    }

    /// Starts a server on this database with extra arguments.
    pub fn server(&self, extra: &[&str]) -> Server {
        Server::start(&self.url(), extra)
    }

    /// Starts a server on this database allowed only `files` open files.
    pub fn server_with_file_limit(&self, files: u32, extra: &[&str]) -> Server {
        self.server_with_file_limits(files, files, extra)
    }

    /// Starts a server on this database with the open-file limits `soft` (`ulimit -n`) and
    /// `hard` (`ulimit -Hn`).
    pub fn server_with_file_limits(&self, soft: u32, hard: u32, extra: &[&str]) -> Server {
        Server::start_with_file_limits(&self.url(), soft, hard, extra)
    }

    /// Starts the server again after the whole site was down: on PostgreSQL the operator says
    /// so with `--resume-clocks` (other instances may still be running otherwise); SQLite
    /// always knows.
    pub fn restarted_server(&self) -> Server {
        self.server(if self.is_sqlite() { &[] } else { &["--resume-clocks"] })
    }
}

/// A running `jungle-server`, killed when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// What it printed after its first line, on both outputs.
    output: Arc<Mutex<String>>,
    /// The threads reading its outputs, done when the process has ended.
    readers: Vec<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Starts the server on `db` (a SQLite path or a PostgreSQL URL) with extra arguments.
    pub fn start(db: &str, extra: &[&str]) -> Server {
        Server::spawn(Command::new(env!("CARGO_BIN_EXE_jungle-server")), db, extra)
    }

    /// Starts the server on `db` with extra arguments, its command set up by `configure`
    /// first (environment, standard error).
    pub fn start_configured(db: &str, extra: &[&str], configure: impl FnOnce(&mut Command)) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_jungle-server"));
        configure(&mut command);
        Server::spawn(command, db, extra)
    }

    /// Starts a server with the open-file limits `soft` and `hard` (`prlimit`).
    pub fn start_with_file_limits(db: &str, soft: u32, hard: u32, extra: &[&str]) -> Server {
        let mut command = Command::new("prlimit");
        command.arg(format!("--nofile={soft}:{hard}")).arg(env!("CARGO_BIN_EXE_jungle-server"));
        Server::spawn(command, db, extra)
    }

    fn spawn(mut command: Command, db: &str, extra: &[&str]) -> Server {
        let mut child = command
            .args(["--db", db, "--host", "127.0.0.1", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("jungle-server starts");
        let output = Arc::new(Mutex::new(String::new()));
        let errors = BufReader::new(child.stderr.take().unwrap()).lines();
        let kept = output.clone();
        // Still shown, for the failures it explains.
        let errors =
            std::thread::spawn(move || errors.map_while(Result::ok).for_each(|line| keep(&kept, line, true)));
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let first = lines.next().expect("the server prints its address").unwrap();
        let addr = first
            .strip_prefix("listening on http://")
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("unexpected first line: {first}"))
            .to_string();
        // Keep reading so that the server never blocks on a full pipe.
        let kept = output.clone();
        let rest =
            std::thread::spawn(move || lines.map_while(Result::ok).for_each(|line| keep(&kept, line, false)));
        Server { child, addr, output, readers: vec![errors, rest] }
    }

    /// What the server printed so far after its address, on its output and error output.
    pub fn output(&self) -> String {
        self.output.lock().unwrap().clone()
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends SIGTERM and waits for the process to end; how it ended.
    pub fn terminate(self) -> std::process::ExitStatus {
        self.terminate_with_output().0
    }

    /// Sends SIGTERM and waits for the process to end; how it ended and all it printed after
    /// its address.
    pub fn terminate_with_output(mut self) -> (std::process::ExitStatus, String) {
        let sent = Command::new("kill").args(["-TERM", &self.pid().to_string()]).status().unwrap();
        assert!(sent.success(), "kill -TERM");
        let status = self.child.wait().unwrap();
        for reader in std::mem::take(&mut self.readers) {
            reader.join().unwrap();
        }
        (status, self.output())
    }

    /// Kills the process at once (SIGKILL): no shutdown code runs.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// An HTTP request; the status and the body.
    pub fn http(&self, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
        let answer = self.request(method, path, body);
        (answer.status, answer.body)
    }

    /// An HTTP request from 127.0.0.1; the whole answer.
    pub fn request(&self, method: &str, path: &str, body: Option<&str>) -> Answer {
        self.request_from([127, 0, 0, 1], method, path, body)
    }

    /// An HTTP request from the loopback address `from` (any 127.x.y.z is this machine), so
    /// that a test may act as several clients; the whole answer.
    pub fn request_from(&self, from: [u8; 4], method: &str, path: &str, body: Option<&str>) -> Answer {
        self.request_with(from, method, path, &[], body)
    }

    /// A `GET` from 127.0.0.1 with the extra request headers `headers`; the whole answer.
    pub fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> Answer {
        let lines: Vec<String> = headers.iter().map(|(name, value)| format!("{name}: {value}")).collect();
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        self.request_with([127, 0, 0, 1], "GET", path, &lines, None)
    }

    /// An HTTP request from the loopback address `from` with extra header lines (`Name: value`;
    /// a `Host:` line among them replaces the server's address); the whole answer.
    pub fn request_with(
        &self,
        from: [u8; 4],
        method: &str,
        path: &str,
        headers: &[&str],
        body: Option<&str>,
    ) -> Answer {
        let mut stream = self.tcp_from(from);
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        let body = body.unwrap_or("");
        let own_host = headers.iter().any(|h| h.to_ascii_lowercase().starts_with("host:"));
        let host = if own_host { String::new() } else { format!("Host: {}\r\n", self.addr) };
        let extra: String = headers.iter().map(|h| format!("{h}\r\n")).collect();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\n{host}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n{extra}\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        Answer::parse(&response)
    }

    /// A TCP connection to the server from the loopback address `from`.
    pub fn tcp_from(&self, from: [u8; 4]) -> TcpStream {
        let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
        socket.bind(&SocketAddr::from((from, 0)).into()).unwrap();
        socket.connect(&self.addr.parse::<SocketAddr>().unwrap().into()).unwrap();
        socket.into()
    }

    /// `GET path` answered 200 with JSON.
    /// Waits until `color`'s seat of game `id` has no connection (a page closed).
    pub fn until_away(&self, id: &str, color: &str) {
        let until = std::time::Instant::now() + PATIENCE;
        while self.game(id)["players"][color]["connected"] != false {
            assert!(std::time::Instant::now() < until, "{color} never left game {id}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn get_json(&self, path: &str) -> Value {
        let (status, body) = self.http("GET", path, None);
        assert_eq!(status, 200, "GET {path}: {body}");
        serde_json::from_str(&body).unwrap()
    }

    /// Creates a game; the answer (`id`, `token`, `color`).
    pub fn create(&self, request: Value) -> Value {
        let (status, body) = self.http("POST", "/api/games", Some(&request.to_string()));
        assert_eq!(status, 201, "create: {body}");
        serde_json::from_str(&body).unwrap()
    }

    /// Joins a game; the answer.
    pub fn join(&self, id: &str, name: &str) -> Value {
        let (status, body) =
            self.http("POST", &format!("/api/games/{id}/join"), Some(&json!({ "name": name }).to_string()));
        assert_eq!(status, 200, "join: {body}");
        serde_json::from_str(&body).unwrap()
    }

    /// The game as `GET api/games/{id}` shows it.
    pub fn game(&self, id: &str) -> Value {
        self.get_json(&format!("/api/games/{id}"))
    }

    /// A WebSocket to a game.
    pub async fn connect(&self, id: &str) -> Client {
        self.connect_with(id, &[]).await
    }

    /// A WebSocket to a game, its upgrade request with the `headers` (name, value) given.
    pub async fn connect_with(&self, id: &str, headers: &[(&'static str, String)]) -> Client {
        self.try_connect_with(id, headers).await.expect("the WebSocket opens")
    }

    /// A WebSocket to a game from the loopback address `from`, or the error that refused it.
    pub async fn try_connect_from(
        &self,
        from: [u8; 4],
        id: &str,
    ) -> Result<Client, tokio_tungstenite::tungstenite::Error> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let tcp = self.tcp_from(from);
        tcp.set_nonblocking(true).unwrap();
        let tcp = tokio_tungstenite::MaybeTlsStream::Plain(tokio::net::TcpStream::from_std(tcp).unwrap());
        let request = format!("ws://{}/api/games/{id}/ws", self.addr).into_client_request().unwrap();
        let (ws, _) = tokio_tungstenite::client_async(request, tcp).await?;
        Ok(Client { ws })
    }

    /// A WebSocket to a game, or the error that refused it.
    pub async fn try_connect_with(
        &self,
        id: &str,
        headers: &[(&'static str, String)],
    ) -> Result<Client, tokio_tungstenite::tungstenite::Error> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut request = format!("ws://{}/api/games/{id}/ws", self.addr).into_client_request().unwrap();
        for (name, value) in headers {
            request.headers_mut().insert(*name, value.parse().unwrap());
        }
        let (ws, _) = tokio_tungstenite::connect_async(request).await?;
        Ok(Client { ws })
    }
}

fn keep(output: &Mutex<String>, line: String, show: bool) {
    if show {
        eprintln!("{line}");
    }
    let mut output = output.lock().unwrap();
    output.push_str(&line);
    output.push('\n');
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer.
pub struct Answer {
    pub status: u16,
    /// The headers, names in lowercase.
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    fn parse(response: &str) -> Answer {
        let (head, rest) = response.split_once("\r\n\r\n").expect("an HTTP response");
        let mut lines = head.lines();
        let status = lines.next().unwrap().split_whitespace().nth(1).unwrap().parse().unwrap();
        let headers: Vec<(String, String)> = lines
            .filter_map(|line| line.split_once(':'))
            .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_string()))
            .collect();
        let chunked = headers.iter().any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
        let body = if chunked { dechunk(rest) } else { rest.to_string() };
        Answer { status, headers, body }
    }

    /// The value of a header.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

fn dechunk(mut text: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = text.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        out.push_str(&rest[..size]);
        text = &rest[size + 2..];
    }
    out
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A WebSocket client of one game.
pub struct Client {
    ws: Socket,
}

impl Client {
    /// Sends raw text.
    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text)).await.unwrap();
    }

    /// Sends a JSON message.
    pub async fn send(&mut self, msg: Value) {
        self.send_text(&msg.to_string()).await;
    }

    /// The next message, or `None` if the connection closed.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let msg = tokio::time::timeout(PATIENCE, self.ws.next()).await.expect("a message in time");
            match msg {
                Some(Ok(Message::Text(text))) => return Some(serde_json::from_str(&text).unwrap()),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(other)) => panic!("unexpected message {other:?}"),
            }
        }
    }

    /// Reads until the server closes the connection: the messages read, and the close
    /// frame's code if it sent one.
    pub async fn until_closed(&mut self) -> (Vec<Value>, Option<u16>) {
        let mut messages = Vec::new();
        loop {
            let msg = tokio::time::timeout(PATIENCE, self.ws.next()).await.expect("a message in time");
            match msg {
                Some(Ok(Message::Text(text))) => messages.push(serde_json::from_str(&text).unwrap()),
                Some(Ok(Message::Close(frame))) => return (messages, frame.map(|frame| frame.code.into())),
                Some(Ok(_)) => continue,
                None | Some(Err(_)) => return (messages, None),
            }
        }
    }

    /// The next message of type `kind`, skipping presence notices, the chat's history a
    /// member is sent on subscribing and (unless `kind` is `moved`) the echoes of moves
    /// already acknowledged by [`Client::play`].
    pub async fn expect(&mut self, kind: &str) -> Value {
        loop {
            let msg = self.next().await.expect("the connection stays open");
            if msg["type"] == kind {
                return msg;
            }
            let skipped = ["presence", "moved", "chat_history"];
            assert!(skipped.iter().any(|t| msg["type"] == *t), "expected {kind}, got {msg}");
        }
    }

    /// The next error, checked to have `code`.
    pub async fn expect_error(&mut self, code: &str) -> Value {
        let error = self.expect("error").await;
        assert_eq!(error["code"], code, "{error}");
        assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()), "{error}");
        error
    }

    /// Subscribes (with a token to play); the game.
    pub async fn subscribe(&mut self, token: Option<&str>) -> Value {
        match token {
            Some(token) => self.send(json!({ "type": "subscribe", "token": token })).await,
            None => self.send(json!({ "type": "subscribe" })).await,
        }
        self.expect("subscribed").await
    }

    /// Plays a move and waits for its acknowledgement.
    pub async fn play(&mut self, ply: usize, mv: &str) -> Value {
        self.send(json!({ "type": "move", "ply": ply, "move": mv })).await;
        loop {
            let msg = self.next().await.expect("the connection stays open");
            match msg["type"].as_str() {
                Some("ack") => return msg,
                // A member's seat is also sent its chat's history once subscribed.
                Some("moved") | Some("presence") | Some("chat_history") => continue,
                _ => panic!("move {ply} {mv}: {msg}"),
            }
        }
    }
}

/// A game between two seated players: the server's answers to create and join.
pub struct Pair {
    pub id: String,
    pub red_token: String,
    pub blue_token: String,
}

/// Creates a game (Red creates it) with `clock`, and joins it.
pub fn start_pair(server: &Server, clock: Value) -> Pair {
    let created = server.create(json!({ "name": "Alice", "color": "red", "clock": clock }));
    let id = created["id"].as_str().unwrap().to_string();
    let joined = server.join(&id, "Bob");
    assert_eq!(joined["color"], "blue");
    Pair {
        id,
        red_token: created["token"].as_str().unwrap().into(),
        blue_token: joined["token"].as_str().unwrap().into(),
    }
}

/// Red's and Blue's clients of a pair, subscribed.
pub async fn seat_both(server: &Server, pair: &Pair) -> (Client, Client) {
    let mut red = server.connect(&pair.id).await;
    red.subscribe(Some(&pair.red_token)).await;
    let mut blue = server.connect(&pair.id).await;
    blue.subscribe(Some(&pair.blue_token)).await;
    (red, blue)
}

/// Red's cat walks up the d file into Blue's den while Blue's lion steps a9–a8 and back.
pub const DEN_WIN: [&str; 17] = [
    "b2c2", "a9a8", "c2d2", "a8a9", "d2d3", "a9a8", "d3d4", "a8a9", "d4d5", "a9a8", "d5d6", "a8a9", "d6d7",
    "a9a8", "d7d8", "a8a9", "d8d9",
];
