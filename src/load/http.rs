//! The bench's REST calls: a JSON `POST` over a kept-alive HTTP/1.1 connection to one server
//! (so that opening thousands of games does not use thousands of ports).

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// The longest answer read, in bytes.
const MAX_BODY: usize = 64 * 1024;

/// A connection to one server, made when first needed and again if the server closed it.
pub struct Http {
    addr: String,
    conn: Option<BufReader<TcpStream>>,
}

impl Http {
    /// A client of the server at `addr` (`host:port`).
    pub fn new(addr: &str) -> Http {
        Http { addr: addr.to_string(), conn: None }
    }

    /// The server's address.
    pub fn addr(&self) -> &str {
        &self.addr
    }

    /// `POST path` with a JSON body; the JSON answer of a 2xx status, else an error naming
    /// `what` and the status and code the server gave (no game id: errors are counted by kind).
    pub async fn post(&mut self, what: &str, path: &str, body: &Value) -> Result<Value, String> {
        let body = body.to_string();
        // A kept connection may have been closed by the server meanwhile: one fresh try.
        let kept = self.conn.is_some();
        let (status, answer) = match self.exchange(path, &body).await {
            Err(_) if kept => {
                self.conn = None;
                self.exchange(path, &body).await
            }
            result => result,
        }
        .map_err(|e| {
            self.conn = None;
            format!("{what}: {e}")
        })?;
        let answer: Value = serde_json::from_slice(&answer).map_err(|_| format!("{what}: not JSON"))?;
        if !(200..300).contains(&status) {
            return Err(format!("{what}: HTTP {status} {}", answer["code"].as_str().unwrap_or("")));
        }
        Ok(answer)
    }

    async fn exchange(&mut self, path: &str, body: &str) -> std::io::Result<(u16, Vec<u8>)> {
        let conn = match &mut self.conn {
            Some(conn) => conn,
            None => {
                let stream = TcpStream::connect(&self.addr).await?;
                stream.set_nodelay(true)?;
                self.conn.insert(BufReader::new(stream))
            }
        };
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        conn.get_mut().write_all(request.as_bytes()).await?;
        let mut line = String::new();
        conn.read_line(&mut line).await?;
        let status =
            line.split_whitespace().nth(1).and_then(|s| s.parse().ok()).ok_or_else(|| bad("status"))?;
        let (mut length, mut close) = (None, false);
        loop {
            line.clear();
            if conn.read_line(&mut line).await? == 0 {
                return Err(bad("headers"));
            }
            let Some((name, value)) = line.trim_end().split_once(':') else { break };
            let (name, value) = (name.to_ascii_lowercase(), value.trim());
            match name.as_str() {
                "content-length" => length = value.parse::<usize>().ok(),
                "connection" => close = value.eq_ignore_ascii_case("close"),
                _ => {}
            }
        }
        let length = length.filter(|&n| n <= MAX_BODY).ok_or_else(|| bad("content-length"))?;
        let mut answer = vec![0; length];
        conn.read_exact(&mut answer).await?;
        if close {
            self.conn = None;
        }
        Ok((status, answer))
    }
}

fn bad(part: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, format!("unreadable HTTP answer ({part})"))
}
