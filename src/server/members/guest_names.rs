//! The names guests play under may not pass for a member or for the club's staff. Names are
//! compared by their [`look`]: compatibility forms folded (fullwidth and styled letters, NFKC),
//! Cyrillic and Greek letters that look Latin read as the Latin ones, case ignored. A guest's
//! name that looks like a member's name, like "deleted member", or that has a word starting or
//! ending with a staff word ([`STAFF`]: "clubadmin", "Moderator Bob") is taken. Which
//! characters a name may hold is checked for every seat ([`check_name`](crate::server::play::hub::check_name)).

use super::accounts;
use super::names::DELETED;
use crate::server::error::Refusal;
use sqlx::AnyPool;
use unicode_normalization::UnicodeNormalization;

/// Words that would make a guest pass for the club's staff.
const STAFF: [&str; 2] = ["admin", "moderator"];

/// Letters of other scripts that look like Latin ones, and the Latin letter each looks like.
const LOOK_ALIKES: [(&str, &str); 4] = [
    ("АВЕКМНОРСТУХІЈЅԚԜҮ", "abekmhopctyxijsqwy"),
    ("аеорсухіјѕԁһԛԝӏкү", "aeopcyxijsdhqwlky"),
    ("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "abezhikmnoptyx"),
    ("αικνοτρυχγ", "aikvotpuxy"),
];

/// Refuses `name` for a guest if it looks like a member's name or the staff's (`name_taken`).
pub async fn check_guest_name(pool: &AnyPool, name: &str) -> Result<(), Refusal> {
    let look = look(name);
    if staff_like(&look) || accounts::by_name(pool, &look).await.map_err(Refusal::storage)?.is_some() {
        return Err(Refusal::name_taken());
    }
    Ok(())
}

/// How `name` reads: NFKC, look-alike letters as Latin ones, lowercase, without outer spaces.
fn look(name: &str) -> String {
    name.trim().nfkc().map(latin_look).flat_map(char::to_lowercase).collect()
}

/// The Latin letter `c` looks like, or `c`.
fn latin_look(c: char) -> char {
    LOOK_ALIKES
        .iter()
        .find_map(|(from, to)| from.chars().position(|f| f == c).and_then(|i| to.chars().nth(i)))
        .unwrap_or(c)
}

/// Whether a name that reads `look` passes for the staff or for a deleted member.
fn staff_like(look: &str) -> bool {
    look == DELETED
        || look
            .split(|c: char| !c.is_alphanumeric())
            .any(|word| STAFF.iter().any(|staff| word.starts_with(staff) || word.ends_with(staff)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alikes_read_as_latin_letters() {
        for (from, to) in LOOK_ALIKES {
            assert_eq!(from.chars().count(), to.chars().count(), "{from}");
        }
        for name in ["Alice", " ALICE ", "\u{0430}lice", "ΑLΙCΕ", "ａｌｉｃｅ", "𝐚𝐥𝐢𝐜𝐞"]
        {
            assert_eq!(look(name), "alice", "{name}");
        }
        assert_eq!(look("张伟"), "张伟");
    }

    #[test]
    fn staff_words_are_taken_and_others_are_not() {
        for name in ["clubadmin", "Admin", "Admin-2", "The Moderator", "deleted member", "ΑDMIN"] {
            assert!(staff_like(&look(name)), "{name}");
        }
        for name in ["Badminton", "Bob", "Ærøskøbing", "张伟", "deleted members club"] {
            assert!(!staff_like(&look(name)), "{name}");
        }
    }
}
