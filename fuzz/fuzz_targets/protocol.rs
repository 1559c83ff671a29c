//! Any bytes as the engine protocol's input, through a whole session in memory: no panic, the
//! session ends with its input (stopping any search), and every answer line is short, UTF-8 and
//! free of control characters (see `src/cli/uci/check.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

// The protocol belongs to the `jungle` binary, not to the library: its module is compiled into
// this target as well, reaching the library through `jungle::…` as the binary does. Only its
// `check` part is used here.
#[allow(dead_code)]
#[path = "../../src/cli/uci/mod.rs"]
mod uci;

fuzz_target!(|data: &[u8]| uci::check::session(data));
