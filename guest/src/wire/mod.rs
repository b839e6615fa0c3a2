//! Calls answered straight to the wire: the functions whose answers grow with the state —
//! the three steps, `player_states`, `output_keys`, the two bakes — and the transport
//! calls, their arguments read by [`Arguments`] and their answers written by the host
//! crate's one walk of each ([`arora_animation_module::answer`]) to the result buffer's
//! [`Writer`], without a `Value` tree either way.
//!
//! [`answer`] answers a call only when its arguments read as the contract reads them;
//! otherwise it answers none before touching the state, and the caller runs the call as a
//! host registration does (`arora_animation_module::animation::invoke`) — the one place
//! every ill-typed or missing argument is answered. A call answered here writes exactly the
//! bytes `arora_buffers` gives the `Value` the contract function returns, and a refusal
//! for want of memory comes back in its `Result`.

pub mod arguments;
mod ids;
pub mod writer;

use arora_animation_module::animation::ids as f;
use arora_animation_module::answer::{Values, WithVelocities, baked};
use arora_animation_module::{Animation, AnswerTooLarge, ContractModule};
use arora_types::Uuid;

use arguments::Arguments;
use writer::Writer;

/// Runs function `method` on `module` with the arguments `read` gives for its parameters
/// and writes its return value to `out`, when the function is one answered here and its
/// arguments read; none otherwise, and then nothing has run.
pub fn answer<'a>(
    module: &mut ContractModule,
    method: Uuid,
    read: impl Fn(&[Uuid]) -> Option<Arguments<'a>>,
    out: &mut Writer<'_>,
) -> Option<Result<(), AnswerTooLarge>> {
    macro_rules! id_of {
        ($function:ident($($parameter:ident: $kind:ident),*)) => {{
            use f::$function as p;
            let args = read(&[$(p::$parameter),*])?;
            let answer = module.$function($(args.$kind(p::$parameter)?),*);
            out.u32(answer);
            Ok(())
        }};
    }
    macro_rules! step {
        ($function:ident, $($answer:tt)*) => {{
            use f::$function as p;
            let args = read(&[p::DT_NS, p::TIME_NS])?;
            let (dt_ns, time_ns) = (args.u64(p::DT_NS)?, args.optional_u64(p::TIME_NS)?);
            module.$($answer)*(dt_ns, time_ns, out)
        }};
    }
    macro_rules! bake {
        ($function:ident, $samples:ty) => {{
            use f::$function as p;
            let args = read(&[p::ANIM, p::FRAME_RATE, p::START_NS, p::END_NS])?;
            let anim = args.u32(p::ANIM)?;
            let rate = args.optional_f32(p::FRAME_RATE)?;
            let (start, end) = (
                args.optional_u64(p::START_NS)?,
                args.optional_u64(p::END_NS)?,
            );
            // The contract answers `Option<BakedAnimation>`: none when the bake is refused.
            match module.bake_plan(anim, rate, start, end) {
                Ok(plan) => {
                    out.some();
                    baked::<$samples, _>(&plan, out);
                }
                Err(_) => out.none(),
            }
            Ok(())
        }};
    }
    Some(match method {
        f::step_values::FUNCTION => step!(step_values, step_samples::<Values, _>),
        f::step_with_velocities::FUNCTION => {
            step!(step_with_velocities, step_samples::<WithVelocities, _>)
        }
        f::step::FUNCTION => step!(step, step_to),
        f::output_keys::FUNCTION => {
            read(&[])?;
            module.module().output_keys_to(out)
        }
        f::player_states::FUNCTION => {
            read(&[])?;
            module.module().player_states_to(out)
        }
        f::bake::FUNCTION => bake!(bake, Values),
        f::bake_with_derivatives::FUNCTION => bake!(bake_with_derivatives, WithVelocities),
        f::play::FUNCTION => id_of!(play(PLAYER: u32)),
        f::pause::FUNCTION => id_of!(pause(PLAYER: u32)),
        f::stop::FUNCTION => id_of!(stop(PLAYER: u32)),
        f::seek::FUNCTION => id_of!(seek(PLAYER: u32, TIME_NS: u64)),
        f::set_speed::FUNCTION => id_of!(set_speed(PLAYER: u32, SPEED: f32)),
        f::set_loop::FUNCTION => {
            use f::set_loop as p;
            let args = read(&[p::PLAYER, p::MODE])?;
            let (player, mode) = (args.u32(p::PLAYER)?, args.text(p::MODE)?);
            out.u32(module.set_loop(player, mode.to_string()));
            Ok(())
        }
        f::set_window::FUNCTION => {
            id_of!(set_window(PLAYER: u32, START_NS: u64, END_NS: optional_u64))
        }
        f::play_at::FUNCTION => id_of!(play_at(PLAYER: u32, TIME_NS: u64)),
        f::set_length::FUNCTION => id_of!(set_length(PLAYER: u32, LENGTH_NS: optional_u64)),
        f::set_reversed::FUNCTION => id_of!(set_reversed(PLAYER: u32, REVERSED: boolean)),
        f::set_weight::FUNCTION => {
            id_of!(set_weight(PLAYER: u32, INSTANCE: u32, WEIGHT: f32))
        }
        f::set_start_offset::FUNCTION => {
            id_of!(set_start_offset(PLAYER: u32, INSTANCE: u32, OFFSET_NS: i64))
        }
        f::set_time_scale::FUNCTION => {
            id_of!(set_time_scale(PLAYER: u32, INSTANCE: u32, TIME_SCALE: f32))
        }
        f::set_rate::FUNCTION => id_of!(set_rate(PLAYER: u32, INSTANCE: u32, RATE: f64)),
        _ => return None,
    })
}
