//! Untrusted text echoed in an error message: cut and escaped, so that a huge or hostile
//! input makes a short, one-line, harmless message. Every error that repeats what it was
//! given (a rule option, a FEN field, a move, a record header, a link parameter) goes through
//! [`quote`]. A leaf: it uses nothing of the crate, so the rules, at the bottom, can use it.

/// The most characters of an input an error message repeats.
pub const QUOTE_CHARS: usize = 40;

/// A piece of untrusted text as an error message shows it: control characters, `"` and `\`
/// escaped (`'` kept), cut to [`QUOTE_CHARS`] characters with `…` when longer.
///
/// ```
/// use jungle::echo::quote;
/// assert_eq!(quote("it's \"x\"\n"), "it's \\\"x\\\"\\n");
/// assert_eq!(quote(&"a".repeat(100)), format!("{}…", "a".repeat(40)));
/// ```
pub fn quote(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars().take(QUOTE_CHARS) {
        match c {
            '\'' => out.push(c),
            c => out.extend(c.escape_debug()),
        }
    }
    if text.chars().nth(QUOTE_CHARS).is_some() {
        out.push('…');
    }
    out
}
