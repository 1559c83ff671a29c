//! The server's HTTP side: the headers of every answer, and the page's files served from
//! inside `dist/` only.
#![cfg(feature = "server")]

mod server_support;

use server_support::{Server, TempDir, TestDb};
use std::path::Path;

/// The Content-Security-Policy the README promises: the line after the sentence that says the
/// server sends it.
fn readme_policy() -> String {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let (_, after) =
        readme.split_once("Content-Security-Policy, sent as an HTTP header").expect("the sentence");
    let block = after.split("```").nth(1).expect("the policy's code block");
    block.trim().to_string()
}

/// A server of `dist` (a folder with an `index.html`).
fn serving(db: &TestDb, dist: &Path) -> Server {
    std::fs::create_dir_all(dist).unwrap();
    std::fs::write(dist.join("index.html"), "<!doctype html><title>Jungle</title>").unwrap();
    db.server(&["--dist", dist.to_str().unwrap()])
}

#[test]
fn every_answer_carries_the_readme_s_content_security_policy() {
    let db = TestDb::new();
    let server = serving(&db, &db.dir.0.join("dist"));
    let policy = readme_policy();
    assert!(policy.starts_with("default-src 'self';"), "{policy}");
    for path in ["/", "/index.html", "/missing.js", "/api/health", "/api/lobby", "/api/games/aaaaaaaaaaaa"] {
        let answer = server.request("GET", path, None);
        assert_eq!(answer.header("content-security-policy"), Some(policy.as_str()), "GET {path}");
        assert_eq!(answer.header("x-content-type-options"), Some("nosniff"), "GET {path}");
        assert_eq!(answer.header("referrer-policy"), Some("no-referrer"), "GET {path}");
    }
}

#[cfg(unix)]
#[test]
fn links_that_leave_dist_are_not_followed() {
    use std::os::unix::fs::symlink;
    let db = TestDb::new();
    let dist = db.dir.0.join("dist");
    let outside = TempDir::new();
    std::fs::write(outside.0.join("secret.txt"), "secret").unwrap();
    std::fs::write(outside.0.join("index.html"), "secret page").unwrap();
    let server = serving(&db, &dist);
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    std::fs::write(dist.join("assets/app.js"), "ok").unwrap();
    symlink(&outside.0, dist.join("out")).unwrap();
    symlink(outside.0.join("secret.txt"), dist.join("secret.txt")).unwrap();
    symlink(dist.join("assets/app.js"), dist.join("app.js")).unwrap();
    symlink(dist.join("assets"), dist.join("linked")).unwrap();

    for path in
        ["/out/secret.txt", "/out/", "/out", "/secret.txt", "/%6fut/secret.txt", "/assets/../out/secret.txt"]
    {
        let answer = server.request("GET", path, None);
        assert_eq!(answer.status, 404, "GET {path}: {}", answer.body);
        assert!(!answer.body.contains("secret"), "GET {path}: {}", answer.body);
    }
    for path in ["/app.js", "/linked/app.js", "/assets/app.js"] {
        let answer = server.request("GET", path, None);
        assert_eq!((answer.status, answer.body.as_str()), (200, "ok"), "GET {path}: links inside dist/ work");
    }
}
