//! Themes and difficulty, read from a puzzle's solution as it is played out.

use super::goal::Goal;
use super::proof::Prover;
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
    /// The defender must move and it loses: if it could pass, the solver would not reach the
    /// goal in the moves left.
    Zugzwang,
    /// Six pieces or fewer on the board, or every defender's piece taken.
    Endgame,
}

impl Theme {
    /// Every theme, in the file's order.
    pub const ALL: [Theme; 8] = [
        Theme::Den,
        Theme::Trap,
        Theme::Jump,
        Theme::RatElephant,
        Theme::BlockedJump,
        Theme::NoMove,
        Theme::Zugzwang,
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
            Theme::Zugzwang => "zugzwang",
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

/// Moves the proof behind the zugzwang theme may play, for all the defender's turns of a puzzle
/// (beyond them the theme is not given: the labels stay the same on every machine).
const ZUGZWANG_BUDGET: u64 = 200_000;

/// The themes of `solution` (which must be legal and reach `goal`) played from `start`.
pub fn themes(start: &Game, solution: &[Move], goal: Goal) -> Vec<Theme> {
    let mut game = start.clone();
    let solver = start.position().turn();
    let mut prover = Prover::for_goal(ZUGZWANG_BUDGET, goal, start.position());
    let mut found = Vec::new();
    let pos = start.position();
    if (pos.pieces(Color::Red) | pos.pieces(Color::Blue)).count() <= ENDGAME_PIECES {
        found.push(Theme::Endgame);
    }
    let total = solution.len().div_ceil(2) as u32;
    for (i, &m) in solution.iter().enumerate() {
        let pos = game.position();
        if pos.turn() == solver {
            found.extend(move_themes(pos, m));
        } else {
            if jump_blocked(pos) {
                found.push(Theme::BlockedJump);
            }
            if passing_would_hold(pos, total - i.div_ceil(2) as u32, &mut prover) {
                found.push(Theme::Zugzwang);
            }
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

/// Whether the defender, to move in `pos`, would hold out if it could pass: the solver, to move
/// in the same position, does not reach the goal within `moves` moves (proved; a proof past the
/// prover's budget says no).
fn passing_would_hold(pos: &Position, moves: u32, prover: &mut Prover) -> bool {
    let mut passed = pos.clone();
    passed.pass();
    let mut game = Game::from_position(passed);
    if game.outcome().is_some() || prover.gained(&game) {
        return false;
    }
    prover.forces_win(&mut game, moves) == Ok(false)
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

/// The difficulty, 1 to 5, from points: two per solver move beyond two, one per ply a search
/// needs beyond `moves − 1` (at least one) before it settles on the first move (`found_at`), one for a quiet
/// first move and two for a solution that gives material on the way (`gives`: the first move
/// can be taken, or the solver is behind after a reply). Points 0, 1, 2–3, 4–5 and 6 or more
/// make difficulties 1 to 5: about a fifth, a third, a third, a tenth and the rest of the
/// standard set.
pub fn difficulty(moves: u32, found_at: u32, quiet_start: bool, gives: bool) -> u8 {
    let late = found_at.saturating_sub(moves.saturating_sub(1).max(1));
    let points = 2 * moves.saturating_sub(2) + late + u32::from(quiet_start) + 2 * u32::from(gives);
    1 + [1, 2, 4, 6].iter().filter(|&&at_least| points >= at_least).count() as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::{solve, Prover};
    use crate::rules::Rules;

    /// The solution of a hand-built puzzle (proved, with one winning move at each step) and its themes.
    fn solved(fen: &str, rules: &str, goal: Goal, max_moves: u32) -> (String, Vec<Theme>) {
        let pos = Position::from_fen(fen, rules.parse().unwrap()).unwrap();
        let game = Game::from_position(pos);
        let line = solve(&game, max_moves, &mut Prover::for_goal(1_000_000, goal, game.position())).unwrap();
        let text: Vec<String> = line.iter().map(Move::to_string).collect();
        (text.join(" "), themes(&game, &line, goal))
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
        let (line, themes) = solved("1c5/2R4/7/7/7/7/7/7/6l w", "", Goal::Win, 3);
        assert!(line.starts_with("c8d8 ") && line.ends_with(" d8d9"), "{line}");
        assert_eq!(themes, vec![Theme::Den, Theme::Endgame]);
    }

    #[test]
    fn a_river_jump_that_takes_a_piece() {
        // Red's lion jumps from a5 over b5-c5 to take Blue's wolf on d5.
        let (line, themes) = solved("6r/7/7/7/L2w3/7/7/7/7 w", "", Goal::Gain(300), 2);
        assert_eq!(line, "a5d5");
        assert_eq!(themes, vec![Theme::Jump, Theme::Endgame]);
    }

    #[test]
    fn a_rat_taking_the_elephant_and_the_other_way_round() {
        let (line, themes) = solved("6r/7/7/7/7/7/e6/R6/7 w", "", Goal::Gain(300), 2);
        assert_eq!(line, "a2a3");
        assert_eq!(themes, vec![Theme::RatElephant, Theme::Endgame]);
        // Under elephant-takes-rat, Red's elephant takes the rat (after Blue's lion is taken
        // the game is won: every piece gone).
        let (line, themes) = solved("7/7/7/7/7/7/r6/E6/6l w", "elephant-takes-rat=yes", Goal::Gain(200), 2);
        assert_eq!(line, "a2a3");
        assert_eq!(themes, vec![Theme::RatElephant, Theme::Endgame]);
    }

    #[test]
    fn a_piece_taken_in_a_trap() {
        // Blue's tiger stands weakened on Red's trap c1, beside Red's den; Red's cat takes it.
        let (line, themes) = solved("l6/7/7/7/7/7/7/2C4/2t4 w", "", Goal::Gain(300), 2);
        assert_eq!(line, "c2c1");
        assert_eq!(themes, vec![Theme::Trap, Theme::Endgame]);
        // A capture off the traps is no trap theme.
        let (line, themes) = solved("l6/7/7/7/7/7/7/1rC4/7 w", "", Goal::Gain(200), 2);
        assert_eq!(line, "c2b2");
        assert_eq!(themes, vec![Theme::Endgame]);
    }

    #[test]
    fn a_blocked_jump_is_seen_on_the_defender_s_turn() {
        // Red's rat swimming in b5 stops Blue's lion on a5 from jumping while Red's lion walks in.
        let (line, themes) = solved("7/7/3L3/7/lR5/7/7/7/7 w", "", Goal::Win, 3);
        assert!(line.starts_with("d7d8 "), "{line}");
        assert_eq!(themes, vec![Theme::Den, Theme::BlockedJump, Theme::Endgame]);
        // With the rat on the bank instead, the jump is open.
        let (_, themes) = solved("7/7/3L3/7/l6/7/1R5/7/7 w", "", Goal::Win, 3);
        assert_eq!(themes, vec![Theme::Den, Theme::Endgame]);
    }

    #[test]
    fn the_defender_left_without_a_move() {
        // Red's leopard closes a7 and Blue's rat and cat, boxed in the corner, cannot move; or
        // Red's wolf takes the cat and the rat cannot move (two wins: no puzzle, but both show it).
        let game =
            Game::from_position(Position::from_fen("rD5/cW5/7/P6/7/7/7/7/7 w", Rules::default()).unwrap());
        for first in ["a6a7", "b8a8"] {
            let line = [game.position().parse_move(first).unwrap()];
            assert_eq!(themes(&game, &line, Goal::Win), vec![Theme::NoMove, Theme::Endgame], "{first}");
        }
    }

    #[test]
    fn a_defender_that_must_move_is_in_zugzwang() {
        // Blue's tiger d4 closes in; Red's tiger on e2, next to Blue's lion on f1, may not stay:
        // each of its squares is next to a Blue piece that takes it (e1 and f2 the lion, d2 and
        // e3 the tiger). Were Red to pass, nothing of Red's could be taken at once.
        let (line, themes) = solved("7/7/7/7/7/3t3/7/4T2/5l1 b", "", Goal::Win, 3);
        assert_eq!(line, "d4d3 e2e1 f1e1");
        assert_eq!(themes, vec![Theme::Zugzwang, Theme::Endgame]);
    }

    #[test]
    fn taking_the_last_free_piece_leaves_no_move() {
        // Red's wolf a5 is boxed in by Blue's lion a6, elephant a4 and the water. Blue's leopard
        // goes to b2; Red's rat must leave c1 and is taken, and Red has no move left.
        let (line, themes) = solved("7/7/7/l6/W6/e6/1p2d2/7/2R4 b", "", Goal::Win, 3);
        assert_eq!(line, "b3b2 c1b1 b2b1");
        assert_eq!(themes, vec![Theme::NoMove, Theme::Zugzwang, Theme::Endgame]);
    }

    #[test]
    fn difficulty_grows_with_length_depth_quiet_starts_and_material_given() {
        assert_eq!(difficulty(2, 1, false, false), 1);
        assert_eq!(difficulty(2, 1, true, false), 2);
        assert_eq!(difficulty(2, 2, false, false), 2);
        assert_eq!(difficulty(2, 1, false, true), 3);
        assert_eq!(difficulty(3, 2, false, false), 3);
        assert_eq!(difficulty(3, 2, true, false), 3);
        assert_eq!(difficulty(3, 4, false, false), 4);
        assert_eq!(difficulty(3, 2, true, true), 4);
        assert_eq!(difficulty(4, 3, false, false), 4);
        assert_eq!(difficulty(4, 4, true, false), 5);
        assert_eq!(difficulty(4, 3, false, true), 5);
        assert_eq!(difficulty(5, 30, true, true), 5);
        assert_eq!(difficulty(1, 1, false, false), 1);
    }
}
