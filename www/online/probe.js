// Whether the page is served by a game server (jungle-server): only then does it load and show
// online play. The question is one request, `api/health` on the page's own origin. A static
// host answers it with the file dist/api/health (`{"ok":false}`), so that it costs no failed
// request there; a page opened from disk does not ask.

/**
 * The server's health answer when the page is served by a game server (`members`: how its club
 * takes members, `open` or `invite`); else null.
 * @returns {Promise<{ok: true, members?: 'open' | 'invite'} | null>}
 */
export async function serverHere() {
  if (!location.protocol.startsWith('http')) return null;
  try {
    const response = await fetch(new URL('api/health', document.baseURI), { cache: 'no-store' });
    const answer = response.ok ? await response.json() : null;
    return answer?.ok === true ? answer : null;
  } catch {
    return null;
  }
}
