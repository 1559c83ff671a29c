//! What Linux's `/proc` tells about a process: its resident memory, its CPU time, its limit
//! of open files, and the machine's load average. Absent (None) where `/proc` is not.

/// Clock ticks per second of `/proc/*/stat` (`USER_HZ`: 100 on every Linux ABI).
const TICKS_PER_SECOND: f64 = 100.0;

/// The resident memory of process `pid`, in KiB (`VmRSS`).
pub fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The CPU time (user + system) process `pid` has used, in seconds.
pub fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name, in parentheses, may hold spaces: count the fields after it, which
    // start with the third (state); utime and stime are the 14th and 15th.
    let mut fields = stat.rsplit_once(')')?.1.split_whitespace().skip(11);
    let user: f64 = fields.next()?.parse().ok()?;
    let system: f64 = fields.next()?.parse().ok()?;
    Some((user + system) / TICKS_PER_SECOND)
}

/// How many files this process may open (the soft limit).
pub fn open_files_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line["Max open files".len()..].split_whitespace().next()?.parse().ok()
}

/// The machine's load average over the last minute.
pub fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg").ok()?.split_whitespace().next()?.parse().ok()
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn this_process_is_measured() {
        let me = std::process::id();
        assert!(rss_kib(me).is_some_and(|kib| kib > 0));
        assert!(cpu_seconds(me).is_some_and(|s| s >= 0.0));
        assert!(open_files_limit().is_some_and(|n| n > 0));
        assert!(load_average().is_some());
        assert_eq!(rss_kib(u32::MAX), None);
    }
}
