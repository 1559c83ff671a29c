//! `--smtp-url` and `--mail-from`: how the club sends mail, if at all. The URL is lettre's with
//! a safer default: `smtp://` always asks for STARTTLS (lettre's own `smtp://` would talk plain
//! text), `smtps://` wraps the whole connection in TLS, and plain text (`?tls=none`) is allowed
//! only to this machine (a relay on localhost). The password the URL may hold is never shown.

use clap::Args;
use lettre::message::Mailbox;

/// The mail options of the command line.
#[derive(Clone, PartialEq, Eq, Debug, Default, Args)]
pub struct EmailOptions {
    /// Send mail (address checks, password resets, digests) through this SMTP server:
    /// smtp://user:password@host:587 (STARTTLS), smtps://…:465 (TLS), or
    /// smtp://localhost:25?tls=none (plain text, to this machine only); without it the club
    /// sends no mail
    #[arg(long, value_name = "URL")]
    pub smtp_url: Option<String>,
    /// The sender of the club's mails, e.g. "Jungle Club <club@example.org>" (its name is in
    /// every subject); needed with --smtp-url
    #[arg(long, value_name = "MAILBOX")]
    pub mail_from: Option<String>,
}

/// The settings of a club that sends mail.
pub struct MailSettings {
    /// lettre's connection URL (TLS asked for as this module says).
    pub lettre_url: String,
    /// The sender.
    pub from: Mailbox,
}

impl EmailOptions {
    /// The mail settings, none without `--smtp-url`; else what is wrong with them.
    pub fn settings(&self) -> Result<Option<MailSettings>, String> {
        let Some(url) = &self.smtp_url else {
            return match self.mail_from {
                Some(_) => Err("--mail-from needs --smtp-url".into()),
                None => Ok(None),
            };
        };
        let from =
            self.mail_from.as_deref().ok_or("--smtp-url needs --mail-from \"Club <club@example.org>\"")?;
        let from: Mailbox = from.parse().map_err(|e| format!("--mail-from {from}: {e}"))?;
        let lettre_url = lettre_url(url).map_err(|e| format!("--smtp-url {}: {e}", shown(url)))?;
        Ok(Some(MailSettings { lettre_url, from }))
    }
}

/// `url` as lettre reads it: STARTTLS required for `smtp://`, plain text only to loopback.
fn lettre_url(url: &str) -> Result<String, String> {
    let (scheme, rest) = url.split_once("://").ok_or("not a URL (smtp://host or smtps://host)")?;
    let (base, query) = rest.split_once('?').unwrap_or((rest, ""));
    let mut pairs: Vec<&str> = query.split('&').filter(|pair| !pair.is_empty()).collect();
    let tls = pairs.iter().find_map(|pair| pair.strip_prefix("tls="));
    let host = host_of(base);
    if host.is_empty() {
        return Err("no host".into());
    }
    match (scheme, tls) {
        ("smtps", None) => {}
        ("smtp", None | Some("required")) => pairs.push("tls=required"),
        ("smtp", Some("none")) if is_loopback(host) => {}
        ("smtp", Some("none")) => {
            return Err("plain text (tls=none) is for a relay on this machine only".into())
        }
        ("smtp" | "smtps", Some(other)) => {
            return Err(format!("tls={other}: use required, or none to localhost"))
        }
        (other, _) => return Err(format!("the scheme {other}: is not smtp: or smtps:")),
    }
    pairs.retain(|pair| !pair.starts_with("tls=") || *pair == "tls=required");
    pairs.dedup();
    let query = if pairs.is_empty() { String::new() } else { format!("?{}", pairs.join("&")) };
    Ok(format!("{scheme}://{base}{query}"))
}

/// The host of a URL's `user:password@host:port/path` part, without its port.
fn host_of(base: &str) -> &str {
    let authority = base.split('/').next().unwrap_or(base);
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
    match host_port.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(v6),
        None => host_port.split(':').next().unwrap_or(host_port),
    }
}

fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// `url` as logs and errors may show it: without the password of its user part.
pub fn shown(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((user, host)) => {
            let user = user.split_once(':').map_or(user, |(name, _)| name);
            format!("{scheme}://{user}:***@{host}{tail}")
        }
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smtp_asks_for_starttls_and_plain_text_goes_to_loopback_only() {
        assert_eq!(lettre_url("smtp://mail.example:587").unwrap(), "smtp://mail.example:587?tls=required");
        assert_eq!(lettre_url("smtps://u:p@mail.example").unwrap(), "smtps://u:p@mail.example");
        assert_eq!(lettre_url("smtp://127.0.0.1:2525?tls=none").unwrap(), "smtp://127.0.0.1:2525");
        assert_eq!(lettre_url("smtp://[::1]:25?tls=none").unwrap(), "smtp://[::1]:25");
        assert!(lettre_url("smtp://mail.example?tls=none").unwrap_err().contains("this machine only"));
        assert!(lettre_url("smtp://localhost.evil.example?tls=none").is_err());
        assert!(lettre_url("smtp://mail.example?tls=opportunistic").is_err());
        assert!(lettre_url("http://mail.example").is_err());
    }

    #[test]
    fn the_password_is_never_shown() {
        assert_eq!(shown("smtps://club:s3cret@mail.example:465"), "smtps://club:***@mail.example:465");
        assert_eq!(shown("smtp://mail.example"), "smtp://mail.example");
        let options = EmailOptions {
            smtp_url: Some("ftp://club:s3cret@x".into()),
            mail_from: Some("a@b.example".into()),
        };
        assert!(!options.settings().err().unwrap().contains("s3cret"));
    }

    #[test]
    fn the_sender_is_needed_and_checked() {
        let url = Some("smtp://127.0.0.1:25?tls=none".to_string());
        assert!(EmailOptions { smtp_url: url.clone(), mail_from: None }.settings().is_err());
        let bad = EmailOptions { smtp_url: url.clone(), mail_from: Some("not an address".into()) };
        assert!(bad.settings().is_err());
        let good = EmailOptions { smtp_url: url, mail_from: Some("Jungle Club <club@example.org>".into()) };
        assert_eq!(good.settings().unwrap().unwrap().from.name.as_deref(), Some("Jungle Club"));
        assert!(EmailOptions::default().settings().unwrap().is_none());
    }
}
