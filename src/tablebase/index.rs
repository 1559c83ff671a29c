//! Where a position sits in its table: each animal's square, from the side to move's view,
//! with the board's left–right mirror folded away.
//!
//! The view turns the board half round when Blue is to move and swaps the colours, so every
//! table is written as "Red to move": that is the colour symmetry. The mirror: the first
//! animal (ours weakest first, then theirs) stands on files a–d; a position whose first
//! animal off the middle file stands on the right is read mirrored. Positions with every
//! animal on the middle file before one on the left are stored twice (as themselves and
//! their mirror), which costs a little room and keeps the index a plain product.

use super::material::Material;
use crate::rules::{Animal, Color, Piece, Position, Rules, Setup, Square, FILES, SQUARES};

/// The middle file (d).
const MIDDLE: u8 = FILES / 2;
/// Marks a square an animal may not stand on in a table.
const NONE: u8 = u8::MAX;

/// The squares each animal of a material set may stand on, and how they make an index.
#[derive(Clone, Debug)]
pub struct Layout {
    material: Material,
    /// Each animal in index order, Red = the side to move.
    pieces: Vec<Piece>,
    /// Per animal, its squares in index order.
    squares: Vec<Vec<Square>>,
    /// Per animal, the place of each square in `squares` (`NONE`: not allowed).
    places: Vec<[u8; SQUARES]>,
    len: usize,
}

impl Layout {
    /// The layout of `material`'s table.
    pub fn new(material: Material) -> Layout {
        let rules = Rules::default();
        let terrain = rules.terrain();
        let pieces: Vec<Piece> = material
            .our_animals()
            .map(|a| Piece::new(Color::Red, a))
            .chain(material.their_animals().map(|a| Piece::new(Color::Blue, a)))
            .collect();
        let squares: Vec<Vec<Square>> = pieces
            .iter()
            .enumerate()
            .map(|(i, piece)| {
                Square::all()
                    .filter(|&sq| !(terrain.dens.red | terrain.dens.blue).contains(sq))
                    .filter(|&sq| rules.swims(piece.animal) || !terrain.water.contains(sq))
                    .filter(|sq| i > 0 || sq.file() <= MIDDLE)
                    .collect()
            })
            .collect();
        let places = squares
            .iter()
            .map(|list| {
                let mut places = [NONE; SQUARES];
                list.iter().enumerate().for_each(|(i, sq)| places[sq.index()] = i as u8);
                places
            })
            .collect();
        let len = squares.iter().map(Vec::len).product();
        Layout { material, pieces, squares, places, len }
    }

    /// The material set.
    pub fn material(&self) -> Material {
        self.material
    }

    /// Entries in the table, including places where two animals would share a square.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always false: every table has entries.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The animals in index order (Red = the side to move).
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The squares of the animals of entry `index`, in the order of [`Layout::pieces`];
    /// `None` where two would share a square.
    pub fn decode(&self, mut index: usize, out: &mut Vec<Square>) -> bool {
        out.clear();
        for list in self.squares.iter().rev() {
            out.push(list[index % list.len()]);
            index /= list.len();
        }
        out.reverse();
        (1..out.len()).all(|i| !out[..i].contains(&out[i]))
    }

    /// The position of entry `index` under the standard rules, Red (the side to move in
    /// the table) to move; `None` where two animals would share a square or the game is
    /// already decided on the board.
    pub fn position(&self, index: usize) -> Option<Position> {
        let mut squares = Vec::new();
        if !self.decode(index, &mut squares) {
            return None;
        }
        let mut board = [None; SQUARES];
        self.pieces.iter().zip(&squares).for_each(|(&piece, sq)| board[sq.index()] = Some(piece));
        let setup = Setup { board, turn: Color::Red, halfmoves: 0, fullmoves: 1 };
        Position::from_setup(&setup, Rules::default()).ok().filter(|pos| !pos.is_decided())
    }

    /// The entry of animals on `squares` (in the order of [`Layout::pieces`], already in the
    /// view and mirrored so the first is on files a–d); `None` for a square not allowed.
    pub fn index_of(&self, squares: &[Square]) -> Option<usize> {
        squares.iter().zip(&self.places).zip(&self.squares).try_fold(0usize, |index, ((sq, places), list)| {
            let place = places[sq.index()];
            (place != NONE).then(|| index * list.len() + place as usize)
        })
    }
}

/// The position seen from its side to move: the material and each animal's square in index
/// order, mirrored so that it can be looked up. `None` if the rules are not ones a table
/// holds, or the game is already decided on the board.
pub fn view(pos: &Position) -> Option<(Material, Vec<Square>)> {
    if !super::covers(pos.rules()) || pos.is_decided() {
        return None;
    }
    let turn = pos.turn();
    let seen = |sq: Square| if turn == Color::Red { sq } else { sq.rotate() };
    let material = Material::of(pos);
    let square = |color: Color, animal: Animal| {
        pos.square_of(Piece::new(color, animal)).map(seen).expect("an animal of the material is on the board")
    };
    let mut squares: Vec<Square> = material
        .our_animals()
        .map(|a| square(turn, a))
        .chain(material.their_animals().map(|a| square(!turn, a)))
        .collect();
    fold_mirror(&mut squares);
    Some((material, squares))
}

/// Mirrors `squares` (in index order) if the first one off the middle file is on the right.
pub fn fold_mirror(squares: &mut [Square]) {
    if squares.iter().find(|sq| sq.file() != MIDDLE).is_some_and(|sq| sq.file() > MIDDLE) {
        squares.iter_mut().for_each(|sq| *sq = mirror(*sq));
    }
}

/// The squares, in the index order of the twin set, after the side to move's animal
/// `moved` (its place in `squares`, among the first `ours`) steps to `to` without taking:
/// the other side's animals come first now, and the board is seen from their side.
pub fn after_quiet_move(squares: &[Square], ours: usize, moved: usize, to: Square, out: &mut Vec<Square>) {
    out.clear();
    out.extend(squares[ours..].iter().map(|sq| sq.rotate()));
    out.extend(squares[..ours].iter().enumerate().map(|(i, &sq)| if i == moved { to } else { sq }.rotate()));
    fold_mirror(out);
}

/// The square on the other side of the middle file.
pub fn mirror(sq: Square) -> Square {
    Square::from_coords(FILES - 1 - sq.file(), sq.rank()).expect("a mirrored square is on the board")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn material(name: &str) -> Material {
        Material::parse(name).unwrap()
    }

    #[test]
    fn entries_are_the_product_of_the_squares() {
        // Files a–d hold 27 + 9 squares, 2 of them dens and 6 water. A land animal has
        // 63 − 2 dens − 12 water = 49 squares, 28 of them on files a–d; the Rat 61 and 34.
        assert_eq!(Layout::new(material("LvR")).len(), 28 * 61);
        assert_eq!(Layout::new(material("RvL")).len(), 34 * 49);
    }

    #[test]
    fn every_entry_reads_back() {
        let layout = Layout::new(material("ETvR"));
        let mut squares = Vec::new();
        let mut valid = 0;
        for index in 0..layout.len() {
            if layout.decode(index, &mut squares) {
                valid += 1;
                assert_eq!(layout.index_of(&squares), Some(index));
            }
        }
        assert!(valid > layout.len() * 9 / 10, "{valid} of {}", layout.len());
    }

    #[test]
    fn the_view_turns_the_board_for_blue_and_folds_the_mirror() {
        let rules = Rules::default();
        // Blue to move with its Lion on f8: seen from Blue, the Lion is Red's on b2.
        let pos = Position::from_fen("7/5l1/7/7/7/7/7/7/R6 b", rules).unwrap();
        let (m, squares) = view(&pos).unwrap();
        assert_eq!(m, material("LvR"));
        assert_eq!(squares, vec!["b2".parse().unwrap(), "g9".parse().unwrap()]);
        // The same from the other wing reads the same squares.
        let left = Position::from_fen("7/1l5/7/7/7/7/7/7/6R b", rules).unwrap();
        assert_eq!(view(&left).unwrap().1, squares);
        assert_eq!(view(&Position::from_fen("7/7/7/7/7/7/7/7/2L4 b", rules).unwrap()), None);
    }
}
