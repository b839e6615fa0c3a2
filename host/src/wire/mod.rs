//! Calls answered straight to the wire: for a caller whose answer is bytes (the wasm
//! guest's `dispatch`), the functions whose answers grow with the state — the three
//! steps, `player_states`, `output_keys`, the two bakes — and the transport calls, read
//! from the argument buffer and answered into a result buffer without a `Value` tree
//! either way.
//!
//! [`answer`] answers a call only when its arguments are plain
//! ([`arguments::Arguments`]); otherwise it answers none before touching the state, and
//! the caller runs the call as a host registration does ([`crate::animation::invoke`])
//! — the one place every ill-formed, ill-typed or missing argument is answered. A call
//! answered here writes exactly the bytes `arora_buffers` gives the `Value` the contract
//! function returns, and a refusal for want of memory is the budget's same refusal
//! (`crate::typed::answer_size`).

mod answers;
pub mod arguments;
mod bake;
mod ids;
pub mod writer;

use arora_types::Uuid;

use crate::budget::AnswerTooLarge;
use crate::contract::declaration::{Animation, animation::ids as f};
use crate::contract::functions::ContractModule;
use arguments::Arguments;
use writer::Writer;

/// Runs function `method` on `module` with the arguments in `buffer` (a well-formed Arora
/// Buffer) and writes its return value to `out`, when the function is one answered here
/// and its arguments are plain; none otherwise, and then nothing has run.
pub fn answer(
    module: &mut ContractModule,
    method: Uuid,
    buffer: &[u8],
    out: &mut Writer<'_>,
) -> Option<Result<(), AnswerTooLarge>> {
    let read = |parameters: &[Uuid]| Arguments::read(buffer, method, parameters);
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
        ($function:ident) => {{
            use f::$function as p;
            let args = read(&[p::DT_NS, p::TIME_NS])?;
            let (dt_ns, time_ns) = (args.u64(p::DT_NS)?, args.optional_u64(p::TIME_NS)?);
            answers::$function(module.module_mut(), dt_ns, time_ns, out)
        }};
    }
    macro_rules! bake {
        ($function:ident) => {{
            use f::$function as p;
            let args = read(&[p::ANIM, p::FRAME_RATE, p::START_NS, p::END_NS])?;
            let anim = args.u32(p::ANIM)?;
            let rate = args.optional_f32(p::FRAME_RATE)?;
            let (start, end) = (
                args.optional_u64(p::START_NS)?,
                args.optional_u64(p::END_NS)?,
            );
            bake::$function(module.module(), anim, rate, start, end, out);
            Ok(())
        }};
    }
    Some(match method {
        f::step_values::FUNCTION => step!(step_values),
        f::step_with_velocities::FUNCTION => step!(step_with_velocities),
        f::step::FUNCTION => step!(step),
        f::output_keys::FUNCTION => {
            read(&[])?;
            answers::output_keys(module.module(), out)
        }
        f::player_states::FUNCTION => {
            read(&[])?;
            answers::player_states(module.module(), out)
        }
        f::bake::FUNCTION => bake!(bake),
        f::bake_with_derivatives::FUNCTION => bake!(bake_with_derivatives),
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
