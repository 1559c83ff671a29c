// A tournament as its tables show it: points written with ½, a round robin's or a gauntlet's crosstable, the
// arena's winning streaks, the current round's boards, a member's next game, the list grouped by
// state. Pure: from the JSON of GET api/tournaments/{id} (src/server/tournaments/routes.rs).

/**
 * @typedef {{number: number, name: string, rating: number, withdrawn: boolean, removed?: boolean, bot?: boolean}} Player
 * @typedef {{round: number, board: number, red: number, blue: number | null, result: string | null, game?: string | null,
 *   reports?: {red: 'red' | 'blue' | 'draw' | null, blue: 'red' | 'blue' | 'draw' | null}}} Pairing
 *   a board (`reports`: over the board, what each player reported while the result is not in)
 * @typedef {{rank: number, number: number, name: string | null, points: number, tie_breaks: number[], provisional?: boolean}} Standing
 *   `provisional`: a game still being played may change its tie-breaks and place
 * @typedef {{number: number, name: string, elo: number, margin: number, games: number, points: number}} RatingLine
 *   an engine match's rated player: Elo relative to the field, ± its 95% error bar, games played and points scored in them
 * @typedef {object} Tournament
 * @property {string} id
 * @property {string} name
 * @property {'swiss' | 'round-robin' | 'double-round-robin' | 'arena' | 'gauntlet'} format
 * @property {string} rules
 * @property {boolean} rated
 * @property {boolean} [over_the_board] played on real boards: results entered or reported, no games on the server
 * @property {'registering' | 'running' | 'finished'} state
 * @property {number} round the last round paired
 * @property {number} rounds
 * @property {number} [rounds_finished]
 * @property {string[]} [tie_breaks]
 * @property {Player[]} [players]
 * @property {Pairing[]} [pairings]
 * @property {Standing[]} [standings]
 * @property {import('../server/online-client.js').ClockSpec} [clock] its games' clock
 * @property {number} [minutes] an arena's length
 * @property {number} [no_show_seconds]
 * @property {number} [bye_points]
 * @property {number} [late_entry_points]
 * @property {number | null} [starts_at] when it starts by itself (ms); null: its director starts it
 * @property {boolean} [paused]
 * @property {string | null} [director] the member who directs it beside the admins (its creator, where members make tournaments)
 * @property {'members' | 'members-and-bots' | 'bots'} [entrants] who may enter ('bots': an engine match)
 * @property {string | null} [challenger] a gauntlet's challenger, who meets every other player
 * @property {number | null} [games_each] a gauntlet's games of the challenger against each
 * @property {RatingLine[]} [rating_list] an engine match's rating list, best first
 */
/** @typedef {Omit<Tournament, 'players'> & {players: number}} Listed a tournament of the list, with its players still in */

/**
 * Points and tie-breaks as a player reads them, exactly: 2, 2½, ½, and the quarters a
 * Sonneborn-Berger score can have, 2¾, 1¼ (any other fraction in decimals).
 * @param {number} points
 * @returns {string}
 */
export function pointsText(points) {
  if (points < 0) return `−${pointsText(-points)}`;
  const quarters = Math.round(points * 4);
  if (Math.abs(points * 4 - quarters) > 1e-9) return String(Math.round(points * 100) / 100);
  const whole = Math.floor(quarters / 4);
  const part = ['', '¼', '½', '¾'][quarters % 4];
  return whole === 0 && part ? part : `${whole}${part}`;
}

/**
 * What a result gave the player on `side`: 1, ½, 0, + (won by forfeit), − (lost by forfeit,
 * also when neither player came); null while it is not in.
 * @param {string | null} result
 * @param {'red' | 'blue'} side
 */
export function scoreOf(result, side) {
  const other = side === 'red' ? 'blue' : 'red';
  switch (result) {
    case side: return '1';
    case other: return '0';
    case 'draw': return '½';
    case `${other}-forfeits`: return '+';
    case `${side}-forfeits`: return '−';
    case 'double-forfeit': return '−';
    default: return null;
  }
}

/**
 * The finished games of `player`, in the order played: what each gave them.
 * @param {Pairing[]} pairings
 * @param {number} player
 */
function scoresOf(pairings, player) {
  return [...pairings]
    .sort((a, b) => a.round - b.round || a.board - b.board)
    .map((p) => (p.red === player ? scoreOf(p.result, 'red') : p.blue === player ? scoreOf(p.result, 'blue') : null))
    .filter((score) => score !== null);
}

/**
 * Whether the tournament's standings are a crosstable: a round robin's, or a gauntlet's (the
 * challenger's row has every result, each opponent's the one column).
 * @param {Pick<Tournament, 'format'>} tournament
 */
export function hasCrosstable(tournament) {
  return tournament.format.endsWith('round-robin') || tournament.format === 'gauntlet';
}

/**
 * A round robin's or a gauntlet's crosstable: the players in the order of the standings, and
 * for each pair the results of their games (several, in the order played; none yet: '').
 * @param {Tournament} tournament
 * @returns {{rows: Standing[], cells: (string | null)[][]}} a cell of the diagonal is null
 */
export function crosstable(tournament) {
  const rows = tournament.standings ?? [];
  const pairings = [...(tournament.pairings ?? [])].sort((a, b) => a.round - b.round);
  const cells = rows.map((row) => rows.map((column) => {
    if (row.number === column.number) return null;
    return pairings
      .map((p) => (p.red === row.number && p.blue === column.number ? scoreOf(p.result, 'red')
        : p.blue === row.number && p.red === column.number ? scoreOf(p.result, 'blue') : null))
      .filter((score) => score !== null)
      .join(' ');
  }));
  return { rows, cells };
}

/**
 * The players of an arena on a winning streak: their last two games won (then a win counts
 * double).
 * @param {Tournament} tournament
 * @returns {Set<number>}
 */
export function streaks(tournament) {
  const pairings = tournament.pairings ?? [];
  const on = new Set();
  for (const player of tournament.players ?? []) {
    const last = scoresOf(pairings, player.number).slice(-2);
    if (last.length === 2 && last.every((score) => score === '1' || score === '+')) on.add(player.number);
  }
  return on;
}

/**
 * The boards of round `round`, in board order.
 * @param {Tournament} tournament
 * @param {number} round
 */
export function boardsOf(tournament, round) {
  return (tournament.pairings ?? []).filter((p) => p.round === round).sort((a, b) => a.board - b.board);
}

/**
 * The boards of the round being played (the last one paired).
 * @param {Tournament} tournament
 */
export function currentBoards(tournament) {
  return boardsOf(tournament, tournament.round);
}

/**
 * The name of player `number` ('' if unknown).
 * @param {Tournament} tournament
 * @param {number | null} number
 */
export function nameOf(tournament, number) {
  return tournament.players?.find((p) => p.number === number)?.name ?? '';
}

/**
 * Where the member called `name` stands: not in it (`out`), withdrawn, waiting for a pairing,
 * with the bye, playing a game (its board, side, opponent and game id when it has one), or
 * done with this round.
 * @param {Tournament} tournament
 * @param {string | null} name
 * @returns {{kind: 'out' | 'withdrawn' | 'waiting' | 'bye' | 'played'}
 *   | {kind: 'game', board: number, side: 'red' | 'blue', opponent: string, game: string | null}}
 */
export function nextGame(tournament, name) {
  const me = tournament.players?.find((p) => p.name === name);
  if (!me || tournament.state === 'finished') return { kind: 'out' };
  if (me.withdrawn) return { kind: 'withdrawn' };
  const board = currentBoards(tournament).find((p) => p.red === me.number || p.blue === me.number);
  if (!board || tournament.state !== 'running') return { kind: 'waiting' };
  if (board.blue === null) return { kind: 'bye' };
  if (board.result) return { kind: 'played' };
  const side = board.red === me.number ? 'red' : 'blue';
  const opponent = nameOf(tournament, side === 'red' ? board.blue : board.red);
  return { kind: 'game', board: board.board, side, opponent, game: board.game ?? null };
}

/**
 * The tournaments of a list by state: upcoming (registering), running, finished.
 * @template {{state: string}} T
 * @param {T[]} tournaments
 */
export function byState(tournaments) {
  const of = (/** @type {string} */ state) => tournaments.filter((one) => one.state === state);
  return { upcoming: of('registering'), running: of('running'), finished: of('finished') };
}

/**
 * A short text that changes when the standings do (ranks, names, points): a change worth saying.
 * @param {Tournament} tournament
 */
export function standingsKey(tournament) {
  return (tournament.standings ?? []).map((s) => `${s.rank}:${s.number}:${s.points}`).join(',');
}

/**
 * The games of the round being played to show as small boards: the boards with a game (not a
 * bye nor a forfeit without one), in board order, at most `max`; and how many more there are.
 * @param {Tournament} tournament
 * @param {number} max
 */
export function boardsToWatch(tournament, max) {
  const games = currentBoards(tournament).filter((p) => p.blue !== null && p.game);
  return { shown: games.slice(0, max), more: Math.max(0, games.length - max) };
}

/**
 * The rounds paired so far, newest first.
 * @param {Tournament} tournament
 */
export function roundsPaired(tournament) {
  return [...new Set((tournament.pairings ?? []).map((p) => p.round))].sort((a, b) => b - a);
}
