//! The bake's progress bar.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar on standard error, shown only when it is a terminal and the bake has run
/// for more than [`Progress::AFTER`].
pub struct Progress {
    started: Instant,
    total: u64,
    done: u64,
    terminal: bool,
    bar: Option<ProgressBar>,
}

impl Progress {
    /// How long a bake runs before its bar appears.
    pub const AFTER: Duration = Duration::from_secs(1);

    /// Progress over `total` samples.
    pub fn new(total: u64) -> Progress {
        Progress {
            started: Instant::now(),
            total,
            done: 0,
            terminal: std::io::stderr().is_terminal(),
            bar: None,
        }
    }

    /// `n` more samples are written.
    pub fn advance(&mut self, n: u64) {
        self.done = self.done.saturating_add(n);
        if self.bar.is_none() && self.terminal && self.started.elapsed() > Self::AFTER {
            let bar = ProgressBar::with_draw_target(Some(self.total), ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template("{bar:40} {percent}% {eta} left") {
                bar.set_style(style);
            }
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            bar.set_position(self.done);
        }
    }

    /// Clears the bar, if one is shown.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
