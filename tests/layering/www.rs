//! The page's modules (`www/`) are layered: no file imports one that imports it back, and at
//! every folder level the folder's entries (its files, and its subfolders standing each for all
//! the files under it) import each other in no loop, so that every import runs down. An import
//! is a static `import … from '…'`, `export … from '…'`, a bare `import '…'`, an `import('…')`
//! of a literal and a `new URL('…', import.meta.url)` (how a worker's script is named); words in
//! comments and strings are not imports. Specifiers that leave `www/` (the engine's glue, which
//! the build writes) are no edges; a relative one inside `www/` must name a file.

use super::{cycles, folder_circles, Graph};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// One piece of a script as far as imports go.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    /// A name or keyword (also a number).
    Word(String),
    /// A string literal, or a template literal without `${…}`: its text.
    Text(String),
    /// A template literal with `${…}`, or a regular expression: nothing to read in it.
    Opaque,
    /// Any other character of code.
    Punct(char),
}

/// Reads a string literal closed by `quote` whose opener has been taken: its text.
fn quoted(chars: &mut std::iter::Peekable<std::str::Chars>, quote: char) -> String {
    let mut text = String::new();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if let Some(next) = chars.next() {
                    text.push(next);
                }
            }
            c if c == quote => break,
            c => text.push(c),
        }
    }
    text
}

/// Reads a template literal whose backquote has been taken (`${…}` may nest other templates).
fn template(chars: &mut std::iter::Peekable<std::str::Chars>) -> Token {
    let mut text = String::new();
    let mut plain = true;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if let Some(next) = chars.next() {
                    text.push(next);
                }
            }
            '`' => break,
            '$' if chars.peek() == Some(&'{') => {
                chars.next();
                plain = false;
                // The code inside runs to its closing brace; its own strings are read whole.
                let mut depth = 1;
                while depth > 0 {
                    match chars.next() {
                        Some('{') => depth += 1,
                        Some('}') => depth -= 1,
                        Some(q @ ('\'' | '"')) => {
                            quoted(chars, q);
                        }
                        Some('`') => {
                            template(chars);
                        }
                        Some(_) => {}
                        None => break,
                    }
                }
            }
            c => text.push(c),
        }
    }
    if plain {
        Token::Text(text)
    } else {
        Token::Opaque
    }
}

/// Whether a `/` after `last` starts a regular expression rather than a division.
fn regex_after(last: Option<&Token>) -> bool {
    match last {
        None => true,
        Some(Token::Word(word)) => [
            "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "await",
            "yield",
        ]
        .contains(&word.as_str()),
        Some(Token::Text(_) | Token::Opaque) => false,
        Some(Token::Punct(c)) => !matches!(c, ')' | ']' | '}'),
    }
}

/// The tokens of a script, its comments left out.
fn tokens(source: &str) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::new();
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
            }
            '/' if regex_after(out.last()) => {
                let mut class = false;
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '[' => class = true,
                        ']' => class = false,
                        '/' if !class => break,
                        '\n' => break,
                        _ => {}
                    }
                }
                out.push(Token::Opaque);
            }
            '\'' | '"' => out.push(Token::Text(quoted(&mut chars, c))),
            '`' => out.push(template(&mut chars)),
            c if c.is_alphanumeric() || c == '_' || c == '$' => {
                let mut word = String::from(c);
                while let Some(&next) = chars.peek() {
                    if !(next.is_alphanumeric() || next == '_' || next == '$') {
                        break;
                    }
                    word.push(next);
                    chars.next();
                }
                out.push(Token::Word(word));
            }
            c if c.is_whitespace() => {}
            c => out.push(Token::Punct(c)),
        }
    }
    out
}

/// The specifiers that a script imports, in the order written.
fn specifiers(source: &str) -> Vec<String> {
    let tokens = tokens(source);
    let word = |i: usize, name: &str| matches!(tokens.get(i), Some(Token::Word(w)) if w == name);
    let punct = |i: usize, c: char| tokens.get(i) == Some(&Token::Punct(c));
    let text = |i: usize| match tokens.get(i) {
        Some(Token::Text(text)) => Some(text.clone()),
        _ => None,
    };
    let mut found = Vec::new();
    for i in 0..tokens.len() {
        // A member `.import` or `.from` is no keyword.
        if i > 0 && punct(i - 1, '.') {
            continue;
        }
        if word(i, "import") {
            if let Some(spec) = text(i + 1) {
                found.push(spec); // import '…'
            } else if punct(i + 1, '(') && punct(i + 3, ')') {
                found.extend(text(i + 2)); // import('…')
            } else if !punct(i + 1, '.') && !punct(i + 1, '(') {
                found.extend(from_clause(&tokens, i + 1)); // import … from '…'
            }
        } else if word(i, "export") && (punct(i + 1, '{') || punct(i + 1, '*')) {
            found.extend(from_clause(&tokens, i + 1)); // export {…} from '…', export * from '…'
        } else if word(i, "new")
            && word(i + 1, "URL")
            && punct(i + 2, '(')
            && punct(i + 4, ',')
            && word(i + 5, "import")
            && punct(i + 6, '.')
            && word(i + 7, "meta")
            && punct(i + 8, '.')
            && word(i + 9, "url")
        {
            found.extend(text(i + 3)); // new URL('…', import.meta.url)
        }
    }
    found
}

/// The specifier of a `… from '…'` clause that starts at `start`: the names it binds may hold
/// words, `*`, commas and braces, and nothing else.
fn from_clause(tokens: &[Token], start: usize) -> Option<String> {
    for i in start..tokens.len() {
        match &tokens[i] {
            Token::Word(w) if w == "from" => {
                return match tokens.get(i + 1) {
                    Some(Token::Text(spec)) => Some(spec.clone()),
                    _ => None,
                };
            }
            Token::Word(_) | Token::Punct('{' | '}' | ',' | '*') => {}
            _ => return None,
        }
    }
    None
}

/// `base`'s folder joined with `spec`, `.` and `..` taken away; None when it climbs above the root.
fn joined(base: &str, spec: &str) -> Option<String> {
    let mut parts: Vec<&str> = base.split('/').collect();
    parts.pop();
    for part in spec.split('/') {
        match part {
            "." | "" => {}
            ".." => {
                parts.pop()?;
            }
            part => parts.push(part),
        }
    }
    Some(parts.join("/"))
}

/// The import graph of `scripts` (path → source, paths like `www/a/b.js`): each script's edges
/// to the scripts it imports, and the relative specifiers inside `www/` that name no file.
fn graph(scripts: &BTreeMap<String, String>) -> (BTreeMap<String, BTreeSet<String>>, Vec<String>) {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut missing = Vec::new();
    for (path, source) in scripts {
        let out = edges.entry(path.clone()).or_default();
        for spec in specifiers(source) {
            if !spec.starts_with("./") && !spec.starts_with("../") {
                continue;
            }
            match joined(path, &spec) {
                Some(target) if target.starts_with("www/") => {
                    if scripts.contains_key(&target) {
                        out.insert(target);
                    } else if !Path::new(env!("CARGO_MANIFEST_DIR")).join(&target).exists() {
                        missing.push(format!("{path}: '{spec}'"));
                    }
                }
                // Out of www/: the build's files (the wasm-bindgen glue and the modules).
                _ => {}
            }
        }
    }
    (edges, missing)
}

/// Every `.js`/`.mjs` file under `dir`, by its path from `root`, with its text.
fn read_scripts(root: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
    let mut entries: Vec<_> =
        fs::read_dir(dir).expect("a folder of www/").flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            read_scripts(root, &path, out);
        } else if path.extension().is_some_and(|ext| ext == "js" || ext == "mjs") {
            let name = path.strip_prefix(root).expect("under the root").to_string_lossy().replace('\\', "/");
            out.insert(name, fs::read_to_string(&path).expect("a script of www/"));
        }
    }
}

/// The page's scripts and their import graph.
fn page_graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut scripts = BTreeMap::new();
    read_scripts(root, &root.join("www"), &mut scripts);
    assert!(scripts.len() > 100, "www/ holds {} scripts", scripts.len());
    let (edges, missing) = graph(&scripts);
    assert!(missing.is_empty(), "imports in www/ that name no file:\n{}", missing.join("\n"));
    edges
}

/// The page's import graph as the layering checks read it: file → files, paths from `www/`.
fn as_files(edges: &BTreeMap<String, BTreeSet<String>>) -> Graph {
    let file = |path: &String| PathBuf::from(path.strip_prefix("www/").unwrap_or(path));
    edges.iter().map(|(from, to)| (file(from), to.iter().map(file).collect())).collect()
}

#[test]
fn no_import_circle_between_the_files_of_www() {
    let circles: Vec<String> = cycles(&as_files(&page_graph()))
        .iter()
        .map(|files| files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>().join(" ↔ "))
        .collect();
    assert!(circles.is_empty(), "import circles in www/:\n{}", circles.join("\n"));
}

#[test]
fn every_import_of_www_runs_down_its_folders() {
    let loops = folder_circles(&as_files(&page_graph()), Path::new("www"));
    assert!(loops.is_empty(), "imports that run back up in www/:\n{}", loops.join("\n"));
}

#[test]
fn the_www_checker_sees_what_it_must() {
    // Every form of import is read; comments, strings, templates and regular expressions hide none.
    let source = "import a from './a.js';\nimport { b as c, d } from \"./b.js\";\nimport * as e from './e.js';\n\
        import './bare.js';\nexport { f } from './f.js';\nexport * from './g.js';\n\
        const h = await import('./h.js');\nconst w = new Worker(new URL('./w.js', import.meta.url));\n\
        // import x from './comment.js';\n/* import('./block.js') */\nconst s = \"import './string.js'\";\n\
        const r = /'/.test(s) ? `import('./template.js')` : '';\nconst m = new URL('x.css', document.baseURI);\n\
        const lazy = import(`./${s}.js`);\nArray.from('./not.js');\nexport const value = 1;\n";
    assert_eq!(
        specifiers(source),
        ["./a.js", "./b.js", "./e.js", "./bare.js", "./f.js", "./g.js", "./h.js", "./w.js"]
    );
    let scripts = |files: &[(&str, &str)]| -> BTreeMap<String, String> {
        files.iter().map(|(path, source)| (path.to_string(), source.to_string())).collect()
    };
    // A two-file circle is found, a chain is not.
    let (circle, _) = graph(&scripts(&[("www/a.js", "import './b.js';"), ("www/b.js", "import('./a.js');")]));
    assert_eq!(cycles(&as_files(&circle)), [vec![PathBuf::from("a.js"), PathBuf::from("b.js")]]);
    let (chain, _) = graph(&scripts(&[
        ("www/a.js", "import './b.js';"),
        ("www/b.js", "import './c.js';"),
        ("www/c.js", ""),
    ]));
    let chain = as_files(&chain);
    assert!(cycles(&chain).is_empty() && folder_circles(&chain, Path::new("www")).is_empty());
    // Folders x/ and y/ import each other through different files: no file circle, a folder loop.
    let (tied, missing) = graph(&scripts(&[
        ("www/x/one.js", "import { two } from '../y/two.js';"),
        ("www/y/two.js", "export const two = 2;"),
        ("www/y/three.js", "import '../x/four.js';"),
        ("www/x/four.js", ""),
        ("www/x/deep/five.js", "import '../one.js';"),
    ]));
    let tied = as_files(&tied);
    assert!(missing.is_empty() && cycles(&tied).is_empty());
    assert_eq!(
        folder_circles(&tied, Path::new("www")),
        ["in www/: x ↔ y (through x/one.js → y/two.js, y/three.js → x/four.js)"]
    );
    // A specifier inside www/ that names no file is said; one that leaves www/ is not.
    let (_, missing) = graph(&scripts(&[("www/a.js", "import './gone.js'; import '../../glue.js';")]));
    assert_eq!(missing, ["www/a.js: './gone.js'"]);
}
