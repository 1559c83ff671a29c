//! `jungle gen-data` and `jungle tune`: self-play training positions and the Texel fit of the
//! evaluation weights.

use super::args::{Variant, MAX_GAMES};
use super::selfplay_cmd;
use clap::Args;
use jungle::ai::tune::{as_f64, best_k, error, fit, generate, FitOptions, Sample};
use jungle::ai::{Group, Weights, GROUPS};
use jungle::rules::{Position, Rules};
use std::io::Write;

/// `jungle gen-data`.
#[derive(Args, Debug)]
pub struct GenDataArgs {
    /// The file to write
    #[arg(long, value_name = "FILE")]
    out: String,
    /// Games to play
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    games: u64,
    /// Nodes searched per move
    #[arg(long, value_name = "N", default_value_t = 3000, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Both sides' settings, as a selfplay player (e.g. level=8; default: plain search)
    #[arg(long, value_name = "PLAYER", default_value = "", hide_default_value = true)]
    player: String,
    /// The seed of the openings and the players
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    variant: Variant,
}

/// `gen-data --games N --out FILE [--nodes N] [--player SPEC] [--seed S] [--rules R]`: lines
/// `FEN;result` (result for Red: 1, 0.5 or 0). Both sides are the player of `--player` (a
/// `selfplay` setting such as `level=8`, plain search by default), searching `--nodes` per move.
pub fn gen_data(args: &GenDataArgs) -> Result<(), String> {
    let GenDataArgs { out, games, nodes, player, seed, variant } = args;
    let spec = format!("{player},nodes={nodes}");
    let (mut a, mut b) = (selfplay_cmd::player(&spec, *seed)?, selfplay_cmd::player(&spec, seed ^ 1)?);
    let file = std::fs::File::create(out).map_err(|e| format!("{out}: {e}"))?;
    let mut file = std::io::BufWriter::new(file);
    let (mut count, mut failed) = (0u64, None);
    generate(variant.rules, *games as usize, *seed, (&mut *a, &mut *b), &mut |pos, result, game| {
        if let Err(e) = writeln!(file, "{};{}", pos.fen(), result) {
            failed = Some(e.to_string());
        }
        count += 1;
        if game % 50 == 0 && count % 20 == 0 {
            eprintln!("game {game}: {count} positions");
        }
    });
    file.flush().map_err(|e| e.to_string())?;
    if let Some(e) = failed {
        return Err(format!("{out}: {e}"));
    }
    say!("{count} positions written to {out}");
    Ok(())
}

fn read_samples(path: &str, rules: Rules) -> Result<Vec<Sample>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut samples = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let bad = |what: &str| format!("{path}:{}: {what}", n + 1);
        let (fen, result) = line.rsplit_once(';').ok_or_else(|| bad("expected FEN;result"))?;
        let result: f32 = result.trim().parse().map_err(|_| bad("bad result"))?;
        let pos = Position::from_fen(fen, rules).map_err(|e| bad(&e.to_string()))?;
        samples.push(Sample::new(&pos, result));
    }
    Ok(samples)
}

/// `jungle tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The training positions, lines `FEN;result` (as gen-data writes them)
    #[arg(long, value_name = "FILE")]
    data: String,
    /// Passes over the positions
    #[arg(long, value_name = "N", default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    epochs: u64,
    /// The learning rate
    #[arg(long, value_name = "R", default_value_t = 1.0)]
    rate: f64,
    /// The weight of the L2 penalty
    #[arg(long, value_name = "L", default_value_t = 0.0)]
    l2: f64,
    /// Weight groups held fixed (names as in the weights file, e.g. material)
    #[arg(long, value_name = "GROUP,...", value_delimiter = ',', value_parser = weight_group)]
    freeze: Vec<Group>,
    /// The weights file to write
    #[arg(long, value_name = "FILE", default_value = "weights.txt")]
    out: String,
    /// Start from these weights (default: the engine's own)
    #[arg(long, value_name = "WEIGHTS FILE")]
    from: Option<String>,
    #[command(flatten)]
    variant: Variant,
}

/// A group of weights by its name in the weights file.
fn weight_group(name: &str) -> Result<Group, String> {
    GROUPS.iter().find(|g| g.name == name).copied().ok_or_else(|| {
        let names: Vec<_> = GROUPS.iter().map(|g| g.name).collect();
        format!("no weight group `{name}` (groups: {})", names.join(", "))
    })
}

/// Which weights the `groups` hold fixed.
fn frozen(groups: &[Group]) -> Vec<bool> {
    let mut mask = vec![false; Weights::default().values.len()];
    for group in groups {
        mask[group.start..group.start + group.len].fill(true);
    }
    mask
}

/// `tune --data FILE [--epochs N] [--rate R] [--l2 L] [--freeze GROUPS] [--out FILE] [--rules R] [--from WEIGHTS]`.
pub fn tune(args: &TuneArgs) -> Result<(), String> {
    let TuneArgs { data, out, .. } = args;
    let start = match &args.from {
        Some(path) => selfplay_cmd::read_weights(path)?,
        None => Weights::default(),
    };
    let samples = read_samples(data, args.variant.rules)?;
    if samples.is_empty() {
        return Err(format!("{data}: no positions to tune on (lines `FEN;result`); no weights written"));
    }
    let k = best_k(&samples, &as_f64(&start));
    say!("{} positions, k = {k:.6}, error {:.6}", samples.len(), error(&samples, &as_f64(&start), k));
    let options = FitOptions {
        epochs: args.epochs as usize,
        rate: args.rate,
        l2: args.l2,
        frozen: frozen(&args.freeze),
    };
    let tuned = fit(&samples, &start, k, &options, &mut |epoch, e| eprintln!("epoch {epoch}: error {e:.6}"));
    say!("tuned error {:.6}", error(&samples, &as_f64(&tuned), k));
    let mut text = String::new();
    for (i, v) in tuned.values.iter().enumerate() {
        let (group, offset) = Weights::describe(i);
        text.push_str(&format!("{v} # {group} {offset}\n"));
    }
    std::fs::write(out, text).map_err(|e| format!("{out}: {e}"))?;
    say!("weights written to {out} ({} groups)", GROUPS.len() - 1);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::parse_args::parse_args;

    #[test]
    fn tune_reads_the_groups_to_freeze() {
        let args: TuneArgs = parse_args("tune --data d.txt --freeze material,pst --rate 0.5").unwrap();
        let names: Vec<_> = args.freeze.iter().map(|g| g.name).collect();
        assert_eq!(
            (names, args.rate, args.epochs, args.out.as_str()),
            (vec!["material", "pst"], 0.5, 300, "weights.txt")
        );
        let mask = frozen(&args.freeze);
        assert_eq!(mask.iter().filter(|&&f| f).count(), GROUPS[0].len + GROUPS[5].len);
        let refusal = parse_args::<TuneArgs>("tune --data d.txt --freeze magic").unwrap_err();
        assert!(refusal.contains("no weight group `magic` (groups: material, "), "{refusal}");
        assert!(parse_args::<TuneArgs>("tune --data d.txt --rate fast")
            .unwrap_err()
            .contains("invalid value 'fast' for '--rate <R>'"));
    }

    #[test]
    fn gen_data_needs_a_file() {
        let args: GenDataArgs = parse_args("gen-data --out d.txt --player level=8").unwrap();
        assert_eq!((args.games, args.nodes, args.player.as_str()), (100, 3000, "level=8"));
        assert!(parse_args::<GenDataArgs>("gen-data --games 3").unwrap_err().contains("--out <FILE>"));
        assert!(parse_args::<GenDataArgs>("gen-data --out d.txt --nodes 0")
            .unwrap_err()
            .contains("invalid value '0' for '--nodes <N>'"));
    }
}
