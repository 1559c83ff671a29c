//! Backups a club gets without setting anything up: while the server runs on a SQLite file, it
//! copies the database into a folder (`--backups`, by default `backups/` beside the file) every
//! `--backup-every` hours and keeps the newest `--backups-kept`. A server restarted every night
//! still makes them: the first copy is made at start when the newest one is older than the
//! interval. PostgreSQL has its own tools (pg_dump), and gets none.

use super::copy;
use crate::server::game::record::date;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// What to copy where, and how often.
#[derive(Clone, Debug)]
pub struct Schedule {
    /// The database file.
    pub db: PathBuf,
    /// The folder of the copies.
    pub folder: PathBuf,
    /// The time between two copies.
    pub every: Duration,
    /// How many copies are kept (the newest).
    pub kept: usize,
}

/// The names of the copies begin so; each ends with the time it was made.
const PREFIX: &str = "jungle-";

impl Schedule {
    /// Copies the database whenever a copy is due, for ever.
    pub async fn run(self) {
        loop {
            let wait = self.every.saturating_sub(self.since_newest());
            tokio::time::sleep(wait).await;
            match self.copy_now().await {
                Ok(made) => tracing::info!(copy = %made.display(), "database backed up"),
                // Tried again after a whole interval: a full disk does not fill the log.
                Err(e) => {
                    tracing::error!("cannot back up the database: {e}");
                    tokio::time::sleep(self.every).await;
                }
            }
        }
    }

    /// Makes a copy now and removes the oldest beyond `kept`: the copy's path.
    pub async fn copy_now(&self) -> Result<PathBuf, String> {
        std::fs::create_dir_all(&self.folder)
            .map_err(|e| format!("cannot make the folder {}: {e}", self.folder.display()))?;
        let out = self.folder.join(format!("{PREFIX}{}.sqlite", stamp(SystemTime::now())));
        // Written under another name and renamed when whole, so that every copy listed is
        // whole; one left by a crash is written again.
        let partial = out.with_extension("sqlite.partial");
        let _ = std::fs::remove_file(&partial);
        copy::backup(&self.db, &partial).await?;
        std::fs::rename(&partial, &out)
            .map_err(|e| format!("cannot name the copy {}: {e}", out.display()))?;
        for old in self.copies().into_iter().rev().skip(self.kept) {
            if let Err(e) = std::fs::remove_file(&old) {
                tracing::warn!(copy = %old.display(), "cannot remove an old backup: {e}");
            }
        }
        Ok(out)
    }

    /// The copies in the folder, oldest first (their names sort by time).
    fn copies(&self) -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(&self.folder) else {
            return Vec::new();
        };
        let mut copies: Vec<PathBuf> = entries
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| is_copy(path))
            .collect();
        copies.sort();
        copies
    }

    /// How long ago the newest copy was made (forever, without one).
    fn since_newest(&self) -> Duration {
        let made = self.copies().last().and_then(|newest| newest.metadata().ok()?.modified().ok());
        made.and_then(|made| made.elapsed().ok()).unwrap_or(Duration::MAX)
    }
}

fn is_copy(path: &Path) -> bool {
    let name = path.file_name().and_then(|name| name.to_str()).unwrap_or_default();
    name.starts_with(PREFIX) && name.ends_with(".sqlite")
}

/// `YYYY.MM.DD-HHMMSS` (UTC): names that sort as the times they stand for.
fn stamp(at: SystemTime) -> String {
    let ms = at.duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64);
    let seconds = ms.div_euclid(1000).rem_euclid(86_400);
    format!("{}-{:02}{:02}{:02}", date(ms), seconds / 3600, seconds / 60 % 60, seconds % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_sort_as_times() {
        let at = |s: u64| stamp(SystemTime::UNIX_EPOCH + Duration::from_secs(s));
        assert_eq!(at(1_795_928_958), "2026.11.29-050918");
        assert!(at(1_795_928_958) < at(1_795_928_959) && at(1_795_928_959) < at(1_795_928_959 + 86_400));
    }
}
