//! Random results for simulated tournaments (tests only): a small deterministic generator.

use super::result::GameResult;
use crate::rules::Color;

/// xorshift64*, seeded by the test.
pub struct Dice(u64);

impl Dice {
    /// A generator from any seed (0 is moved away from, as xorshift would stay there).
    pub fn new(seed: u64) -> Dice {
        Dice(seed | 1 << 63)
    }

    /// A number in 0 … sides - 1.
    pub fn roll(&mut self, sides: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % sides
    }

    /// Mostly wins, some draws, now and then a forfeit.
    pub fn result(&mut self) -> GameResult {
        match self.roll(20) {
            0 => GameResult::Forfeit(Color::Red),
            1 => GameResult::Forfeit(Color::Blue),
            2..=5 => GameResult::Draw,
            roll if roll % 2 == 0 => GameResult::Win(Color::Red),
            _ => GameResult::Win(Color::Blue),
        }
    }
}
