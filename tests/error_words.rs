//! The page has words for every refusal the engine can give, in every language, and no more:
//! each code of each error type's list has an `error.<code>` text in www/i18n/ (either table), whose
//! `{places}` are among that code's parameters (a wrapper's: also `cause` and its possible
//! causes' parameters), and no `error.*` text is for a code the engine cannot give. The
//! tables are read as text (one `'key': 'text',` a line), the way they are written. The same
//! holds for the online server's refusals: each of its codes has an `online.error.<code>` text.

use jungle::error_code::{Code, ErrorCode};
use jungle::record::{HeaderProblem, LinkError, LinkParams};
use jungle::rules::{FenError, MoveError, PositionError, RulesError};
use std::collections::{BTreeMap, BTreeSet};

const LANGUAGES: [&str; 10] = ["en", "de", "es", "fr", "pt", "vi", "ja", "ko", "zh-hans", "zh-hant"];

/// Every code the engine can give (the list `errorCodes()` gives the page).
fn all_codes() -> Vec<Code> {
    jungle::record::error_codes().collect()
}

/// The codes a wrapper's `cause` can hold: the error type of the variant's inner field (a
/// position error can also be a FEN error, which it passes through with its own code).
fn causes(wrapper: &str) -> Option<Vec<Code>> {
    let position = || [FenError::CODES, PositionError::CODES].concat();
    Some(match wrapper {
        "record.bad-header" => HeaderProblem::CODES.to_vec(),
        "record.rules" | "link.rules" => RulesError::CODES.to_vec(),
        "record.position" | "link.fen" => position(),
        "record.move" | "link.move" => MoveError::CODES.to_vec(),
        _ => return None,
    })
}

/// Places the page fills itself from a code's parameters (www/page/i18n.js, `PAGE_PLACES`): what a
/// link parameter takes, from its `link.expects.<param>` text.
const PAGE_PLACES: [(&str, &str); 1] = [("link.bad-value", "expected")];

/// The link parameters whose values the engine checks (and so may report as a `link.bad-value`).
const VALUE_PARAMS: [&str; 3] = ["level", "mode", "side"];

/// The page's own settings in a link, whose values the wasm door checks (`page_settings.rs`)
/// and reports as a `link.bad-value` too, with the other bad parameters.
const PAGE_SETTING_PARAMS: [&str; 5] = ["lang", "embed", "theme", "size", "analysis"];

/// The `error.*`, `link.expects.*` and `online.error.*` texts of one language's tables (the
/// first board's, www/i18n/<language>.js, and the later one, www/i18n/later/), by key.
fn error_texts(language: &str) -> BTreeMap<String, String> {
    let mut texts = BTreeMap::new();
    for dir in ["www/i18n", "www/i18n/later"] {
        let path = format!("{}/{dir}/{language}.js", env!("CARGO_MANIFEST_DIR"));
        read_error_texts(&path, &mut texts);
    }
    texts
}

/// Adds the error texts of the table at `path` to `texts`.
fn read_error_texts(path: &str, texts: &mut BTreeMap<String, String>) {
    let source = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    for line in source.lines() {
        let line = line.trim();
        let prefixes = ["'error.", "'link.expects.", "'online.error."];
        if !prefixes.iter().any(|prefix| line.starts_with(prefix)) {
            continue;
        }
        let (key, text) =
            entry(line).unwrap_or_else(|| panic!("{path}: not a `'key': 'text',` line: {line}"));
        assert!(texts.insert(key.clone(), text).is_none(), "{path}: {key} twice");
    }
}

/// The key and text of a `'key': 'text',` line, the text's escapes undone.
fn entry(line: &str) -> Option<(String, String)> {
    let (key, rest) = line.strip_prefix('\'')?.split_once("': '")?;
    let mut text = String::new();
    let mut chars = rest.chars();
    loop {
        match chars.next()? {
            '\\' => text.push(chars.next()?),
            '\'' => break,
            c => text.push(c),
        }
    }
    matches!(chars.as_str(), "," | "").then(|| (key.to_string(), text))
}

/// The names of the `{name}` places of a text.
fn places(text: &str) -> BTreeSet<&str> {
    let mut names = BTreeSet::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        rest = &rest[open + 1..];
        let name_end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
        if name_end > 0 && rest[name_end..].starts_with('}') {
            names.insert(&rest[..name_end]);
        }
    }
    names
}

/// The places a code's text may use: its parameters, its causes' and the page's own.
fn allowed_places(code: &Code) -> BTreeSet<&'static str> {
    let mut allowed: BTreeSet<&str> = code.params.iter().copied().collect();
    if let Some(causes) = causes(code.code) {
        allowed.extend(causes.iter().flat_map(|cause| cause.params.iter().copied()));
    }
    allowed.extend(PAGE_PLACES.iter().filter(|(c, _)| *c == code.code).map(|(_, place)| *place));
    allowed
}

#[test]
fn the_codes_are_distinct_and_every_wrapper_has_known_causes() {
    let codes = all_codes();
    let distinct: BTreeSet<&str> = codes.iter().map(|c| c.code).collect();
    assert_eq!(distinct.len(), codes.len(), "a code is listed twice");
    for code in &codes {
        let wrapper = code.params.contains(&"cause");
        assert_eq!(wrapper, causes(code.code).is_some(), "{}: a wrapper iff it has causes here", code.code);
    }
    assert!(codes.len() > 50, "only {} codes", codes.len());
}

#[test]
fn every_code_has_words_in_every_language() {
    for language in LANGUAGES {
        let texts = error_texts(language);
        let missing: Vec<&str> = all_codes()
            .iter()
            .map(|c| c.code)
            .filter(|code| !texts.contains_key(&format!("error.{code}")))
            .collect();
        assert!(missing.is_empty(), "{language}: no words for {missing:?}");
    }
}

#[test]
fn every_place_is_a_parameter_of_its_code() {
    for language in LANGUAGES {
        let texts = error_texts(language);
        for code in all_codes() {
            let Some(text) = texts.get(&format!("error.{}", code.code)) else { continue };
            let allowed = allowed_places(&code);
            let unknown: Vec<&str> =
                places(text).into_iter().filter(|name| !allowed.contains(name)).collect();
            assert!(unknown.is_empty(), "{language} error.{}: {unknown:?} not among {allowed:?}", code.code);
            if causes(code.code).is_some() {
                assert!(places(text).contains("cause"), "{language} error.{}: no {{cause}}", code.code);
            }
        }
    }
}

#[test]
fn no_words_for_a_code_the_engine_cannot_give() {
    let codes: BTreeSet<String> = all_codes().iter().map(|c| format!("error.{}", c.code)).collect();
    for language in LANGUAGES {
        let texts = error_texts(language);
        let extra: Vec<&String> =
            texts.keys().filter(|k| k.starts_with("error.") && !codes.contains(*k)).collect();
        assert!(extra.is_empty(), "{language}: {extra:?} is no code of the engine");
    }
}

#[test]
fn every_link_parameter_with_values_has_words_for_what_it_takes() {
    // The engine reports each of these as a bad value, so the page needs its words...
    let query: Vec<String> = VALUE_PARAMS.iter().map(|p| format!("{p}=nonsense")).collect();
    let link = LinkParams::parse(&query.join("&"));
    let reported: Vec<&str> = link
        .warnings
        .iter()
        .map(|w| match w {
            LinkError::BadValue { param, .. } => *param,
            other => panic!("not a bad value: {other}"),
        })
        .collect();
    assert_eq!(reported, VALUE_PARAMS);
    // ...and has them, and none for a parameter the engine does not check.
    let wanted: BTreeSet<String> =
        VALUE_PARAMS.iter().chain(&PAGE_SETTING_PARAMS).map(|p| format!("link.expects.{p}")).collect();
    for language in LANGUAGES {
        let texts = error_texts(language);
        let expects: BTreeSet<String> =
            texts.keys().filter(|k| k.starts_with("link.expects.")).cloned().collect();
        assert_eq!(expects, wanted, "{language}");
    }
}

/// Every code the server can refuse with (its `Code::ALL`, declared with the codes) has words
/// in every language, whose places are among that code's parameters; a caused refusal's
/// `{cause}` is worded apart, by the engine's words (www/online/online-words.js).
#[cfg(feature = "server")]
#[test]
fn every_server_refusal_has_words_in_every_language() {
    use jungle::server::RefusalCode;
    for language in LANGUAGES {
        let texts = error_texts(language);
        for code in RefusalCode::ALL {
            let key = format!("online.error.{}", code.name());
            let text = texts.get(&key).unwrap_or_else(|| panic!("{language}: no words for {key}"));
            let unknown: Vec<&str> = places(text)
                .into_iter()
                .filter(|place| *place == "cause" || !code.params().contains(place))
                .collect();
            assert!(unknown.is_empty(), "{language} {key}: {unknown:?} not among {:?}", code.params());
        }
        let because = texts.get("online.error.because").map(|text| places(text));
        assert_eq!(because, Some(BTreeSet::from(["cause", "reason"])), "{language} online.error.because");
    }
}

#[test]
fn places_and_entries_are_read_as_written() {
    let (key, text) = entry(r"'error.x': 'a `\\u{…}` and `{` then {name} and {other}',").unwrap();
    assert_eq!(key, "error.x");
    assert_eq!(text, r"a `\u{…}` and `{` then {name} and {other}");
    assert_eq!(places(&text), BTreeSet::from(["name", "other"]));
    assert_eq!(entry("'error.x': 'no end"), None);
}
