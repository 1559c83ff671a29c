//! Sending and answering a direct challenge, for any member: the page's routes
//! ([`super::routes`]) and the bot API (`bots`) ask the same way, so that a bot's challenge is
//! checked, stored, listed and started exactly as a member's.

use super::blocks;
use super::challenges::{self, NewChallenge};
use super::options::BotRatings;
use super::start::{start, Player, Terms};
use super::Pairing;
use crate::rules::{ByColor, Color};
use crate::server::error::{Code, Refusal};
use crate::server::game::clock::{now_ms, ClockSpec};
use crate::server::game::token;
use crate::server::members::accounts::{self, Member};
use crate::server::members::names::{check_name, name_key};
use crate::server::members::Members;
use crate::server::play::hub::{check_color, check_rules, Hub};
use crate::server::push::Push;
use crate::server::rating::clocked::check_rated_clock;
use crate::server::watchers::Live;

/// What sending a challenge touches.
pub struct Club<'a> {
    /// The members.
    pub members: &'a Members,
    /// The challenges' limits.
    pub pairing: &'a Pairing,
    /// The members' live lists.
    pub live: &'a Live,
    /// Their devices.
    pub push: &'a Push,
}

/// A challenge as asked.
pub struct Asked {
    /// The name challenged.
    pub to: String,
    /// The rules' text ("" for the standard rules).
    pub rules: String,
    /// The clock.
    pub clock: ClockSpec,
    /// The challenger's side: red, blue or random.
    pub color: String,
    /// Whether it is rated.
    pub rated: bool,
}

/// A rated game between a bot and a member who is not one, in a club whose bots are rated
/// apart: refused (it would mix the two pools).
fn check_bot_pool(pairing: &Pairing, rated: bool, a: &Member, b: &Member) -> Result<(), Refusal> {
    if rated && pairing.bot_ratings == BotRatings::Separate && a.bot != b.bot {
        let message = "this club rates bots among bots only: a game between a bot and a human is casual";
        return Err(Refusal::new(Code::BotGameCasual, message));
    }
    Ok(())
}

/// `me` challenges `asked.to`: the challenge's id and when it expires.
pub async fn send(club: &Club<'_>, me: &Member, asked: &Asked) -> Result<(String, i64), Refusal> {
    let Club { members, pairing, live, push } = club;
    check_name(&asked.to).map_err(|message| Refusal::field("to", message))?;
    let rules = check_rules(&asked.rules)?.to_string();
    asked.clock.check().map_err(|message| Refusal::field("clock", message))?;
    check_rated_clock(asked.rated, &asked.clock)?;
    check_color(Some(&asked.color))?;
    if name_key(&asked.to) == name_key(&me.name) {
        return Err(Refusal::new(Code::SelfChallenge, "you cannot challenge yourself"));
    }
    if !pairing.challenges.allow(me.id.clone()) {
        return Err(Refusal::rate_limited("too many challenges: wait a minute"));
    }
    // One look-up and one insert whether or not the name is a member's: the same answer, in
    // about the same time.
    let to = accounts::by_name(members.pool(), &asked.to).await.map_err(Refusal::storage)?;
    if let Some((member, _)) = &to {
        check_bot_pool(pairing, asked.rated, me, member)?;
    }
    let (id, expires) = (token::new_game_id(), now_ms() + pairing.challenge_expiry_ms);
    let clock = asked.clock.to_text();
    let new = NewChallenge {
        from: &me.id,
        to_member: to.as_ref().map(|(member, _)| member.id.as_str()),
        to_name: &asked.to,
        rules: &rules,
        clock: &clock,
        color: &asked.color,
        rated: asked.rated,
        expires,
    };
    if !challenges::insert(members.pool(), &id, &new).await.map_err(Refusal::storage)? {
        return Err(Refusal::rate_limited("another challenge to this name was sent at the same time"));
    }
    if let Some((member, _)) = &to {
        live.challenges_changed([member.id.as_str()]);
        // A blocked challenger's challenge is never listed, nor pushed.
        if !blocks::is_blocked(members.pool(), &member.id, &me.id).await.map_err(Refusal::storage)? {
            push.challenge(&id, &member.id, &me.name, expires).await;
        }
    }
    Ok((id, expires))
}

/// `me` accepts challenge `id`: the game started, and `me`'s side in it.
pub async fn accept(
    members: &Members,
    hub: &Hub,
    pairing: &Pairing,
    live: &Live,
    id: &str,
    me: &Member,
) -> Result<(String, Color), Refusal> {
    let pool = members.pool();
    let stored = challenges::answerable(pool, id, &me.id, false).await?;
    let rules = check_rules(&stored.rules)?;
    let clock = ClockSpec::from_text(&stored.clock).unwrap_or_default();
    let challenger_color = check_color(Some(&stored.color))?;
    // Either may have become a bot since the challenge was sent.
    let from = accounts::by_id(pool, &stored.from_member).await.map_err(Refusal::storage)?;
    if let Some(from) = &from {
        check_bot_pool(pairing, stored.rated, from, me)?;
    }
    let game = token::new_game_id();
    if !challenges::close(pool, id, "accepted", Some(&game)).await.map_err(Refusal::storage)? {
        // Answered or expired meanwhile: say which.
        challenges::answerable(pool, id, &me.id, false).await?;
        return Err(challenges::closed("accepted"));
    }
    let challenger = Player { id: stored.from_member, name: stored.from_name };
    let accepter = Player { id: me.id.clone(), name: me.name.clone() };
    let players = match challenger_color {
        Color::Red => ByColor::new(&challenger, &accepter),
        Color::Blue => ByColor::new(&accepter, &challenger),
    };
    let terms = Terms { rules, clock, rated: stored.rated };
    if let Err(refusal) = start(members, hub, &game, terms, players).await {
        challenges::reopen(pool, id).await.map_err(Refusal::storage)?;
        return Err(refusal);
    }
    // Gone from the accepter's list, on every page of theirs.
    live.challenges_changed([me.id.as_str()]);
    Ok((game, !challenger_color))
}

/// Declines challenge `id` (its addressee), or calls it off (its sender, `sent`).
pub async fn answer(
    members: &Members,
    live: &Live,
    id: &str,
    me: &Member,
    sent: bool,
) -> Result<(), Refusal> {
    let pool = members.pool();
    let stored = challenges::answerable(pool, id, &me.id, sent).await?;
    let state = if sent { "cancelled" } else { "declined" };
    if !challenges::close(pool, id, state, None).await.map_err(Refusal::storage)? {
        challenges::answerable(pool, id, &me.id, sent).await?;
        return Err(challenges::closed(state));
    }
    live.challenges_changed(stored.to_member.as_deref());
    Ok(())
}
