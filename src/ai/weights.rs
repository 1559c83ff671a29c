//! The evaluation weights: one flat table of integers, laid out by named feature groups,
//! so the tuner can fit them all by the same regression.

/// The first index and the length of one group of weights.
#[derive(Clone, Copy, Debug)]
pub struct Group {
    /// The name printed by the tuner.
    pub name: &'static str,
    /// The index of the group's first weight.
    pub start: usize,
    /// How many weights the group has.
    pub len: usize,
}

const fn after(prev: Group, name: &'static str, len: usize) -> Group {
    Group { name, start: prev.start + prev.len, len }
}

/// Number of piece-square groups: rat, small (cat, dog, wolf), leopard, jumpers (lion, tiger), elephant.
pub const PST_GROUPS: usize = 5;
/// Squares per piece-square table: files a–d (the board folded onto its left half) × 9 ranks.
pub const PST_SQUARES: usize = 36;

/// Material by rank 1..=8 (index = rank − 1).
pub const MATERIAL: Group = Group { name: "material", start: 0, len: 8 };
/// Per river-jump direction an animal is allowed (0, 1 or 2).
pub const JUMPER: Group = after(MATERIAL, "jumper", 1);
/// For a swimmer other than the rat (`dog-swims`).
pub const SWIMMER: Group = after(JUMPER, "swimmer", 1);
/// Our rat alive while their elephant is.
pub const RAT_VS_ELEPHANT: Group = after(SWIMMER, "rat-vs-elephant", 1);
/// Our elephant when `elephant-takes-rat=yes`.
pub const ELEPHANT_TAKES_RAT: Group = after(RAT_VS_ELEPHANT, "elephant-takes-rat", 1);
/// Piece-square tables, seen from the owner (own den at d1), by piece group.
pub const PST: Group = after(ELEPHANT_TAKES_RAT, "pst", PST_GROUPS * PST_SQUARES);
/// By how many of our pieces stand within two steps of the enemy den (0..=3+).
pub const ATTACKERS: Group = after(PST, "attackers", 4);
/// Our attackers near their den beyond the number of their defenders there.
pub const PRESSURE: Group = after(ATTACKERS, "pressure", 1);
/// Empty land squares next to our pieces.
pub const MOBILITY: Group = after(PRESSURE, "mobility", 1);
/// River jumps our jumpers could make now.
pub const JUMP_LANES: Group = after(MOBILITY, "jump-lanes", 1);
/// Our rat in the water (safe from land pieces, blocking jumps).
pub const RAT_IN_WATER: Group = after(JUMP_LANES, "rat-in-water", 1);
/// Side to move: its pieces an enemy can take, by the victim's rank − 1.
pub const HANGING_US: Group = after(RAT_IN_WATER, "hanging-us", 8);
/// Side to move: two or more of its pieces attacked at once.
pub const FORKED: Group = after(HANGING_US, "forked", 1);
/// Side not to move: its pieces we can take, by the victim's rank − 1.
pub const HANGING_THEM: Group = after(FORKED, "hanging-them", 8);
/// Having the move.
pub const TEMPO: Group = after(HANGING_THEM, "tempo", 1);
/// By how many of the squares beside their den our pieces can step onto next move (1, 2, 3+):
/// each would threaten to enter the den.
pub const ENTRY: Group = after(TEMPO, "den-entry", 3);

/// Every group, in table order.
pub const GROUPS: [Group; 17] = [
    MATERIAL,
    JUMPER,
    SWIMMER,
    RAT_VS_ELEPHANT,
    ELEPHANT_TAKES_RAT,
    PST,
    ATTACKERS,
    PRESSURE,
    MOBILITY,
    JUMP_LANES,
    RAT_IN_WATER,
    HANGING_US,
    FORKED,
    HANGING_THEM,
    TEMPO,
    ENTRY,
    Group { name: "end", start: ENTRY.start + ENTRY.len, len: 0 },
];

/// The number of weights.
pub const COUNT: usize = ENTRY.start + ENTRY.len;

/// The weights of [`evaluate_with`](super::evaluate_with), in centipawn-like units.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Weights {
    /// One value per feature; see the group constants for the layout.
    pub values: [i32; COUNT],
}

impl Default for Weights {
    fn default() -> Weights {
        Weights { values: DEFAULT }
    }
}

impl Weights {
    /// The group and offset of weight `index`, for printing.
    pub fn describe(index: usize) -> (&'static str, usize) {
        GROUPS
            .iter()
            .find(|g| index >= g.start && index < g.start + g.len)
            .map_or(("?", 0), |g| (g.name, index - g.start))
    }
}

/// The weights in use: hand-set, then fitted by `jungle tune` to self-play games (see
/// `scripts/tune`) and kept because they won a match against the hand-set ones.
#[rustfmt::skip]
pub(crate) const DEFAULT: [i32; COUNT] = [
    // material
    245, 188, 234, 286, 348, 509, 624, 693,
    // jumper
    50,
    // swimmer
    30,
    // rat-vs-elephant
    23,
    // elephant-takes-rat
    60,
    // pst
    // pst: rat (rows = ranks 1..9 from the owner's side, files a b c d)
    0, 5, 10, 15,
    6, 12, 16, 20,
    13, 15, 22, 26,
    18, 25, 28, 30,
    12, 20, 25, 35,
    22, 19, 38, 37,
    29, 35, 41, 45,
    33, 40, 45, 50,
    39, 45, 50, 55,
    // pst: small (rows = ranks 1..9 from the owner's side, files a b c d)
    -1, 21, 15, 12,
    -13, 10, 33, 17,
    10, -3, 20, 16,
    4, 16, 20, 11,
    13, 20, 24, 17,
    18, 24, 28, 30,
    23, 28, 32, 36,
    28, 32, 36, 40,
    31, 36, 40, 44,
    // pst: leopard (rows = ranks 1..9 from the owner's side, files a b c d)
    -1, 4, 11, 12,
    4, 5, 15, 25,
    2, 3, 1, 21,
    10, 16, 20, 14,
    15, 20, 24, 26,
    20, 24, 28, 35,
    24, 28, 32, 36,
    28, 32, 36, 40,
    30, 36, 40, 44,
    // pst: jumpers (rows = ranks 1..9 from the owner's side, files a b c d)
    1, -14, 4, 15,
    13, 23, 13, 20,
    13, 52, 47, 28,
    7, 20, 25, 20,
    8, 25, 30, 20,
    9, 30, 35, 23,
    22, 46, 46, 45,
    33, 51, 55, 54,
    29, 48, 52, 55,
    // pst: elephant (rows = ranks 1..9 from the owner's side, files a b c d)
    -7, -3, 7, 9,
    -18, 15, 13, 16,
    -15, 13, 28, 23,
    -5, 12, 15, 18,
    13, 15, 18, 19,
    22, 18, 21, 16,
    26, 28, 31, 30,
    22, 32, 32, 31,
    23, 29, 31, 33,
    // attackers
    -29, 44, 64, 140,
    // pressure
    43,
    // mobility
    1,
    // jump-lanes
    -16,
    // rat-in-water
    -1,
    // hanging-us
    -33, -31, -36, -39, -52, -65, -79, -86,
    // forked
    -64,
    // hanging-them
    16, 12, 15, 18, 23, 32, 37, 42,
    // tempo
    6,
    // den-entry
    20, 45, 80,
];
