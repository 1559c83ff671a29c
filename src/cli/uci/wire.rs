//! What flows between the protocol's threads: the events the session is told, in order, and
//! the shared output its answers go to. A leaf: the input thread, the session and the worker
//! all use it, and it uses none of them.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::SyncSender;
use std::sync::{Arc, Mutex};

/// What the session is told, in order.
#[derive(PartialEq, Eq, Debug)]
pub enum Event {
    /// A line of input, without its `\n`.
    Line(Vec<u8>),
    /// A line of this many bytes, longer than `input::MAX_LINE`: refused unread.
    TooLong(u64),
    /// The input ended.
    End,
    /// An answer could not be written.
    OutputClosed,
}

/// Where answers go: shared by the session and the worker thread, one whole line at a time,
/// flushed after each. After a failed write nothing more is written, and the session is told.
#[derive(Clone)]
pub struct Out {
    writer: Arc<Mutex<Box<dyn Write + Send>>>,
    closed: Arc<AtomicBool>,
    events: SyncSender<Event>,
}

impl Out {
    pub fn new(writer: Box<dyn Write + Send>, events: SyncSender<Event>) -> Out {
        Out { writer: Arc::new(Mutex::new(writer)), closed: Arc::new(AtomicBool::new(false)), events }
    }

    /// Writes one line, unless the output has failed.
    pub fn line(&self, text: &str) {
        let mut writer = self.writer.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if self.is_closed() {
            return;
        }
        if writeln!(writer, "{text}").and_then(|()| writer.flush()).is_err() {
            self.closed.store(true, Ordering::Relaxed);
            // If the queue is full the session is busy, and sees `is_closed` next.
            let _ = self.events.try_send(Event::OutputClosed);
        }
    }

    /// `info string error: <message>`.
    pub fn error(&self, message: &str) {
        self.line(&format!("info string error: {message}"));
    }

    /// Whether a write has failed (the interface is gone).
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }
}
