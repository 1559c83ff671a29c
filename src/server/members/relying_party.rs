//! The club as the relying party of its members' passkeys (WebAuthn).

use webauthn_rs::prelude::Url;
use webauthn_rs::{Webauthn, WebauthnBuilder};

/// The relying party when no `--public-origin` is given: this machine, on any port.
pub const LOCAL_ORIGIN: &str = "http://localhost";

/// The club as the relying party of its members' passkeys: its host name and origin, from
/// `--public-origin URL` (none: [`LOCAL_ORIGIN`] on any port). Browsers allow WebAuthn on
/// `https` origins and on `http://localhost`.
pub fn relying_party(public_origin: Option<&str>) -> Result<Webauthn, String> {
    let text = public_origin.unwrap_or(LOCAL_ORIGIN);
    let origin = Url::parse(text).map_err(|e| format!("--public-origin {text}: {e}"))?;
    let host = origin.host_str().ok_or_else(|| format!("--public-origin {text}: no host name"))?;
    let builder = WebauthnBuilder::new(host, &origin)
        .map_err(|e| format!("--public-origin {text}: not usable for passkeys ({e})"))?;
    builder
        .rp_name("Jungle")
        .allow_any_port(public_origin.is_none())
        .build()
        .map_err(|e| format!("--public-origin {text}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_origin_names_the_relying_party() {
        let local = relying_party(None).unwrap();
        assert_eq!(local.get_allowed_origins()[0].as_str(), "http://localhost/");
        let club = relying_party(Some("https://club.example")).unwrap();
        assert_eq!(club.get_allowed_origins()[0].host_str(), Some("club.example"));
        assert!(relying_party(Some("not a url")).unwrap_err().contains("--public-origin not a url"));
        assert!(relying_party(Some("https://10.0.0.1")).is_err(), "an address is no host name");
    }
}
