//! A tree of moves for analysis: a root position, each node a move from its parent's
//! position, the first child of each node its main continuation and the others side lines.
//! A cursor marks the node shown; the game at the cursor is kept up to date as it moves.

use super::limits::MAX_MOVES;
use crate::error_code::{Code, ErrorCode, Params};
use crate::rules::{Game, Move, MoveError, Position};
use std::collections::HashSet;
use std::fmt;

/// A node of a [`MoveTree`], by number. The root is [`MoveTree::ROOT`]; numbers change when a
/// line is deleted.
pub type NodeId = usize;

/// One move of the tree (the root has none).
#[derive(Clone, Debug)]
struct Node {
    mv: Option<Move>,
    parent: Option<NodeId>,
    /// The continuations, the main one first.
    children: Vec<NodeId>,
}

/// Why a move cannot be added to a tree.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TreeError {
    /// The move is not legal at the cursor.
    Move(MoveError),
    /// The tree already holds [`MAX_MOVES`] moves.
    Full,
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::Move(error) => error.fmt(f),
            TreeError::Full => write!(f, "the analysis holds at most {MAX_MOVES} moves"),
        }
    }
}

impl std::error::Error for TreeError {}

impl ErrorCode for TreeError {
    const CODES: &'static [Code] = &[Code { code: "tree.full", params: &["limit"] }];

    fn code(&self) -> &'static str {
        match self {
            TreeError::Move(error) => error.code(),
            TreeError::Full => "tree.full",
        }
    }

    fn params(&self) -> Params {
        match self {
            TreeError::Move(error) => error.params(),
            TreeError::Full => vec![("limit", MAX_MOVES.into())],
        }
    }
}

/// Moves played from a root position, with side lines.
///
/// ```
/// use jungle::record::MoveTree;
/// use jungle::rules::{Game, Rules};
/// let mut tree = MoveTree::new(Game::new(Rules::default()));
/// let g4 = tree.play_text("g3g4").unwrap();
/// tree.back();
/// let a4 = tree.play_text("a3a4").unwrap(); // a side line
/// assert_eq!(tree.main_line().len(), 1);
/// tree.promote(a4);
/// assert_eq!(tree.main_line()[0].to_string(), "a3a4");
/// tree.delete(g4);
/// assert_eq!(tree.len(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct MoveTree {
    nodes: Vec<Node>,
    cursor: NodeId,
    /// The game from the root to the cursor.
    game: Game,
}

/// Two trees are equal when they have the same root and the same moves in the same order,
/// however their nodes are numbered.
impl PartialEq for MoveTree {
    fn eq(&self, other: &MoveTree) -> bool {
        self.root() == other.root() && self.shape() == other.shape()
    }
}

impl MoveTree {
    /// The root node.
    pub const ROOT: NodeId = 0;

    /// A tree whose main line is the moves of `game`, the cursor at its end.
    pub fn new(game: Game) -> MoveTree {
        let moves = game.moves();
        let mut tree = MoveTree {
            nodes: vec![Node { mv: None, parent: None, children: Vec::new() }],
            cursor: MoveTree::ROOT,
            game: Game::from_position(game.start().clone()),
        };
        for m in moves {
            tree.play(m).expect("the moves of a game are legal in it");
        }
        tree
    }

    /// The root position.
    pub fn root(&self) -> &Position {
        self.game.start()
    }

    /// The game from the root to the cursor.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The node shown.
    pub fn cursor(&self) -> NodeId {
        self.cursor
    }

    /// How many moves the tree holds.
    pub fn len(&self) -> usize {
        self.nodes.len() - 1
    }

    /// Whether the tree holds no move.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The move of `node` (none for the root or a node not in the tree).
    pub fn move_of(&self, node: NodeId) -> Option<Move> {
        self.nodes.get(node)?.mv
    }

    /// The parent of `node`, if it has one.
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        self.nodes.get(node)?.parent
    }

    /// The continuations of `node`, the main one first (none for a node not in the tree).
    pub fn children(&self, node: NodeId) -> &[NodeId] {
        self.nodes.get(node).map_or(&[], |n| &n.children)
    }

    /// The moves from the root to `node`.
    pub fn line_to(&self, node: NodeId) -> Vec<Move> {
        let mut moves: Vec<Move> = self.path(node).iter().filter_map(|&n| self.nodes[n].mv).collect();
        moves.reverse();
        moves
    }

    /// The main line: the first continuation from the root on, to its end.
    pub fn main_line(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        let mut node = MoveTree::ROOT;
        while let Some(&next) = self.nodes[node].children.first() {
            moves.extend(self.nodes[next].mv);
            node = next;
        }
        moves
    }

    /// The game along the main line, from the root to its end.
    pub fn main_game(&self) -> Game {
        let mut game = Game::from_position(self.root().clone());
        for m in self.main_line() {
            game.play(m).expect("the moves of the tree are legal");
        }
        game
    }

    /// Each node's move and number of continuations, depth first with the main ones first.
    fn shape(&self) -> Vec<(Option<Move>, usize)> {
        let mut shape = Vec::with_capacity(self.nodes.len());
        let mut stack = vec![MoveTree::ROOT];
        while let Some(n) = stack.pop() {
            let node = &self.nodes[n];
            shape.push((node.mv, node.children.len()));
            stack.extend(node.children.iter().rev());
        }
        shape
    }

    /// How many moves lead from the root to each node, by node.
    pub(super) fn depths(&self) -> Vec<usize> {
        // A node is always numbered after its parent.
        let mut depths = vec![0; self.nodes.len()];
        for (n, node) in self.nodes.iter().enumerate().skip(1) {
            depths[n] = node.parent.map_or(0, |p| depths[p] + 1);
        }
        depths
    }

    /// Whether `node` is on the main line.
    pub fn is_main(&self, node: NodeId) -> bool {
        let path = self.path(node);
        path.windows(2).all(|pair| self.nodes[pair[1]].children.first() == Some(&pair[0]))
    }

    /// `node` and its ancestors up to the root, `node` first (empty for a node not in the tree).
    fn path(&self, node: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = (node < self.nodes.len()).then_some(node);
        while let Some(n) = at {
            path.push(n);
            at = self.nodes[n].parent;
        }
        path
    }

    /// Plays `m` at the cursor: goes to the child with that move if there is one, or adds it as
    /// the last continuation (the main one if it is the first). Returns the new cursor.
    pub fn play(&mut self, m: Move) -> Result<NodeId, TreeError> {
        let existing = self.nodes[self.cursor].children.iter().find(|&&c| self.nodes[c].mv == Some(m));
        if let Some(&child) = existing {
            self.forward_to(child);
            return Ok(child);
        }
        if self.len() >= MAX_MOVES {
            return Err(TreeError::Full);
        }
        self.game.play(m).map_err(TreeError::Move)?;
        let child = self.nodes.len();
        self.nodes.push(Node { mv: Some(m), parent: Some(self.cursor), children: Vec::new() });
        self.nodes[self.cursor].children.push(child);
        self.cursor = child;
        Ok(child)
    }

    /// Reads a move like `a3a4` at the cursor and plays it ([`MoveTree::play`]).
    pub fn play_text(&mut self, text: &str) -> Result<NodeId, TreeError> {
        let m = self.game.position().parse_move(text).map_err(TreeError::Move)?;
        self.play(m)
    }

    /// Moves the cursor to `child`, a continuation of the cursor.
    fn forward_to(&mut self, child: NodeId) {
        let m = self.nodes[child].mv.expect("a child has a move");
        self.game.play(m).expect("the moves of the tree are legal");
        self.cursor = child;
    }

    /// Steps back one move; false at the root.
    pub fn back(&mut self) -> bool {
        let Some(parent) = self.nodes[self.cursor].parent else { return false };
        self.game.undo();
        self.cursor = parent;
        true
    }

    /// Steps forward along the main continuation; false at the end of a line.
    pub fn forward(&mut self) -> bool {
        let Some(&child) = self.nodes[self.cursor].children.first() else { return false };
        self.forward_to(child);
        true
    }

    /// Moves the cursor to `node`; false (and no change) if there is no such node.
    pub fn go(&mut self, node: NodeId) -> bool {
        let path = self.path(node);
        if path.is_empty() {
            return false;
        }
        let on_path: HashSet<NodeId> = path.iter().copied().collect();
        while !on_path.contains(&self.cursor) {
            self.back();
        }
        let below = path.iter().position(|&n| n == self.cursor).expect("the cursor is on the path");
        for &n in path[..below].iter().rev() {
            self.forward_to(n);
        }
        true
    }

    /// Makes the line through `node` the main continuation at the nearest branch above it
    /// where it is a side line (promoting it one level); false if it is the main line already.
    pub fn promote(&mut self, node: NodeId) -> bool {
        let path = self.path(node);
        for pair in path.windows(2) {
            let (child, parent) = (pair[0], pair[1]);
            let children = &mut self.nodes[parent].children;
            let at = children.iter().position(|&c| c == child).expect("a child is among its parent's");
            if at > 0 {
                children.remove(at);
                children.insert(0, child);
                return true;
            }
        }
        false
    }

    /// Deletes `node` and every move after it; the cursor goes to its parent if it was among
    /// them. False for the root or a node not in the tree. Node numbers change.
    pub fn delete(&mut self, node: NodeId) -> bool {
        let Some(parent) = self.parent(node) else { return false };
        if self.path(self.cursor).contains(&node) {
            self.go(parent);
        }
        self.nodes[parent].children.retain(|&c| c != node);
        let mut gone = vec![false; self.nodes.len()];
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            gone[n] = true;
            stack.extend(&self.nodes[n].children);
        }
        // Renumber the nodes kept, in order.
        let mut new_id = vec![0; self.nodes.len()];
        let mut next = 0;
        for (old, id) in new_id.iter_mut().enumerate() {
            *id = next;
            next += usize::from(!gone[old]);
        }
        let nodes = std::mem::take(&mut self.nodes);
        self.nodes = nodes
            .into_iter()
            .enumerate()
            .filter(|(old, _)| !gone[*old])
            .map(|(_, n)| Node {
                mv: n.mv,
                parent: n.parent.map(|p| new_id[p]),
                children: n.children.iter().map(|&c| new_id[c]).collect(),
            })
            .collect();
        self.cursor = new_id[self.cursor];
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    fn tree() -> MoveTree {
        MoveTree::new(Game::new(Rules::default()))
    }

    fn texts(moves: &[Move]) -> Vec<String> {
        moves.iter().map(Move::to_string).collect()
    }

    #[test]
    fn an_existing_move_is_reused() {
        let mut t = tree();
        let a = t.play_text("g3g4").unwrap();
        t.back();
        assert_eq!(t.play_text("g3g4").unwrap(), a);
        assert_eq!(t.len(), 1);
    }

    #[test]
    fn side_lines_step_and_go() {
        let mut t = tree();
        t.play_text("g3g4").unwrap();
        let a6 = t.play_text("a7a6").unwrap();
        t.back();
        let a5 = t.play_text("g7g6").unwrap();
        assert_eq!(texts(&t.main_line()), ["g3g4", "a7a6"]);
        assert_eq!(texts(&t.line_to(a5)), ["g3g4", "g7g6"]);
        assert!(!t.is_main(a5) && t.is_main(a6));
        assert!(t.go(a6));
        assert_eq!(t.game().moves(), t.line_to(a6));
        assert!(t.go(MoveTree::ROOT));
        assert!(t.forward() && t.forward() && !t.forward());
        assert_eq!(t.cursor(), a6);
        assert!(!t.go(99));
        while t.back() {}
        assert_eq!(t.game().position(), t.root());
    }

    #[test]
    fn promotion_goes_one_level_up() {
        let mut t = tree();
        t.play_text("g3g4").unwrap();
        t.play_text("a7a6").unwrap();
        t.back();
        t.play_text("g7g6").unwrap();
        t.go(MoveTree::ROOT);
        t.play_text("a3a4").unwrap();
        let deep = t.play_text("a7a6").unwrap();
        t.back();
        t.play_text("g7g6").unwrap();
        // The deep line is the main continuation of its own branch: promoting it lifts a3a4.
        assert!(t.promote(deep));
        assert_eq!(texts(&t.main_line()), ["a3a4", "a7a6"]);
        assert!(!t.promote(deep));
    }

    #[test]
    fn deleting_a_line_takes_what_follows_and_moves_the_cursor() {
        let mut t = tree();
        let g4 = t.play_text("g3g4").unwrap();
        t.play_text("a7a6").unwrap();
        t.go(MoveTree::ROOT);
        let a4 = t.play_text("a3a4").unwrap();
        let a6 = t.play_text("a7a6").unwrap();
        assert!(t.delete(g4));
        assert_eq!(t.len(), 2);
        assert_eq!(texts(&t.main_line()), ["a3a4", "a7a6"]);
        assert_eq!(t.game().moves(), t.main_line(), "the cursor kept its place");
        let (a4, a6) = (a4 - 2, a6 - 2);
        assert_eq!(t.cursor(), a6);
        assert!(t.delete(a4));
        assert_eq!(t.cursor(), MoveTree::ROOT);
        assert!(t.is_empty() && !t.delete(MoveTree::ROOT));
    }

    #[test]
    fn illegal_moves_and_a_full_tree_are_refused() {
        let mut t = tree();
        assert!(matches!(t.play_text("g3g5"), Err(TreeError::Move(MoveError::Illegal(_)))));
        assert!(matches!(t.play_text("zz"), Err(TreeError::Move(MoveError::Syntax(_)))));
        let mut game = Game::new(Rules { no_capture_limit: 0, repetition_draw: false, ..Rules::default() });
        for i in 0..MAX_MOVES {
            let m = ["g3g4", "a7a6", "g4g3", "a6a7"][i % 4];
            game.play_text(m).unwrap();
        }
        let mut full = MoveTree::new(game);
        assert_eq!(full.len(), MAX_MOVES);
        assert_eq!(full.play_text("g3g4"), Err(TreeError::Full));
        assert_eq!(TreeError::Full.code(), "tree.full");
    }
}
