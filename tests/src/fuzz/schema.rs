//! What the generators build calls from: the 31 functions as the header
//! declares them, and the records their parameters name, as the records'
//! own `AroraType` definitions give them. Nothing here is typed again by
//! hand: a field added to a record or a parameter to a function reaches the
//! fuzz through these.

use std::collections::HashMap;

use arora_animation_module::animation;
use arora_animation_module::records::{AnimationClip, Clip};
use arora_types::AroraType;
use arora_types::Uuid;
use arora_types::module::low::{ExportSymbol, Parameter, TypeRef};
use arora_types::ty::TypeRegistry;
use arora_types::ty::low::TypeKind;

/// One function as the header declares it.
#[derive(Clone, Debug)]
pub struct Function {
    /// The function's id.
    pub id: Uuid,
    /// Its name.
    pub name: String,
    /// Its parameters, in order.
    pub parameters: Vec<Parameter>,
    /// What it returns.
    pub ret: TypeRef,
}

/// One field of a record: its id and declared type.
#[derive(Clone, Debug)]
pub struct Field {
    /// The parameter's id.
    pub id: Uuid,
    /// Its name.
    pub name: String,
    /// Its type.
    pub ty: TypeRef,
}

/// The 31 functions, in declaration order, and every record a parameter
/// names, directly or through another record.
pub struct Schema {
    /// The module's functions, in declaration order.
    pub functions: Vec<Function>,
    records: TypeRegistry,
}

impl Schema {
    /// The schema of `@arora/animation` as this build declares it.
    pub fn new() -> Self {
        let header = animation::header(arora_animation_module_dir::wasm_component_executor());
        let functions = header
            .exports
            .into_iter()
            .map(|export| match export {
                ExportSymbol::Function(f) => Function {
                    id: f.id,
                    name: f.name,
                    parameters: f.parameters,
                    ret: f.ret,
                },
            })
            .collect();
        // The two clip records name every other input record.
        let mut records = TypeRegistry::new();
        AnimationClip::register_types(&mut records);
        Clip::register_types(&mut records);
        Self { functions, records }
    }

    /// The function of id `id`.
    pub fn function(&self, id: Uuid) -> &Function {
        self.functions
            .iter()
            .find(|f| f.id == id)
            .unwrap_or_else(|| panic!("no function {id} in the header"))
    }

    /// The fields of record `id` in declared order, or `None` when `id` is
    /// no record (a primitive, the KeyValue type).
    pub fn record(&self, id: Uuid) -> Option<Vec<Field>> {
        let ty = self.records.get(&id)?;
        let TypeKind::Structure(structure) = &ty.kind else {
            return None;
        };
        Some(
            structure
                .fields
                .iter()
                .map(|(id, field)| Field {
                    id: *id,
                    name: field.name.clone(),
                    ty: field.type_ref.clone(),
                })
                .collect(),
        )
    }

    /// The ids of every record the functions' parameters reach.
    pub fn record_ids(&self) -> Vec<Uuid> {
        let mut ids: Vec<Uuid> = self.records.keys().copied().collect();
        ids.sort();
        ids
    }
}

impl Default for Schema {
    fn default() -> Self {
        Self::new()
    }
}

/// The contract's failure value of each function (docs/contract.md §4.9), by the
/// function's id; `None` for the functions that never fail.
pub fn sentinels() -> HashMap<Uuid, arora_types::value::Value> {
    use animation::ids;
    use arora_types::value::Value;
    let refused_id = Value::U32(u32::MAX);
    let id_returning = [
        ids::load_animation::FUNCTION,
        ids::load_clip::FUNCTION,
        ids::add_instance::FUNCTION,
        ids::add_instance_with_weight::FUNCTION,
        ids::play::FUNCTION,
        ids::pause::FUNCTION,
        ids::stop::FUNCTION,
        ids::seek::FUNCTION,
        ids::play_at::FUNCTION,
        ids::set_speed::FUNCTION,
        ids::set_window::FUNCTION,
        ids::set_reversed::FUNCTION,
        ids::set_loop::FUNCTION,
        ids::set_length::FUNCTION,
        ids::set_weight::FUNCTION,
        ids::set_start_offset::FUNCTION,
        ids::set_rate::FUNCTION,
        ids::set_time_scale::FUNCTION,
    ];
    let false_returning = [
        ids::reload_animation::FUNCTION,
        ids::reload_clip::FUNCTION,
        ids::unload_animation::FUNCTION,
        ids::remove_player::FUNCTION,
    ];
    let mut sentinels: HashMap<Uuid, Value> = id_returning
        .into_iter()
        .map(|id| (id, refused_id.clone()))
        .chain(false_returning.map(|id| (id, Value::Boolean(false))))
        .collect();
    sentinels.insert(ids::remove_instance::FUNCTION, Value::U32(0));
    sentinels.insert(ids::bake::FUNCTION, Value::Option(None));
    sentinels.insert(ids::bake_with_derivatives::FUNCTION, Value::Option(None));
    sentinels
}
