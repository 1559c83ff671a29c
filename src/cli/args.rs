//! A small reader of `command [positional] [--flag value]` arguments.

use jungle::echo::quote;
use jungle::rules::{Position, Rules};
use std::ops::RangeInclusive;

/// The most games a match, a self-play run or data generation may ask for: their openings are
/// made in advance (about a kilobyte each), and even the fastest games take days beyond that.
pub const MAX_GAMES: u64 = 100_000;
/// The longest time per move or wait for an engine, in milliseconds: a day.
pub const MAX_MS: u64 = 86_400_000;

/// The arguments after the program name, consumed as the command reads them.
pub struct Args {
    items: Vec<String>,
}

impl Args {
    pub fn new(items: Vec<String>) -> Args {
        Args { items }
    }

    /// Takes the first argument as the command name.
    pub fn command(&mut self) -> Option<String> {
        (!self.items.is_empty()).then(|| self.items.remove(0))
    }

    /// Takes `--name value`, if present.
    pub fn option(&mut self, name: &str) -> Result<Option<String>, String> {
        let Some(i) = self.items.iter().position(|a| a == name) else { return Ok(None) };
        if i + 1 >= self.items.len() {
            return Err(format!("{name} needs a value"));
        }
        let value = self.items.remove(i + 1);
        self.items.remove(i);
        Ok(Some(value))
    }

    /// Takes `--name N`, a whole number within `range` (`default` when absent). Counts and
    /// times are capped here, so that no command is asked to allocate or wait for ever.
    pub fn number(&mut self, name: &str, default: u64, range: RangeInclusive<u64>) -> Result<u64, String> {
        Ok(self.number_if_given(name, range)?.unwrap_or(default))
    }

    /// Takes `--name N`, if present, a whole number within `range`.
    pub fn number_if_given(&mut self, name: &str, range: RangeInclusive<u64>) -> Result<Option<u64>, String> {
        let Some(text) = self.option(name)? else { return Ok(None) };
        let number = text.parse().ok().filter(|n| range.contains(n));
        number.map(Some).ok_or_else(|| {
            format!(
                "{name} must be a number from {} to {}, got `{}`",
                range.start(),
                range.end(),
                quote(&text)
            )
        })
    }

    /// Takes the flag `--name`, if present.
    pub fn flag(&mut self, name: &str) -> bool {
        let found = self.items.iter().position(|a| a == name);
        found.map(|i| self.items.remove(i)).is_some()
    }

    /// Takes the next positional argument.
    pub fn positional(&mut self, what: &str) -> Result<String, String> {
        match self.items.iter().position(|a| !a.starts_with("--")) {
            Some(i) => Ok(self.items.remove(i)),
            None => Err(format!("missing {what}")),
        }
    }

    /// Reads `--rules` and `--fen` into a position (the start position without `--fen`).
    pub fn position(&mut self) -> Result<Position, String> {
        let rules: Rules = match self.option("--rules")? {
            Some(text) => text.parse().map_err(|e| format!("bad --rules: {e}"))?,
            None => Rules::default(),
        };
        match self.option("--fen")? {
            Some(fen) => Position::from_fen(&fen, rules).map_err(|e| format!("bad --fen: {e}")),
            None => Ok(Position::new(rules)),
        }
    }

    /// Fails if any argument was not understood.
    pub fn finish(&self) -> Result<(), String> {
        match self.items.first() {
            Some(extra) => Err(format!("unexpected argument `{extra}`")),
            None => Ok(()),
        }
    }
}
