//! The opening book: the built-in one is legal and sound to read, a bad book is refused with
//! the line named, and levels 5–8 open from it.

use jungle::ai::book::{build, Book, BuildOptions, BUILT_IN};
use jungle::ai::{Engine, Level, Rng};
use jungle::rules::{Game, Rules};

/// The game after `line` from the standard start.
fn game_after(line: &str) -> Game {
    let mut game = Game::new(Rules::default());
    for text in line.split_whitespace() {
        game.play_text(text).unwrap_or_else(|e| panic!("{line}: {text}: {e}"));
    }
    game
}

#[test]
fn every_built_in_entry_is_legal() {
    let book = Book::parse(BUILT_IN).expect("the built-in book reads");
    assert!(book.lines().count() >= 10, "the built-in book is nearly empty");
    for (line, moves) in book.lines() {
        let game = game_after(line);
        assert!(game.outcome().is_none(), "{line}: the game is over");
        assert!(!moves.is_empty(), "{line}: no moves");
        for m in moves {
            assert!(game.is_legal(m.mv), "{line}: {} is not legal", m.mv);
        }
        // Best first, and a few choices near the top.
        assert!(moves.windows(2).all(|w| w[0].score >= w[1].score), "{line}: not sorted");
        assert!(moves.len() <= 5, "{line}: too many moves");
        assert!(Book::built_in().moves(&game) == moves, "{line}: the compiled book differs");
    }
    // The start position has several good first moves.
    assert!(Book::built_in().moves(&Game::new(Rules::default())).len() >= 2);
}

#[test]
fn a_bad_book_is_refused_with_its_line() {
    let errors = [
        ("> a3a4 5\n> g3g4 3\n", "line 2"),  // the start twice
        ("a3a4 > a3a5 1\n", "line 1"),       // not a move of the position after a3a4
        ("a3a4 > g7g6\n", "line 1"),         // a move without its score
        ("a3a4 > g7g6 x\n", "line 1"),       // a score that is not a number
        ("# ok\na3a9 > g7g6 1\n", "line 2"), // an illegal move on the way
        ("a3a4 g7g6\n", "line 1"),           // no `>`
    ];
    for (text, line) in errors {
        let error = Book::parse(text).expect_err(text);
        assert!(error.contains(line), "{text:?}: {error}");
    }
    assert!(Book::parse("# only a comment\n\n").unwrap().lines().count() == 0);
}

#[test]
fn picks_are_book_moves_weighted_by_score() {
    let book = Book::parse("> a3a4 40 g3g4 30 c3d3 -200\n").unwrap();
    let game = Game::new(Rules::default());
    let mut rng = Rng::new(7);
    let mut counts = [0; 3];
    for _ in 0..600 {
        let m = book.pick(&game, &mut rng).expect("a book move").mv.to_string();
        let i = ["a3a4", "g3g4", "c3d3"].iter().position(|t| *t == m).expect("a book move");
        counts[i] += 1;
    }
    // Weights 30, 20 and 1: the best most often, the weak one rarely but not never impossible.
    assert!(counts[0] > counts[1] && counts[1] > counts[2], "{counts:?}");
    assert!(counts[2] < 40, "{counts:?}");
    // Out of the book, or under other rules, or from another start: nothing.
    assert!(book.pick(&game_after("a3a4"), &mut rng).is_none());
    let other = Game::new("dog-swims=yes".parse().unwrap());
    assert!(book.pick(&other, &mut rng).is_none());
}

#[test]
fn a_small_build_reads_back() {
    let options = BuildOptions { depth: 3, plies: 2, width: 2, margin: 1_000, seed: 1 };
    let mut seen = 0;
    let book = build(&options, &mut |_, _| seen += 1);
    // The start and the positions after its two book moves.
    assert_eq!((book.lines().count(), seen), (3, 3));
    let again = Book::parse(&book.to_text()).expect("the written book reads");
    assert_eq!(again.to_text(), book.to_text());
}

#[test]
fn strong_levels_open_from_the_book_and_weak_ones_do_not() {
    let start = Game::new(Rules::default());
    let book_moves: Vec<_> = Book::built_in().moves(&start).iter().map(|m| m.mv).collect();
    let mut engine = Engine::new(1);
    for n in 5..=8 {
        for seed in 0..4 {
            let r = engine.play_level(&start, Level::new(n).unwrap(), seed, &mut |_| false, &mut |_| {});
            assert!(book_moves.contains(&r.best.unwrap()), "level {n}");
            assert_eq!(r.nodes, 0, "level {n} searched instead of using the book");
        }
    }
    let r = engine.play_level(&start, Level::new(4).unwrap(), 1, &mut |_| false, &mut |_| {});
    assert!(r.nodes > 0, "level 4 has no book");
}
