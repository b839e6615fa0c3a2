//! `play`: one player with one instance per clip, stepped at a fixed rate through the
//! contract's `step_values` (or `step_with_velocities`), on a host registration or on the
//! guest of a module directory.

use std::path::Path;

use arora_animation_module::clip_record;
use arora_types::value::Value;

use crate::args::PlayArgs;
use crate::clip_file::ClipFile;
use crate::device_session::DeviceSession;
use crate::error::CliError;
use crate::number_text::seconds_to_ns;
use crate::session::{Contract, HostSession, accepted};

/// The most steps a session plays: every step is kept (for `--plot`) and printed.
pub const MAX_STEPS: u64 = 1 << 24;

/// What a session played.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The output keys, one per position of each frame's values.
    pub keys: Vec<String>,
    /// One frame per step, in order.
    pub frames: Vec<Frame>,
}

/// One step's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// The device time the step reached.
    pub time_ns: u64,
    /// One value per key; `Unit` where the position has none.
    pub values: Vec<Value>,
    /// With `--velocities`: one per key, `F64` or `Unit`.
    pub velocities: Option<Vec<Value>>,
}

/// The session `play` runs, in the contract's units.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// The player's speed, if set.
    pub speed: Option<f32>,
    /// The loop mode's contract name, if set.
    pub loop_mode: Option<&'static str>,
    /// The window (start, end), if set.
    pub window: Option<(u64, Option<u64>)>,
    /// The player's length, if set.
    pub length_ns: Option<u64>,
    /// Whether the player is reversed.
    pub reversed: bool,
    /// Per instance, in clip order.
    pub weights: Vec<f32>,
    /// Each instance's offset on the timeline, in order.
    pub offsets_ns: Vec<i64>,
    /// The device step.
    pub dt_ns: u64,
    /// How many steps to take.
    pub steps: u64,
    /// Whether to step with velocities.
    pub velocities: bool,
}

impl Setup {
    /// Reads the options; a value the contract cannot take is a usage error.
    pub fn from_args(args: &PlayArgs, clips: &[ClipFile]) -> Result<Setup, CliError> {
        let n = clips.len();
        if args.weights.len() > n || args.offsets.len() > n {
            return Err(usage(format!(
                "{} clips take at most {n} --weight and {n} --offset values",
                n
            )));
        }
        if !args.rate.is_finite() || args.rate <= 0.0 || args.rate > 1e9 {
            return Err(usage(format!(
                "--rate {}: steps per second in (0, 1e9]",
                args.rate
            )));
        }
        let dt_ns = ((1e9 / args.rate).round() as u64).max(1);
        let default_ns = clips.iter().map(|c| c.clip.end_ns()).max().unwrap_or(0);
        let duration_ns = match args.duration {
            Some(s) => unsigned_ns("--duration", s)?,
            None => u64::try_from(default_ns).unwrap_or(0),
        };
        let mut offsets_ns = Vec::with_capacity(n);
        for &s in &args.offsets {
            offsets_ns.push(seconds_to_ns(s).ok_or_else(|| usage(format!("--offset {s}")))?);
        }
        let steps = duration_ns.div_ceil(dt_ns).max(1);
        if steps > MAX_STEPS {
            return Err(usage(format!(
                "{steps} steps: --duration × --rate may give at most {MAX_STEPS}"
            )));
        }
        Ok(Setup {
            speed: args.speed,
            loop_mode: args.loop_mode.map(|m| m.name()),
            window: args.window.as_deref().map(window).transpose()?,
            length_ns: args
                .length
                .map(|s| unsigned_ns("--length", s))
                .transpose()?,
            reversed: args.reversed,
            weights: args.weights.clone(),
            offsets_ns,
            dt_ns,
            steps,
            velocities: args.velocities,
        })
    }
}

fn usage(message: String) -> CliError {
    CliError::Usage(message)
}

/// Seconds as non-negative nanoseconds, as the contract's u64 times take them.
fn unsigned_ns(option: &str, s: f64) -> Result<u64, CliError> {
    seconds_to_ns(s)
        .and_then(|ns| u64::try_from(ns).ok())
        .ok_or_else(|| usage(format!("{option} {s}: not a time of at least 0 s")))
}

/// `A..B` or `A..` in seconds.
fn window(text: &str) -> Result<(u64, Option<u64>), CliError> {
    let refused = || usage(format!("--window {text}: expected A..B or A.. in seconds"));
    let (a, b) = text.split_once("..").ok_or_else(refused)?;
    let start: f64 = a.trim().parse().map_err(|_| refused())?;
    let start = unsigned_ns("--window", start)?;
    let end = match b.trim() {
        "" => None,
        b => Some(unsigned_ns("--window", b.parse().map_err(|_| refused())?)?),
    };
    if end.is_some_and(|end| end < start) {
        return Err(usage(format!(
            "--window {text}: the end is before the start"
        )));
    }
    Ok((start, end))
}

/// Plays `clips` as `setup` says on `session`.
pub fn play_session(
    session: &mut impl Contract,
    clips: &[ClipFile],
    setup: &Setup,
) -> Result<Played, CliError> {
    let player = session.create_player("play")?;
    for (i, file) in clips.iter().enumerate() {
        let anim = session.load_clip(clip_record(&file.clip))?;
        let anim = accepted(anim, || format!("load_clip of {}", file.path.display()))?;
        let weight = setup.weights.get(i).copied().unwrap_or(1.0);
        let instance = session.add_instance_with_weight(player, anim, weight)?;
        let instance = accepted(instance, || {
            format!("--weight {weight}: not finite or below 0")
        })?;
        if let Some(&offset) = setup.offsets_ns.get(i) {
            let answer = session.set_start_offset(player, instance, offset)?;
            accepted(answer, || format!("set_start_offset {offset} ns"))?;
        }
    }
    transport(session, player, setup)?;
    let keys = session.output_keys()?.keys;
    let mut frames = Vec::with_capacity(setup.steps.min(1 << 20) as usize);
    for k in 1..=setup.steps {
        let time_ns = k.saturating_mul(setup.dt_ns);
        frames.push(step(session, setup, time_ns)?);
    }
    Ok(Played { keys, frames })
}

/// Speed, loop mode, window, length and heading, each refused value named.
fn transport(session: &mut impl Contract, player: u32, setup: &Setup) -> Result<(), CliError> {
    if let Some(speed) = setup.speed {
        let answer = session.set_speed(player, speed)?;
        accepted(answer, || {
            format!("--speed {speed}: not finite or beyond ±2^20")
        })?;
    }
    if let Some(mode) = setup.loop_mode {
        accepted(session.set_loop(player, mode)?, || format!("--loop {mode}"))?;
    }
    if let Some((start, end)) = setup.window {
        accepted(session.set_window(player, start, end)?, || {
            "--window".into()
        })?;
    }
    if let Some(length) = setup.length_ns {
        accepted(session.set_length(player, Some(length))?, || {
            "--length".into()
        })?;
    }
    if setup.reversed {
        accepted(session.set_reversed(player, true)?, || "--reversed".into())?;
    }
    Ok(())
}

fn step(session: &mut impl Contract, setup: &Setup, time_ns: u64) -> Result<Frame, CliError> {
    let (values, velocities) = if setup.velocities {
        let samples = session.step_with_velocities(setup.dt_ns, time_ns)?;
        (samples.values, Some(elements(samples.velocities)))
    } else {
        (session.step_values(setup.dt_ns, time_ns)?.values, None)
    };
    Ok(Frame {
        time_ns,
        values: elements(values),
        velocities,
    })
}

fn elements(value: Value) -> Vec<Value> {
    match value {
        Value::ArrayValue(values) => values,
        other => vec![other],
    }
}

/// Runs `play`: reads the clips, plays them on a host registration or, with
/// `--module-dir`, on the device, prints the steps and draws them when asked.
pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    let clips = args
        .clips
        .iter()
        .map(|path| ClipFile::read(path))
        .collect::<Result<Vec<_>, _>>()?;
    let setup = Setup::from_args(args, &clips)?;
    let played = match &args.module_dir {
        Some(dir) => play_session(&mut DeviceSession::open(dir)?, &clips, &setup)?,
        None => play_session(&mut HostSession::new(), &clips, &setup)?,
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    crate::play_out::write(&played, args.format, &mut out)
        .map_err(|e| CliError::write(Path::new("standard output"), e))?;
    if let Some(path) = &args.plot {
        let title = format!("played: {}", names(&clips));
        let figure = crate::plot_model::played_figure(&title, &played);
        let size = crate::picture::default_size(figure.panels.len());
        crate::picture::write_picture(path, &figure, size)?;
    }
    Ok(())
}

fn names(clips: &[ClipFile]) -> String {
    let names: Vec<String> = clips.iter().map(|c| c.path.display().to_string()).collect();
    names.join(", ")
}
