//! The results file of `jungle rating-list`: a first line naming the list's settings, then one
//! line per finished game (`red<TAB>blue<TAB>opening<TAB>result`, the result `1-0`, `0-1` or
//! `1/2-1/2`), each appended whole and flushed as its game ends. Read back, it tells which
//! games are done, so a list stopped (or killed) goes on where it was; a last line without its
//! line end, half written when the process died, is cut off and its game played again.

use jungle::competitions::rating_list::Score;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::sync::Mutex;

/// The first line's start; the settings follow it.
const HEADER: &str = "# jungle rating-list ";

/// A finished game as the file keeps it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Finished {
    pub red: String,
    pub blue: String,
    /// The index of its opening in the list's openings.
    pub opening: usize,
    /// How it ended for Red.
    pub red_score: Score,
}

impl Finished {
    fn line(&self) -> String {
        let result = match self.red_score {
            Score::Win => "1-0",
            Score::Draw => "1/2-1/2",
            Score::Loss => "0-1",
        };
        format!("{}\t{}\t{}\t{result}\n", self.red, self.blue, self.opening)
    }

    fn parse(line: &str) -> Option<Finished> {
        let mut fields = line.split('\t');
        let (red, blue, opening, result) = (fields.next()?, fields.next()?, fields.next()?, fields.next()?);
        let red_score = match result {
            "1-0" => Score::Win,
            "1/2-1/2" => Score::Draw,
            "0-1" => Score::Loss,
            _ => return None,
        };
        let opening = opening.parse().ok()?;
        fields.next().is_none().then(|| Finished { red: red.into(), blue: blue.into(), opening, red_score })
    }
}

/// The file, open for appending.
pub struct ResultsFile {
    file: Mutex<File>,
}

impl ResultsFile {
    /// Opens (or starts) the results file at `path` for a list with `settings` (one line of
    /// text), and returns the games it holds. A file of other settings is refused.
    pub fn open(path: &str, settings: &str) -> Result<(ResultsFile, Vec<Finished>), String> {
        let fail = |e: std::io::Error| format!("results file {path}: {e}");
        let mut file = OpenOptions::new().read(true).append(true).create(true).open(path).map_err(fail)?;
        let mut text = String::new();
        file.read_to_string(&mut text).map_err(fail)?;
        let whole = text.rfind('\n').map_or(0, |end| end + 1);
        if whole < text.len() {
            // A line cut short by a kill: its game was not finished as far as the file knows.
            file.set_len(whole as u64).map_err(fail)?;
            text.truncate(whole);
        }
        let mut lines = text.lines();
        match lines.next() {
            None => file.write_all(format!("{HEADER}{settings}\n").as_bytes()).map_err(fail)?,
            Some(first) if first.strip_prefix(HEADER) == Some(settings) => {}
            Some(first) => {
                return Err(format!(
                "results file {path} holds another list ({first}); this one is {settings}: give another file"
            ))
            }
        }
        let games = lines
            .enumerate()
            .map(|(i, line)| {
                Finished::parse(line)
                    .ok_or_else(|| format!("results file {path}, line {}: not a game: {line}", i + 2))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok((ResultsFile { file: Mutex::new(file) }, games))
    }

    /// Appends `game` in one write.
    pub fn append(&self, game: &Finished) -> Result<(), String> {
        let mut file = self.file.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        file.write_all(game.line().as_bytes())
            .and_then(|()| file.flush())
            .map_err(|e| format!("results file: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_kept_and_a_cut_line_is_dropped() {
        let path = std::env::temp_dir().join(format!("jungle-results-{}.txt", std::process::id()));
        let path = path.to_string_lossy().into_owned();
        let _ = std::fs::remove_file(&path);
        let game =
            Finished { red: "level 1".into(), blue: "random".into(), opening: 3, red_score: Score::Draw };
        {
            let (file, games) = ResultsFile::open(&path, "nodes 100").unwrap();
            assert!(games.is_empty());
            file.append(&game).unwrap();
        }
        // A kill in the middle of the next line.
        OpenOptions::new().append(true).open(&path).unwrap().write_all(b"level 1\trand").unwrap();
        let (file, games) = ResultsFile::open(&path, "nodes 100").unwrap();
        assert_eq!(games, vec![game.clone()]);
        file.append(&Finished { red_score: Score::Win, ..game.clone() }).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text,
            "# jungle rating-list nodes 100\nlevel 1\trandom\t3\t1/2-1/2\nlevel 1\trandom\t3\t1-0\n"
        );
        let refusal = ResultsFile::open(&path, "nodes 200").err().unwrap();
        assert!(refusal.contains("holds another list"), "{refusal}");
        std::fs::write(&path, "# jungle rating-list nodes 100\nnonsense\n").unwrap();
        let refusal = ResultsFile::open(&path, "nodes 100").err().unwrap();
        assert!(refusal.ends_with("line 2: not a game: nonsense"), "{refusal}");
        let _ = std::fs::remove_file(&path);
    }
}
