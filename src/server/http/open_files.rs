//! The process's open-file limit, which bounds the connections it can hold (each is an open
//! file): raised at start from the soft limit to the hard one, the most the system allows.

/// Raises the soft open-file limit to the hard limit, and logs both; the soft limit now, if
/// there is one.
#[cfg(unix)]
pub fn raise() -> Option<u64> {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes into the struct it is given, which lives across the call.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return None;
    }
    let before = limit.rlim_cur;
    if limit.rlim_cur < limit.rlim_max {
        let raised = libc::rlimit { rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max };
        // SAFETY: setrlimit only reads the struct it is given, which lives across the call.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
            limit = raised;
        }
    }
    let finite = |files: libc::rlim_t| (files != libc::RLIM_INFINITY).then_some(files);
    tracing::info!(
        before = ?finite(before),
        soft = ?finite(limit.rlim_cur),
        hard = ?finite(limit.rlim_max),
        "open-file limit"
    );
    finite(limit.rlim_cur)
}

#[cfg(not(unix))]
pub fn raise() -> Option<u64> {
    None
}
