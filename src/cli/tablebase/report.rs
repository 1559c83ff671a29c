//! `jungle tablebase report`: what the tables hold, for the README's findings.

use clap::Args;
use jungle::tablebase::{folder, Material, Value};
use std::path::PathBuf;

/// `jungle tablebase report`.
#[derive(Args, Debug)]
pub struct ReportArgs {
    /// The folder of the tables
    #[arg(long, value_name = "DIR")]
    dir: PathBuf,
}

/// Per number of animals: the longest win; per set: the share of won, drawn and lost
/// positions for the side to move; the two-animal fights that are drawn with either side
/// to move in most positions.
pub fn report(args: &ReportArgs) -> Result<(), String> {
    let base = folder::load(&args.dir, u32::MAX)?;
    let mut sets: Vec<Material> = base.tables().map(|t| t.material()).collect();
    sets.sort_by_key(|m| (m.count(), *m));
    let mut squares = Vec::new();
    say!("set positions won drawn lost longest");
    let mut longest: Vec<(u32, u16, Material, usize)> = Vec::new();
    for m in sets {
        let table = base.get(m).expect("listed");
        let (mut won, mut drawn, mut lost, mut best) = (0u64, 0u64, 0u64, (0u16, 0usize));
        for i in 0..table.layout().len() {
            if !table.layout().decode(i, &mut squares) {
                continue;
            }
            match table.value(i) {
                Value::Win(p) => {
                    won += 1;
                    if p > best.0 {
                        best = (p, i);
                    }
                }
                Value::Draw => drawn += 1,
                Value::Loss(_) => lost += 1,
            }
        }
        let all = (won + drawn + lost).max(1) as f64;
        say!(
            "{m} {} {:.1}% {:.1}% {:.1}% {}",
            won + drawn + lost,
            100.0 * won as f64 / all,
            100.0 * drawn as f64 / all,
            100.0 * lost as f64 / all,
            best.0
        );
        match longest.iter_mut().find(|l| l.0 == m.count()) {
            Some(l) if l.1 >= best.0 => {}
            Some(l) => *l = (m.count(), best.0, m, best.1),
            None => longest.push((m.count(), best.0, m, best.1)),
        }
    }
    for (animals, plies, m, index) in longest {
        let table = base.get(m).expect("listed");
        table.layout().decode(index, &mut squares);
        let placed: Vec<String> = table
            .layout()
            .pieces()
            .iter()
            .zip(&squares)
            .map(|(p, sq)| format!("{}{sq}", p.fen_char()))
            .collect();
        say!("longest win with {animals} animals: {plies} plies, {m}: {} (Red to move)", placed.join(" "));
    }
    Ok(())
}
