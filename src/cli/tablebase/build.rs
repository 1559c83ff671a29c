//! `jungle tablebase build`: every material set of up to N animals, fewer animals first,
//! several sets at once, each written whole as soon as it is solved.

use super::progress::{duration, Bar};
use clap::Args;
use jungle::tablebase::index::Layout;
use jungle::tablebase::{folder, solve, Material, Table, Tablebase};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// `jungle tablebase build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// The most animals on the board
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=5))]
    animals: u32,
    /// The folder of the tables (made if missing)
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Sets solved at once, each on a thread [default: the machine's cores]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: Option<u32>,
    /// Only these sets of N animals (e.g. `LTvRE,EvRCD`), with their colour-swapped twins;
    /// the sets of fewer animals must be built already
    #[arg(long, value_name = "SET,...", value_delimiter = ',', value_parser = set)]
    only: Vec<Material>,
}

fn set(name: &str) -> Result<Material, String> {
    Material::parse(name).ok_or_else(|| format!("`{name}` is not a material set like LTvR"))
}

/// Builds what is missing, fewer animals first.
pub fn build(args: &BuildArgs) -> Result<(), String> {
    if let Some(m) = args.only.iter().find(|m| m.count() != args.animals) {
        return Err(format!("--only {m}: a set of {} animals with --animals {}", m.count(), args.animals));
    }
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let threads = args
        .threads
        .map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |n| n as usize);
    let start = Instant::now();
    let mut base = Tablebase::new();
    let first = if args.only.is_empty() { 2 } else { args.animals };
    if first > 2 {
        base = folder::load(&args.out, first - 1)?;
        let missing = Material::all(first - 1).into_iter().find(|m| base.get(*m).is_none());
        if let Some(m) = missing {
            return Err(format!("{m} is missing: build --animals {} first", first - 1));
        }
    }
    for animals in first..=args.animals {
        let mut todo = Vec::new();
        for pair in Material::all(animals).into_iter().filter(|m| m.count() == animals && *m <= m.swapped()) {
            if !args.only.is_empty() && !args.only.iter().any(|m| *m == pair || m.swapped() == pair) {
                continue;
            }
            match kept(&args.out, pair) {
                Some(tables) => tables.into_iter().for_each(|t| base.add(t)),
                None => todo.push(pair),
            }
        }
        for table in solve_all(&todo, &base, &args.out, threads, animals)? {
            base.add(table);
        }
    }
    let (sets, bytes) = base.tables().fold((0, 0), |(n, b), t| (n + 1, b + t.bytes().len()));
    eprintln!(
        "{sets} tables of up to {} animals, {:.1} MB, in {}",
        args.animals,
        bytes as f64 / 1e6,
        duration(start.elapsed().as_secs_f64())
    );
    Ok(())
}

/// The tables of a pair already in the folder and sound; `None` if one is missing or
/// damaged (said, then built again).
fn kept(dir: &Path, pair: Material) -> Option<Vec<Table>> {
    let mut tables = Vec::new();
    for m in if pair == pair.swapped() { vec![pair] } else { vec![pair, pair.swapped()] } {
        match folder::read(dir, m) {
            Ok(Some(table)) => tables.push(table),
            Ok(None) => return None,
            Err(e) => {
                eprintln!("{e}: building it again");
                return None;
            }
        }
    }
    Some(tables)
}

/// Solves `pairs` on `threads` threads, writing each as it is done; the tables made.
fn solve_all(
    pairs: &[Material],
    base: &Tablebase,
    out: &Path,
    threads: usize,
    animals: u32,
) -> Result<Vec<Table>, String> {
    let size = |m: Material| Layout::new(m).len() as u64 * if m == m.swapped() { 1 } else { 2 };
    let total: u64 = pairs.iter().map(|&m| 3 * size(m)).sum();
    let next = AtomicUsize::new(0);
    let finished = AtomicU64::new(0);
    let current: Vec<AtomicU64> = (0..threads).map(|_| AtomicU64::new(0)).collect();
    let bar = Mutex::new(Bar::new(total));
    let made = Mutex::new(Vec::new());
    let smaller = |pos: &jungle::rules::Position| base.probe(pos);
    let result = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let (next, finished, current, bar, made) = (&next, &finished, &current, &bar, &made);
                scope.spawn(move || -> Result<(), String> {
                    while let Some(&pair) = pairs.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let len = size(pair);
                        let mut report = |step: u8, done: usize, of: usize| {
                            let part = u64::from(step - 1) * len + done as u64 * len / of.max(1) as u64;
                            current[t].store(part, Ordering::Relaxed);
                            let all = finished.load(Ordering::Relaxed)
                                + current.iter().map(|c| c.load(Ordering::Relaxed)).sum::<u64>();
                            let note = format!("{animals} animals, {pair}");
                            bar.lock().expect("the bar").show(all, &note, false);
                        };
                        let solved = solve(pair, &smaller, &mut report)?;
                        current[t].store(0, Ordering::Relaxed);
                        finished.fetch_add(3 * len, Ordering::Relaxed);
                        for s in solved {
                            let table = Table::from_entries(s.material, &s.entries);
                            folder::write(out, &table)?;
                            made.lock().expect("the tables").push(table);
                        }
                        let note = format!("{animals} animals, {pair} written");
                        bar.lock().expect("the bar").show(finished.load(Ordering::Relaxed), &note, true);
                    }
                    Ok(())
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|_| Err("a solver thread failed".into())))
            .collect::<Result<Vec<()>, String>>()
    });
    bar.lock().expect("the bar").finish();
    result?;
    Ok(made.into_inner().expect("the tables"))
}
