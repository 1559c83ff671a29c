//! The bridge's HTTP client: requests to the bot API with the bearer token, refusals told
//! apart from network trouble, `429` waited out, and NDJSON streams read line by line with a
//! silence limit (the server sends an empty line at least every 10 s).

use serde::de::DeserializeOwned;
use std::time::Duration;

/// How long a connection may take to open.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a plain request (not a stream) may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(20);
/// A stream silent this long is taken for dead (the contract's keep-alive is 10 s).
const STREAM_SILENCE: Duration = Duration::from_secs(30);
/// How many times a request refused with `429 Too Many Requests` is tried again.
const RATE_LIMIT_TRIES: u32 = 5;
/// The wait after a `429` that gives no `Retry-After`.
const DEFAULT_RETRY_AFTER: Duration = Duration::from_secs(2);
/// The longest line a stream may send (a game's state with thousands of moves fits).
const MAX_LINE: usize = 1 << 20;
/// The longest `Retry-After` obeyed.
const MAX_RETRY_AFTER: Duration = Duration::from_secs(60);

/// Why a request did not succeed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Failure {
    /// No answer, a broken connection, or a server error (5xx): whether it took effect is not
    /// known.
    Network(String),
    /// The server answered with a refusal (4xx): it did not take effect.
    Refused { status: u16, body: String },
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Network(what) => write!(f, "network: {what}"),
            Failure::Refused { status, body } => write!(f, "refused ({status}): {body}"),
        }
    }
}

/// The bot API of one server, with one token.
pub struct Client {
    http: reqwest::Client,
    base: String,
    token: String,
}

impl Client {
    /// A client of the server at `server` (e.g. `http://localhost:8000`).
    pub fn new(server: &str, token: String) -> Result<Client, String> {
        let http = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .build()
            .map_err(|e| format!("cannot make an HTTP client: {e}"))?;
        Ok(Client { http, base: server.trim_end_matches('/').to_string(), token })
    }

    fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.http.request(method, format!("{}/{path}", self.base)).bearer_auth(&self.token)
    }

    /// Sends the request `make` builds, waiting out `429`s; the answer if it succeeded.
    async fn send(&self, make: impl Fn() -> reqwest::RequestBuilder) -> Result<reqwest::Response, Failure> {
        for _ in 0..RATE_LIMIT_TRIES {
            let response = make().send().await.map_err(|e| Failure::Network(e.to_string()))?;
            let status = response.status();
            if status == reqwest::StatusCode::TOO_MANY_REQUESTS {
                let wait = response
                    .headers()
                    .get(reqwest::header::RETRY_AFTER)
                    .and_then(|v| v.to_str().ok()?.parse().ok())
                    .map_or(DEFAULT_RETRY_AFTER, Duration::from_secs);
                tokio::time::sleep(wait.min(MAX_RETRY_AFTER)).await;
                continue;
            }
            if status.is_server_error() {
                return Err(Failure::Network(format!("the server answered {status}")));
            }
            if !status.is_success() {
                let body = response.text().await.unwrap_or_default();
                return Err(Failure::Refused { status: status.as_u16(), body });
            }
            return Ok(response);
        }
        Err(Failure::Network("still rate limited".to_string()))
    }

    /// `GET path`, read as JSON.
    pub async fn get<T: DeserializeOwned>(&self, path: &str) -> Result<T, Failure> {
        let response =
            self.send(|| self.request(reqwest::Method::GET, path).timeout(REQUEST_TIMEOUT)).await?;
        let text = response.text().await.map_err(|e| Failure::Network(e.to_string()))?;
        serde_json::from_str(&text)
            .map_err(|e| Failure::Network(format!("an answer that is not the API's: {e}")))
    }

    /// `POST path` with a JSON body (or none); the answer's text.
    pub async fn post(&self, path: &str, body: Option<&serde_json::Value>) -> Result<String, Failure> {
        let response = self
            .send(|| {
                let request = self.request(reqwest::Method::POST, path).timeout(REQUEST_TIMEOUT);
                match body {
                    Some(json) => request
                        .header(reqwest::header::CONTENT_TYPE, "application/json")
                        .body(json.to_string()),
                    None => request,
                }
            })
            .await?;
        response.text().await.map_err(|e| Failure::Network(e.to_string()))
    }

    /// Opens the NDJSON stream at `path`.
    pub async fn stream(&self, path: &str) -> Result<Lines, Failure> {
        let response = self.send(|| self.request(reqwest::Method::GET, path)).await?;
        Ok(Lines { response, buffer: Vec::new() })
    }
}

/// An NDJSON stream, line by line.
pub struct Lines {
    response: reqwest::Response,
    buffer: Vec<u8>,
}

impl Lines {
    /// The next line that is not empty (keep-alives are skipped), `None` at the stream's end,
    /// or an error when it broke or stayed silent too long.
    pub async fn next(&mut self) -> Result<Option<String>, String> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                let text = String::from_utf8_lossy(&line).trim().to_string();
                if !text.is_empty() {
                    return Ok(Some(text));
                }
                continue;
            }
            match tokio::time::timeout(STREAM_SILENCE, self.response.chunk()).await {
                Err(_) => return Err(format!("silent for {} s", STREAM_SILENCE.as_secs())),
                Ok(Err(e)) => return Err(e.to_string()),
                Ok(Ok(None)) => return Ok(None),
                Ok(Ok(Some(bytes))) => {
                    self.buffer.extend_from_slice(&bytes);
                    if self.buffer.len() > MAX_LINE && !self.buffer.contains(&b'\n') {
                        return Err(format!("a line longer than {MAX_LINE} bytes"));
                    }
                }
            }
        }
    }
}

/// Waits that double after each failure, up to a limit, and start again after a success.
pub struct Backoff {
    first: Duration,
    limit: Duration,
    next: Duration,
}

impl Backoff {
    pub fn new(first: Duration, limit: Duration) -> Backoff {
        Backoff { first, limit, next: first }
    }

    /// Waits, and doubles the next wait.
    pub async fn wait(&mut self) {
        tokio::time::sleep(self.next).await;
        self.next = (self.next * 2).min(self.limit);
    }

    pub fn reset(&mut self) {
        self.next = self.first;
    }
}
