//! [`JungleGame`]: the game the page shows, behind an opaque handle.
//!
//! Every change is one call that returns what the page needs to show the new position (a
//! [`StateView`]): the board, whose turn, the outcome, the legal moves and the move just
//! played. The page keeps the history itself, adding the move each call returns, so nothing
//! is read twice. The legal moves and the outcome are worked out once per position and kept
//! ([`Known`]); the small readers (`board`, `movesFrom`, …) for the guide's demonstration
//! boards and the print sheet read the same.

use super::errors::{refused, refused_with};
use super::position::position_from;
use crate::echo::quote;
use crate::rules::{Animal, Color, Game, Move, MoveError, Outcome, Piece, RankOrder, Square, SQUARES};
use serde::Serialize;
use std::cell::{Ref, RefCell};
use wasm_bindgen::prelude::*;

/// One game in progress, owned by the page: the position, the moves played, and the moves
/// taken back that [`JungleGame::redo`] can replay.
#[wasm_bindgen]
pub struct JungleGame {
    game: Game,
    /// The piece each played move took, if any (parallel to the game's moves).
    captured: Vec<Option<Piece>>,
    /// Moves taken back, the next to replay last.
    redo: Vec<Move>,
    /// What is known of the position now, worked out on first use after each change.
    known: RefCell<Option<Known>>,
}

/// The legal moves of a position, ordered by the square they start from, and its outcome.
struct Known {
    legal: Vec<Move>,
    outcome: Option<Outcome>,
}

/// A move of the game, for the move list.
#[derive(Serialize)]
struct PlayedMoveView {
    /// The move number (counted up after each Blue move, as in FEN).
    number: u32,
    /// Who moved: `red` or `blue`.
    color: &'static str,
    #[serde(rename = "move")]
    text: String,
    from: String,
    to: String,
    /// FEN letter of the piece that moved.
    piece: char,
    /// FEN letter of the piece taken, if any.
    captured: Option<char>,
}

/// The end of the game.
#[derive(Serialize)]
struct OutcomeView {
    /// `red`, `blue`, or null for a draw.
    winner: Option<&'static str>,
    /// `den`, `all-captured`, `no-moves`, `repetition` or `no-capture-limit`.
    reason: &'static str,
    /// A sentence such as "red wins: entered the den".
    text: String,
}

/// An animal as these rules play it.
#[derive(Serialize)]
struct AnimalView {
    /// Uppercase FEN letter.
    letter: char,
    /// English name, lowercase (`fox` for the Wolf under `ranks=fox`).
    name: &'static str,
    rank: u8,
}

/// The position after a change: what `play`, `undo` and `redo` return.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StateView {
    /// 63 characters, a1 first then along each rank: a piece's FEN letter or `.`.
    board: String,
    /// The side to move: `red` or `blue`.
    turn: &'static str,
    /// How many moves have been played.
    ply: usize,
    fen: String,
    /// The result once the game is over, else null.
    outcome: Option<OutcomeView>,
    /// Whether `redo` has a move to replay.
    can_redo: bool,
    /// Every legal move now, like `a3a4`; none once the game is over.
    legal: Vec<String>,
    /// The moves the side not to move could make here if it were its turn: what the page
    /// offers its player as premoves during the opponent's turn (played only if still legal
    /// when the turn comes); none once the game is over. Sent with the position so that a
    /// move crosses the wasm boundary once.
    premoves: Vec<String>,
    /// The move just played (by `play` or `redo`), for the history; else null.
    played: Option<PlayedMoveView>,
    /// The move just taken back (by `undo`), like `a3a4`; else null.
    undone: Option<String>,
}

/// The whole game after [`JungleGame::replay`]: what stays for the game's life, the moves
/// played, and the position now.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct GameView {
    /// The rule options that differ from the defaults, as `option=value,…`.
    rules: String,
    /// The FEN of the position the game started from.
    start_fen: String,
    /// 63 characters, a1 first: `~` water, `T`/`t` Red's/Blue's trap, `D`/`d` Red's/Blue's
    /// den, `.` land.
    terrain: String,
    /// 63 characters, a1 first: which pieces a trap there leaves with no strength, as
    /// [`JungleGame::weakening`] says.
    weakening: String,
    /// The animals of these rules, strongest first.
    animals: Vec<AnimalView>,
    /// The moves played, oldest first.
    history: Vec<PlayedMoveView>,
    #[serde(flatten)]
    state: StateView,
}

fn to_js<T: Serialize>(value: &T) -> JsValue {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value.serialize(&serializer).expect("plain data converts to a JS value")
}

/// Helpers for the methods below.
impl JungleGame {
    fn name_of(&self, animal: Animal) -> &'static str {
        match animal {
            Animal::Wolf if self.game.rules().ranks == RankOrder::Fox => "fox",
            _ => animal.name(),
        }
    }

    /// Plays `m` and returns its history entry.
    fn push(&mut self, m: Move) -> Result<PlayedMoveView, MoveError> {
        let number = self.game.position().fullmoves();
        let taken = self.game.position().piece_at(m.to);
        self.game.play(m)?;
        self.captured.push(taken);
        self.known.take();
        Ok(self.entry(self.captured.len() - 1, number))
    }

    /// Takes back the last move, if any.
    fn pop(&mut self) -> Option<Move> {
        let m = self.game.undo()?;
        self.captured.pop();
        self.known.take();
        Some(m)
    }

    /// The legal moves and the outcome of the position now: the moves are generated once, and
    /// the outcome looked for only when there are none (a game with a legal move is not over).
    fn known(&self) -> Ref<'_, Known> {
        if self.known.borrow().is_none() {
            let mut legal: Vec<Move> = self.game.legal_moves().iter().copied().collect();
            legal.sort_by_key(|m| m.from.index());
            let outcome = if legal.is_empty() { self.game.outcome() } else { None };
            *self.known.borrow_mut() = Some(Known { legal, outcome });
        }
        Ref::map(self.known.borrow(), |k| k.as_ref().expect("just worked out"))
    }

    /// The history entry of the `index`-th move played, numbered from `number`.
    fn entry(&self, index: usize, number: u32) -> PlayedMoveView {
        let played = &self.game.history()[index];
        PlayedMoveView {
            number,
            color: played.piece.color.name(),
            text: played.mv.to_string(),
            from: played.mv.from.to_string(),
            to: played.mv.to.to_string(),
            piece: played.piece.fen_char(),
            captured: self.captured[index].map(Piece::fen_char),
        }
    }

    /// Every move played, numbered.
    fn history(&self) -> Vec<PlayedMoveView> {
        let mut number = self.game.start().fullmoves();
        (0..self.captured.len())
            .map(|i| {
                let entry = self.entry(i, number);
                if entry.color == Color::Blue.name() {
                    number = number.saturating_add(1);
                }
                entry
            })
            .collect()
    }

    /// The position now, after the move `played` or `undone`.
    fn state(&self, played: Option<PlayedMoveView>, undone: Option<Move>) -> StateView {
        let known = self.known();
        StateView {
            board: self.board(),
            turn: self.game.position().turn().name(),
            ply: self.captured.len(),
            fen: self.game.position().fen(),
            outcome: known.outcome.map(outcome_view),
            can_redo: !self.redo.is_empty(),
            legal: known.legal.iter().map(Move::to_string).collect(),
            premoves: if known.outcome.is_some() { Vec::new() } else { self.waiting_sides_moves() },
            played,
            undone: undone.map(|m| m.to_string()),
        }
    }

    /// The legal moves of the side not to move, as if it were its turn.
    fn waiting_sides_moves(&self) -> Vec<String> {
        let mut waiting = self.game.position().clone();
        waiting.pass();
        waiting.legal_moves().iter().map(Move::to_string).collect()
    }

    fn animal_views(&self) -> Vec<AnimalView> {
        let rules = self.game.rules();
        let mut animals: Vec<AnimalView> = Animal::ALL
            .iter()
            .filter(|&&a| rules.in_game(a))
            .map(|&a| AnimalView { letter: a.letter(), name: self.name_of(a), rank: rules.rank(a) })
            .collect();
        animals.reverse();
        animals
    }
}

fn outcome_view(o: Outcome) -> OutcomeView {
    OutcomeView { winner: o.winner.map(Color::name), reason: o.reason.name(), text: o.to_string() }
}

fn square(text: &str) -> Result<Square, JsError> {
    text.parse().map_err(|e| JsError::new(&format!("'{}': {e}", quote(text))))
}

#[wasm_bindgen]
impl JungleGame {
    /// A new game under `rules` (`"option=value,…"` with the option names of RULES.md; empty for
    /// the default rules) from `fen`, or from the start position when `fen` is empty or absent.
    /// Throws on an unknown option or value, on a FEN that is not a legal position, and on
    /// one a game cannot start from (a side without animals: `Position::check_start`).
    #[wasm_bindgen(constructor)]
    pub fn new(rules: &str, fen: Option<String>) -> Result<JungleGame, JsError> {
        let position = position_from(rules, fen.as_deref())?;
        position.check_start().map_err(refused)?;
        Ok(JungleGame {
            game: Game::from_position(position),
            captured: Vec::new(),
            redo: Vec::new(),
            known: RefCell::new(None),
        })
    }

    /// Plays `moves` (like `a3a4`) one after the other and returns the whole game:
    /// `{rules, startFen, terrain, animals: [{letter, name, rank}, …], history: [entry, …]}`
    /// with the position now (as `play` returns it). Throws on the first move that is not
    /// legal (`move 2 (g4g6): …`), leaving the game as it was. With no moves, it describes the
    /// game as it stands.
    pub fn replay(&mut self, moves: Vec<String>) -> Result<JsValue, JsError> {
        let before = self.captured.len();
        for (i, text) in moves.iter().enumerate() {
            let played = self.game.position().parse_move(text).and_then(|m| self.push(m));
            if let Err(reason) = played {
                while self.captured.len() > before {
                    self.pop();
                }
                return Err(refused_with(
                    &format!("move {} ({}): {reason}", before + i + 1, quote(text)),
                    &reason,
                ));
            }
        }
        if !moves.is_empty() {
            self.redo.clear();
        }
        Ok(to_js(&GameView {
            rules: self.game.rules().to_string(),
            start_fen: self.game.start().fen(),
            terrain: self.terrain(),
            weakening: self.weakening(),
            animals: self.animal_views(),
            history: self.history(),
            state: self.state(None, None),
        }))
    }

    /// Plays a move written like `a3a4` and returns the position now:
    /// `{board, turn, ply, fen, outcome: {winner, reason, text} | null, canRedo, legal: ["a3a4", …],
    /// played: {number, color, move, from, to, piece, captured}, undone: null}`. Throws, leaving
    /// the game unchanged, if it is not legal now. Playing a move forgets the moves that `redo`
    /// could replay.
    pub fn play(&mut self, move_text: &str) -> Result<JsValue, JsError> {
        let m = self.game.position().parse_move(move_text).map_err(refused)?;
        let played = self.push(m).map_err(refused)?;
        self.redo.clear();
        Ok(to_js(&self.state(Some(played), None)))
    }

    /// Takes back the last move; returns the position now, with the move in `undone` (null at
    /// the start, where nothing changes).
    pub fn undo(&mut self) -> JsValue {
        let undone = self.pop();
        if let Some(m) = undone {
            self.redo.push(m);
        }
        to_js(&self.state(None, undone))
    }

    /// Replays the last move taken back; returns the position now, with the move in `played`
    /// (null if there was none to replay).
    pub fn redo(&mut self) -> JsValue {
        let played = self.redo.pop().and_then(|m| self.push(m).ok());
        if played.is_none() {
            self.redo.clear();
        }
        to_js(&self.state(played, None))
    }

    /// Goes to the position after the first `ply` moves, taking moves back or replaying those
    /// taken back, in one call (a review stepping through a game); returns the position there,
    /// with `played` and `undone` null. Stops at the last move that can be replayed.
    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to(&mut self, ply: usize) -> JsValue {
        while self.captured.len() > ply {
            match self.pop() {
                Some(m) => self.redo.push(m),
                None => break,
            }
        }
        while self.captured.len() < ply {
            let Some(m) = self.redo.pop() else { break };
            if self.push(m).is_err() {
                self.redo.clear();
                break;
            }
        }
        to_js(&self.state(None, None))
    }
}

/// Readers of the position now, for the guide's demonstration boards and the print sheet
/// (the page reads its snapshots).
#[wasm_bindgen]
impl JungleGame {
    /// The board as 63 characters, a1 first then along each rank: a piece's FEN letter or `.`.
    pub fn board(&self) -> String {
        let position = self.game.position();
        Square::all().map(|sq| position.piece_at(sq).map_or('.', Piece::fen_char)).collect()
    }

    /// The side to move: `red` or `blue`.
    pub fn turn(&self) -> String {
        self.game.position().turn().name().to_string()
    }

    /// The result once the game is over, `{winner: "red" | "blue" | null, reason, text}`,
    /// or `null` while it goes on.
    pub fn outcome(&self) -> JsValue {
        to_js(&self.known().outcome.map(outcome_view))
    }

    /// The squares the piece on `square` may move to now (none if it is not the side to move's).
    #[wasm_bindgen(js_name = movesFrom)]
    pub fn moves_from(&self, square_text: &str) -> Result<Vec<String>, JsError> {
        let from = square(square_text)?.index();
        let known = self.known();
        let start = known.legal.partition_point(|m| m.from.index() < from);
        let end = known.legal.partition_point(|m| m.from.index() <= from);
        Ok(known.legal[start..end].iter().map(|m| m.to.to_string()).collect())
    }

    /// The animals of this game, strongest first, as these rules rank and name them:
    /// `[{letter: "E", name: "elephant", rank: 8}, …]`.
    pub fn animals(&self) -> JsValue {
        to_js(&self.animal_views())
    }

    /// The terrain as 63 characters, a1 first: `~` water, `T`/`t` Red's/Blue's trap,
    /// `D`/`d` Red's/Blue's den, `.` land.
    pub fn terrain(&self) -> String {
        let t = self.game.position().terrain();
        let mut out = String::with_capacity(SQUARES);
        for sq in Square::all() {
            let c = if t.water.contains(sq) {
                '~'
            } else if t.traps[Color::Red].contains(sq) {
                'T'
            } else if t.traps[Color::Blue].contains(sq) {
                't'
            } else if t.dens[Color::Red].contains(sq) {
                'D'
            } else if t.dens[Color::Blue].contains(sq) {
                'd'
            } else {
                '.'
            };
            out.push(c);
        }
        out
    }

    /// Which pieces are left with no strength on each square under these rules (a piece in a
    /// trap that weakens its side), 63 characters, a1 first: `r` Red's, `b` Blue's, `*` both
    /// (`traps=universal`), `.` neither.
    pub fn weakening(&self) -> String {
        let position = self.game.position();
        Square::all()
            .map(|sq| match (position.is_trapped(Color::Red, sq), position.is_trapped(Color::Blue, sq)) {
                (true, true) => '*',
                (true, false) => 'r',
                (false, true) => 'b',
                (false, false) => '.',
            })
            .collect()
    }
}
