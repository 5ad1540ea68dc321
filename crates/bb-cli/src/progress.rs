//! Progress of long work on stderr, only when stderr is a terminal: one line rewritten in
//! place and erased when the work ends. In a pipe or a file nothing is written, so logs and
//! tests see only the results.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A terminal needs no more than this many redraws a second, and fewer keep the cost of
/// progress from long loops negligible.
const MIN_INTERVAL: Duration = Duration::from_millis(100);

/// The progress line (thread-safe: perft workers update it).
#[derive(Debug)]
pub struct Progress {
    on: bool,
    last: Mutex<Option<Instant>>,
}

impl Progress {
    /// Progress on stderr when stderr is a terminal; silent otherwise.
    #[must_use]
    pub fn stderr() -> Progress {
        Progress::new(std::io::stderr().is_terminal())
    }

    /// Progress that writes when `on` (tests use `false`).
    #[must_use]
    pub fn new(on: bool) -> Progress {
        Progress {
            on,
            last: Mutex::new(None),
        }
    }

    /// Whether anything is written.
    #[must_use]
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Shows the line `msg()` unless the previous one is younger than a tenth of a second
    /// (`msg` is not called then).
    pub fn show(&self, msg: impl FnOnce() -> String) {
        if !self.on {
            return;
        }
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        if last.is_some_and(|t| t.elapsed() < MIN_INTERVAL) {
            return;
        }
        *last = Some(Instant::now());
        write_line(&msg());
    }

    /// Shows the line `msg` now.
    pub fn force(&self, msg: &str) {
        if !self.on {
            return;
        }
        if let Ok(mut last) = self.last.lock() {
            *last = Some(Instant::now());
        }
        write_line(msg);
    }

    /// Erases the line (before results are printed, and at the end).
    pub fn clear(&self) {
        if self.on {
            let mut e = std::io::stderr().lock();
            let _ = write!(e, "\r\x1b[K");
            let _ = e.flush();
        }
    }

    /// Runs `f` while a second thread redraws `label` with the elapsed time a few times a
    /// second (for work that reports nothing while it runs, like one solve); erases the line
    /// after.
    pub fn during<R>(&self, label: &str, f: impl FnOnce() -> R) -> R {
        if !self.on {
            return f();
        }
        let t0 = Instant::now();
        let (done, wait) = std::sync::mpsc::channel::<()>();
        let r = std::thread::scope(|s| {
            s.spawn(move || {
                // Ends on the message, or when the sender is dropped.
                while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                    wait.recv_timeout(Duration::from_millis(250))
                {
                    self.force(&format!("{label} {:.1} s", t0.elapsed().as_secs_f64()));
                }
            });
            self.force(label);
            let r = f();
            let _ = done.send(());
            r
        });
        self.clear();
        r
    }
}

fn write_line(msg: &str) {
    // Longer than a terminal line, the text would wrap and `\r` would no longer rewrite it.
    let msg: String = msg.chars().take(78).collect();
    let mut e = std::io::stderr().lock();
    let _ = write!(e, "\r\x1b[K{msg}");
    let _ = e.flush();
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.clear();
    }
}
