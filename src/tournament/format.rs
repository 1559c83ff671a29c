//! The four formats, with the scoring and the tie-breaks each uses by default.

use super::scoring::Scoring;
use super::tiebreak::TieBreak;

/// A kind of tournament.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Format {
    /// Everyone plays everyone, once or twice (Berger tables).
    RoundRobin,
    /// A set number of rounds, each pairing players of equal score.
    Swiss,
    /// A fixed time; players are paired again as soon as they finish.
    Arena,
    /// One player, the challenger, meets each of the others a set number of times.
    Gauntlet,
}

impl Format {
    /// How games are scored.
    pub fn scoring(self) -> Scoring {
        match self {
            Format::RoundRobin | Format::Swiss | Format::Gauntlet => Scoring::Classical,
            Format::Arena => Scoring::Arena,
        }
    }

    /// The tie-breaks, first to last. A round robin has no Buchholz (everyone's opponents are
    /// everyone else); a Swiss starts with Buchholz cut-1, which one weak opponent moves less;
    /// an arena, where players meet again and again, counts wins first, as does a gauntlet,
    /// whose opponents all met the same one player (their meeting with it decides next).
    pub fn tie_breaks(self) -> &'static [TieBreak] {
        match self {
            Format::RoundRobin => &[TieBreak::SonnebornBerger, TieBreak::DirectEncounter, TieBreak::Wins],
            Format::Swiss => &[
                TieBreak::BuchholzCut1,
                TieBreak::Buchholz,
                TieBreak::SonnebornBerger,
                TieBreak::DirectEncounter,
                TieBreak::Wins,
            ],
            Format::Arena => &[TieBreak::Wins, TieBreak::SonnebornBerger],
            Format::Gauntlet => &[TieBreak::Wins, TieBreak::DirectEncounter],
        }
    }
}
