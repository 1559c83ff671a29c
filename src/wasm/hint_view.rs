//! A hint's reason as the page reads it: `{kind, animal, by, moves}`, animals as uppercase FEN
//! letters (the page names them with its own words and the game's animal table).

use crate::ai::HintReason;
use crate::rules::Animal;
use serde::Serialize;

/// Why a hint, for the page (`www/aids/hint-why.js` words it).
#[derive(Serialize, PartialEq, Debug)]
pub(super) struct WhyView {
    /// `den`, `wins`, `wins-den`, `takes`, `blocks`, `saves`, `threatens`, `prepares`,
    /// `heads-for-den` or `best`.
    kind: &'static str,
    /// The animal taken, threatened, whose leap is blocked, or ours that is saved.
    animal: Option<String>,
    /// The enemy animal ours is saved from.
    by: Option<String>,
    /// Moves to a forced win.
    moves: Option<u32>,
}

impl WhyView {
    pub(super) fn new(reason: HintReason) -> WhyView {
        let letter = |animal: Animal| Some(animal.letter().to_string());
        let view = |kind, animal| WhyView { kind, animal, by: None, moves: None };
        match reason {
            HintReason::EntersDen => view("den", None),
            HintReason::Wins { moves, den } => {
                WhyView { moves: Some(moves), ..view(if den { "wins-den" } else { "wins" }, None) }
            }
            HintReason::Takes(animal) => view("takes", letter(animal)),
            HintReason::BlocksJump(animal) => view("blocks", letter(animal)),
            HintReason::Saves { animal, by } => WhyView { by: letter(by), ..view("saves", letter(animal)) },
            HintReason::Threatens(animal) => view("threatens", letter(animal)),
            HintReason::Prepares(animal) => view("prepares", letter(animal)),
            HintReason::HeadsForDen => view("heads-for-den", None),
            HintReason::Best => view("best", None),
        }
    }
}
