//! The engine's options: `Hash`, `Level`, `TablebasePath` and every rule option of RULES.md
//! under its own name.

use jungle::ai::Level;
use jungle::echo::quote;
use jungle::rules::{Rules, OPTIONS};

/// The transposition table size at start-up, in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;
const MAX_HASH_MB: usize = 1024;
/// The largest `no-capture-limit` offered (any number of plies is allowed by the rules).
const MAX_NO_CAPTURE_LIMIT: u32 = 1_000_000;

/// The `option name … type …` lines of the handshake, defaults as in RULES.md.
pub fn lines() -> Vec<String> {
    let mut lines = vec![
        format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
        format!(
            "option name Level type spin default {} min {} max {}",
            Level::MAX.number(),
            Level::MIN.number(),
            Level::MAX.number()
        ),
        "option name TablebasePath type string default <empty>".to_string(),
    ];
    let defaults = Rules::default();
    for option in OPTIONS {
        let line = match option.values {
            Some(values) => {
                let vars: Vec<String> = values.iter().map(|v| format!("var {v}")).collect();
                format!("option name {} type combo default {} {}", option.name, values[0], vars.join(" "))
            }
            None => {
                let default = defaults.get(option.name).unwrap_or_default();
                format!(
                    "option name {} type spin default {default} min 0 max {MAX_NO_CAPTURE_LIMIT}",
                    option.name
                )
            }
        };
        lines.push(line);
    }
    lines
}

/// What a valid `setoption` changes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Setting {
    /// The transposition table size in megabytes.
    Hash(usize),
    Level(Level),
    /// The rules with the option changed.
    Rules(Rules),
    /// The folder of endgame tables to search with (`None`: none).
    TablebasePath(Option<String>),
}

/// Checks `setoption name <name> value <value>` against the current `rules`. Names are matched
/// without regard to case, as interfaces differ in how they write them.
pub fn setting(name: &str, value: Option<&str>, rules: &Rules) -> Result<Setting, String> {
    let value = value.ok_or_else(|| format!("option `{}` needs a value", quote(name)))?;
    if name.eq_ignore_ascii_case("hash") {
        let mb = value.parse().ok().filter(|mb| (1..=MAX_HASH_MB).contains(mb));
        return mb
            .map(Setting::Hash)
            .ok_or_else(|| format!("Hash must be a number of megabytes from 1 to {MAX_HASH_MB}"));
    }
    if name.eq_ignore_ascii_case("level") {
        let level = value.parse().ok().and_then(Level::new);
        return level.map(Setting::Level).ok_or_else(|| "Level must be a number from 1 to 8".to_string());
    }
    if name.eq_ignore_ascii_case("tablebasepath") {
        let none = value.is_empty() || value == "<empty>";
        return Ok(Setting::TablebasePath((!none).then(|| value.to_string())));
    }
    let Some(option) = OPTIONS.iter().find(|o| o.name.eq_ignore_ascii_case(name)) else {
        let names: Vec<&str> = OPTIONS.iter().map(|o| o.name).collect();
        return Err(format!(
            "unknown option `{}` (options: Hash, Level, TablebasePath, {})",
            quote(name),
            names.join(", ")
        ));
    };
    if option.values.is_none() && value.parse::<u32>().is_ok_and(|n| n > MAX_NO_CAPTURE_LIMIT) {
        return Err(format!("{} must be at most {MAX_NO_CAPTURE_LIMIT}", option.name));
    }
    let mut changed = *rules;
    // The name is known: only the value can be wrong. The rules check it, the message is ours,
    // with the value quoted.
    changed.set(option.name, &value.to_ascii_lowercase()).map_err(|_| {
        let expected = match option.values {
            Some(values) => format!("values: {}", values.join(", ")),
            None => format!("a number of plies from 0 to {MAX_NO_CAPTURE_LIMIT}, 0 = off"),
        };
        format!("`{}` is not a value of `{}` ({expected})", quote(value), option.name)
    })?;
    Ok(Setting::Rules(changed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_option() {
        let lines = lines();
        assert_eq!(lines.len(), OPTIONS.len() + 3);
        assert!(lines.contains(&"option name dog-swims type combo default no var no var yes".to_string()));
        assert!(lines
            .contains(&"option name no-capture-limit type spin default 200 min 0 max 1000000".to_string()));
        assert!(lines.contains(&"option name Level type spin default 8 min 1 max 8".to_string()));
    }

    #[test]
    fn settings() {
        let rules = Rules::default();
        assert_eq!(setting("hash", Some("64"), &rules), Ok(Setting::Hash(64)));
        assert!(setting("Hash", Some("0"), &rules).is_err());
        assert_eq!(setting("Level", Some("3"), &rules), Ok(Setting::Level(Level::new(3).unwrap())));
        assert!(setting("Level", Some("9"), &rules).is_err());
        let Ok(Setting::Rules(r)) = setting("Dog-Swims", Some("Yes"), &rules) else { panic!("dog-swims") };
        assert!(r.dog_swims);
        assert!(setting("dog-swims", Some("maybe"), &rules).unwrap_err().contains("values: no, yes"));
        assert!(setting("dog-flies", Some("yes"), &rules).unwrap_err().contains("unknown option"));
        assert!(setting("no-capture-limit", Some("2000000"), &rules).is_err());
        assert!(setting("traps", None, &rules).is_err());
        let path = Some("/tables".to_string());
        assert_eq!(setting("TablebasePath", Some("/tables"), &rules), Ok(Setting::TablebasePath(path)));
        assert_eq!(setting("tablebasepath", Some("<empty>"), &rules), Ok(Setting::TablebasePath(None)));
    }
}
