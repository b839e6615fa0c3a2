//! `@arora/animation` as a declared module: ids, header, record, marker type.
//!
//! Everything here is read off the one [`Animation`](crate::Animation)
//! contract declaration; this module adds only what a contract does not
//! carry — the module's own id and metadata (docs/contract.md §3.1) — and the marker
//! type [`Module`] that `arora_registry::LocalRegistry::add_declared_module`
//! and `HostModule::of` take.

use arora_types::module::declared::{AroraFunction, AroraModule};
use arora_types::module::low::{Executor, Header};
use arora_types::record::TypeRecords;
use arora_types::record::module::frozen;
use arora_types::record::scope::{ARORA, Scope};
use arora_types::{SemanticVersion, Uuid};

use crate::contract::functions::ContractModule;
use crate::header::{Metadata, header_of};
use crate::state::AnimationModule;

pub use crate::contract::by_id::{FUNCTIONS, invoke};
pub use crate::contract::declaration::animation::{NAME, descriptions, record, type_records};

/// The 31 functions, callable, over one device's state: what a host registers
/// (`HostModule::from_exports(ids::MODULE, exports(AnimationModule::new()))`) and what
/// the guest serves. The state is served as a [`ContractModule`].
pub fn exports(module: AnimationModule) -> Vec<AroraFunction> {
    crate::contract::declaration::animation::exports(ContractModule::from(module))
}

/// The module's id and, per function, `FUNCTION` and one constant per
/// parameter (`ids::step::DT_NS`).
pub mod ids {
    use arora_types::Uuid;

    pub use crate::contract::declaration::animation::ids::*;

    /// `@arora/animation`: `76697a69-6a00-0000-0d00-000000000000`.
    pub const MODULE: Uuid = Uuid::from_u128(0x76697a69_6a00_0000_0d00_000000000000);
}

/// The module version every header and module record carries.
pub const VERSION: SemanticVersion = SemanticVersion {
    major: 3,
    minor: 0,
    patch: 0,
};

/// The scope the module and its records live in: `arora`.
pub const SCOPE: Scope = ARORA;

const METADATA: Metadata = Metadata {
    id: ids::MODULE,
    name: NAME,
    author: "Semio",
    description: "Keyframe animation, playback and baking over a nanosecond clock",
    license: "Apache-2.0",
    version: VERSION,
    executable_mime: "application/wasm",
};

/// The header a device loads the artifact with; the artifact's builder names
/// the executor (`wasm-component` for the guest).
pub fn header(executor: Executor) -> Header {
    header_of(&METADATA, &descriptions(), executor)
}
/// The module as a type, for code generic over declared modules: its exports
/// are those of a fresh [`AnimationModule`].
pub struct Module;

impl AroraModule for Module {
    fn id() -> Uuid {
        ids::MODULE
    }

    fn header(executor: Executor) -> Header {
        header(executor)
    }

    fn record(parent: Uuid) -> frozen::Module {
        record(parent)
    }

    fn scope() -> Option<Scope> {
        Some(SCOPE)
    }

    fn type_records() -> TypeRecords {
        type_records(Some(SCOPE))
    }

    fn exports() -> Vec<AroraFunction> {
        exports(AnimationModule::new())
    }
}
