//! The samples a streamed bake takes (docs/curves.md §5): its rate as the contract's f32 and
//! the engine's window ([`BakeWindow`]: the defaults, the frame count, the sample times),
//! handed out in runs of [`CHUNK`].

use animation_engine::ClipTime;
use animation_engine::bake::BakeWindow;

use crate::error::CliError;
use crate::number_text::seconds_to_ns;

/// Samples taken per track at a time: the memory a bake holds, whatever its length.
pub const CHUNK: usize = 4096;

/// The most frames a streamed window may span: F stays exact in f64 below 2^53.
const FRAME_LIMIT: u64 = 1 << 53;

/// The samples a streamed bake takes: the engine's window of docs/curves.md §5 at the rate
/// the contract would receive.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StreamedBake {
    /// The rate as the contract receives it (an f32).
    pub rate: f32,
    /// The window after its defaults, its period and frame count, as the engine's bake
    /// takes them (with a limit of 2^53 frames instead of 2^20).
    pub window: BakeWindow,
}

impl StreamedBake {
    /// The bake at `rate` Hz from `from` to `to` seconds (defaults 0 and `clip_end_ns`).
    /// Refused, as a usage error: a rate that is not finite and above 0 as an f32, an
    /// unrepresentable time, a `from` after `to`, or a window of 2^53 frames or more.
    pub fn new(
        clip_end_ns: i64,
        rate: f64,
        from: Option<f64>,
        to: Option<f64>,
    ) -> Result<StreamedBake, CliError> {
        let rate32 = rate as f32;
        if !rate32.is_finite() || rate32 <= 0.0 {
            return Err(CliError::Usage(format!(
                "--rate {rate}: the rate must be a finite number of hertz above 0 (as an f32)"
            )));
        }
        let start_ns = from.map(|s| ns_of("--from", s)).transpose()?;
        let end_ns = to.map(|s| ns_of("--to", s)).transpose()?;
        if let (Some(from), Some(to), Some(start), Some(end)) = (from, to, start_ns, end_ns)
            && end < start
        {
            return Err(CliError::Usage(format!(
                "--from {from} is after --to {to}: the window would end before it starts"
            )));
        }
        let clip_end = ClipTime::from_ns(clip_end_ns);
        let (start, end) = (
            start_ns.map(ClipTime::from_ns),
            end_ns.map(ClipTime::from_ns),
        );
        let window = BakeWindow::new(clip_end, f64::from(rate32), start, end, FRAME_LIMIT)
            .map_err(|_| {
                CliError::Usage(format!(
                    "the window holds 2^53 periods of 1/{rate32} s or more: too many samples to bake"
                ))
            })?;
        Ok(StreamedBake {
            rate: rate32,
            window,
        })
    }

    /// How many samples each keyed track gets: F + 1.
    pub fn samples(&self) -> u64 {
        self.window.samples()
    }

    /// The sample times in runs of at most [`CHUNK`], in order.
    pub fn chunks(&self) -> impl Iterator<Item = Vec<f64>> + '_ {
        let total = self.samples();
        (0..total).step_by(CHUNK).map(move |first| {
            let last = (first + CHUNK as u64).min(total);
            (first..last).map(|k| self.window.time(k)).collect()
        })
    }
}

fn ns_of(option: &str, s: f64) -> Result<i64, CliError> {
    seconds_to_ns(s).ok_or_else(|| {
        CliError::Usage(format!(
            "{option} {s}: not a time in seconds within ±292 years"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(end_ns: i64, rate: f64) -> u64 {
        StreamedBake::new(end_ns, rate, None, None)
            .unwrap()
            .samples()
    }

    #[test]
    fn frame_counts_are_those_of_curves_section_5() {
        assert_eq!(frames(70_000_000, 100.0), 8);
        assert_eq!(frames(550_000_000, 100.0), 56);
        assert_eq!(frames(280_000_000, 25.0), 8);
        assert_eq!(frames(3_000_000_001, 1.0), 5);
        assert_eq!(frames(1_000_000_000, 3.0), 4);
        assert_eq!(frames(0, 60.0), 1);
    }

    #[test]
    fn impossible_rates_and_ranges_are_usage_errors() {
        for rate in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e-60] {
            let refused = StreamedBake::new(0, rate, None, None).unwrap_err();
            assert_eq!(refused.exit_status(), 2, "{rate}");
        }
        let reversed = StreamedBake::new(0, 60.0, Some(3.0), Some(1.0)).unwrap_err();
        assert!(reversed.to_string().contains("--from 3 is after --to 1"));
    }

    #[test]
    fn the_chunks_hold_every_sample_time_once_in_order() {
        let plan = StreamedBake::new(1_000_000_000, 10_000.0, None, None).unwrap();
        let times: Vec<f64> = plan.chunks().flatten().collect();
        assert_eq!(times.len() as u64, plan.samples());
        assert_eq!(times[4097], 4097.0 * 100_000.0);
    }
}
