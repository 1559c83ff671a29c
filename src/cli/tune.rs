//! `jungle gen-data` and `jungle tune`: self-play training positions and the Texel fit of the
//! evaluation weights.

use super::args::{Args, MAX_GAMES};
use super::selfplay_cmd;
use jungle::ai::tune::{as_f64, best_k, error, fit, generate, FitOptions, Sample};
use jungle::ai::{Weights, GROUPS};
use jungle::rules::{Position, Rules};
use std::io::Write;

fn rules_of(args: &mut Args) -> Result<Rules, String> {
    match args.option("--rules")? {
        Some(t) => t.parse().map_err(|e| format!("bad --rules: {e}")),
        None => Ok(Rules::default()),
    }
}

/// `gen-data --games N --out FILE [--nodes N] [--player SPEC] [--seed S] [--rules R]`: lines
/// `FEN;result` (result for Red: 1, 0.5 or 0). Both sides are the player of `--player` (a
/// `selfplay` setting such as `level=8`, plain search by default), searching `--nodes` per move.
pub fn gen_data(args: &mut Args) -> Result<(), String> {
    let rules = rules_of(args)?;
    let games = args.number("--games", 100, 1..=MAX_GAMES)? as usize;
    let nodes = args.number("--nodes", 3000, 1..=u64::MAX)?;
    let player = args.option("--player")?.unwrap_or_default();
    let seed = args.number("--seed", 1, 0..=u64::MAX)?;
    let out = args.option("--out")?.ok_or("missing --out FILE")?;
    args.finish()?;
    let spec = format!("{player},nodes={nodes}");
    let (mut a, mut b) = (selfplay_cmd::player(&spec, seed)?, selfplay_cmd::player(&spec, seed ^ 1)?);
    let file = std::fs::File::create(&out).map_err(|e| format!("{out}: {e}"))?;
    let mut file = std::io::BufWriter::new(file);
    let (mut count, mut failed) = (0u64, None);
    generate(rules, games, seed, (&mut *a, &mut *b), &mut |pos, result, game| {
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

/// Which weights `--freeze a,b` holds fixed (group names as in the weights file).
fn frozen(names: &str) -> Result<Vec<bool>, String> {
    let mut mask = vec![false; Weights::default().values.len()];
    for name in names.split(',').filter(|n| !n.is_empty()) {
        let group =
            GROUPS.iter().find(|g| g.name == name).ok_or_else(|| format!("no weight group `{name}`"))?;
        mask[group.start..group.start + group.len].fill(true);
    }
    Ok(mask)
}

/// `tune --data FILE [--epochs N] [--rate R] [--l2 L] [--freeze GROUPS] [--out FILE] [--rules R] [--from WEIGHTS]`.
pub fn tune(args: &mut Args) -> Result<(), String> {
    let rules = rules_of(args)?;
    let data = args.option("--data")?.ok_or("missing --data FILE")?;
    let epochs = args.number("--epochs", 300, 1..=1_000_000)? as usize;
    let float = |v: Option<String>, default: f64| {
        v.map_or(Ok(default), |t| t.parse::<f64>().map_err(|_| format!("`{t}` is not a number")))
    };
    let rate = float(args.option("--rate")?, 1.0)?;
    let l2 = float(args.option("--l2")?, 0.0)?;
    let frozen = frozen(&args.option("--freeze")?.unwrap_or_default())?;
    let out = args.option("--out")?.unwrap_or_else(|| "weights.txt".to_string());
    let start = match args.option("--from")? {
        Some(path) => selfplay_cmd::read_weights(&path)?,
        None => Weights::default(),
    };
    args.finish()?;
    let samples = read_samples(&data, rules)?;
    if samples.is_empty() {
        return Err(format!("{data}: no positions to tune on (lines `FEN;result`); no weights written"));
    }
    let k = best_k(&samples, &as_f64(&start));
    say!("{} positions, k = {k:.6}, error {:.6}", samples.len(), error(&samples, &as_f64(&start), k));
    let options = FitOptions { epochs, rate, l2, frozen };
    let tuned = fit(&samples, &start, k, &options, &mut |epoch, e| eprintln!("epoch {epoch}: error {e:.6}"));
    say!("tuned error {:.6}", error(&samples, &as_f64(&tuned), k));
    let mut text = String::new();
    for (i, v) in tuned.values.iter().enumerate() {
        let (group, offset) = Weights::describe(i);
        text.push_str(&format!("{v} # {group} {offset}\n"));
    }
    std::fs::write(&out, text).map_err(|e| format!("{out}: {e}"))?;
    say!("weights written to {out} ({} groups)", GROUPS.len() - 1);
    Ok(())
}
