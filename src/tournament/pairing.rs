//! Who plays whom: players, pairings and rounds.

use crate::rules::Color;
use std::fmt;

/// A player of one tournament: a number the tournament gives (the server maps members to it).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct PlayerId(pub u32);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// One game to play: who takes Red and who takes Blue (the rules in force say who moves first).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Pairing {
    /// The player on the Red side.
    pub red: PlayerId,
    /// The player on the Blue side.
    pub blue: PlayerId,
}

impl Pairing {
    /// The player on `color`'s side.
    pub fn player(&self, color: Color) -> PlayerId {
        match color {
            Color::Red => self.red,
            Color::Blue => self.blue,
        }
    }

    /// The side `player` takes, if they play in this game.
    pub fn color_of(&self, player: PlayerId) -> Option<Color> {
        if player == self.red {
            Some(Color::Red)
        } else if player == self.blue {
            Some(Color::Blue)
        } else {
            None
        }
    }

    /// The same two players with the sides swapped.
    pub fn swapped(&self) -> Pairing {
        Pairing { red: self.blue, blue: self.red }
    }
}

/// The games of one round, and the player who sits it out when the number is odd.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Round {
    /// The games, board 1 first.
    pub pairings: Vec<Pairing>,
    /// The player without an opponent this round.
    pub bye: Option<PlayerId>,
}

impl Round {
    /// Every player of the round, the bye included.
    pub fn players(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.pairings.iter().flat_map(|p| [p.red, p.blue]).chain(self.bye)
    }
}
