//! The rule options for the settings screen: every option of [`OPTIONS`] with English labels,
//! the named presets (one per source rule sheet), and a short summary of the rules in force.
//!
//! The option names and values come from [`OPTIONS`] alone; this file adds only words for
//! people (the page passes each through its translation function, keyed by option and value).

use crate::rules::{Rules, OPTIONS};
use serde::Serialize;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;

/// English words for one option: its label, and for each value a label for the settings
/// screen and a short phrase for the summary (empty for the default value).
struct Words {
    option: &'static str,
    label: &'static str,
    values: &'static [(&'static str, &'static str, &'static str)],
}

/// The words of every option, in the order of [`OPTIONS`] (a test checks they match).
const WORDS: &[Words] = &[
    Words {
        option: "game",
        label: "Game",
        values: &[
            ("jungle", "Jungle", ""),
            (
                "animal-checkers",
                "Animal Checkers (no water or traps; rat, dog, tiger and elephant)",
                "Animal Checkers",
            ),
        ],
    },
    Words {
        option: "first",
        label: "Moves first",
        values: &[("red", "Red", ""), ("blue", "Blue", "Blue moves first")],
    },
    Words {
        option: "elephant-takes-rat",
        label: "The elephant may take the rat",
        values: &[("no", "No", ""), ("yes", "Yes", "Elephant takes rat")],
    },
    Words {
        option: "rat-edge-capture",
        label: "A rat leaving the water may take the enemy rat",
        values: &[("yes", "Yes", ""), ("no", "No", "No rat capture from the water")],
    },
    Words {
        option: "rat-water-takes-elephant",
        label: "A rat leaving the water may take the elephant",
        values: &[("no", "No", ""), ("yes", "Yes", "Rat from the water takes elephant")],
    },
    Words {
        option: "dog-swims",
        label: "The dog swims",
        values: &[("no", "No", ""), ("yes", "Yes", "Dog swims")],
    },
    Words {
        option: "ranks",
        label: "Wolf and dog",
        values: &[
            ("standard", "Wolf 4, dog 3", ""),
            ("dog-over-wolf", "Dog 4, wolf 3", "Dog > Wolf"),
            ("fox", "A fox below the dog instead of the wolf", "Fox instead of wolf"),
        ],
    },
    Words {
        option: "lion-tiger",
        label: "Lion and tiger",
        values: &[
            ("lion", "The lion is stronger", ""),
            ("tiger", "The tiger is stronger", "Tiger > Lion"),
            ("equal", "Equal: they take each other", "Lion = Tiger"),
        ],
    },
    Words {
        option: "lion-jumps",
        label: "The lion jumps the rivers",
        values: &[
            ("both", "Across and along", ""),
            ("horizontal", "Sideways only", "Lion jumps sideways only"),
            ("vertical", "Up and down only", "Lion jumps up and down only"),
            ("none", "Never", "Lion does not jump"),
        ],
    },
    Words {
        option: "tiger-jumps",
        label: "The tiger jumps the rivers",
        values: &[
            ("both", "Across and along", ""),
            ("horizontal", "Sideways only", "Tiger jumps sideways only"),
            ("vertical", "Up and down only", "Tiger jumps up and down only"),
            ("none", "Never", "Tiger does not jump"),
        ],
    },
    Words {
        option: "leopard-jumps",
        label: "The leopard jumps the rivers",
        values: &[
            ("none", "Never", ""),
            ("both", "Across and along", "Leopard jumps"),
            ("horizontal", "Sideways only", "Leopard jumps sideways"),
            ("vertical", "Up and down only", "Leopard jumps up and down"),
        ],
    },
    Words {
        option: "traps",
        label: "Traps",
        values: &[
            ("enemy", "Only the opponent's traps weaken", ""),
            ("universal", "Every trap weakens any piece", "Universal traps"),
        ],
    },
    Words {
        option: "trapped-attacker",
        label: "A piece on an enemy trap attacks",
        values: &[
            ("full", "At full strength", ""),
            ("powerless", "Powerless (rank 0)", "Trapped pieces powerless"),
        ],
    },
    Words {
        option: "chase-rules",
        label: "Anti-chasing rules (7-3 and 17-5)",
        values: &[("off", "Off", ""), ("on", "On", "Anti-chasing rules")],
    },
    Words {
        option: "repetition",
        label: "The third repetition of a position",
        values: &[("draw", "Is a draw", ""), ("off", "Does not count", "No repetition draw")],
    },
    Words {
        option: "no-capture-limit",
        label: "Draw after this many moves (plies) without a capture; 0 = never",
        values: &[],
    },
];

/// A named set of rules: the usual ones, competition play, and one per source rule sheet
/// (`../shared/seeds/`). `rules` is an option list as [`Rules`] reads it.
struct Preset {
    id: &'static str,
    name: &'static str,
    /// Where the rules come from, a sentence for the settings screen (empty for Standard).
    source: &'static str,
    rules: &'static str,
}

/// The presets. How each source sheet (`../shared/seeds/`) was read:
/// - 000, a Grenoble club's French sheet: the elephant "can eat every other piece" (so it takes
///   the rat), and the dog fears only the stronger animals and the enemy dog, while the wolf also
///   fears the dog: the dog ranks above the wolf. A rat leaving the water takes the rat, not the
///   elephant (the defaults).
/// - 001, a French encyclopedia article: "an elephant may very well take a rat"; White (Red)
///   moves first; everything else as the defaults (its variants are listed as variants).
/// - 002, a French printed sheet: "the first move always goes to Blue"; the elephant crushes
///   the rat; the dog is listed above the wolf.
/// - 003, an English rules page: the rat "may not capture the Elephant or another Rat on land
///   directly from a water square"; the elephant does not take the rat. (One example gives the
///   dog rank 4, but the page lists "the Dog stronger than the Wolf" as a variation, so the
///   ranks stay standard.)
/// - 004, an illustrated print-and-play sheet: exactly the default rules.
const PRESETS: &[Preset] = &[
    Preset { id: "standard", name: "Standard", source: "", rules: "" },
    Preset {
        id: "competition",
        name: "Competition",
        source: "The standard rules with the anti-chasing rules",
        rules: "chase-rules=on",
    },
    Preset {
        id: "grenoble",
        name: "Grenoble club sheet",
        source: "From the French rule sheet of a Grenoble club (2005)",
        rules: "elephant-takes-rat=yes,ranks=dog-over-wolf",
    },
    Preset {
        id: "french-encyclopedia",
        name: "French encyclopedia",
        source: "From a French encyclopedia article",
        rules: "elephant-takes-rat=yes",
    },
    Preset {
        id: "blue-first",
        name: "Blue moves first",
        source: "From a French printed rule sheet",
        rules: "first=blue,elephant-takes-rat=yes,ranks=dog-over-wolf",
    },
    Preset {
        id: "english-blog",
        name: "English blog",
        source: "From an English rules page (DouShouQi, Jungle Chess)",
        rules: "rat-edge-capture=no",
    },
    Preset {
        id: "print-and-play",
        name: "Print-and-play sheet",
        source: "From illustrated print-and-play rules",
        rules: "",
    },
    Preset {
        id: "animal-checkers",
        name: "Animal Checkers",
        source: "The simplified game: no water or traps, four animals",
        rules: "game=animal-checkers",
    },
];

#[derive(Serialize)]
struct ValueView {
    value: &'static str,
    label: &'static str,
    /// The summary phrase (empty for the default).
    short: &'static str,
}

#[derive(Serialize)]
struct OptionView {
    name: &'static str,
    label: &'static str,
    /// The default value, as text.
    default: String,
    /// The allowed values, default first; empty for a number (`no-capture-limit`).
    values: Vec<ValueView>,
}

#[derive(Serialize)]
struct PresetView {
    id: &'static str,
    name: &'static str,
    source: &'static str,
    /// The option list, written by [`Rules`] (only what differs from the defaults).
    rules: String,
    /// The value of every option under these rules.
    values: BTreeMap<&'static str, String>,
}

/// One phrase of the summary: the option and value it describes, and the English words.
#[derive(Serialize)]
struct SummaryItem {
    option: &'static str,
    value: String,
    text: String,
}

fn to_js<T: Serialize>(value: &T) -> JsValue {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value.serialize(&serializer).expect("plain data converts to a JS value")
}

fn words(option: &str) -> Option<&'static Words> {
    WORDS.iter().find(|w| w.option == option)
}

/// Every rule option, in the order of `RULES.md`:
/// `[{name, label, default, values: [{value, label, short}]}, …]` (`values` empty for a number).
#[wasm_bindgen(js_name = ruleOptions)]
pub fn rule_options() -> JsValue {
    let defaults = Rules::default();
    let options: Vec<OptionView> = OPTIONS
        .iter()
        .map(|o| {
            let w = words(o.name);
            let values = o.values.unwrap_or(&[]).iter().map(|&value| {
                let found = w.and_then(|w| w.values.iter().find(|v| v.0 == value));
                ValueView { value, label: found.map_or(value, |v| v.1), short: found.map_or("", |v| v.2) }
            });
            OptionView {
                name: o.name,
                label: w.map_or(o.name, |w| w.label),
                default: defaults.get(o.name).unwrap_or_default(),
                values: values.collect(),
            }
        })
        .collect();
    to_js(&options)
}

/// The named rule sets: `[{id, name, source, rules}, …]`, Standard first.
#[wasm_bindgen(js_name = rulePresets)]
pub fn rule_presets() -> JsValue {
    let presets: Vec<PresetView> = PRESETS
        .iter()
        .map(|p| {
            let rules: Rules = p.rules.parse().expect("presets are valid");
            PresetView {
                id: p.id,
                name: p.name,
                source: p.source,
                rules: rules.to_string(),
                values: values_of(&rules),
            }
        })
        .collect();
    to_js(&presets)
}

/// The value of every option of `rules`, by option name.
fn values_of(rules: &Rules) -> BTreeMap<&'static str, String> {
    OPTIONS.iter().filter_map(|o| Some((o.name, rules.get(o.name)?))).collect()
}

/// The value of every option under `rules` (`option=value,…`): `{game: "jungle", …}`.
/// Throws the reason for an unknown option or value.
#[wasm_bindgen(js_name = ruleValues)]
pub fn rule_values(rules: &str) -> Result<JsValue, JsError> {
    Ok(to_js(&values_of(&rules.parse()?)))
}

/// Reads an option list and writes it back the engine's way (only what differs from the
/// defaults, in the order of `RULES.md`). Throws the reason for an unknown option or value.
#[wasm_bindgen(js_name = normalizeRules)]
pub fn normalize_rules(rules: &str) -> Result<String, JsError> {
    Ok(rules.parse::<Rules>()?.to_string())
}

/// The rules in force as short phrases, one per option that differs from the defaults:
/// `[{option, value, text: "Dog swims"}, …]`; empty for the default rules.
/// Throws for an invalid option list.
#[wasm_bindgen(js_name = rulesSummary)]
pub fn rules_summary(rules: &str) -> Result<JsValue, JsError> {
    let rules: Rules = rules.parse()?;
    let defaults = Rules::default();
    let mut items = Vec::new();
    for o in OPTIONS {
        let (Some(value), default) = (rules.get(o.name), defaults.get(o.name)) else { continue };
        if Some(&value) == default.as_ref() {
            continue;
        }
        let text = match words(o.name).and_then(|w| w.values.iter().find(|v| v.0 == value)) {
            Some(v) => v.2.to_string(),
            None if value == "0" => "No move limit".to_string(),
            None => format!("Draw after {value} plies without a capture"),
        };
        items.push(SummaryItem { option: o.name, value, text });
    }
    Ok(to_js(&items))
}
