//! Themes and difficulty, read from a puzzle's solution as it is played out.

use crate::rules::{Animal, Color, Game, Move, Position, Reason, JUMPS};

/// What a puzzle's solution shows.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Theme {
    /// The win is a den entry.
    Den,
    /// The solver takes a stronger piece or one weakened by a trap.
    Trap,
    /// The solver's Lion or Tiger jumps a river.
    Jump,
    /// A Rat takes an Elephant (or, under `elephant-takes-rat`, the other way round).
    RatElephant,
    /// A rat in the water stops a defender's Lion or Tiger from jumping.
    BlockedJump,
    /// The defender is left without a legal move.
    NoMove,
    /// Six pieces or fewer on the board, or every defender's piece taken.
    Endgame,
}

impl Theme {
    /// Every theme, in the file's order.
    pub const ALL: [Theme; 7] = [
        Theme::Den,
        Theme::Trap,
        Theme::Jump,
        Theme::RatElephant,
        Theme::BlockedJump,
        Theme::NoMove,
        Theme::Endgame,
    ];

    /// The name in the puzzle file and the page's words (`puzzle.theme.<name>`).
    pub fn name(self) -> &'static str {
        match self {
            Theme::Den => "den",
            Theme::Trap => "trap",
            Theme::Jump => "jump",
            Theme::RatElephant => "rat-elephant",
            Theme::BlockedJump => "blocked-jump",
            Theme::NoMove => "no-move",
            Theme::Endgame => "endgame",
        }
    }

    /// The theme called `name`.
    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// Pieces on the board at most for the endgame theme.
const ENDGAME_PIECES: u32 = 6;

/// The themes of `solution` played from `start` (which must be legal and end the game).
pub fn themes(start: &Game, solution: &[Move]) -> Vec<Theme> {
    let mut game = start.clone();
    let solver = start.position().turn();
    let mut found = Vec::new();
    let pos = start.position();
    if (pos.pieces(Color::Red) | pos.pieces(Color::Blue)).count() <= ENDGAME_PIECES {
        found.push(Theme::Endgame);
    }
    for &m in solution {
        let pos = game.position();
        if pos.turn() == solver {
            found.extend(move_themes(pos, m));
        } else if jump_blocked(pos) {
            found.push(Theme::BlockedJump);
        }
        if game.play(m).is_err() {
            break;
        }
    }
    if let Some(outcome) = game.outcome().filter(|o| o.winner == Some(solver)) {
        found.push(match outcome.reason {
            Reason::Den => Theme::Den,
            Reason::NoMoves => Theme::NoMove,
            _ => Theme::Endgame,
        });
    }
    found.sort();
    found.dedup();
    found
}

/// The themes of one of the solver's moves.
fn move_themes(pos: &Position, m: Move) -> Vec<Theme> {
    let mut found = Vec::new();
    let Some(mover) = pos.piece_at(m.from) else { return found };
    if m.from.file().abs_diff(m.to.file()) + m.from.rank().abs_diff(m.to.rank()) > 1 {
        found.push(Theme::Jump);
    }
    if let Some(victim) = pos.piece_at(m.to) {
        let pair = [mover.animal, victim.animal];
        if pair == [Animal::Rat, Animal::Elephant] || pair == [Animal::Elephant, Animal::Rat] {
            found.push(Theme::RatElephant);
        }
        if pos.is_trapped(victim.color, m.to) {
            found.push(Theme::Trap);
        }
    }
    found
}

/// Whether a river jump of the side to move is stopped by an enemy rat in the water.
fn jump_blocked(pos: &Position) -> bool {
    let us = pos.turn();
    let enemy_swimmers = pos.pieces(!us) & pos.terrain().water;
    Iterator::any(&mut pos.pieces(us), |sq| {
        let Some(piece) = pos.piece_at(sq) else { return false };
        let jumps = pos.rules().jumps(piece.animal);
        JUMPS[sq.index()].iter().flatten().any(|j| jumps.allows(j.axis) && (j.over & enemy_swimmers).any())
    })
}

/// The difficulty, 1 to 5: longer solutions are harder (a win in two moves starts at 1, each
/// move more adds one), and so are those a search finds only beyond the depth the win needs
/// (`found_at` plies; the solution needs `2·moves − 1`: one more for every two plies later),
/// and those opening with a quiet move (half a step).
pub fn difficulty(moves: u32, found_at: u32, quiet_start: bool) -> u8 {
    let late = found_at.saturating_sub(2 * moves - 1);
    let points = 2 * moves.saturating_sub(2) + late + u32::from(quiet_start);
    (1 + points / 2).clamp(1, 5) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    fn play(fen: &str, rules: &str, moves: &str) -> Vec<Theme> {
        let pos = Position::from_fen(fen, rules.parse().unwrap()).unwrap();
        let game = Game::from_position(pos);
        let solution: Vec<Move> = {
            let mut g = game.clone();
            moves.split(' ').map(|t| g.play_text(t).unwrap()).collect()
        };
        themes(&game, &solution)
    }

    #[test]
    fn names_read_back() {
        for theme in Theme::ALL {
            assert_eq!(Theme::from_name(theme.name()), Some(theme));
        }
        assert_eq!(Theme::from_name("magic"), None);
    }

    #[test]
    fn a_den_entry_in_an_endgame() {
        assert_eq!(play("1c5/2R4/7/7/7/7/7/7/6l w", "", "c8d8 g1f1 d8d9"), vec![Theme::Den, Theme::Endgame]);
    }

    #[test]
    fn a_river_jump_and_a_rat_taking_the_elephant() {
        // Red's lion jumps from a4 over b4-c4 to d4; Red's rat on a2 takes Blue's elephant on a3.
        let themes = play("7/7/7/7/7/L6/e6/R6/6l w", "", "a4d4 g1f1 a2a3");
        assert_eq!(themes, vec![Theme::Jump, Theme::RatElephant, Theme::Endgame]);
    }

    #[test]
    fn a_piece_taken_in_a_trap() {
        // Blue's tiger stands weakened on Red's trap c1; Red's cat takes it.
        assert_eq!(play("l6/7/7/7/7/7/7/2C4/2t4 w", "", "c2c1"), vec![Theme::Trap, Theme::Endgame]);
        // A capture off the traps is no trap theme.
        assert_eq!(play("l6/7/7/7/7/7/7/1rC4/7 w", "", "c2b2"), vec![Theme::Endgame]);
    }

    #[test]
    fn a_blocked_jump_is_seen_on_the_defender_s_turn() {
        // Red's rat swimming in b4 stops Blue's lion on a4 from jumping to d4.
        let themes = play("7/7/7/7/7/lR5/7/7/6C w", "", "g1g2 a4a3 g2g3");
        assert_eq!(themes, vec![Theme::BlockedJump, Theme::Endgame]);
        // With the rat on the bank instead, the jump is open.
        let themes = play("7/7/7/7/7/l6/1R5/7/6C w", "", "g1g2 a4a5 g2g3");
        assert_eq!(themes, vec![Theme::Endgame]);
    }

    #[test]
    fn difficulty_grows_with_length_depth_and_quiet_starts() {
        assert_eq!(difficulty(1, 1, false), 1);
        assert_eq!(difficulty(2, 3, false), 1);
        assert_eq!(difficulty(2, 3, true), 1);
        assert_eq!(difficulty(2, 5, false), 2);
        assert_eq!(difficulty(2, 5, true), 2);
        assert_eq!(difficulty(3, 5, false), 2);
        assert_eq!(difficulty(3, 7, true), 3);
        assert_eq!(difficulty(4, 7, false), 3);
        assert_eq!(difficulty(4, 9, true), 4);
        assert_eq!(difficulty(4, 11, true), 5);
        assert_eq!(difficulty(5, 30, true), 5);
        assert!(difficulty(2, 9, true) > difficulty(2, 3, false));
    }
}
