//! Optional email (issue 37): with `--smtp-url` and `--mail-from` ([`options`]), a member adds
//! an address and verifies it by a mailed link, gets a password reset by mail, and may switch
//! on a daily digest of the games waiting for their move; every mail can be unsubscribed from
//! without signing in. Without `--smtp-url` the club works as before and every email route
//! answers `email_off`.
//!
//! Layout: [`options`] (the settings), [`address`] (what an address must look like),
//! [`store`] (the tables), [`words`] and [`letters`] (the mails in ten languages), [`mailer`]
//! (SMTP), [`limits`], [`routes`] (the API) and [`digest`] (the daily sweep).
//!
//! The links in a mail start with the origin stored with the address: `--public-origin`, else
//! the origin of the member's own page that added it (never the origin of the request that
//! asked for a reset: anyone may send that one, with any `Host`).

pub mod address;
pub mod digest;
pub mod letters;
pub mod limits;
pub mod mailer;
pub mod options;
pub mod routes;
pub mod store;
pub mod words;

use letters::Letter;
use mailer::{Mailer, Unsubscribe};
use sqlx::AnyPool;
use store::{Address, Purpose};

/// How long an unsubscribe link works: a year.
pub const UNSUBSCRIBE_MS: i64 = 365 * 24 * 3600 * 1000;

/// The club's email: its tables and, with `--smtp-url`, its mailer.
pub struct Email {
    pool: AnyPool,
    mailer: Option<Mailer>,
    public_origin: Option<String>,
    limits: limits::Limits,
}

impl Email {
    /// The email of the club whose tables `pool` reaches, with `options`, its links at
    /// `public_origin` if it names one.
    pub fn new(
        options: &options::EmailOptions,
        pool: AnyPool,
        public_origin: Option<&str>,
    ) -> Result<Email, String> {
        let mailer = options.settings()?.map(Mailer::new).transpose()?;
        if let (Some(url), Some(_)) = (&options.smtp_url, &mailer) {
            tracing::info!(smtp = %options::shown(url), "sending mail");
        }
        let public_origin = public_origin.map(|origin| origin.trim_end_matches('/').to_string());
        Ok(Email { pool, mailer, public_origin, limits: limits::Limits::default() })
    }

    /// Whether the club sends mail.
    pub fn is_on(&self) -> bool {
        self.mailer.is_some()
    }

    /// Mails `letter` to `to` (an address of `to.member_id`), with a new unsubscribe link of
    /// that member; a failure is logged (without the address) and told.
    pub async fn post(&self, to: &Address, address: &str, letter: &Letter) -> bool {
        let Some(mailer) = &self.mailer else { return false };
        let token =
            match store::issue(&self.pool, &to.member_id, Purpose::Unsubscribe, "", UNSUBSCRIBE_MS).await {
                Ok(token) => token,
                Err(e) => {
                    tracing::error!(member = %to.member_id, error = %e, "email: no unsubscribe token");
                    return false;
                }
            };
        let club = mailer.club();
        let unsubscribe = Unsubscribe {
            footer: words::words(&to.lang).unsubscribe.replace("{club}", &club),
            page: format!("{}/?unsubscribe={token}", to.origin),
            api: format!("{}/api/email/unsubscribe?token={token}", to.origin),
        };
        match mailer.send(address, letter, &unsubscribe).await {
            Ok(()) => true,
            Err(e) => {
                tracing::warn!(member = %to.member_id, error = %e, "email: a mail was not sent");
                false
            }
        }
    }

    /// The club's name in mails.
    pub fn club(&self) -> String {
        self.mailer.as_ref().map(Mailer::club).unwrap_or_default()
    }
}
