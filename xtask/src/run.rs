//! Running child processes with a time limit, and reading libtest's summary lines.

use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// How a child process ended.
#[derive(Debug)]
pub struct Outcome {
    /// Exit status, `None` when it was killed for running out of time or could not start.
    pub status: Option<ExitStatus>,
    /// It ran past its time limit and was killed.
    pub timed_out: bool,
    /// It could not be started at all.
    pub spawn_error: Option<String>,
    /// Everything it wrote to stdout and stderr, interleaved.
    pub output: String,
    /// Wall time.
    pub elapsed: Duration,
}

impl Outcome {
    /// Exited with status 0.
    pub fn success(&self) -> bool {
        self.status.is_some_and(|s| s.success())
    }

    /// A short description of a failed run ("exit status 101", "timed out after 300 s").
    pub fn describe(&self, limit: Duration) -> String {
        if let Some(e) = &self.spawn_error {
            format!("could not start: {e}")
        } else if self.timed_out {
            format!("timed out after {} s", limit.as_secs())
        } else {
            match self.status {
                Some(s) => s.to_string(),
                None => "no exit status".into(),
            }
        }
    }
}

/// Runs `cmd` with stdout and stderr sent to `log` (created), killing its whole process group after
/// `limit`. Returns what it printed.
pub fn run_logged(cmd: &mut Command, log: &Path, limit: Duration) -> Outcome {
    use std::os::unix::process::CommandExt;
    let start = Instant::now();
    let fail = |e: String| Outcome {
        status: None,
        timed_out: false,
        spawn_error: Some(e),
        output: String::new(),
        elapsed: start.elapsed(),
    };
    if let Some(dir) = log.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let file = match File::create(log) {
        Ok(f) => f,
        Err(e) => return fail(format!("{}: {e}", log.display())),
    };
    let file2 = match file.try_clone() {
        Ok(f) => f,
        Err(e) => return fail(e.to_string()),
    };
    cmd.stdin(Stdio::null())
        .stdout(Stdio::from(file))
        .stderr(Stdio::from(file2))
        .process_group(0);
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return fail(format!("{:?}: {e}", cmd.get_program())),
    };
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) => {}
            Err(_) => break None,
        }
        if start.elapsed() > limit {
            timed_out = true;
            // Kill the whole group (`cargo miri` and emulators can leave children behind), but only
            // once /proc confirms the child leads its own group: never signal our own group.
            let pid = child.id();
            if process_group_of(pid) == Some(pid)
                && process_group_of(std::process::id()) != Some(pid)
            {
                let _ = Command::new("kill")
                    .args(["-s", "KILL", "--", &format!("-{pid}")])
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status();
            }
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut output = String::new();
    if let Ok(mut f) = File::open(log) {
        let mut bytes = Vec::new();
        let _ = f.read_to_end(&mut bytes);
        output = String::from_utf8_lossy(&bytes).into_owned();
    }
    Outcome {
        status,
        timed_out,
        spawn_error: None,
        output,
        elapsed: start.elapsed(),
    }
}

/// The process group of `pid`, from `/proc/<pid>/stat` (Linux); `None` elsewhere.
fn process_group_of(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so split after the last ')'.
    let rest = &stat[stat.rfind(')')? + 1..];
    rest.split_whitespace().nth(2)?.parse().ok()
}

/// Test counts summed over libtest's `test result:` lines.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Tests that passed.
    pub passed: u64,
    /// Tests that failed.
    pub failed: u64,
    /// Tests that were ignored.
    pub ignored: u64,
    /// How many `test result:` lines were seen (one per harness run).
    pub summaries: u64,
}

impl Counts {
    /// Adds another set of counts.
    pub fn add(&mut self, other: Counts) {
        self.passed += other.passed;
        self.failed += other.failed;
        self.ignored += other.ignored;
        self.summaries += other.summaries;
    }
}

/// Sums every `test result: ok. 3 passed; 1 failed; 2 ignored; ...` line in `output`.
pub fn parse_libtest(output: &str) -> Counts {
    let mut c = Counts::default();
    for line in output.lines() {
        let Some(rest) = line.trim_start().strip_prefix("test result: ") else {
            continue;
        };
        c.summaries += 1;
        for part in rest.split([';', '.']) {
            let mut words = part.split_whitespace();
            let (Some(n), Some(what)) = (words.next(), words.next()) else {
                continue;
            };
            let Ok(n) = n.parse::<u64>() else {
                continue;
            };
            match what {
                "passed" => c.passed += n,
                "failed" => c.failed += n,
                "ignored" => c.ignored += n,
                _ => {}
            }
        }
    }
    c
}

/// Names of the failing tests, from libtest's `test foo ... FAILED` lines.
pub fn failing_tests(output: &str) -> Vec<String> {
    output
        .lines()
        .filter_map(|l| l.strip_prefix("test ")?.strip_suffix(" ... FAILED"))
        .map(str::to_owned)
        .collect()
}

/// The last `n` lines of `s`.
pub fn tail(s: &str, n: usize) -> String {
    let lines: Vec<&str> = s.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_libtest_summaries() {
        let out = "running 3 tests\n\
            test a ... ok\n\
            test b ... FAILED\n\
            test c ... ignored\n\
            \n\
            test result: FAILED. 1 passed; 1 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.01s\n\
            \n\
            test result: ok. 12 passed; 0 failed; 0 ignored; 0 measured; 5 filtered out; finished in 1.50s\n";
        let c = parse_libtest(out);
        assert_eq!(
            c,
            Counts {
                passed: 13,
                failed: 1,
                ignored: 1,
                summaries: 2
            }
        );
        assert_eq!(failing_tests(out), ["b"]);
    }

    #[test]
    fn reads_process_group() {
        let me = std::process::id();
        assert!(process_group_of(me).is_some());
        assert_eq!(process_group_of(u32::MAX), None);
    }

    #[test]
    fn no_summary_means_no_counts() {
        assert_eq!(parse_libtest("Segmentation fault\n").summaries, 0);
    }

    #[test]
    fn kills_on_timeout() {
        let dir = std::env::temp_dir().join(format!("xtask-run-test-{}", std::process::id()));
        let log = dir.join("sleep.log");
        let o = run_logged(
            Command::new("sh").args(["-c", "echo hi; sleep 30"]),
            &log,
            Duration::from_millis(300),
        );
        assert!(o.timed_out);
        assert!(!o.success());
        assert!(o.output.contains("hi"));
        assert!(o.elapsed < Duration::from_secs(10));
        let o = run_logged(
            Command::new("sh").args(["-c", "exit 3"]),
            &log,
            Duration::from_secs(30),
        );
        assert!(!o.timed_out);
        assert_eq!(o.status.and_then(|s| s.code()), Some(3));
        let _ = std::fs::remove_dir_all(dir);
    }
}
