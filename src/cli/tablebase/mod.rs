//! `jungle tablebase`: build endgame tables, ask them about a position, sum them up.

mod build;
mod progress;
mod report;

use super::args::PositionArgs;
use clap::{Args, Subcommand};
use jungle::tablebase::{folder, Value};
use std::path::PathBuf;

/// `jungle tablebase`.
#[derive(Args, Debug)]
pub struct TablebaseArgs {
    #[command(subcommand)]
    command: TablebaseCommand,
}

#[derive(Debug, Subcommand)]
enum TablebaseCommand {
    /// Solve every position of up to N animals (standard rules), one file per material set
    ///
    /// Sets already in the folder are checked and kept, so a build stopped or killed goes on
    /// where it was. Memory: each set being solved takes about 37 bytes a position with its
    /// moves: under 50 MB for 3 animals, up to about 4 GB a set of 4.
    Build(build::BuildArgs),
    /// The value of a position and of each of its moves
    Probe(ProbeArgs),
    /// What the tables hold: the longest wins, the share of won positions, the drawn fights
    Report(report::ReportArgs),
}

/// `jungle tablebase probe`.
#[derive(Args, Debug)]
struct ProbeArgs {
    /// The folder of the tables
    #[arg(long, value_name = "DIR")]
    dir: PathBuf,
    #[command(flatten)]
    position: PositionArgs,
}

/// Runs `jungle tablebase …`.
pub fn run(args: &TablebaseArgs) -> Result<(), String> {
    match &args.command {
        TablebaseCommand::Build(args) => build::build(args),
        TablebaseCommand::Probe(args) => probe(args),
        TablebaseCommand::Report(args) => report::report(args),
    }
}

fn probe(args: &ProbeArgs) -> Result<(), String> {
    let pos = args.position.position()?;
    let base = folder::load(&args.dir, u32::MAX)?;
    let moves = base.probe_moves(&pos).ok_or("no table here holds this position")?;
    say!("{}", describe(base.probe(&pos).expect("probed with its moves")));
    for (m, value) in moves {
        say!("{m} {}", describe(value));
    }
    Ok(())
}

/// `win 17`, `draw`, `loss 4`: a value for the side to move.
fn describe(value: Value) -> String {
    match value {
        Value::Draw => value.result().into(),
        _ => format!("{} {}", value.result(), value.plies()),
    }
}
