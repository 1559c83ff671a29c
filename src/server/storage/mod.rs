//! Games in the database, SQLite or PostgreSQL: [`db`] (opening it, its migrations, the reads),
//! [`schema`] (how a database stands against the migrations), [`shown`] (`--db` without its
//! password), [`games_table`] (a game as its row and back), [`writer`] (group commit: the
//! waiting changes of many games in one transaction) with [`batches`] (that transaction's SQL),
//! [`note`] (what the instances sharing a database tell each other), [`checkpoint`] (SQLite's
//! log), [`alive`] (the heartbeat that keeps clocks fair across a crash), [`away`] (the
//! errors of a database that is away, for which the writer holds its changes) and [`listen`]
//! (the PostgreSQL connections that hear the other instances' notes); [`conditional`] (the
//! players' conditional moves); [`member_game`] (a game the club makes between two members: a
//! tournament board, a league pairing, a ladder challenge, a cup or team match game).

pub mod alive;
pub mod away;
pub mod batches;
pub mod checkpoint;
pub mod conditional;
pub mod db;
pub mod games_table;
pub mod listen;
pub mod member_game;
pub mod note;
pub mod schema;
pub mod shown;
pub mod writer;
