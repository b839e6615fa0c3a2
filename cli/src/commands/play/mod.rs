//! `play`: one player with one instance per clip, stepped at a fixed rate through the
//! contract's `step_values` (or `step_with_velocities`), on a host registration or on the
//! guest of a module directory.

use std::path::{Path, PathBuf};

use clap::ValueEnum;

use arora_animation_module::client::{
    AnimationClient, Caller, DeviceSpan, DeviceTime, LoopMode, PlayerId, TimelinePosition,
};
use arora_animation_module::{AnimationModule, animation, clip_record, exports};
use arora_animation_module_dir::{Frame, Played, client, elements};
use arora_engine::module::HostModule;

use crate::clip_file::ClipFile;
use crate::error::CliError;
use crate::number_text::seconds_to_ns;

pub mod out;

/// How `play` prints the steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PlayFormat {
    /// A table for people.
    Table,
    /// Comma-separated values.
    Csv,
    /// JSON, one object per step.
    Json,
}
/// The loop modes of `set_loop` (docs/contract.md §4.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
#[value(rename_all = "snake_case")]
pub enum LoopArg {
    /// Play once and stop at the end.
    Once,
    /// Loop over the window.
    Loop,
    /// Go to the end and back once.
    Bounce,
    /// Go back and forth for ever.
    PingPong,
}

impl LoopArg {
    /// The engine's loop mode of this name.
    pub fn mode(self) -> animation_engine::LoopMode {
        use animation_engine::LoopMode;
        match self {
            LoopArg::Once => LoopMode::Once,
            LoopArg::Loop => LoopMode::Loop,
            LoopArg::Bounce => LoopMode::Bounce,
            LoopArg::PingPong => LoopMode::PingPong,
        }
    }
}
/// `play`: one player with one instance per clip, stepped through the contract.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The clips: one instance each on one player, in order.
    #[arg(required = true)]
    pub clips: Vec<PathBuf>,
    /// The player's speed (negative plays backwards).
    #[arg(long, value_name = "X", allow_hyphen_values = true)]
    pub speed: Option<f32>,
    /// The loop mode.
    #[arg(long = "loop", value_enum, value_name = "MODE")]
    pub loop_mode: Option<LoopArg>,
    /// The player's window in seconds: `A..B` or `A..`.
    #[arg(long, value_name = "A..B")]
    pub window: Option<String>,
    /// The player's length in seconds.
    #[arg(long, value_name = "S")]
    pub length: Option<f64>,
    /// Start heading against the speed's sign.
    #[arg(long)]
    pub reversed: bool,
    /// The weight of each instance, in order (default 1).
    #[arg(long = "weight", value_name = "W", allow_hyphen_values = true)]
    pub weights: Vec<f32>,
    /// The start offset of each instance in seconds, in order (default 0).
    #[arg(long = "offset", value_name = "S", allow_hyphen_values = true)]
    pub offsets: Vec<f64>,
    /// Device steps per second.
    #[arg(long, value_name = "HZ", default_value_t = 60.0)]
    pub rate: f64,
    /// Seconds of device time to play (default the longest clip's end, at least one step).
    #[arg(long, value_name = "S")]
    pub duration: Option<f64>,
    /// Step with `step_with_velocities` and print the velocities too.
    #[arg(long)]
    pub velocities: bool,
    /// How the steps are written.
    #[arg(long, value_enum, default_value = "table")]
    pub format: PlayFormat,
    /// Also draw each output key over device time to this SVG or PNG.
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,
    /// Play on the wasm guest of this module directory on an `arora` device.
    #[arg(long, value_name = "DIR")]
    pub module_dir: Option<PathBuf>,
}

/// The most steps a session plays: every step is kept (for `--plot`) and printed.
pub const MAX_STEPS: u64 = 1 << 24;

/// The session `play` runs, in the contract's units.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// The player's speed, if set.
    pub speed: Option<f32>,
    /// The loop mode, if set.
    pub loop_mode: Option<LoopMode>,
    /// The window (start, end), if set.
    pub window: Option<(TimelinePosition, Option<TimelinePosition>)>,
    /// The player's length, if set.
    pub length: Option<TimelinePosition>,
    /// Whether the player is reversed.
    pub reversed: bool,
    /// Per instance, in clip order.
    pub weights: Vec<f32>,
    /// Each instance's offset on the timeline, in order.
    pub offsets: Vec<TimelinePosition>,
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
        let mut offsets = Vec::with_capacity(n);
        for &s in &args.offsets {
            let ns = seconds_to_ns(s).ok_or_else(|| usage(format!("--offset {s}")))?;
            offsets.push(TimelinePosition::from_ns(ns));
        }
        let steps = duration_ns.div_ceil(dt_ns).max(1);
        if steps > MAX_STEPS {
            return Err(usage(format!(
                "{steps} steps: --duration × --rate may give at most {MAX_STEPS}"
            )));
        }
        Ok(Setup {
            speed: args.speed,
            loop_mode: args.loop_mode.map(|m| m.mode()),
            window: args.window.as_deref().map(window).transpose()?,
            length: args
                .length
                .map(|s| unsigned_ns("--length", s).map(position))
                .transpose()?,
            reversed: args.reversed,
            weights: args.weights.clone(),
            offsets,
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
fn window(text: &str) -> Result<(TimelinePosition, Option<TimelinePosition>), CliError> {
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
    Ok((position(start), end.map(position)))
}

/// A time of at least 0 ns (from [`unsigned_ns`]) as a place on the player's timeline.
fn position(ns: u64) -> TimelinePosition {
    TimelinePosition::from_ns(i64::try_from(ns).unwrap_or(i64::MAX))
}

/// Plays `clips` as `setup` says through `client`: a host registration or the guest of a
/// module directory on a device, the same calls either way.
pub fn play_session(
    client: &mut AnimationClient<impl Caller>,
    clips: &[ClipFile],
    setup: &Setup,
) -> Result<Played, CliError> {
    let player = accepted(client.create_player(Some("play"))?, || {
        "create_player".into()
    })?;
    for (i, file) in clips.iter().enumerate() {
        let anim = client.load_clip(&clip_record(&file.clip))?;
        let anim = accepted(anim, || format!("load_clip of {}", file.path.display()))?;
        let weight = setup.weights.get(i).copied().unwrap_or(1.0);
        let instance = client.add_instance_with_weight(player, anim, weight)?;
        let instance = accepted(instance, || {
            format!("--weight {weight}: not finite or below 0")
        })?;
        if let Some(&offset) = setup.offsets.get(i) {
            let answer = client.set_start_offset(player, instance, offset)?;
            accepted(answer, || format!("set_start_offset {} ns", offset.ns()))?;
        }
    }
    transport(client, player, setup)?;
    let keys = client.output_keys()?.keys;
    let mut frames = Vec::with_capacity(setup.steps.min(1 << 20) as usize);
    for k in 1..=setup.steps {
        let time_ns = k.saturating_mul(setup.dt_ns);
        frames.push(step(client, setup, time_ns)?);
    }
    Ok(Played { keys, frames })
}

/// Speed, loop mode, window, length and heading, each refused value named.
fn transport(
    client: &mut AnimationClient<impl Caller>,
    player: PlayerId,
    setup: &Setup,
) -> Result<(), CliError> {
    if let Some(speed) = setup.speed {
        accepted(client.set_speed(player, speed)?, || {
            format!("--speed {speed}: not finite or beyond ±2^20")
        })?;
    }
    if let Some(mode) = setup.loop_mode {
        accepted(client.set_loop(player, mode)?, || {
            format!("--loop {}", mode.name())
        })?;
    }
    if let Some((start, end)) = setup.window {
        accepted(client.set_window(player, start, end)?, || "--window".into())?;
    }
    if let Some(length) = setup.length {
        accepted(client.set_length(player, Some(length))?, || {
            "--length".into()
        })?;
    }
    if setup.reversed {
        accepted(client.set_reversed(player, true)?, || "--reversed".into())?;
    }
    Ok(())
}

fn step(
    client: &mut AnimationClient<impl Caller>,
    setup: &Setup,
    time_ns: u64,
) -> Result<Frame, CliError> {
    let dt = DeviceSpan::from_ns(i64::try_from(setup.dt_ns).unwrap_or(i64::MAX));
    let now = Some(DeviceTime::from_ns(
        i64::try_from(time_ns).unwrap_or(i64::MAX),
    ));
    let (values, velocities) = if setup.velocities {
        let samples = client.step_with_velocities(dt, now)?;
        (samples.values, Some(elements(samples.velocities)))
    } else {
        (client.step_values(dt, now)?.values, None)
    };
    Ok(Frame {
        time_ns,
        values: elements(values),
        velocities,
    })
}

/// An id-returning call's answer, or the refusal naming the call.
fn accepted<T>(answer: Option<T>, call: impl FnOnce() -> String) -> Result<T, CliError> {
    answer.ok_or_else(|| CliError::Refused(call()))
}

/// A host registration: one fresh `AnimationModule` on an arora-engine engine.
fn host_engine() -> std::pin::Pin<Box<arora_engine::engine::Engine>> {
    let mut engine = arora_engine::engine::EngineBuilder::new().build();
    let module = HostModule::from_exports(animation::ids::MODULE, exports(AnimationModule::new()));
    engine.register_module(module.id(), Box::new(module));
    engine
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
        Some(dir) => {
            let mut device =
                arora_animation_module_dir::device(dir).map_err(|e| CliError::Data {
                    path: dir.display().to_string(),
                    what: e.to_string(),
                })?;
            play_session(&mut client(&mut device), &clips, &setup)?
        }
        None => play_session(
            &mut AnimationClient::over(&mut *host_engine()),
            &clips,
            &setup,
        )?,
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    self::out::write(&played, args.format, &mut out)
        .map_err(|e| CliError::write(Path::new("standard output"), e))?;
    if let Some(path) = &args.plot {
        let title = format!("played: {}", names(&clips));
        let figure = crate::figure::model::played_figure(&title, &played);
        let size = crate::figure::picture::default_size(figure.panels.len());
        crate::figure::picture::write_picture(path, &figure, size)?;
    }
    Ok(())
}

fn names(clips: &[ClipFile]) -> String {
    let names: Vec<String> = clips.iter().map(|c| c.path.display().to_string()).collect();
    names.join(", ")
}
