//! The starting positions `jungle puzzles` looks at besides the openings: the openings thinned
//! out (`--endgames`), a few pieces set at random (`--sparse`, where a defender that must give
//! way is common), or a defender's piece boxed in (`--boxed`, where a side left without a move
//! is near).

use jungle::ai::Rng;
use jungle::rules::{Animal, Bitboard, Color, Game, Piece, Position, Rules, Setup, Square, SQUARES};

/// `start`'s position with three to five random pieces of each side taken off (the moves that
/// led there forgotten), for games that reach endgames soon.
pub fn thinned(start: &Game, rng: &mut Rng) -> Game {
    let pos = start.position();
    let mut setup = pos.to_setup();
    for color in [Color::Red, Color::Blue] {
        let mut squares: Vec<_> = pos.pieces(color).collect();
        for _ in 0..3 + rng.below(3) {
            if squares.len() > 1 {
                let sq = squares.swap_remove(rng.below(squares.len() as u64) as usize);
                setup.board[sq.index()] = None;
            }
        }
    }
    Position::from_setup(&setup, *pos.rules()).map(Game::from_position).unwrap_or_else(|_| start.clone())
}

/// One or two random pieces of the defender (the side not to move), half of the time on a
/// cramped square (two ways out or fewer: a corner, the bank between the rivers, beside its own
/// den), and one to three of the solver's; never a position that is over already.
pub fn sparse(rules: Rules, rng: &mut Rng) -> Game {
    loop {
        let mut setup = empty(rules, rng);
        let solver = setup.turn;
        for _ in 0..1 + rng.below(2) {
            let cramped = rng.below(2) == 0;
            place(&mut setup, rules, rng, !solver, |piece, sq| {
                !cramped || exits(rules, piece, sq).count() <= 2
            });
        }
        for _ in 0..1 + rng.below(3) {
            place(&mut setup, rules, rng, solver, |_, _| true);
        }
        if let Some(game) = playable(&setup, rules) {
            return game;
        }
    }
}

/// A defender's piece on a cramped square with a solver's piece on each of its ways out, unable
/// to move; then one or two more pieces of each side at random. Taking or boxing in the
/// defender's other pieces leaves it without a move.
pub fn boxed(rules: Rules, rng: &mut Rng) -> Game {
    loop {
        let mut setup = empty(rules, rng);
        let solver = setup.turn;
        let Some(boxed) =
            place(&mut setup, rules, rng, !solver, |piece, sq| exits(rules, piece, sq).count() <= 2)
        else {
            continue;
        };
        let piece = setup.board[boxed.index()].expect("just placed");
        for n in exits(rules, piece, boxed) {
            place(&mut setup, rules, rng, solver, |_, sq| sq == n);
        }
        for color in [!solver, solver] {
            for _ in 0..1 + rng.below(2) {
                place(&mut setup, rules, rng, color, |_, _| true);
            }
        }
        let Some(game) = playable(&setup, rules) else { continue };
        let mut passed = game.position().clone();
        passed.pass();
        if Game::from_position(passed).legal_moves().iter().all(|m| m.from != boxed) {
            return game;
        }
    }
}

/// An empty board with a random side to move.
fn empty(rules: Rules, rng: &mut Rng) -> Setup {
    let mut setup = Position::new(rules).to_setup();
    setup.board = [None; SQUARES];
    setup.turn = if rng.below(2) == 0 { Color::Red } else { Color::Blue };
    setup
}

/// Puts a random animal of `color` not on the board yet on a random free square where it may
/// stand and `fits`; returns the square, or `None` if there is no such animal or square.
fn place(
    setup: &mut Setup,
    rules: Rules,
    rng: &mut Rng,
    color: Color,
    fits: impl Fn(Piece, Square) -> bool,
) -> Option<Square> {
    let mut animals: Vec<Animal> = Animal::ALL
        .into_iter()
        .filter(|&a| rules.in_game(a) && !setup.board.contains(&Some(Piece::new(color, a))))
        .collect();
    while !animals.is_empty() {
        let piece = Piece::new(color, animals.swap_remove(rng.below(animals.len() as u64) as usize));
        let squares: Vec<Square> = Square::all()
            .filter(|&sq| setup.board[sq.index()].is_none() && stands(rules, piece, sq) && fits(piece, sq))
            .collect();
        if !squares.is_empty() {
            let sq = squares[rng.below(squares.len() as u64) as usize];
            setup.board[sq.index()] = Some(piece);
            return Some(sq);
        }
    }
    None
}

/// The game from `setup`, if the position is legal and not over already.
fn playable(setup: &Setup, rules: Rules) -> Option<Game> {
    let game = Game::from_position(Position::from_setup(setup, rules).ok()?);
    game.outcome().is_none().then_some(game)
}

/// Whether `piece` may stand on `sq` in a position to solve: not in a den, not in the water
/// unless it swims.
fn stands(rules: Rules, piece: Piece, sq: Square) -> bool {
    let terrain = rules.terrain();
    !(terrain.dens[Color::Red] | terrain.dens[Color::Blue]).contains(sq)
        && (!terrain.water.contains(sq) || rules.swims(piece.animal))
}

/// The squares next to `sq` that `piece` may step to on an empty board (its own den and, unless
/// it swims, the water are closed to it; river jumps are not counted).
fn exits(rules: Rules, piece: Piece, sq: Square) -> Bitboard {
    let terrain = rules.terrain();
    let water = if rules.swims(piece.animal) { Bitboard::EMPTY } else { terrain.water };
    Bitboard::from(sq).neighbours() & !(terrain.dens[piece.color] | water)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule sets the puzzle files are made for, and Animal Checkers (four animals a side).
    fn rule_sets() -> Vec<Rules> {
        ["", "elephant-takes-rat=yes", "chase-rules=on", "game=animal-checkers"]
            .iter()
            .map(|text| text.parse().unwrap())
            .collect()
    }

    #[test]
    fn sparse_starts_have_few_pieces_and_go_on() {
        let mut rng = Rng::new(7);
        for rules in rule_sets() {
            for _ in 0..200 {
                let game = sparse(rules, &mut rng);
                let pos = game.position();
                assert!(game.outcome().is_none(), "{}", pos.fen());
                assert!((1..=3).contains(&pos.pieces(pos.turn()).count()), "{}", pos.fen());
                assert!((1..=2).contains(&pos.pieces(!pos.turn()).count()), "{}", pos.fen());
            }
        }
    }

    #[test]
    fn boxed_starts_hold_a_defender_that_cannot_move() {
        let mut rng = Rng::new(8);
        for rules in rule_sets() {
            for _ in 0..200 {
                let game = boxed(rules, &mut rng);
                assert!(game.outcome().is_none(), "{}", game.position().fen());
                let mut passed = game.position().clone();
                passed.pass();
                let defender = Game::from_position(passed);
                let moving: Bitboard = defender
                    .legal_moves()
                    .iter()
                    .map(|m| Bitboard::from(m.from))
                    .fold(Bitboard::EMPTY, |a, b| a | b);
                let stuck = defender.position().pieces(defender.position().turn()) & !moving;
                assert!(stuck.any(), "no defender's piece is boxed in: {}", game.position().fen());
            }
        }
    }
}
