//! The server's HTTP side: the headers of every answer, the page's files served from inside
//! `dist/` only (their compressed copies too), in the encoding the browser prefers and with
//! their caching headers, and connections: no address, with silent, slow or many connections or
//! requests, makes the server unreachable for the others.
#![cfg(feature = "server")]

mod server_support;

use serde_json::json;
use server_support::{start_pair, Client, Server, TempDir, TestDb};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};

/// What the server sends on a connection until it closes it; `None` if it keeps it open for
/// `wait`.
fn read_until_closed(stream: &mut TcpStream, wait: Duration) -> Option<String> {
    stream.set_read_timeout(Some(wait)).unwrap();
    let mut bytes = Vec::new();
    let closed = stream.read_to_end(&mut bytes).is_ok();
    closed.then(|| String::from_utf8_lossy(&bytes).into_owned())
}

/// Asks `GET api/health` from 127.0.0.1 until it answers 200, for at most `wait`.
fn healthy_within(server: &Server, wait: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < wait {
        let mut stream = server.tcp_from([127, 0, 0, 1]);
        stream.set_read_timeout(Some(Duration::from_millis(500))).unwrap();
        let _ = stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        if answer.starts_with("HTTP/1.1 200") {
            return true;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    false
}

/// The Content-Security-Policy the README promises: the line after the sentence that says the
/// server sends it.
fn readme_policy() -> String {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let (_, after) =
        readme.split_once("Content-Security-Policy, sent as an HTTP header").expect("the sentence");
    let block = after.split("```").nth(1).expect("the policy's code block");
    block.trim().to_string()
}

/// A server of `dist` (a folder with an `index.html`), with the options `extra`.
fn serving(db: &TestDb, dist: &Path, extra: &[&str]) -> Server {
    std::fs::create_dir_all(dist).unwrap();
    std::fs::write(dist.join("index.html"), "<!doctype html><title>Jungle</title>").unwrap();
    db.server(&[&["--dist", dist.to_str().unwrap()], extra].concat())
}

#[test]
fn every_answer_carries_the_readme_s_content_security_policy() {
    let db = TestDb::new();
    let server = serving(&db, &db.dir.0.join("dist"), &[]);
    let policy = readme_policy();
    assert!(policy.starts_with("default-src 'self';"), "{policy}");
    // The server's own: only its own pages may frame it (its pages act with a member's cookie).
    let served = policy.replace("frame-ancestors *", "frame-ancestors 'self'");
    assert_ne!(served, policy, "{policy}");
    for path in ["/", "/index.html", "/missing.js", "/api/health", "/api/lobby", "/api/games/aaaaaaaaaaaa"] {
        let answer = server.request("GET", path, None);
        assert_eq!(answer.header("content-security-policy"), Some(served.as_str()), "GET {path}");
        assert_eq!(answer.header("x-content-type-options"), Some("nosniff"), "GET {path}");
        assert_eq!(answer.header("referrer-policy"), Some("no-referrer"), "GET {path}");
    }
}

#[test]
fn the_club_s_sites_given_by_embed_origins_may_frame_the_page() {
    let db = TestDb::new();
    let origins = "https://club.example,http://localhost:8000";
    let server = serving(&db, &db.dir.0.join("dist"), &["--embed-origins", origins]);
    let policy =
        server.request("GET", "/index.html", None).header("content-security-policy").unwrap().to_string();
    assert!(
        policy.ends_with("frame-ancestors 'self' https://club.example http://localhost:8000"),
        "{policy}"
    );
    for bad in [
        "*",
        "https://club.example/page",
        "club.example",
        "https://a b",
        "javascript:alert(1)",
        "https://x;script-src *",
    ] {
        let refused = std::process::Command::new(env!("CARGO_BIN_EXE_jungle-server"))
            .args(["--embed-origins", bad, "--port", "0", "--db", &db.url()])
            .output()
            .unwrap();
        assert!(!refused.status.success(), "{bad}");
        assert!(String::from_utf8_lossy(&refused.stderr).contains("--embed-origins"), "{bad}");
    }
}

#[cfg(unix)]
#[test]
fn links_that_leave_dist_are_not_followed() {
    use std::os::unix::fs::symlink;
    let db = TestDb::new();
    let dist = db.dir.0.join("dist");
    let outside = TempDir::new();
    std::fs::write(outside.0.join("secret.txt"), "secret").unwrap();
    std::fs::write(outside.0.join("index.html"), "secret page").unwrap();
    let server = serving(&db, &dist, &[]);
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    std::fs::write(dist.join("assets/app.js"), "ok").unwrap();
    symlink(&outside.0, dist.join("out")).unwrap();
    symlink(outside.0.join("secret.txt"), dist.join("secret.txt")).unwrap();
    symlink(dist.join("assets/app.js"), dist.join("app.js")).unwrap();
    symlink(dist.join("assets"), dist.join("linked")).unwrap();

    for path in
        ["/out/secret.txt", "/out/", "/out", "/secret.txt", "/%6fut/secret.txt", "/assets/../out/secret.txt"]
    {
        let answer = server.request("GET", path, None);
        assert_eq!(answer.status, 404, "GET {path}: {}", answer.body);
        assert!(!answer.body.contains("secret"), "GET {path}: {}", answer.body);
    }
    for path in ["/app.js", "/linked/app.js", "/assets/app.js"] {
        let answer = server.request("GET", path, None);
        assert_eq!((answer.status, answer.body.as_str()), (200, "ok"), "GET {path}: links inside dist/ work");
    }
}

/// A `dist` with a script named after its content and its brotli and gzip copies (each copy
/// holds a word naming it, so the test sees which one was sent).
fn serving_compressed(db: &TestDb, dist: &Path) -> Server {
    let server = serving(db, dist, &[]);
    std::fs::write(dist.join("app-ABCD2345.js"), "plain").unwrap();
    std::fs::write(dist.join("app-ABCD2345.js.br"), "brotli copy").unwrap();
    std::fs::write(dist.join("app-ABCD2345.js.gz"), "gzip copy").unwrap();
    std::fs::write(dist.join("index.html.gz"), "gzip page").unwrap();
    server
}

#[test]
fn the_compressed_copy_the_browser_accepts_is_sent_brotli_first() {
    let db = TestDb::new();
    let server = serving_compressed(&db, &db.dir.0.join("dist"));
    for (accept, encoding, body) in [
        (Some("gzip, deflate, br, zstd"), Some("br"), "brotli copy"),
        (Some("gzip"), Some("gzip"), "gzip copy"),
        (Some("br;q=0, gzip;q=0.5"), Some("gzip"), "gzip copy"),
        (Some("identity"), None, "plain"),
        (None, None, "plain"),
    ] {
        let headers: Vec<(&str, &str)> = accept.map(|a| ("Accept-Encoding", a)).into_iter().collect();
        let headers = headers.as_slice();
        let answer = server.get_with("/app-ABCD2345.js", headers);
        assert_eq!(answer.status, 200, "{headers:?}");
        assert_eq!(
            (answer.header("content-encoding"), answer.body.as_str()),
            (encoding, body),
            "{headers:?}"
        );
        assert_eq!(answer.header("vary"), Some("accept-encoding"), "{headers:?}");
        assert!(
            answer.header("content-type").is_some_and(|t| t.starts_with("text/javascript")),
            "{headers:?}"
        );
        assert_eq!(
            answer.header("cache-control"),
            Some("public, max-age=31536000, immutable"),
            "{headers:?}"
        );
    }
}

#[test]
fn pages_are_asked_again_and_an_unchanged_one_is_answered_304() {
    let db = TestDb::new();
    let server = serving_compressed(&db, &db.dir.0.join("dist"));
    for (path, accept, body) in
        [("/index.html", "identity", "<!doctype html><title>Jungle</title>"), ("/", "gzip", "gzip page")]
    {
        let first = server.get_with(path, &[("Accept-Encoding", accept)]);
        assert_eq!((first.status, first.body.as_str()), (200, body), "GET {path}");
        assert_eq!(first.header("cache-control"), Some("no-cache"), "GET {path}");
        let tag = first.header("etag").expect("an ETag").to_string();
        let again = server.get_with(path, &[("Accept-Encoding", accept), ("If-None-Match", &tag)]);
        assert_eq!((again.status, again.body.as_str()), (304, ""), "GET {path} again");
        assert_eq!(again.header("etag"), Some(tag.as_str()), "GET {path} again");
        assert_eq!(again.header("cache-control"), Some("no-cache"), "GET {path} again");
        // A changed tag outweighs a date that says unchanged.
        let later = "Fri, 01 Jan 2100 00:00:00 GMT";
        let other = server.get_with(
            path,
            &[("Accept-Encoding", accept), ("If-None-Match", "\"other\""), ("If-Modified-Since", later)],
        );
        assert_eq!((other.status, other.body.as_str()), (200, body), "GET {path} with another tag");
        let by_date = server.get_with(path, &[("Accept-Encoding", accept), ("If-Modified-Since", later)]);
        assert_eq!(
            (by_date.status, by_date.header("cache-control")),
            (304, Some("no-cache")),
            "GET {path} by date"
        );
    }
    let plain = server.get_with("/index.html", &[]);
    let gzip = server.get_with("/index.html", &[("Accept-Encoding", "gzip")]);
    assert_ne!(plain.header("etag"), gzip.header("etag"), "each body has its own tag");
}

#[cfg(unix)]
#[test]
fn compressed_copies_that_leave_dist_are_refused() {
    use std::os::unix::fs::symlink;
    let db = TestDb::new();
    let dist = db.dir.0.join("dist");
    let outside = TempDir::new();
    std::fs::write(outside.0.join("secret.txt"), "secret").unwrap();
    std::fs::write(outside.0.join("page.js"), "secret page").unwrap();
    std::fs::write(outside.0.join("page.js.gz"), "secret copy").unwrap();
    let server = serving(&db, &dist, &[]);
    std::fs::write(dist.join("app.js"), "ok").unwrap();
    symlink(outside.0.join("secret.txt"), dist.join("app.js.br")).unwrap();
    std::fs::write(dist.join("main.js"), "ok").unwrap();
    symlink(outside.0.join("secret.txt"), dist.join("main.js.gz")).unwrap();
    symlink(&outside.0, dist.join("out")).unwrap();

    for (path, accept) in [
        ("/app.js", "br"),
        ("/app.js", "gzip, br"),
        ("/main.js", "gzip"),
        ("/app.js.br", "identity"),
        ("/out/page.js", "gzip"),
        ("/../secret.txt", "gzip"),
    ] {
        let answer = server.get_with(path, &[("Accept-Encoding", accept)]);
        assert_eq!(answer.status, 404, "GET {path} ({accept}): {}", answer.body);
        assert!(!answer.body.contains("secret"), "GET {path} ({accept}): {}", answer.body);
    }
}

#[test]
fn one_address_cannot_take_every_connection() {
    let db = TestDb::new();
    let server = db.server(&["--http-connections-per-ip", "20"]);
    let _silent: Vec<TcpStream> = (0..20).map(|_| server.tcp_from([127, 0, 0, 2])).collect();
    let mut one_more = server.tcp_from([127, 0, 0, 2]);
    let refused = read_until_closed(&mut one_more, Duration::from_secs(5)).expect("closed at once");
    assert!(refused.starts_with("HTTP/1.1 429") && refused.contains("rate_limited"), "{refused}");
    assert!(healthy_within(&server, Duration::from_secs(1)), "another address is answered at once");
}

/// 300 silent connections from one address, at `ulimit -n 256`: with the hard limit as small,
/// the address's share of the budget is a quarter of it; with a larger hard limit the server
/// raises its own soft limit first. Either way another address is answered at once.
#[test]
fn at_a_small_open_file_limit_one_address_cannot_make_the_server_unreachable() {
    let db = TestDb::new();
    for (soft, hard) in [(256, 256), (256, 4096)] {
        let server = db.server_with_file_limits(soft, hard, &[]);
        let silent: Vec<TcpStream> = (0..300).map(|_| server.tcp_from([127, 0, 0, 2])).collect();
        assert!(healthy_within(&server, Duration::from_secs(1)), "ulimit -n {soft} (hard {hard}): answered");
        drop(silent);
        let log = server.output();
        let raised = format!("soft=Some({hard})");
        assert!(log.contains("open-file limit") && log.contains(&raised), "raised to {hard}: {log}");
    }
}

/// The WebSockets to game `id` that open within a second out of `tries` from each of the
/// loopback addresses `from`.
async fn open_sockets(server: &Server, id: &str, from: &[[u8; 4]], tries: usize) -> Vec<Client> {
    let mut open = Vec::new();
    for _ in 0..tries {
        for &address in from {
            let opening = server.try_connect_from(address, id);
            if let Ok(Ok(client)) = tokio::time::timeout(Duration::from_secs(1), opening).await {
                open.push(client);
            }
        }
    }
    open
}

#[tokio::test]
async fn websockets_count_against_max_connections() {
    let db = TestDb::new();
    let server = db.server(&["--max-connections", "16"]);
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let addresses: Vec<[u8; 4]> = (2..10).map(|last| [127, 0, 0, last]).collect();
    let open = open_sockets(&server, &pair.id, &addresses, 4).await;
    assert!(open.len() <= 16, "{} WebSockets open with --max-connections 16", open.len());
    drop(open);
    assert!(healthy_within(&server, Duration::from_secs(5)), "closed sockets give their room back");
}

#[tokio::test]
async fn websockets_from_a_few_addresses_cannot_starve_another() {
    let db = TestDb::new();
    // The sockets stay open as long as the test: their clients need not answer pings.
    let server = db.server_with_file_limit(256, &["--ping-every", "600", "--dead-after", "600"]);
    let pair = start_pair(&server, json!({ "kind": "none" }));
    let _open = open_sockets(&server, &pair.id, &[[127, 0, 0, 2], [127, 0, 0, 3], [127, 0, 0, 4]], 80).await;
    assert!(healthy_within(&server, Duration::from_secs(5)), "a fourth address is still answered");
}

#[test]
fn silent_and_slow_connections_are_closed_and_a_full_server_says_so() {
    let db = TestDb::new();
    // 200 open files: room for 72 connections.
    let server = db.server_with_file_limit(200, &["--http-timeout", "1"]);
    let started = Instant::now();
    let mut held: Vec<TcpStream> = (0..100u8).map(|i| server.tcp_from([127, 0, 1, 1 + i % 10])).collect();
    let mut slow = server.tcp_from([127, 0, 2, 1]);
    let _ = slow.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n");
    let refused = read_until_closed(&mut held[99], Duration::from_secs(5)).expect("closed at once");
    assert!(refused.starts_with("HTTP/1.1 503") && refused.contains("busy"), "over the cap: {refused}");
    let first = read_until_closed(&mut held[0], Duration::from_secs(5));
    assert_eq!(first.as_deref(), Some(""), "a silent connection is closed without an answer");
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "closed after the header time: {:?}",
        started.elapsed()
    );
    let half = read_until_closed(&mut slow, Duration::from_secs(5));
    assert!(
        half.as_ref().is_some_and(|answer| !answer.contains("200")),
        "half a request is cut off: {half:?}"
    );
    assert!(
        healthy_within(&server, Duration::from_secs(5)),
        "the server answers once the silent ones are gone"
    );
}

#[test]
fn rest_requests_are_rate_limited_per_address() {
    let db = TestDb::new();
    let server = db.server(&["--requests-per-second", "5"]);
    let statuses: Vec<u16> =
        (0..30).map(|_| server.request_from([127, 0, 0, 2], "GET", "/api/archive", None).status).collect();
    assert!(statuses.contains(&200) && statuses.contains(&429), "{statuses:?}");
    assert_eq!(server.request("GET", "/api/archive", None).status, 200, "another address has its own rate");
}

#[test]
fn forwarded_addresses_are_believed_from_the_trusted_proxies_only() {
    let db = TestDb::new();
    let server = db.server(&["--trust-proxy", "127.0.0.1,10.0.0.0/8", "--requests-per-second", "5"]);
    let forged = |from: [u8; 4], i: usize| {
        let header = format!("X-Forwarded-For: 203.0.113.{i}");
        server.request_with(from, "GET", "/api/archive", &[&header], None).status
    };
    let statuses: Vec<u16> = (0..30).map(|i| forged([127, 0, 0, 2], i)).collect();
    assert!(statuses.contains(&429), "a peer that is no proxy cannot forge its address: {statuses:?}");
    let statuses: Vec<u16> = (0..30).map(|i| forged([127, 0, 0, 1], i)).collect();
    assert!(statuses.iter().all(|&s| s == 200), "the proxy's clients each have their rate: {statuses:?}");
}

#[test]
fn behind_a_proxy_other_peers_keep_their_connection_cap() {
    let db = TestDb::new();
    let server = db.server(&["--trust-proxy", "127.0.0.1", "--http-connections-per-ip", "20"]);
    let _silent: Vec<TcpStream> = (0..20).map(|_| server.tcp_from([127, 0, 0, 2])).collect();
    let mut one_more = server.tcp_from([127, 0, 0, 2]);
    let refused = read_until_closed(&mut one_more, Duration::from_secs(5)).expect("closed at once");
    assert!(refused.starts_with("HTTP/1.1 429"), "{refused}");
    let _proxied: Vec<TcpStream> = (0..30).map(|_| server.tcp_from([127, 0, 0, 1])).collect();
    assert!(healthy_within(&server, Duration::from_secs(1)), "the proxy has no cap of its own");
}

#[tokio::test]
async fn a_club_behind_one_address_plays() {
    let db = TestDb::new();
    // 256 open files: 128 connections, 32 for one address.
    let server = db.server_with_file_limit(256, &[]);
    let club = [127, 0, 0, 9];
    let ask = |path: &str, body: serde_json::Value| {
        let answer = server.request_from(club, "POST", path, Some(&body.to_string()));
        assert!(answer.status < 300, "POST {path}: {}", answer.body);
        serde_json::from_str::<serde_json::Value>(&answer.body).unwrap()
    };
    // Six games between twelve players, each with a connection kept alive beside its socket.
    let _kept_alive: Vec<TcpStream> = (0..12).map(|_| server.tcp_from(club)).collect();
    let mut boards = Vec::new();
    for table in 0..6 {
        let created = ask("/api/games", json!({ "name": format!("Red {table}"), "color": "red" }));
        let id = created["id"].as_str().unwrap().to_string();
        let joined = ask(&format!("/api/games/{id}/join"), json!({ "name": format!("Blue {table}") }));
        let mut red = server.try_connect_from(club, &id).await.expect("Red's socket opens");
        red.subscribe(created["token"].as_str()).await;
        let mut blue = server.try_connect_from(club, &id).await.expect("Blue's socket opens");
        blue.subscribe(joined["token"].as_str()).await;
        boards.push((red, blue));
    }
    for (red, blue) in &mut boards {
        red.play(0, "b2c2").await;
        blue.play(1, "a9a8").await;
    }
    assert!(healthy_within(&server, Duration::from_secs(1)), "and the others are answered");
}
