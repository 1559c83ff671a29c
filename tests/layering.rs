//! The layers of `src/`: no import circle between its files, and no import that runs back up a
//! folder (two entries of one folder, files or subfolders, that import each other in a loop).
//! Every `use` and every path written in code is an edge from its file to the file that
//! defines the item: paths from `crate::`, `super::` and `self::`, and paths through a name a
//! `use` brought in or a `mod` declared (`members::routes::router(…)` after `use
//! super::members`). Re-exports such as `pub use engine::Engine` in a `mod.rs` are followed to
//! the defining file, so a module's facade is not a circle. Each failure names its files.
//! The same holds for the page's modules in `www/` (`layering/www.rs`).

#[path = "layering/www.rs"]
mod www;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// One module of a crate: its file, its child modules and its `pub use` re-exports.
#[derive(Default)]
struct Module {
    file: PathBuf,
    children: BTreeSet<String>,
    /// Re-exported name → the path it names (relative to this module, as written).
    reexports: BTreeMap<String, Vec<String>>,
    /// Every path this file names from its crate, absolute or relative as written, with
    /// the module path it is relative to.
    paths: Vec<(Vec<String>, Vec<String>)>,
}

/// Files and the files each imports.
type Graph = BTreeMap<PathBuf, BTreeSet<PathBuf>>;

/// The modules of one crate by module path (`[]` is the root).
type Crate = BTreeMap<Vec<String>, Module>;

/// The text of a file without `//` and `/* */` comments and without string literals.
fn code_of(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                let mut last = ' ';
                for c in chars.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
            }
            '"' => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                    }
                    if !escaped && c == '"' {
                        break;
                    }
                    escaped = !escaped && c == '\\';
                }
                out.push_str("\"\"");
            }
            // A char literal such as '"' or '{' (not a lifetime such as 'a).
            '\'' => {
                let rest: String = chars.clone().take(3).collect();
                let literal = rest.starts_with('\\') || rest.chars().nth(1) == Some('\'');
                if literal {
                    let mut escaped = false;
                    for c in chars.by_ref() {
                        if !escaped && c == '\'' {
                            break;
                        }
                        escaped = !escaped && c == '\\';
                    }
                    out.push_str("' '");
                } else {
                    out.push(c);
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// The full paths of a use tree such as `super::{a::{self, B}, c as d, *}`, each with the
/// name it is known by here.
fn use_paths(tree: &str) -> Vec<(Vec<String>, String)> {
    let mut tokens = Vec::new();
    let mut word = String::new();
    for c in tree.chars().chain([' ']) {
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            tokens.push(std::mem::take(&mut word));
        }
        if matches!(c, '{' | '}' | ',' | '*') {
            tokens.push(c.to_string());
        }
    }
    // `a::b` and `a b` read alike once `:` is dropped, except after `as`.
    fn tree_at(tokens: &[String], at: &mut usize, prefix: &[String], out: &mut Vec<(Vec<String>, String)>) {
        let mut path = prefix.to_vec();
        while let Some(token) = tokens.get(*at) {
            *at += 1;
            match token.as_str() {
                "{" => {
                    while tokens.get(*at).is_some_and(|t| t != "}") {
                        tree_at(tokens, at, &path, out);
                        if tokens.get(*at).is_some_and(|t| t == ",") {
                            *at += 1;
                        }
                    }
                    *at += 1;
                    return;
                }
                "*" => {
                    out.push((path, "*".to_string()));
                    return;
                }
                "self" if !path.is_empty() => {
                    let name = path.last().cloned().unwrap_or_default();
                    out.push((path, name));
                    return;
                }
                name => {
                    path.push(name.to_string());
                    let next = tokens.get(*at).map(String::as_str);
                    if next == Some("as") {
                        let alias = tokens.get(*at + 1).cloned().unwrap_or_default();
                        *at += 2;
                        out.push((path, alias));
                        return;
                    }
                    if matches!(next, None | Some(",") | Some("}")) {
                        out.push((path, name.to_string()));
                        return;
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    let mut at = 0;
    while at < tokens.len() {
        tree_at(&tokens, &mut at, &[], &mut out);
        at += usize::from(tokens.get(at).is_some_and(|t| t == ","));
    }
    out
}

/// The paths of two or more segments written in a line of code (`a::b::C`), each as its
/// segments; a name right after `.`, `:` or `$` starts none (a method, a macro's variable).
fn written_paths(line: &str) -> Vec<Vec<String>> {
    let chars: Vec<char> = line.chars().collect();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = Vec::new();
    let mut at = 0;
    while at < chars.len() {
        let starts = word(chars[at])
            && !chars[at].is_ascii_digit()
            && (at == 0 || !(word(chars[at - 1]) || matches!(chars[at - 1], '.' | ':' | '$' | '\'')));
        if !starts {
            at += 1;
            continue;
        }
        let mut segments = Vec::new();
        loop {
            let begin = at;
            while at < chars.len() && word(chars[at]) {
                at += 1;
            }
            segments.push(chars[begin..at].iter().collect::<String>());
            let more = chars.get(at) == Some(&':')
                && chars.get(at + 1) == Some(&':')
                && chars.get(at + 2).is_some_and(|&c| word(c));
            if !more {
                break;
            }
            at += 2;
        }
        if segments.len() > 1 {
            found.push(segments);
        }
    }
    found
}

/// The module `mod name;` of `module` at `file` is in this file.
fn child_file(file: &Path, name: &str) -> Option<PathBuf> {
    let stem = file.file_stem()?.to_str()?;
    let dir = if matches!(stem, "lib" | "main" | "mod") || file.parent()?.ends_with("bin") {
        file.parent()?.to_path_buf()
    } else {
        file.with_extension("")
    };
    [dir.join(format!("{name}.rs")), dir.join(name).join("mod.rs")].into_iter().find(|p| p.exists())
}

/// Reads the crate whose root file is `root`, following `mod name;` declarations.
fn read_crate(root: &Path) -> Crate {
    let mut krate = Crate::new();
    let mut todo = vec![(Vec::new(), root.to_path_buf())];
    while let Some((path, file)) = todo.pop() {
        let code = code_of(&fs::read_to_string(&file).unwrap());
        let mut module = Module { file: file.clone(), ..Module::default() };
        // Inside an inline `mod tests { … }` (always last in a file here), `super` is the file.
        let mut inline = false;
        let mut code_lines = Vec::new();
        // The names `use` brought in that a path may start with → the path each names.
        let mut aliases: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut statement = String::new();
        for line in code.lines() {
            let base =
                if inline { [path.clone(), vec!["<inline>".to_string()]].concat() } else { path.clone() };
            let trimmed = line.trim();
            let words: Vec<&str> = trimmed.split_whitespace().collect();
            let after_vis = match words.first() {
                Some(w) if w.starts_with("pub") => &words[1..],
                _ => &words[..],
            };
            if statement.is_empty() && after_vis.first() == Some(&"mod") {
                let name = after_vis.get(1).map(|n| n.trim_end_matches(';')).unwrap_or("");
                if trimmed.ends_with(';') {
                    let child = child_file(&file, name)
                        .unwrap_or_else(|| panic!("no file for mod {name} in {file:?}"));
                    module.children.insert(name.to_string());
                    let mut child_path = path.clone();
                    child_path.push(name.to_string());
                    todo.push((child_path, child));
                } else {
                    inline = true;
                }
                continue;
            }
            if statement.is_empty() && after_vis.first() == Some(&"use") {
                statement = trimmed.to_string();
            } else if !statement.is_empty() {
                statement.push(' ');
                statement.push_str(trimmed);
            }
            if !statement.is_empty() {
                if !statement.ends_with(';') {
                    continue;
                }
                let public = statement.starts_with("pub");
                let tree = statement.split_once("use ").unwrap().1.trim_end_matches(';').to_string();
                statement.clear();
                for (used, alias) in use_paths(&tree) {
                    if alias != "*" && alias != "_" {
                        aliases.insert(alias.clone(), used.clone());
                    }
                    let first = used.first().map(String::as_str);
                    if public && !matches!(first, Some("crate" | "super" | "self")) && !used.is_empty() {
                        // `pub use engine::Engine` in a facade: a re-export of a child.
                        module
                            .reexports
                            .insert(alias.clone(), [vec!["self".to_string()], used.clone()].concat());
                    } else if public {
                        module.reexports.insert(alias.clone(), used.clone());
                    }
                    if !public || matches!(first, Some("crate" | "super")) {
                        module.paths.push((base.clone(), used));
                    }
                }
                continue;
            }
            code_lines.push((base, line.to_string()));
        }
        // Paths written in code, read once every `use` of the file is known:
        // `crate::rules::Square::new(…)`, `super::quote(…)`, and paths through a name the file
        // brought in (`members::routes::router(…)` after `use super::members`) or declared
        // (`routes::router(…)` after `mod routes;`).
        for (base, line) in &code_lines {
            for written in written_paths(line) {
                let first = written[0].as_str();
                let used = if matches!(first, "crate" | "super" | "self") {
                    written
                } else if let Some(named) = aliases.get(first) {
                    [named.clone(), written[1..].to_vec()].concat()
                } else if module.children.contains(first) {
                    [vec!["self".to_string()], written].concat()
                } else {
                    continue;
                };
                module.paths.push((base.clone(), used));
            }
        }
        krate.insert(path, module);
    }
    krate
}

/// The file that defines what `used` names, seen from module `base`; `None` outside the crate.
fn resolve(krate: &Crate, base: &[String], used: &[String], depth: usize) -> Option<PathBuf> {
    if depth > 16 {
        return None;
    }
    let mut module: Vec<String> = base.to_vec();
    let mut segments = used.iter().peekable();
    match segments.peek().map(|s| s.as_str()) {
        Some("crate") => {
            module.clear();
            segments.next();
        }
        Some("super") | Some("self") => {
            while let Some(s) = segments.peek() {
                match s.as_str() {
                    "super" => {
                        module.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                segments.next();
            }
        }
        _ => {}
    }
    // A path from inside an inline module that climbed out of it is in the file itself.
    module.retain(|s| s != "<inline>");
    for segment in segments {
        let current = krate.get(&module)?;
        if current.children.contains(segment) {
            module.push(segment.clone());
        } else if let Some(target) = current.reexports.get(segment) {
            return resolve(krate, &module, target, depth + 1);
        } else {
            return Some(current.file.clone());
        }
    }
    krate.get(&module).map(|m| m.file.clone())
}

/// The file → files edges of a crate.
fn edges(krate: &Crate) -> Graph {
    let mut graph: Graph = BTreeMap::new();
    for module in krate.values() {
        let targets = graph.entry(module.file.clone()).or_default();
        for (base, used) in &module.paths {
            if let Some(target) = resolve(krate, base, used, 0) {
                if target != module.file {
                    targets.insert(target);
                }
            }
        }
    }
    graph
}

/// The cycles of a graph: each strongly connected set of more than one file.
fn cycles(graph: &Graph) -> Vec<Vec<PathBuf>> {
    let reaches = |from: &PathBuf| -> BTreeSet<PathBuf> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(file) = todo.pop() {
            for next in graph.get(&file).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&PathBuf, BTreeSet<PathBuf>> = graph.keys().map(|f| (f, reaches(f))).collect();
    let mut found: BTreeSet<Vec<PathBuf>> = BTreeSet::new();
    for (file, reached) in &reach {
        if !reached.contains(*file) {
            continue;
        }
        let set: Vec<PathBuf> =
            reached.iter().filter(|other| reach[other].contains(*file)).cloned().collect();
        found.insert(set);
    }
    found.into_iter().collect()
}

/// Import loops between the entries of one folder, where an entry (a file, or a folder with
/// everything under it) imports another that imports it back, at any depth: each loop as the
/// folder, its entries and one import of the loop per pair of entries. None of these is an
/// import that runs back up a folder's layers.
fn folder_circles(graph: &Graph, root: &Path) -> Vec<String> {
    /// A folder's entries with the entries each imports, and one import per pair, as text.
    type Folder = (Graph, BTreeMap<(PathBuf, PathBuf), String>);
    let mut folders: BTreeMap<PathBuf, Folder> = BTreeMap::new();
    for (from, targets) in graph {
        let from = from.strip_prefix(root).unwrap_or(from);
        for to in targets {
            let to = to.strip_prefix(root).unwrap_or(to);
            let shared: PathBuf = from
                .parent()
                .into_iter()
                .flat_map(|p| p.components())
                .zip(to.parent().into_iter().flat_map(|p| p.components()))
                .take_while(|(a, b)| a == b)
                .map(|(a, _)| a)
                .collect();
            let entry =
                |file: &Path| shared.join(file.strip_prefix(&shared).unwrap().components().next().unwrap());
            let (a, b) = (entry(from), entry(to));
            if a == b {
                continue;
            }
            let (entries, witnesses) = folders.entry(shared.clone()).or_default();
            entries.entry(a.clone()).or_default().insert(b.clone());
            entries.entry(b.clone()).or_default();
            witnesses.entry((a, b)).or_insert_with(|| format!("{} → {}", from.display(), to.display()));
        }
    }
    let mut found = Vec::new();
    for (folder, (entries, witnesses)) in &folders {
        for circle in cycles(entries) {
            let imports: Vec<&String> = circle
                .iter()
                .flat_map(|a| circle.iter().filter_map(move |b| witnesses.get(&(a.clone(), b.clone()))))
                .collect();
            let names: Vec<String> = circle.iter().map(|p| p.display().to_string()).collect();
            let imports: Vec<String> = imports.iter().map(|s| s.to_string()).collect();
            let top = Path::new(root.file_name().unwrap_or_default());
            let place = if folder.as_os_str().is_empty() { top.to_path_buf() } else { top.join(folder) };
            found.push(format!(
                "in {}/: {} (through {})",
                place.display(),
                names.join(" ↔ "),
                imports.join(", ")
            ));
        }
    }
    found
}

/// The file → files edges of the library and of the command line beside it, over `src/`.
fn graphs_of_src() -> Vec<Graph> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    [src.join("lib.rs"), src.join("main.rs")].iter().map(|root| edges(&read_crate(root))).collect()
}

#[test]
fn no_import_circle_between_the_files_of_src() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut circles = Vec::new();
    for graph in graphs_of_src() {
        for cycle in cycles(&graph) {
            let names: Vec<String> =
                cycle.iter().map(|p| p.strip_prefix(&src).unwrap_or(p).display().to_string()).collect();
            circles.push(names.join(" ↔ "));
        }
    }
    assert!(circles.is_empty(), "import circles in src/:\n{}", circles.join("\n"));
}

#[test]
fn no_import_runs_back_up_a_folder_of_src() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut loops: Vec<String> =
        graphs_of_src().iter().flat_map(|graph| folder_circles(graph, &src)).collect();
    loops.dedup();
    assert!(loops.is_empty(), "imports that run back up in src/:\n{}", loops.join("\n"));
}

#[test]
fn the_checker_sees_what_it_must() {
    // Use trees, aliases and `self` in a group.
    let paths = use_paths("super::{engine::{self, Limits as L}, level::Level, *}");
    let names: Vec<String> = paths.iter().map(|(p, a)| format!("{}={a}", p.join("::"))).collect();
    assert_eq!(
        names,
        ["super::engine=engine", "super::engine::Limits=L", "super::level::Level=Level", "super=*"]
    );
    // Comments and strings hide paths; char literals do not derail it.
    let code = code_of("let a = '{'; // crate::x\nlet b = \"crate::y\"; crate::z::W");
    assert!(!code.contains("crate::x") && !code.contains("crate::y") && code.contains("crate::z::W"));
    // A two-file cycle is found, a chain is not.
    let (a, b, c) = (PathBuf::from("a"), PathBuf::from("b"), PathBuf::from("c"));
    let chain =
        BTreeMap::from([(a.clone(), BTreeSet::from([b.clone()])), (b.clone(), BTreeSet::from([c.clone()]))]);
    assert!(cycles(&chain).is_empty());
    let circle =
        BTreeMap::from([(a.clone(), BTreeSet::from([b.clone()])), (b.clone(), BTreeSet::from([a.clone()]))]);
    assert_eq!(cycles(&circle), [vec![a, b]]);
    // A path through a module brought in by `use` is an edge; a loop between two folders is
    // found, with the imports that make it.
    let dir = std::env::temp_dir().join(format!("layering-{}", std::process::id()));
    fs::create_dir_all(dir.join("x")).unwrap();
    fs::write(dir.join("lib.rs"), "mod x;\nmod y;\n").unwrap();
    fs::write(dir.join("x.rs"), "mod a;\n").unwrap();
    fs::write(dir.join("x/a.rs"), "use crate::y;\npub fn f() { y::g(); }\n").unwrap();
    fs::write(dir.join("y.rs"), "pub fn g() { crate::x::a::f(); }\n").unwrap();
    let graph = edges(&read_crate(&dir.join("lib.rs")));
    assert_eq!(graph[&dir.join("x/a.rs")], BTreeSet::from([dir.join("y.rs")]));
    assert_eq!(cycles(&graph), [vec![dir.join("x/a.rs"), dir.join("y.rs")]]);
    let top = dir.file_name().unwrap().to_str().unwrap();
    assert_eq!(
        folder_circles(&graph, &dir),
        [format!("in {top}/: x ↔ y.rs (through x/a.rs → y.rs, y.rs → x/a.rs)")]
    );
    fs::remove_dir_all(&dir).unwrap();
}
