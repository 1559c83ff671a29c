//! `jungle tablebase` as a real process: a build killed half way goes on where it stopped,
//! a damaged table is built again, and a probe reads the tables.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn jungle(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jungle")).args(args).output().expect("run jungle")
}

fn tables(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".jtb"))
        .collect();
    names.sort();
    names
}

/// Sets of three animals with the Rat, the Lion and the Tiger: 2 × 14 tables.
const SETS: &str = "LvTR,TvLR,LvER,EvLR,TvER,EvTR,LvWR,WvLR,TvWR,WvTR,LvPR,PvLR,TvPR,PvTR";

#[test]
fn a_killed_build_goes_on_where_it_stopped() {
    let dir = std::env::temp_dir().join(format!("jungle-tb-{}", std::process::id()));
    let out = dir.to_str().unwrap();
    let two = jungle(&["tablebase", "build", "--animals", "2", "--out", out]);
    assert!(two.status.success(), "{}", String::from_utf8_lossy(&two.stderr));
    assert_eq!(tables(&dir).len(), 64);
    // Killed once its first pair of sets of three animals (a set and its twin) is written.
    let mut child = Command::new(env!("CARGO_BIN_EXE_jungle"))
        .args(["tablebase", "build", "--animals", "3", "--only", SETS, "--threads", "1", "--out", out])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while tables(&dir).len() < 66 && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let kept = tables(&dir).len() - 64;
    assert!((2..28).contains(&kept), "{kept} sets written before the kill");
    let written = |name: &str| std::fs::metadata(dir.join(name)).unwrap().modified().unwrap();
    let twin = |name: &str| {
        let (ours, theirs) = name.trim_end_matches(".jtb").split_once('v').unwrap();
        format!("{theirs}v{ours}.jtb")
    };
    let names = tables(&dir);
    let first = names.iter().find(|n| n.len() == 8 && names.contains(&twin(n))).unwrap().clone();
    let before = written(&first);
    // A damaged table of two animals is found and built again.
    let damaged = dir.join("LvR.jtb");
    let mut bytes = std::fs::read(&damaged).unwrap();
    bytes[100] ^= 0xff;
    std::fs::write(&damaged, bytes).unwrap();
    let again = jungle(&["tablebase", "build", "--animals", "3", "--only", SETS, "--out", out]);
    let log = String::from_utf8_lossy(&again.stderr);
    assert!(!again.status.success() && log.contains("LvR.jtb: LvR: the checksum does not match"), "{log}");
    let rebuilt = jungle(&["tablebase", "build", "--animals", "2", "--out", out]);
    assert!(String::from_utf8_lossy(&rebuilt.stderr).contains("building it again"));
    let resumed = jungle(&["tablebase", "build", "--animals", "3", "--only", SETS, "--out", out]);
    assert!(resumed.status.success(), "{}", String::from_utf8_lossy(&resumed.stderr));
    assert_eq!(tables(&dir).len(), 64 + 28);
    assert_eq!(written(&first), before, "{first} was kept, not solved again");
    // A probe: the Rat to move next to the Elephant on land takes it and wins.
    let probe = jungle(&["tablebase", "probe", "--dir", out, "--fen", "7/7/7/7/7/7/7/7/Re5 w"]);
    let text = String::from_utf8_lossy(&probe.stdout);
    assert!(text.starts_with("win 1\na1b1 win 1\n"), "{text}");
    let bad = jungle(&[
        "tablebase",
        "probe",
        "--dir",
        out,
        "--rules",
        "dog-swims=yes",
        "--fen",
        "7/7/7/7/7/7/7/7/Re5 w",
    ]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("no table here holds this position"));
    std::fs::remove_dir_all(&dir).unwrap();
}
