//! `--db` as logs and errors may show it: a PostgreSQL URL's password, in its user part
//! (`postgres://ana:secret@host/club`) or as a parameter (`?password=secret`), becomes `***`.

/// What stands for a password.
const HIDDEN: &str = "***";

/// The password `db` holds, if any.
fn password(db: &str) -> Option<&str> {
    let (_, rest) = db.split_once("://")?;
    let authority = rest.split(['/', '?']).next().unwrap_or(rest);
    let in_user = authority.rsplit_once('@').and_then(|(user, _)| user.split_once(':')).map(|(_, p)| p);
    let parameter = rest
        .split_once('?')
        .and_then(|(_, query)| query.split('&').find_map(|pair| pair.strip_prefix("password=")));
    in_user.or(parameter).filter(|password| !password.is_empty())
}

/// `text` (`--db` itself, or a message about it) without the password of `db`.
pub fn without_password(text: &str, db: &str) -> String {
    match password(db) {
        Some(password) => text.replace(password, HIDDEN),
        None => text.to_string(),
    }
}

/// `--db` as it may be shown.
pub fn shown(db: &str) -> String {
    without_password(db, db)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_hidden_wherever_the_url_holds_them() {
        assert_eq!(
            shown("postgres://ana:s3cret@db.example:5432/club"),
            "postgres://ana:***@db.example:5432/club"
        );
        assert_eq!(
            shown("postgresql://ana@db.example/club?password=s3cret&sslmode=require"),
            "postgresql://ana@db.example/club?password=***&sslmode=require"
        );
        assert_eq!(shown("postgres://ana@db.example/club"), "postgres://ana@db.example/club");
        assert_eq!(shown("/var/lib/jungle/club.sqlite"), "/var/lib/jungle/club.sqlite");
        let said = "password authentication failed for ana (s3cret)";
        assert_eq!(
            without_password(said, "postgres://ana:s3cret@h/c"),
            "password authentication failed for ana (***)"
        );
    }
}
