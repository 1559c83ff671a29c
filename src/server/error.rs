//! Refusals: what the server answers, by WebSocket or HTTP, when it changes nothing — a code
//! and its parameters, which the page words in its own language, and an English sentence. Each
//! code is declared with the HTTP status of its answer (see `http::refusal`).
//!
//! A refusal caused by the engine's typed reason (an illegal move, bad rules or a bad start
//! position) carries it the engine's way ([`crate::error_code`]): a `cause` parameter holding
//! the engine's code, and the engine's parameters after the refusal's own.

use crate::error_code::{with_cause, ErrorCode, Param, Params};
use axum::http::StatusCode;
use serde::{Serialize, Serializer};
use std::fmt;

/// Declares the refusal codes once: the enum, [`Code::ALL`], their protocol names, HTTP
/// statuses and the names of their parameters.
macro_rules! refusal_codes {
    ($( $(#[$doc:meta])* $code:ident = $name:literal $status:ident $params:expr, )*) => {
        /// Why a request was refused; sent as its [`name`](Code::name) in
        /// `{"type":"error","code":…}`.
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub enum Code {
            $( $(#[$doc])* $code, )*
        }

        impl Code {
            /// Every code, in the order declared.
            pub const ALL: &'static [Code] = &[$(Code::$code),*];

            /// The protocol's name, such as `bad_json`.
            pub fn name(self) -> &'static str {
                match self {
                    $( Code::$code => $name, )*
                }
            }

            /// The status of the HTTP answer refused with this code.
            pub fn status(self) -> StatusCode {
                match self {
                    $( Code::$code => StatusCode::$status, )*
                }
            }

            /// The names of the parameters a refusal of this code may carry (`cause`: the
            /// engine's code, whose own parameters follow).
            pub fn params(self) -> &'static [&'static str] {
                match self {
                    $( Code::$code => $params, )*
                }
            }
        }
    };
}

refusal_codes! {
    /// The message is not JSON, or not an object with a known `type`.
    BadJson = "bad_json" BAD_REQUEST &[],
    /// The message or body is longer than allowed (`limit` bytes).
    TooLarge = "too_large" PAYLOAD_TOO_LARGE &["limit"],
    /// A field is missing, unknown, or out of its range (`field`, when known; `cause`: the
    /// engine's reason for bad rules or a bad position).
    BadField = "bad_field" BAD_REQUEST &["field", "cause"],
    /// No game has this id.
    NotFound = "not_found" NOT_FOUND &[],
    /// The game has no free seat.
    Full = "full" CONFLICT &[],
    /// The seat token is malformed or belongs to no seat of this game.
    BadToken = "bad_token" FORBIDDEN &[],
    /// The connection has not sent `subscribe` yet.
    NotSubscribed = "not_subscribed" CONFLICT &[],
    /// Only a seated player may do this; spectators watch.
    NotAPlayer = "not_a_player" CONFLICT &[],
    /// It is the other side's turn (`turn`).
    NotYourTurn = "not_your_turn" CONFLICT &["turn"],
    /// The rules forbid the move here (`cause`: the engine's reason).
    IllegalMove = "illegal_move" CONFLICT &["cause"],
    /// The move answers an earlier position: another move was played at that ply (`ply`).
    StaleMove = "stale_move" CONFLICT &["ply"],
    /// The move's ply is beyond the moves played so far (`ply`: the next one).
    PlyAhead = "ply_ahead" CONFLICT &["ply"],
    /// The game waits for its second player.
    NotStarted = "not_started" CONFLICT &[],
    /// The game is over.
    GameOver = "game_over" CONFLICT &[],
    /// There is no such offer to accept or decline, or it is one's own (`offer`).
    NoOffer = "no_offer" CONFLICT &["offer"],
    /// The request does not apply now (abort after both have moved, takeback before moving…).
    NotNow = "not_now" CONFLICT &[],
    /// Not done in a tournament game: a rematch or an abort (the tournament pairs the games).
    TournamentGame = "tournament_game" CONFLICT &[],
    /// A rated game: only signed-in members create it or take its seats.
    MembersOnly = "members_only" FORBIDDEN &[],
    /// A rated game needs a clock: a game with none (or quick pairing without one) is refused.
    RatedNeedsClock = "rated_needs_clock" BAD_REQUEST &[],
    /// Too many requests: wait and retry.
    RateLimited = "rate_limited" TOO_MANY_REQUESTS &[],
    /// No challenge of this id is addressed to (or was sent by) the member.
    NoChallenge = "no_challenge" CONFLICT &[],
    /// The challenge expired before it was accepted.
    ChallengeExpired = "challenge_expired" CONFLICT &[],
    /// The challenge was answered or called off already (`state`: accepted, declined or
    /// cancelled).
    ChallengeClosed = "challenge_closed" CONFLICT &["state"],
    /// A member cannot challenge themselves.
    SelfChallenge = "self_challenge" CONFLICT &[],
    /// The database failed; nothing was changed; retry.
    Storage = "storage" SERVICE_UNAVAILABLE &[],
    /// The server holds all the connections it can: retry in a moment.
    Busy = "busy" SERVICE_UNAVAILABLE &[],
    /// The chat is for signed-in members (from the club's own page).
    ChatMembersOnly = "chat_members_only" CONFLICT &[],
    /// A chat message is longer than allowed (`limit` characters).
    ChatTooLong = "chat_too_long" CONFLICT &["limit"],
    /// Too many chat messages from this member: wait a few seconds.
    ChatTooFast = "chat_too_fast" CONFLICT &[],
    /// An admin suspended this member: no playing, chatting or signing in meanwhile.
    Suspended = "suspended" FORBIDDEN &[],
    /// The request needs a signed-in member.
    NotSignedIn = "not_signed_in" UNAUTHORIZED &[],
    /// The name or the password is wrong, or a passkey is refused (the same answer for all).
    BadCredentials = "bad_credentials" UNAUTHORIZED &[],
    /// The request needs an admin of the club.
    NotAdmin = "not_admin" FORBIDDEN &[],
    /// The request needs the tournament's director: an admin, or the member who created it
    /// (the club lets members make tournaments).
    NotDirector = "not_director" FORBIDDEN &[],
    /// A state-changing request came from another site's page (or named none).
    BadOrigin = "bad_origin" FORBIDDEN &[],
    /// Sign-up needs a valid invite code: it is missing, used or expired.
    BadInvite = "bad_invite" FORBIDDEN &[],
    /// The club has no member of this name.
    NoMember = "no_member" NOT_FOUND &[],
    /// The name belongs to another member.
    NameTaken = "name_taken" CONFLICT &[],
    /// The account still plays: its games must end first.
    GamesInPlay = "games_in_play" CONFLICT &[],
    /// A passkey ceremony from a page at another address than the club's (`expected`).
    WrongAddress = "wrong_address" FORBIDDEN &["expected"],
    /// The passkey is the account's last way to sign in.
    LastSignIn = "last_sign_in" CONFLICT &[],
    /// The member reported this chat message already.
    AlreadyReported = "already_reported" CONFLICT &[],
    /// The tournament is over.
    TournamentFinished = "tournament_finished" CONFLICT &[],
    /// An admin removed the member from this tournament.
    Removed = "removed" CONFLICT &[],
    /// The tournament takes no more players.
    RegistrationClosed = "registration_closed" CONFLICT &[],
    /// The member is registered already.
    AlreadyRegistered = "already_registered" CONFLICT &[],
    /// The tournament has started already.
    AlreadyStarted = "already_started" CONFLICT &[],
    /// A tournament needs two players or more.
    TooFewPlayers = "too_few_players" CONFLICT &[],
    /// Only bots enter this tournament (an engine match): not a member who is not one.
    BotsOnly = "bots_only" CONFLICT &[],
    /// A gauntlet starts only once its challenger (`name`) is in.
    NoChallenger = "no_challenger" CONFLICT &["name"],
    /// Only a running Swiss, round robin or gauntlet pairs rounds.
    NoRounds = "no_rounds" CONFLICT &[],
    /// The tournament is paused.
    Paused = "paused" CONFLICT &[],
    /// Some results of the round are not in.
    RoundNotFinished = "round_not_finished" CONFLICT &[],
    /// Another request paired or finished the round first.
    RoundAlreadyPaired = "round_already_paired" CONFLICT &[],
    /// The next round cannot be paired.
    NoPairing = "no_pairing" CONFLICT &[],
    /// The change asked for changed nothing (a pause of a paused tournament…).
    Unchanged = "unchanged" CONFLICT &[],
    /// The member has as many tournaments not yet finished as a member may (`limit`).
    TooManyTournaments = "too_many_tournaments" CONFLICT &["limit"],
    /// The cup's match is decided already (or is a bye).
    MatchDecided = "match_decided" CONFLICT &[],
    /// The tournament is played on the server: its results come from its games.
    NotOverTheBoard = "not_over_the_board" CONFLICT &[],
    /// Only the two players of the board report its result.
    NotOnBoard = "not_on_board" FORBIDDEN &[],
    /// The board has its result (the director may change it).
    ResultIn = "result_in" CONFLICT &[],
    /// The change needs fresh proof of who the member is: the password or a passkey, not the
    /// session alone.
    ProofNeeded = "proof_needed" FORBIDDEN &[],
    /// Conditional moves are left while the opponent is to move.
    ConditionalNotNow = "conditional_not_now" CONFLICT &[],
    /// A move of a conditional line is illegal from where the line has come to (`line` and
    /// `ply`, from 0; `cause`: the engine's reason).
    IllegalLine = "illegal_line" CONFLICT &["line", "ply", "cause"],
    /// More conditional lines than allowed, or a longer one (`lines` lines of `plies` moves).
    TooManyLines = "too_many_lines" BAD_REQUEST &["lines", "plies"],

    /// The member is on vacation already: it must end before another begins.
    OnVacation = "on_vacation" CONFLICT &[],
    /// Fewer vacation days are left this calendar year than asked for (`left`).
    NoVacationDays = "no_vacation_days" CONFLICT &["left"],

    /// A push subscription's endpoint is not a push service's `https://` URL.
    BadPushEndpoint = "bad_push_endpoint" BAD_REQUEST &[],
    /// A push subscription's keys are not a P-256 public key and a 16-byte auth secret.
    BadPushKeys = "bad_push_keys" BAD_REQUEST &[],
    /// Quiet hours are not two times of day, "HH:MM".
    BadQuietHours = "bad_quiet_hours" BAD_REQUEST &[],
    /// The time zone is none of the IANA database (such as Europe/Berlin).
    BadTimeZone = "bad_time_zone" BAD_REQUEST &[],

    /// The endgame tables hold the standard rules only (whoever moves first, any draw settings).
    TablebaseRules = "tablebase_rules" BAD_REQUEST &[],
    /// The position has more animals than the endgame tables hold (`max`).
    TooManyAnimals = "too_many_animals" BAD_REQUEST &["max"],
    /// The server has no endgame tables, or none of the position's material.
    NoTablebase = "no_tablebase" NOT_FOUND &[],

    /// The club sends no mail (it runs without `--smtp-url`).
    EmailOff = "email_off" CONFLICT &[],
    /// A mailed link's token is unknown, used or expired.
    BadEmailLink = "bad_email_link" FORBIDDEN &[],
    /// The member has no email address to change.
    NoEmail = "no_email" CONFLICT &[],

    /// The member (or the one challenged) is not on the ladder.
    NotOnLadder = "not_on_ladder" CONFLICT &[],
    /// The member is on the ladder already.
    AlreadyOnLadder = "already_on_ladder" CONFLICT &[],
    /// A member challenges only someone placed above them.
    NotAbove = "not_above" CONFLICT &[],
    /// The one challenged is more than `limit` places above.
    OutOfReach = "out_of_reach" CONFLICT &["limit"],
    /// One of the two has `limit` open challenges already.
    TooManyChallenges = "too_many_challenges" CONFLICT &["limit"],
    /// The two had a challenge lately: not again before `until` (ms).
    CoolingDown = "cooling_down" CONFLICT &["until"],
    /// Only the member challenged answers a challenge.
    NotChallenged = "not_challenged" FORBIDDEN &[],
    /// The challenge is answered or over already.
    ChallengeAnswered = "challenge_answered" CONFLICT &[],
    /// The member made as many ladders as a member may (`limit`).
    TooManyLadders = "too_many_ladders" CONFLICT &["limit"],
    /// A league's season is drafted or running already: it must end before the next is drafted.
    LeagueSeasonRunning = "league_season_running" CONFLICT &[],
    /// The league has no season drafted: draft one first.
    LeagueNoDraft = "league_no_draft" CONFLICT &[],
    /// Only the two players of a league pairing start its game.
    NotYourPairing = "not_your_pairing" FORBIDDEN &[],
    /// The pairing's window is not open (its round has not opened, or its deadline passed), or
    /// it has its result.
    PairingNotOpen = "pairing_not_open" CONFLICT &[],
    /// The member has as many leagues not yet over as a member may (`limit`).
    TooManyLeagues = "too_many_leagues" CONFLICT &["limit"],
    /// Only the team's captain may do this (or an admin of the club, where said).
    NotCaptain = "not_captain" FORBIDDEN &[],
    /// The member is in a team already: a member plays for one team.
    InATeam = "in_a_team" CONFLICT &[],
    /// Another team has this name.
    TeamNameTaken = "team_name_taken" CONFLICT &[],
    /// The member named is not in the team.
    NotInTeam = "not_in_team" CONFLICT &[],
    /// The captain hands the captaincy on before leaving the team.
    CaptainStays = "captain_stays" CONFLICT &[],
    /// A line-up names one member per board (`boards`).
    LineUpSize = "line_up_size" BAD_REQUEST &["boards"],
    /// A line-up names a member twice.
    LineUpTwice = "line_up_twice" BAD_REQUEST &[],
    /// A team has fewer members than the match has boards (`boards`).
    TeamTooSmall = "team_too_small" CONFLICT &["boards"],
    /// The match is past this step (accepted, started or over: `state`).
    MatchNotOpen = "match_not_open" CONFLICT &["state"],

    /// The bot token is missing, malformed, unknown or revoked, or its account is no longer a
    /// bot (`api/bot/*` takes a bot's bearer token only, never a session).
    BadBotToken = "bad_bot_token" UNAUTHORIZED &[],
    /// Only a bot account has bot tokens.
    NotABot = "not_a_bot" CONFLICT &[],
    /// An account that has played a game cannot become a bot.
    BotHasPlayed = "bot_has_played" CONFLICT &[],
    /// Bots are not allowed here: quick pairing, or a tournament that takes no bots.
    BotNotAllowed = "bot_not_allowed" CONFLICT &[],
    /// The club rates bots among bots only: a game between a bot and a human is casual.
    BotGameCasual = "bot_game_casual" CONFLICT &[],
    /// A member keeps at most `limit` bot tokens.
    TooManyTokens = "too_many_tokens" CONFLICT &["limit"],
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// A refused request: a code and parameters for programs and pages, a sentence for people.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Refusal {
    /// What kind of refusal.
    pub code: Code,
    /// The reason, in English.
    pub message: String,
    /// The code's parameters, by name ([`Code::params`]).
    pub params: Params,
}

impl Refusal {
    /// A refusal with its reason.
    pub fn new(code: Code, message: impl Into<String>) -> Refusal {
        Refusal { code, message: message.into(), params: Params::new() }
    }

    /// The refusal with one more parameter.
    pub fn with(mut self, name: &'static str, value: impl Into<Param>) -> Refusal {
        debug_assert!(self.code.params().contains(&name), "{name} is no parameter of {:?}", self.code);
        self.params.push((name, value.into()));
        self
    }

    /// The refusal caused by the engine's `cause`: its code and parameters are added.
    pub fn caused_by<E: ErrorCode>(mut self, cause: &E) -> Refusal {
        self.params = with_cause(std::mem::take(&mut self.params), cause);
        self
    }

    /// A bad field `name`, also named in the message.
    pub fn field(name: &'static str, message: impl Into<String>) -> Refusal {
        Refusal::new(Code::BadField, message).with("field", name)
    }

    /// A database failure: logged here, reported without details.
    pub fn storage(error: impl fmt::Display) -> Refusal {
        tracing::error!(%error, "database error");
        Refusal::new(Code::Storage, "the server could not store this; nothing was changed, try again")
    }

    /// Nothing of that name or id (`what`: a tournament, a message…).
    pub fn not_found(what: &str) -> Refusal {
        Refusal::new(Code::NotFound, format!("no such {what}"))
    }

    /// Too many attempts (`message`: what to wait for).
    pub fn rate_limited(message: impl Into<String>) -> Refusal {
        Refusal::new(Code::RateLimited, message)
    }

    /// The request needs a signed-in member.
    pub fn not_signed_in() -> Refusal {
        Refusal::new(Code::NotSignedIn, "sign in first")
    }

    /// The request needs an admin.
    pub fn not_admin() -> Refusal {
        Refusal::new(Code::NotAdmin, "only an admin of the club may do this")
    }

    /// The name or the password is wrong (the same answer for both).
    pub fn bad_credentials() -> Refusal {
        Refusal::new(Code::BadCredentials, "wrong name or password")
    }

    /// No member has this name.
    pub fn no_member() -> Refusal {
        Refusal::new(Code::NoMember, "the club has no member of this name")
    }

    /// The name belongs to another member.
    pub fn name_taken() -> Refusal {
        Refusal::new(Code::NameTaken, "this name is taken: choose another")
    }

    /// Sign-up needs a valid invite code.
    pub fn bad_invite() -> Refusal {
        let message = "this club takes new members by invite: the code is missing, used or expired";
        Refusal::new(Code::BadInvite, message)
    }

    /// The parameters as a JSON object of strings and numbers.
    pub fn params_json(&self) -> serde_json::Map<String, serde_json::Value> {
        let value = |param: &Param| match param {
            Param::Text(text) => serde_json::Value::from(text.as_str()),
            Param::Number(n) => serde_json::Value::from(*n),
        };
        self.params.iter().map(|(name, param)| ((*name).to_string(), value(param))).collect()
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::MoveError;

    #[test]
    fn a_refusal_caused_by_the_engine_carries_its_code_and_parameters() {
        let cause = MoveError::Syntax("zz".into());
        let refusal = Refusal::new(Code::IllegalMove, cause.to_string()).caused_by(&cause);
        let params = serde_json::Value::Object(refusal.params_json());
        assert_eq!(params, serde_json::json!({ "cause": "move.syntax", "text": "zz" }));
        let stale = Refusal::new(Code::StaleMove, "move 3 was already played").with("ply", 3usize);
        assert_eq!(serde_json::Value::Object(stale.params_json()), serde_json::json!({ "ply": 3 }));
    }

    #[test]
    fn codes_have_distinct_snake_case_names() {
        let names: std::collections::BTreeSet<&str> = Code::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(names.len(), Code::ALL.len());
        assert!(names.iter().all(|n| n.chars().all(|c| c.is_ascii_lowercase() || c == '_')));
        assert_eq!(serde_json::to_value(Code::NotAPlayer).unwrap(), "not_a_player");
    }
}
