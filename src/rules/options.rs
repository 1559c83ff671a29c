//! The rule options of `RULES.md`: one small [`Rules`] value whose `Default` is the default rule set.

use super::animal::Animal;
use super::color::Color;
use super::terrain::{JumpAxis, Terrain};
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
    pub game: GameKind,
    /// `first`: who moves first from the start position.
    pub first: Color,
    /// `elephant-takes-rat`.
    pub elephant_takes_rat: bool,
    /// `rat-edge-capture`: a rat leaving the water may take the enemy rat.
    pub rat_edge_capture: bool,
    /// `rat-water-takes-elephant`: a rat leaving the water may take the Elephant.
    pub rat_water_takes_elephant: bool,
    /// `dog-swims`.
    pub dog_swims: bool,
    /// `ranks`.
    pub ranks: RankOrder,
    /// `lion-tiger`.
    pub lion_tiger: LionTiger,
    /// `lion-jumps`.
    pub lion_jumps: Jumps,
    /// `tiger-jumps`.
    pub tiger_jumps: Jumps,
    /// `leopard-jumps`.
    pub leopard_jumps: Jumps,
    /// `traps`.
    pub traps: TrapRule,
    /// `trapped-attacker=powerless`: a trapped piece also attacks at rank 0.
    pub trapped_attacker_powerless: bool,
    /// `chase-rules`: the 7-3 and 17-5 anti-chasing rules.
    pub chase_rules: bool,
    /// `repetition=draw`: the third occurrence of a position is a draw.
    pub repetition_draw: bool,
    /// `no-capture-limit`: plies without a capture before a draw; 0 = off.
    pub no_capture_limit: u32,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
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
        }
    }
}

/// One option's name and its allowed values (the default first); `None` means any number.
pub struct OptionInfo {
    /// The `RULES.md` name.
    pub name: &'static str,
    /// Allowed values, default first, or `None` for a number of plies.
    pub values: Option<&'static [&'static str]>,
}

const YES_NO: &[&str] = &["no", "yes"];
const YES_NO_YES: &[&str] = &["yes", "no"];
const JUMPS: &[&str] = &["both", "horizontal", "vertical", "none"];

/// Every option of `RULES.md`, in the order of that page.
pub const OPTIONS: &[OptionInfo] = &[
    OptionInfo { name: "game", values: Some(&["jungle", "animal-checkers"]) },
    OptionInfo { name: "first", values: Some(&["red", "blue"]) },
    OptionInfo { name: "elephant-takes-rat", values: Some(YES_NO) },
    OptionInfo { name: "rat-edge-capture", values: Some(YES_NO_YES) },
    OptionInfo { name: "rat-water-takes-elephant", values: Some(YES_NO) },
    OptionInfo { name: "dog-swims", values: Some(YES_NO) },
    OptionInfo { name: "ranks", values: Some(&["standard", "dog-over-wolf", "fox"]) },
    OptionInfo { name: "lion-tiger", values: Some(&["lion", "tiger", "equal"]) },
    OptionInfo { name: "lion-jumps", values: Some(JUMPS) },
    OptionInfo { name: "tiger-jumps", values: Some(JUMPS) },
    OptionInfo { name: "leopard-jumps", values: Some(&["none", "both", "horizontal", "vertical"]) },
    OptionInfo { name: "traps", values: Some(&["enemy", "universal"]) },
    OptionInfo { name: "trapped-attacker", values: Some(&["full", "powerless"]) },
    OptionInfo { name: "chase-rules", values: Some(&["off", "on"]) },
    OptionInfo { name: "repetition", values: Some(&["draw", "off"]) },
    OptionInfo { name: "no-capture-limit", values: None },
];

/// An option name or value that `RULES.md` does not define.
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

fn jumps_from(value: &str) -> Option<Jumps> {
    match value {
        "both" => Some(Jumps::Both),
        "horizontal" => Some(Jumps::Horizontal),
        "vertical" => Some(Jumps::Vertical),
        "none" => Some(Jumps::None),
        _ => None,
    }
}

fn jumps_name(j: Jumps) -> &'static str {
    match j {
        Jumps::Both => "both",
        Jumps::Horizontal => "horizontal",
        Jumps::Vertical => "vertical",
        Jumps::None => "none",
    }
}

fn yes_no(value: &str) -> Option<bool> {
    match value {
        "yes" => Some(true),
        "no" => Some(false),
        _ => None,
    }
}

fn yes_no_name(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

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
        let bad = || RulesError::BadValue { option: option.to_string(), value: value.to_string() };
        match option {
            "game" => {
                self.game = match value {
                    "jungle" => GameKind::Jungle,
                    "animal-checkers" => GameKind::AnimalCheckers,
                    _ => return Err(bad()),
                }
            }
            "first" => {
                self.first = match value {
                    "red" => Color::Red,
                    "blue" => Color::Blue,
                    _ => return Err(bad()),
                }
            }
            "elephant-takes-rat" => self.elephant_takes_rat = yes_no(value).ok_or_else(bad)?,
            "rat-edge-capture" => self.rat_edge_capture = yes_no(value).ok_or_else(bad)?,
            "rat-water-takes-elephant" => self.rat_water_takes_elephant = yes_no(value).ok_or_else(bad)?,
            "dog-swims" => self.dog_swims = yes_no(value).ok_or_else(bad)?,
            "ranks" => {
                self.ranks = match value {
                    "standard" => RankOrder::Standard,
                    "dog-over-wolf" => RankOrder::DogOverWolf,
                    "fox" => RankOrder::Fox,
                    _ => return Err(bad()),
                }
            }
            "lion-tiger" => {
                self.lion_tiger = match value {
                    "lion" => LionTiger::Lion,
                    "tiger" => LionTiger::Tiger,
                    "equal" => LionTiger::Equal,
                    _ => return Err(bad()),
                }
            }
            "lion-jumps" => self.lion_jumps = jumps_from(value).ok_or_else(bad)?,
            "tiger-jumps" => self.tiger_jumps = jumps_from(value).ok_or_else(bad)?,
            "leopard-jumps" => self.leopard_jumps = jumps_from(value).ok_or_else(bad)?,
            "traps" => {
                self.traps = match value {
                    "enemy" => TrapRule::Enemy,
                    "universal" => TrapRule::Universal,
                    _ => return Err(bad()),
                }
            }
            "trapped-attacker" => {
                self.trapped_attacker_powerless = match value {
                    "full" => false,
                    "powerless" => true,
                    _ => return Err(bad()),
                }
            }
            "chase-rules" => {
                self.chase_rules = match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad()),
                }
            }
            "repetition" => {
                self.repetition_draw = match value {
                    "draw" => true,
                    "off" => false,
                    _ => return Err(bad()),
                }
            }
            "no-capture-limit" => {
                self.no_capture_limit = value
                    .parse()
                    .ok()
                    .filter(|_| value.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(bad)?
            }
            _ => return Err(RulesError::UnknownOption(option.to_string())),
        }
        Ok(())
    }

    /// The value of an option by its `RULES.md` name, as text.
    pub fn get(&self, option: &str) -> Option<String> {
        let v = match option {
            "game" => match self.game {
                GameKind::Jungle => "jungle",
                GameKind::AnimalCheckers => "animal-checkers",
            },
            "first" => self.first.name(),
            "elephant-takes-rat" => yes_no_name(self.elephant_takes_rat),
            "rat-edge-capture" => yes_no_name(self.rat_edge_capture),
            "rat-water-takes-elephant" => yes_no_name(self.rat_water_takes_elephant),
            "dog-swims" => yes_no_name(self.dog_swims),
            "ranks" => match self.ranks {
                RankOrder::Standard => "standard",
                RankOrder::DogOverWolf => "dog-over-wolf",
                RankOrder::Fox => "fox",
            },
            "lion-tiger" => match self.lion_tiger {
                LionTiger::Lion => "lion",
                LionTiger::Tiger => "tiger",
                LionTiger::Equal => "equal",
            },
            "lion-jumps" => jumps_name(self.lion_jumps),
            "tiger-jumps" => jumps_name(self.tiger_jumps),
            "leopard-jumps" => jumps_name(self.leopard_jumps),
            "traps" => match self.traps {
                TrapRule::Enemy => "enemy",
                TrapRule::Universal => "universal",
            },
            "trapped-attacker" => {
                if self.trapped_attacker_powerless {
                    "powerless"
                } else {
                    "full"
                }
            }
            "chase-rules" => {
                if self.chase_rules {
                    "on"
                } else {
                    "off"
                }
            }
            "repetition" => {
                if self.repetition_draw {
                    "draw"
                } else {
                    "off"
                }
            }
            "no-capture-limit" => return Some(self.no_capture_limit.to_string()),
            _ => return None,
        };
        Some(v.to_string())
    }

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
            let (name, value) = item.split_once('=').ok_or_else(|| RulesError::NotAPair(item.to_string()))?;
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
