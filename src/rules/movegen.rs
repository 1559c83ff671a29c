//! Legal move generation. Every special rule is named beside the line that implements it.

use super::animal::{Animal, Piece};
use super::bitboard::Bitboard;
use super::moves::{Move, MoveList};
use super::options::Jumps;
use super::position::Position;
use super::square::{Square, SQUARES};
use super::terrain::JUMPS;

/// The orthogonal neighbours of every square.
static NEIGHBOURS: [Bitboard; SQUARES] = {
    let mut table = [Bitboard::EMPTY; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        table[i] = Bitboard(1 << i).neighbours();
        i += 1;
    }
    table
};

impl Position {
    /// Whether the piece on `from` may take the enemy `victim` on `to` (a square it can reach).
    pub fn can_capture(&self, attacker: Piece, from: Square, victim: Piece, to: Square) -> bool {
        let water = self.tables.terrain.water;
        let (from_water, to_water) = (water.contains(from), water.contains(to));
        let rules = self.rules();
        // A piece in water cannot be taken by a piece on land.
        if to_water && !from_water {
            return false;
        }
        if from_water && !to_water {
            match (attacker.animal, victim.animal) {
                // A rat leaving the water may not take the Elephant (rat-water-takes-elephant).
                (Animal::Rat, Animal::Elephant) if !rules.rat_water_takes_elephant => return false,
                // A rat leaving the water may take the enemy rat (rat-edge-capture).
                (Animal::Rat, Animal::Rat) if !rules.rat_edge_capture => return false,
                // A swimming dog cannot take a Rat on land from the water (dog-swims).
                (Animal::Dog, Animal::Rat) => return false,
                _ => {}
            }
        }
        // An enemy on one of your traps has rank 0 (any trap with traps=universal).
        let victim_rank = if self.is_trapped(victim.color, to) { 0 } else { self.rank(victim.animal) };
        // trapped-attacker=powerless: a trapped piece attacks with rank 0 and takes only rank 0.
        if rules.trapped_attacker_powerless && self.is_trapped(attacker.color, from) {
            return victim_rank == 0;
        }
        if victim_rank == 0 {
            return true;
        }
        match (attacker.animal, victim.animal) {
            // The Rat takes the Elephant.
            (Animal::Rat, Animal::Elephant) => true,
            // The Elephant does not take the Rat (unless elephant-takes-rat=yes).
            (Animal::Elephant, Animal::Rat) => rules.elephant_takes_rat,
            _ => self.rank(attacker.animal) >= victim_rank,
        }
    }

    /// The squares the piece on `from` may move to (empty if there is no piece of the side to move).
    #[inline]
    pub fn targets(&self, from: Square) -> Bitboard {
        match self.board[from.index()] {
            Some(p) if p.color == self.turn() => self.piece_targets(p, from),
            _ => Bitboard::EMPTY,
        }
    }

    #[inline]
    fn piece_targets(&self, piece: Piece, from: Square) -> Bitboard {
        let us = piece.color;
        let terrain = &self.tables.terrain;
        let animal = piece.animal.index();
        // One step orthogonally; never into your own den or onto your own piece.
        // Only swimmers (the Rat; the Dog with dog-swims) enter water.
        let mut targets =
            NEIGHBOURS[from.index()] & !self.occupied[us] & !terrain.dens[us] & self.tables.ground[animal];
        // Lion and Tiger (and the Leopard by option) jump a river unless a swimmer is in the way.
        let jumps = self.tables.jumps[animal];
        if jumps != Jumps::None {
            let occupied = self.occupied();
            for jump in JUMPS[from.index()].iter().flatten() {
                if jumps.allows(jump.axis) && (jump.over & occupied).is_empty() {
                    targets |= Bitboard::from(jump.to) & !self.occupied[us];
                }
            }
        }
        for to in targets & self.occupied[!us] {
            let victim = self.board[to.index()].expect("enemy square holds a piece");
            if !self.can_capture(piece, from, victim, to) {
                targets ^= Bitboard::from(to);
            }
        }
        targets
    }

    /// Every legal move of the side to move (none once the game is decided on the board).
    /// The chase rules, which need the game's history, are applied by [`Game`](super::Game).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.is_decided() {
            return list;
        }
        for from in self.occupied[self.turn()] {
            let piece = self.board[from.index()].expect("own square holds a piece");
            for to in self.piece_targets(piece, from) {
                list.push(Move::new(from, to));
            }
        }
        list
    }

    /// The legal moves of the piece on `from`.
    pub fn moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        if !self.is_decided() {
            for to in self.targets(from) {
                list.push(Move::new(from, to));
            }
        }
        list
    }

    /// The number of legal moves, without listing them (for perft).
    #[inline]
    pub fn count_moves(&self) -> u32 {
        if self.is_decided() {
            return 0;
        }
        self.occupied[self.turn()]
            .map(|from| {
                let piece = self.board[from.index()].expect("own square holds a piece");
                self.piece_targets(piece, from).count()
            })
            .sum()
    }

    /// Whether `m` is legal here (ignoring the chase rules).
    pub fn is_legal(&self, m: Move) -> bool {
        !self.is_decided() && self.targets(m.from).contains(m.to)
    }
}
