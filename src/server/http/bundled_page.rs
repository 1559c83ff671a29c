//! The page built into the binary (`jungle-server` with cargo feature `bundled-page`:
//! `scripts/release` builds `dist/` first), so that one file serves a whole club. At start it
//! is written out to a folder of its own under the temporary folder (`TMPDIR`, else `/tmp`),
//! readable by this user only and removed when the server stops (one left by a crash is never
//! reused), and served from there by [`files`] like any `--dist`: the same content types,
//! compressed copies, caching and checks. Each file keeps the time of change it had in
//! `dist/`, which its entity tag is made of, so every instance of one release gives a file the
//! same tag and a new release gives a changed file a new one.
//!
//! [`files`]: super::files

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// One file of the built page, as the binary holds it.
pub struct PageFile {
    /// Its path inside `dist/`, relative.
    pub path: &'static Path,
    /// Its bytes.
    pub contents: &'static [u8],
    /// When it last changed in `dist/`, if known.
    pub modified: Option<SystemTime>,
}

/// A folder holding the page written out, removed with it.
pub struct Unpacked {
    folder: PathBuf,
}

impl Unpacked {
    /// Where the page is.
    pub fn folder(&self) -> &Path {
        &self.folder
    }
}

impl Drop for Unpacked {
    fn drop(&mut self) {
        if let Err(e) = std::fs::remove_dir_all(&self.folder) {
            tracing::warn!(folder = %self.folder.display(), "cannot remove the built-in page: {e}");
        }
    }
}

/// Writes the page `files` out to a new folder under `temp`; `None` when there are none (a
/// binary built without a page).
pub fn unpack(files: &[PageFile], temp: &Path) -> Result<Option<Unpacked>, String> {
    if files.is_empty() {
        return Ok(None);
    }
    // A new folder of a name nobody can guess, made for this user only: nobody else can have
    // prepared it, nor change the page in it.
    let folder = temp.join(format!("jungle-page-{}", crate::server::game::token::new_game_id()));
    let failed = |e: std::io::Error| {
        format!(
            "cannot write the built-in page to {}: {e} (set TMPDIR to a writable folder, or give --dist)",
            folder.display()
        )
    };
    std::os::unix::fs::DirBuilderExt::mode(&mut std::fs::DirBuilder::new(), 0o700)
        .create(&folder)
        .map_err(failed)?;
    let unpacked = Unpacked { folder: folder.clone() };
    for file in files {
        write_out(file, &folder).map_err(failed)?;
    }
    Ok(Some(unpacked))
}

/// Writes `file` under `root`, with its time of change.
fn write_out(file: &PageFile, root: &Path) -> std::io::Result<()> {
    let path = root.join(file.path);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let mut written = std::fs::File::create_new(path)?;
    written.write_all(file.contents)?;
    if let Some(modified) = file.modified {
        written.set_modified(modified)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{unpack, PageFile};
    use std::os::unix::fs::PermissionsExt;
    use std::path::Path;
    use std::time::{Duration, SystemTime};

    #[test]
    fn the_page_is_written_out_with_its_times_for_this_user_alone_and_removed_with_it() {
        let temp =
            std::env::temp_dir().join(format!("jungle-unpack-{}", crate::server::game::token::new_game_id()));
        std::fs::create_dir(&temp).unwrap();
        let changed = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        let page = [
            PageFile { path: Path::new("index.html"), contents: b"<!doctype html>", modified: Some(changed) },
            PageFile { path: Path::new("www/i18n/fr-ABCD2345.js"), contents: b"export {}", modified: None },
        ];
        let unpacked = unpack(&page, &temp).unwrap().expect("a page");
        let folder = unpacked.folder().to_path_buf();
        assert!(folder.starts_with(&temp));
        assert_eq!(std::fs::metadata(&folder).unwrap().permissions().mode() & 0o777, 0o700);
        assert_eq!(std::fs::read(folder.join("index.html")).unwrap(), b"<!doctype html>");
        assert_eq!(std::fs::metadata(folder.join("index.html")).unwrap().modified().unwrap(), changed);
        assert_eq!(std::fs::read(folder.join("www/i18n/fr-ABCD2345.js")).unwrap(), b"export {}");
        // A second server beside it gets a folder of its own.
        let other = unpack(&page, &temp).unwrap().expect("a page");
        assert_ne!(other.folder(), folder);
        drop(unpacked);
        assert!(!folder.exists());
        drop(other);
        assert!(unpack(&[], &temp).unwrap().is_none(), "no page, no folder");
        assert_eq!(std::fs::read_dir(&temp).unwrap().count(), 0);
        std::fs::remove_dir(&temp).unwrap();
    }

    #[test]
    fn a_temporary_folder_that_cannot_be_written_is_named_in_the_error() {
        let page = [PageFile { path: Path::new("index.html"), contents: b"", modified: None }];
        let error = unpack(&page, Path::new("/nonexistent/jungle")).err().expect("an error");
        assert!(error.contains("/nonexistent/jungle/jungle-page-") && error.contains("TMPDIR"), "{error}");
    }
}
