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
