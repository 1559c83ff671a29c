//! What a push says: its kind and the JSON the service worker reads (the shared contract of
//! issue 37: `{"kind","lang","url","tag",…details}`, `lang` added per device when sent), the
//! event it tells of (`dedupe`: queued once, however many instances see the event) and when
//! it stops being worth sending.

use serde_json::{json, Map, Value};

/// The longest chat text a push carries, in characters.
pub const MAX_CHAT_CHARS: usize = 140;

/// A kind of notice, which a member may switch off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The opponent moved: the member's turn.
    YourMove,
    /// A member challenged the member.
    Challenge,
    /// A tournament round was paired: the member has a game.
    TournamentRound,
    /// The opponent offers a draw.
    DrawOffer,
    /// A chat message in the member's game.
    Chat,
    /// Less than a tenth of a correspondence period is left to move.
    TimeRunningOut,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 6] = [
        Kind::YourMove,
        Kind::Challenge,
        Kind::TournamentRound,
        Kind::DrawOffer,
        Kind::Chat,
        Kind::TimeRunningOut,
    ];

    /// The contract's name, such as `your_move`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::YourMove => "your_move",
            Kind::Challenge => "challenge",
            Kind::TournamentRound => "tournament_round",
            Kind::DrawOffer => "draw_offer",
            Kind::Chat => "chat",
            Kind::TimeRunningOut => "time_running_out",
        }
    }

    /// The kind of `name`.
    pub fn named(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// Whether a push service should wake the device at once (`Urgency: high`).
    pub fn urgent(self) -> bool {
        matches!(self, Kind::YourMove | Kind::TimeRunningOut)
    }
}

/// A notice to queue for a member's devices.
#[derive(Clone, Debug)]
pub struct Notice {
    /// Its kind.
    pub kind: Kind,
    /// The event it tells of, queued once per device.
    pub dedupe: String,
    /// The payload without `lang`.
    pub payload: Value,
    /// When it is no longer worth sending (ms, the club's time), if ever.
    pub deadline: Option<i64>,
}

impl Notice {
    fn new(kind: Kind, dedupe: String, url: String, tag: String, details: Value) -> Notice {
        let mut payload = Map::new();
        payload.insert("kind".into(), kind.name().into());
        payload.insert("url".into(), url.into());
        payload.insert("tag".into(), tag.into());
        if let Value::Object(details) = details {
            payload.extend(details);
        }
        Notice { kind, dedupe, payload: Value::Object(payload), deadline: None }
    }

    fn about_game(kind: Kind, dedupe: String, game: &str, details: Value) -> Notice {
        Notice::new(kind, dedupe, format!("?online={game}"), format!("game-{game}"), details)
    }

    /// `opponent` moved in game `game`: move number `ply` is the member's.
    pub fn your_move(game: &str, ply: usize, opponent: &str) -> Notice {
        Notice::about_game(
            Kind::YourMove,
            format!("your_move:{game}:{ply}"),
            game,
            json!({ "opponent": opponent }),
        )
    }

    /// `opponent` offers a draw in game `game`, by the change of version `version`.
    pub fn draw_offer(game: &str, version: i64, opponent: &str) -> Notice {
        let dedupe = format!("draw_offer:{game}:{version}");
        Notice::about_game(Kind::DrawOffer, dedupe, game, json!({ "opponent": opponent }))
    }

    /// `from` said `text` (message `message`) in game `game`'s players' chat.
    pub fn chat(game: &str, message: &str, from: &str, text: &str) -> Notice {
        let text: String = text.chars().take(MAX_CHAT_CHARS).collect();
        let details = json!({ "from": from, "text": text });
        Notice::about_game(Kind::Chat, format!("chat:{message}"), game, details)
    }

    /// The member has `left_ms` to make move number `ply` of game `game` (clock `clock`,
    /// e.g. `days:3`) against `opponent`, before `deadline`.
    pub fn time_running_out(
        game: &str,
        ply: usize,
        left_ms: i64,
        clock: &str,
        opponent: &str,
        deadline: i64,
    ) -> Notice {
        let details = json!({ "opponent": opponent, "left_ms": left_ms, "clock": clock });
        let dedupe = format!("time_running_out:{game}:{ply}");
        Notice { deadline: Some(deadline), ..Notice::about_game(Kind::TimeRunningOut, dedupe, game, details) }
    }

    /// `from` challenged the member (challenge `challenge`), until `expires`.
    pub fn challenge(challenge: &str, from: &str, expires: i64) -> Notice {
        let notice = Notice::new(
            Kind::Challenge,
            format!("challenge:{challenge}"),
            format!("?challenge={challenge}"),
            format!("challenge-{challenge}"),
            json!({ "from": from }),
        );
        Notice { deadline: Some(expires), ..notice }
    }

    /// Round `round` of tournament `tournament` (named `name`) was paired.
    pub fn tournament_round(tournament: &str, name: &str, round: i64) -> Notice {
        Notice::new(
            Kind::TournamentRound,
            format!("tournament_round:{tournament}:{round}"),
            format!("?tournament={tournament}"),
            format!("tournament-{tournament}"),
            json!({ "tournament": name, "round": round }),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_follow_the_contract() {
        let moved = Notice::your_move("g1", 4, "Ann");
        assert_eq!(
            moved.payload,
            json!({ "kind": "your_move", "url": "?online=g1", "tag": "game-g1", "opponent": "Ann" })
        );
        let long = "é".repeat(300);
        let said = Notice::chat("g1", "m1", "Ann", &long);
        assert_eq!(said.payload["text"].as_str().unwrap().chars().count(), MAX_CHAT_CHARS);
        let round = Notice::tournament_round("t1", "Spring", 2);
        assert_eq!(
            (round.payload["url"].as_str(), round.payload["round"].as_i64()),
            (Some("?tournament=t1"), Some(2))
        );
        assert!(Kind::ALL.iter().all(|kind| Kind::named(kind.name()) == Some(*kind)));
    }
}
