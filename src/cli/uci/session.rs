//! The protocol session: the rules, the game, the options and the engine, and the answer to
//! each command. A search or a perft runs on its own thread; a search hands the engine back
//! when it ends.

use super::command::{self, Command, Go, Start};
use super::options::{self, Setting, DEFAULT_HASH_MB};
use super::wire::Out;
use super::worker::{self, Job, Task};
use jungle::ai::{Engine, Level, Rng};
use jungle::echo::quote;
use jungle::rules::{Game, Position, Rules};
use jungle::tablebase::{folder, Tablebase};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// A search or perft in progress.
struct Running {
    /// Gives back the engine of a search.
    handle: JoinHandle<Option<Box<Engine>>>,
    /// Set by `stop`, and by the task itself just before its last line.
    stop: Arc<AtomicBool>,
}

/// The state of one protocol session.
pub struct Session {
    out: Out,
    rules: Rules,
    level: Level,
    hash_mb: usize,
    /// The position as last set, kept to set it up again when a rule option changes.
    start: Start,
    moves: Vec<String>,
    game: Game,
    engine: EngineState,
    /// The endgame tables searches probe (`TablebasePath`).
    tables: Option<Arc<Tablebase>>,
    running: Option<Running>,
    rng: Rng,
}

/// The engine and its transposition table are built at the first search (a session that
/// never searches does not hold the table) and lent to the worker during each.
enum EngineState {
    /// Built with the current options when a search starts.
    Unbuilt,
    Idle(Box<Engine>),
    /// A search has it: what was asked for meanwhile is done when it comes back.
    Lent {
        new_hash: bool,
        new_game: bool,
    },
}

/// The most animals of the tables `TablebasePath` loads: all of them are held in memory,
/// about 33 MB for every set of up to 3.
const TABLE_ANIMALS: u32 = 3;

/// The tables of up to [`TABLE_ANIMALS`] animals in `dir`.
pub fn load_tables(dir: &Path) -> Result<Arc<Tablebase>, String> {
    folder::load(dir, TABLE_ANIMALS).map(Arc::new)
}

impl EngineState {
    const JUST_LENT: EngineState = EngineState::Lent { new_hash: false, new_game: false };
}

impl Session {
    /// A session with the default rules, at the start position, writing to `out`.
    pub fn new(out: Out) -> Session {
        let rules = Rules::default();
        // Levels below 8 play differently from one session to the next.
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Session {
            out,
            rules,
            level: Level::MAX,
            hash_mb: DEFAULT_HASH_MB,
            start: Start::StartPos,
            moves: Vec::new(),
            game: Game::new(rules),
            engine: EngineState::Unbuilt,
            tables: None,
            running: None,
            rng: Rng::new(seed),
        }
    }

    /// Answers one line; false once the session should end (`quit`).
    pub fn handle(&mut self, line: &str) -> bool {
        self.reap();
        let result = match command::parse(line) {
            Ok(None) => Ok(true),
            Ok(Some(command)) => self.execute(command),
            Err(message) => Err(message),
        };
        result.unwrap_or_else(|message| {
            self.out.error(&message);
            true
        })
    }

    /// Ends the session (`quit`, the end of the input or a closed output): stops a search in
    /// progress, which prints its `bestmove`, and waits for it.
    pub fn finish(&mut self) {
        self.stop();
    }

    fn execute(&mut self, command: Command) -> Result<bool, String> {
        match command {
            Command::Uci => self.identify("uciok"),
            Command::Jcei => self.identify("jceiok"),
            Command::IsReady => self.out.line("readyok"),
            Command::UciNewGame => self.new_game(),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            Command::Position { start, moves } => {
                self.game = build_game(&start, &moves, self.rules)
                    .map_err(|e| format!("{e} (position unchanged)"))?;
                (self.start, self.moves) = (start, moves);
            }
            Command::Go(go) => self.go(go)?,
            Command::Stop => self.stop(),
            Command::Quit => return Ok(false),
            Command::Display => self.display(),
            Command::Perft(depth) => self.perft(depth)?,
        }
        Ok(true)
    }

    fn identify(&self, ok: &str) {
        self.out.line(&format!("id name Jungle {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the Jungle project");
        for line in options::lines() {
            self.out.line(&line);
        }
        self.out.line(ok);
    }

    fn new_game(&mut self) {
        match &mut self.engine {
            EngineState::Unbuilt => {}
            EngineState::Idle(engine) => engine.new_game(),
            EngineState::Lent { new_game, .. } => *new_game = true,
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        match options::setting(name, value, &self.rules)? {
            Setting::Hash(mb) => {
                self.hash_mb = mb;
                match &mut self.engine {
                    EngineState::Unbuilt => {}
                    EngineState::Idle(engine) => engine.set_hash(mb),
                    EngineState::Lent { new_hash, .. } => *new_hash = true,
                }
            }
            Setting::Level(level) => self.level = level,
            Setting::TablebasePath(None) => self.tables = None,
            Setting::TablebasePath(Some(dir)) => {
                let tables = load_tables(Path::new(&dir))?;
                let count = tables.tables().count();
                self.out.line(&format!(
                    "info string {count} endgame tables of up to {TABLE_ANIMALS} animals loaded"
                ));
                self.tables = Some(tables);
            }
            Setting::Rules(rules) => {
                self.rules = rules;
                // The position is set up again under the new rules. If it is not valid under them
                // the rule still applies (an interface sets the rules before the position) and the
                // game starts over: a notice, not an error, as nothing was refused.
                match build_game(&self.start, &self.moves, rules) {
                    Ok(game) => self.game = game,
                    Err(e) => {
                        (self.start, self.moves, self.game) = (Start::StartPos, Vec::new(), Game::new(rules));
                        self.out.line(&format!(
                            "info string {name} set; the position was not valid under the new rules ({e}): \
                             it is now the start position"
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Sets the endgame tables searches probe.
    pub fn set_tables(&mut self, tables: Option<Arc<Tablebase>>) {
        self.tables = tables;
    }

    fn go(&mut self, go: Go) -> Result<(), String> {
        self.wait_for_idle()?;
        let mut engine = match std::mem::replace(&mut self.engine, EngineState::JUST_LENT) {
            EngineState::Idle(engine) => engine,
            // (Not lent: the last search was joined.)
            EngineState::Unbuilt | EngineState::Lent { .. } => Box::new(Engine::new(self.hash_mb)),
        };
        engine.set_tablebase(self.tables.clone());
        if let Some(outcome) = self.game.outcome() {
            self.out.line(&format!("info string the game is over: {outcome}"));
        }
        let seed = self.rng.next_u64();
        self.start_task(Task::Search { engine, go, level: self.level, seed })
    }

    fn perft(&mut self, depth: u32) -> Result<(), String> {
        self.wait_for_idle()?;
        self.start_task(Task::Perft(depth))
    }

    /// Refuses while a task runs; takes back the engine of one that has just printed its last
    /// line.
    fn wait_for_idle(&mut self) -> Result<(), String> {
        if self.running.as_ref().is_some_and(|r| !r.stop.load(Ordering::Relaxed)) {
            return Err("a search or perft is running: send stop first".to_string());
        }
        self.join();
        Ok(())
    }

    /// Starts a search or a perft on the worker thread.
    fn start_task(&mut self, task: Task) -> Result<(), String> {
        let stop = Arc::new(AtomicBool::new(false));
        let job = Job { game: self.game.clone(), stop: stop.clone(), out: self.out.clone() };
        let spawned =
            std::thread::Builder::new().name("worker".to_string()).spawn(move || worker::run(task, job));
        match spawned {
            Ok(handle) => self.running = Some(Running { handle, stop }),
            Err(e) => {
                // A search's engine is lost with the thread: the next one builds another.
                if matches!(self.engine, EngineState::Lent { .. }) {
                    self.engine = EngineState::Unbuilt;
                }
                return Err(format!("cannot start the worker thread: {e}"));
            }
        }
        Ok(())
    }

    /// Stops the search or perft in progress, if any, and waits for its last line.
    fn stop(&mut self) {
        if let Some(running) = &self.running {
            running.stop.store(true, Ordering::Relaxed);
        }
        self.join();
    }

    /// Takes the engine back from a search that has ended on its own.
    fn reap(&mut self) {
        if self.running.as_ref().is_some_and(|r| r.handle.is_finished()) {
            self.join();
        }
    }

    /// Waits for the task in progress, if any, and takes back the engine of a search.
    fn join(&mut self) {
        let Some(running) = self.running.take() else { return };
        match running.handle.join() {
            // A perft lends nothing.
            Ok(None) => {}
            Ok(Some(mut engine)) => {
                if let EngineState::Lent { new_hash, new_game } = self.engine {
                    if new_hash {
                        engine.set_hash(self.hash_mb);
                    }
                    if new_game {
                        engine.new_game();
                    }
                }
                self.engine = EngineState::Idle(engine);
            }
            Err(_) => {
                self.out.error("the search or perft failed; the engine will be built again");
                if matches!(self.engine, EngineState::Lent { .. }) {
                    self.engine = EngineState::Unbuilt;
                }
            }
        }
    }

    /// `d`: the board, its FEN, the rules and the result if the game is over.
    fn display(&self) {
        for line in self.game.position().to_string().lines() {
            self.out.line(line);
        }
        let rules = self.rules.to_string();
        self.out.line(&format!("Rules: {}", if rules.is_empty() { "default" } else { &rules }));
        if let Some(outcome) = self.game.outcome() {
            self.out.line(&format!("Result: {outcome}"));
        }
    }
}

/// The game of a `position` command under `rules`: the FEN is validated and every move must be
/// legal in turn.
pub(super) fn build_game(start: &Start, moves: &[String], rules: Rules) -> Result<Game, String> {
    let position = match start {
        Start::StartPos => Position::new(rules),
        Start::Fen(fen) => {
            Position::from_fen(fen, rules).map_err(|e| format!("bad FEN `{}`: {e}", quote(fen)))?
        }
    };
    let mut game = Game::from_position(position);
    for (i, text) in moves.iter().enumerate() {
        game.play_text(text).map_err(|e| format!("move {} `{}`: {e}", i + 1, quote(text)))?;
    }
    Ok(game)
}
