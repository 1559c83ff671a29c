//! Tables in a folder, one file per material set (`LTvR.jtb`): the one part of the
//! tablebase that touches files, for the command line and the server.

use super::format::Table;
use super::material::Material;
use super::probe::Tablebase;
use std::path::{Path, PathBuf};

/// The file of `material` in `dir`.
pub fn path(dir: &Path, material: Material) -> PathBuf {
    dir.join(format!("{material}.jtb"))
}

/// Reads the table of `material`, checked; `Ok(None)` if there is no file.
pub fn read(dir: &Path, material: Material) -> Result<Option<Table>, String> {
    let path = path(dir, material);
    match std::fs::read(&path) {
        Ok(bytes) => {
            Table::from_bytes(bytes, Some(material)).map(Some).map_err(|e| format!("{}: {e}", path.display()))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// Writes a table whole or not at all (a temporary file renamed), so that a build killed
/// half way leaves no damaged table.
pub fn write(dir: &Path, table: &Table) -> Result<(), String> {
    let path = path(dir, table.material());
    let part = path.with_extension("jtb.part");
    std::fs::write(&part, table.bytes())
        .and_then(|()| std::fs::rename(&part, &path))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Every table in `dir` of at most `max` animals; a damaged file is an error naming it.
pub fn load(dir: &Path, max: u32) -> Result<Tablebase, String> {
    let mut base = Tablebase::new();
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let name = entry.map_err(|e| format!("{}: {e}", dir.display()))?.file_name();
        let set = name.to_str().and_then(|n| n.strip_suffix(".jtb")).and_then(Material::parse);
        if let Some(table) = set.filter(|m| m.count() <= max).map(|m| read(dir, m)).transpose()? {
            base.add(table.expect("the file was listed"));
        }
    }
    Ok(base)
}
