// The shapes of the data the page's parts pass to each other, as JSDoc types for the type
// checker (nothing here runs). The game's owner (game-controller.js) publishes a Snapshot after
// every change; the views read snapshots and ask the owner for changes.

/** @typedef {'red' | 'blue'} Side */

/**
 * @typedef {Record<string, {name: string, rank: number, character: string}>} AnimalTable
 * Each animal of a game by uppercase FEN letter: its name, rank and character (pieces.js).
 */

/**
 * Who plays: you against the computer, two people on one device, the computer against itself,
 * or an online game held by a server (never from a link or saved data: see OnlineStart).
 */
/** @typedef {'computer' | 'people' | 'watch' | 'online'} Mode */

/**
 * The players and the computer's strength. `side` is yours against the computer or online.
 * @typedef {{mode: Mode, side: Side, level: number}} Settings
 */

/**
 * A move of the game, as the engine writes it (JungleGame.play's `played`).
 * @typedef {object} HistoryEntry
 * @property {number} number the move number (counted up after each Blue move, as in FEN)
 * @property {Side} color who moved
 * @property {string} move like `g3g4`
 * @property {string} from
 * @property {string} to
 * @property {string} piece the FEN letter of the piece that moved
 * @property {string | null} captured the FEN letter of the piece taken, if any
 */

/**
 * The end of a game: the engine's, or a loss on time (`reason: 'time'`, decided by the clocks).
 * @typedef {object} Outcome
 * @property {Side | null} winner null for a draw
 * @property {string} reason `den`, `all-captured`, `no-moves`, `repetition`, `no-capture-limit`, `time`,
 *   `resignation` or `agreement`; online also `aborted`, `abandoned`, `withdrawn` or `move-limit` (decided by the
 *   server), in a tournament `adjudicated`, `forfeit` or `double-forfeit` (decided by its director), and
 *   `over-the-board` (a result entered for a game played on a real board)
 * @property {string} [text] the engine's sentence
 */

/**
 * An animal of the game's rules, as the engine names it.
 * @typedef {{letter: string, name: string, rank: number}} EngineAnimal
 */

/**
 * What takes the board over for a while (the position editor, a review): the board shows its
 * view, and squares activated go to it. It asks the owner to show a change of its view by
 * calling `setTool(tool)` again.
 * @typedef {object} BoardTool
 * @property {string} name `editor`, `review` or `puzzle`
 * @property {() => {board: string, lastMove: Move | null}} view what the board shows
 * @property {(index: number) => void} activate a square chosen (click, Enter)
 */

/** @typedef {{from: string, to: string}} Move squares like `a3`, `a4` */

/**
 * One word of the analysis board's move list (AnalysisTree.view, tree.rs): a move, or the
 * bounds of a side line.
 * @typedef {object} TreeWord
 * @property {'move' | 'open' | 'close'} kind
 * @property {number | null} node the move's node
 * @property {string | null} move like `a3a4`
 * @property {string | null} number `12.` or `12...` when written before the move
 * @property {number} depth how many side lines the move is in (0: the main line)
 */

/**
 * The analysis board's tree of moves as the engine describes it (AnalysisTree.view).
 * @typedef {object} TreeView
 * @property {TreeWord[]} words
 * @property {number} cursor the node shown
 * @property {string[]} line the moves from the root to the cursor
 * @property {string} fen the position at the cursor
 * @property {boolean} sideLine whether the cursor is on a side line
 * @property {boolean} canBack
 * @property {boolean} canForward
 */

/**
 * The position the engine returns after a change (JungleGame.play, undo, redo, replay).
 * @typedef {object} EngineView
 * @property {string} board
 * @property {Side} turn
 * @property {number} ply
 * @property {string} fen
 * @property {Outcome | null} outcome
 * @property {boolean} canRedo
 * @property {string[]} legal every legal move now, like `a3a4`
 * @property {string[]} premoves the moves the side not to move could make if it were its turn
 * @property {HistoryEntry | null} played the move played or replayed, if any
 * @property {HistoryEntry | null} undone the move taken back, if any
 */

/**
 * A whole game as JungleGame.replay returns it: the position now and what it started from.
 * @typedef {EngineView & {rules: string, startFen: string, terrain: string, weakening: string,
 *   animals: EngineAnimal[], history: HistoryEntry[]}} EngineGame
 */

/**
 * A loss on time, decided by the clocks, at move `ply`.
 * @typedef {{winner: Side, reason: 'time', ply: number}} TimeOut
 */

/**
 * An end the players declared at move `ply`: a resignation (the other side wins) or a draw agreed.
 * @typedef {{winner: Side | null, reason: 'resignation' | 'agreement', ply: number}} Declared
 */

/**
 * The game as it is after a change: immutable (frozen), one per change.
 * @typedef {object} Snapshot
 * @property {number} game a number for the game, new with each game started
 * @property {number} position a number for the position, new with each move, undo or redo
 * @property {string} rules the rule options that differ from the defaults, `option=value,…`
 * @property {string} startFen the position the game started from
 * @property {string} terrain 63 characters, a1 first: `~` water, `T`/`t` traps, `D`/`d` dens, `.` land
 * @property {string} weakening 63 characters, a1 first: whose pieces a trap there leaves with
 *   no strength, `r` Red's, `b` Blue's, `*` both, `.` neither (JungleGame.weakening)
 * @property {readonly EngineAnimal[]} animals the animals of these rules, strongest first
 * @property {string} board 63 characters, a1 first: a piece's FEN letter or `.`
 * @property {Side} turn the side to move
 * @property {number} ply how many moves have been played
 * @property {string} fen the position now
 * @property {readonly HistoryEntry[]} history the moves played, oldest first
 * @property {Move | null} lastMove
 * @property {Outcome | null} outcome once the game is over
 * @property {boolean} canUndo
 * @property {boolean} canRedo
 * @property {Readonly<Settings>} settings
 * @property {boolean} flipped whether Blue is at the bottom of the board
 * @property {BoardTool | null} tool what has taken the board over, if anything
 * @property {PlyView | null} view an earlier position of the game being looked at (a review), or null for the game now
 * @property {string | null} puzzle the puzzle's id when the game is a puzzle (never saved)
 * @property {TreeView | null} analysis the analysis board's tree when the board is one (never saved):
 *   the game is then the line from its root to the tree's cursor
 * @property {(square: string) => string[]} movesFrom the squares the piece on `square` may go to now
 * @property {(square: string) => string[]} premovesFrom the squares the piece on `square` of the side
 *   not to move could go to as a premove (the engine view's `premoves`)
 * @property {Premove | null} premove the person's move queued during the opponent's turn, played
 *   when the turn comes if it is legal then (game/premove.js)
 * @property {OnlineSeat | null} online the online game shown, if it is one (online/online-game.js)
 * @property {WaitingGame | null} waiting the player's own game on this device, set aside while a
 *   puzzle or an online game is shown (GameController.resume brings it back)
 * @property {Outcome | null} engineOutcome the engine's result, before a loss on time (the owner's own)
 * @property {boolean} engineCanRedo whether the engine has a move to replay, whatever the mode (the owner's own)
 */

/**
 * A position of the game looked at (GameController.viewPly): the one after its first `ply`
 * moves. Every panel shows it instead of the game now while it is set.
 * @typedef {object} PlyView
 * @property {number} ply
 * @property {string} board
 * @property {Side} turn the side to move there
 * @property {string} fen
 * @property {string | null} fenBefore the position before its last move (null at the start)
 * @property {readonly HistoryEntry[]} history the moves that led there
 * @property {Move | null} lastMove
 * @property {Outcome | null} outcome the game's result, at its last move only
 */

/**
 * An online game as a snapshot shows it: the server's game id, the side this page plays (null:
 * watching), the result the server decided other than on the board, if any, and the person's
 * move sent and not yet played by the server (`sent` false while there was no connection).
 * `players` names who holds each seat (null: free), `tournament` the tournament it is played for.
 * @typedef {{id: string, seat: Side | null, result: Outcome | null, pending: PendingMove | null,
 *   players: OnlinePlayers, tournament: string | null}} OnlineSeat
 */

/**
 * Who holds each seat of an online game, and a member's rating in its rules (null for a guest).
 * @typedef {{name: string, rating: {rating: number, provisional: boolean} | null}} OnlinePlayer
 * @typedef {{red: OnlinePlayer | null, blue: OnlinePlayer | null}} OnlinePlayers
 */

/**
 * A move queued during the opponent's turn (a premove): like `a3a4`, from `a3` to `a4`.
 * @typedef {{move: string, from: string, to: string}} Premove
 */
/**
 * A move of this page's seat on its way to the server: the board shows it, marked, until the
 * server plays it (or refuses it); until it has left the page it can be taken back.
 * @typedef {{move: string, from: string, to: string, ply: number, sent: boolean}} PendingMove
 */

/**
 * The player's own game, set aside while something else is on the board: how to start it
 * again, the other parts' state (the clocks) and the board's side when it was set aside.
 * @typedef {object} WaitingGame
 * @property {{rules: string, fen: string, moves: string[], settings: Settings}} game
 * @property {Record<string, unknown>} extra
 * @property {boolean} flipped
 * @property {string} pausedAt when it was set aside (its clocks did not run since)
 * @property {Side} turn
 * @property {number} ply
 * @property {Outcome | null} outcome
 */

/**
 * An online game to show (GameController.startGame): its seat, how a person's move reaches
 * the server (`send(move, ply)`, true if it left the page at once), how a move not yet sent
 * is taken back (`cancel()`, true if it had not left), and the server's result if it is over.
 * @typedef {object} OnlineStart
 * @property {string} id
 * @property {Side | null} seat
 * @property {Outcome | null} [result]
 * @property {(move: string, ply: number) => boolean} [send]
 * @property {() => boolean} [cancel]
 * @property {OnlinePlayers} [players]
 * @property {string | null} [tournament] the tournament's id, for a tournament's game
 */

/**
 * What a snapshot follows: `new-game` (with the `previous` game's last snapshot), `move`
 * (with its `entry`), `undo`, `redo`, `settings`, `flip`, `tool`, `time` (a loss on time), `declared` (a
 * resignation or a draw agreed), `view` (another position of the game looked at), or `result` (the
 * server ended an online game), `pending` (a person's online move on its way, or no longer),
 * `premove` (a premove queued, or cancelled), `players` (who holds an online game's seats changed).
 * `ended` is true when this change ended the game (a move, the clock, a declaration or the server).
 * @typedef {object} Change
 * @property {'new-game' | 'move' | 'undo' | 'redo' | 'settings' | 'flip' | 'tool' | 'time' | 'view' | 'declared' | 'result' | 'pending' | 'premove' | 'analysis' | 'players'} type
 * @property {Snapshot | null} previous the snapshot before this change
 * @property {HistoryEntry} [entry] the move played
 * @property {'taken' | 'illegal'} [dropped] after the opponent's move, why the premove queued was
 *   dropped: its piece was taken, or it is not legal any more
 * @property {boolean} ended
 * @property {boolean} [returned] a `new-game` that brought the player's waiting game back
 */

/**
 * A reason the engine gives for refusing something: its English `message`, and the `code`
 * and `params` that i18n.js's errorText words in the page's language.
 * @typedef {{message: string, code: string, params: Record<string, unknown>}} Reason
 */

/**
 * The page's link as the engine's parseLink reads it (absent values: null or undefined).
 * @typedef {object} Link
 * @property {string} rules `option=value,…`, empty for the default rules
 * @property {string | null} [fen] the start position, if valid
 * @property {string[]} moves legal one after the other
 * @property {Mode | null} [mode]
 * @property {number | null} [level]
 * @property {Side | null} [side]
 * @property {string | null} [lang] `en`, `fr`, `es`, `de`, `pt`, `ja`, `ko`, `vi`, `zh-Hans` or `zh-Hant`
 * @property {boolean} embed
 * @property {'light' | 'dark' | 'contrast' | null} [theme]
 * @property {number | null} [size] the board's size in CSS pixels
 * @property {boolean} [analysis] the link's game opens on the analysis board
 * @property {Reason[]} warnings one for each parameter ignored
 */

/**
 * The page's link read (share.js readLink): the engine's reading, and whether it names a
 * game: 'none', 'valid' (every game parameter accepted) or 'refused'.
 * @typedef {{link: Link, game: 'none' | 'valid' | 'refused'}} LinkRead
 */

/**
 * A game to start: `fen` empty for the usual start, `moves` played from it, `settings` over the
 * ones in force.
 * @typedef {object} GameStart
 * @property {string} [rules]
 * @property {string} [fen]
 * @property {string[]} [moves]
 * @property {Partial<Settings>} [settings]
 * @property {OnlineStart} [online] an online game (the settings then say mode `online`)
 */

/**
 * A game kept in localStorage (`jungle.saved`, and each game of the recent list).
 * @typedef {object} SavedGame
 * @property {string} rules
 * @property {string} fen the start position ('' for the usual one)
 * @property {string[]} moves
 * @property {Settings} settings
 * @property {Record<string, unknown>} extra other parts' state (the clocks)
 * @property {string} savedAt ISO date and time
 */

/**
 * How a game stood: its result (null while it went on) and the side to move.
 * @typedef {{result: {winner: Side | null, reason: string} | null, turn: Side}} Standing
 */

/**
 * A game of the recent list: a saved game and how it stood when it was put aside.
 * @typedef {SavedGame & Standing & {id: string}} RecentGame
 */

/**
 * A question for the AI worker. Either the whole game (`rules`, `startFen`, `moves`), or, with
 * `keep`, the game of the worker's previous request with its first `keep` moves kept and
 * `moves` played after them. Then a level (1–8, with `seed`) or limits (`depth`, `nodes`),
 * and `movetimeMs`, the longest it may think.
 * @typedef {object} ThinkRequest
 * @property {string} [rules]
 * @property {string} [startFen]
 * @property {string[]} moves
 * @property {number} [keep]
 * @property {number} [level]
 * @property {number} [depth]
 * @property {number} [nodes]
 * @property {number} [movetimeMs]
 * @property {number} [seed]
 * @property {boolean} [hint] a hint: full strength unless a level is given, and why
 */

/**
 * Why a hint (ai_worker.rs): the kind of reason, animals as uppercase FEN letters, and the
 * moves to a forced win.
 * @typedef {object} HintWhy
 * @property {string} kind
 * @property {string | null} animal
 * @property {string | null} by
 * @property {number | null} moves
 */

/**
 * The AI's answer or progress report.
 * @typedef {object} SearchInfo
 * @property {string | null} best
 * @property {number} depth
 * @property {number} seldepth
 * @property {string} score
 * @property {number | null} cp
 * @property {number | null} mate
 * @property {number} nodes
 * @property {string[]} pv
 * @property {boolean} [interrupted] answered by "Move now"
 * @property {HintWhy} [why] a hint's answer: why its move
 */

/**
 * Messages to the AI worker (ai-worker.js).
 * @typedef {{type: 'think', id: number, request: ThinkRequest} | {type: 'new-game'}
 *   | {type: 'analyse', id: number, request: AnalyseRequest} | {type: 'stop-analysis'}
 *   | {type: 'tables', page: string}} ToWorker
 */

/**
 * Messages from the AI worker.
 * @typedef {{type: 'ready'}
 *   | {type: 'progress', id: number, info: SearchInfo}
 *   | {type: 'result', id: number, result: SearchInfo}
 *   | {type: 'failed', id: number, message: string}
 *   | {type: 'analysis', id: number, update: AnalysisUpdate | null}} FromWorker
 */

/**
 * A position for the analysis mode of the worker (analyse.rs): the game to it and how many lines.
 * @typedef {object} AnalyseRequest
 * @property {string} rules
 * @property {string} startFen
 * @property {string[]} moves
 * @property {number} lines 1–5
 */

/**
 * An analysis report: the deepest lines so far (each as a search reports it, for the side to
 * move) and the nodes and milliseconds of the last slice.
 * @typedef {object} AnalysisUpdate
 * @property {number} depth
 * @property {number} seldepth
 * @property {SearchInfo[]} lines
 * @property {number} nodes
 * @property {number} ms
 * @property {boolean} done
 */

export {};
