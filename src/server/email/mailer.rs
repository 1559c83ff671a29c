//! Sending a mail through the club's SMTP server: plain text and HTML, and the one-click
//! unsubscribe headers of RFC 8058.

use super::letters::Letter;
use super::options::MailSettings;
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

/// Where the unsubscribe footer of a mail points.
pub struct Unsubscribe {
    /// The footer's words.
    pub footer: String,
    /// The page's link (`<origin>/?unsubscribe=TOKEN`), in the footer.
    pub page: String,
    /// The API's link, for `List-Unsubscribe` (mail providers POST it).
    pub api: String,
}

/// The club's way out for mail.
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Mailer {
    /// A mailer with `settings` (connections are made when a mail is sent).
    pub fn new(settings: MailSettings) -> Result<Mailer, String> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&settings.lettre_url)
            .map_err(|e| format!("--smtp-url: {e}"))?
            .build();
        Ok(Mailer { transport, from: settings.from })
    }

    /// The club's name as mails give it: the sender's name, else its domain.
    pub fn club(&self) -> String {
        self.from.name.clone().unwrap_or_else(|| self.from.email.domain().to_string())
    }

    /// Sends `letter` to `to`.
    pub async fn send(&self, to: &str, letter: &Letter, unsubscribe: &Unsubscribe) -> Result<(), String> {
        let to: Mailbox = to.parse().map_err(|e| format!("a stored address is refused: {e}"))?;
        let list_unsubscribe = HeaderName::new_from_ascii_str("List-Unsubscribe");
        let one_click = HeaderName::new_from_ascii_str("List-Unsubscribe-Post");
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(letter.subject.clone())
            .raw_header(HeaderValue::new(list_unsubscribe, format!("<{}>", unsubscribe.api)))
            .raw_header(HeaderValue::new(one_click, "List-Unsubscribe=One-Click".into()))
            .multipart(MultiPart::alternative_plain_html(
                letter.text(&unsubscribe.footer, &unsubscribe.page),
                letter.html(&unsubscribe.footer, &unsubscribe.page),
            ))
            .map_err(|e| format!("cannot write the mail: {e}"))?;
        self.transport.send(message).await.map_err(|e| format!("cannot send the mail: {e}"))?;
        Ok(())
    }
}
