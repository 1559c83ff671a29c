// Whether the page is served by a game server (jungle-server): only then does it load and show
// online play. The question is one request, `api/health` on the page's own origin. A static
// host answers it with the file dist/api/health (`{"ok":false}`), so that it costs no failed
// request there; a page opened from disk does not ask.

export async function serverHere() {
  if (!location.protocol.startsWith('http')) return false;
  try {
    const response = await fetch(new URL('api/health', document.baseURI), { cache: 'no-store' });
    const answer = response.ok ? await response.json() : null;
    return answer?.ok === true;
  } catch {
    return false;
  }
}
