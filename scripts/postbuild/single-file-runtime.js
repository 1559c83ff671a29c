// The loader inside dist/jungle.html, the game in one file (written by single-file.mjs). A page
// opened from disk can neither import module files nor start a module worker, so the game's
// modules come as functions (module-function.mjs) in this one classic script, which runs twice:
// in the page, and as the AI's worker, started from this same script's text. The page compiles
// the WebAssembly module once, from the base64 text of the element #jungle-wasm, and hands it
// to the worker in its first message.

// Called at the end of the script, with the modules and the page's entry module.
function startJungle(modules, pageEntry) {
  const START = 'jungle-start';
  const loaded = new Map();
  const workerPaths = new Map();
  const script = self.document?.currentScript.textContent;
  let wasm = null;

  /** Runs the module `path` once; the promise of its exports. */
  function load(path) {
    if (!modules[path]) return Promise.reject(new Error(`jungle.html has no module ${path}`));
    if (!loaded.has(path)) loaded.set(path, modules[path].call(undefined, load, fileUrl));
    return loaded.get(path);
  }

  /** What `new URL(path, import.meta.url)` gives a module: the WebAssembly module, or a worker's URL. */
  function fileUrl(path) {
    if (path.endsWith('.wasm')) return wasm;
    const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
    workerPaths.set(url, path);
    return new URL(url);
  }

  if (script) {
    const base64 = document.getElementById('jungle-wasm').textContent.trim();
    wasm = WebAssembly.compile(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const PageWorker = self.Worker;
    // A worker of the game is this script as a classic worker, told which module to run.
    self.Worker = class extends PageWorker {
      constructor(url, options) {
        const path = workerPaths.get(String(url));
        super(url, path ? { ...options, type: 'classic' } : options);
        if (path) wasm.then((module) => this.postMessage({ [START]: path, module }));
      }
    };
    load(pageEntry);
  } else {
    self.addEventListener('message', function start({ data }) {
      if (!data?.[START]) return;
      self.removeEventListener('message', start);
      wasm = Promise.resolve(data.module);
      load(data[START]);
    });
  }
}
