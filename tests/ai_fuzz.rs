//! Thousands of random positions under random rule options: the AI always returns a legal
//! move, answers den threats, and the evaluation is colour-symmetric.

use jungle::ai::{evaluate, Engine, Level, Limits, Rng};
use jungle::rules::{Game, Piece, Position, Rules, Setup, Square, OPTIONS, SQUARES};

fn random_rules(rng: &mut Rng) -> Rules {
    let mut rules = Rules::default();
    for option in OPTIONS {
        let value = match option.values {
            Some(values) => values[rng.below(values.len() as u64) as usize].to_string(),
            None => ["0", "12", "200"][rng.below(3) as usize].to_string(),
        };
        rules.set(option.name, &value).unwrap();
    }
    rules
}

/// A game of random moves under random rules, stopped at a random point before its end.
fn random_game(rng: &mut Rng) -> Game {
    let mut game = Game::new(random_rules(rng));
    let length = rng.below(120);
    for _ in 0..length {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        game.play(m).unwrap();
        if game.outcome().is_some() {
            game.undo();
            break;
        }
    }
    game
}

#[test]
fn search_always_returns_a_legal_move() {
    let mut rng = Rng::new(2024);
    let mut engine = Engine::new(1);
    for i in 0..2000 {
        let game = random_game(&mut rng);
        let limits = Limits { depth: Some(1 + (i % 4)), nodes: Some(3_000) };
        let r = engine.search(&game, &limits, &mut |_| false, &mut |_| {});
        match game.outcome() {
            Some(_) => assert_eq!(r.best, None),
            None => {
                let m = r.best.unwrap_or_else(|| panic!("no move in {}", game.position().fen()));
                assert!(game.is_legal(m), "illegal {m} in {} ({})", game.position().fen(), game.rules());
                assert!(r.pv.first() == Some(&m));
            }
        }
    }
}

#[test]
fn levels_return_legal_moves() {
    let mut rng = Rng::new(7);
    let mut engine = Engine::new(1);
    for i in 0..120u64 {
        let game = random_game(&mut rng);
        if game.outcome().is_some() {
            continue;
        }
        let level = Level::new(1 + (i % 8) as u8).unwrap();
        let r = engine.play_level(&game, level, i, &mut |n| n > 5_000, &mut |_| {});
        let m = r.best.unwrap();
        assert!(game.is_legal(m), "level {} played illegal {m} in {}", level.number(), game.position().fen());
    }
}

/// A random position with one enemy piece moved beside the side to move's den.
fn threatened_game(rng: &mut Rng) -> Option<Game> {
    let game = random_game(rng);
    let pos = game.position();
    let us = pos.turn();
    let enemies: Vec<Square> = pos.pieces(!us).collect();
    let beside: Vec<Square> = (pos.terrain().dens[us].neighbours() & !pos.occupied()).collect();
    if enemies.is_empty() || beside.is_empty() {
        return None;
    }
    let mut setup = pos.to_setup();
    let from = enemies[rng.below(enemies.len() as u64) as usize];
    let to = beside[rng.below(beside.len() as u64) as usize];
    setup.board[to.index()] = setup.board[from.index()].take();
    Position::from_setup(&setup, *pos.rules()).ok().map(Game::from_position)
}

#[test]
fn den_threats_are_always_answered() {
    let mut rng = Rng::new(99);
    let mut engine = Engine::new(1);
    let mut checked = 0;
    for _ in 0..3000 {
        let Some(game) = threatened_game(&mut rng) else { continue };
        let pos = game.position();
        let us = pos.turn();
        let threats = pos.pieces(!us) & pos.terrain().dens[us].neighbours();
        let we_enter = (pos.pieces(us) & pos.terrain().dens[!us].neighbours()).any();
        let answers = game.legal_moves().iter().filter(|m| threats.contains(m.to)).count();
        if game.outcome().is_some() || threats.count() != 1 || we_enter || answers == 0 {
            continue;
        }
        checked += 1;
        let r =
            engine.search(&game, &Limits { depth: Some(3), nodes: Some(5_000) }, &mut |_| false, &mut |_| {});
        let m = r.best.unwrap();
        // Escaping into a draw (no-capture limit, repetition) is an answer too.
        let mut after = game.clone();
        after.play(m).unwrap();
        let drawn = after.outcome().is_some_and(|o| o.winner.is_none());
        assert!(threats.contains(m.to) || drawn, "{m} ignores the den threat in {}", pos.fen());
    }
    assert!(checked > 200, "only {checked} positions with a den threat");
}

/// The position seen from the other side: rotated by 180°, colours swapped.
fn flip(pos: &Position) -> Position {
    let setup = pos.to_setup();
    let mut flipped = Setup { turn: !setup.turn, ..setup.clone() };
    for i in 0..SQUARES {
        let sq = Square::new(i as u8).unwrap();
        flipped.board[sq.rotate().index()] = setup.board[i].map(|p| Piece::new(!p.color, p.animal));
    }
    Position::from_setup(&flipped, *pos.rules()).unwrap()
}

#[test]
fn evaluation_is_colour_symmetric() {
    let mut rng = Rng::new(5);
    let mut scores = std::collections::BTreeSet::new();
    let mut lopsided = 0;
    for _ in 0..1000 {
        let game = random_game(&mut rng);
        let pos = game.position();
        assert_eq!(evaluate(pos), evaluate(&flip(pos)), "{}", pos.fen());
        assert_eq!(flip(&flip(pos)).fen(), pos.fen());
        scores.insert(evaluate(pos));
        // The same board with the other side to move: an evaluation that ignored whose turn
        // it is (or the colours) would be symmetric for nothing.
        let mut other = pos.to_setup();
        other.turn = !other.turn;
        if let Ok(other) = Position::from_setup(&other, *pos.rules()) {
            lopsided += (evaluate(&other) != evaluate(pos)) as u32;
        }
    }
    // Measured: 423 different evaluations, 986 positions where the side to move matters.
    assert!(scores.len() > 300, "only {} different evaluations", scores.len());
    assert!(lopsided > 900, "the side to move changed the evaluation of only {lopsided} positions");
}
