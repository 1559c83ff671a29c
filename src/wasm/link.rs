//! [`parse_link`]: the page's URL parameters, read and checked by [`LinkParams`].

use super::position_from;
use crate::ai::Level;
use crate::record::{share_query, Lang, LinkError, LinkParams, Mode};
use crate::rules::{Color, Game, Move};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The parameters of the page's address, as plain data for JavaScript.
#[derive(Serialize)]
struct LinkView {
    /// `option=value,…` (empty for the default rules).
    rules: String,
    /// The start position, if one was given and is valid.
    fen: Option<String>,
    /// The moves from the start, all legal one after the other.
    moves: Vec<String>,
    /// `ai`, `local` or `watch`.
    mode: Option<&'static str>,
    /// 1 to 8.
    level: Option<u8>,
    /// `red` or `blue`.
    side: Option<&'static str>,
    /// `en`, `fr`, `zh-Hans` or `zh-Hant`.
    lang: Option<&'static str>,
    /// Whether the page is embedded in another site (a bare board).
    embed: bool,
    /// `light`, `dark` or `contrast`.
    theme: Option<&'static str>,
    /// The board size in CSS pixels.
    size: Option<u32>,
    /// One sentence for each parameter ignored, saying why. Unknown parameters (a tracker's
    /// `utm_source`, …) are other sites' business and are left out.
    warnings: Vec<String>,
}

/// Reads the page's query or hash (`?fen=…&mode=ai&embed=1`, see [`LinkParams`]). Never
/// fails: what is wrong is left out and explained in `warnings`.
#[wasm_bindgen(js_name = parseLink)]
pub fn parse_link(query: &str) -> JsValue {
    let link = LinkParams::parse(query);
    let view = LinkView {
        rules: link.rules.to_string(),
        fen: link.fen,
        moves: link.moves.iter().map(Move::to_string).collect(),
        mode: link.mode.map(|m| m.name()),
        level: link.level.map(|l| l.number()),
        side: link.side.map(|c| c.name()),
        lang: link.lang.map(|l| l.code()),
        embed: link.embed,
        theme: link.theme.map(|t| t.name()),
        size: link.size,
        warnings: link
            .warnings
            .iter()
            .filter(|w| !matches!(w, LinkError::Unknown { .. }))
            .map(ToString::to_string)
            .collect(),
    };
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    view.serialize(&serializer).expect("plain data converts to a JS value")
}

/// The query (without `?`) of a share link that opens the game from `fen` (empty: the start
/// position) under `rules` with `moves`, in `mode` (`ai`, `local` or `watch`), at `level`
/// (1–8), `side` (`red` or `blue`) and `lang`; settings that are empty or unknown are left
/// out. Throws if the game is not valid.
#[wasm_bindgen(js_name = shareQuery)]
pub fn share_link_query(
    rules: &str,
    fen: &str,
    moves: Vec<String>,
    mode: &str,
    level: u8,
    side: &str,
    lang: &str,
) -> Result<String, JsError> {
    let mut game = Game::from_position(position_from(rules, Some(fen))?);
    for text in &moves {
        game.play_text(text)?;
    }
    let side = match side {
        "red" => Some(Color::Red),
        "blue" => Some(Color::Blue),
        _ => None,
    };
    Ok(share_query(&game, Mode::from_name(mode), Level::new(level), side, Lang::from_tag(lang)))
}
