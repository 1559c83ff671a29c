// Starts the page: loads the WebAssembly engine, then opens straight into a game. The game's
// owner (game-controller.js) is made first, every view the first board needs subscribes to it,
// and then the first game starts (first-game.js): the link's, else the one saved in this
// browser, else a new one. Once the board is playable, the rest of the page (page-rest.js: most
// aids, the lists of games) is loaded and installed; then the page is ready.
// A page embedded in another (`embed=1`, or any frame) keeps no games: they are the host's.
// Online play is loaded only when the page's own origin is a game server (online/probe.js),
// and the club account (account/) only when that server has members.

import './page/offline.js';
import { startEngine } from './game/engine.js';
import { addActionIcons } from './page/action-icons.js';
import { boardShown, nextTask } from './page/after-start.js';
import { installAids } from './aids/aids.js';
import { App } from './panels/app.js';
import { byId } from './page/dom.js';
import { Duel } from './panels/duel.js';
import { connectHost, showTurn } from './page/embed.js';
import { startFirstGame } from './saved/first-game.js';
import { GameController } from './game/game-controller.js';
import { GameUndo } from './saved/game-undo.js';
import { GameStore } from './saved/game-store.js';
import { serverHere } from './online/probe.js';
import { startLanguage } from './page/i18n.js';
import { applyLook } from './page/page-look.js';
import { describeGame, keepGames, problemMessage, restoreExtras, saveExtras } from './saved/save-game.js';
import { readLink, tidyAddress } from './game/share.js';
import { Toast } from './page/toast.js';
import { installTools } from './tools/tools.js';
import { analyseGame } from './analysis/open-analysis.js';

/** localStorage, or null when the browser keeps nothing. */
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// `embed=1&` with `tournament=<id>`, `leaderboard=<rules>`, `league=<id>`, `ladder=<id>`,
// `cup=<id>` or `match=<id>` (a team match): a club's live view alone (page/live-frame.js), and no game: the rest of this page
// never starts.
const liveEmbeds = {
  tournament: async () => (await import('./tournaments/embed-live.js')).showLiveEmbed(),
  leaderboard: async () => (await import('./tournaments/embed-live.js')).showLiveEmbed(),
  league: async () => (await import('./leagues/league-embed.js')).showLeagueEmbed(),
  ladder: async () => (await import('./ladders/embed-ladder.js')).showLadderEmbed(),
  cup: async () => (await import('./cups/embed-cup.js')).showCupEmbed(),
  match: async () => (await import('./teams/embed-match.js')).showMatchEmbed(),
};
const liveEmbed = /[?&]embed=1(&|$)/.test(location.search) ? /[?&](tournament|leaderboard|league|ladder|cup|match)=/.exec(location.search) : null;
if (liveEmbed) await liveEmbeds[/** @type {keyof typeof liveEmbeds} */ (liveEmbed[1])]();
// The engine reads the link (its `lang` too), then the language: the game is written in it
// from its first frame.
await startEngine();
const read = readLink();
await startLanguage({ linked: read.link.lang ?? null });
applyLook(read.link);
addActionIcons();
// The start runs in short tasks rather than one long one (after-start.js).
await nextTask();
const owner = new GameController({ extras: { save: saveExtras, restore: restoreExtras } });
const framed = window.top !== window;
// A problem of the saved data is worded again when the language changes.
const store = read.link.embed || framed ? null : new GameStore(storage(), describeGame, (problem) => {
  tell(() => problemMessage(problem).text, () => problemMessage(problem).details);
});
/** @type {import('./saved/recent-games.js').RecentGames | null} */
let recent = null;
// Made before the clocks (installAids): see game-undo.js.
const toast = new Toast(byId('board-area'));
const gameUndo = new GameUndo(owner, toast, store && ((id) => store.takeRecent(id)), () => recent?.show());
const app = new App(owner);
// The tools' panel is on the page from its first frame: added later, it would push the panels
// below it down.
const messages = installTools(owner, app);
/** @type {(text: import('./page/page-ui.js').Words, details?: import('./page/page-ui.js').WordList) => void} */
function tell(text, details = []) {
  messages.show(text, details);
}
const aids = installAids(owner, app);
new Duel(owner, byId('status-panel'), (text) => toast.show(text));
if (read.link.embed) showTurn(owner, byId('embed-turn'));
connectHost(owner, (text) => app.notice(text));
if (store) {
  keepGames(owner, store, (entry) => {
    recent?.show();
    gameUndo.kept(entry);
  });
}
await nextTask();
const shelved = startFirstGame(owner, read, store, tell);
// `?analysis=1`: the link's game (or the first game) opens on the analysis board.
if (read.link.analysis && read.game !== 'refused') await analyseGame(owner);
if (shelved) gameUndo.offer({ game: shelved, extra: shelved.extra, pausedAt: shelved.savedAt, flipped: null, keptId: shelved.id });
await nextTask();
if (!read.link.embed) tidyAddress();
// The board is drawn in the next frame: from then on the page is playable (scripts/bench-web).
await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
performance.mark('jungle-playable');
boardShown();

const { installRest } = await import('./panels/page-rest.js');
const rest = installRest(owner, app, aids, { store, embed: Boolean(read.link.embed), tell });
recent = rest.recent;
// An embedded board has no panels: no review to open there.
if (!read.link.embed) app.offer({ review: () => rest.more.review.start() });
recent?.show(); // with the game a link put aside, or one brought back from an earlier version
document.documentElement.dataset.ready = 'yes';
// For the browser console and tests: the page's view of the game, and its aids.
Object.assign(window, { jungle: app, jungleAids: { ...aids, ...rest.more } });
const health = await serverHere();
const online = health !== null;
if (online) {
  // Who is signed in is known before an invite link asks for a name. A server from before the
  // club's members has no member API: then no account either.
  /** @type {import('./online/tournament-game.js').OpenTournament} */
  let openTournament = null;
  if (health.members && !read.link.embed) {
    const { installAccount } = await import('./account/account-button.js');
    await installAccount(health.members);
    const { installTournaments } = await import('./tournaments/tournaments-entry.js');
    openTournament = installTournaments();
    (await import('./leagues/leagues-entry.js')).installLeagues();
    (await import('./ladders/ladders-entry.js')).installLadders();
    (await import('./cups/cups-entry.js')).installCups();
    (await import('./teams/teams-entry.js')).installTeams();
  }
  const { installOnline } = await import('./online/online-panel.js');
  const onlinePlay = installOnline(owner, {
    embed: read.link.embed,
    review: () => rest.more.review.start(),
    notice: (text) => app.notice(text),
    say: (text) => app.say(text),
    tell,
    yours: rest.yours,
    tournament: openTournament,
  });
  if (!read.link.embed) app.offer({ lobby: () => onlinePlay.openDialog() });
}
document.documentElement.dataset.online = online ? 'yes' : 'no';
