//! Arbitrary bytes as a game: the first bytes choose the rules and the start position, the
//! rest are move choices (an index into the legal moves, or a raw from/to pair) and undos,
//! played on a `Position` and a `Game` side by side. Invariants checked after every step:
//! the incremental hash equals the recomputed one, `is_legal` agrees with the move lists,
//! undo restores the position exactly, and the game follows the position.
#![no_main]

use jungle::rules::{
    Animal, Color, Game, Move, MoveError, Piece, Position, Rules, Setup, Square, Undo, OPTIONS,
};
use libfuzzer_sys::fuzz_target;

/// The fuzzer's bytes, read one at a time.
struct Bytes<'a>(std::slice::Iter<'a, u8>);

impl Bytes<'_> {
    fn next(&mut self) -> Option<u8> {
        self.0.next().copied()
    }
}

/// One byte per option: a value from its list, or a small no-capture limit.
fn read_rules(bytes: &mut Bytes) -> Rules {
    let mut rules = Rules::default();
    for option in OPTIONS {
        let b = bytes.next().unwrap_or(0);
        let value = match option.values {
            Some(values) => values[b as usize % values.len()].to_string(),
            None => (b % 40).to_string(),
        };
        rules.set(option.name, &value).expect("a listed value");
    }
    rules
}

/// The start position, or (odd first byte) one byte per piece: a square below 63, or absent.
/// Setups the rules refuse fall back to the start position.
fn read_position(bytes: &mut Bytes, rules: Rules) -> Position {
    let flag = bytes.next().unwrap_or(0);
    if flag & 1 == 0 {
        return Position::new(rules);
    }
    let mut setup = Setup::empty();
    setup.turn = if flag & 2 == 0 { Color::Red } else { Color::Blue };
    setup.halfmoves = u32::from(bytes.next().unwrap_or(0));
    for color in Color::ALL {
        for animal in Animal::ALL {
            if let Some(sq) = bytes.next().and_then(Square::new) {
                setup.board[sq.index()] = Some(Piece::new(color, animal));
            }
        }
    }
    Position::from_setup(&setup, rules).unwrap_or_else(|_| Position::new(rules))
}

fn check(pos: &Position, game: &Game) {
    assert_eq!(pos.hash(), pos.compute_hash(), "{}", pos.fen());
    assert_eq!(game.position(), pos);
    let legal = pos.legal_moves();
    assert_eq!(pos.count_moves() as usize, legal.len());
    for m in legal.iter() {
        assert!(pos.is_legal(*m));
        assert_eq!(pos.parse_move(&m.to_string()), Ok(*m));
    }
    let game_moves = game.legal_moves();
    assert!(game_moves.iter().all(|m| legal.contains(m)), "game move not legal in {}", pos.fen());
    assert_eq!(game.outcome().is_some(), game_moves.is_empty(), "{}", pos.fen());
}

/// Plays `m` on both and remembers how to take it back.
fn play(pos: &mut Position, game: &mut Game, stack: &mut Vec<(Position, Move, Undo)>, m: Move) {
    game.play(m).expect("a legal game move");
    let before = pos.clone();
    let undo = pos.play(m);
    stack.push((before, m, undo));
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data.iter());
    let rules = read_rules(&mut bytes);
    let mut pos = read_position(&mut bytes, rules);
    let mut game = Game::from_position(pos.clone());
    let mut stack = Vec::new();
    check(&pos, &game);
    while let Some(op) = bytes.next() {
        match op % 4 {
            0 => {
                let (Some(from), Some(to)) = (bytes.next(), bytes.next()) else { break };
                let (Some(from), Some(to)) = (Square::new(from % 64), Square::new(to % 64)) else { continue };
                let m = Move::new(from, to);
                assert_eq!(pos.is_legal(m), pos.legal_moves().contains(&m), "{m} in {}", pos.fen());
                if game.legal_moves().contains(&m) {
                    play(&mut pos, &mut game, &mut stack, m);
                } else {
                    let err = game.play(m).expect_err("not a legal game move");
                    assert!(matches!(err, MoveError::Illegal(_) | MoveError::GameOver), "{err}");
                }
            }
            1 | 2 => {
                let legal = game.legal_moves();
                if let Some(&m) = legal.get(op as usize / 4 % legal.len().max(1)) {
                    play(&mut pos, &mut game, &mut stack, m);
                }
            }
            _ => {
                let Some((before, m, undo)) = stack.pop() else { continue };
                pos.undo(m, undo);
                assert_eq!(pos, before, "undo {m}");
                assert_eq!(game.undo(), Some(m));
            }
        }
        check(&pos, &game);
    }
});
