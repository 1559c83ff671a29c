//! `jungle rating-list` run as a real process: a small list (two levels of this build and the
//! JCEI random engine) played to the end, and a run killed with SIGKILL that resumes from its
//! results file without playing any game twice.

use std::collections::HashSet;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Games each of the three pairs plays.
const GAMES_PER_PAIR: usize = 6;
const GAMES: usize = 3 * GAMES_PER_PAIR;

fn list(results: &str) -> Command {
    let jungle = env!("CARGO_BIN_EXE_jungle");
    let mut command = Command::new(jungle);
    command.args(["rating-list", "--level", "1", "--level", "2", "--nodes", "300", "--games-per-pair"]);
    command.arg(GAMES_PER_PAIR.to_string());
    command.args(["--engine", &format!("random={jungle} random-engine --seed 7"), "--results", results]);
    command
}

/// The games of a results file: its lines after the first, each `red<TAB>blue<TAB>opening<TAB>result`.
fn games(path: &str) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines().skip(1).map(str::to_string).collect()
}

/// The key of a game: who was Red, who was Blue, and its opening.
fn keys(games: &[String]) -> HashSet<String> {
    games.iter().map(|g| g.rsplit_once('\t').expect("a result").0.to_string()).collect()
}

fn temp_file(name: &str) -> String {
    let path = std::env::temp_dir().join(format!("jungle-{name}-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path.to_string_lossy().into_owned()
}

#[test]
fn a_small_list_runs_to_the_end() {
    let path = temp_file("list-whole");
    let out = list(&path).output().expect("run jungle");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains(&format!("{GAMES} games; Elo relative to level 1")), "{text}");
    let ranks: Vec<&str> =
        text.lines().filter(|l| l.starts_with("   1  ") || l.starts_with("   3  ")).collect();
    // Every game of the random mover is lost to a level (it cannot even hold a draw).
    assert!(ranks[1].starts_with("   3  random") && ranks[1].ends_with(" 12    0.0%"), "{text}");
    assert!(text.contains("\ncrosstable "), "{text}");
    let played = games(&path);
    assert_eq!((played.len(), keys(&played).len()), (GAMES, GAMES), "{played:?}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_killed_list_resumes_without_playing_a_game_twice() {
    let path = temp_file("list-killed");
    let mut first = list(&path).stdout(Stdio::null()).spawn().expect("start jungle");
    let deadline = Instant::now() + Duration::from_secs(120);
    while games(&path).len() < 3 {
        assert!(Instant::now() < deadline, "no games written");
        std::thread::sleep(Duration::from_millis(10));
    }
    first.kill().expect("SIGKILL");
    first.wait().expect("reaped");
    let before = games(&path);
    assert!(before.len() < GAMES, "the first run ended before it was killed");
    let out = list(&path).output().expect("run jungle again");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains(&format!("{} already in the results file", before.len())), "{text}");
    let played = games(&path);
    assert_eq!(played.len(), GAMES, "{played:?}");
    assert_eq!(keys(&played).len(), GAMES, "a game was played twice: {played:?}");
    assert_eq!(played[..before.len()], before[..]);
    assert_eq!(text.lines().filter(|l| l.starts_with("game ")).count(), GAMES - before.len(), "{text}");
    assert!(text.contains(&format!("{GAMES} games; Elo relative to level 1")), "{text}");
    let _ = std::fs::remove_file(&path);
}
