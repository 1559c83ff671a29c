//! Server-sent event streams read as a browser's `EventSource` reads them: events by name
//! and JSON data, keep-alive comments skipped, and the bytes received counted.

use super::{Server, PATIENCE};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

/// An open event stream, read as it comes (its body is chunked).
pub struct Events {
    reader: BufReader<TcpStream>,
    /// Text received and not yet read as events.
    pending: String,
    /// The body's bytes received so far (chunk framing left out).
    pub bytes: usize,
    /// The events read so far (comments left out).
    pub count: usize,
}

impl Events {
    /// Opens `path` on `server` from 127.0.0.1, answered 200.
    pub fn open(server: &Server, path: &str) -> Events {
        Events::open_as(server, path, None)
    }

    /// Opens `path` on `server` from 127.0.0.1 with the session `cookie` if any, answered 200.
    pub fn open_as(server: &Server, path: &str, cookie: Option<&str>) -> Events {
        let mut stream = server.tcp_from([127, 0, 0, 1]);
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        let cookie = cookie.map_or_else(String::new, |cookie| format!("Cookie: jungle_session={cookie}\r\n"));
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n{cookie}\r\n",
            server.addr
        )
        .unwrap();
        let mut reader = BufReader::new(stream);
        let mut status = String::new();
        reader.read_line(&mut status).unwrap();
        assert!(status.starts_with("HTTP/1.1 200"), "GET {path}: {status}");
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            if line == "\r\n" {
                break;
            }
            if line.to_ascii_lowercase().starts_with("content-type:") {
                assert!(line.contains("text/event-stream"), "{line}");
            }
        }
        Events { reader, pending: String::new(), bytes: 0, count: 0 }
    }

    /// The next chunk of the body, appended to `pending`.
    fn read_chunk(&mut self) {
        assert!(self.try_read_chunk(), "the stream ended");
    }

    /// Whether the stream ends (its last chunk comes) before another event.
    pub fn ends(&mut self) -> bool {
        loop {
            if self.pending.contains("\n\n") && self.pending.lines().any(|line| line.starts_with("data:")) {
                return false;
            }
            if !self.try_read_chunk() {
                return true;
            }
        }
    }

    /// Reads the next chunk into `pending`; false when it is the last (the stream ended).
    fn try_read_chunk(&mut self) -> bool {
        let mut size = String::new();
        self.reader.read_line(&mut size).expect("an event in time");
        let size = usize::from_str_radix(size.trim(), 16).expect("a chunk size");
        if size == 0 {
            return false;
        }
        let mut chunk = vec![0; size + 2];
        self.reader.read_exact(&mut chunk).unwrap();
        self.bytes += size;
        self.pending.push_str(std::str::from_utf8(&chunk[..size]).unwrap());
        true
    }

    /// The next event (keep-alive comments skipped): its name and data.
    pub fn next(&mut self) -> (String, Value) {
        loop {
            while let Some(end) = self.pending.find("\n\n") {
                let block: String = self.pending.drain(..end + 2).collect();
                let field =
                    |name: &str| block.lines().find_map(|line| line.strip_prefix(name)).map(str::to_string);
                if let Some(data) = field("data: ").or_else(|| field("data:")) {
                    let name =
                        field("event: ").or_else(|| field("event:")).unwrap_or_else(|| "message".into());
                    self.count += 1;
                    return (name, serde_json::from_str(&data).unwrap());
                }
            }
            self.read_chunk();
        }
    }

    /// Reads events until one named `name` whose data satisfies `ready`: that data.
    pub fn until(&mut self, name: &str, ready: impl Fn(&Value) -> bool) -> Value {
        loop {
            let (event, data) = self.next();
            if event == name && ready(&data) {
                return data;
            }
        }
    }
}
