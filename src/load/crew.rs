//! The workers as the coordinator sees them: a task of this process, or a child process
//! (`jungle-load --worker FIRST …`, when one process may not open enough files)
//! spoken to by lines: the child writes `opened N`, reads `go`, then writes `result JSON`.

use super::options::Options;
use super::tally::Tally;
use super::worker::{work, Share};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

/// One worker.
pub enum Worker {
    /// A task of this process.
    Task {
        /// Its number of games open, until read.
        opened: Option<oneshot::Receiver<u64>>,
        /// The signal to play, until given.
        go: Option<oneshot::Sender<()>>,
        /// The task.
        task: JoinHandle<Tally>,
    },
    /// A child process.
    Child {
        /// The process.
        child: Child,
        /// Its standard input.
        stdin: ChildStdin,
        /// The lines of its standard output, read by a thread.
        lines: mpsc::Receiver<String>,
    },
}

impl Worker {
    /// A worker task running `share` here.
    pub fn task(share: Share) -> Worker {
        let (opened_tx, opened) = oneshot::channel();
        let (go, go_rx) = oneshot::channel();
        let task = tokio::spawn(work(share, opened_tx, go_rx));
        Worker::Task { opened: Some(opened), go: Some(go), task }
    }

    /// A child process of this program running `share`.
    pub fn child(options: &Options, share: &Share) -> Result<Worker, String> {
        let program = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
        let mut child = Command::new(program)
            .args(options.worker_args(share))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start a worker process: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let (sender, lines) = mpsc::channel(4);
        std::thread::spawn(move || {
            for line in stdout.lines().map_while(Result::ok) {
                if sender.blocking_send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Worker::Child { child, stdin, lines })
    }

    /// Waits until the worker's games are open; how many are.
    pub async fn opened(&mut self) -> Result<u64, String> {
        match self {
            Worker::Task { opened, .. } => {
                opened.take().ok_or("asked twice")?.await.map_err(|_| "the worker stopped".to_string())
            }
            Worker::Child { lines, .. } => {
                let line = said(lines).await?;
                let n = line.strip_prefix("opened ").and_then(|n| n.parse().ok());
                n.ok_or_else(|| format!("a worker said `{line}` for `opened N`"))
            }
        }
    }

    /// Tells the worker to play.
    pub async fn go(&mut self) -> Result<(), String> {
        match self {
            Worker::Task { go, .. } => {
                go.take().ok_or("told twice")?.send(()).map_err(|()| "the worker stopped".into())
            }
            Worker::Child { stdin, .. } => {
                stdin.write_all(b"go\n").map_err(|e| format!("a worker does not listen: {e}"))
            }
        }
    }

    /// Waits for the worker's tally.
    pub async fn result(self) -> Result<Tally, String> {
        match self {
            Worker::Task { task, .. } => task.await.map_err(|e| format!("the worker failed: {e}")),
            Worker::Child { mut child, mut lines, .. } => {
                let line = said(&mut lines).await?;
                let json = line.strip_prefix("result ").ok_or_else(|| format!("a worker said `{line}`"))?;
                let tally = serde_json::from_str(json).map_err(|e| format!("a worker's tally: {e}"))?;
                let _ = tokio::task::spawn_blocking(move || child.wait()).await;
                Ok(tally)
            }
        }
    }
}

async fn said(lines: &mut mpsc::Receiver<String>) -> Result<String, String> {
    lines.recv().await.ok_or_else(|| "a worker process stopped".into())
}

/// The child's side: runs `share`, speaking the protocol on standard input and output.
pub async fn serve(share: Share) -> Result<(), String> {
    let (opened_tx, opened) = oneshot::channel();
    let (go, go_rx) = oneshot::channel();
    let task = tokio::spawn(work(share, opened_tx, go_rx));
    let n = opened.await.map_err(|_| "the worker stopped")?;
    println!("opened {n}");
    let line = tokio::task::spawn_blocking(|| {
        let mut line = String::new();
        std::io::stdin().read_line(&mut line).map(|_| line)
    });
    match line.await {
        Ok(Ok(line)) if line.trim_end() == "go" => {}
        _ => return Err("expected `go` from the coordinator".into()),
    }
    let _ = go.send(());
    let tally = task.await.map_err(|e| format!("the worker failed: {e}"))?;
    println!("result {}", serde_json::to_string(&tally).map_err(|e| e.to_string())?);
    Ok(())
}
