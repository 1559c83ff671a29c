//! The rule options: the defaults are those of RULES.md, every value of every option reads
//! and writes back, and a bad option list is refused with a short message whatever its size.

mod common;

use jungle::error_code::ErrorCode;
use jungle::rules::{Color, GameKind, Jumps, LionTiger, RankOrder, Rules, RulesError, TrapRule, OPTIONS};

#[test]
fn the_defaults_are_those_of_rules_md() {
    let expected = Rules {
        game: GameKind::Jungle,
        first: Color::Red,
        elephant_takes_rat: false,
        rat_edge_capture: true,
        rat_water_takes_elephant: false,
        dog_swims: false,
        ranks: RankOrder::Standard,
        lion_tiger: LionTiger::Lion,
        lion_jumps: Jumps::Both,
        tiger_jumps: Jumps::Both,
        leopard_jumps: Jumps::None,
        traps: TrapRule::Enemy,
        trapped_attacker_powerless: false,
        chase_rules: false,
        repetition_draw: true,
        no_capture_limit: 200,
    };
    assert_eq!(Rules::default(), expected);
    assert_eq!(Rules::default().to_string(), "");
    // Each option's first value is its default.
    for option in OPTIONS {
        let default = Rules::default().get(option.name).unwrap();
        match option.values {
            Some(values) => assert_eq!(values[0], default, "{}", option.name),
            None => assert_eq!(default, "200"),
        }
    }
}

#[test]
fn every_value_of_every_option_reads_and_writes_back() {
    let names: Vec<&str> = OPTIONS.iter().map(|o| o.name).collect();
    assert_eq!(names, common::RULE_OPTION_NAMES);
    for option in OPTIONS {
        let values: Vec<&str> = option.values.map_or(vec!["0", "17", "200", "4294967295"], |v| v.to_vec());
        let mut seen = Vec::new();
        for value in values {
            let mut rules = Rules::default();
            rules.set(option.name, value).unwrap();
            assert_eq!(rules.get(option.name).as_deref(), Some(value));
            let text = rules.to_string();
            assert_eq!(text.parse::<Rules>().unwrap(), rules, "{text}");
            let default = Rules::default().get(option.name).unwrap() == value;
            assert_eq!(text.is_empty(), default, "{}={value}: `{text}`", option.name);
            assert!(!seen.contains(&rules), "{}={value} changes nothing", option.name);
            seen.push(rules);
        }
    }
    assert_eq!(Rules::default().get("cats-fly"), None);
}

#[test]
fn bad_values_are_refused() {
    let error = |text: &str| text.parse::<Rules>().unwrap_err();
    assert_eq!(error("traps=all"), RulesError::BadValue { option: "traps".into(), value: "all".into() });
    assert_eq!(error("cats-fly=yes"), RulesError::UnknownOption("cats-fly".into()));
    assert_eq!(error("dog-swims"), RulesError::NotAPair("dog-swims".into()));
    for number in ["-1", "+5", "1e3", "4294967296", " "] {
        assert!(matches!(error(&format!("no-capture-limit={number}x")), RulesError::BadValue { .. }));
        let mut rules = Rules::default();
        assert!(rules.set("no-capture-limit", number).is_err(), "{number}");
    }
    let e = error("leopard-jumps=sideways");
    assert_eq!(
        e.to_string(),
        "`sideways` is not a value of `leopard-jumps` (values: none, both, horizontal, vertical)"
    );
    assert_eq!(e.code(), "rules.bad-value");
}

#[test]
fn a_huge_option_list_makes_a_short_message() {
    let huge = "x".repeat(99 * 1024);
    for text in
        [huge.clone(), format!("{huge}=yes"), format!("dog-swims={huge}"), format!("ranks=fox,{huge}")]
    {
        let e = text.parse::<Rules>().unwrap_err();
        let message = e.to_string();
        // The fixed words (with the list of options at most) and 40 characters of the input.
        assert!(message.len() < 350, "{} bytes: {message}", message.len());
        assert!(message.contains(&format!("{}…", "x".repeat(40))), "{message}");
        for (_, value) in e.params() {
            assert!(value.to_string().chars().count() <= 41);
        }
    }
    // Control characters and quotes are escaped, on one line.
    let e = "dog-swims=\"\n\u{1b}".parse::<Rules>().unwrap_err();
    assert_eq!(e.to_string().lines().count(), 1);
    assert!(e.to_string().contains("\\\"\\n\\u{1b}"), "{e}");
}
