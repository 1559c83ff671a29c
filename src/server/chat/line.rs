//! What a chat is made of: its two audiences and a message as the page sees it.

use serde::Serialize;

/// Who reads a game's chat: the two players, or the members watching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// The two players' chat.
    Players,
    /// The spectators' chat (signed-in members watching).
    Spectators,
}

impl Audience {
    /// Its name in the protocol and the database: `players` or `spectators`.
    pub fn name(self) -> &'static str {
        match self {
            Audience::Players => "players",
            Audience::Spectators => "spectators",
        }
    }

    /// The audience called `name`.
    pub fn named(name: &str) -> Option<Audience> {
        [Audience::Players, Audience::Spectators].into_iter().find(|a| a.name() == name)
    }
}

/// A message as the page sees it.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    /// The message's id (to report it).
    pub id: String,
    /// The author's name.
    pub author: String,
    /// The text, exactly as written (the page shows it as text, never as HTML).
    pub text: String,
    /// When it was written (ms since the Unix epoch).
    pub at: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn audiences_are_read_back_by_name() {
        assert_eq!(Audience::named("players"), Some(Audience::Players));
        assert_eq!(Audience::named(Audience::Spectators.name()), Some(Audience::Spectators));
        assert_eq!(Audience::named("guests"), None);
    }
}
