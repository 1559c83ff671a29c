//! A test SMTP server: a small receiver on a free port of 127.0.0.1 (EHLO/HELO, MAIL FROM,
//! RCPT TO, DATA with dot-unstuffing, RSET, NOOP, QUIT; no TLS, so a club reaches it with
//! `--smtp-url smtp://127.0.0.1:PORT?tls=none`). It keeps every message, its envelope and raw
//! data, and reads them back: headers, the plain-text part decoded, the links in it.

use super::PATIENCE;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One message received.
#[derive(Clone, Debug)]
pub struct Mail {
    /// The envelope's sender (`MAIL FROM`).
    pub from: String,
    /// The envelope's recipients (`RCPT TO`).
    pub to: Vec<String>,
    /// The data as sent, dot-unstuffed, lines ending in CRLF.
    pub data: String,
}

/// The receiver, stopped with the test process.
pub struct SmtpServer {
    port: u16,
    messages: Arc<Mutex<Vec<Mail>>>,
}

impl SmtpServer {
    /// Starts the receiver on a free port.
    pub fn start() -> SmtpServer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let messages = Arc::new(Mutex::new(Vec::new()));
        let kept = messages.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().map_while(Result::ok) {
                let kept = kept.clone();
                std::thread::spawn(move || {
                    let _ = serve(stream, &kept);
                });
            }
        });
        SmtpServer { port, messages }
    }

    /// What `--smtp-url` is given.
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}?tls=none", self.port)
    }

    /// The messages received so far.
    pub fn messages(&self) -> Vec<Mail> {
        self.messages.lock().unwrap().clone()
    }

    /// The messages to `to` whose subject contains `subject`.
    pub fn to(&self, to: &str, subject: &str) -> Vec<Mail> {
        let found = self.messages().into_iter();
        found.filter(|mail| mail.to.iter().any(|t| t == to) && mail.subject().contains(subject)).collect()
    }

    /// Waits for a message to `to` whose subject contains `subject` (the latest such).
    pub fn wait_for(&self, to: &str, subject: &str) -> Mail {
        self.wait_for_count(to, subject, 1).pop().unwrap()
    }

    /// Waits until `count` messages to `to` whose subject contains `subject` have come, and
    /// returns them all.
    pub fn wait_for_count(&self, to: &str, subject: &str, count: usize) -> Vec<Mail> {
        let until = Instant::now() + PATIENCE;
        loop {
            let found = self.to(to, subject);
            if found.len() >= count {
                return found;
            }
            assert!(
                Instant::now() < until,
                "no {count} mails to {to} about {subject:?}: {:#?}",
                self.messages()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// The first link in the text of `mail` that contains `marker` (such as `?reset=`).
pub fn link(mail: &Mail, marker: &str) -> String {
    let text = mail.text();
    let found = text.split_whitespace().find(|word| word.starts_with("http") && word.contains(marker));
    found.unwrap_or_else(|| panic!("no link with {marker} in {text}")).to_string()
}

/// The token a link ends with (`…?reset=TOKEN`).
pub fn token(link: &str) -> String {
    link.rsplit('=').next().unwrap().to_string()
}

fn serve(stream: TcpStream, kept: &Mutex<Vec<Mail>>) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut out = stream;
    let mut reply = |line: &str| out.write_all(format!("{line}\r\n").as_bytes());
    reply("220 test.smtp ready")?;
    let (mut from, mut to) = (String::new(), Vec::new());
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let command = line.trim_end().to_string();
        let verb = command.split([' ', ':']).next().unwrap_or("").to_ascii_uppercase();
        match verb.as_str() {
            "EHLO" => reply("250-test.smtp\r\n250-8BITMIME\r\n250 SMTPUTF8")?,
            "HELO" => reply("250 test.smtp")?,
            "MAIL" => {
                from = between_angles(&command);
                to.clear();
                reply("250 OK")?;
            }
            "RCPT" => {
                to.push(between_angles(&command));
                reply("250 OK")?;
            }
            "DATA" => {
                reply("354 end with .")?;
                let data = read_data(&mut reader)?;
                kept.lock().unwrap().push(Mail { from: from.clone(), to: std::mem::take(&mut to), data });
                reply("250 OK kept")?;
            }
            "RSET" => {
                (from, to) = (String::new(), Vec::new());
                reply("250 OK")?;
            }
            "NOOP" => reply("250 OK")?,
            "QUIT" => return reply("221 bye"),
            _ => reply("502 not implemented")?,
        }
    }
}

fn between_angles(command: &str) -> String {
    let start = command.find('<').map_or(0, |i| i + 1);
    let end = command[start..].find('>').map_or(command.len(), |i| start + i);
    command[start..end].to_string()
}

/// The data up to the line holding a lone dot, a leading dot of other lines removed.
fn read_data(reader: &mut impl BufRead) -> std::io::Result<String> {
    let mut data = String::new();
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 {
            return Ok(data);
        }
        if line.trim_end_matches(['\r', '\n']) == "." {
            return Ok(data);
        }
        data.push_str(line.strip_prefix('.').unwrap_or(&line));
    }
}

impl Mail {
    /// The first header `name` (unfolded), as sent.
    pub fn header(&self, name: &str) -> Option<String> {
        let head = self.data.split("\r\n\r\n").next().unwrap_or("");
        let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
        unfolded.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.eq_ignore_ascii_case(name).then(|| value.trim().to_string())
        })
    }

    /// The subject, its encoded words (RFC 2047, base64 or Q) decoded.
    pub fn subject(&self) -> String {
        let raw = self.header("Subject").unwrap_or_default();
        let (mut subject, mut after_encoded) = (String::new(), false);
        for word in raw.split(' ') {
            let decoded = decode_word(word);
            // The space between two encoded words is not part of the text (RFC 2047, 6.2).
            let between_encoded = after_encoded && decoded.is_some();
            if !subject.is_empty() && !between_encoded {
                subject.push(' ');
            }
            after_encoded = decoded.is_some();
            subject.push_str(&decoded.unwrap_or_else(|| word.to_string()));
        }
        subject
    }

    /// The plain-text part, decoded (7bit, quoted-printable or base64).
    pub fn text(&self) -> String {
        let content_type = self.header("Content-Type").unwrap_or_default();
        let boundary = content_type.split("boundary=").nth(1).map(|b| b.trim_matches('"').to_string());
        let parts: Vec<&str> = match &boundary {
            Some(boundary) => self.data.split(&format!("--{boundary}")).collect(),
            None => vec![self.data.as_str()],
        };
        let part = parts
            .into_iter()
            .find(|part| part.to_ascii_lowercase().contains("content-type: text/plain"))
            .unwrap_or_else(|| panic!("no text part in {}", self.data));
        let part = part.trim_start_matches("\r\n");
        let (head, body) = part.split_once("\r\n\r\n").unwrap_or((part, ""));
        let head = head.to_ascii_lowercase();
        if head.contains("content-transfer-encoding: base64") {
            let joined: String = body.split_whitespace().collect();
            String::from_utf8(openssl::base64::decode_block(&joined).unwrap()).unwrap()
        } else if head.contains("content-transfer-encoding: quoted-printable") {
            quoted_printable(body)
        } else {
            body.to_string()
        }
    }
}

/// An RFC 2047 encoded word decoded; none for any other word.
fn decode_word(word: &str) -> Option<String> {
    let inner = word.strip_prefix("=?").and_then(|w| w.strip_suffix("?="))?;
    let mut parts = inner.splitn(3, '?');
    let (_, encoding, text) = (parts.next(), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    Some(if encoding.eq_ignore_ascii_case("b") {
        String::from_utf8_lossy(&openssl::base64::decode_block(text).unwrap_or_default()).into_owned()
    } else {
        quoted_printable(&text.replace('_', " "))
    })
}

/// Quoted-printable text decoded (soft line breaks joined).
fn quoted_printable(text: &str) -> String {
    let joined = text.replace("=\r\n", "");
    let bytes = joined.as_bytes();
    let (mut out, mut i) = (Vec::new(), 0);
    while i < bytes.len() {
        let hex =
            bytes.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok());
        match (bytes[i], hex) {
            (b'=', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}
