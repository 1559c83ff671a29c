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

/// Every group, in table order.
pub const GROUPS: [Group; 16] = [
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
    Group { name: "end", start: TEMPO.start + TEMPO.len, len: 0 },
];

/// The number of weights.
pub const COUNT: usize = TEMPO.start + TEMPO.len;

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
        GROUPS.iter().find(|g| index >= g.start && index < g.start + g.len).map_or(("?", 0), |g| (g.name, index - g.start))
    }
}

/// The weights in use, hand-set and then fitted by `jungle tune`.
pub(crate) const DEFAULT: [i32; COUNT] = initial();

/// Hand-set starting values: material, advance toward the enemy den and the rest.
const fn initial() -> [i32; COUNT] {
    let mut w = [0; COUNT];
    let material = [260, 200, 240, 290, 380, 520, 600, 680];
    let mut i = 0;
    while i < 8 {
        w[MATERIAL.start + i] = material[i];
        i += 1;
    }
    w[JUMPER.start] = 25;
    w[SWIMMER.start] = 30;
    w[RAT_VS_ELEPHANT.start] = 40;
    w[ELEPHANT_TAKES_RAT.start] = 60;
    let advance = [5, 4, 4, 5, 3];
    let mut g = 0;
    while g < PST_GROUPS {
        let mut s = 0;
        while s < PST_SQUARES {
            let (file, rank) = ((s % 4) as i32, (s / 4) as i32);
            let dist = (3 - file) + (8 - rank);
            w[PST.start + g * PST_SQUARES + s] = advance[g] * (11 - dist);
            s += 1;
        }
        g += 1;
    }
    let attackers = [0, 20, 60, 140];
    let mut k = 0;
    while k < 4 {
        w[ATTACKERS.start + k] = attackers[k];
        k += 1;
    }
    w[PRESSURE.start] = 40;
    w[MOBILITY.start] = 3;
    w[JUMP_LANES.start] = 8;
    w[RAT_IN_WATER.start] = 10;
    let mut r = 0;
    while r < 8 {
        w[HANGING_US.start + r] = -(material[r] / 8);
        w[HANGING_THEM.start + r] = material[r] / 16;
        r += 1;
    }
    w[FORKED.start] = -60;
    w[TEMPO.start] = 10;
    w
}
