//! A [`MoveTree`] as record text: the main line with each side line in parentheses right
//! after the move it replaces, as PGN writes variations:
//!
//! ```text
//! 1. g3g4 a7a6 (1... g7g6 2. a3a4) 2. g4g5 *
//! ```
//!
//! Written and read without recursion, so that lines nested to any depth are safe.

use super::error::RecordError;
use super::movetext::{number, wrap, Token, Tokens};
use super::tree::{MoveTree, NodeId, TreeError};
use crate::echo::quote;
use crate::rules::{Color, Position};

/// One word of a tree's record, in the order written: a move with its number when one is
/// written before it, or a bound of a side line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TreeWord {
    /// A move: its node, and its number (`12.`, `12...`) when written before it.
    Move {
        /// The node of the move.
        node: NodeId,
        /// `12.` for Red, `12...` for Blue; written at Red's moves and after a break.
        number: Option<String>,
    },
    /// A side line begins.
    Open,
    /// A side line ends.
    Close,
}

/// What is left to write.
enum Work {
    /// The move `node`, then its line; `alternatives`: also the side lines beside it.
    Line {
        node: NodeId,
        numbered: bool,
        alternatives: bool,
    },
    Open,
    Close,
}

/// The move number of the move played after `plies` moves from `root`, and its side.
fn number_after(root: &Position, plies: usize) -> (u64, Color) {
    let plies = plies as u64;
    let fullmoves = u64::from(root.fullmoves());
    match root.turn() {
        Color::Red => (fullmoves + plies / 2, if plies.is_multiple_of(2) { Color::Red } else { Color::Blue }),
        Color::Blue => {
            (fullmoves + plies.div_ceil(2), if plies.is_multiple_of(2) { Color::Blue } else { Color::Red })
        }
    }
}

impl MoveTree {
    /// The words of the tree's record, in order.
    ///
    /// ```
    /// use jungle::record::{MoveTree, TreeWord};
    /// let tree = MoveTree::parse("1. g3g4 (1. a3a4) a7a6").unwrap();
    /// assert_eq!(tree.words().len(), 5);
    /// assert_eq!(tree.words()[1], TreeWord::Open);
    /// ```
    pub fn words(&self) -> Vec<TreeWord> {
        let depths = self.depths();
        let mut words = Vec::with_capacity(self.len() + 1);
        let mut work: Vec<Work> = self
            .children(MoveTree::ROOT)
            .first()
            .map(|&node| Work::Line { node, numbered: true, alternatives: true })
            .into_iter()
            .collect();
        while let Some(next) = work.pop() {
            let (node, numbered, alternatives) = match next {
                Work::Open => {
                    words.push(TreeWord::Open);
                    continue;
                }
                Work::Close => {
                    words.push(TreeWord::Close);
                    continue;
                }
                Work::Line { node, numbered, alternatives } => (node, numbered, alternatives),
            };
            let (fullmoves, side) = number_after(self.root(), depths[node] - 1);
            let number = (numbered || side == Color::Red).then(|| number(fullmoves, side));
            words.push(TreeWord::Move { node, number });
            let parent = self.parent(node).expect("a move has a parent");
            let siblings = if alternatives { &self.children(parent)[1..] } else { &[] };
            if let Some(&main) = self.children(node).first() {
                work.push(Work::Line { node: main, numbered: !siblings.is_empty(), alternatives: true });
            }
            for &side_line in siblings.iter().rev() {
                work.push(Work::Close);
                work.push(Work::Line { node: side_line, numbered: true, alternatives: false });
                work.push(Work::Open);
            }
        }
        words
    }

    /// The moves with their side lines and numbers, then `result`, in lines.
    pub(super) fn movetext(&self, result: &str) -> String {
        let mut out: Vec<String> = Vec::with_capacity(self.len() * 2);
        let mut open = false;
        for word in self.words() {
            match word {
                TreeWord::Open => open = true,
                TreeWord::Close => out.last_mut().expect("a side line has a move").push(')'),
                TreeWord::Move { node, number } => {
                    let mv = self.move_of(node).expect("a node with a move").to_string();
                    for text in number.into_iter().chain([mv]) {
                        out.push(if std::mem::take(&mut open) { format!("({text}") } else { text });
                    }
                }
            }
        }
        out.push(result.to_string());
        wrap(&out)
    }
}

/// Reads the moves of `tokens` into `tree`, from its cursor; returns the result written after
/// them, with its line. Each `(` goes back one move and each `)` returns where it was.
pub(super) fn read_tree<'a>(
    tree: &mut MoveTree,
    tokens: Tokens<'a>,
) -> Result<Option<(usize, &'a str)>, RecordError> {
    // For each open side line: the line of its `(`, the node to return to, the node where it
    // branches off.
    let mut open: Vec<(usize, NodeId, NodeId)> = Vec::new();
    let mut branch = tree.cursor();
    let mut result = None;
    for token in tokens {
        let (line, token) = token?;
        if result.is_some() {
            let text = match token {
                Token::Move(t) | Token::Result(t) => quote(t),
                Token::Open => "(".into(),
                Token::Close => ")".into(),
            };
            return Err(RecordError::AfterResult { line, text });
        }
        match token {
            Token::Result(r) => match open.last() {
                Some(&(open_line, ..)) => return Err(RecordError::UnclosedVariation { line: open_line }),
                None => result = Some((line, r)),
            },
            Token::Move(text) => play_one(tree, text, line)?,
            Token::Open => {
                let here = tree.cursor();
                if here == branch {
                    return Err(RecordError::VariationWithoutMove { line });
                }
                open.push((line, here, branch));
                tree.back();
                branch = tree.cursor();
            }
            Token::Close => {
                let Some((_, back_to, outer)) = open.pop() else {
                    return Err(RecordError::UnopenedVariation { line });
                };
                tree.go(back_to);
                branch = outer;
            }
        }
    }
    match open.last() {
        Some(&(line, ..)) => Err(RecordError::UnclosedVariation { line }),
        None => Ok(result),
    }
}

/// Plays one move written `text` on line `line`.
fn play_one(tree: &mut MoveTree, text: &str, line: usize) -> Result<(), RecordError> {
    let pos = tree.game().position();
    let side = pos.turn();
    let number = number(u64::from(pos.fullmoves()), side);
    match tree.play_text(text) {
        Ok(_) => Ok(()),
        Err(TreeError::Full) => Err(RecordError::TooManyMoves { line }),
        Err(TreeError::Move(error)) => {
            Err(RecordError::Move { line, number, side, text: quote(text), error })
        }
    }
}
