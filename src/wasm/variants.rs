//! The rule options for the settings screen: every option of [`OPTIONS`], the named presets
//! ([`PRESETS`], one per source rule sheet), and the options of the rules in force that differ from the
//! defaults.
//!
//! Only ids cross: option names, value names, preset ids. The page has the words for people
//! in its language files: `rule.<option>`, `rule.<option>.<value>` (and the summary's
//! `rule.<option>.<value>.short`), `preset.<id>` and `preset.<id>.source`.

use super::errors::refused;
use super::js::to_js;
use crate::rules::{Rules, OPTIONS, PRESETS};
use serde::Serialize;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
struct ValueView {
    value: &'static str,
}

#[derive(Serialize)]
struct OptionView {
    name: &'static str,
    /// The default value, as text.
    default: String,
    /// The allowed values, default first; empty for a number (`no-capture-limit`).
    values: Vec<ValueView>,
}

#[derive(Serialize)]
struct PresetView {
    id: &'static str,
    /// The option list, written by [`Rules`] (only what differs from the defaults).
    rules: String,
    /// The value of every option under these rules.
    values: BTreeMap<&'static str, String>,
}

/// One option that differs from the defaults, and its value.
#[derive(Serialize)]
struct SummaryItem {
    option: &'static str,
    value: String,
}

/// Every rule option, in the order of `RULES.md`:
/// `[{name, default, values: [{value}]}, …]` (`values` empty for a number).
#[wasm_bindgen(js_name = ruleOptions)]
pub fn rule_options() -> JsValue {
    let defaults = Rules::default();
    let options: Vec<OptionView> = OPTIONS
        .iter()
        .map(|o| OptionView {
            name: o.name,
            default: defaults.get(o.name).unwrap_or_default(),
            values: o.values.unwrap_or(&[]).iter().map(|&value| ValueView { value }).collect(),
        })
        .collect();
    to_js(&options)
}

/// The named rule sets: `[{id, rules, values: {option: value, …}}, …]`, Standard first.
#[wasm_bindgen(js_name = rulePresets)]
pub fn rule_presets() -> JsValue {
    let presets: Vec<PresetView> = PRESETS
        .iter()
        .map(|p| {
            let rules = p.rules();
            PresetView { id: p.id, rules: rules.to_string(), values: values_of(&rules) }
        })
        .collect();
    to_js(&presets)
}

/// The value of every option of `rules`, by option name.
fn values_of(rules: &Rules) -> BTreeMap<&'static str, String> {
    OPTIONS.iter().filter_map(|o| Some((o.name, rules.get(o.name)?))).collect()
}

/// The value of every option under `rules` (`option=value,…`): `{game: "jungle", …}`.
/// Throws a `rules.…` refusal for an unknown option or value.
#[wasm_bindgen(js_name = ruleValues)]
pub fn rule_values(rules: &str) -> Result<JsValue, JsError> {
    Ok(to_js(&values_of(&rules.parse().map_err(refused)?)))
}

/// Reads an option list and writes it back the engine's way (only what differs from the
/// defaults, in the order of `RULES.md`). Throws a `rules.…` refusal for an unknown option or
/// value.
#[wasm_bindgen(js_name = normalizeRules)]
pub fn normalize_rules(rules: &str) -> Result<String, JsError> {
    Ok(rules.parse::<Rules>().map_err(refused)?.to_string())
}

/// The options of `rules` that differ from the defaults, in the order of `RULES.md`:
/// `[{option: "dog-swims", value: "yes"}, …]`; empty for the default rules. The page words
/// each as `rule.<option>.<value>.short` (the number of `no-capture-limit` as its own).
/// Throws a `rules.…` refusal for an invalid option list.
#[wasm_bindgen(js_name = rulesSummary)]
pub fn rules_summary(rules: &str) -> Result<JsValue, JsError> {
    let rules: Rules = rules.parse().map_err(refused)?;
    let defaults = Rules::default();
    let items: Vec<SummaryItem> = OPTIONS
        .iter()
        .filter_map(|o| {
            let value = rules.get(o.name)?;
            (Some(&value) != defaults.get(o.name).as_ref()).then_some(SummaryItem { option: o.name, value })
        })
        .collect();
    Ok(to_js(&items))
}
