//! The club as the relying party of its members' passkeys (WebAuthn).

use crate::server::error::{Code, Refusal};
use std::ops::Deref;
use webauthn_rs::prelude::Url;
use webauthn_rs::{Webauthn, WebauthnBuilder};

/// The relying party when no `--public-origin` is given: this machine, on any port.
pub const LOCAL_ORIGIN: &str = "http://localhost";

/// The club as the relying party of its members' passkeys: webauthn-rs's, and the address
/// passkeys work at.
#[derive(Debug)]
pub struct RelyingParty {
    webauthn: Webauthn,
    /// `--public-origin` (none: [`LOCAL_ORIGIN`], on any port).
    origin: Url,
    any_port: bool,
}

impl Deref for RelyingParty {
    type Target = Webauthn;

    fn deref(&self) -> &Webauthn {
        &self.webauthn
    }
}

impl RelyingParty {
    /// Refuses a ceremony begun from a page at another address than the club's (`origin`, a
    /// request's `Origin`): the browser would make or use no passkey there, or one the club
    /// cannot check, so the member is told where to open the club instead (`wrong_address`,
    /// naming it), and the server's log says so.
    pub fn refuse_other_address(&self, origin: Option<&str>) -> Result<(), Refusal> {
        let Some(text) = origin else { return Ok(()) }; // no Origin: the origin rule refuses it
        let at = Url::parse(text).ok();
        let same = at.as_ref().is_some_and(|at| {
            at.scheme() == self.origin.scheme()
                && at.host_str() == self.origin.host_str()
                && (self.any_port || at.port_or_known_default() == self.origin.port_or_known_default())
        });
        if same {
            return Ok(());
        }
        let expected = self.origin.origin().ascii_serialization();
        tracing::warn!(origin = %text, expected = %expected, "passkeys: the club was opened at another address than --public-origin");
        Err(Refusal::new(Code::WrongAddress, format!("this club's passkeys work at {expected}"))
            .with("expected", expected))
    }
}

/// The club as the relying party of its members' passkeys: its host name and origin, from
/// `--public-origin URL` (none: [`LOCAL_ORIGIN`] on any port). Browsers allow WebAuthn on
/// `https` origins and on `http://localhost`.
pub fn relying_party(public_origin: Option<&str>) -> Result<RelyingParty, String> {
    let text = public_origin.unwrap_or(LOCAL_ORIGIN);
    let origin = Url::parse(text).map_err(|e| format!("--public-origin {text}: {e}"))?;
    let host = origin.host_str().ok_or_else(|| format!("--public-origin {text}: no host name"))?;
    let builder = WebauthnBuilder::new(host, &origin)
        .map_err(|e| format!("--public-origin {text}: not usable for passkeys ({e})"))?;
    let any_port = public_origin.is_none();
    let webauthn = builder
        .rp_name("Jungle")
        .allow_any_port(any_port)
        .build()
        .map_err(|e| format!("--public-origin {text}: {e}"))?;
    Ok(RelyingParty { webauthn, origin, any_port })
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

    #[test]
    fn ceremonies_are_refused_at_another_address_naming_the_club_s() {
        let local = relying_party(None).unwrap();
        assert!(local.refuse_other_address(Some("http://localhost:8080")).is_ok(), "any port");
        let refused = local.refuse_other_address(Some("http://127.0.0.1:8080")).unwrap_err();
        assert_eq!(refused.code, Code::WrongAddress);
        assert_eq!(refused.params_json()["expected"], "http://localhost");
        let club = relying_party(Some("https://club.example")).unwrap();
        assert!(club.refuse_other_address(Some("https://club.example")).is_ok());
        for other in ["http://club.example", "https://club.example:8443", "https://www.club.example", "null"]
        {
            assert!(club.refuse_other_address(Some(other)).is_err(), "{other}");
        }
    }
}
