//! Endgame puzzles drawn from the tables: drawn here from small tables, and every one shipped
//! in www/puzzles/standard.txt after its marker line, checked against the tables solved again
//! here: the solver wins, at each of its turns exactly one move wins (every other draws or
//! loses), the win takes at least 5 plies, and the defender holds out as long as it can.

use jungle::puzzles::{from_tables, verify, Puzzle};
use jungle::rules::{Game, Position};
use jungle::tablebase::{solve, Material, Table, Tablebase, Value};

/// The line of standard.txt after which the puzzles drawn from the tables come.
const MARKER: &str = "# issue 39: endgame puzzles drawn from the tables";

/// Adds the tables of `set`, its twin and every set captures lead to, if missing.
fn add_tables(base: &mut Tablebase, set: Material) {
    for set in set.and_below() {
        if base.get(set).is_none() {
            for s in solve(set, &|pos| base.probe(pos), &mut |_, _, _| {}).unwrap() {
                base.add(Table::from_entries(s.material, &s.entries));
            }
        }
    }
}

/// Checks `puzzle` by the tables (which must hold its positions).
fn check(base: &Tablebase, puzzle: &Puzzle) {
    let start = Position::from_fen(&puzzle.fen, puzzle.rules).unwrap();
    let Some(Value::Win(plies)) = base.probe(&start) else { panic!("{}: not a win", puzzle.id) };
    assert!(plies >= 5, "{}: a win in {plies} only", puzzle.id);
    assert_eq!(usize::from(plies), puzzle.solution.len(), "{}: the quickest win", puzzle.id);
    let mut game = Game::from_position(start.clone());
    for (i, &m) in puzzle.solution.iter().enumerate() {
        let moves = base.probe_moves(game.position()).unwrap();
        if i % 2 == 0 {
            let wins: Vec<_> = moves.iter().filter(|(_, v)| matches!(v, Value::Win(_))).collect();
            assert_eq!(wins.len(), 1, "{}: ply {i} has {} winning moves", puzzle.id, wins.len());
            assert_eq!(wins[0].0, m, "{}: ply {i}", puzzle.id);
        } else {
            let played = moves.iter().find(|(mv, _)| *mv == m).unwrap().1;
            assert_eq!(played, moves[0].1, "{}: ply {i} is not the longest defence", puzzle.id);
        }
        game.play(m).unwrap();
    }
    assert_eq!(game.outcome().and_then(|o| o.winner), Some(start.turn()), "{}", puzzle.id);
}

#[test]
fn puzzles_drawn_from_the_tables_have_one_winning_move_at_each_turn() {
    let mut base = Tablebase::new();
    let set = Material::parse("LCvW").unwrap();
    add_tables(&mut base, set);
    let mut rng = jungle::ai::Rng::new(3);
    let puzzles = from_tables(&base, set, 5..=11, 4, &mut rng);
    assert!(!puzzles.is_empty());
    for puzzle in &puzzles {
        check(&base, puzzle);
        verify(puzzle, 20_000_000).unwrap_or_else(|why| panic!("{}: {why}", puzzle.id));
    }
}

#[test]
fn the_shipped_endgame_puzzles_hold_by_the_tables() {
    let path = format!("{}/www/puzzles/standard.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let after = text.split_once(MARKER).expect("the marker line").1;
    let puzzles: Vec<Puzzle> = after
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| Puzzle::parse(l).unwrap())
        .collect();
    assert!(puzzles.len() >= 30, "{} endgame puzzles from the tables", puzzles.len());
    let mut base = Tablebase::new();
    for puzzle in &puzzles {
        let start = Position::from_fen(&puzzle.fen, puzzle.rules).unwrap();
        add_tables(&mut base, Material::of(&start));
        check(&base, puzzle);
    }
}
