//! The chase rules (`chase-rules=on`) from their statement alone, over a plain list of the
//! moves played: the piece's FEN letter and the move `a3a4`.

/// One move of the game: the FEN letter of the piece that moved, and the move.
pub type Played = (u8, String);

fn is_trap(square: &str) -> bool {
    matches!(square, "c1" | "e1" | "d2" | "c9" | "e9" | "d8")
}

/// Whether the chase rules forbid `piece` (its FEN letter) playing `mv` after `history`
/// (oldest first, both sides). `traps` is false in Animal Checkers, which has none.
pub fn chase_forbidden(history: &[Played], piece: u8, mv: &str, traps: bool) -> bool {
    let to = &mv[2..];
    // Moves into a trap are exempt from both rules.
    if traps && is_trap(to) {
        return false;
    }
    let own: Vec<&Played> =
        history.iter().rev().filter(|(p, _)| p.is_ascii_uppercase() == piece.is_ascii_uppercase()).collect();
    // 7-3: with this move, the animal may not enter one square a 4th time in 7 own moves.
    let entries = own.iter().take(6).filter(|(p, m)| *p == piece && &m[2..] == to).count();
    if entries >= 3 {
        return true;
    }
    // 17-5: after 17 own moves by this animal alone within 5 squares, it may not enter them.
    if own.len() < 17 || own[..17].iter().any(|(p, _)| *p != piece) {
        return false;
    }
    let mut area: Vec<&str> = own[..17].iter().map(|(_, m)| &m[2..]).collect();
    area.push(&own[16].1[..2]);
    area.sort();
    area.dedup();
    area.len() <= 5 && area.contains(&to)
}
