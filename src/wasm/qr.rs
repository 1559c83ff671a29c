//! [`qr_modules`]: the QR code of a text (a board's report address on the printed tournament
//! sheets) as its modules, for the page to draw. The encoding is the `qrcode` crate's.

use qrcode::{Color, EcLevel, QrCode};
use wasm_bindgen::prelude::*;

/// The QR code of `text`: its modules row by row from the top left, 1 dark and 0 light, a
/// square whose side is the square root of the length (the quiet zone around is the page's to
/// draw). Error correction level M: a code with 15% of it smudged or written over still reads.
/// A text too long for any QR code throws.
#[wasm_bindgen(js_name = qrModules)]
pub fn qr_modules(text: &str) -> Result<Vec<u8>, JsError> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)
        .map_err(|error| JsError::new(&format!("no QR code holds this text: {error}")))?;
    Ok(code.to_colors().into_iter().map(|color| u8::from(color == Color::Dark)).collect())
}
