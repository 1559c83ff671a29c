//! A [`MoveTree`] as a whole record: headers as for its main line, then the moves with the
//! side lines (see `tree_text.rs`).

use super::error::RecordError;
use super::text::parse_parts;
use super::tree::MoveTree;
use super::GameRecord;

impl MoveTree {
    /// Writes the tree as a record: `Rules`, `FEN`, `Result` and `Termination` headers as for
    /// its main line ([`GameRecord::format`]), then the moves with the side lines.
    ///
    /// ```
    /// use jungle::record::MoveTree;
    /// let text = "[Result \"*\"]\n\n1. g3g4 (1. a3a4 a7a6 (1... g7g6)) 1... a7a6 *\n";
    /// assert_eq!(MoveTree::parse(text).unwrap().format(), text);
    /// ```
    pub fn format(&self) -> String {
        let record = GameRecord::new(self.main_game());
        let mut out = record.header_text();
        out.push_str(&self.movetext(record.result()));
        out
    }

    /// Reads a record with side lines (a record without any is a tree of one line). The moves
    /// are checked as [`GameRecord::parse`] checks them, in every line, and so are the result
    /// and the headers, against the main line; free headers are read and left out.
    ///
    /// ```
    /// use jungle::record::MoveTree;
    /// let tree = MoveTree::parse("1. g3g4 a7a6 (1... g7g6 2. g4g5) (1... e7d7) 2. g4g5 *").unwrap();
    /// assert_eq!(tree.len(), 6);
    /// assert_eq!(tree.main_line().len(), 3);
    /// let err = MoveTree::parse("1. g3g4 a7a6 (1... a7a5)").unwrap_err();
    /// assert_eq!(err.to_string(), "line 1, move 1... (blue) `a7a5`: illegal move a7a5");
    /// ```
    pub fn parse(text: &str) -> Result<MoveTree, RecordError> {
        parse_parts(text).map(|(_, tree)| tree)
    }
}
