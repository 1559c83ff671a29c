//! `jungle selfplay`: a match between two engine configurations or levels.

use super::args::{Variant, MAX_GAMES};
use clap::Args;
use jungle::ai::selfplay::{openings, run_match, HintPlayer, LevelPlayer, Player, SearchPlayer};
use jungle::ai::{Level, Limits, SearchConfig, Weights};
use std::time::Instant;

/// The longest random opening `--plies` may ask for.
const MAX_OPENING_PLIES: u64 = 100;

/// `jungle selfplay` (its help describes a player).
#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// The first player
    #[arg(long, value_name = "PLAYER")]
    a: String,
    /// The second player
    #[arg(long, value_name = "PLAYER")]
    b: String,
    /// Games to play (each opening with both colours)
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    games: u64,
    #[command(flatten)]
    variant: Variant,
    /// The seed of the openings and the players
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Plies of the random openings
    #[arg(long, value_name = "N", default_value_t = 6, value_parser = clap::value_parser!(u64).range(0..=MAX_OPENING_PLIES))]
    plies: u64,
    /// Print each game's result on stderr
    #[arg(long)]
    verbose: bool,
}

/// Reads a player: `[level=N,][nodes=N][,depth=N][,no-null][,no-lmr][,no-futility][,no-rfp]
/// [,no-ext][,no-temper][,no-lmp][,iir][,progress=P][,contempt=C][,lmr=BASE:DIV][,rfp=M][,fut=M]
/// [,asp=W][,weights=FILE]`. A level plays with its own budget unless nodes or depth is given;
/// a plain search needs one of them. Numbers out of a setting's range are refused, not cut.
/// `hint` alone is the page's hints, followed every move.
pub fn player(spec: &str, seed: u64) -> Result<Box<dyn Player>, String> {
    if spec == "hint" {
        return Ok(Box::new(HintPlayer::new()));
    }
    let (mut limits, mut config, mut weights, mut level) =
        (Limits::default(), SearchConfig::default(), Weights::default(), None);
    for item in spec.split(',').filter(|s| !s.is_empty()) {
        let (key, value) = item.split_once('=').unwrap_or((item, ""));
        match key {
            "level" => level = Some(Level::new(number(item, value)?).ok_or("levels are 1 to 8")?),
            "nodes" => limits.nodes = Some(number(item, value)?),
            "depth" => limits.depth = Some(number(item, value)?),
            "no-null" => config.null_move = false,
            "no-lmr" => config.lmr = false,
            "no-futility" => config.futility = false,
            "no-rfp" => config.reverse_futility = false,
            "no-ext" => config.threat_extension = false,
            "no-lmp" => config.late_move_pruning = false,
            "iir" => config.iir = true,
            "no-temper" => config.temper = false,
            "rfp" => config.rfp_margin = number(item, value)?,
            "fut" => config.futility_margin = number(item, value)?,
            "asp" => config.aspiration = number(item, value)?,
            "contempt" => config.contempt = number(item, value)?,
            "progress" => config.progress = number(item, value)?,
            "no-net" => config.net = false,
            "lmr" => {
                let (b, d) = value.split_once(':').ok_or("lmr=BASE:DIVISOR")?;
                config.lmr_base = b.parse().map_err(|_| "bad lmr base")?;
                config.lmr_divisor = d.parse().map_err(|_| "bad lmr divisor")?;
            }
            "weights" => weights = read_weights(value)?,
            _ => return Err(format!("unknown player setting `{item}`")),
        }
    }
    if level.is_none() && limits.nodes.is_none() && limits.depth.is_none() {
        return Err(format!("player `{spec}` needs level=N, nodes=N or depth=N"));
    }
    Ok(match level {
        Some(l) => Box::new(LevelPlayer::new(l, seed, limits).with(config, weights)),
        None => Box::new(SearchPlayer::new(spec, limits, config, weights)),
    })
}

/// The number `value` of the player setting `item`, refused when it is not one or is out of
/// the range of the type it is read into (never cut to fit).
fn number<T: std::str::FromStr>(item: &str, value: &str) -> Result<T, String> {
    value.parse().map_err(|_| format!("`{item}`: not a number in range"))
}

/// `selfplay --a PLAYER --b PLAYER [--games N] [--rules R] [--seed S] [--plies P] [--verbose]`.
pub fn selfplay(args: &SelfplayArgs) -> Result<(), String> {
    let SelfplayArgs { a: spec_a, b: spec_b, seed, verbose, .. } = args;
    let mut a = player(spec_a, seed ^ 0xA)?;
    let mut b = player(spec_b, seed ^ 0xB)?;
    let starts =
        openings(args.variant.rules, args.games.div_ceil(2) as usize, args.plies as usize, 150, *seed);
    let start = Instant::now();
    let tally = run_match(a.as_mut(), b.as_mut(), &starts, 1000, &mut |t, color, outcome, game| {
        if *verbose {
            eprintln!(
                "game {}: {} as {color}: {outcome} after {} plies; {t}",
                t.games(),
                spec_a,
                game.moves().len()
            );
        }
    });
    say!("{spec_a} vs {spec_b}: {tally} ({:.0} s)", start.elapsed().as_secs_f64());
    Ok(())
}

/// Reads a weights file: one integer per line, `#` starts a comment.
pub fn read_weights(path: &str) -> Result<Weights, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let values: Vec<i32> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| l.parse().map_err(|_| format!("{path}: `{l}` is not an integer")))
        .collect::<Result<_, _>>()?;
    let mut weights = Weights::default();
    if values.len() != weights.values.len() {
        return Err(format!("{path}: {} weights, expected {}", values.len(), weights.values.len()));
    }
    weights.values.copy_from_slice(&values);
    Ok(weights)
}

#[cfg(test)]
mod tests {
    use super::{player, SelfplayArgs};
    use crate::cli::parse_args::parse_args;

    #[test]
    fn the_command_line_is_read_and_checked() {
        let line = "selfplay --a level=4 --b level=3,nodes=100 --games 7 --verbose";
        let args: SelfplayArgs = parse_args(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!((args.a.as_str(), args.b.as_str()), ("level=4", "level=3,nodes=100"));
        assert_eq!((args.games, args.plies, args.seed, args.verbose), (7, 6, 1, true));
        assert!(parse_args::<SelfplayArgs>("selfplay --a level=1").unwrap_err().contains("--b <PLAYER>"));
        assert!(parse_args::<SelfplayArgs>("selfplay --a x --b y --plies 101")
            .unwrap_err()
            .contains("101 is not in 0..=100"));
    }

    fn refusal(spec: &str) -> String {
        player(spec, 1).err().unwrap_or_else(|| panic!("`{spec}` was accepted"))
    }

    #[test]
    fn players_are_read_from_their_settings() {
        for spec in
            ["level=1", "level=8,nodes=2000", "nodes=500,no-lmp,contempt=-20", "depth=3,lmr=1:3,asp=40"]
        {
            assert!(player(spec, 1).is_ok(), "{spec}");
        }
        assert_eq!(player("hint", 1).unwrap().name(), "hint");
    }

    #[test]
    fn settings_out_of_range_are_refused_not_cut() {
        // 257 would have been level 1 and 2^32 + 3 depth 3 if cut to their types.
        assert!(refusal("level=257").contains("not a number in range"));
        assert!(refusal("level=9").contains("levels are 1 to 8"));
        assert!(refusal("nodes=5,depth=4294967299").contains("not a number in range"));
        assert!(refusal("nodes=5,contempt=3000000000").contains("not a number in range"));
        assert!(refusal("no-lmp").contains("needs level=N, nodes=N or depth=N"));
        assert!(refusal("nodes=5,fast").contains("unknown player setting"));
    }
}
