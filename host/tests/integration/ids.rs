//! Ids, names and parameter order pinned literally from docs/contract.md §1.2, once:
//! the declaration's descriptions and the generated `animation::ids` constants are both
//! checked against the one table here.
//!
//! The 25 functions retained from `@vizij/animation` 2.0.0 keep every id, name
//! and parameter order; these names and the ids' pattern are copied from the contract's
//! table, not from the declaration, so a typo in either fails here.

use arora_animation_module::animation::{self, ids};
use arora_types::Uuid;
use arora_types::record::module::frozen::ExportKind;

fn uuid(text: &str) -> Uuid {
    Uuid::parse_str(text).expect("a literal uuid")
}

/// `(function name, [parameter names])`, in declaration order: function `n` (from 1) has
/// the id `76697a69-6a00-0000-0f00-0000000000nn`, its parameter `k` (from 1)
/// `76697a69-6a00-0000-0fnn-00000000000k` (docs/contract.md §1.2, where each is written
/// out).
type Pinned = (&'static str, &'static [&'static str]);

/// The 25 retained functions, in declaration order.
const RETAINED: [Pinned; 25] = [
    ("load_animation", &["clip"]),
    ("create_player", &["name"]),
    ("add_instance", &["player", "anim"]),
    ("step", &["dt_ns", "time_ns"]),
    ("play", &["player"]),
    ("pause", &["player"]),
    ("stop", &["player"]),
    ("seek", &["player", "time_ns"]),
    ("set_speed", &["player", "speed"]),
    ("set_loop", &["player", "mode"]),
    ("set_weight", &["player", "instance", "weight"]),
    ("remove_instance", &["player", "instance"]),
    ("player_states", &[]),
    ("bake", &["anim", "frame_rate", "start_ns", "end_ns"]),
    (
        "bake_with_derivatives",
        &["anim", "frame_rate", "start_ns", "end_ns"],
    ),
    ("unload_animation", &["anim"]),
    ("remove_player", &["player"]),
    ("add_instance_with_weight", &["player", "anim", "weight"]),
    ("reload_animation", &["anim", "clip"]),
    ("set_window", &["player", "start_ns", "end_ns"]),
    ("play_at", &["player", "time_ns"]),
    ("set_start_offset", &["player", "instance", "offset_ns"]),
    ("set_time_scale", &["player", "instance", "time_scale"]),
    ("step_values", &["dt_ns", "time_ns"]),
    ("output_keys", &[]),
];

/// The id of function `n` (from 1), as docs/contract.md §1.2 writes it.
fn function_id(n: usize) -> Uuid {
    uuid(&format!("76697a69-6a00-0000-0f00-{n:012x}"))
}

/// The id of parameter `k` (from 1) of function `n`, as docs/contract.md §1.2 writes it.
fn parameter_id(n: usize, k: usize) -> Uuid {
    uuid(&format!("76697a69-6a00-0000-0f{n:02x}-{k:012x}"))
}

#[test]
fn the_25_retained_functions_keep_ids_names_and_parameter_order() {
    let descriptions = animation::descriptions();
    for (n, (name, parameters)) in (1..).zip(RETAINED) {
        let export = descriptions
            .get(&function_id(n))
            .unwrap_or_else(|| panic!("no function {n}"));
        assert_eq!(export.name, name);
        let ExportKind::Function(signature) = &export.kind;
        let ordering: Vec<Uuid> = (1..=parameters.len()).map(|k| parameter_id(n, k)).collect();
        assert_eq!(signature.parameter_ordering, ordering, "{name}");
        for (id, parameter) in ordering.iter().zip(parameters) {
            let declared = &signature.parameters[id];
            assert_eq!(declared.name, *parameter, "{name}");
            assert!(!declared.mutable, "{name}.{parameter}");
        }
        assert_eq!(signature.parameters.len(), parameters.len(), "{name}");
    }
}

/// Every generated id constant, with the function and parameter it names (the parameter
/// by its constant's name: `DT_NS` for `dt_ns`), derived from the contract's one listing
/// so that none is left out: the 73 of the 25 retained functions are checked against
/// [`RETAINED`]'s ids, the six new functions' in
/// `the_six_new_functions_follow_the_id_pattern`.
macro_rules! constants {
    // One entry of the listing, as it stands there on one line.
    ($($(#[$doc:meta])* fn $name:ident = $generated:ident($($arg:ident $param:ident: $client:ty => $contract:ty),* $(,)?) -> $answer:ty => $ret:ty;)*) => {
        const CONSTANTS: &[(Uuid, &str, Option<&str>)] = &[$(
            (ids::$name::FUNCTION, stringify!($name), None),
            $((ids::$name::$param, stringify!($name), Some(stringify!($param))),)*
        )*];
    };
}

arora_animation_module::for_each_function!(constants);

#[test]
fn the_id_constants_name_the_retained_ids() {
    let mut checked = 0;
    for &(constant, function, parameter) in CONSTANTS {
        let Some(n) = RETAINED.iter().position(|(name, _)| *name == function) else {
            assert!(
                NEW.contains(&function),
                "{function} is neither retained nor new"
            );
            continue;
        };
        let expected = match parameter {
            None => function_id(n + 1),
            Some(parameter) => {
                let k = RETAINED[n]
                    .1
                    .iter()
                    .position(|name| name.to_uppercase() == parameter)
                    .unwrap_or_else(|| panic!("{function} has {parameter}"));
                parameter_id(n + 1, k + 1)
            }
        };
        assert_eq!(constant, expected, "{function} {parameter:?}");
        checked += 1;
    }
    assert_eq!(checked, 73);
    assert_eq!(ids::MODULE, uuid("76697a69-6a00-0000-0d00-000000000000"));
}

/// The six functions 3.0.0 adds, in declaration order.
const NEW: [&str; 6] = [
    "load_clip",
    "reload_clip",
    "set_rate",
    "step_with_velocities",
    "set_length",
    "set_reversed",
];

/// The 31 function names in declaration order (docs/contract.md §1.2): the retained,
/// then the new.
#[test]
fn there_are_31_descriptions_in_declaration_order() {
    let descriptions = animation::descriptions();
    assert_eq!(descriptions.len(), 31);
    let declared = RETAINED.iter().map(|(name, _)| *name).chain(NEW);
    for (n, name) in (1..).zip(declared) {
        assert_eq!(descriptions[&function_id(n)].name, name);
    }
}

#[test]
fn the_six_new_functions_follow_the_id_pattern() {
    for (n, name) in NEW.into_iter().enumerate() {
        let (id, ..) = CONSTANTS
            .iter()
            .find(|(_, function, parameter)| *function == name && parameter.is_none())
            .unwrap_or_else(|| panic!("{name} is listed"));
        assert_eq!(
            *id,
            Uuid::from_u128(0x76697a69_6a00_0000_0f00_00000000001a + n as u128)
        );
        assert_eq!(animation::descriptions()[id].name, name);
    }
    let pinned = [
        (ids::set_rate::RATE, "76697a69-6a00-0000-0f1c-000000000003"),
        (
            ids::set_length::LENGTH_NS,
            "76697a69-6a00-0000-0f1e-000000000002",
        ),
        (
            ids::set_reversed::REVERSED,
            "76697a69-6a00-0000-0f1f-000000000002",
        ),
        (
            ids::reload_clip::CLIP,
            "76697a69-6a00-0000-0f1b-000000000002",
        ),
        (
            ids::step_with_velocities::TIME_NS,
            "76697a69-6a00-0000-0f1d-000000000002",
        ),
    ];
    for (constant, literal) in pinned {
        assert_eq!(constant, uuid(literal), "{literal}");
    }
}

#[test]
fn descriptions_snapshot() {
    let descriptions = animation::descriptions();
    let mut ordered: Vec<_> = descriptions.iter().collect();
    ordered.sort_by_key(|(id, _)| **id);
    let mut text = String::new();
    for (id, export) in ordered {
        let ExportKind::Function(signature) = &export.kind;
        text.push_str(&format!("{id} {}\n", export.name));
        for parameter in &signature.parameter_ordering {
            let declared = &signature.parameters[parameter];
            let ty = serde_json::to_string(&declared.ty).expect("a type serializes");
            text.push_str(&format!("  {parameter} {}: {ty}\n", declared.name));
        }
        let ret = serde_json::to_string(&signature.return_ty).expect("a type serializes");
        text.push_str(&format!("  -> {ret}\n"));
    }
    insta::assert_snapshot!(text);
}
