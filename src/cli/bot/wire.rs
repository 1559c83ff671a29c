//! The bot API's messages as the bridge reads them (see the club server's `api/bot/*`): the
//! lines of the event stream and of a game's stream. Fields the bridge does not use are left
//! out; unknown line types are skipped.

use serde::Deserialize;

/// A clock: `{"minutes":M,"increment":S}` (minutes may be a fraction: 0.5 is 30 s),
/// `{"days":D}`, or `null` for none.
#[derive(Clone, Copy, PartialEq, Debug, Deserialize)]
#[serde(untagged)]
pub enum Clock {
    Realtime { minutes: f64, increment: u32 },
    Correspondence { days: u32 },
}

/// A challenge to the bot.
#[derive(Clone, PartialEq, Debug, Deserialize)]
pub struct Challenge {
    pub id: String,
    pub challenger: String,
    /// The rules as `Rules` writes them; empty for the standard rules.
    pub rules: String,
    pub clock: Option<Clock>,
    pub rated: bool,
}

/// The id of a game in an event.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
pub struct GameId {
    pub id: String,
}

/// One line of `api/bot/stream/event`.
#[derive(Clone, PartialEq, Debug, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Event {
    Challenge {
        challenge: Challenge,
    },
    ChallengeCanceled {
        id: String,
    },
    GameStart {
        game: GameId,
    },
    GameFinish {
        game: GameId,
    },
    #[serde(other)]
    Other,
}

/// A game's state: the moves from its start, the clocks, and whether it is over.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
pub struct State {
    /// Every move from the start, space separated.
    pub moves: String,
    pub red_ms: Option<u64>,
    pub blue_ms: Option<u64>,
    /// `playing` or `over`.
    pub status: String,
    pub winner: Option<String>,
    pub reason: Option<String>,
}

/// The game's first line: its rules, start and seats, and the state.
#[derive(Clone, PartialEq, Debug, Deserialize)]
pub struct Full {
    pub rules: String,
    pub start_fen: String,
    pub red: String,
    pub blue: String,
    /// The bot's seat: `red` or `blue`.
    pub color: String,
    pub clock: Option<Clock>,
    pub state: State,
}

/// One line of `api/bot/game/stream/{id}`.
#[derive(Clone, PartialEq, Debug, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum GameLine {
    GameFull(Box<Full>),
    GameState(State),
    #[serde(other)]
    Other,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_contracts_lines_are_read() {
        let line = r#"{"type":"challenge","challenge":{"id":"c1","challenger":"ann","rules":"dog-swims=yes","clock":{"minutes":3,"increment":2},"color":"random","rated":true}}"#;
        let Ok(Event::Challenge { challenge }) = serde_json::from_str(line) else { panic!("{line}") };
        assert_eq!(challenge.clock, Some(Clock::Realtime { minutes: 3.0, increment: 2 }));
        let half: Event = serde_json::from_str(
            r#"{"type":"challenge","challenge":{"id":"c","challenger":"b","rules":"","clock":{"minutes":0.5,"increment":0},"color":"red","rated":false}}"#,
        )
        .unwrap();
        assert!(
            matches!(half, Event::Challenge { challenge } if challenge.clock == Some(Clock::Realtime { minutes: 0.5, increment: 0 }))
        );
        let days: Event = serde_json::from_str(
            r#"{"type":"challenge","challenge":{"id":"c","challenger":"b","rules":"","clock":{"days":2},"color":"red","rated":false}}"#,
        )
        .unwrap();
        assert!(
            matches!(days, Event::Challenge { challenge } if challenge.clock == Some(Clock::Correspondence { days: 2 }))
        );
        assert_eq!(
            serde_json::from_str::<Event>(r#"{"type":"gameStart","game":{"id":"g7"}}"#).unwrap(),
            Event::GameStart { game: GameId { id: "g7".into() } }
        );
        assert_eq!(serde_json::from_str::<Event>(r#"{"type":"news","x":1}"#).unwrap(), Event::Other);
        let full = r#"{"type":"gameFull","id":"g","rules":"","start_fen":"f","red":"a","blue":"b","color":"blue","clock":null,"state":{"moves":"a3a4","red_ms":null,"blue_ms":null,"status":"playing","winner":null,"reason":null,"draw_offer":null}}"#;
        let Ok(GameLine::GameFull(full)) = serde_json::from_str(full) else { panic!("{full}") };
        assert_eq!((full.color.as_str(), full.state.moves.as_str(), full.clock), ("blue", "a3a4", None));
    }
}
