//! The plain-text game record, in the spirit of PGN.

use super::error::RecordError;
use super::header::{parse_header, valid_name, write_header, HeaderProblem, MAX_HEADER_BYTES};
use super::limits::MAX_RECORD_BYTES;
use super::movetext::{Tokens, RESULTS};
use super::tree::MoveTree;
use super::tree_text::read_tree;
use crate::echo::quote;
use crate::rules::{Color, Game, Outcome, Position, Rules};
use std::collections::HashSet;

/// The headers written from the game itself, never free headers (names compare ignoring case).
pub const RESERVED_HEADERS: [&str; 4] = ["Rules", "FEN", "Result", "Termination"];

/// A game with its headers, read from and written to a plain-text record:
///
/// ```text
/// [Event "Casual game"]
/// [Red "Alice"]
/// [Rules "dog-swims=yes"]
/// [Result "*"]
///
/// 1. g3g4 a7a6 2. g4g5 *
/// ```
///
/// `Rules` (omitted for the default rules), `FEN` (omitted for the usual start position of the
/// rules), `Result` (`1-0` Red won, `0-1` Blue won, `1/2-1/2` draw, `*` unfinished) and
/// `Termination` (the [`Reason`](crate::rules::Reason) name, when finished) are written from
/// the game, or from an end the board does not show ([`Declared`]: `resignation`, `agreement`,
/// `time`, and for online games `abandoned`, `withdrawn`, `aborted` and `move-limit`); every
/// other header is kept in order as data.
///
/// ```
/// use jungle::record::GameRecord;
/// use jungle::rules::{Game, Rules};
/// let mut game = Game::new("dog-swims=yes".parse().unwrap());
/// game.play_text("g3g4").unwrap();
/// let mut record = GameRecord::new(game);
/// record.set_header("Red", "Alice <\"A\">").unwrap();
/// let text = record.format();
/// assert_eq!(text, "[Red \"Alice <\\\"A\\\">\"]\n[Rules \"dog-swims=yes\"]\n[Result \"*\"]\n\n1. g3g4 *\n");
/// assert_eq!(GameRecord::parse(&text).unwrap(), record);
/// ```
#[derive(Clone, Debug)]
pub struct GameRecord {
    headers: Vec<(String, String)>,
    /// The game: its rules, start position and moves.
    pub game: Game,
    /// How the game ended off the board, if it did (see [`GameRecord::declare`]).
    declared: Option<Declared>,
}

/// An end of the game that the board does not show: the players or a clock decided it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Declared {
    /// The other side resigned: this side wins.
    Resignation(Color),
    /// The players agreed to a draw.
    Agreement,
    /// The other side ran out of time: this side wins.
    Time(Color),
    /// The other side left an online game and did not come back: this side wins.
    Abandoned(Color),
    /// The other side left the tournament of an online game while it was played: this side
    /// wins by forfeit.
    Withdrawn(Color),
    /// The game was called off before both sides had moved: no result (`*`).
    Aborted,
    /// The online server's longest game was reached: a draw.
    MoveLimit,
    /// Played on a real board (an over-the-board tournament): the result entered, won by this
    /// side or (none) drawn; the moves are not known.
    OverTheBoard(Option<Color>),
    /// A tournament's director set the result: this side won, or (none) a draw. It stands
    /// whatever the board shows.
    Adjudicated(Option<Color>),
    /// A tournament's director declared the other side forfeited: this side wins. It stands
    /// whatever the board shows.
    Forfeit(Color),
    /// A tournament's director declared that both sides forfeited: no result (`*`). It stands
    /// whatever the board shows.
    DoubleForfeit,
}

impl Declared {
    /// The `Termination` name: `resignation`, `agreement`, `time`, `abandoned`, `withdrawn`,
    /// `aborted`, `move-limit`, `over-the-board`, or a director's `adjudicated`, `forfeit` or
    /// `double-forfeit`.
    pub fn name(self) -> &'static str {
        match self {
            Declared::Resignation(_) => "resignation",
            Declared::Agreement => "agreement",
            Declared::Time(_) => "time",
            Declared::Abandoned(_) => "abandoned",
            Declared::Withdrawn(_) => "withdrawn",
            Declared::Aborted => "aborted",
            Declared::MoveLimit => "move-limit",
            Declared::OverTheBoard(_) => "over-the-board",
            Declared::Adjudicated(_) => "adjudicated",
            Declared::Forfeit(_) => "forfeit",
            Declared::DoubleForfeit => "double-forfeit",
        }
    }

    /// Whether a tournament's director declared it: it then stands even where the board
    /// ended the game otherwise.
    pub fn by_director(self) -> bool {
        matches!(self, Declared::Adjudicated(_) | Declared::Forfeit(_) | Declared::DoubleForfeit)
    }

    /// The winner, or `None` for a draw or an aborted game.
    pub fn winner(self) -> Option<Color> {
        match self {
            Declared::Resignation(winner)
            | Declared::Time(winner)
            | Declared::Abandoned(winner)
            | Declared::Withdrawn(winner)
            | Declared::Forfeit(winner) => Some(winner),
            Declared::Adjudicated(winner) | Declared::OverTheBoard(winner) => winner,
            Declared::Agreement | Declared::Aborted | Declared::MoveLimit | Declared::DoubleForfeit => None,
        }
    }

    /// The `Result` it gives: the winner's, `1/2-1/2` for a draw, `*` when aborted or both
    /// forfeited.
    pub fn result(self) -> &'static str {
        match self {
            Declared::Aborted | Declared::DoubleForfeit => "*",
            declared => token_of(declared.winner()),
        }
    }

    /// The end named `name` ([`Declared::name`]) won by `winner`, if they fit together.
    ///
    /// ```
    /// use jungle::record::Declared;
    /// use jungle::rules::Color;
    /// assert_eq!(Declared::from_parts("resignation", Some(Color::Blue)), Some(Declared::Resignation(Color::Blue)));
    /// assert_eq!(Declared::from_parts("agreement", Some(Color::Red)), None);
    /// ```
    pub fn from_parts(name: &str, winner: Option<Color>) -> Option<Declared> {
        match (name, winner) {
            ("resignation", Some(winner)) => Some(Declared::Resignation(winner)),
            ("time", Some(winner)) => Some(Declared::Time(winner)),
            ("abandoned", Some(winner)) => Some(Declared::Abandoned(winner)),
            ("withdrawn", Some(winner)) => Some(Declared::Withdrawn(winner)),
            ("agreement", None) => Some(Declared::Agreement),
            ("aborted", None) => Some(Declared::Aborted),
            ("move-limit", None) => Some(Declared::MoveLimit),
            ("over-the-board", winner) => Some(Declared::OverTheBoard(winner)),
            ("adjudicated", winner) => Some(Declared::Adjudicated(winner)),
            ("forfeit", Some(winner)) => Some(Declared::Forfeit(winner)),
            ("double-forfeit", None) => Some(Declared::DoubleForfeit),
            _ => None,
        }
    }
}

/// Two records are equal when they have the same headers, start position, rules, moves and
/// declared end.
impl PartialEq for GameRecord {
    fn eq(&self, other: &GameRecord) -> bool {
        self.headers == other.headers
            && self.game.start() == other.game.start()
            && self.game.moves() == other.game.moves()
            && self.declared == other.declared
    }
}

/// The headers read before the moves: the free ones, and the reserved ones with their lines.
#[derive(Default)]
struct Headers {
    free: Vec<(String, String)>,
    rules: Option<(usize, String)>,
    fen: Option<(usize, String)>,
    result: Option<(usize, String)>,
    termination: Option<(usize, String)>,
}

impl GameRecord {
    /// A record of `game` without headers.
    ///
    /// ```
    /// use jungle::record::GameRecord;
    /// use jungle::rules::{Game, Rules};
    /// let record = GameRecord::new(Game::new(Rules::default()));
    /// assert!(record.headers().is_empty());
    /// ```
    pub fn new(game: Game) -> GameRecord {
        GameRecord { headers: Vec::new(), game, declared: None }
    }

    /// Ends the game off the board (a resignation, a draw agreed, a loss on time): the record's
    /// `Result` and `Termination` then say so. Ignored when the board has ended the game,
    /// unless a tournament's director declared it ([`Declared::by_director`]).
    ///
    /// ```
    /// use jungle::record::{Declared, GameRecord};
    /// use jungle::rules::{Color, Game, Rules};
    /// let mut game = Game::new(Rules::default());
    /// game.play_text("g3g4").unwrap();
    /// let mut record = GameRecord::new(game);
    /// record.declare(Declared::Resignation(Color::Red));
    /// let text = record.format();
    /// assert_eq!(text, "[Result \"1-0\"]\n[Termination \"resignation\"]\n\n1. g3g4 1-0\n");
    /// assert_eq!(GameRecord::parse(&text).unwrap(), record);
    /// ```
    pub fn declare(&mut self, declared: Declared) {
        self.declared = standing(self.game.outcome(), Some(declared));
    }

    /// The end declared off the board, if any.
    pub fn declared(&self) -> Option<Declared> {
        self.declared
    }

    /// The free headers (all but [`RESERVED_HEADERS`]), in order.
    pub fn headers(&self) -> &[(String, String)] {
        &self.headers
    }

    /// The value of a free header, its name compared ignoring ASCII case.
    ///
    /// ```
    /// use jungle::record::GameRecord;
    /// let record = GameRecord::parse("[Event \"Club night\"]\n*").unwrap();
    /// assert_eq!(record.header("event"), Some("Club night"));
    /// ```
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// Sets a free header: replaces the value of one of the same name (ignoring case), or adds
    /// it at the end. Any Unicode value up to [`MAX_HEADER_BYTES`] is data.
    ///
    /// ```
    /// use jungle::record::{GameRecord, HeaderProblem};
    /// use jungle::rules::{Game, Rules};
    /// let mut record = GameRecord::new(Game::new(Rules::default()));
    /// record.set_header("Blue", "Jungle level 3").unwrap();
    /// assert_eq!(record.set_header("Result", "1-0"), Err(HeaderProblem::Reserved("Result".into())));
    /// assert_eq!(record.set_header("Two words", "x"), Err(HeaderProblem::BadName));
    /// ```
    pub fn set_header(&mut self, name: &str, value: &str) -> Result<(), HeaderProblem> {
        if !valid_name(name) {
            return Err(HeaderProblem::BadName);
        }
        if RESERVED_HEADERS.iter().any(|r| r.eq_ignore_ascii_case(name)) {
            return Err(HeaderProblem::Reserved(quote(name)));
        }
        if value.len() > MAX_HEADER_BYTES {
            return Err(HeaderProblem::TooLong);
        }
        match self.headers.iter_mut().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
            Some(header) => header.1 = value.to_string(),
            None => self.headers.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }

    /// The result of the game: `1-0`, `0-1`, `1/2-1/2`, or `*` while it is not over.
    ///
    /// ```
    /// use jungle::record::GameRecord;
    /// let record = GameRecord::parse("[FEN \"7/3L3/7/7/7/7/7/7/l6 w\"]\n1. d8d9").unwrap();
    /// assert_eq!(record.result(), "1-0");
    /// ```
    pub fn result(&self) -> &'static str {
        match standing(self.game.outcome(), self.declared) {
            Some(declared) => declared.result(),
            None => result_token(self.game.outcome()),
        }
    }

    /// Writes the record: the free headers, then `Rules`, `FEN`, `Result` and `Termination`
    /// as needed, a blank line, and the numbered moves ending with the result.
    ///
    /// ```
    /// use jungle::record::GameRecord;
    /// use jungle::rules::{Game, Rules};
    /// let mut game = Game::new(Rules::default());
    /// game.play_text("g3g4").unwrap();
    /// game.play_text("a7a6").unwrap();
    /// assert_eq!(GameRecord::new(game).format(), "[Result \"*\"]\n\n1. g3g4 a7a6 *\n");
    /// ```
    pub fn format(&self) -> String {
        let mut out = self.header_text();
        out.push_str(&MoveTree::new(self.game.clone()).movetext(self.result()));
        out
    }

    /// The header lines and the blank line after them.
    pub(super) fn header_text(&self) -> String {
        let mut out = String::new();
        for (name, value) in &self.headers {
            write_header(&mut out, name, value);
        }
        let start = self.game.start();
        if *start.rules() != Rules::default() {
            write_header(&mut out, "Rules", &start.rules().to_string());
        }
        if *start != Position::new(*start.rules()) {
            write_header(&mut out, "FEN", &start.fen());
        }
        write_header(&mut out, "Result", self.result());
        match (standing(self.game.outcome(), self.declared), self.game.outcome()) {
            (Some(declared), _) => write_header(&mut out, "Termination", declared.name()),
            (None, Some(outcome)) => write_header(&mut out, "Termination", outcome.reason.name()),
            (None, None) => {}
        }
        out.push('\n');
        out
    }

    /// Reads a record. Whitespace, CRLF line ends, move numbers, `{comments}` and the result
    /// after the moves are all optional; every move is checked against the game, and the
    /// `Result` and `Termination` headers against how it ended.
    ///
    /// ```
    /// use jungle::record::GameRecord;
    /// let record = GameRecord::parse("[Rules \"first=blue\"]\r\n\r\n1... a7a6 {book} 2. g3g4 *").unwrap();
    /// assert_eq!(record.game.moves().len(), 2);
    /// assert!(GameRecord::parse("1. g3g5").unwrap_err().to_string().contains("illegal move g3g5"));
    /// ```
    ///
    /// Side lines in parentheses ([`MoveTree::parse`]) are checked too, and left out: the
    /// game is the main line.
    pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
        parse_parts(text).map(|(record, _)| record)
    }
}

/// Reads a record with its side lines: the record of the main line, and the whole tree.
pub(super) fn parse_parts(text: &str) -> Result<(GameRecord, MoveTree), RecordError> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(RecordError::TooLarge { bytes: text.len() });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (headers, moves_at, first_line) = read_headers(text)?;
    let mut tree = MoveTree::new(start_game(&headers)?);
    let written = read_tree(&mut tree, Tokens::new(&text[moves_at..], first_line))?;
    let game = tree.main_game();
    let declared = check_result(&game, &headers, written)?;
    Ok((GameRecord { headers: headers.free, game, declared }, tree))
}

/// The end declared that stands in a game with `outcome`: any while the board has not ended
/// the game, after that only a director's.
fn standing(outcome: Option<Outcome>, declared: Option<Declared>) -> Option<Declared> {
    declared.filter(|declared| outcome.is_none() || declared.by_director())
}

/// The result token of an outcome (`*` for none).
fn result_token(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "*",
        Some(Outcome { winner, .. }) => token_of(winner),
    }
}

/// The result token of a finished game won by `winner` (`None`: a draw).
fn token_of(winner: Option<Color>) -> &'static str {
    match winner {
        None => "1/2-1/2",
        Some(Color::Red) => "1-0",
        Some(Color::Blue) => "0-1",
    }
}

/// The end declared by the `Termination` and `Result` headers of a game the board has not
/// ended, if they name one (`resignation`, `time`, `abandoned` or `withdrawn` with a winner,
/// `agreement`, `aborted`, `move-limit`, `over-the-board` with its result, a director's).
fn declared_in(headers: &Headers) -> Option<Declared> {
    let (_, name) = headers.termination.as_ref()?;
    let winner = match headers.result.as_ref().map(|(_, text)| text.as_str()) {
        Some("1-0") => Some(Color::Red),
        Some("0-1") => Some(Color::Blue),
        _ => None,
    };
    match name.as_str() {
        "agreement" => Some(Declared::Agreement),
        "aborted" => Some(Declared::Aborted),
        "move-limit" => Some(Declared::MoveLimit),
        name => Declared::from_parts(name, winner),
    }
}

/// Reads the header lines; returns them with the byte offset and line number where the moves begin.
fn read_headers(text: &str) -> Result<(Headers, usize, usize), RecordError> {
    let mut headers = Headers::default();
    let mut seen = HashSet::new();
    let mut offset = 0;
    for (index, raw) in text.split('\n').enumerate() {
        let (line, trimmed) = (index + 1, raw.trim());
        if !trimmed.is_empty() && !trimmed.starts_with('[') {
            return Ok((headers, offset, line));
        }
        offset += raw.len() + 1;
        if trimmed.is_empty() {
            continue;
        }
        let (name, value) = parse_header(trimmed).map_err(|problem| match problem {
            Some(problem) => RecordError::BadHeader { line, problem },
            None => RecordError::UnterminatedString { line },
        })?;
        let key = name.to_ascii_lowercase();
        if !seen.insert(key.clone()) {
            return Err(RecordError::BadHeader { line, problem: HeaderProblem::Duplicate(quote(&name)) });
        }
        let slot = match key.as_str() {
            "rules" => &mut headers.rules,
            "fen" => &mut headers.fen,
            "result" => &mut headers.result,
            "termination" => &mut headers.termination,
            _ => {
                headers.free.push((name, value));
                continue;
            }
        };
        *slot = Some((line, value));
    }
    Ok((headers, text.len(), 1))
}

/// The game at its start, from the `Rules` and `FEN` headers.
fn start_game(headers: &Headers) -> Result<Game, RecordError> {
    let rules = match &headers.rules {
        Some((line, text)) => text.parse().map_err(|error| RecordError::Rules { line: *line, error })?,
        None => Rules::default(),
    };
    let start = match &headers.fen {
        Some((line, fen)) => {
            Position::from_fen(fen, rules).map_err(|error| RecordError::Position { line: *line, error })?
        }
        None => Position::new(rules),
    };
    Ok(Game::from_position(start))
}

/// Checks the `Result` and `Termination` headers and the written result against the game, or
/// against the end they declare when the board has not ended it (which is returned).
fn check_result(
    game: &Game,
    headers: &Headers,
    written: Option<(usize, &str)>,
) -> Result<Option<Declared>, RecordError> {
    let outcome = game.outcome();
    if let Some((line, text)) = &headers.result {
        if !RESULTS.contains(&text.as_str()) {
            return Err(RecordError::UnknownResult { line: *line, text: quote(text) });
        }
    }
    let declared = standing(outcome, declared_in(headers));
    let actual = match declared {
        Some(declared) => declared.result(),
        None => result_token(outcome),
    };
    let header = headers.result.as_ref().map(|(line, text)| (*line, text.as_str()));
    for (line, text) in header.into_iter().chain(written) {
        if text != actual {
            return Err(RecordError::ResultMismatch { line, written: text.to_string(), actual });
        }
    }
    let Some((line, text)) = headers.termination.as_ref().filter(|(_, text)| !text.is_empty()) else {
        return Ok(None);
    };
    if declared.is_some() {
        return Ok(declared);
    }
    match outcome.map(|o| o.reason.name()) {
        Some(actual) if actual == text => Ok(None),
        Some(actual) => Err(RecordError::TerminationMismatch { line: *line, written: quote(text), actual }),
        None => Err(RecordError::TerminationNotOver { line: *line, written: quote(text) }),
    }
}
