//! `jungle train-net`: the neural correction of the evaluation, fitted to `gen-data` positions
//! labelled by the game's result and a search of each position.

use clap::Args;
use jungle::ai::train_net::{train, NetFit, NetSample};
use jungle::ai::tune::{as_f64, best_k, Sample};
use jungle::ai::{evaluate, Engine, Limits, Score, SearchConfig, Weights};
use jungle::rules::{Game, Position, Rules};

/// `jungle train-net`.
#[derive(Args, Debug)]
pub struct TrainNetArgs {
    /// The training positions, lines `FEN;result` (as gen-data writes them) or
    /// `FEN;result;score` (as --labelled writes them: not searched again)
    #[arg(long, value_name = "FILE")]
    data: String,
    /// Also write the positions with their search scores here, to train again without searching
    #[arg(long, value_name = "FILE")]
    labelled: Option<String>,
    /// The net file to write (the engine's own is src/ai/net.bin)
    #[arg(long, value_name = "FILE", default_value = "net.bin")]
    out: String,
    /// Passes over the positions
    #[arg(long, value_name = "N", default_value_t = 40, value_parser = clap::value_parser!(u64).range(1..=1000))]
    epochs: u64,
    /// Adam's step size
    #[arg(long, value_name = "R", default_value_t = 0.001)]
    rate: f32,
    /// Positions per step
    #[arg(long, value_name = "N", default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    batch: u64,
    /// Nodes of the search that labels each position (without any net)
    #[arg(long, value_name = "N", default_value_t = 3000, value_parser = clap::value_parser!(u64).range(1..))]
    label_nodes: u64,
    /// The share of the game's result in the label (the rest is the search's score)
    #[arg(long, value_name = "L", default_value_t = 0.3)]
    lambda: f32,
    /// Threads that label positions
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    threads: u64,
    /// The seed of the start weights and the shuffles
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
}

/// A training position: the result of its game for Red, and its search score if known.
type Labelled = (Position, f32, Option<i32>);

/// The positions of `path`: lines `FEN;result` or `FEN;result;score`.
fn read_positions(path: &str) -> Result<Vec<Labelled>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let bad = |what: &str| format!("{path}:{}: {what}", n + 1);
        let mut fields = line.split(';');
        let (fen, result, score) = (fields.next().unwrap_or(""), fields.next(), fields.next());
        let result: f32 = result
            .ok_or_else(|| bad("expected FEN;result"))?
            .trim()
            .parse()
            .map_err(|_| bad("bad result"))?;
        if ![0.0, 0.5, 1.0].contains(&result) {
            return Err(bad("a result is 1, 0.5 or 0"));
        }
        let score = score.map(|s| s.trim().parse::<i32>().map_err(|_| bad("bad score"))).transpose()?;
        if fields.next().is_some() {
            return Err(bad("expected FEN;result or FEN;result;score"));
        }
        out.push((
            Position::from_fen(fen, Rules::default()).map_err(|e| bad(&e.to_string()))?,
            result,
            score,
        ));
    }
    Ok(out)
}

/// The score of each position: its own, or a `nodes` search's without the net, on `threads`
/// threads.
fn label(positions: &[Labelled], nodes: u64, threads: usize) -> Vec<i32> {
    let chunk = positions.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = positions
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut engine = Engine::new(16);
                    engine.set_config(SearchConfig { net: false, ..SearchConfig::default() });
                    let limits = Limits { depth: None, nodes: Some(nodes) };
                    part.iter()
                        .map(|(pos, _, known)| {
                            if let Some(score) = *known {
                                return score;
                            }
                            let game = Game::from_position(pos.clone());
                            let score = engine.search(&game, &limits, &mut |_| false, &mut |_| {}).score;
                            score.cp().map_or(if score > Score::DRAW { 3000 } else { -3000 }, |cp| {
                                cp.clamp(-3000, 3000)
                            })
                        })
                        .collect::<Vec<i32>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("a labelling thread")).collect()
    })
}

/// `train-net --data FILE [--out FILE] [--labelled FILE] [--epochs N] [--rate R] [--batch N]
/// [--label-nodes N] [--lambda L] [--threads N] [--seed S]`.
pub fn train_net(args: &TrainNetArgs) -> Result<(), String> {
    let positions = read_positions(&args.data)?;
    if positions.is_empty() {
        return Err(format!("{}: no positions to train on (lines `FEN;result`); no net written", args.data));
    }
    let texel: Vec<Sample> = positions.iter().map(|(pos, result, _)| Sample::new(pos, *result)).collect();
    let k = best_k(&texel, &as_f64(&Weights::default())) as f32;
    let unlabelled = positions.iter().filter(|(_, _, score)| score.is_none()).count();
    say!(
        "{} positions, k = {k:.6}; {unlabelled} to label with {} nodes each",
        positions.len(),
        args.label_nodes
    );
    let scores = label(&positions, args.label_nodes, args.threads as usize);
    if let Some(path) = &args.labelled {
        let lines: String = positions
            .iter()
            .zip(&scores)
            .map(|((pos, result, _), score)| format!("{};{result};{score}\n", pos.fen()))
            .collect();
        std::fs::write(path, lines).map_err(|e| format!("{path}: {e}"))?;
    }
    let samples: Vec<NetSample> = positions
        .iter()
        .zip(&scores)
        .map(|((pos, result, _), &searched)| {
            NetSample::new(pos, *result, searched, evaluate(pos), k, args.lambda)
        })
        .collect();
    let fit = NetFit {
        epochs: args.epochs as usize,
        rate: args.rate,
        batch: args.batch as usize,
        k,
        seed: args.seed,
    };
    let net = train(&samples, &fit, &mut |epoch, training, held, alone| {
        say!("epoch {epoch}: error {training:.6}, held out {held:.6} (linear evaluation alone {alone:.6})");
    });
    std::fs::write(&args.out, net.to_bytes()).map_err(|e| format!("{}: {e}", args.out))?;
    say!("net written to {}", args.out);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::parse_args::parse_args;

    #[test]
    fn train_net_reads_its_settings() {
        let args: TrainNetArgs = parse_args("train-net --data d.txt --epochs 3 --lambda 0.5").unwrap();
        assert_eq!(
            (args.epochs, args.lambda, args.label_nodes, args.out.as_str()),
            (3, 0.5, 3000, "net.bin")
        );
        assert!(parse_args::<TrainNetArgs>("train-net --data d.txt --threads 0").is_err());
        assert!(parse_args::<TrainNetArgs>("train-net --epochs 3").unwrap_err().contains("--data <FILE>"));
    }

    #[test]
    fn a_bad_line_is_named_and_nothing_is_trained() {
        let dir = std::env::temp_dir().join(format!("jungle-train-net-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let data = dir.join("data.txt");
        let start = Position::new(Rules::default()).fen();
        std::fs::write(&data, format!("{start};1\n{start};0.7\n")).unwrap();
        let out = dir.join("net.bin");
        let args: TrainNetArgs =
            parse_args(&format!("train-net --data {} --out {} --epochs 1", data.display(), out.display()))
                .unwrap();
        let refusal = train_net(&args).unwrap_err();
        assert!(refusal.ends_with("data.txt:2: a result is 1, 0.5 or 0"), "{refusal}");
        assert!(!out.exists());
        std::fs::write(&data, format!("{start};1;12x\n")).unwrap();
        assert!(train_net(&args).unwrap_err().ends_with("data.txt:1: bad score"));
        std::fs::write(&data, "").unwrap();
        assert!(train_net(&args).unwrap_err().contains("no positions to train on"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
