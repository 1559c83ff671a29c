//! The game parameters of a share link: the query (`?…`) or hash (`#…`) of the page's address.

use super::limits::{MAX_LINK_BYTES, MAX_LINK_PARAMS, MAX_MOVES};
use super::link_error::LinkError;
use super::link_values::{level, side, Mode, LEVELS};
use super::percent::{decode, encode};
use crate::echo::quote;
use crate::rules::{Color, Game, Move, Position, Rules};

/// The game a share link asks for. Every field is checked: a bad parameter is reported in
/// `warnings` and ignored, and the others still apply. The page's own settings (language,
/// theme, size, embedding) are not game data: they are left in `others` for the page.
///
/// | parameter | value |
/// |---|---|
/// | `rules` | `option=value,…` as in `RULES.md` (all or nothing) |
/// | `fen` | the start position, valid under `rules` |
/// | `moves` | moves from the start, separated by `,` or spaces; played up to the first that cannot be |
/// | `mode` | `computer`, `people` or `watch` (the old `ai` and `local` are read too) |
/// | `level` | `1` to `8` ([`LEVELS`](super::LEVELS)) |
/// | `side` | `red` or `blue` |
///
/// Names ignore ASCII case; values are percent-decoded, with `+` for a space. An empty value
/// counts as not given. A repeated parameter is ignored with a warning. Any other parameter
/// is kept in `others` with a [`LinkError::Unknown`] warning: the page reads its own settings
/// there and need not show those warnings.
///
/// ```
/// use jungle::record::{LinkParams, Mode};
/// let link = LinkParams::parse("#rules=dog-swims%3Dyes&moves=g3g4,a7a6&mode=ai&lang=zh-TW");
/// assert!(link.rules.dog_swims);
/// assert_eq!(link.mode, Some(Mode::Computer));
/// assert_eq!(link.others, [("lang".to_string(), "zh-TW".to_string())]);
/// assert_eq!(link.game().unwrap().moves().len(), 2);
/// assert_eq!(link.warnings.len(), 1); // lang is not game data
/// assert_eq!(LinkParams::parse(&link.to_query()).moves, link.moves);
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct LinkParams {
    /// The rules (the defaults when not given or invalid).
    pub rules: Rules,
    /// The start position as a FEN, if one was given and is valid under `rules`.
    pub fen: Option<String>,
    /// The moves from the start, all legal one after the other.
    pub moves: Vec<Move>,
    /// How the game is played.
    pub mode: Option<Mode>,
    /// The computer's level, in [`LEVELS`](super::LEVELS).
    pub level: Option<u8>,
    /// The side the person plays.
    pub side: Option<Color>,
    /// The parameters that are not game data, decoded, names in lowercase, in order (empty
    /// values included): the page's own settings, a tracker's `utm_source`, …
    pub others: Vec<(String, String)>,
    /// The parameters ignored, and why.
    pub warnings: Vec<LinkError>,
}

/// The game parameters, read after the others because they depend on each other.
#[derive(Default)]
struct GameParams {
    rules: Option<String>,
    fen: Option<String>,
    moves: Option<String>,
}

impl LinkParams {
    /// Reads a query or hash string; a leading `#` and `?` are optional. Never fails: see
    /// `warnings` for what was ignored.
    pub fn parse(query: &str) -> LinkParams {
        let mut link = LinkParams::default();
        if query.len() > MAX_LINK_BYTES {
            link.warnings.push(LinkError::TooLong { bytes: query.len() });
            return link;
        }
        let query = query.strip_prefix('#').unwrap_or(query);
        let query = query.strip_prefix('?').unwrap_or(query);
        let mut seen = Vec::new();
        let mut game = GameParams::default();
        for (i, item) in query.split('&').filter(|i| !i.is_empty()).enumerate() {
            if i == MAX_LINK_PARAMS {
                link.warnings.push(LinkError::TooManyParams);
                break;
            }
            let (name, value) = item.split_once('=').unwrap_or((item, ""));
            let Some(name) = decode(name) else {
                link.warnings.push(LinkError::BadEncoding { param: quote(name) });
                continue;
            };
            let Some(value) = decode(value) else {
                link.warnings.push(LinkError::BadEncoding { param: quote(&name) });
                continue;
            };
            link.read(&name.to_ascii_lowercase(), &value, &mut seen, &mut game);
        }
        link.read_game(game);
        link
    }

    /// Reads one decoded parameter, keeping the game parameters in `game` for later.
    fn read(&mut self, name: &str, value: &str, seen: &mut Vec<&'static str>, game: &mut GameParams) {
        const NAMES: [&str; 6] = ["rules", "fen", "moves", "mode", "level", "side"];
        let Some(&param) = NAMES.iter().find(|&&n| n == name) else {
            self.warnings.push(LinkError::Unknown { param: quote(name) });
            self.others.push((name.to_string(), value.to_string()));
            return;
        };
        if value.is_empty() {
            return;
        }
        if seen.contains(&param) {
            self.warnings.push(LinkError::Repeated { param });
            return;
        }
        seen.push(param);
        match param {
            "rules" => game.rules = Some(value.to_string()),
            "fen" => game.fen = Some(value.to_string()),
            "moves" => game.moves = Some(value.to_string()),
            _ => self.read_setting(param, value),
        }
    }

    /// Reads `mode`, `level` or `side`.
    fn read_setting(&mut self, param: &'static str, value: &str) {
        let ok = match param {
            "mode" => set(&mut self.mode, Mode::from_name(value)),
            "level" => set(&mut self.level, level(value)),
            _ => set(&mut self.side, side(value)),
        };
        if !ok {
            self.warnings.push(LinkError::BadValue { param, value: quote(value), expected: expected(param) });
        }
    }

    /// Applies `rules`, then `fen` under those rules, then `moves` from that position.
    fn read_game(&mut self, params: GameParams) {
        if let Some(text) = params.rules {
            match text.parse() {
                Ok(rules) => self.rules = rules,
                Err(e) => self.warnings.push(LinkError::Rules(e)),
            }
        }
        let mut start = Position::new(self.rules);
        if let Some(fen) = params.fen {
            match Position::from_fen(&fen, self.rules) {
                Ok(pos) => {
                    self.fen = Some(pos.fen());
                    start = pos;
                }
                Err(e) => self.warnings.push(LinkError::Fen(e)),
            }
        }
        let mut game = Game::from_position(start);
        let texts = params.moves.unwrap_or_default();
        for (i, text) in
            texts.split(|c: char| c == ',' || c.is_whitespace()).filter(|t| !t.is_empty()).enumerate()
        {
            if i == MAX_MOVES {
                self.warnings.push(LinkError::TooManyMoves);
                break;
            }
            match game.play_text(text) {
                Ok(m) => self.moves.push(m),
                Err(error) => {
                    self.warnings.push(LinkError::Move { index: i + 1, text: quote(text), error });
                    break;
                }
            }
        }
    }

    /// The link parameters that restore `game`: its rules, its start position when it is
    /// not the usual one, and its moves; nothing else set.
    ///
    /// ```
    /// use jungle::record::LinkParams;
    /// use jungle::rules::{Game, Rules};
    /// let mut game = Game::new(Rules::default());
    /// game.play_text("g3g4").unwrap();
    /// assert_eq!(LinkParams::from_game(&game).to_query(), "moves=g3g4");
    /// ```
    pub fn from_game(game: &Game) -> LinkParams {
        let start = game.start();
        let fen = (*start != Position::new(*game.rules())).then(|| start.fen());
        LinkParams { rules: *game.rules(), fen, moves: game.moves(), ..LinkParams::default() }
    }

    /// The game the link describes: `fen` (or the start position) under `rules`, then `moves`.
    /// Always `Ok` for the result of [`LinkParams::parse`]; an error only if the fields were
    /// changed since to something invalid.
    ///
    /// ```
    /// use jungle::record::LinkParams;
    /// let link = LinkParams::parse("fen=7/3L3/7/7/7/7/7/7/l6+w&moves=d8d9");
    /// assert!(link.game().unwrap().outcome().is_some());
    /// ```
    pub fn game(&self) -> Result<Game, LinkError> {
        let start = match &self.fen {
            Some(fen) => Position::from_fen(fen, self.rules).map_err(LinkError::Fen)?,
            None => Position::new(self.rules),
        };
        let mut game = Game::from_position(start);
        for (i, &m) in self.moves.iter().enumerate() {
            game.play(m).map_err(|error| LinkError::Move { index: i + 1, text: m.to_string(), error })?;
        }
        Ok(game)
    }

    /// Writes the game parameters as a query string without the leading `?`, percent-encoded,
    /// in the order of the table above, leaving out what is not set (and `rules` when default).
    /// `others` are not written: the page adds its own settings.
    ///
    /// ```
    /// use jungle::record::{LinkParams, Mode};
    /// let link = LinkParams { mode: Some(Mode::Watch), level: Some(5), ..LinkParams::default() };
    /// assert_eq!(link.to_query(), "mode=watch&level=5");
    /// ```
    pub fn to_query(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(Move::to_string).collect();
        let rules = (self.rules != Rules::default()).then(|| self.rules.to_string());
        let params = [
            ("rules", rules),
            ("fen", self.fen.clone()),
            ("moves", (!moves.is_empty()).then(|| moves.join(","))),
            ("mode", self.mode.map(|m| m.name().to_string())),
            ("level", self.level.map(|l| l.to_string())),
            ("side", self.side.map(|c| c.name().to_string())),
        ];
        let pairs: Vec<String> = params
            .iter()
            .filter_map(|(name, value)| Some(format!("{name}={}", encode(value.as_deref()?))))
            .collect();
        pairs.join("&")
    }
}

/// The share link's query (without `?`) for `game`, with the mode, level and side given
/// (a level outside [`LEVELS`](super::LEVELS) is left out).
///
/// ```
/// use jungle::record::{share_query, LinkParams, Mode};
/// use jungle::rules::{Game, Rules};
/// let mut game = Game::new("traps=universal".parse().unwrap());
/// game.play_text("a3a4").unwrap();
/// let query = share_query(&game, Some(Mode::Computer), Some(3), None);
/// assert_eq!(query, "rules=traps=universal&moves=a3a4&mode=computer&level=3");
/// assert_eq!(LinkParams::parse(&query).game().unwrap().position(), game.position());
/// ```
pub fn share_query(game: &Game, mode: Option<Mode>, level: Option<u8>, side: Option<Color>) -> String {
    let level = level.filter(|l| LEVELS.contains(l));
    LinkParams { mode, level, side, ..LinkParams::from_game(game) }.to_query()
}

/// Stores `value` in `field` if it is `Some`; tells whether it was.
fn set<T>(field: &mut Option<T>, value: Option<T>) -> bool {
    let ok = value.is_some();
    if ok {
        *field = value;
    }
    ok
}

/// What a parameter takes, for [`LinkError::BadValue`].
fn expected(param: &str) -> &'static str {
    match param {
        "mode" => "a mode (computer, people or watch)",
        "level" => "a level from 1 to 8",
        _ => "a side (red or blue)",
    }
}
