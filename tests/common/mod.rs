//! Helpers shared by the integration tests: building positions, listing moves, a seeded
//! PRNG, and random rules and positions for the comparison and property tests.
// Each test crate uses a different part of this module.
#![allow(dead_code)]

use jungle::rules::{Animal, Color, Move, Piece, Position, Rules, Setup, Square, OPTIONS};

/// Rules from an option list like `dog-swims=yes,traps=universal` ("" = the defaults).
/// The option names of `docs/RULES.md` in its order, written out so that a renamed or
/// reordered option fails the tests that compare against it.
pub const RULE_OPTION_NAMES: [&str; 16] = [
    "game",
    "first",
    "elephant-takes-rat",
    "rat-edge-capture",
    "rat-water-takes-elephant",
    "dog-swims",
    "ranks",
    "lion-tiger",
    "lion-jumps",
    "tiger-jumps",
    "leopard-jumps",
    "traps",
    "trapped-attacker",
    "chase-rules",
    "repetition",
    "no-capture-limit",
];

pub fn rules(text: &str) -> Rules {
    text.parse().unwrap_or_else(|e| panic!("rules `{text}`: {e}"))
}

/// A position from a FEN that must be valid under the rules `rules_text`.
pub fn position(fen: &str, rules_text: &str) -> Position {
    Position::from_fen(fen, rules(rules_text)).unwrap_or_else(|e| panic!("FEN `{fen}` ({rules_text}): {e}"))
}

/// Moves as sorted `a3a4` strings.
pub fn move_strings(moves: &[Move]) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(Move::to_string).collect();
    out.sort();
    out
}

/// The legal moves of a position as sorted `a3a4` strings.
pub fn moves(pos: &Position) -> Vec<String> {
    move_strings(&pos.legal_moves())
}

/// A sorted list of `a3a4` strings from a space-separated text.
pub fn list(text: &str) -> Vec<String> {
    let mut out: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    out.sort();
    out
}

/// A square from its name.
pub fn sq(name: &str) -> Square {
    name.parse().unwrap_or_else(|_| panic!("square `{name}`"))
}

/// The move `a3a4`.
pub fn mv(text: &str) -> Move {
    Move::new(sq(&text[..2]), sq(&text[2..]))
}

/// xorshift64*: a small seeded generator, so every run plays the same games.
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value; 0 is replaced).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// The default rules with one option changed, for every value of every option that has a
/// list of values (the defaults once).
pub fn every_option_value() -> Vec<Rules> {
    let mut all = vec![Rules::default()];
    for option in OPTIONS {
        for value in option.values.unwrap_or(&[]).iter().skip(1) {
            let mut r = Rules::default();
            r.set(option.name, value).expect("listed value");
            all.push(r);
        }
    }
    all
}

/// Rules with every listed option set to a random value.
pub fn random_rules(rng: &mut Rng) -> Rules {
    let mut r = Rules::default();
    for option in OPTIONS {
        if let Some(values) = option.values {
            r.set(option.name, values[rng.below(values.len())]).expect("listed value");
        }
    }
    r
}

/// A random valid position under `rules`: a random subset of each side's animals (each there
/// two times in three) on random squares, retried until the engine accepts it (both dens
/// entered is refused).
pub fn random_position(rng: &mut Rng, rules: Rules) -> Position {
    random_position_with(rng, rules, 67)
}

/// As [`random_position`], each animal there with `percent` % probability.
pub fn random_position_with(rng: &mut Rng, rules: Rules, percent: usize) -> Position {
    let terrain = rules.terrain();
    loop {
        let mut setup = Setup::empty();
        setup.turn = if rng.below(2) == 0 { Color::Red } else { Color::Blue };
        for color in Color::ALL {
            for animal in Animal::ALL.into_iter().filter(|&a| rules.in_game(a)) {
                if rng.below(100) < percent {
                    let piece = Piece::new(color, animal);
                    // Retry squares the engine would refuse, so that crowded boards are common.
                    let index = loop {
                        let sq = Square::new(rng.below(63) as u8).expect("below 63");
                        let wet = terrain.water.contains(sq) && !rules.swims(animal);
                        if setup.board[sq.index()].is_none() && !wet && !terrain.dens[color].contains(sq) {
                            break sq.index();
                        }
                    };
                    setup.board[index] = Some(piece);
                }
            }
        }
        if let Ok(pos) = Position::from_setup(&setup, rules) {
            return pos;
        }
    }
}

/// Plays `plies` random legal moves (fewer if the game ends) and returns the moves played.
pub fn random_walk(rng: &mut Rng, pos: &mut Position, plies: usize) -> Vec<Move> {
    let mut played = Vec::new();
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = *rng.pick(&legal);
        pos.play(m);
        played.push(m);
    }
    played
}

/// Asserts that `fen` under `rules_text` has exactly the legal moves `expected` (a
/// space-separated list, any order) and `depth2` move pairs; returns the position.
pub fn assert_position(fen: &str, rules_text: &str, expected: &str, depth2: u64) -> Position {
    let mut pos = position(fen, rules_text);
    assert_eq!(moves(&pos), list(expected), "moves of {fen} [{rules_text}]");
    assert_eq!(jungle::rules::perft(&mut pos, 2), depth2, "perft 2 of {fen} [{rules_text}]");
    pos
}
