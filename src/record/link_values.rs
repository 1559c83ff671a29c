//! The small values of a share link: mode, language, theme, level, side, size and embed.
//! Each reader returns `None` for a value it does not know; the link reports it.

use crate::ai::Level;
use crate::rules::Color;

/// The smallest board size a link may ask for, in CSS pixels.
pub const MIN_SIZE: u32 = 120;
/// The largest board size a link may ask for, in CSS pixels.
pub const MAX_SIZE: u32 = 4096;

/// How the page is played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Mode {
    /// Against the computer (`ai`).
    Ai,
    /// Two people at one screen (`local`).
    Local,
    /// The computer plays both sides while the person watches (`watch`).
    Watch,
}

impl Mode {
    /// Every mode.
    pub const ALL: [Mode; 3] = [Mode::Ai, Mode::Local, Mode::Watch];

    /// The name in links: `ai`, `local` or `watch`.
    ///
    /// ```
    /// use jungle::record::Mode;
    /// assert_eq!(Mode::from_name("AI"), Some(Mode::Ai));
    /// assert_eq!(Mode::Watch.name(), "watch");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Mode::Ai => "ai",
            Mode::Local => "local",
            Mode::Watch => "watch",
        }
    }

    /// The mode named `name` (ignoring ASCII case).
    pub fn from_name(name: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.name().eq_ignore_ascii_case(name))
    }
}

/// The language of the page.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Lang {
    /// English (`en`).
    En,
    /// French (`fr`).
    Fr,
    /// Simplified Chinese (`zh-Hans`).
    ZhHans,
    /// Traditional Chinese (`zh-Hant`).
    ZhHant,
}

impl Lang {
    /// The language tag written in links: `en`, `fr`, `zh-Hans` or `zh-Hant`.
    ///
    /// ```
    /// use jungle::record::Lang;
    /// assert_eq!(Lang::ZhHant.code(), "zh-Hant");
    /// ```
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::ZhHans => "zh-Hans",
            Lang::ZhHant => "zh-Hant",
        }
    }

    /// The language of a BCP 47 tag, ignoring case and accepting `_` for `-`: `en`, `en-GB`,
    /// `fr`, `fr-CA`, `zh`, `zh-CN`, `zh-SG` and `zh-Hans` are Simplified; `zh-TW`, `zh-HK`,
    /// `zh-MO` and `zh-Hant` (with any region) are Traditional.
    ///
    /// ```
    /// use jungle::record::Lang;
    /// assert_eq!(Lang::from_tag("zh_TW"), Some(Lang::ZhHant));
    /// assert_eq!(Lang::from_tag("zh-Hans-HK"), Some(Lang::ZhHans));
    /// assert_eq!(Lang::from_tag("de"), None);
    /// ```
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let tag = tag.to_ascii_lowercase().replace('_', "-");
        let mut parts = tag.split('-');
        let lang = match parts.next()? {
            "en" => Lang::En,
            "fr" => Lang::Fr,
            "zh" => {
                let rest: Vec<&str> = parts.clone().collect();
                let script = rest.first().copied();
                let region_hant = rest.iter().any(|s| matches!(*s, "tw" | "hk" | "mo"));
                let traditional = script == Some("hant") || (script != Some("hans") && region_hant);
                if traditional {
                    Lang::ZhHant
                } else {
                    Lang::ZhHans
                }
            }
            _ => return None,
        };
        parts
            .all(|p| (1..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()))
            .then_some(lang)
    }
}

/// The colours of the page.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Theme {
    /// Light (`light`).
    Light,
    /// Dark (`dark`).
    Dark,
    /// High contrast (`contrast`).
    Contrast,
}

impl Theme {
    /// Every theme.
    pub const ALL: [Theme; 3] = [Theme::Light, Theme::Dark, Theme::Contrast];

    /// The name in links: `light`, `dark` or `contrast`.
    ///
    /// ```
    /// use jungle::record::Theme;
    /// assert_eq!(Theme::from_name("dark"), Some(Theme::Dark));
    /// assert_eq!(Theme::from_name("neon"), None);
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
            Theme::Contrast => "contrast",
        }
    }

    /// The theme named `name` (ignoring ASCII case).
    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name().eq_ignore_ascii_case(name))
    }
}

/// A level `1`..`8`, digits only.
pub(super) fn level(value: &str) -> Option<Level> {
    small_number(value).and_then(|n| u8::try_from(n).ok()).and_then(Level::new)
}

/// A side: `red` or `blue` (ignoring ASCII case).
pub(super) fn side(value: &str) -> Option<Color> {
    Color::ALL.into_iter().find(|c| c.name().eq_ignore_ascii_case(value))
}

/// A size in pixels within [`MIN_SIZE`]..=[`MAX_SIZE`], digits with an optional `px`.
pub(super) fn size(value: &str) -> Option<u32> {
    let digits = value.strip_suffix("px").unwrap_or(value);
    small_number(digits).filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
}

/// `1`, `true`, `yes` or nothing (a bare `embed`) is on; `0`, `false` or `no` is off.
pub(super) fn flag(value: &str) -> Option<bool> {
    match value.to_ascii_lowercase().as_str() {
        "" | "1" | "true" | "yes" => Some(true),
        "0" | "false" | "no" => Some(false),
        _ => None,
    }
}

/// A number of at most 9 decimal digits (no sign, no spaces).
fn small_number(value: &str) -> Option<u32> {
    let ok = (1..=9).contains(&value.len()) && value.bytes().all(|b| b.is_ascii_digit());
    ok.then(|| value.parse().ok()).flatten()
}
