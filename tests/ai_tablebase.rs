//! The search with endgame tables: it plays the tables' best move where they hold the
//! position, converts a win in exactly the tables' distance against their best defence, and
//! leaves them alone under other rules or where the no-capture limit could end the game first.

use jungle::ai::{Engine, Limits, Score};
use jungle::rules::{Game, Position, Rules, Setup};
use jungle::tablebase::index::Layout;
use jungle::tablebase::{solve, Material, Table, Tablebase, Value};
use std::sync::Arc;

/// The tables of `name`, its twin and every set captures lead to.
fn tables(name: &str) -> Tablebase {
    let mut base = Tablebase::new();
    for set in Material::parse(name).unwrap().and_below() {
        if base.get(set).is_none() {
            for s in solve(set, &|pos| base.probe(pos), &mut |_, _, _| {}).unwrap() {
                base.add(Table::from_entries(s.material, &s.entries));
            }
        }
    }
    base
}

/// The longest win of the set's table, as a position with Red to move.
fn longest_win(base: &Tablebase, name: &str) -> (Position, u16) {
    let layout = Layout::new(Material::parse(name).unwrap());
    (0..layout.len())
        .filter_map(|i| layout.position(i))
        .filter_map(|pos| match base.probe(&pos) {
            Some(Value::Win(plies)) => Some((pos, plies)),
            _ => None,
        })
        .max_by_key(|(_, plies)| *plies)
        .unwrap()
}

fn engine(base: Option<&Arc<Tablebase>>) -> Engine {
    let mut engine = Engine::new(1);
    engine.set_tablebase(base.cloned());
    engine
}

const SHALLOW: Limits = Limits { depth: Some(3), nodes: None };

#[test]
fn a_won_endgame_is_played_from_the_tables_and_won_in_their_distance() {
    let base = Arc::new(tables("ECvT"));
    let (start, plies) = longest_win(&base, "ECvT");
    assert!(plies >= 9, "a long win to convert: {plies}");
    let mut with = engine(Some(&base));
    let mut game = Game::from_position(start.clone());
    let first = with.search(&game, &SHALLOW, &mut |_| false, &mut |_| {});
    assert_eq!(first.score, Score::win_in(u32::from(plies)));
    let best = base.probe_moves(&start).unwrap()[0];
    assert_eq!(first.best, Some(best.0), "the tables' quickest win");
    // A shallow search without the tables does not see the win.
    let without = engine(None).search(&game, &SHALLOW, &mut |_| false, &mut |_| {});
    assert!(!without.score.is_decided());
    let winner = start.turn();
    let mut played = 0;
    while game.outcome().is_none() {
        let pos = game.position().clone();
        let m = if pos.turn() == winner {
            with.search(&game, &SHALLOW, &mut |_| false, &mut |_| {}).best.unwrap()
        } else {
            base.probe_moves(&pos).unwrap()[0].0
        };
        game.play(m).unwrap();
        played += 1;
        assert!(played <= plies, "not won within the tables' {plies} plies");
    }
    assert_eq!(played, plies);
    assert_eq!(game.outcome().unwrap().winner, Some(winner));
}

/// Whether the engine answered from the tables at the root (no node searched).
fn from_tables(base: &Arc<Tablebase>, pos: Position) -> bool {
    engine(Some(base)).search(&Game::from_position(pos), &SHALLOW, &mut |_| false, &mut |_| {}).nodes == 0
}

#[test]
fn other_rules_or_a_win_the_no_capture_limit_would_draw_are_left_to_the_search() {
    let base = Arc::new(tables("ECvT"));
    let (start, plies) = longest_win(&base, "ECvT");
    assert!(from_tables(&base, start.clone()));
    let rules: Rules = "elephant-takes-rat=yes".parse().unwrap();
    assert!(!from_tables(&base, Position::from_fen(&start.fen(), rules).unwrap()));
    let at = |halfmoves: u32| {
        let setup = Setup { halfmoves, ..start.to_setup() };
        Position::from_setup(&setup, Rules::default()).unwrap()
    };
    let limit = Rules::default().no_capture_limit;
    assert!(from_tables(&base, at(limit - u32::from(plies))));
    assert!(!from_tables(&base, at(limit - u32::from(plies) + 1)));
    let no_limit: Rules = "no-capture-limit=0".parse().unwrap();
    let setup = Setup { halfmoves: limit, ..start.to_setup() };
    assert!(from_tables(&base, Position::from_setup(&setup, no_limit).unwrap()));
}
