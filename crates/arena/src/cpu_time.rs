//! Think time as the CPU time of the thread that thinks: the arena runs on shared machines,
//! where wall time also counts whatever else the machine is doing while a search waits for a core.
//! Where no per-thread clock exists (not unix), the wall clock stands in.

use std::time::{Duration, Instant};

/// Measures one stretch of work on the current thread.
pub struct Stopwatch {
    cpu: Option<Duration>,
    wall: Instant,
}

impl Stopwatch {
    pub fn start() -> Stopwatch {
        Stopwatch { cpu: thread_cpu_time(), wall: Instant::now() }
    }

    /// CPU time of this thread since [`Self::start`] (wall time where it cannot be read).
    pub fn elapsed(&self) -> Duration {
        match (self.cpu, thread_cpu_time()) {
            (Some(start), Some(now)) => now.saturating_sub(start),
            _ => self.wall.elapsed(),
        }
    }
}

/// The CPU time the calling thread has used.
#[cfg(unix)]
pub fn thread_cpu_time() -> Option<Duration> {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (status == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

#[cfg(not(unix))]
pub fn thread_cpu_time() -> Option<Duration> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_work_and_not_sleep() {
        let watch = Stopwatch::start();
        std::thread::sleep(Duration::from_millis(30));
        let asleep = watch.elapsed();
        let mut x = 0u64;
        let busy = Instant::now();
        while busy.elapsed() < Duration::from_millis(30) {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        let working = watch.elapsed() - asleep;
        if thread_cpu_time().is_some() {
            assert!(asleep < Duration::from_millis(10), "sleeping counted {asleep:?}");
        }
        assert!(working > Duration::from_millis(5), "busy work counted only {working:?}");
    }
}
