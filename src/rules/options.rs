//! The rule options of `RULES.md`: one small [`Rules`] value whose `Default` is the default
//! rule set. Each option is declared once (in `rule_options!` below); the struct, its
//! defaults, [`OPTIONS`], reading and writing all follow from that one list.

use super::animal::Animal;
use super::color::Color;
use super::terrain::{JumpAxis, Terrain};
use crate::echo::quote;
use crate::error_code::{Code, ErrorCode, Params};
use std::fmt;
use std::str::FromStr;

/// Which game is played on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum GameKind {
    /// Jungle with rivers and traps.
    #[default]
    Jungle,
    /// No water, no traps; only Rat, Dog, Tiger and Elephant.
    AnimalCheckers,
}

/// The order of Wolf and Dog.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum RankOrder {
    /// Wolf 4, Dog 3.
    #[default]
    Standard,
    /// Dog 4, Wolf 3.
    DogOverWolf,
    /// As `DogOverWolf`, the Wolf shown as a Fox.
    Fox,
}

/// Which of Lion and Tiger is stronger.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum LionTiger {
    /// Lion 7, Tiger 6.
    #[default]
    Lion,
    /// Tiger 7, Lion 6.
    Tiger,
    /// Both 7: they take each other.
    Equal,
}

/// The directions in which an animal may jump a river.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Jumps {
    /// Across and along the rivers.
    Both,
    /// Along a rank only (e.g. a4–d4).
    Horizontal,
    /// Along a file only (e.g. b3–b7).
    Vertical,
    /// Never.
    None,
}

impl Jumps {
    /// Whether a jump along `axis` is allowed.
    #[inline]
    pub fn allows(self, axis: JumpAxis) -> bool {
        match self {
            Jumps::Both => true,
            Jumps::Horizontal => axis == JumpAxis::Horizontal,
            Jumps::Vertical => axis == JumpAxis::Vertical,
            Jumps::None => false,
        }
    }
}

/// Which traps weaken which pieces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum TrapRule {
    /// Only the opponent's traps weaken a piece.
    #[default]
    Enemy,
    /// Any trap weakens any piece on it.
    Universal,
}

/// Declares [`Rules`] and everything derived from its options, from one list: each field
/// with its `RULES.md` name and either its values (`{ "name" => value, … }`, the default
/// first) or a number (`(default)`). From it come the struct, `Default`, [`OPTIONS`],
/// [`Rules::set`] and [`Rules::get`].
macro_rules! rule_options {
    (
        $(#[$meta:meta])*
        pub struct Rules {
            $( $(#[$field_meta:meta])* $field:ident : $ty:ty = $name:literal $spec:tt, )*
        }
    ) => {
        $(#[$meta])*
        pub struct Rules {
            $( $(#[$field_meta])* pub $field: $ty, )*
        }

        impl Default for Rules {
            fn default() -> Rules {
                Rules { $( $field: option_default!($spec), )* }
            }
        }

        /// Every option of `RULES.md`, in the order of that page.
        pub const OPTIONS: &[OptionInfo] = &[ $( OptionInfo { name: $name, values: option_values!($spec) }, )* ];

        impl Rules {
            /// Sets one option by its `RULES.md` name and value.
            ///
            /// ```
            /// use jungle::rules::Rules;
            /// let mut rules = Rules::default();
            /// rules.set("traps", "universal").unwrap();
            /// assert!(rules.set("traps", "everywhere").is_err());
            /// ```
            pub fn set(&mut self, option: &str, value: &str) -> Result<(), RulesError> {
                match option {
                    $( $name => {
                        self.$field = option_parse!($spec, value)
                            .ok_or_else(|| RulesError::BadValue { option: quote(option), value: quote(value) })?;
                    } )*
                    _ => return Err(RulesError::UnknownOption(quote(option))),
                }
                Ok(())
            }

            /// The value of an option by its `RULES.md` name, as text.
            pub fn get(&self, option: &str) -> Option<String> {
                match option {
                    $( $name => Some(option_print!($spec, self.$field)), )*
                    _ => None,
                }
            }
        }
    };
}

/// The default of an option: its first value, or the number given.
macro_rules! option_default {
    ({ $first:literal => $head:ident $(:: $tail:ident)* $(, $name:literal => $h:ident $(:: $t:ident)*)* }) => {
        $head $(:: $tail)*
    };
    (($default:expr)) => {
        $default
    };
}

/// The value names of an option, or `None` for a number.
macro_rules! option_values {
    ({ $($name:literal => $head:ident $(:: $tail:ident)*),+ }) => {
        Some(&[$($name),+])
    };
    (($default:expr)) => {
        None
    };
}

/// The value of an option read from its text, if it is one.
macro_rules! option_parse {
    ({ $($name:literal => $head:ident $(:: $tail:ident)*),+ }, $text:expr) => {
        match $text {
            $( $name => Some($head $(:: $tail)*), )+
            _ => None,
        }
    };
    (($default:expr), $text:expr) => {
        Some($text).filter(|t| t.bytes().all(|b| b.is_ascii_digit())).and_then(|t| t.parse().ok())
    };
}

/// The text of an option's value (the match lists every value, so the compiler checks that
/// each one has a name).
macro_rules! option_print {
    ({ $($name:literal => $head:ident $(:: $tail:ident)*),+ }, $value:expr) => {
        match $value {
            $( $head $(:: $tail)* => $name.to_string(), )+
        }
    };
    (($default:expr), $value:expr) => {
        $value.to_string()
    };
}

rule_options! {
    /// Every rule option of `RULES.md`. `Rules::default()` is the default rule set.
    ///
    /// Options are read and written by their `RULES.md` names:
    ///
    /// ```
    /// use jungle::rules::Rules;
    /// let rules: Rules = "dog-swims=yes,lion-tiger=equal".parse().unwrap();
    /// assert!(rules.dog_swims);
    /// assert_eq!(rules.to_string(), "dog-swims=yes,lion-tiger=equal");
    /// assert!("dog-swims=maybe".parse::<Rules>().is_err());
    /// ```
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub struct Rules {
        /// `game`: Jungle or Animal Checkers.
        game: GameKind = "game" { "jungle" => GameKind::Jungle, "animal-checkers" => GameKind::AnimalCheckers },
        /// `first`: who moves first from the start position.
        first: Color = "first" { "red" => Color::Red, "blue" => Color::Blue },
        /// `elephant-takes-rat`.
        elephant_takes_rat: bool = "elephant-takes-rat" { "no" => false, "yes" => true },
        /// `rat-edge-capture`: a rat leaving the water may take the enemy rat.
        rat_edge_capture: bool = "rat-edge-capture" { "yes" => true, "no" => false },
        /// `rat-water-takes-elephant`: a rat leaving the water may take the Elephant.
        rat_water_takes_elephant: bool = "rat-water-takes-elephant" { "no" => false, "yes" => true },
        /// `dog-swims`.
        dog_swims: bool = "dog-swims" { "no" => false, "yes" => true },
        /// `ranks`.
        ranks: RankOrder = "ranks" {
            "standard" => RankOrder::Standard,
            "dog-over-wolf" => RankOrder::DogOverWolf,
            "fox" => RankOrder::Fox
        },
        /// `lion-tiger`.
        lion_tiger: LionTiger = "lion-tiger" {
            "lion" => LionTiger::Lion,
            "tiger" => LionTiger::Tiger,
            "equal" => LionTiger::Equal
        },
        /// `lion-jumps`.
        lion_jumps: Jumps = "lion-jumps" {
            "both" => Jumps::Both,
            "horizontal" => Jumps::Horizontal,
            "vertical" => Jumps::Vertical,
            "none" => Jumps::None
        },
        /// `tiger-jumps`.
        tiger_jumps: Jumps = "tiger-jumps" {
            "both" => Jumps::Both,
            "horizontal" => Jumps::Horizontal,
            "vertical" => Jumps::Vertical,
            "none" => Jumps::None
        },
        /// `leopard-jumps`.
        leopard_jumps: Jumps = "leopard-jumps" {
            "none" => Jumps::None,
            "both" => Jumps::Both,
            "horizontal" => Jumps::Horizontal,
            "vertical" => Jumps::Vertical
        },
        /// `traps`.
        traps: TrapRule = "traps" { "enemy" => TrapRule::Enemy, "universal" => TrapRule::Universal },
        /// `trapped-attacker=powerless`: a trapped piece also attacks at rank 0.
        trapped_attacker_powerless: bool = "trapped-attacker" { "full" => false, "powerless" => true },
        /// `chase-rules`: the 7-3 and 17-5 anti-chasing rules.
        chase_rules: bool = "chase-rules" { "off" => false, "on" => true },
        /// `repetition=draw`: the third occurrence of a position is a draw.
        repetition_draw: bool = "repetition" { "draw" => true, "off" => false },
        /// `no-capture-limit`: plies without a capture before a draw; 0 = off.
        no_capture_limit: u32 = "no-capture-limit" (200),
    }
}

/// One option's name and its allowed values (the default first); `None` means any number.
pub struct OptionInfo {
    /// The `RULES.md` name.
    pub name: &'static str,
    /// Allowed values, default first, or `None` for a number of plies.
    pub values: Option<&'static [&'static str]>,
}

/// An option name or value that `RULES.md` does not define. The names and values are kept
/// cut and escaped ([`quote`]), so that a huge option list makes a short message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RulesError {
    /// No option has this name.
    UnknownOption(String),
    /// The option exists but does not take this value.
    BadValue {
        /// The option.
        option: String,
        /// The rejected value.
        value: String,
    },
    /// An item of an option list is not `name=value`.
    NotAPair(String),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownOption(name) => {
                let names: Vec<_> = OPTIONS.iter().map(|o| o.name).collect();
                write!(f, "unknown rule option `{name}` (options: {})", names.join(", "))
            }
            RulesError::BadValue { option, value } => {
                let info = OPTIONS.iter().find(|o| o.name == option);
                match info.and_then(|o| o.values) {
                    Some(values) => {
                        write!(f, "`{value}` is not a value of `{option}` (values: {})", values.join(", "))
                    }
                    None => write!(f, "`{value}` is not a value of `{option}` (a number of plies, 0 = off)"),
                }
            }
            RulesError::NotAPair(item) => write!(f, "`{item}` is not an `option=value` pair"),
        }
    }
}

impl std::error::Error for RulesError {}

impl ErrorCode for RulesError {
    const CODES: &'static [Code] = &[
        Code { code: "rules.unknown-option", params: &["option"] },
        Code { code: "rules.bad-value", params: &["option", "value"] },
        Code { code: "rules.not-a-pair", params: &["text"] },
    ];

    fn code(&self) -> &'static str {
        match self {
            RulesError::UnknownOption(_) => "rules.unknown-option",
            RulesError::BadValue { .. } => "rules.bad-value",
            RulesError::NotAPair(_) => "rules.not-a-pair",
        }
    }

    fn params(&self) -> Params {
        match self {
            RulesError::UnknownOption(option) => vec![("option", option.as_str().into())],
            RulesError::BadValue { option, value } => {
                vec![("option", option.as_str().into()), ("value", value.as_str().into())]
            }
            RulesError::NotAPair(text) => vec![("text", text.as_str().into())],
        }
    }
}

impl Rules {
    /// The rank of `animal` under these rules (Elephant 8 … Rat 1).
    pub fn rank(&self, animal: Animal) -> u8 {
        let dog_first = self.ranks != RankOrder::Standard;
        match animal {
            Animal::Rat => 1,
            Animal::Cat => 2,
            Animal::Dog => 3 + dog_first as u8,
            Animal::Wolf => 4 - dog_first as u8,
            Animal::Leopard => 5,
            Animal::Tiger => 6 + (self.lion_tiger != LionTiger::Lion) as u8,
            Animal::Lion => 6 + (self.lion_tiger != LionTiger::Tiger) as u8,
            Animal::Elephant => 8,
        }
    }

    /// Whether `animal` may enter water.
    pub fn swims(&self, animal: Animal) -> bool {
        animal == Animal::Rat || (animal == Animal::Dog && self.dog_swims)
    }

    /// The river jumps allowed to `animal`.
    pub fn jumps(&self, animal: Animal) -> Jumps {
        match animal {
            Animal::Lion => self.lion_jumps,
            Animal::Tiger => self.tiger_jumps,
            Animal::Leopard => self.leopard_jumps,
            _ => Jumps::None,
        }
    }

    /// Whether `animal` takes part in this game (Animal Checkers has only four).
    pub fn in_game(&self, animal: Animal) -> bool {
        match self.game {
            GameKind::Jungle => true,
            GameKind::AnimalCheckers => {
                matches!(animal, Animal::Rat | Animal::Dog | Animal::Tiger | Animal::Elephant)
            }
        }
    }

    /// The board's special squares for this game.
    pub fn terrain(&self) -> Terrain {
        match self.game {
            GameKind::Jungle => Terrain::JUNGLE,
            GameKind::AnimalCheckers => Terrain::CHECKERS,
        }
    }
}

/// Parses `option=value` pairs separated by commas; an empty text is the default rules.
impl FromStr for Rules {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Rules, RulesError> {
        let mut rules = Rules::default();
        for item in s.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (name, value) = item.split_once('=').ok_or_else(|| RulesError::NotAPair(quote(item)))?;
            rules.set(name.trim(), value.trim())?;
        }
        Ok(rules)
    }
}

/// Writes the options that differ from the defaults as `option=value` pairs.
impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let default = Rules::default();
        let changed: Vec<String> = OPTIONS
            .iter()
            .filter_map(|o| {
                let v = self.get(o.name)?;
                (Some(&v) != default.get(o.name).as_ref()).then(|| format!("{}={v}", o.name))
            })
            .collect();
        f.write_str(&changed.join(","))
    }
}
