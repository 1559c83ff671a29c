//! A ladder's challenges, each change made in the ladder's [`Turn`]: made (checked by the pure
//! rules against the ladder's limits), answered (accepted: the game is made, colours by lot;
//! declined: free up to the ladder's free declines since the member's last ladder game, then a
//! loss by forfeit), forfeited when not answered in time, ended by their game or by the
//! director, and cancelled when one of the two leaves. The winner of a challenge from below
//! takes the loser's place; a draw (or a game called off) changes nothing.

use super::tables::{self, ChallengeRow};
use super::turn::Turn;
use crate::competitions::ladder::{decline_forfeits, Challenge, ChallengeError};
use crate::rules::Color;
use crate::server::error::{Code, Refusal};
use crate::server::game::clock::ClockSpec;
use crate::server::game::ending::Status;
use crate::server::game::token::{coin, new_game_id};
use crate::server::storage::member_game::{self, MemberGame, Player};
use crate::server::tournaments::ledger::result_of_game;

/// The results of a challenge by their stored names.
pub const RESULTS: [&str; 3] = ["challenger", "challenged", "draw"];

/// The refusal of a challenge the pure rules do not allow.
fn refusal(error: ChallengeError) -> Refusal {
    let message = error.to_string();
    match error {
        ChallengeError::NotOnLadder => Refusal::new(Code::NotOnLadder, message),
        ChallengeError::NotAbove => Refusal::new(Code::NotAbove, message),
        ChallengeError::OutOfReach { reach } => Refusal::new(Code::OutOfReach, message).with("limit", reach),
        ChallengeError::TooManyOpen { limit } => {
            Refusal::new(Code::TooManyChallenges, message).with("limit", limit)
        }
        ChallengeError::CoolingDown { until } => {
            Refusal::new(Code::CoolingDown, message).with("until", usize::try_from(until).unwrap_or(0))
        }
    }
}

/// Makes `challenger`'s challenge of `challenged` in `turn`'s ladder, if its rules allow it.
pub async fn make(turn: &mut Turn, challenger: &str, challenged: &str) -> Result<ChallengeRow, Refusal> {
    let id = turn.ladder.id.clone();
    let open = tables::open_challenges(&mut turn.tx, &id).await.map_err(Refusal::storage)?;
    let count =
        |member: &str| open.iter().filter(|c| c.challenger == member || c.challenged == member).count();
    let last_between =
        tables::last_between(&mut turn.tx, &id, challenger, challenged).await.map_err(Refusal::storage)?;
    let (a, b) = (challenger.to_string(), challenged.to_string());
    let asked = Challenge {
        challenger: &a,
        challenged: &b,
        open: [count(challenger), count(challenged)],
        last_between,
        now: turn.now,
    };
    turn.ranking.check_challenge(&asked, &turn.ladder.limits()).map_err(refusal)?;
    let row = ChallengeRow {
        id: new_game_id(),
        ladder_id: id,
        challenger: a,
        challenged: b,
        state: "open".into(),
        made: turn.now,
        answer_by: turn.now + turn.ladder.answer_ms,
        game_id: None,
        result: None,
        how: None,
        ended: None,
    };
    tables::insert_challenge(&mut turn.tx, &row).await.map_err(Refusal::storage)?;
    Ok(row)
}

/// Challenge `id` of `turn`'s ladder, if it is one of its own.
pub async fn load(turn: &mut Turn, id: &str) -> Result<ChallengeRow, Refusal> {
    tables::challenge(&mut turn.tx, id)
        .await
        .map_err(Refusal::storage)?
        .filter(|c| c.ladder_id == turn.ladder.id)
        .ok_or_else(|| Refusal::not_found("challenge"))
}

/// `member_id` answers `challenge`: accepted, its game is made (colours by lot); declined, it
/// is over, or lost by forfeit once the member's free declines are used.
pub async fn answer(
    turn: &mut Turn,
    challenge: &ChallengeRow,
    member_id: &str,
    accept: bool,
) -> Result<ChallengeRow, Refusal> {
    if challenge.challenged != member_id {
        return Err(Refusal::new(Code::NotChallenged, "only the member challenged answers"));
    }
    if challenge.state != "open" {
        return Err(Refusal::new(Code::ChallengeAnswered, "this challenge is answered already"));
    }
    if accept {
        let game_id = new_game_id();
        make_game(turn, challenge, &game_id).await?;
        let playing = ChallengeRow { state: "playing".into(), game_id: Some(game_id), ..challenge.clone() };
        claim(turn, challenge, "open", &playing).await?;
        return Ok(playing);
    }
    let declines = turn.rung(member_id).map_or(0, |r| r.declines);
    if decline_forfeits(usize::try_from(declines).unwrap_or(0), &turn.ladder.limits()) {
        return end(turn, challenge, "challenger", "forfeit").await;
    }
    let declined = ChallengeRow { state: "declined".into(), ended: Some(turn.now), ..challenge.clone() };
    claim(turn, challenge, "open", &declined).await?;
    tables::add_decline(&mut turn.tx, &turn.ladder.id, member_id).await.map_err(Refusal::storage)?;
    Ok(declined)
}

/// Makes the game of `challenge`, colours by lot, with the ladder's rules and clock.
async fn make_game(turn: &mut Turn, challenge: &ChallengeRow, game_id: &str) -> Result<(), Refusal> {
    // Names read before the game is stored: the future holds no borrow of the turn.
    let (mut red, mut blue) = {
        let name = |id: &str| turn.rung(id).map(|r| r.name.clone()).unwrap_or_default();
        (
            (challenge.challenger.as_str(), name(&challenge.challenger)),
            (challenge.challenged.as_str(), name(&challenge.challenged)),
        )
    };
    if coin() {
        std::mem::swap(&mut red, &mut blue);
    }
    let game = MemberGame {
        id: game_id,
        rules: turn.ladder.rules.parse().unwrap_or_default(),
        clock: ClockSpec::from_text(&turn.ladder.clock).unwrap_or_default(),
        rated: turn.ladder.rated,
        players: [Player { member_id: red.0, name: &red.1 }, Player { member_id: blue.0, name: &blue.1 }],
        at: turn.now,
        status: Status::Playing,
    };
    member_game::insert(&mut turn.tx, &game).await.map_err(Refusal::storage)
}

/// Moves `challenge` from state `from` to `to`; refused if it was not in `from` any more.
async fn claim(
    turn: &mut Turn,
    challenge: &ChallengeRow,
    from: &str,
    to: &ChallengeRow,
) -> Result<(), Refusal> {
    if tables::change_challenge(&mut turn.tx, &challenge.id, from, to).await.map_err(Refusal::storage)? {
        Ok(())
    } else {
        Err(Refusal::new(Code::ChallengeAnswered, "this challenge is answered already"))
    }
}

/// Ends `challenge` (open or being played) with `result` (`challenger`, `challenged` or
/// `draw`), `how` it ended (`game`, `forfeit` or `director`): the winner takes the loser's
/// place if it was higher. Refused if it had ended already.
pub async fn end(
    turn: &mut Turn,
    challenge: &ChallengeRow,
    result: &str,
    how: &str,
) -> Result<ChallengeRow, Refusal> {
    if !matches!(challenge.state.as_str(), "open" | "playing") {
        return Err(Refusal::new(Code::ChallengeAnswered, "this challenge is over already"));
    }
    let over = ChallengeRow {
        state: "over".into(),
        result: Some(result.to_string()),
        how: Some(how.to_string()),
        ended: Some(turn.now),
        ..challenge.clone()
    };
    claim(turn, challenge, &challenge.state, &over).await?;
    let (a, b) = (challenge.challenger.as_str(), challenge.challenged.as_str());
    match result {
        "challenger" => turn.won(a, b).await?,
        "challenged" => turn.won(b, a).await?,
        _ => turn.played(&[a, b]).await?,
    }
    Ok(over)
}

/// The result of `challenge`'s game that ended: `winner`, `reason` and plies as the games
/// table has them, `red` the member who had Red (a game called off is a draw for the ladder:
/// nothing changes).
pub fn result_of(
    challenge: &ChallengeRow,
    winner: Option<&str>,
    reason: &str,
    ply: i64,
    red: Option<&str>,
) -> &'static str {
    let red_is_challenger = red == Some(challenge.challenger.as_str());
    let side =
        |color: Color| if (color == Color::Red) == red_is_challenger { "challenger" } else { "challenged" };
    match result_of_game(winner, reason, ply) {
        "red" | "blue-forfeits" => side(Color::Red),
        "blue" | "red-forfeits" => side(Color::Blue),
        _ => "draw",
    }
}

/// Cancels the open challenges of `member_id` in `turn`'s ladder (they left it): a game being
/// played goes on, but counts for nothing.
pub async fn cancel_of(turn: &mut Turn, member_id: &str) -> Result<(), Refusal> {
    let open = tables::open_challenges(&mut turn.tx, &turn.ladder.id).await.map_err(Refusal::storage)?;
    for challenge in open.iter().filter(|c| c.challenger == member_id || c.challenged == member_id) {
        let cancelled =
            ChallengeRow { state: "cancelled".into(), ended: Some(turn.now), ..challenge.clone() };
        claim(turn, challenge, &challenge.state, &cancelled).await?;
    }
    Ok(())
}
