//! The club's mails as words and links, in the member's language, each written out as plain
//! text and as simple HTML. Every mail ends with the unsubscribe footer.

use super::words::Words;

/// A piece of a mail.
pub enum Piece {
    /// A paragraph.
    Text(String),
    /// A link on a line of its own.
    Link(String),
    /// A line of a list, with its link.
    Item { text: String, link: String },
}

/// A mail before it is addressed.
pub struct Letter {
    /// The subject, the club's name first.
    pub subject: String,
    /// The body.
    pub pieces: Vec<Piece>,
}

/// A game waiting for the member's move, as the digest lists it.
pub struct WaitingGame {
    /// Its link.
    pub link: String,
    /// The opponent's name.
    pub opponent: String,
    /// The member's time left, if the game has a clock.
    pub left_ms: Option<i64>,
}

/// A challenge waiting for the member's answer.
pub struct WaitingChallenge {
    /// Its link.
    pub link: String,
    /// Who sent it.
    pub from: String,
}

fn fill(text: &str, club: &str) -> String {
    text.replace("{club}", club)
}

fn subject(club: &str, text: &str) -> String {
    format!("{club}: {text}")
}

/// The mail with the link that verifies an address.
pub fn verify(words: &Words, club: &str, link: String) -> Letter {
    let pieces = vec![Piece::Text(fill(words.verify_text, club)), Piece::Link(link)];
    Letter { subject: subject(club, words.verify_subject), pieces }
}

/// The mail to an address another member tried to add.
pub fn tried(words: &Words, club: &str) -> Letter {
    Letter {
        subject: subject(club, words.tried_subject),
        pieces: vec![Piece::Text(fill(words.tried_text, club))],
    }
}

/// The mail with the link that sets a new password.
pub fn reset(words: &Words, club: &str, link: String) -> Letter {
    let pieces = vec![Piece::Text(fill(words.reset_text, club)), Piece::Link(link)];
    Letter { subject: subject(club, words.reset_subject), pieces }
}

/// The daily digest: the games at the member's move (least time left first), the challenges.
pub fn digest(words: &Words, club: &str, games: &[WaitingGame], challenges: &[WaitingChallenge]) -> Letter {
    let mut pieces = Vec::new();
    if !games.is_empty() {
        pieces.push(Piece::Text(words.digest_games.into()));
    }
    for game in games {
        let left = game.left_ms.map_or_else(|| words.no_clock.to_string(), |ms| time_left(words, ms));
        let text = format!("{}, {left}", words.against.replace("{name}", &game.opponent));
        pieces.push(Piece::Item { text, link: game.link.clone() });
    }
    if !challenges.is_empty() {
        pieces.push(Piece::Text(words.digest_challenges.into()));
    }
    for challenge in challenges {
        let text = words.from.replace("{name}", &challenge.from);
        pieces.push(Piece::Item { text, link: challenge.link.clone() });
    }
    Letter { subject: subject(club, words.digest_subject), pieces }
}

/// `ms` as days and hours left (the hours rounded down, never below 0).
pub fn time_left(words: &Words, ms: i64) -> String {
    let hours = ms.max(0) / 3_600_000;
    words.time_left.replace("{days}", &(hours / 24).to_string()).replace("{hours}", &(hours % 24).to_string())
}

impl Letter {
    /// The plain text, with the footer above `unsubscribe`.
    pub fn text(&self, footer: &str, unsubscribe: &str) -> String {
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => out.push_str(&format!("{text}\n\n")),
                Piece::Link(link) => out.push_str(&format!("{link}\n\n")),
                Piece::Item { text, link } => out.push_str(&format!("- {text}\n  {link}\n")),
            }
        }
        out.push_str(&format!("\n-- \n{footer}\n{unsubscribe}\n"));
        out
    }

    /// The HTML, with the footer above `unsubscribe`.
    pub fn html(&self, footer: &str, unsubscribe: &str) -> String {
        let link = |url: &str, text: &str| format!("<a href=\"{}\">{}</a>", escape(url), escape(text));
        let mut out = String::from("<!DOCTYPE html>\n<html><body>\n");
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => out.push_str(&format!("<p>{}</p>\n", escape(text))),
                Piece::Link(url) => out.push_str(&format!("<p>{}</p>\n", link(url, url))),
                Piece::Item { text, link: url } => out.push_str(&format!("<p>{}</p>\n", link(url, text))),
            }
        }
        out.push_str(&format!(
            "<hr>\n<p><small>{} {}</small></p>\n",
            escape(footer),
            link(unsubscribe, unsubscribe)
        ));
        out.push_str("</body></html>\n");
        out
    }
}

/// `text` safe inside HTML text and attribute values.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::super::words::words;
    use super::*;

    #[test]
    fn a_digest_lists_games_with_days_and_hours_and_escapes_names() {
        let games = [WaitingGame {
            link: "https://c/?online=A".into(),
            opponent: "<b>ana</b>".into(),
            left_ms: Some(50 * 3_600_000 + 59_000),
        }];
        let challenges = [WaitingChallenge { link: "https://c/?challenge=B".into(), from: "bo".into() }];
        let letter = digest(words("en"), "Club", &games, &challenges);
        assert_eq!(letter.subject, "Club: Your games are waiting");
        let text = letter.text("footer", "https://c/?unsubscribe=T");
        assert!(text.contains("against <b>ana</b>, 2 d 2 h left\n  https://c/?online=A"), "{text}");
        assert!(
            text.contains("from bo\n  https://c/?challenge=B")
                && text.ends_with("https://c/?unsubscribe=T\n")
        );
        let html = letter.html("footer", "https://c/?unsubscribe=T");
        assert!(html.contains("&lt;b&gt;ana&lt;/b&gt;") && !html.contains("<b>ana"), "{html}");
        assert_eq!(time_left(words("de"), -5), "noch 0 T 0 Std");
    }
}
