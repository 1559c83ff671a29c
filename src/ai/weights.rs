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

/// The weights in use: hand-set, fitted by `jungle tune` to level-8 self-play games with the
/// material held fixed (see `scripts/tune`), and kept because level 8 with them scored about
/// 60% against the engine before the refit (commit 7fe524f) at 20,000 nodes a move.
#[rustfmt::skip]
pub(crate) const DEFAULT: [i32; COUNT] = [
    // material
    245, 188, 234, 286, 348, 509, 624, 693,
    // jumper
    15,
    // swimmer
    30,
    // rat-vs-elephant
    -150,
    // elephant-takes-rat
    60,
    // pst
    // pst: rat (rows = ranks 1..9 from the owner's side, files a b c d)
    291, 132, 282, 15,
    -73, -299, 298, -117,
    -109, -81, 114, -332,
    -116, -57, 0, -140,
    -60, -47, 66, -225,
    -106, -57, 78, -47,
    -146, -154, 103, 252,
    -84, -83, 44, 363,
    -236, -178, 403, 55,
    // pst: small (rows = ranks 1..9 from the owner's side, files a b c d)
    -215, -107, -1, 12,
    -25, -56, 8, 71,
    -183, -43, 20, 103,
    -109, 16, 20, 121,
    -70, 20, 24, 40,
    39, 24, 28, 20,
    90, 306, 321, 247,
    179, 365, 325, 362,
    42, 326, 362, 44,
    // pst: leopard (rows = ranks 1..9 from the owner's side, files a b c d)
    -319, -67, -123, 12,
    -260, -185, 36, 76,
    -160, -88, 1, 31,
    -158, 16, 20, 43,
    -156, 20, 24, 55,
    -131, 24, 28, -70,
    -213, -135, 310, 256,
    292, 322, 297, 356,
    -110, -299, 343, 44,
    // pst: jumpers (rows = ranks 1..9 from the owner's side, files a b c d)
    -71, -104, -9, 15,
    -52, -69, 99, 198,
    -44, 215, 214, 166,
    -18, 20, 25, 17,
    -106, 25, 30, -131,
    -80, 30, 35, -91,
    -65, 151, 188, -190,
    -79, 50, -93, 372,
    -208, -181, 394, 55,
    // pst: elephant (rows = ranks 1..9 from the owner's side, files a b c d)
    -333, -263, 159, 9,
    -32, -14, -92, 309,
    -119, -74, 31, 71,
    -222, 12, 15, -70,
    -133, 15, 18, -74,
    124, 18, 21, -49,
    319, 344, 353, 333,
    -162, 275, 281, 343,
    -335, 299, 365, 33,
    // attackers
    -174, 139, 335, 460,
    // pressure
    356,
    // mobility
    40,
    // jump-lanes
    -32,
    // rat-in-water
    -93,
    // hanging-us
    30, 54, -14, 65, -18, -85, -149, -295,
    // forked
    -110,
    // hanging-them
    16, 12, 15, 18, 23, 32, 37, 42,
    // tempo
    19,
    // den-entry
    -109, -58, -58,
];
