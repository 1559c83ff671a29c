//! The details of a tournament's log as the page words them (issue 34): each entry keeps its
//! English detail, and `GET api/tournaments/{id}/log` adds its parts as `params` where the
//! detail has a known form, so the page says it in its own language. A detail of another form
//! is shown as it is.

use serde_json::{json, Value};

/// The detail of a board's result set by the director: `round 2 board 1: red → draw`
/// (`none` before a first result).
pub fn result_detail(round: i64, board: i64, before: Option<&str>, after: &str) -> String {
    format!("round {round} board {board}: {} → {after}", before.unwrap_or("none"))
}

/// The parts of a log entry's detail, if it has a known form: `round`, `board`, `from`,
/// `to` (a result), `player` (removed), `side` and `game` (did not show), `format`
/// (created), `name` (a bot the director entered), `reason` (finished early); a detail already JSON (the ratings' correction) is
/// its own parts.
pub fn params(action: &str, detail: &str) -> Option<Value> {
    match action {
        "result" => {
            let (place, change) = detail.split_once(": ")?;
            let (round, board) = place.strip_prefix("round ")?.split_once(" board ")?;
            let (from, to) = change.split_once(" → ")?;
            let from = (from != "none").then_some(from);
            Some(json!({ "round": round.parse::<i64>().ok()?, "board": board.parse::<i64>().ok()?,
                         "from": from, "to": to }))
        }
        "paired" => Some(json!({ "round": detail.strip_prefix("round ")?.parse::<i64>().ok()? })),
        "removed" => Some(json!({ "player": detail.strip_prefix("player ")?.parse::<i64>().ok()? })),
        "no-show" => {
            let (game, what) = detail.strip_prefix("game ")?.split_once(": ")?;
            let side = match what {
                "neither player showed" => "both",
                "red did not show" => "red",
                "blue did not show" => "blue",
                _ => return None,
            };
            Some(json!({ "game": game, "side": side }))
        }
        "created" => Some(json!({ "format": detail })),
        "entered" => Some(json!({ "name": detail })),
        "finished" => {
            let reason = match detail {
                "" => return None,
                "ended early" => "ended-early",
                "called off: too few players at the start" => "called-off",
                "called off: the challenger is not in" => "no-challenger",
                "too few players left" => "too-few-left",
                _ => return None,
            };
            Some(json!({ "reason": reason }))
        }
        _ => serde_json::from_str::<Value>(detail).ok().filter(Value::is_object),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_details_are_read_into_their_parts() {
        let set = result_detail(2, 1, None, "draw");
        assert_eq!(set, "round 2 board 1: none → draw");
        assert_eq!(
            params("result", &set),
            Some(json!({ "round": 2, "board": 1, "from": null, "to": "draw" }))
        );
        let changed = result_detail(3, 4, Some("red"), "blue-forfeits");
        assert_eq!(params("result", &changed).unwrap()["from"], "red");
        assert_eq!(params("paired", "round 3"), Some(json!({ "round": 3 })));
        assert_eq!(params("removed", "player 4"), Some(json!({ "player": 4 })));
        assert_eq!(
            params("no-show", "game abc: blue did not show"),
            Some(json!({ "game": "abc", "side": "blue" }))
        );
        assert_eq!(params("finished", "ended early"), Some(json!({ "reason": "ended-early" })));
        assert_eq!(params("created", "swiss"), Some(json!({ "format": "swiss" })));
        assert_eq!(params("entered", "deepjungle"), Some(json!({ "name": "deepjungle" })));
        assert_eq!(params("ratings", r#"{"round":1}"#), Some(json!({ "round": 1 })));
        // Anything else is shown as it is.
        assert_eq!(params("finished", ""), None);
        assert_eq!(params("result", "round two"), None);
        assert_eq!(params("withdrew", ""), None);
    }
}
