//! A game's chat has two audiences: its players, and the members watching.

use crate::server::members::games;
use sqlx::AnyPool;

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

    /// The chat `member_id` reads in game `game_id`: the players' if they hold a seat of it.
    pub async fn of(pool: &AnyPool, game_id: &str, member_id: &str) -> sqlx::Result<Audience> {
        let seat = games::seat_in(pool, game_id, member_id).await?;
        Ok(if seat.is_some() { Audience::Players } else { Audience::Spectators })
    }
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
