// An endgame table's file (tablebase/<SET>.jtb.gz, made by scripts/build-tablebase), fetched and
// unpacked by the browser's DecompressionStream, for the analysis board and the AI's worker.

/**
 * The bytes of the set `name`, unpacked, from the page's folder `base`. A host that labels .gz
 * files as gzip-encoded (Apache does by default) has the browser unpack them already: bytes
 * without gzip's mark are taken as they are (the engine checks them either way).
 * @param {string} name
 * @param {string | URL} base
 */
export async function fetchTableSet(name, base) {
  const response = await fetch(new URL(`tablebase/${name}.jtb.gz`, base));
  if (!response.ok) throw new Error(`tablebase/${name}.jtb.gz answered ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}
