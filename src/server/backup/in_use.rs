//! A running server holds a shared advisory lock (`flock`) on its SQLite file; a restore takes
//! it exclusively, so that it never replaces the database under a running server, and a server
//! does not start on a database being restored. SQLite's own locks (`fcntl`) are separate on
//! Linux and cannot tell: an idle server in WAL mode holds none of them.

use std::fs::{File, TryLockError};
use std::path::Path;

/// Marks the SQLite file `path` as used by this server for as long as the answer is kept.
pub fn hold(path: &Path) -> Result<File, String> {
    lock(path, false).map_err(|busy| {
        busy.unwrap_or_else(|| format!("{} is being restored: try again when it is done", path.display()))
    })
}

/// Takes the SQLite file `path` for a restore, if no server uses it.
pub fn take(path: &Path) -> Result<File, String> {
    lock(path, true).map_err(|busy| {
        busy.unwrap_or_else(|| {
            format!("{} is in use by a running jungle-server: stop it first", path.display())
        })
    })
}

/// Locks `path`, shared or exclusive, without waiting; else the error, or none if the lock is
/// held by another.
fn lock(path: &Path, exclusive: bool) -> Result<File, Option<String>> {
    let file = File::open(path).map_err(|e| Some(format!("cannot open {}: {e}", path.display())))?;
    let locked = if exclusive { file.try_lock() } else { file.try_lock_shared() };
    match locked {
        Ok(()) => Ok(file),
        Err(TryLockError::WouldBlock) => Err(None),
        Err(TryLockError::Error(e)) => Err(Some(format!("cannot lock {}: {e}", path.display()))),
    }
}
