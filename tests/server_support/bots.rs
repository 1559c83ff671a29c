//! The bot API as a bot's client uses it: an account made a bot with a token, requests with
//! `Authorization: Bearer`, and its NDJSON streams read line by line as they come.

use super::members::{call, session, sign_up, HOME};
use super::{Answer, Server, PATIENCE};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

/// A bot: its member's session and a token.
pub struct TestBot {
    pub name: String,
    pub cookie: String,
    pub token: String,
}

/// Signs up `name` from `from`, makes the account a bot and gives it a token.
pub fn make_bot(server: &Server, from: [u8; 4], name: &str) -> TestBot {
    let cookie = session(&sign_up(server, from, name));
    let made = call(server, HOME, "POST", "/api/me/bot", Some(&cookie), None);
    assert_eq!(made.status, 200, "{}", made.body);
    let token = new_token(server, &cookie, "engine");
    TestBot { name: name.into(), cookie, token }
}

/// A new token of the bot of session `cookie`.
pub fn new_token(server: &Server, cookie: &str, label: &str) -> String {
    let made =
        call(server, HOME, "POST", "/api/me/bot-tokens", Some(cookie), Some(json!({ "label": label })));
    assert_eq!(made.status, 201, "{}", made.body);
    json_of(&made)["token"].as_str().unwrap().to_string()
}

pub fn json_of(answer: &Answer) -> Value {
    serde_json::from_str(&answer.body).unwrap_or_else(|_| panic!("JSON: {}", answer.body))
}

/// A bot API request with `token` (no `Origin`: a bot is no browser).
pub fn bot_call(server: &Server, token: &str, method: &str, path: &str, body: Option<Value>) -> Answer {
    let auth = format!("Authorization: Bearer {token}");
    server.request_with(HOME, method, path, &[&auth], body.map(|b| b.to_string()).as_deref())
}

/// An open NDJSON stream, read as it comes (its body is chunked).
pub struct Lines {
    reader: BufReader<TcpStream>,
    pending: String,
    /// Empty lines (keep-alives) read so far.
    pub keep_alives: usize,
}

impl Lines {
    /// Opens `path` with `token`, answered 200 as NDJSON.
    pub fn open(server: &Server, path: &str, token: &str) -> Lines {
        Lines::try_open(server, path, token).unwrap_or_else(|status| panic!("GET {path}: {status}"))
    }

    /// Opens `path` with `token`: the stream, or the status line of a refusal.
    pub fn try_open(server: &Server, path: &str, token: &str) -> Result<Lines, String> {
        let mut stream = server.tcp_from(HOME);
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {token}\r\n\r\n",
            server.addr
        )
        .unwrap();
        let mut reader = BufReader::new(stream);
        let mut status = String::new();
        reader.read_line(&mut status).unwrap();
        if !status.starts_with("HTTP/1.1 200") {
            return Err(status);
        }
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            if line == "\r\n" {
                break;
            }
            if line.to_ascii_lowercase().starts_with("content-type:") {
                assert!(line.contains("application/x-ndjson"), "{line}");
            }
        }
        Ok(Lines { reader, pending: String::new(), keep_alives: 0 })
    }

    /// Reads the next chunk into `pending`; false when the stream ended.
    fn read_chunk(&mut self) -> bool {
        let mut size = String::new();
        if self.reader.read_line(&mut size).expect("a line in time") == 0 {
            return false;
        }
        let size = usize::from_str_radix(size.trim(), 16).expect("a chunk size");
        if size == 0 {
            return false;
        }
        let mut chunk = vec![0; size + 2];
        self.reader.read_exact(&mut chunk).unwrap();
        self.pending.push_str(std::str::from_utf8(&chunk[..size]).unwrap());
        true
    }

    /// The next line's object (keep-alives counted and skipped); none once the stream ended.
    pub fn next(&mut self) -> Option<Value> {
        loop {
            while let Some(end) = self.pending.find('\n') {
                let line: String = self.pending.drain(..=end).collect();
                if line.trim().is_empty() {
                    self.keep_alives += 1;
                    continue;
                }
                return Some(serde_json::from_str(&line).unwrap_or_else(|_| panic!("JSON line: {line}")));
            }
            if !self.read_chunk() {
                return None;
            }
        }
    }

    /// Reads lines until one of `kind` for which `ready` holds: that line.
    pub fn until(&mut self, kind: &str, ready: impl Fn(&Value) -> bool) -> Value {
        loop {
            let line = self.next().unwrap_or_else(|| panic!("the stream ended before a {kind}"));
            if line["type"] == kind && ready(&line) {
                return line;
            }
        }
    }

    /// Whether the stream ends (within the read timeout), whatever lines come before.
    pub fn ends(&mut self) -> bool {
        loop {
            match self.next() {
                None => return true,
                Some(_) => continue,
            }
        }
    }
}
