//! The OpenAPI document (`GET /api/openapi.json`) lists every route the router has, and no
//! other: the routes are read from the source of `src/server` (every `.route("PATH", …)` with
//! the methods of its method router), so a route added without its description fails here.
#![cfg(feature = "server")]

mod server_support;

use serde_json::Value;
use server_support::TestDb;
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// A method and a path, such as `("GET", "/api/games/{id}")`.
type Route = (String, String);

/// The method routers axum offers, as written in a `.route(…)`.
const METHODS: [&str; 5] = ["get", "post", "put", "delete", "patch"];

/// The index just after the parenthesis that closes the one before `start` (string and char
/// literals skipped, so a `)` inside one does not count).
fn after_closing(text: &[u8], start: usize) -> usize {
    let (mut depth, mut i) = (1, start);
    while depth > 0 {
        match text[i] {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b'"' => {
                i += 1;
                while text[i] != b'"' {
                    i += if text[i] == b'\\' { 2 } else { 1 };
                }
            }
            _ => {}
        }
        i += 1;
    }
    i
}

fn skip_space(text: &[u8], mut i: usize) -> usize {
    while text[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// The routes of one source file: each `.route("PATH", get(a).post(b)…)` gives one route per
/// method. Any other form of `.route(` fails, so that none is passed over.
fn routes_in(source: &str) -> Vec<Route> {
    let text = source.as_bytes();
    let mut routes = Vec::new();
    for (at, _) in source.match_indices(".route(") {
        let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
        if source[line_start..at].trim_start().starts_with("//") {
            continue;
        }
        let mut i = skip_space(text, at + ".route(".len());
        assert_eq!(text[i], b'"', "a .route( without a path literal: {}", &source[at..at + 60]);
        let end = i + 1 + source[i + 1..].find('"').unwrap();
        let path = &source[i + 1..end];
        i = skip_space(text, end + 1);
        assert_eq!(text[i], b',', "a .route({path:?} without a method router");
        i = skip_space(text, i + 1);
        loop {
            let name_end = i + source[i..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap();
            let method = &source[i..name_end];
            assert!(METHODS.contains(&method), "route {path}: unknown method router {method:?}");
            assert_eq!(text[name_end], b'(', "route {path}: {method} is not called");
            routes.push((method.to_uppercase(), path.to_string()));
            i = skip_space(text, after_closing(text, name_end + 1));
            if text[i] != b'.' {
                break;
            }
            i = skip_space(text, i + 1);
        }
        if text[i] == b',' {
            i = skip_space(text, i + 1); // rustfmt's trailing comma of a call spread over lines
        }
        assert_eq!(text[i], b')', "route {path}: the method router does not end the .route(");
    }
    routes
}

/// Every `.rs` file under `dir`, at any depth.
fn sources(dir: &Path, files: &mut Vec<String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(fs::read_to_string(&path).unwrap());
        }
    }
}

/// The routes the router has, from the source; and how many `.route(` calls gave them.
fn router_routes() -> (BTreeSet<Route>, usize) {
    let mut files = Vec::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/server"), &mut files);
    let mut calls = 0;
    let mut routes = BTreeSet::new();
    for source in &files {
        let found = routes_in(source);
        calls += source
            .lines()
            .filter(|line| line.contains(".route(") && !line.trim_start().starts_with("//"))
            .count();
        routes.extend(found);
    }
    (routes, calls)
}

/// The (method, path) pairs of an OpenAPI document; their operation ids are told apart.
fn documented(document: &Value) -> BTreeSet<Route> {
    let paths = document["paths"].as_object().expect("the document has paths");
    let (mut routes, mut ids) = (BTreeSet::new(), BTreeSet::new());
    for (path, operations) in paths {
        for (method, operation) in operations.as_object().unwrap() {
            let id = operation["operationId"].as_str().expect("an operation id");
            assert!(ids.insert(id), "operation id {id} twice");
            routes.insert((method.to_uppercase(), path.clone()));
        }
    }
    routes
}

#[test]
fn the_parser_reads_every_method_of_a_route() {
    let routes =
        routes_in(r#"Router::new().route("/x", get(a).post(b)).route("/y", delete(|s, h| c(s, h, ")")))"#);
    let expected =
        [("GET", "/x"), ("POST", "/x"), ("DELETE", "/y")].map(|(m, p)| (m.to_string(), p.to_string()));
    assert_eq!(routes, expected);
    let spread =
        "        .route(\n            \"/z\",\n            put(d)\n                .patch(e),\n        )";
    assert_eq!(
        routes_in(spread),
        [("PUT", "/z"), ("PATCH", "/z")].map(|(m, p)| (m.to_string(), p.to_string()))
    );
}

#[test]
fn the_openapi_document_lists_every_route_the_router_has() {
    let db = TestDb::new();
    let server = db.server(&[]);
    let document = server.get_json("/api/openapi.json");
    let version = document["openapi"].as_str().expect("an openapi version");
    assert!(version.starts_with("3."), "OpenAPI {version}");
    assert!(document["info"]["title"].is_string() && document["info"]["version"].is_string());

    let (routes, calls) = router_routes();
    let listed = documented(&document);
    let undocumented: Vec<_> = routes.difference(&listed).collect();
    let unrouted: Vec<_> = listed.difference(&routes).collect();
    let counts = format!(
        "{calls} .route( calls, {} routes (method, path) in the router, {} in the document",
        routes.len(),
        listed.len()
    );
    // Every `.route(` gives at least one method (or `routes_in` fails): fewer is a missed one.
    assert!(calls > 0 && routes.len() >= calls, "the source parse missed routes: {counts}");
    assert!(undocumented.is_empty(), "routes not in the document: {undocumented:?} ({counts})");
    assert!(unrouted.is_empty(), "documented routes the router has not: {unrouted:?} ({counts})");
}
