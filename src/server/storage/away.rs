//! Whether a database error means the database is away for a while — restarting, failing
//! over, unreachable, or (SQLite) locked by another connection — rather than refusing the
//! change itself. A change that meets such an error is held and tried again (see
//! [`writer`](super::writer)); any other error is the change's own.

/// PostgreSQL's error codes of a database that is away: the connection-exception class
/// (`08…`), a shutdown by the administrator or a crash (`57P01`, `57P02`), a server still
/// starting (`57P03`), and too many connections (`53300`: the old ones not yet cleaned up
/// after a restart).
const POSTGRES_AWAY: [&str; 4] = ["57P01", "57P02", "57P03", "53300"];

/// SQLite's primary result codes of a database another connection holds: `SQLITE_BUSY` (5)
/// and `SQLITE_LOCKED` (6). sqlx gives the extended code, whose low byte is the primary one.
const SQLITE_AWAY: [i32; 2] = [5, 6];

/// Whether `error` says the database is away rather than that the change is wrong.
pub fn is_away(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Io(_) | sqlx::Error::Tls(_) | sqlx::Error::PoolTimedOut | sqlx::Error::WorkerCrashed => {
            true
        }
        sqlx::Error::Database(e) => e.code().is_some_and(|code| code_is_away(&code)),
        _ => false,
    }
}

fn code_is_away(code: &str) -> bool {
    match code.parse::<i32>() {
        // SQLite's codes are numbers; PostgreSQL's five characters (some all digits, none
        // of them below 256 once read as a number).
        Ok(sqlite) if code.len() < 5 => SQLITE_AWAY.contains(&(sqlite & 0xff)),
        _ => code.starts_with("08") || POSTGRES_AWAY.contains(&code),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_of_a_database_away_are_told_from_the_others() {
        // PostgreSQL: connection failure, admin shutdown, starting up; a unique violation is not.
        for away in ["08006", "08001", "57P01", "57P03", "53300"] {
            assert!(code_is_away(away), "{away}");
        }
        for own in ["23505", "40001", "42P01"] {
            assert!(!code_is_away(own), "{own}");
        }
        // SQLite: BUSY, BUSY_SNAPSHOT (517), LOCKED; a constraint (19, 2067) is not.
        for away in ["5", "517", "6", "262"] {
            assert!(code_is_away(away), "{away}");
        }
        for own in ["19", "2067", "1"] {
            assert!(!code_is_away(own), "{own}");
        }
        assert!(is_away(&sqlx::Error::PoolTimedOut));
        assert!(!is_away(&sqlx::Error::RowNotFound));
    }
}
