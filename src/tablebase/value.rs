//! What a table says of a position: won, drawn or lost for the side to move, and in how many
//! plies the game ends under perfect play (the winner hurrying, the loser holding out).

/// The result for the side to move, with the plies to the end of the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    /// The side to move wins in this many plies (odd: its own move ends the game).
    Win(u16),
    /// Neither side can force a win.
    Draw,
    /// The side to move loses in this many plies (even; 0: it has no move).
    Loss(u16),
}

impl Value {
    /// Reads a table entry: 0 a draw (or no position), otherwise the plies plus one, whose
    /// parity tells the winner.
    pub fn from_entry(entry: u16) -> Value {
        match entry {
            0 => Value::Draw,
            n if (n - 1) % 2 == 1 => Value::Win(n - 1),
            n => Value::Loss(n - 1),
        }
    }

    /// The table entry of this value.
    pub fn entry(self) -> u16 {
        match self {
            Value::Draw => 0,
            Value::Win(plies) | Value::Loss(plies) => plies + 1,
        }
    }

    /// The value, for the side that moved, of a move that leads to a position of this value.
    pub fn before(self) -> Value {
        match self {
            Value::Win(plies) => Value::Loss(plies + 1),
            Value::Draw => Value::Draw,
            Value::Loss(plies) => Value::Win(plies + 1),
        }
    }

    /// How good this is for the side to move: a quicker win is better, a later loss too.
    pub fn goodness(self) -> i32 {
        match self {
            Value::Win(plies) => i32::from(u16::MAX) - i32::from(plies),
            Value::Draw => 0,
            Value::Loss(plies) => i32::from(plies) - i32::from(u16::MAX),
        }
    }

    /// `win`, `draw` or `loss`: the result's name as the command line, the page and the
    /// club's API write it.
    pub fn result(self) -> &'static str {
        match self {
            Value::Win(_) => "win",
            Value::Draw => "draw",
            Value::Loss(_) => "loss",
        }
    }

    /// The plies to the end (0 for a draw).
    pub fn plies(self) -> u16 {
        match self {
            Value::Win(plies) | Value::Loss(plies) => plies,
            Value::Draw => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_back_and_order_by_goodness() {
        let values = [Value::Loss(0), Value::Loss(2), Value::Draw, Value::Win(5), Value::Win(1)];
        for v in values {
            assert_eq!(Value::from_entry(v.entry()), v);
        }
        assert!(values.windows(2).all(|w| w[0].goodness() < w[1].goodness()));
        assert_eq!(Value::Loss(0).before(), Value::Win(1));
        assert_eq!(Value::Win(3).before(), Value::Loss(4));
    }
}
