// The loader inside dist/jungle.html, the game in one file (written by single-file.mjs). A page
// opened from disk can fetch no file beside it, so the bundles of jungle.html ask this for the
// files the game's code names by URL (file-urls.mjs): `__jungleFile(path)` gives the
// WebAssembly module, compiled from the base64 text of the element #jungle-wasm, or, for a
// worker, the address of its script, made from the text of the element that holds it with this
// loader in front (so that the worker finds the WebAssembly module too). Such a page cannot start
// module workers either: the workers' bundles are written to run as classic scripts, and the
// page starts them as such whatever type it asks for.

function jungleFiles(base64) {
  let wasm = null;
  const workers = new Set();
  if (self.document) {
    const PageWorker = self.Worker;
    self.Worker = class extends PageWorker {
      constructor(url, options) {
        super(url, workers.has(String(url)) ? { ...options, type: 'classic' } : options);
      }
    };
  }
  return (path) => {
    if (path.endsWith('.wasm')) {
      wasm ??= WebAssembly.compile(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
      return wasm;
    }
    const script = [...document.querySelectorAll('script[type="text/plain"][data-path]')].find((s) => s.dataset.path === path);
    if (!script) throw new Error(`jungle.html holds no ${path}`);
    const loader = `${jungleFiles}\nconst __jungleFile = jungleFiles(${JSON.stringify(base64)});\n`;
    const url = URL.createObjectURL(new Blob([loader, script.textContent], { type: 'text/javascript' }));
    workers.add(url);
    return new URL(url);
  };
}
