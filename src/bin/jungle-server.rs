//! `jungle-server`: the online play server (see `jungle::server`). Built with
//! `cargo build --release --features server --bin jungle-server`; `scripts/release` adds the
//! built page inside it (feature `bundled-page`).

use jungle::server::config;
use jungle::server::PageFile;

#[tokio::main]
async fn main() {
    let config = config::load_or_exit(std::env::args_os().collect());
    jungle::server::ops::logging::init(config.log_format);
    if let Err(message) = jungle::server::run(config, &built_in_page()).await {
        eprintln!("jungle-server: {message}");
        std::process::exit(1);
    }
}

/// The page built into the binary: `dist/` as scripts/build-web left it. It is included here,
/// not in the library, so that a new build of the page rebuilds this file alone.
#[cfg(feature = "bundled-page")]
fn built_in_page() -> Vec<PageFile> {
    use include_dir::{Dir, DirEntry};
    static DIST: Dir<'static> = include_dir::include_dir!("$CARGO_MANIFEST_DIR/dist");
    fn collect(dir: &'static Dir<'static>, files: &mut Vec<PageFile>) {
        for entry in dir.entries() {
            match entry {
                DirEntry::Dir(inner) => collect(inner, files),
                DirEntry::File(file) => files.push(PageFile {
                    path: file.path(),
                    contents: file.contents(),
                    modified: file.metadata().map(|m| m.modified()),
                }),
            }
        }
    }
    let mut files = Vec::new();
    collect(&DIST, &mut files);
    files
}

/// No page inside: `--dist` serves one, else the API is served alone.
#[cfg(not(feature = "bundled-page"))]
fn built_in_page() -> Vec<PageFile> {
    Vec::new()
}
