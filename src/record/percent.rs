//! Percent-encoding of URL query parameters (RFC 3986, with `+` for a space as in HTML forms).

/// Characters written as they are in a parameter value: the unreserved ones of RFC 3986 and
/// `, / : =`, which keep rules, FENs and move lists readable and are safe inside a value.
fn plain(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~,/:=".contains(&b)
}

/// Encodes `text` for a query parameter value: a space becomes `+`, and every byte that is
/// not [`plain`] becomes `%XX`.
pub(super) fn encode(text: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b' ' => out.push('+'),
            b if plain(b) => out.push(b as char),
            b => {
                out.push('%');
                out.push(HEX[usize::from(b >> 4)] as char);
                out.push(HEX[usize::from(b & 15)] as char);
            }
        }
    }
    out
}

/// Decodes a query parameter name or value: `%XX` to its byte and `+` to a space. `None` if a
/// `%` is not followed by two hex digits or the bytes are not UTF-8.
pub(super) fn decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = bytes.get(i + 1..i + 3)?;
                let hex = std::str::from_utf8(hex).ok()?;
                if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                    return None;
                }
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for text in [
            "",
            "a b+c",
            "100%",
            "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w",
            "<script>&=?#\"'\n\0",
            "斗兽棋 🐘",
        ] {
            assert_eq!(decode(&encode(text)).as_deref(), Some(text));
        }
        assert_eq!(encode("a b&c"), "a+b%26c");
    }

    #[test]
    fn decoding() {
        assert_eq!(decode("a%20b+c%2B").as_deref(), Some("a b c+"));
        assert_eq!(decode("%e6%96%97").as_deref(), Some("斗"));
        for bad in ["%", "%4", "%zz", "%+1", "%ff", "%e6%96"] {
            assert_eq!(decode(bad), None, "{bad}");
        }
    }
}
