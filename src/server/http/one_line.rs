//! Short texts from outside shown to other people (a tournament's name, a suspension's or a
//! report's reason): one line of a bounded length, without the characters that can hide or
//! reorder what is shown — control characters, and the invisible formatting ones (zero-width
//! spaces and joiners, bidirectional overrides and isolates, the byte order mark).

/// `text` without its outer white space, if it is one line of 1 to `max_chars` characters
/// with no hidden characters; else the reason, for `field`.
pub fn one_line<'a>(text: &'a str, field: &str, max_chars: usize) -> Result<&'a str, String> {
    let text = text.trim();
    if text.is_empty() || text.chars().count() > max_chars {
        return Err(format!("{field} must be 1 to {max_chars} characters"));
    }
    if text.chars().any(hidden) {
        return Err(format!("{field} must be one line of visible text"));
    }
    Ok(text)
}

/// Whether `c` is a control character or an invisible formatting one.
fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_visible_line_passes_and_tricks_do_not() {
        assert_eq!(one_line("  Club night 象棋 ", "name", 80), Ok("Club night 象棋"));
        assert!(one_line(&"象".repeat(80), "name", 80).is_ok());
        for bad in ["", "  ", "a\nb", "a\u{7}b", "evil\u{202E}txt.exe", "zero\u{200B}width", "\u{2066}x"] {
            assert!(one_line(bad, "name", 80).is_err(), "{bad:?}");
        }
        assert_eq!(one_line(&"a".repeat(81), "name", 80), Err("name must be 1 to 80 characters".into()));
    }
}
