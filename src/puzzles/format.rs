//! The puzzle file: one puzzle per line, six or seven fields separated by tabs.
//!
//! ```text
//! # lines starting with # are comments
//! k3q9x  -  2R4/7/7/7/7/7/7/7/T6 w  c8d8 a1a2 d8d9  den  1
//! 7wq0zc  -  7/7/7/7/7/7/l6/1L5/6t w  b2b3 g1f1 b3a3  endgame  1  gain=300
//! ```
//!
//! 1. `id`: six characters `0-9a-z`, from a hash of the rules and the position (stable, for links).
//! 2. `rules`: the rule options as `option=value,…` (`docs/RULES.md`), `-` for the standard rules.
//! 3. `FEN`: the board and the side to move (the solver); the counters are left out (zero).
//! 4. the solution: the solver's moves and the defender's best replies, alternating, solver first
//!    and last, separated by spaces; the last move reaches the goal.
//! 5. themes: the [`Theme`] names separated by commas, `-` for none.
//! 6. difficulty: 1 (easy) to 5 (hard).
//! 7. the goal ([`Goal`]), left out for `win` (so the files of earlier versions read as they
//!    were): `gain=N` when the solver must win N points of material, kept after any reply.

use super::goal::Goal;
use super::themes::Theme;
use crate::rules::{Game, Move, Position, Rules};
use std::fmt;

/// One puzzle as the file holds it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    /// Six characters `0-9a-z`.
    pub id: String,
    /// The rules it is played under.
    pub rules: Rules,
    /// The board and the side to move, without the counters.
    pub fen: String,
    /// The solver's moves and the defender's replies, alternating, solver first.
    pub solution: Vec<Move>,
    /// What the solution shows.
    pub themes: Vec<Theme>,
    /// 1 (easy) to 5 (hard).
    pub difficulty: u8,
    /// What the solver must reach.
    pub goal: Goal,
}

/// Why a line is not a puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Puzzle {
    /// The stable id of a position under some rules: six base-36 digits of an FNV-1a hash.
    pub fn id_of(rules: &Rules, fen: &str) -> String {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in format!("{rules}|{fen}").bytes() {
            hash = (hash ^ byte as u64).wrapping_mul(0x0100_0000_01b3);
        }
        let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
        (0..6)
            .map(|_| {
                let digit = digits[(hash % 36) as usize] as char;
                hash /= 36;
                digit
            })
            .collect()
    }

    /// The game at the puzzle's start (the counters at zero: no draw is near).
    pub fn game(&self) -> Result<Game, ParseError> {
        let pos =
            Position::from_fen(&self.fen, self.rules).map_err(|e| ParseError(format!("bad FEN: {e}")))?;
        Ok(Game::from_position(pos))
    }

    /// The solver's number of moves.
    pub fn moves(&self) -> u32 {
        self.solution.len().div_ceil(2) as u32
    }

    /// Reads one line of the file (not a comment).
    pub fn parse(line: &str) -> Result<Puzzle, ParseError> {
        let fields: Vec<&str> = line.split('\t').collect();
        let ([id, rules, fen, solution, themes, difficulty], goal) = match fields[..] {
            [a, b, c, d, e, f] => ([a, b, c, d, e, f], "win"),
            [a, b, c, d, e, f, g] => ([a, b, c, d, e, f], g),
            _ => return Err(ParseError(format!("{} fields instead of 6 or 7", fields.len()))),
        };
        let rules: Rules = match rules {
            "-" => Rules::default(),
            text => text.parse().map_err(|e| ParseError(format!("bad rules: {e}")))?,
        };
        let solution = solution
            .split(' ')
            .map(|m| parse_move(m).ok_or_else(|| ParseError(format!("bad move `{m}`"))))
            .collect::<Result<Vec<Move>, ParseError>>()?;
        let themes = match themes {
            "-" => Vec::new(),
            list => list
                .split(',')
                .map(|t| Theme::from_name(t).ok_or_else(|| ParseError(format!("unknown theme `{t}`"))))
                .collect::<Result<Vec<Theme>, ParseError>>()?,
        };
        let difficulty = difficulty
            .parse()
            .ok()
            .filter(|d| (1..=5).contains(d))
            .ok_or_else(|| ParseError(format!("bad difficulty `{difficulty}`")))?;
        let goal = Goal::from_name(goal).ok_or_else(|| ParseError(format!("bad goal `{goal}`")))?;
        let puzzle =
            Puzzle { id: id.to_string(), rules, fen: fen.to_string(), solution, themes, difficulty, goal };
        if puzzle.solution.len().is_multiple_of(2) {
            return Err(ParseError("the solution must end with the solver's move".into()));
        }
        Ok(puzzle)
    }
}

/// A move's squares (`a3a4`), not yet checked against a position.
fn parse_move(text: &str) -> Option<Move> {
    let from = text.get(..2)?.parse().ok()?;
    let to = text.get(2..)?.parse().ok()?;
    Some(Move::new(from, to))
}

/// The line of the file, without its end of line.
impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = self.rules.to_string();
        let moves: Vec<String> = self.solution.iter().map(Move::to_string).collect();
        let themes: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        write!(
            f,
            "{}\t{}\t{}\t{}\t{}\t{}",
            self.id,
            if rules.is_empty() { "-" } else { &rules },
            self.fen,
            moves.join(" "),
            if themes.is_empty() { "-".to_string() } else { themes.join(",") },
            self.difficulty
        )?;
        match self.goal {
            Goal::Win => Ok(()),
            goal => write!(f, "\t{goal}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back_as_written() {
        let line = "abc123\telephant-takes-rat=yes\t2R4/7/7/7/7/7/7/7/T6 w\tc8d8 a1a2 d8d9\tden,endgame\t2";
        let puzzle = Puzzle::parse(line).unwrap();
        assert_eq!(puzzle.moves(), 2);
        assert!(puzzle.rules.elephant_takes_rat);
        assert_eq!(puzzle.themes, vec![Theme::Den, Theme::Endgame]);
        assert_eq!(puzzle.to_string(), line);
        let standard = line.replace("elephant-takes-rat=yes", "-");
        assert_eq!(Puzzle::parse(&standard).unwrap().to_string(), standard);
        assert_eq!(puzzle.goal, Goal::Win);
    }

    #[test]
    fn a_material_goal_is_a_seventh_field_and_win_may_be_written() {
        let line = "7wq0zc\t-\t7/7/7/7/7/7/l6/1L5/6t w\tb2b3 g1f1 b3a3\tendgame\t1\tgain=300";
        let puzzle = Puzzle::parse(line).unwrap();
        assert_eq!(puzzle.goal, Goal::Gain(300));
        assert_eq!(puzzle.to_string(), line);
        let written_win = line.replace("gain=300", "win");
        let win = Puzzle::parse(&written_win).unwrap();
        assert_eq!(win.goal, Goal::Win);
        assert_eq!(win.to_string(), line.replace("\tgain=300", ""), "win is left out when written");
    }

    #[test]
    fn bad_lines_are_refused_with_a_reason() {
        let cases = [
            ("a\t-\t7/7/7/7/7/7/7/7/7 w\ta1a2", "fields"),
            ("a\tnope\tx\ta1a2\t-\t1", "rules"),
            ("a\t-\tx\ta1z2\t-\t1", "move"),
            ("a\t-\tx\ta1a2\tmagic\t1", "theme"),
            ("a\t-\tx\ta1a2\t-\t9", "difficulty"),
            ("a\t-\tx\ta1a2 a2a3\t-\t1", "solver's move"),
            ("a\t-\tx\ta1a2\t-\t1\tgain=0", "goal"),
            ("a\t-\tx\ta1a2\t-\t1\tden", "goal"),
            ("a\t-\tx\ta1a2\t-\t1\twin\t", "fields"),
        ];
        for (line, reason) in cases {
            let error = Puzzle::parse(line).unwrap_err();
            assert!(error.0.contains(reason), "{line}: {error}");
        }
    }

    #[test]
    fn ids_are_stable_and_differ_by_rules() {
        let standard = Puzzle::id_of(&Rules::default(), "2R4/7/7/7/7/7/7/7/T6 w");
        assert_eq!(standard.len(), 6);
        assert!(standard.chars().all(|c| c.is_ascii_digit() || c.is_ascii_lowercase()));
        assert_eq!(standard, Puzzle::id_of(&Rules::default(), "2R4/7/7/7/7/7/7/7/T6 w"));
        let variant: Rules = "elephant-takes-rat=yes".parse().unwrap();
        assert_ne!(standard, Puzzle::id_of(&variant, "2R4/7/7/7/7/7/7/7/T6 w"));
    }
}
