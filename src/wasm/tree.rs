//! [`AnalysisTree`]: the analysis board's tree of moves ([`MoveTree`]) behind an opaque
//! handle. Each change returns the tree's view (`{words, cursor, line, fen, …}`); the page
//! shows the position at the cursor by replaying `line` in its own game.

use super::errors::refused;
use super::js::to_js;
use super::position::position_from;
use crate::record::{MoveTree, NodeId, TreeWord};
use crate::rules::{Game, Move};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A tree of moves with side lines, and a cursor.
#[wasm_bindgen]
pub struct AnalysisTree {
    tree: MoveTree,
}

/// One word of the move list: a move (`node`, `move`, `number` when written, `main` when on
/// the main line, `depth` of side lines around it), or `(` / `)` around a side line.
#[derive(Serialize)]
struct WordView {
    kind: &'static str,
    node: Option<NodeId>,
    #[serde(rename = "move")]
    text: Option<String>,
    number: Option<String>,
    depth: usize,
}

/// The tree as the page shows it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TreeView {
    words: Vec<WordView>,
    cursor: NodeId,
    /// The moves from the root to the cursor.
    line: Vec<String>,
    /// The position at the cursor.
    fen: String,
    /// Whether the cursor is on a side line (which `promote` can lift).
    side_line: bool,
    can_back: bool,
    can_forward: bool,
}

#[wasm_bindgen]
impl AnalysisTree {
    /// A tree from `fen` (empty: the start position) under `rules`, its main line `moves`,
    /// the cursor at their end. Throws the engine's refusal on a bad position or move.
    #[wasm_bindgen(constructor)]
    pub fn new(rules: &str, fen: &str, moves: Vec<String>) -> Result<AnalysisTree, JsError> {
        let mut game = Game::from_position(position_from(rules, Some(fen))?);
        for text in &moves {
            game.play_text(text).map_err(refused)?;
        }
        Ok(AnalysisTree { tree: MoveTree::new(game) })
    }

    /// Reads a record with side lines (throws a `record.…` refusal).
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: &str) -> Result<AnalysisTree, JsError> {
        Ok(AnalysisTree { tree: MoveTree::parse(text).map_err(refused)? })
    }

    /// The rules, `option=value,…` (empty for the default rules).
    pub fn rules(&self) -> String {
        self.tree.root().rules().to_string()
    }

    /// The root position.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.tree.root().fen()
    }

    /// The tree's view now.
    pub fn view(&self) -> JsValue {
        let depths = side_depths(&self.tree);
        let words = self
            .tree
            .words()
            .into_iter()
            .map(|word| match word {
                TreeWord::Open => WordView { kind: "open", node: None, text: None, number: None, depth: 0 },
                TreeWord::Close => WordView { kind: "close", node: None, text: None, number: None, depth: 0 },
                TreeWord::Move { node, number } => WordView {
                    kind: "move",
                    node: Some(node),
                    text: self.tree.move_of(node).map(|m| m.to_string()),
                    number,
                    depth: depths[node],
                },
            })
            .collect();
        let cursor = self.tree.cursor();
        to_js(&TreeView {
            words,
            cursor,
            line: self.tree.game().moves().iter().map(Move::to_string).collect(),
            fen: self.tree.game().position().fen(),
            side_line: !self.tree.is_main(cursor),
            can_back: cursor != MoveTree::ROOT,
            can_forward: !self.tree.children(cursor).is_empty(),
        })
    }

    /// Plays `text` at the cursor (into the existing continuation if there is one) and
    /// returns the view. Throws the engine's refusal if it is not legal there.
    pub fn play(&mut self, text: &str) -> Result<JsValue, JsError> {
        self.tree.play_text(text).map_err(refused)?;
        Ok(self.view())
    }

    /// Steps back one move (`-1`), forward along the main continuation (`1`), or goes to the
    /// start (`-2`) or the end of the line (`2`); returns the view.
    pub fn step(&mut self, how: i32) -> JsValue {
        match how {
            -1 => _ = self.tree.back(),
            1 => _ = self.tree.forward(),
            -2 => while self.tree.back() {},
            2 => while self.tree.forward() {},
            _ => {}
        }
        self.view()
    }

    /// Goes to `node` (ignored if there is none); returns the view.
    pub fn go(&mut self, node: NodeId) -> JsValue {
        self.tree.go(node);
        self.view()
    }

    /// Promotes the line of the cursor one level; returns the view.
    pub fn promote(&mut self) -> JsValue {
        self.tree.promote(self.tree.cursor());
        self.view()
    }

    /// Deletes the cursor's move and all after it (the cursor goes back); returns the view.
    #[wasm_bindgen(js_name = deleteLine)]
    pub fn delete_line(&mut self) -> JsValue {
        self.tree.delete(self.tree.cursor());
        self.view()
    }

    /// The tree as a record with side lines.
    pub fn record(&self) -> String {
        self.tree.format()
    }
}

/// How many side lines each node is nested in (0 on the main line).
fn side_depths(tree: &MoveTree) -> Vec<usize> {
    let mut depths = vec![0; tree.len() + 1];
    // A node is numbered after its parent: parents first.
    for node in 1..=tree.len() {
        let parent = tree.parent(node).unwrap_or(MoveTree::ROOT);
        let first = tree.children(parent).first() == Some(&node);
        depths[node] = depths[parent] + usize::from(!first);
    }
    depths
}
