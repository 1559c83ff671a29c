//! A deliberately simple move generator written from `RULES.md` alone, as a second opinion on
//! the engine. It shares nothing with `src/rules` but the option values: the board is a 9×7 grid
//! of FEN letters read straight from the FEN text, and moves are found by looping over squares
//! and the four directions. Slow and plain on purpose.
// `tests/rules_perft.rs` uses only the perft part.
#![allow(dead_code)]

pub mod chase;

use jungle::rules::{GameKind, Jumps, LionTiger, RankOrder, Rules, TrapRule};

/// The rule options the reference needs, as plain values.
#[derive(Clone, Copy, Debug)]
pub struct RefRules {
    checkers: bool,
    elephant_takes_rat: bool,
    rat_edge_capture: bool,
    rat_water_takes_elephant: bool,
    dog_swims: bool,
    wolf_rank: u8,
    dog_rank: u8,
    lion_rank: u8,
    tiger_rank: u8,
    /// (horizontal, vertical) jumps allowed to the Lion, Tiger and Leopard.
    lion_jumps: (bool, bool),
    tiger_jumps: (bool, bool),
    leopard_jumps: (bool, bool),
    universal_traps: bool,
    powerless: bool,
}

fn directions(j: Jumps) -> (bool, bool) {
    match j {
        Jumps::Both => (true, true),
        Jumps::Horizontal => (true, false),
        Jumps::Vertical => (false, true),
        Jumps::None => (false, false),
    }
}

impl From<&Rules> for RefRules {
    fn from(r: &Rules) -> RefRules {
        let (lion_rank, tiger_rank) = match r.lion_tiger {
            LionTiger::Lion => (7, 6),
            LionTiger::Tiger => (6, 7),
            LionTiger::Equal => (7, 7),
        };
        // ranks=dog-over-wolf and ranks=fox swap Wolf and Dog.
        let (wolf_rank, dog_rank) = if r.ranks == RankOrder::Standard { (4, 3) } else { (3, 4) };
        RefRules {
            checkers: r.game == GameKind::AnimalCheckers,
            elephant_takes_rat: r.elephant_takes_rat,
            rat_edge_capture: r.rat_edge_capture,
            rat_water_takes_elephant: r.rat_water_takes_elephant,
            dog_swims: r.dog_swims,
            wolf_rank,
            dog_rank,
            lion_rank,
            tiger_rank,
            lion_jumps: directions(r.lion_jumps),
            tiger_jumps: directions(r.tiger_jumps),
            leopard_jumps: directions(r.leopard_jumps),
            universal_traps: r.traps == TrapRule::Universal,
            powerless: r.trapped_attacker_powerless,
        }
    }
}

const EMPTY: u8 = b'.';

/// A board: `grid[rank][file]`, rank 0 = rank 1, file 0 = a; `b'.'` for an empty square.
#[derive(Clone, Debug)]
pub struct RefPosition {
    grid: [[u8; 7]; 9],
    red_to_move: bool,
    rules: RefRules,
}

fn is_red(piece: u8) -> bool {
    piece.is_ascii_uppercase()
}

fn on_board(f: i32, r: i32) -> bool {
    (0..7).contains(&f) && (0..9).contains(&r)
}

fn square_name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

impl RefPosition {
    /// Reads the board and side to move of a FEN; panics on anything malformed (tests only
    /// feed it FENs the engine wrote).
    pub fn from_fen(fen: &str, rules: &Rules) -> RefPosition {
        let mut fields = fen.split_whitespace();
        let board = fields.next().expect("board");
        let mut grid = [[EMPTY; 7]; 9];
        for (i, row) in board.split('/').enumerate() {
            let r = 8 - i;
            let mut f = 0;
            for c in row.bytes() {
                if c.is_ascii_digit() {
                    f += (c - b'0') as usize;
                } else {
                    grid[r][f] = c;
                    f += 1;
                }
            }
            assert_eq!(f, 7, "rank {} of {fen}", r + 1);
        }
        let red_to_move = match fields.next() {
            Some("w") => true,
            Some("b") => false,
            other => panic!("side to move {other:?} in {fen}"),
        };
        RefPosition { grid, red_to_move, rules: RefRules::from(rules) }
    }

    /// The board part of the FEN, written the simple way.
    pub fn board_fen(&self) -> String {
        let mut rows = Vec::new();
        for r in (0..9).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for f in 0..7 {
                let c = self.grid[r][f];
                if c == EMPTY {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c as char);
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        rows.join("/")
    }

    /// The FEN letter on a square like `a3` (`b'.'` when empty).
    pub fn piece_on(&self, square: &str) -> u8 {
        let b = square.as_bytes();
        self.at(i32::from(b[0] - b'a'), i32::from(b[1] - b'1'))
    }

    fn at(&self, f: i32, r: i32) -> u8 {
        self.grid[r as usize][f as usize]
    }

    fn is_water(&self, f: i32, r: i32) -> bool {
        !self.rules.checkers && matches!(f, 1 | 2 | 4 | 5) && (3..=5).contains(&r)
    }

    /// `Some(true)` for a Red trap (c1 e1 d2), `Some(false)` for a Blue trap (c9 e9 d8).
    fn trap_owner(&self, f: i32, r: i32) -> Option<bool> {
        if self.rules.checkers {
            return None;
        }
        match (f, r) {
            (2, 0) | (4, 0) | (3, 1) => Some(true),
            (2, 8) | (4, 8) | (3, 7) => Some(false),
            _ => None,
        }
    }

    /// `Some(true)` for the Red den d1, `Some(false)` for the Blue den d9.
    fn den_owner(f: i32, r: i32) -> Option<bool> {
        match (f, r) {
            (3, 0) => Some(true),
            (3, 8) => Some(false),
            _ => None,
        }
    }

    /// Whether a trap makes a piece of this colour on (f, r) rank 0.
    fn weakened(&self, red: bool, f: i32, r: i32) -> bool {
        match self.trap_owner(f, r) {
            Some(owner) => self.rules.universal_traps || owner != red,
            None => false,
        }
    }

    fn rank(&self, piece: u8) -> u8 {
        match piece.to_ascii_uppercase() {
            b'E' => 8,
            b'L' => self.rules.lion_rank,
            b'T' => self.rules.tiger_rank,
            b'P' => 5,
            b'W' => self.rules.wolf_rank,
            b'D' => self.rules.dog_rank,
            b'C' => 2,
            b'R' => 1,
            other => panic!("not an animal: {}", other as char),
        }
    }

    fn swims(&self, piece: u8) -> bool {
        let a = piece.to_ascii_uppercase();
        a == b'R' || (a == b'D' && self.rules.dog_swims)
    }

    /// (horizontal, vertical) river jumps of this piece.
    fn jumps(&self, piece: u8) -> (bool, bool) {
        match piece.to_ascii_uppercase() {
            b'L' => self.rules.lion_jumps,
            b'T' => self.rules.tiger_jumps,
            b'P' => self.rules.leopard_jumps,
            _ => (false, false),
        }
    }

    /// Whether the attacker on (af, ar) may take the enemy victim on (vf, vr).
    fn can_capture(&self, af: i32, ar: i32, vf: i32, vr: i32) -> bool {
        let attacker = self.at(af, ar);
        let victim = self.at(vf, vr);
        let (a, v) = (attacker.to_ascii_uppercase(), victim.to_ascii_uppercase());
        let attacker_in_water = self.is_water(af, ar);
        // A piece in water can be taken only from the water.
        if self.is_water(vf, vr) && !attacker_in_water {
            return false;
        }
        if attacker_in_water && !self.is_water(vf, vr) {
            // Leaving the water.
            if a == b'R' && v == b'E' && !self.rules.rat_water_takes_elephant {
                return false;
            }
            if a == b'R' && v == b'R' && !self.rules.rat_edge_capture {
                return false;
            }
            if a == b'D' && v == b'R' {
                return false;
            }
        }
        // A trap makes the victim rank 0; with trapped-attacker=powerless the attacker too.
        let victim_rank = if self.weakened(is_red(victim), vf, vr) { 0 } else { self.rank(victim) };
        if self.rules.powerless && self.weakened(is_red(attacker), af, ar) {
            return victim_rank == 0;
        }
        if victim_rank == 0 {
            return true;
        }
        // The Rat takes the Elephant; the Elephant takes the Rat only by option.
        if a == b'R' && v == b'E' {
            return true;
        }
        if a == b'E' && v == b'R' {
            return self.rules.elephant_takes_rat;
        }
        self.rank(attacker) >= victim_rank
    }

    /// Whether the game is over on the board: a den entered or a side without pieces.
    pub fn is_over(&self) -> bool {
        let red_in_blue_den = self.at(3, 8).is_ascii_uppercase();
        let blue_in_red_den = self.at(3, 0).is_ascii_lowercase();
        let count =
            |red: bool| self.grid.iter().flatten().filter(|&&c| c != EMPTY && is_red(c) == red).count();
        red_in_blue_den || blue_in_red_den || count(true) == 0 || count(false) == 0
    }

    /// Every legal move, as sorted `a3a4` strings.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        if self.is_over() {
            return moves;
        }
        for r in 0..9 {
            for f in 0..7 {
                let piece = self.at(f, r);
                if piece != EMPTY && is_red(piece) == self.red_to_move {
                    self.piece_moves(f, r, &mut moves);
                }
            }
        }
        moves.sort();
        moves
    }

    fn piece_moves(&self, f: i32, r: i32, moves: &mut Vec<String>) {
        let piece = self.at(f, r);
        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (mut tf, mut tr) = (f + df, r + dr);
            if !on_board(tf, tr) {
                continue;
            }
            if self.is_water(tf, tr) && !self.swims(piece) {
                let (horizontal, vertical) = self.jumps(piece);
                if !(if df != 0 { horizontal } else { vertical }) {
                    continue;
                }
                // Jump: cross the water; any piece in it blocks the jump.
                let mut blocked = false;
                while self.is_water(tf, tr) {
                    blocked |= self.at(tf, tr) != EMPTY;
                    tf += df;
                    tr += dr;
                }
                if blocked || !on_board(tf, tr) {
                    continue;
                }
            }
            if Self::den_owner(tf, tr) == Some(is_red(piece)) {
                continue;
            }
            let target = self.at(tf, tr);
            let allowed =
                target == EMPTY || (is_red(target) != is_red(piece) && self.can_capture(f, r, tf, tr));
            if allowed {
                moves.push(format!("{}{}", square_name(f, r), square_name(tf, tr)));
            }
        }
    }

    /// Plays a move given as `a3a4` (assumed legal).
    pub fn play(&mut self, mv: &str) {
        let b = mv.as_bytes();
        let (ff, fr) = ((b[0] - b'a') as usize, (b[1] - b'1') as usize);
        let (tf, tr) = ((b[2] - b'a') as usize, (b[3] - b'1') as usize);
        self.grid[tr][tf] = self.grid[fr][ff];
        self.grid[fr][ff] = EMPTY;
        self.red_to_move = !self.red_to_move;
    }

    /// Counts the move sequences of `depth` plies; a finished game is a leaf.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves()
            .iter()
            .map(|m| {
                let mut next = self.clone();
                next.play(m);
                next.perft(depth - 1)
            })
            .sum()
    }
}
