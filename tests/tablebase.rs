//! The tables against a solver of their own: every position reachable from sampled roots is
//! solved again by plain value iteration over the game's graph (no index, no symmetry, no
//! retrograde counting), with both sides to move and both wings of the board, and must get
//! the same result and distance. The mirror symmetry is checked on every entry besides.

use jungle::rules::{Color, Piece, Position, Rules, Setup, Square, SQUARES};
use jungle::tablebase::index::{mirror, Layout};
use jungle::tablebase::{solve, Material, Table, Tablebase, Value};
use std::collections::HashMap;

/// The tables of 2 animals, and of the 3-animal pairs named.
fn tables(pairs: &[&str]) -> Tablebase {
    let mut base = Tablebase::new();
    let mut sets: Vec<Material> = Material::all(2).into_iter().filter(|m| *m <= m.swapped()).collect();
    sets.extend(pairs.iter().map(|name| Material::parse(name).unwrap()));
    for set in sets {
        let solved = solve(set, &|pos| base.probe(pos), &mut |_, _, _| {}).unwrap();
        for s in solved {
            base.add(Table::from_entries(s.material, &s.entries));
        }
    }
    base
}

/// Every position reachable from `root`, solved by passes: a win in `d` has a move to a loss
/// in `d − 1` (or ends the game at once when `d` is 1); a loss in `d` has only moves to wins,
/// the longest in `d − 1`. What no pass reaches is a draw.
fn solve_by_passes(root: &Position) -> Vec<(Position, Value)> {
    // The board and the side to move (the FEN's counters would make every ply new).
    let key = |pos: &Position| pos.fen().split(' ').take(2).collect::<Vec<_>>().join(" ");
    let mut ids: HashMap<String, usize> = HashMap::new();
    let mut nodes: Vec<Position> = vec![root.clone()];
    let mut moves: Vec<(bool, Vec<usize>)> = Vec::new();
    ids.insert(key(root), 0);
    let mut next = 0;
    while next < nodes.len() {
        let pos = nodes[next].clone();
        let (mut wins_now, mut to) = (false, Vec::new());
        for m in pos.legal_moves().iter().copied() {
            let mut after = pos.clone();
            after.play(m);
            if after.is_decided() {
                wins_now = true;
                continue;
            }
            let id = *ids.entry(key(&after)).or_insert_with(|| {
                nodes.push(after.clone());
                nodes.len() - 1
            });
            to.push(id);
        }
        moves.push((wins_now, to));
        next += 1;
    }
    let mut value: Vec<Option<Value>> =
        moves.iter().map(|(wins, to)| (!wins && to.is_empty()).then_some(Value::Loss(0))).collect();
    let mut quiet = 0;
    let mut d: u16 = 1;
    while quiet < 2 {
        let found: Vec<usize> = (0..nodes.len())
            .filter(|&n| value[n].is_none())
            .filter(|&n| {
                let (wins_now, to) = &moves[n];
                if d % 2 == 1 {
                    (d == 1 && *wins_now) || to.iter().any(|&s| value[s] == Some(Value::Loss(d - 1)))
                } else {
                    !wins_now
                        && to.iter().all(|&s| matches!(value[s], Some(Value::Win(p)) if p < d))
                        && to.iter().any(|&s| value[s] == Some(Value::Win(d - 1)))
                }
            })
            .collect();
        quiet = if found.is_empty() { quiet + 1 } else { 0 };
        for n in found {
            value[n] = Some(if d % 2 == 1 { Value::Win(d) } else { Value::Loss(d) });
        }
        d += 1;
    }
    nodes.into_iter().zip(value).map(|(pos, v)| (pos, v.unwrap_or(Value::Draw))).collect()
}

fn position(pieces: &[(Piece, Square)], turn: Color) -> Position {
    let mut board = [None; SQUARES];
    pieces.iter().for_each(|&(p, sq)| board[sq.index()] = Some(p));
    Position::from_setup(&Setup { board, turn, halfmoves: 0, fullmoves: 1 }, Rules::default()).unwrap()
}

/// The position of a table's entry (the side to move as Red), or `None` for no position.
fn entry(layout: &Layout, index: usize) -> Option<Position> {
    let mut squares = Vec::new();
    layout.decode(index, &mut squares).then(|| {
        let pieces: Vec<_> = layout.pieces().iter().copied().zip(squares).collect();
        position(&pieces, Color::Red)
    })
}

fn check_from(base: &Tablebase, root: &Position) -> usize {
    let solved = solve_by_passes(root);
    for (pos, expected) in &solved {
        assert_eq!(base.probe(pos), Some(*expected), "{}", pos.fen());
    }
    solved.len()
}

#[test]
fn two_animals_agree_with_the_plain_solver_everywhere() {
    let base = tables(&[]);
    let mut checked = 0;
    // Every set of two animals, from a root of each side to move: the graph holds every
    // arrangement the animals can reach.
    for set in Material::all(2) {
        let layout = Layout::new(set);
        let root = (0..layout.len()).find_map(|i| entry(&layout, i)).unwrap();
        checked += check_from(&base, &root);
    }
    assert!(checked > 64 * 2000, "{checked} positions");
}

#[test]
fn three_animals_agree_with_the_plain_solver_from_sampled_roots() {
    // Sets with swimming, jumping, trapping, the Rat against the Elephant, and the longest win.
    let pairs = ["LvTR", "ECvT", "RvEL", "PvWD"];
    let base = tables(&pairs);
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut checked = 0;
    for name in pairs {
        let layout = Layout::new(Material::parse(name).unwrap());
        // A root drawn at random; its graph reaches most of the set and its twin.
        let root = loop {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            if let Some(pos) = entry(&layout, (seed % layout.len() as u64) as usize) {
                break pos;
            }
        };
        let n = check_from(&base, &root);
        assert!(n > layout.len(), "{name}: {n} positions reached");
        checked += n;
    }
    assert!(checked > 400_000, "{checked}");
}

#[test]
fn mirrored_entries_agree() {
    let base = tables(&["LvTR", "ECvT"]);
    for table in base.tables() {
        let layout = table.layout();
        for i in 0..layout.len() {
            let Some(pos) = entry(layout, i) else { continue };
            let mirrored: Vec<_> = pos
                .pieces(Color::Red)
                .into_iter()
                .chain(pos.pieces(Color::Blue))
                .map(|sq| (pos.piece_at(sq).unwrap(), mirror(sq)))
                .collect();
            assert_eq!(base.probe(&position(&mirrored, Color::Red)), Some(table.value(i)), "{}", pos.fen());
        }
    }
}

#[test]
fn moves_are_marked_and_the_best_keeps_the_value() {
    let base = tables(&["ECvT"]);
    // Blue to move: Blue's Elephant and Cat against Red's Tiger, seen from Blue.
    let pos = Position::from_fen("7/7/7/T6/7/7/7/2c4/4e2 b", Rules::default()).unwrap();
    let value = base.probe(&pos).unwrap();
    let moves = base.probe_moves(&pos).unwrap();
    assert_eq!(moves.len(), pos.legal_moves().len());
    assert_eq!(moves[0].1, value, "the best move keeps the position's value");
    assert!(moves.windows(2).all(|w| w[0].1.goodness() >= w[1].1.goodness()));
    // Other rules or more animals: no answer.
    let rules: Rules = "elephant-takes-rat=yes".parse().unwrap();
    assert_eq!(base.probe(&Position::from_fen("7/7/7/T6/7/7/7/2c4/4e2 b", rules).unwrap()), None);
    assert_eq!(base.probe(&Position::new(Rules::default())), None);
}
