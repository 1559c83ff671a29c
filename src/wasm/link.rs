//! [`parse_link`]: the page's URL parameters, the game read and checked by [`LinkParams`], the
//! page's own settings by [`PageSettings`]; [`share_link_query`] writes a share link.

use super::errors::{refused, ReasonView};
use super::js::to_js;
use super::page_settings::{lang, PageSettings};
use super::position::position_from;
use crate::record::{share_query, LinkError, LinkParams, Mode};
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
    /// `computer`, `people` or `watch`.
    mode: Option<&'static str>,
    /// 1 to 8.
    level: Option<u8>,
    /// `red` or `blue`.
    side: Option<&'static str>,
    /// `en`, `fr`, `es`, `de`, `pt`, `ja`, `ko`, `vi`, `zh-Hans` or `zh-Hant`.
    lang: Option<&'static str>,
    /// Whether the page is embedded in another site (a bare board).
    embed: bool,
    /// `light`, `dark` or `contrast`.
    theme: Option<&'static str>,
    /// The board size in CSS pixels.
    size: Option<u32>,
    /// Whether the game opens on the analysis board.
    analysis: bool,
    /// One `{message, code, params}` for each parameter ignored, saying why. Unknown
    /// parameters (a tracker's `utm_source`, …) are other sites' business and are left out.
    warnings: Vec<ReasonView>,
}

/// Reads the page's query or hash (`?fen=…&mode=computer&embed=1`, see [`LinkParams`] and
/// the page settings of `page_settings.rs`). Never fails: what is wrong is left out and explained in `warnings`.
#[wasm_bindgen(js_name = parseLink)]
pub fn parse_link(query: &str) -> JsValue {
    let link = LinkParams::parse(query);
    let (settings, setting_warnings) = PageSettings::read(&link.others);
    let warnings = link.warnings.iter().chain(&setting_warnings);
    let view = LinkView {
        rules: link.rules.to_string(),
        fen: link.fen,
        moves: link.moves.iter().map(Move::to_string).collect(),
        mode: link.mode.map(|m| m.name()),
        level: link.level,
        side: link.side.map(|c| c.name()),
        lang: settings.lang,
        embed: settings.embed,
        theme: settings.theme,
        size: settings.size,
        analysis: settings.analysis,
        warnings: warnings.filter(|w| !matches!(w, LinkError::Unknown { .. })).map(ReasonView::of).collect(),
    };
    to_js(&view)
}

/// The query (without `?`) of a share link that opens the game from `fen` (empty: the start
/// position) under `rules` with `moves`, in `mode` (`computer`, `people` or `watch`; the old
/// `ai` and `local` are read too), at `level` (1–8), `side` (`red` or `blue`) and `lang`;
/// settings that are empty or unknown are left out. Throws if the game is not valid.
#[wasm_bindgen(js_name = shareQuery)]
pub fn share_link_query(
    rules: &str,
    fen: &str,
    moves: Vec<String>,
    mode: &str,
    level: u8,
    side: &str,
    lang_tag: &str,
) -> Result<String, JsError> {
    let mut game = Game::from_position(position_from(rules, Some(fen))?);
    for text in &moves {
        game.play_text(text).map_err(refused)?;
    }
    let side = Color::ALL.into_iter().find(|c| c.name() == side);
    let query = share_query(&game, Mode::from_name(mode), Some(level), side);
    Ok(match lang(lang_tag) {
        Some(tag) if query.is_empty() => format!("lang={tag}"),
        Some(tag) => format!("{query}&lang={tag}"),
        None => query,
    })
}
