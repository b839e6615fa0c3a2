//! The `arora:module@0.2.0` world's exports over the guest's one state.
//!
//! The component instance is the registration: it holds one animation state,
//! created on first use (a Rust `wasm32-wasip1` cdylib runs no initializer),
//! and every call of every function goes to it until the engine drops the
//! instance. The state counts its answers against the memory the guest has
//! free ([`crate::heap`]), so that no answer is built past the device's cap.

use std::cell::RefCell;

use arora_animation_module::{AnimationModule, AnswerBudget};
use arora_types::Uuid;

use crate::served::Served;

wit_bindgen::generate!({
    path: "../wit/arora-module.wit",
    world: "module",
});

thread_local! {
    /// The instance's animation state, behind the contract's 31 functions.
    static STATE: RefCell<Option<Served>> = const { RefCell::new(None) };
}

/// Run `f` on the instance's state, creating it on first use.
fn with_state<T>(f: impl FnOnce(&mut Served) -> T) -> Result<T, String> {
    STATE.with(|state| {
        let mut state = state
            .try_borrow_mut()
            .map_err(|_| "the guest is already running a call".to_string())?;
        let served = state.get_or_insert_with(|| {
            Served::contract(
                AnimationModule::new(),
                Some(AnswerBudget::new(crate::heap::free)),
            )
        });
        Ok(f(served))
    })
}

fn uuid(id: Id) -> Uuid {
    Uuid::from_u64_pair(id.hi, id.lo)
}

fn id(uuid: Uuid) -> Id {
    let (hi, lo) = uuid.as_u64_pair();
    Id { hi, lo }
}

struct AnimationGuest;

impl Guest for AnimationGuest {
    fn functions() -> Vec<Id> {
        // Creating the state cannot be refused: nothing else is running.
        with_state(|served| served.ids().into_iter().map(id).collect()).unwrap_or_default()
    }

    fn dispatch(method: Id, arg: Vec<u8>) -> Result<Vec<u8>, String> {
        with_state(|served| {
            served
                .dispatch(uuid(method), &arg)
                .map_err(|e| e.to_string())
        })?
    }
}

export!(AnimationGuest);
