//! A page watching its member's challenges (the challenge event stream), marked in the
//! database so that every instance knows: no challenge is pushed to a member who sees it
//! arrive. The mark is repeated while the stream is open and removed when it closes; one
//! whose instance stopped expires ([`delivery::WATCH_FRESH_MS`](super::delivery::WATCH_FRESH_MS)).

use super::delivery::WATCH_FRESH_MS;
use super::tables;
use crate::server::game::token;
use crate::server::time::real_ms;
use sqlx::AnyPool;
use std::time::Duration;
use tokio::task::AbortHandle;

/// How often an open stream's mark is repeated.
const REPEAT: Duration = Duration::from_millis(WATCH_FRESH_MS as u64 / 3);

/// An open stream's mark, removed when dropped.
pub struct Watching {
    id: String,
    pool: AnyPool,
    repeat: AbortHandle,
}

impl Watching {
    /// Marks a page of member `member_id` as watching its challenges (the first mark
    /// stored before it returns), until dropped.
    pub async fn start(pool: &AnyPool, member_id: &str) -> Watching {
        let id = token::new_game_id();
        let mark = |pool: AnyPool, id: String, member: String| async move {
            if let Err(error) = tables::watching(&pool, &id, &member, real_ms()).await {
                tracing::warn!(%error, "push: a page watching its challenges was not marked");
            }
        };
        mark(pool.clone(), id.clone(), member_id.to_string()).await;
        let (task_pool, task_id, member) = (pool.clone(), id.clone(), member_id.to_string());
        let repeat = tokio::spawn(async move {
            loop {
                tokio::time::sleep(REPEAT).await;
                mark(task_pool.clone(), task_id.clone(), member.clone()).await;
            }
        });
        Watching { id, pool: pool.clone(), repeat: repeat.abort_handle() }
    }
}

impl Drop for Watching {
    fn drop(&mut self) {
        self.repeat.abort();
        let (pool, id) = (self.pool.clone(), std::mem::take(&mut self.id));
        tokio::spawn(async move {
            if let Err(error) = tables::stopped_watching(&pool, &id, real_ms() - WATCH_FRESH_MS).await {
                tracing::warn!(%error, "push: a page's mark of watching its challenges stays until it expires");
            }
        });
    }
}
