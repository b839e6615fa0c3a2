//! The 31 contract functions over the typed API: each answers the typed
//! result, or its failure value (docs/contract.md §4.9) for a refusal.
//!
//! They are served by [`ContractModule`], not by [`AnimationModule`] itself: the typed
//! API's methods give every refusal its reason, and a caller of `AnimationModule` should
//! not be offered a second, sentinel-answering method of the same name beside each.

use animation_engine::{AnimationId, InstanceId, LoopMode, PlayerId};

use crate::answer::{Records, Samples, Values, WithVelocities, baked};
use crate::budget::AnswerTooLarge;
use crate::contract::declaration::Animation;
use crate::convert::time::{device_span, device_time, position};
use crate::records::{
    AnimationClip, BakedAnimation, Clip, OutputKeys, PlayerState, StepSamples, StepValues,
    TrackOutput,
};
use crate::state::AnimationModule;
use crate::typed::refused::Refused;

/// The failure value of every id-returning function.
const NO_ID: u32 = u32::MAX;

/// The id on success, `u32::MAX` on a refusal.
fn id_or_max<Id: Into<RawId>>(result: Result<Id, Refused>) -> u32 {
    result.map_or(NO_ID, |id| id.into().0)
}

/// `id` when the call succeeded (the player or instance acted on), `u32::MAX` on a refusal.
fn acted_on(result: Result<(), Refused>, id: u32) -> u32 {
    result.map_or(NO_ID, |()| id)
}

/// The number an engine id travels as.
struct RawId(u32);

impl From<AnimationId> for RawId {
    fn from(id: AnimationId) -> Self {
        RawId(id.raw())
    }
}

impl From<PlayerId> for RawId {
    fn from(id: PlayerId) -> Self {
        RawId(id.raw())
    }
}

impl From<InstanceId> for RawId {
    fn from(id: InstanceId) -> Self {
        RawId(id.raw())
    }
}

/// The engine ids a call names, from the numbers it carries.
fn anim(raw: u32) -> AnimationId {
    AnimationId::from_raw(raw)
}

fn player(raw: u32) -> PlayerId {
    PlayerId::from_raw(raw)
}

fn instance(raw: u32) -> InstanceId {
    InstanceId::from_raw(raw)
}

/// An [`AnimationModule`] as the contract serves it: the 31 functions of [`Animation`], by
/// the contract's plain integers and sentinels. [`exports`](crate::exports) wraps the
/// module it is given in one.
#[derive(Debug, Default)]
pub struct ContractModule {
    module: AnimationModule,
}

impl ContractModule {
    /// A fresh state, served by the contract.
    pub fn new() -> Self {
        Self::default()
    }

    /// The state underneath.
    pub fn module(&self) -> &AnimationModule {
        &self.module
    }

    /// The state underneath, to call its typed API.
    pub fn module_mut(&mut self) -> &mut AnimationModule {
        &mut self.module
    }
}

impl ContractModule {
    /// An answer the budget refused, as the contract carries it: `empty` at the current
    /// revision (the contract's answers have no room for the refusal; the guest, which
    /// answers it as a call error, writes these answers itself, `crate::answer`).
    fn answered<T>(&self, answer: Result<T, AnswerTooLarge>, empty: impl FnOnce(u32) -> T) -> T {
        answer.unwrap_or_else(|_| empty(self.module.engine().revision()))
    }

    /// `step_values` or `step_with_velocities`, as `S` says: every position's value (and
    /// velocity), or none at the current revision when the budget refused the answer.
    fn step_answer<S: Samples>(&mut self, dt_ns: u64, time_ns: Option<u64>) -> S::Answer<Records> {
        let answer = self.step_samples::<S, _>(dt_ns, time_ns, &mut Records);
        self.answered(answer, |revision| S::nothing(&mut Records, revision))
    }

    /// `bake` or `bake_with_derivatives`, as `S` says: none when refused.
    fn bake_answer<S: Samples>(
        &self,
        anim: u32,
        frame_rate: Option<f32>,
        start_ns: Option<u64>,
        end_ns: Option<u64>,
    ) -> Option<BakedAnimation> {
        let plan = self.bake_plan(anim, frame_rate, start_ns, end_ns).ok()?;
        Some(baked::<S, _>(&plan, &mut Records))
    }
}

impl From<AnimationModule> for ContractModule {
    fn from(module: AnimationModule) -> Self {
        Self { module }
    }
}

impl Animation for ContractModule {
    fn load_animation(&mut self, clip: AnimationClip) -> u32 {
        id_or_max(self.module.load_animation(&clip))
    }

    fn create_player(&mut self, name: Option<String>) -> u32 {
        id_or_max(self.module.create_player(name.as_deref().unwrap_or("")))
    }

    fn add_instance(&mut self, player: u32, anim: u32) -> u32 {
        id_or_max(
            self.module
                .add_instance(self::player(player), self::anim(anim), 1.0),
        )
    }

    fn step(&mut self, dt_ns: u64, time_ns: Option<u64>) -> Vec<TrackOutput> {
        let answer = self
            .module
            .step(device_span(dt_ns), time_ns.map(device_time));
        self.answered(answer, |_| Vec::new())
    }

    fn play(&mut self, player: u32) -> u32 {
        acted_on(self.module.play(self::player(player)), player)
    }

    fn pause(&mut self, player: u32) -> u32 {
        acted_on(self.module.pause(self::player(player)), player)
    }

    fn stop(&mut self, player: u32) -> u32 {
        acted_on(self.module.stop(self::player(player)), player)
    }

    fn seek(&mut self, player: u32, time_ns: u64) -> u32 {
        acted_on(
            self.module.seek(self::player(player), position(time_ns)),
            player,
        )
    }

    fn set_speed(&mut self, player: u32, speed: f32) -> u32 {
        acted_on(self.module.set_speed(self::player(player), speed), player)
    }

    fn set_loop(&mut self, player: u32, mode: String) -> u32 {
        // Exactly `once`, `loop`, `bounce` or `ping_pong`; any other name is refused.
        let Some(mode) = LoopMode::from_name(&mode) else {
            return NO_ID;
        };
        acted_on(self.module.set_loop(self::player(player), mode), player)
    }

    fn set_weight(&mut self, player: u32, instance: u32, weight: f32) -> u32 {
        acted_on(
            self.module
                .set_weight(self::player(player), self::instance(instance), weight),
            instance,
        )
    }

    fn remove_instance(&mut self, player: u32, instance: u32) -> u32 {
        u32::from(
            self.module
                .remove_instance(self::player(player), self::instance(instance))
                .is_ok(),
        )
    }

    fn player_states(&mut self) -> Vec<PlayerState> {
        let answer = self.module.player_states();
        self.answered(answer, |_| Vec::new())
    }

    fn bake(
        &mut self,
        anim: u32,
        frame_rate: Option<f32>,
        start_ns: Option<u64>,
        end_ns: Option<u64>,
    ) -> Option<BakedAnimation> {
        self.bake_answer::<Values>(anim, frame_rate, start_ns, end_ns)
    }

    fn bake_with_derivatives(
        &mut self,
        anim: u32,
        frame_rate: Option<f32>,
        start_ns: Option<u64>,
        end_ns: Option<u64>,
    ) -> Option<BakedAnimation> {
        self.bake_answer::<WithVelocities>(anim, frame_rate, start_ns, end_ns)
    }

    fn unload_animation(&mut self, anim: u32) -> bool {
        self.module.unload_animation(self::anim(anim)).is_ok()
    }

    fn remove_player(&mut self, player: u32) -> bool {
        self.module.remove_player(self::player(player)).is_ok()
    }

    fn add_instance_with_weight(&mut self, player: u32, anim: u32, weight: f32) -> u32 {
        id_or_max(
            self.module
                .add_instance(self::player(player), self::anim(anim), weight),
        )
    }

    fn reload_animation(&mut self, anim: u32, clip: AnimationClip) -> bool {
        self.module
            .reload_animation(self::anim(anim), &clip)
            .is_ok()
    }

    fn set_window(&mut self, player: u32, start_ns: u64, end_ns: Option<u64>) -> u32 {
        acted_on(
            self.module.set_window(
                self::player(player),
                position(start_ns),
                end_ns.map(position),
            ),
            player,
        )
    }

    fn play_at(&mut self, player: u32, time_ns: u64) -> u32 {
        acted_on(
            self.module
                .play_at(self::player(player), device_time(time_ns)),
            player,
        )
    }

    fn set_start_offset(&mut self, player: u32, instance: u32, offset_ns: i64) -> u32 {
        acted_on(
            self.module.set_start_offset(
                self::player(player),
                self::instance(instance),
                animation_engine::TimelinePosition::from_ns(offset_ns),
            ),
            instance,
        )
    }

    fn set_time_scale(&mut self, player: u32, instance: u32, time_scale: f32) -> u32 {
        acted_on(
            self.module
                .set_time_scale(self::player(player), self::instance(instance), time_scale),
            instance,
        )
    }

    fn step_values(&mut self, dt_ns: u64, time_ns: Option<u64>) -> StepValues {
        self.step_answer::<Values>(dt_ns, time_ns)
    }

    fn output_keys(&mut self) -> OutputKeys {
        let answer = self.module.output_keys();
        self.answered(answer, |revision| OutputKeys {
            revision,
            keys: Vec::new(),
        })
    }

    fn load_clip(&mut self, clip: Clip) -> u32 {
        id_or_max(self.module.load_clip(&clip))
    }

    fn reload_clip(&mut self, anim: u32, clip: Clip) -> bool {
        self.module.reload_clip(self::anim(anim), &clip).is_ok()
    }

    fn set_rate(&mut self, player: u32, instance: u32, rate: f64) -> u32 {
        acted_on(
            self.module
                .set_rate(self::player(player), self::instance(instance), rate),
            instance,
        )
    }

    fn step_with_velocities(&mut self, dt_ns: u64, time_ns: Option<u64>) -> StepSamples {
        self.step_answer::<WithVelocities>(dt_ns, time_ns)
    }

    fn set_length(&mut self, player: u32, length_ns: Option<u64>) -> u32 {
        acted_on(
            self.module
                .set_length(self::player(player), length_ns.map(position)),
            player,
        )
    }

    fn set_reversed(&mut self, player: u32, reversed: bool) -> u32 {
        acted_on(
            self.module.set_reversed(self::player(player), reversed),
            player,
        )
    }
}
