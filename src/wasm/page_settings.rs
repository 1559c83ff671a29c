//! The page's own settings in its address: language, theme, board size, embedding and the
//! analysis board. They
//! are not game data, so the record module leaves them in [`LinkParams::others`]; the page
//! reads them here. Each reader returns `None` for a value it does not know.
//!
//! [`LinkParams::others`]: crate::record::LinkParams::others

use crate::echo::quote;
use crate::record::{small_number, LinkError};

/// The smallest board size a link may ask for, in CSS pixels.
pub const MIN_SIZE: u32 = 120;
/// The largest board size a link may ask for, in CSS pixels.
pub const MAX_SIZE: u32 = 4096;

/// The page settings of a link.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct PageSettings {
    /// The language's tag: `en`, `fr`, `es`, `de`, `pt`, `ja`, `ko`, `vi`, `zh-Hans` or `zh-Hant`.
    pub lang: Option<&'static str>,
    /// Whether the page is embedded in another site (a bare board).
    pub embed: bool,
    /// `light`, `dark` or `contrast`.
    pub theme: Option<&'static str>,
    /// The board size in CSS pixels.
    pub size: Option<u32>,
    /// Whether the link's game opens on the analysis board.
    pub analysis: bool,
}

/// The settings this file reads: name, what it takes (for the message).
const SETTINGS: [(&str, &str); 5] = [
    ("lang", "a language (en, fr, es, de, pt, ja, ko, vi, zh-Hans or zh-Hant)"),
    ("embed", "1 or 0"),
    ("theme", "a theme (light, dark or contrast)"),
    ("size", "a board size in pixels from 120 to 4096"),
    ("analysis", "1 or 0"),
];

impl PageSettings {
    /// Reads the settings among a link's other parameters (decoded, names in lowercase);
    /// returns them with a warning for each bad or repeated one. Other names are left alone.
    pub(crate) fn read(others: &[(String, String)]) -> (PageSettings, Vec<LinkError>) {
        let mut settings = PageSettings::default();
        let mut warnings = Vec::new();
        let mut seen = Vec::new();
        for (name, value) in others {
            let Some(&(param, expected)) = SETTINGS.iter().find(|(n, _)| n == name) else { continue };
            if value.is_empty() && param != "embed" && param != "analysis" {
                continue;
            }
            if seen.contains(&param) {
                warnings.push(LinkError::Repeated { param });
                continue;
            }
            seen.push(param);
            let ok = match param {
                "lang" => lang(value).map(|l| settings.lang = Some(l)).is_some(),
                "embed" => flag(value).map(|on| settings.embed = on).is_some(),
                "analysis" => flag(value).map(|on| settings.analysis = on).is_some(),
                "theme" => theme(value).map(|t| settings.theme = Some(t)).is_some(),
                _ => size(value).map(|s| settings.size = Some(s)).is_some(),
            };
            if !ok {
                warnings.push(LinkError::BadValue { param, value: quote(value), expected });
            }
        }
        (settings, warnings)
    }
}

/// The language of a BCP 47 tag, ignoring case and accepting `_` for `-`: `en`, `en-GB`,
/// `fr`, `fr-CA`, `es`, `es-MX`, `de`, `de-AT`, `pt`, `pt-BR`, `pt-PT`, `ja`, `ko`, `vi`
/// (any region: the language alone); `zh`, `zh-CN`, `zh-SG` and `zh-Hans` are Simplified
/// Chinese; `zh-TW`, `zh-HK`, `zh-MO` and `zh-Hant` (with any region) are Traditional.
pub(crate) fn lang(tag: &str) -> Option<&'static str> {
    let tag = tag.to_ascii_lowercase().replace('_', "-");
    let mut parts = tag.split('-');
    let lang = match parts.next()? {
        "en" => "en",
        "fr" => "fr",
        "es" => "es",
        "de" => "de",
        "pt" => "pt",
        "ja" => "ja",
        "ko" => "ko",
        "vi" => "vi",
        "zh" => {
            let rest: Vec<&str> = parts.clone().collect();
            let script = rest.first().copied();
            let region_hant = rest.iter().any(|s| matches!(*s, "tw" | "hk" | "mo"));
            if script == Some("hant") || (script != Some("hans") && region_hant) {
                "zh-Hant"
            } else {
                "zh-Hans"
            }
        }
        _ => return None,
    };
    parts.all(|p| (1..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric())).then_some(lang)
}

/// A theme: `light`, `dark` or `contrast` (ignoring ASCII case).
fn theme(name: &str) -> Option<&'static str> {
    ["light", "dark", "contrast"].into_iter().find(|t| t.eq_ignore_ascii_case(name))
}

/// A size in pixels within [`MIN_SIZE`]..=[`MAX_SIZE`], digits with an optional `px`.
fn size(value: &str) -> Option<u32> {
    let digits = value.strip_suffix("px").unwrap_or(value);
    small_number(digits).filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
}

/// `1`, `true`, `yes` or nothing (a bare `embed`) is on; `0`, `false` or `no` is off.
fn flag(value: &str) -> Option<bool> {
    match value.to_ascii_lowercase().as_str() {
        "" | "1" | "true" | "yes" => Some(true),
        "0" | "false" | "no" => Some(false),
        _ => None,
    }
}
