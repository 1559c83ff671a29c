//! The wasm API as JavaScript sees it, run in headless Chromium by wasm-bindgen-test
//! (`scripts/test-web`): game handles, moves, undo/redo, outcomes, perft, and the errors
//! thrown for bad input.
#![cfg(target_arch = "wasm32")]

use jungle::wasm::{perft, AiWorker, AnalysisTree, JungleGame};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The start position as `JungleGame::board` writes it: a1 first, rank by rank.
const START_BOARD: &str = "T.....L.C...D.E.W.P.R.....................r.p.w.e.d...c.l.....t";

/// The message of a `JsError`, as a JavaScript `catch` would see it.
fn message(error: wasm_bindgen::JsError) -> String {
    let value: JsValue = error.into();
    js_sys::Error::from(value).message().into()
}

fn get(value: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(value, &key.into()).unwrap()
}

/// The `code` and `params` of a thrown error, the params as `name=value` in key order.
fn reason(error: wasm_bindgen::JsError) -> (String, String) {
    let value: JsValue = error.into();
    let code = get(&value, "code").as_string().unwrap_or_default();
    (code, params_text(&get(&value, "params")))
}

fn params_text(params: &JsValue) -> String {
    let entries = js_sys::Object::entries(&js_sys::Object::from(params.clone()));
    let pair = |e: JsValue| {
        let e = js_sys::Array::from(&e);
        let value = e.get(1);
        format!(
            "{}={}",
            e.get(0).as_string().unwrap(),
            value.as_string().unwrap_or_else(|| value.as_f64().unwrap().to_string())
        )
    };
    entries.iter().map(pair).collect::<Vec<_>>().join(" ")
}

fn text(value: &JsValue, key: &str) -> Option<String> {
    get(value, key).as_string()
}

/// A list of texts (`legal`, …) of a JS value.
fn texts(value: &JsValue, key: &str) -> Vec<String> {
    js_sys::Array::from(&get(value, key)).iter().filter_map(|v| v.as_string()).collect()
}

/// A new game from `fen` (None: the start position) and its description after no moves.
fn open(rules: &str, fen: Option<&str>) -> (JungleGame, JsValue) {
    let mut game = JungleGame::new(rules, fen.map(String::from)).unwrap();
    let view = game.replay(Vec::new()).unwrap();
    (game, view)
}

#[wasm_bindgen_test]
fn a_new_game_shows_the_start_position() {
    let (_, view) = open("", None);
    assert_eq!(text(&view, "fen").as_deref(), Some("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w"));
    assert_eq!(text(&view, "startFen"), text(&view, "fen"));
    assert_eq!(text(&view, "board").as_deref(), Some(START_BOARD));
    assert_eq!(text(&view, "turn").as_deref(), Some("red"));
    assert_eq!(text(&view, "rules").as_deref(), Some(""));
    assert_eq!(texts(&view, "legal").len(), 24);
    assert!(get(&view, "outcome").is_null());
    assert_eq!(get(&view, "ply").as_f64(), Some(0.0));
    assert_eq!(js_sys::Array::from(&get(&view, "history")).length(), 0);
    assert_eq!(get(&view, "canRedo").as_bool(), Some(false));
}

#[wasm_bindgen_test]
fn the_terrain_marks_water_traps_and_dens() {
    let terrain = text(&open("", None).1, "terrain").unwrap();
    let at = |sq: usize| terrain.chars().nth(sq).unwrap();
    assert_eq!(at(3), 'D'); // d1
    assert_eq!(at(59), 'd'); // d9
    assert_eq!((at(2), at(4), at(10)), ('T', 'T', 'T')); // c1 e1 d2
    assert_eq!((at(58), at(60), at(52)), ('t', 't', 't')); // c9 e9 d8
    assert_eq!(terrain.matches('~').count(), 12);
    let checkers = text(&open("game=animal-checkers", None).1, "terrain").unwrap();
    assert_eq!(checkers.matches('~').count() + checkers.matches(['T', 't']).count(), 0);
}

#[wasm_bindgen_test]
fn the_weakening_marks_where_each_side_loses_its_strength() {
    let enemy = text(&open("", None).1, "weakening").unwrap();
    let at = |text: &str, sq: usize| text.chars().nth(sq).unwrap();
    // Red's traps (c1 e1 d2) weaken Blue's pieces, Blue's (c9 e9 d8) weaken Red's.
    assert_eq!((at(&enemy, 2), at(&enemy, 4), at(&enemy, 10)), ('b', 'b', 'b'));
    assert_eq!((at(&enemy, 58), at(&enemy, 60), at(&enemy, 52)), ('r', 'r', 'r'));
    assert_eq!(enemy.matches('.').count(), 63 - 6);
    let universal = text(&open("traps=universal", None).1, "weakening").unwrap();
    assert_eq!(universal.matches('*').count(), 6);
    assert_eq!(universal.matches('.').count(), 63 - 6);
}

#[wasm_bindgen_test]
fn the_legal_moves_come_with_the_position() {
    let (_, view) = open("", None);
    let legal = texts(&view, "legal");
    let mut rat: Vec<&str> = legal.iter().filter(|m| m.starts_with("g3")).map(|m| &m[2..]).collect();
    rat.sort_unstable();
    assert_eq!(rat, ["f3", "g2", "g4"]);
    assert!(!legal.iter().any(|m| m.starts_with("a7")), "not the side to move");
    assert!(!legal.iter().any(|m| m.starts_with("d4")), "an empty square");
}

#[wasm_bindgen_test]
fn the_readers_follow_each_change() {
    let mut game = JungleGame::new("", None).unwrap();
    let mut rat = game.moves_from("g3").unwrap();
    rat.sort();
    assert_eq!(rat, vec!["f3", "g2", "g4"]);
    assert!(game.moves_from("a7").unwrap().is_empty(), "not the side to move");
    assert!(game.moves_from("d4").unwrap().is_empty(), "an empty square");
    assert!(message(game.moves_from("z9").unwrap_err()).contains("not a square"));
    game.play("g3g4").unwrap();
    assert_eq!(game.turn(), "blue");
    assert!(game.moves_from("g4").unwrap().is_empty(), "Red's rat, Blue to move");
    let mut blue_rat = game.moves_from("a7").unwrap();
    blue_rat.sort();
    assert_eq!(blue_rat, vec!["a6", "a8", "b7"]);
    assert!(game.outcome().is_null());
    game.undo();
    assert_eq!(game.board(), START_BOARD);
    assert_eq!(game.moves_from("g3").unwrap().len(), 3);
    let mut won = JungleGame::new("", Some("7/3R3/7/7/7/7/7/7/l6 w".into())).unwrap();
    won.play("d8d9").unwrap();
    assert_eq!(get(&won.outcome(), "reason").as_string().as_deref(), Some("den"));
    assert!(won.moves_from("a1").unwrap().is_empty());
}

/// The premoves of the position now, as its view gives them.
fn premoves(game: &mut JungleGame) -> Vec<String> {
    strings_of(&get(&game.go_to(usize::MAX), "premoves"))
}

fn strings_of(list: &JsValue) -> Vec<String> {
    js_sys::Array::from(list).iter().map(|m| m.as_string().unwrap()).collect()
}

#[wasm_bindgen_test]
fn premoves_are_the_waiting_sides_moves_as_if_it_were_its_turn() {
    let mut game = JungleGame::new("", None).unwrap();
    let blue = premoves(&mut game);
    let mut blue_rat: Vec<&str> = blue.iter().filter(|m| m.starts_with("a7")).map(|m| &m[2..]).collect();
    blue_rat.sort_unstable();
    assert_eq!(blue_rat, ["a6", "a8", "b7"]);
    assert!(!blue.iter().any(|m| m.starts_with("g3")), "not the side to move's");
    assert_eq!(blue.len(), 24, "Blue's moves at the start, like Red's");
    let after = strings_of(&get(&game.play("g3g4").unwrap(), "premoves"));
    assert!(after.iter().any(|m| m == "g4g5"), "Red's rat, Blue to move");
    assert!(!after.iter().any(|m| m.starts_with("a7")));
    assert_eq!(premoves(&mut game), after, "asking again changes nothing");
    assert_eq!(game.turn(), "blue");
    let mut won = JungleGame::new("", Some("7/3R3/7/7/7/7/7/7/l6 w".into())).unwrap();
    let mut lion = premoves(&mut won);
    lion.sort();
    assert_eq!(lion, vec!["a1a2", "a1b1"]);
    won.play("d8d9").unwrap();
    assert!(premoves(&mut won).is_empty(), "none once the game is over");
}

#[wasm_bindgen_test]
fn play_undo_and_redo_return_the_position_each_time() {
    let (mut game, _) = open("", None);
    let after = game.play("g3g4").unwrap();
    assert_eq!(get(&after, "ply").as_f64(), Some(1.0));
    assert_eq!(text(&after, "turn").as_deref(), Some("blue"));
    assert_eq!(text(&get(&after, "played"), "move").as_deref(), Some("g3g4"));
    assert!(texts(&after, "legal").iter().all(|m| m.starts_with(['a', 'b', 'c', 'd', 'e', 'f', 'g'])));
    game.play("a7a6").unwrap();
    let undone = game.undo();
    assert_eq!(text(&undone, "undone").as_deref(), Some("a7a6"));
    assert_eq!(get(&undone, "canRedo").as_bool(), Some(true));
    assert_eq!(get(&undone, "ply").as_f64(), Some(1.0));
    let redone = game.redo();
    assert_eq!(text(&get(&redone, "played"), "move").as_deref(), Some("a7a6"));
    assert_eq!(get(&redone, "canRedo").as_bool(), Some(false));
    game.undo();
    let start = game.undo();
    assert_eq!(text(&start, "board").as_deref(), Some(START_BOARD));
    let nothing = game.undo();
    assert!(get(&nothing, "undone").is_null(), "nothing left to take back");
    assert_eq!(get(&nothing, "ply").as_f64(), Some(0.0));
    game.redo();
    let played = game.play("a7a6").unwrap();
    assert_eq!(get(&played, "canRedo").as_bool(), Some(false), "a new move forgets the moves taken back");
    assert!(get(&game.redo(), "played").is_null());
}

#[wasm_bindgen_test]
fn go_to_reaches_any_ply_of_the_game_in_one_call() {
    let (mut game, _) = open("", None);
    game.replay(["g3g4", "a7a6", "g4g5"].map(String::from).to_vec()).unwrap();
    let start = game.go_to(0);
    assert_eq!(text(&start, "board").as_deref(), Some(START_BOARD));
    assert_eq!(get(&start, "ply").as_f64(), Some(0.0));
    assert!(get(&start, "undone").is_null() && get(&start, "played").is_null());
    let two = game.go_to(2);
    assert_eq!(get(&two, "ply").as_f64(), Some(2.0));
    assert_eq!(text(&two, "turn").as_deref(), Some("red"));
    assert_eq!(get(&two, "canRedo").as_bool(), Some(true));
    let beyond = game.go_to(9);
    assert_eq!(get(&beyond, "ply").as_f64(), Some(3.0), "stops at the last move");
    assert_eq!(get(&beyond, "canRedo").as_bool(), Some(false));
    assert_eq!(text(&beyond, "fen"), text(&game.go_to(3), "fen"));
}

#[wasm_bindgen_test]
fn illegal_moves_throw_and_change_nothing() {
    let (mut game, before) = open("", None);
    assert!(message(game.play("a3a5").unwrap_err()).contains("illegal move a3a5"));
    assert!(message(game.play("a7a6").unwrap_err()).contains("no piece of the side to move"));
    assert!(message(game.play("hello").unwrap_err()).contains("is not a move"));
    assert!(message(game.play("").unwrap_err()).contains("is not a move"));
    let now = game.replay(Vec::new()).unwrap();
    assert_eq!(text(&now, "fen"), text(&before, "fen"));
    assert_eq!(get(&now, "ply").as_f64(), Some(0.0));
}

#[wasm_bindgen_test]
fn a_replay_is_all_or_nothing() {
    let mut game = JungleGame::new("", None).unwrap();
    let moves = vec!["g3g4".to_string(), "a7a6".to_string(), "g4g6".to_string()];
    assert_eq!(message(game.replay(moves).unwrap_err()), "move 3 (g4g6): illegal move g4g6");
    assert_eq!(get(&game.replay(Vec::new()).unwrap(), "ply").as_f64(), Some(0.0), "nothing was played");
    let view = game.replay(vec!["g3g4".into(), "a7a6".into()]).unwrap();
    assert_eq!(get(&view, "ply").as_f64(), Some(2.0));
    let history = js_sys::Array::from(&get(&view, "history"));
    assert_eq!(history.length(), 2);
    assert_eq!(text(&history.get(1), "move").as_deref(), Some("a7a6"));
}

#[wasm_bindgen_test]
fn bad_fen_and_rules_throw_readable_messages() {
    let bad_fen = |fen: &str| message(JungleGame::new("", Some(fen.to_string())).err().unwrap());
    assert!(bad_fen("7/7/7 w").contains("rank"));
    assert!(bad_fen("7/7/7/7/7/7/7/7/3E3 w").contains("own den"));
    assert!(bad_fen("7/7/7/1L5/7/7/7/7/7 w").contains("cannot swim"));
    assert!(bad_fen("7/7/7/7/7/7/7/7/7").contains("side to move"));
    assert!(bad_fen("7/7/7/7/7/7/7/7/2L4 b").contains("blue has no animal"));
    assert!(bad_fen("<script>/7/7/7/7/7/7/7/7 w").len() > 10);
    let bad_rules = message(JungleGame::new("dog-swims=maybe", None).err().unwrap());
    assert!(bad_rules.contains("dog-swims"), "{bad_rules}");
    assert!(message(JungleGame::new("flying=yes", None).err().unwrap()).contains("unknown rule option"));
}

#[wasm_bindgen_test]
fn thrown_errors_carry_a_code_and_parameters() {
    let bad_fen = |fen: &str| reason(JungleGame::new("", Some(fen.to_string())).err().unwrap());
    assert_eq!(
        bad_fen("7/7/7/1L5/7/7/7/7/7 w"),
        ("position.not-a-swimmer".into(), "animal=lion side=red square=b6".into())
    );
    assert_eq!(bad_fen("7/7/7 w"), ("fen.rank-count".into(), "ranks=3".into()));
    let bad_rules = reason(JungleGame::new("dog-swims=maybe", None).err().unwrap());
    assert_eq!(bad_rules, ("rules.bad-value".into(), "option=dog-swims value=maybe".into()));
    let mut game = JungleGame::new("", None).unwrap();
    assert_eq!(reason(game.play("a3a5").unwrap_err()), ("move.illegal".into(), "move=a3a5".into()));
    let record = reason(jungle::wasm::parse_record("1. g3g4 g4g5").unwrap_err());
    assert_eq!(
        record,
        ("record.move".into(), "cause=move.no-piece line=1 number=1... side=blue square=g4 text=g4g5".into())
    );
    // The English message stays.
    assert!(message(jungle::wasm::normalize_rules("traps=all").unwrap_err()).contains("`all` is not a value"));
    // A huge value is echoed cut, in the message and in the parameters.
    let huge = "x".repeat(99_000);
    let error = jungle::wasm::normalize_rules(&format!("dog-swims={huge}")).unwrap_err();
    let (_, params) = reason(error.clone());
    assert!(message(error).len() < 200 && params.len() < 100, "{params}");
}

#[wasm_bindgen_test]
fn every_error_code_is_listed_with_its_parameters() {
    let codes = js_sys::Array::from(&jungle::wasm::error_codes());
    let listed: Vec<(String, Vec<String>)> = codes
        .iter()
        .map(|c| {
            let params =
                js_sys::Array::from(&get(&c, "params")).iter().map(|p| p.as_string().unwrap()).collect();
            (get(&c, "code").as_string().unwrap(), params)
        })
        .collect();
    assert_eq!(listed.len(), 58);
    let find = |code: &str| listed.iter().find(|(c, _)| c == code).map(|(_, p)| p.join(","));
    assert_eq!(find("position.not-a-swimmer").as_deref(), Some("side,animal,square"));
    assert_eq!(find("position.no-animals").as_deref(), Some("side"));
    assert_eq!(find("record.move").as_deref(), Some("line,number,side,text,cause"));
    assert_eq!(find("link.bad-value").as_deref(), Some("param,value"));
    let kinds = ["fen.", "position.", "rules.", "record.", "link.", "move.", "tree."];
    assert!(listed.iter().all(|(c, _)| kinds.iter().any(|k| c.starts_with(k))));
}

#[wasm_bindgen_test]
fn history_names_pieces_captures_and_move_numbers() {
    // Red's lion on c2 takes the blue cat on c3, at move 5.
    let (mut game, _) = open("", Some("7/7/7/7/7/7/2c4/2L4/7 w 0 5"));
    let entry = get(&game.play("c2c3").unwrap(), "played");
    assert_eq!(text(&entry, "move").as_deref(), Some("c2c3"));
    assert_eq!(text(&entry, "piece").as_deref(), Some("L"));
    assert_eq!(text(&entry, "captured").as_deref(), Some("c"));
    assert_eq!(text(&entry, "color").as_deref(), Some("red"));
    assert_eq!(get(&entry, "number").as_f64(), Some(5.0));
    // The numbers of the history written whole agree with those of each move.
    let (mut game, _) = open("", Some("l6/7/7/7/7/7/7/7/L6 b 0 9"));
    let numbers: Vec<f64> = ["a9a8", "a1a2", "a8a7"]
        .iter()
        .map(|m| get(&get(&game.play(m).unwrap(), "played"), "number").as_f64().unwrap())
        .collect();
    assert_eq!(numbers, [9.0, 10.0, 10.0]);
    let view = game.replay(Vec::new()).unwrap();
    let history: Vec<f64> = js_sys::Array::from(&get(&view, "history"))
        .iter()
        .map(|e| get(&e, "number").as_f64().unwrap())
        .collect();
    assert_eq!(history, numbers);
}

#[wasm_bindgen_test]
fn entering_the_den_ends_the_game() {
    let (mut game, _) = open("", Some("7/3R3/7/7/7/7/7/7/l6 w"));
    let view = game.play("d8d9").unwrap();
    let outcome = get(&view, "outcome");
    assert_eq!(text(&outcome, "winner").as_deref(), Some("red"));
    assert_eq!(text(&outcome, "reason").as_deref(), Some("den"));
    assert!(texts(&view, "legal").is_empty());
    assert!(message(game.play("a1a2").unwrap_err()).contains("game is over"));
}

#[wasm_bindgen_test]
fn animals_follow_the_rules() {
    let list = js_sys::Array::from(&get(&open("ranks=fox", None).1, "animals"));
    assert_eq!(list.length(), 8);
    let wolf = list.iter().find(|a| text(a, "letter").as_deref() == Some("W")).unwrap();
    assert_eq!(text(&wolf, "name").as_deref(), Some("fox"));
    assert_eq!(get(&wolf, "rank").as_f64(), Some(3.0));
    let checkers = js_sys::Array::from(&get(&open("game=animal-checkers", None).1, "animals"));
    assert_eq!(checkers.length(), 4);
}

#[wasm_bindgen_test]
fn perft_counts_the_start_position() {
    assert_eq!(perft("", "", 3).unwrap(), 12_240.0);
    assert_eq!(perft("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w", "", 4).unwrap(), 260_099.0);
    assert!(perft("x", "", 1).is_err());
    assert!(perft("", "", 40).is_err());
}

#[wasm_bindgen_test]
fn the_ai_finds_a_den_in_one() {
    let mut ai = AiWorker::new(1);
    let request =
        js_sys::JSON::parse(r#"{"startFen": "7/3R3/7/7/7/7/7/7/l6 w", "moves": [], "depth": 3}"#).unwrap();
    let reports = js_sys::Array::new();
    let collect = js_sys::Function::new_with_args("info", "this.push(info)").bind0(&reports);
    let result = ai.think(request, &collect).unwrap();
    assert_eq!(get(&result, "best").as_string().as_deref(), Some("d8d9"));
    assert_eq!(get(&result, "mate").as_f64(), Some(1.0));
    assert!(reports.length() >= 1);
}

#[wasm_bindgen_test]
fn a_hint_says_why_and_other_answers_do_not() {
    let mut ai = AiWorker::new(1);
    let noop = js_sys::Function::new_no_args("");
    // The start, but Blue's wolf has strayed to d3, where Red's wolf or leopard takes it.
    let fen = r#""startFen": "l5t/1d3c1/r1p3e/7/7/7/E1WwP1R/1C3D1/T5L w", "moves": []"#;
    let hint = ai.think(js_sys::JSON::parse(&format!(r#"{{{fen}, "hint": true}}"#)).unwrap(), &noop).unwrap();
    assert!(get(&hint, "best").as_string().is_some_and(|best| best.ends_with("d3")));
    let why = get(&hint, "why");
    assert_eq!(get(&why, "kind").as_string().as_deref(), Some("takes"));
    assert_eq!(get(&why, "animal").as_string().as_deref(), Some("W"));
    let search = ai.think(js_sys::JSON::parse(&format!(r#"{{{fen}, "depth": 2}}"#)).unwrap(), &noop).unwrap();
    assert!(get(&search, "why").is_undefined());
}

#[wasm_bindgen_test]
fn the_ai_plays_a_level_after_the_moves_of_the_game() {
    let mut ai = AiWorker::new(1);
    let request = js_sys::JSON::parse(r#"{"moves": ["g3g4", "a7a6"], "level": 2, "seed": 7}"#).unwrap();
    let result = ai.think(request, &js_sys::Function::new_no_args("")).unwrap();
    let best = get(&result, "best").as_string().unwrap();
    let mut game = JungleGame::new("", None).unwrap();
    let view = game.replay(vec!["g3g4".into(), "a7a6".into()]).unwrap();
    assert!(texts(&view, "legal").contains(&best), "{best}");
}

#[wasm_bindgen_test]
fn the_ai_continues_its_game_from_the_moves_sent_since() {
    let mut ai = AiWorker::new(1);
    let noop = js_sys::Function::new_no_args("");
    let think = |ai: &mut AiWorker, json: &str| ai.think(js_sys::JSON::parse(json).unwrap(), &noop);
    // Without a game to continue, `keep` is refused: the page then sends the whole game.
    assert!(message(think(&mut ai, r#"{"keep": 0, "moves": [], "depth": 1}"#).unwrap_err())
        .contains("whole game"));
    // Red's rat one step from Blue's den, Blue to move; then Blue's move, and Red walks in.
    think(&mut ai, r#"{"startFen": "7/3R3/7/7/7/7/7/7/l6 b", "moves": [], "depth": 2}"#).unwrap();
    let result = think(&mut ai, r#"{"keep": 0, "moves": ["a1a2"], "depth": 3}"#).unwrap();
    assert_eq!(get(&result, "best").as_string().as_deref(), Some("d8d9"));
    // Keeping fewer moves takes the others back: Blue to move again at the start.
    let result = think(&mut ai, r#"{"keep": 0, "moves": [], "depth": 2}"#).unwrap();
    assert!(get(&result, "best").as_string().unwrap().starts_with('a'));
    assert!(
        message(think(&mut ai, r#"{"keep": 5, "moves": [], "depth": 1}"#).unwrap_err()).contains("shorter")
    );
    // A refused request forgets the game.
    assert!(think(&mut ai, r#"{"keep": 0, "moves": [], "depth": 1}"#).is_err());
}

#[wasm_bindgen_test]
fn bad_ai_requests_throw() {
    let mut ai = AiWorker::new(1);
    let noop = js_sys::Function::new_no_args("");
    let bad_level = js_sys::JSON::parse(r#"{"level": 9}"#).unwrap();
    assert!(message(ai.think(bad_level, &noop).unwrap_err()).contains("level"));
    let bad_move = js_sys::JSON::parse(r#"{"moves": ["a3a5"]}"#).unwrap();
    assert!(message(ai.think(bad_move, &noop).unwrap_err()).contains("a3a5"));
    assert!(ai.think(JsValue::from(3), &noop).is_err());
}

// --- Rule variants, records, links and the position editor (variants.rs, record.rs, link.rs, setup.rs)

#[wasm_bindgen_test]
fn the_rule_options_and_presets_are_ids_only() {
    use jungle::rules::{Rules, OPTIONS};
    let options = js_sys::Array::from(&jungle::wasm::rule_options());
    assert_eq!(options.length() as usize, OPTIONS.len());
    for (option, info) in options.iter().zip(OPTIONS) {
        let keys: Vec<String> = js_sys::Object::keys(&js_sys::Object::from(option.clone()))
            .iter()
            .map(|k| k.as_string().unwrap())
            .collect();
        assert_eq!(keys, ["name", "default", "values"]);
        assert_eq!(get(&option, "name").as_string().as_deref(), Some(info.name));
        let default = Rules::default().get(info.name);
        assert_eq!(get(&option, "default").as_string(), default);
        let values: Vec<String> = js_sys::Array::from(&get(&option, "values"))
            .iter()
            .map(|v| get(&v, "value").as_string().unwrap())
            .collect();
        assert_eq!(values, info.values.unwrap_or(&[]));
    }
    let presets = js_sys::Array::from(&jungle::wasm::rule_presets());
    assert_eq!(get(&presets.get(0), "id").as_string().as_deref(), Some("standard"));
    for preset in presets.iter() {
        let keys: Vec<String> = js_sys::Object::keys(&js_sys::Object::from(preset.clone()))
            .iter()
            .map(|k| k.as_string().unwrap())
            .collect();
        assert_eq!(keys, ["id", "rules", "values"]);
        let rules = get(&preset, "rules").as_string().unwrap();
        assert_eq!(rules.parse::<Rules>().unwrap().to_string(), rules);
    }
}

#[wasm_bindgen_test]
fn the_summary_names_the_options_that_differ() {
    let summary = jungle::wasm::rules_summary("lion-tiger=equal,dog-swims=yes").unwrap();
    let items: Vec<String> = js_sys::Array::from(&summary)
        .iter()
        .map(|i| {
            format!("{}={}", get(&i, "option").as_string().unwrap(), get(&i, "value").as_string().unwrap())
        })
        .collect();
    assert_eq!(items, ["dog-swims=yes", "lion-tiger=equal"]);
    assert_eq!(js_sys::Array::from(&jungle::wasm::rules_summary("").unwrap()).length(), 0);
    assert!(message(jungle::wasm::rules_summary("dog-flies=yes").unwrap_err()).contains("dog-flies"));
    assert_eq!(jungle::wasm::normalize_rules("dog-swims=no,first=blue").unwrap(), "first=blue");
}

#[wasm_bindgen_test]
fn a_record_is_written_and_read_back() {
    let headers = js_sys::JSON::parse(r#"[["Red", "Ann"], ["Blue", "Bo"]]"#).unwrap();
    let moves = vec!["g3g4".to_string(), "a7a6".to_string()];
    let text = jungle::wasm::format_record("dog-swims=yes", "", moves.clone(), headers, None, None).unwrap();
    assert_eq!(
        text,
        "[Red \"Ann\"]\n[Blue \"Bo\"]\n[Rules \"dog-swims=yes\"]\n[Result \"*\"]\n\n1. g3g4 a7a6 *\n"
    );
    let record = jungle::wasm::parse_record(&text).unwrap();
    assert_eq!(get(&record, "rules").as_string().as_deref(), Some("dog-swims=yes"));
    assert_eq!(js_sys::Array::from(&get(&record, "moves")).length(), 2);
    assert!(get(&record, "declared").is_null());
    // Red resigned: Blue won, off the board.
    let resigned = jungle::wasm::format_record(
        "",
        "",
        moves.clone(),
        js_sys::Array::new().into(),
        Some("resignation".into()),
        Some("blue".into()),
    )
    .unwrap();
    assert_eq!(resigned, "[Result \"0-1\"]\n[Termination \"resignation\"]\n\n1. g3g4 a7a6 0-1\n");
    let declared = get(&jungle::wasm::parse_record(&resigned).unwrap(), "declared");
    assert_eq!(get(&declared, "reason").as_string().as_deref(), Some("resignation"));
    assert_eq!(get(&declared, "winner").as_string().as_deref(), Some("blue"));
    let empty = || js_sys::Array::new().into();
    assert!(jungle::wasm::format_record(
        "",
        "",
        moves.clone(),
        empty(),
        Some("agreement".into()),
        Some("red".into())
    )
    .is_err());
    assert!(jungle::wasm::format_record("", "", moves, empty(), Some("resignation".into()), None).is_err());
    let error = message(jungle::wasm::parse_record("1. g3g4 g4g5").unwrap_err());
    assert!(error.starts_with("line 1, move 1... (blue) `g4g5`"), "{error}");
}

#[wasm_bindgen_test]
fn record_headers_must_be_pairs_of_text() {
    let format = |headers: &str| {
        let headers = js_sys::JSON::parse(headers).unwrap();
        jungle::wasm::format_record("", "", vec!["g3g4".to_string()], headers, None, None)
    };
    assert_eq!(format(r#"[["Red", "Ann"]]"#).unwrap(), "[Red \"Ann\"]\n[Result \"*\"]\n\n1. g3g4 *\n");
    for bad in
        [r#""Red""#, r#"[["Red"]]"#, r#"[["Red", "Ann", "x"]]"#, r#"[["Red", 3]]"#, r#"[{"Red": "Ann"}]"#]
    {
        let error = message(format(bad).unwrap_err());
        assert_eq!(error, "headers must be a list of [name, value] pairs of text", "{bad}");
    }
}

#[wasm_bindgen_test]
fn a_share_query_opens_the_same_game() {
    let moves = vec!["g3g4".to_string()];
    let query =
        jungle::wasm::share_link_query("traps=universal", "", moves, "people", 3, "", "zh-TW").unwrap();
    assert_eq!(query, "rules=traps=universal&moves=g3g4&mode=people&level=3&lang=zh-Hant");
    let link = jungle::wasm::parse_link(&query);
    assert_eq!(js_sys::Array::from(&get(&link, "warnings")).length(), 0);
    assert_eq!(get(&link, "mode").as_string().as_deref(), Some("people"));
    assert_eq!(get(&link, "lang").as_string().as_deref(), Some("zh-Hant"));
    assert!(jungle::wasm::share_link_query("", "", vec!["g3g5".into()], "", 0, "", "").is_err());
    // The old mode names are still read, and written in today's words.
    let old = jungle::wasm::share_link_query("", "", Vec::new(), "ai", 0, "", "").unwrap();
    assert_eq!(old, "mode=computer");
    assert_eq!(get(&jungle::wasm::parse_link("mode=local"), "mode").as_string().as_deref(), Some("people"));
}

#[wasm_bindgen_test]
fn a_link_carries_the_page_settings() {
    let link = jungle::wasm::parse_link("#size=480px&Theme=DARK&embed&lang=fr-CA&utm_source=x&moves=g3g4");
    assert_eq!(get(&link, "lang").as_string().as_deref(), Some("fr"));
    assert_eq!(get(&link, "theme").as_string().as_deref(), Some("dark"));
    assert_eq!(get(&link, "size").as_f64(), Some(480.0));
    assert_eq!(get(&link, "embed").as_bool(), Some(true));
    assert_eq!(
        js_sys::Array::from(&get(&link, "warnings")).length(),
        0,
        "utm_source is not the page's business"
    );
    let languages = [
        ("en", "en"),
        ("EN-us", "en"),
        ("fr", "fr"),
        ("zh", "zh-Hans"),
        ("zh-CN", "zh-Hans"),
        ("zh-Hans", "zh-Hans"),
        ("zh_SG", "zh-Hans"),
        ("zh-TW", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh-Hant", "zh-Hant"),
        ("zh-Hant-CN", "zh-Hant"),
        ("es", "es"),
        ("es-419", "es"),
        ("ES-mx", "es"),
        ("de", "de"),
        ("de-AT", "de"),
        ("de_CH", "de"),
        ("pt", "pt"),
        ("pt-BR", "pt"),
        ("pt-PT", "pt"),
        ("ja", "ja"),
        ("ja-JP", "ja"),
        ("ko", "ko"),
        ("ko-KR", "ko"),
        ("vi", "vi"),
        ("vi-VN", "vi"),
    ];
    for (tag, lang) in languages {
        let link = jungle::wasm::parse_link(&format!("lang={tag}"));
        assert_eq!(get(&link, "lang").as_string().as_deref(), Some(lang), "{tag}");
    }
    let warned = |query: &str| {
        let link = jungle::wasm::parse_link(query);
        let warnings = js_sys::Array::from(&get(&link, "warnings"));
        assert_eq!(warnings.length(), 1, "{query}");
        let w = warnings.get(0);
        (
            get(&w, "code").as_string().unwrap(),
            params_text(&get(&w, "params")),
            get(&w, "message").as_string().unwrap(),
        )
    };
    for bad in ["nl", "zh-", "english", "en-<b>", "zh-Hant-xxxxxxxxx", "pt-", "jp", "de-xxxxxxxxx"] {
        let (code, params, message) = warned(&format!("lang={bad}&moves=g3g4"));
        assert_eq!(
            (code.as_str(), message.starts_with("parameter `lang`")),
            ("link.bad-value", true),
            "{bad}"
        );
        assert!(params.starts_with("param=lang value="), "{params}");
    }
    for (query, param, words) in [
        ("embed=maybe", "embed", "`maybe`"),
        ("theme=neon", "theme", "light, dark or contrast"),
        ("size=50", "size", "120 to 4096"),
        ("size=99999999999", "size", "`99999999999`"),
        ("lang=fr&lang=en", "lang", "more than once"),
    ] {
        let (_, params, message) = warned(query);
        assert!(params.starts_with(&format!("param={param}")), "{params}");
        assert!(message.contains(words), "{message}");
    }
    assert_eq!(get(&jungle::wasm::parse_link("size=4096&embed=0"), "size").as_f64(), Some(4096.0));
    assert_eq!(get(&jungle::wasm::parse_link("embed=0"), "embed").as_bool(), Some(false));
    let (_, _, message) = warned(&format!("theme={}", "a".repeat(50_000)));
    assert!(message.len() < 200, "{message}");
}

#[wasm_bindgen_test]
fn the_editor_checks_a_board_like_a_fen() {
    let mut board = ".".repeat(63);
    board.replace_range(3..4, "E"); // d1, Red's own den
    let result = jungle::wasm::check_setup(&board, "red", "").unwrap();
    let error = get(&result, "error");
    assert_eq!(
        get(&error, "message").as_string().as_deref(),
        Some("the red elephant on d1 stands on its own den")
    );
    assert_eq!(get(&error, "code").as_string().as_deref(), Some("position.piece-on-own-den"));
    assert_eq!(params_text(&get(&error, "params")), "animal=elephant side=red square=d1");
    assert_eq!(get(&result, "fen").as_string().as_deref(), Some("7/7/7/7/7/7/7/7/3E3 w"));
    let board = board.replace('E', ".").replacen('.', "e", 1); // a blue elephant on a1, alone
    let result = jungle::wasm::check_setup(&board, "blue", "").unwrap();
    let error = get(&result, "error");
    assert_eq!(get(&error, "code").as_string().as_deref(), Some("position.no-animals"));
    assert_eq!(params_text(&get(&error, "params")), "side=red");
    let board = board.replacen('.', "R", 1); // and a red rat on b1
    let result = jungle::wasm::check_setup(&board, "blue", "").unwrap();
    assert!(get(&result, "error").is_null());
    assert!(jungle::wasm::check_setup("E", "red", "").is_err());
    assert!(jungle::wasm::check_setup(&board, "green", "").is_err());
}

/// The lines of an analysis report: each line's moves.
fn analysis_lines(update: &JsValue) -> Vec<Vec<String>> {
    js_sys::Array::from(&get(update, "lines")).iter().map(|line| texts(&line, "pv")).collect()
}

#[wasm_bindgen_test]
fn analysis_deepens_in_slices_and_a_new_position_replaces_the_old() {
    let mut ai = AiWorker::new(1);
    assert!(ai.analyse_slice(5.0).is_null(), "nothing to analyse yet");
    let request = js_sys::JSON::parse(r#"{"moves": ["g3g4"], "lines": 3}"#).unwrap();
    ai.start_analysis(request).unwrap();
    let mut depth = 0.0;
    for _ in 0..4 {
        let update = ai.analyse_slice(30.0);
        let now = get(&update, "depth").as_f64().unwrap();
        assert!(now >= depth, "the depth never falls: {now} after {depth}");
        depth = now;
        assert!(get(&update, "nodes").as_f64().unwrap() > 0.0);
        assert!(get(&update, "ms").as_f64().unwrap() >= 0.0);
    }
    assert!(depth >= 2.0, "{depth}");
    let update = ai.analyse_slice(30.0);
    let lines = analysis_lines(&update);
    assert_eq!(lines.len(), 3);
    let firsts: std::collections::HashSet<&String> = lines.iter().map(|l| &l[0]).collect();
    assert_eq!(firsts.len(), 3, "distinct first moves: {lines:?}");
    for line in &lines {
        let mut game = JungleGame::new("", None).unwrap();
        let mut moves = vec!["g3g4".to_string()];
        moves.extend(line.iter().cloned());
        game.replay(moves).unwrap_or_else(|_| panic!("{line:?} is legal after g3g4"));
    }
    // A won position: the den entry is found and the analysis ends by itself.
    let won = js_sys::JSON::parse(r#"{"startFen": "7/3R3/7/7/7/7/7/7/l6 w", "lines": 1}"#).unwrap();
    ai.start_analysis(won).unwrap();
    let update = ai.analyse_slice(200.0);
    assert_eq!(analysis_lines(&update), [["d8d9"]]);
    assert_eq!(get(&js_sys::Array::from(&get(&update, "lines")).get(0), "mate").as_f64(), Some(1.0));
    assert_eq!(get(&update, "done").as_bool(), Some(true));
    // Bad requests are refused; stopping leaves nothing to analyse.
    for bad in [
        r#"{"lines": 6}"#,
        r#"{"lines": 0}"#,
        r#"{"moves": ["g3g5"], "lines": 1}"#,
        r#"{"startFen": "x", "lines": 1}"#,
    ] {
        assert!(ai.start_analysis(js_sys::JSON::parse(bad).unwrap()).is_err(), "{bad}");
        assert!(ai.analyse_slice(5.0).is_null(), "a refused position is not analysed: {bad}");
    }
    ai.start_analysis(js_sys::JSON::parse(r#"{"lines": 2}"#).unwrap()).unwrap();
    ai.stop_analysis();
    assert!(ai.analyse_slice(5.0).is_null());
}

#[wasm_bindgen_test]
fn the_analysis_tree_keeps_side_lines_and_writes_them() {
    let mut tree = AnalysisTree::new("", "", vec!["g3g4".into(), "a7a6".into()]).unwrap();
    tree.step(-1);
    let view = tree.play("g7g6").unwrap();
    assert_eq!(get(&view, "sideLine").as_bool(), Some(true));
    assert_eq!(texts(&view, "line"), ["g3g4", "g7g6"]);
    assert_eq!(tree.record(), "[Result \"*\"]\n\n1. g3g4 a7a6 (1... g7g6) *\n");
    let view = tree.promote();
    assert_eq!(get(&view, "sideLine").as_bool(), Some(false));
    let view = tree.step(-2);
    assert_eq!(get(&view, "canBack").as_bool(), Some(false));
    assert_eq!(get(&view, "canForward").as_bool(), Some(true));
    let words = js_sys::Array::from(&get(&view, "words"));
    let kinds: Vec<String> = words.iter().map(|w| text(&w, "kind").unwrap()).collect();
    assert_eq!(kinds, ["move", "move", "open", "move", "close"]);
    assert_eq!(reason(tree.play("g3g5").err().unwrap()).0, "move.illegal");
    let read = AnalysisTree::from_record(&tree.record()).unwrap();
    assert_eq!(read.record(), tree.record());
    assert_eq!(reason(AnalysisTree::from_record("1. g3g4 (").err().unwrap()).0, "record.unclosed-variation");
}

#[wasm_bindgen_test]
fn a_report_address_becomes_a_qr_code_with_its_finder_patterns() {
    let modules =
        jungle::wasm::qr_modules("https://club.example/?tournament=k3mxz7q2ab9c&report=12-30").unwrap();
    let side = (modules.len() as f64).sqrt() as usize;
    assert_eq!(side * side, modules.len());
    // Versions 1 to 40 are 21 to 177 modules wide, by steps of 4; 56 bytes at level M: version 4.
    assert_eq!(side, 33);
    let dark = |x: usize, y: usize| modules[y * side + x] == 1;
    // A finder pattern in three corners: a dark ring 7 wide, a light ring, a dark 3×3 centre.
    for (left, top) in [(0, 0), (side - 7, 0), (0, side - 7)] {
        for y in 0..7 {
            for x in 0..7 {
                let ring = x == 0 || y == 0 || x == 6 || y == 6;
                let centre = (2..=4).contains(&x) && (2..=4).contains(&y);
                assert_eq!(dark(left + x, top + y), ring || centre, "finder at ({left}, {top}): ({x}, {y})");
            }
        }
    }
    // The timing patterns between them alternate, dark first.
    for i in 8..side - 8 {
        assert_eq!(dark(i, 6), i % 2 == 0, "row 6, column {i}");
        assert_eq!(dark(6, i), i % 2 == 0, "column 6, row {i}");
    }
    let error = message(jungle::wasm::qr_modules(&"x".repeat(3000)).unwrap_err());
    assert!(error.starts_with("no QR code holds this text"), "{error}");
}

/// Red's lion on d6, Blue's rat on a1, Red to move: Red wins in 5 plies, d6d7 the only win.
const LION_V_RAT: &str = "7/7/7/3L3/7/7/7/7/r6 w";

#[wasm_bindgen_test]
fn endgame_tables_ask_for_their_sets_refuse_damaged_files_and_answer() {
    use jungle::tablebase::{solve, Material, Table};
    use jungle::wasm::EndgameTables;
    let mut tables = EndgameTables::new();
    assert_eq!(tables.missing_sets("", LION_V_RAT, 3).unwrap(), ["LvR", "RvL"]);
    // Not the standard rules, or too many animals: no sets, no answer.
    assert!(tables.missing_sets("tiger-jumps=none", LION_V_RAT, 3).unwrap().is_empty());
    assert!(tables.missing_sets("", "", 3).unwrap().is_empty());
    assert!(tables.missing_sets("", LION_V_RAT, 1).unwrap().is_empty());
    assert!(tables.probe("", LION_V_RAT).unwrap().is_null());
    assert!(tables.missing_sets("", "not a fen", 3).is_err());

    let lion_v_rat = Material::parse("LvR").unwrap();
    let solved = solve(lion_v_rat, &|_| None, &mut |_, _, _| {}).unwrap();
    let files: Vec<(String, Vec<u8>)> = solved
        .iter()
        .map(|s| (s.material.to_string(), Table::from_entries(s.material, &s.entries).bytes().to_vec()))
        .collect();
    // A damaged file, a file under another set's name, a name that is no set: refused.
    let (name, bytes) = &files[0];
    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 0xff;
    assert!(tables.add(name, damaged).is_err());
    assert!(tables.add(&files[1].0, bytes.clone()).is_err());
    assert!(message(tables.add("LvX", bytes.clone()).unwrap_err()).contains("not a material set"));
    for (name, bytes) in files {
        tables.add(&name, bytes).unwrap();
    }
    assert!(tables.missing_sets("", LION_V_RAT, 3).unwrap().is_empty());
    let verdict = tables.probe("", LION_V_RAT).unwrap();
    assert_eq!(text(&verdict, "turn").as_deref(), Some("red"));
    assert_eq!(text(&verdict, "result").as_deref(), Some("win"));
    assert_eq!(get(&verdict, "plies").as_f64(), Some(5.0));
    let moves = js_sys::Array::from(&get(&verdict, "moves"));
    assert_eq!(moves.length(), 4);
    assert_eq!(text(&moves.get(0), "move").as_deref(), Some("d6d7"));
    assert_eq!(text(&moves.get(1), "result").as_deref(), Some("loss"));
}

#[wasm_bindgen_test]
fn the_ai_asks_for_the_sets_of_its_endgame_and_plays_from_them() {
    use jungle::tablebase::{solve, Material, Table};
    let mut ai = AiWorker::new(1);
    let noop = js_sys::Function::new_no_args("");
    let think = |ai: &mut AiWorker, json: &str| ai.think(js_sys::JSON::parse(json).unwrap(), &noop).unwrap();
    assert!(ai.wanted_sets(3).is_empty(), "no game yet");
    let request = format!(r#"{{"startFen": "{LION_V_RAT}", "moves": [], "depth": 1}}"#);
    think(&mut ai, &request);
    assert_eq!(ai.wanted_sets(3), ["RvL", "LvR"]);
    assert!(message(ai.add_table("LvR", vec![1, 2, 3]).unwrap_err()).contains("endgame table LvR"));
    let solved = solve(Material::parse("LvR").unwrap(), &|_| None, &mut |_, _, _| {}).unwrap();
    for s in solved {
        ai.add_table(&s.material.to_string(), Table::from_entries(s.material, &s.entries).bytes().to_vec())
            .unwrap();
    }
    assert!(ai.wanted_sets(3).is_empty());
    // From the tables: the quickest win (5 plies: 3 moves) at once, without a node searched.
    let result = think(&mut ai, &request);
    assert_eq!(get(&result, "best").as_string().as_deref(), Some("d6d7"));
    assert_eq!(get(&result, "mate").as_f64(), Some(3.0));
    assert_eq!(get(&result, "nodes").as_f64(), Some(0.0));
    // A weak level plays without them.
    let weak = format!(r#"{{"startFen": "{LION_V_RAT}", "moves": [], "level": 1, "seed": 3}}"#);
    assert!(get(&think(&mut ai, &weak), "nodes").as_f64().unwrap() > 0.0);
    // Four animals: the sets of three and two below them; six: none yet.
    think(&mut ai, r#"{"startFen": "7/7/7/3L3/7/7/7/1E5/r5t w", "moves": [], "depth": 1}"#);
    let wanted = ai.wanted_sets(3);
    assert!(wanted.contains(&"ELvR".to_string()) && !wanted.contains(&"LvR".to_string()), "{wanted:?}");
    think(&mut ai, r#"{"startFen": "7/7/7/3L3/7/7/7/1E1W3/r4pt w", "moves": [], "depth": 1}"#);
    assert!(ai.wanted_sets(3).is_empty());
}
