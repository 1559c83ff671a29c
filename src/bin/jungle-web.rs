//! The web build: Trunk compiles this program to the one WebAssembly module that both the
//! page and the AI's Web Worker load. Its exports are the library's `wasm` module; `main`
//! runs when the module starts. Natively it only says where it belongs.

fn main() {
    #[cfg(target_arch = "wasm32")]
    jungle::wasm::install_panic_hook();
    #[cfg(not(target_arch = "wasm32"))]
    {
        eprintln!("jungle-web is the browser build: run scripts/play to play in a browser");
        std::process::exit(2);
    }
}
