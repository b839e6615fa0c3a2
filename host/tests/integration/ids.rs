//! Ids, names and parameter order pinned literally from docs/contract.md §1.2, once:
//! the declaration's descriptions and the generated `animation::ids` constants are both
//! checked against the one table here.
//!
//! The 25 functions retained from `@vizij/animation` 2.0.0 keep every id, name
//! and parameter order; these literals are copied from the contract's table,
//! not from the declaration, so a typo in either fails here.

use arora_animation_module::animation::{self, ids};
use arora_types::Uuid;
use arora_types::record::module::frozen::ExportKind;

fn uuid(text: &str) -> Uuid {
    Uuid::parse_str(text).expect("a literal uuid")
}

/// `(function name, function id, [(parameter name, parameter id)])`.
type Pinned = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

/// The 25 retained functions, in declaration order.
const RETAINED: [Pinned; 25] = [
    (
        "load_animation",
        "76697a69-6a00-0000-0f00-000000000001",
        &[("clip", "76697a69-6a00-0000-0f01-000000000001")],
    ),
    (
        "create_player",
        "76697a69-6a00-0000-0f00-000000000002",
        &[("name", "76697a69-6a00-0000-0f02-000000000001")],
    ),
    (
        "add_instance",
        "76697a69-6a00-0000-0f00-000000000003",
        &[
            ("player", "76697a69-6a00-0000-0f03-000000000001"),
            ("anim", "76697a69-6a00-0000-0f03-000000000002"),
        ],
    ),
    (
        "step",
        "76697a69-6a00-0000-0f00-000000000004",
        &[
            ("dt_ns", "76697a69-6a00-0000-0f04-000000000001"),
            ("time_ns", "76697a69-6a00-0000-0f04-000000000002"),
        ],
    ),
    (
        "play",
        "76697a69-6a00-0000-0f00-000000000005",
        &[("player", "76697a69-6a00-0000-0f05-000000000001")],
    ),
    (
        "pause",
        "76697a69-6a00-0000-0f00-000000000006",
        &[("player", "76697a69-6a00-0000-0f06-000000000001")],
    ),
    (
        "stop",
        "76697a69-6a00-0000-0f00-000000000007",
        &[("player", "76697a69-6a00-0000-0f07-000000000001")],
    ),
    (
        "seek",
        "76697a69-6a00-0000-0f00-000000000008",
        &[
            ("player", "76697a69-6a00-0000-0f08-000000000001"),
            ("time_ns", "76697a69-6a00-0000-0f08-000000000002"),
        ],
    ),
    (
        "set_speed",
        "76697a69-6a00-0000-0f00-000000000009",
        &[
            ("player", "76697a69-6a00-0000-0f09-000000000001"),
            ("speed", "76697a69-6a00-0000-0f09-000000000002"),
        ],
    ),
    (
        "set_loop",
        "76697a69-6a00-0000-0f00-00000000000a",
        &[
            ("player", "76697a69-6a00-0000-0f0a-000000000001"),
            ("mode", "76697a69-6a00-0000-0f0a-000000000002"),
        ],
    ),
    (
        "set_weight",
        "76697a69-6a00-0000-0f00-00000000000b",
        &[
            ("player", "76697a69-6a00-0000-0f0b-000000000001"),
            ("instance", "76697a69-6a00-0000-0f0b-000000000002"),
            ("weight", "76697a69-6a00-0000-0f0b-000000000003"),
        ],
    ),
    (
        "remove_instance",
        "76697a69-6a00-0000-0f00-00000000000c",
        &[
            ("player", "76697a69-6a00-0000-0f0c-000000000001"),
            ("instance", "76697a69-6a00-0000-0f0c-000000000002"),
        ],
    ),
    ("player_states", "76697a69-6a00-0000-0f00-00000000000d", &[]),
    (
        "bake",
        "76697a69-6a00-0000-0f00-00000000000e",
        &[
            ("anim", "76697a69-6a00-0000-0f0e-000000000001"),
            ("frame_rate", "76697a69-6a00-0000-0f0e-000000000002"),
            ("start_ns", "76697a69-6a00-0000-0f0e-000000000003"),
            ("end_ns", "76697a69-6a00-0000-0f0e-000000000004"),
        ],
    ),
    (
        "bake_with_derivatives",
        "76697a69-6a00-0000-0f00-00000000000f",
        &[
            ("anim", "76697a69-6a00-0000-0f0f-000000000001"),
            ("frame_rate", "76697a69-6a00-0000-0f0f-000000000002"),
            ("start_ns", "76697a69-6a00-0000-0f0f-000000000003"),
            ("end_ns", "76697a69-6a00-0000-0f0f-000000000004"),
        ],
    ),
    (
        "unload_animation",
        "76697a69-6a00-0000-0f00-000000000010",
        &[("anim", "76697a69-6a00-0000-0f10-000000000001")],
    ),
    (
        "remove_player",
        "76697a69-6a00-0000-0f00-000000000011",
        &[("player", "76697a69-6a00-0000-0f11-000000000001")],
    ),
    (
        "add_instance_with_weight",
        "76697a69-6a00-0000-0f00-000000000012",
        &[
            ("player", "76697a69-6a00-0000-0f12-000000000001"),
            ("anim", "76697a69-6a00-0000-0f12-000000000002"),
            ("weight", "76697a69-6a00-0000-0f12-000000000003"),
        ],
    ),
    (
        "reload_animation",
        "76697a69-6a00-0000-0f00-000000000013",
        &[
            ("anim", "76697a69-6a00-0000-0f13-000000000001"),
            ("clip", "76697a69-6a00-0000-0f13-000000000002"),
        ],
    ),
    (
        "set_window",
        "76697a69-6a00-0000-0f00-000000000014",
        &[
            ("player", "76697a69-6a00-0000-0f14-000000000001"),
            ("start_ns", "76697a69-6a00-0000-0f14-000000000002"),
            ("end_ns", "76697a69-6a00-0000-0f14-000000000003"),
        ],
    ),
    (
        "play_at",
        "76697a69-6a00-0000-0f00-000000000015",
        &[
            ("player", "76697a69-6a00-0000-0f15-000000000001"),
            ("time_ns", "76697a69-6a00-0000-0f15-000000000002"),
        ],
    ),
    (
        "set_start_offset",
        "76697a69-6a00-0000-0f00-000000000016",
        &[
            ("player", "76697a69-6a00-0000-0f16-000000000001"),
            ("instance", "76697a69-6a00-0000-0f16-000000000002"),
            ("offset_ns", "76697a69-6a00-0000-0f16-000000000003"),
        ],
    ),
    (
        "set_time_scale",
        "76697a69-6a00-0000-0f00-000000000017",
        &[
            ("player", "76697a69-6a00-0000-0f17-000000000001"),
            ("instance", "76697a69-6a00-0000-0f17-000000000002"),
            ("time_scale", "76697a69-6a00-0000-0f17-000000000003"),
        ],
    ),
    (
        "step_values",
        "76697a69-6a00-0000-0f00-000000000018",
        &[
            ("dt_ns", "76697a69-6a00-0000-0f18-000000000001"),
            ("time_ns", "76697a69-6a00-0000-0f18-000000000002"),
        ],
    ),
    ("output_keys", "76697a69-6a00-0000-0f00-000000000019", &[]),
];

#[test]
fn the_25_retained_functions_keep_ids_names_and_parameter_order() {
    let descriptions = animation::descriptions();
    for (name, id, parameters) in RETAINED {
        let export = descriptions
            .get(&uuid(id))
            .unwrap_or_else(|| panic!("no function {id}"));
        assert_eq!(export.name, name);
        let ExportKind::Function(signature) = &export.kind;
        let ordering: Vec<Uuid> = parameters.iter().map(|(_, id)| uuid(id)).collect();
        assert_eq!(signature.parameter_ordering, ordering, "{name}");
        for (parameter, id) in parameters.iter() {
            let declared = &signature.parameters[&uuid(id)];
            assert_eq!(declared.name, *parameter, "{name}");
            assert!(!declared.mutable, "{name}.{parameter}");
        }
        assert_eq!(signature.parameters.len(), parameters.len(), "{name}");
    }
}

/// Every generated id constant, with the function and parameter it names (the parameter
/// by its constant's name: `DT_NS` for `dt_ns`), derived from the contract's one listing
/// so that none is left out: the 73 of the 25 retained functions are checked against
/// [`RETAINED`]'s literals, the six new functions' in
/// `the_six_new_functions_follow_the_id_pattern`.
macro_rules! constants {
    ($(
        $(#[$doc:meta])*
        fn $name:ident = $generated:ident(
            $($arg:ident $param:ident: $client:ty => $contract:ty),* $(,)?
        ) -> $answer:ty => $ret:ty;
    )*) => {
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
        let Some((_, id, parameters)) = RETAINED.iter().find(|(name, ..)| *name == function) else {
            assert!(
                NEW.contains(&function),
                "{function} is neither retained nor new"
            );
            continue;
        };
        let expected = match parameter {
            None => id,
            Some(parameter) => {
                &parameters
                    .iter()
                    .find(|(name, _)| name.to_uppercase() == parameter)
                    .unwrap_or_else(|| panic!("{function} has {parameter}"))
                    .1
            }
        };
        assert_eq!(constant, uuid(expected), "{function} {parameter:?}");
        checked += 1;
    }
    assert_eq!(checked, 73);
    assert_eq!(ids::MODULE, uuid("76697a69-6a00-0000-0d00-000000000000"));
}

/// The 31 function names in declaration order (docs/contract.md §1.2).
const DECLARED: [&str; 31] = [
    "load_animation",
    "create_player",
    "add_instance",
    "step",
    "play",
    "pause",
    "stop",
    "seek",
    "set_speed",
    "set_loop",
    "set_weight",
    "remove_instance",
    "player_states",
    "bake",
    "bake_with_derivatives",
    "unload_animation",
    "remove_player",
    "add_instance_with_weight",
    "reload_animation",
    "set_window",
    "play_at",
    "set_start_offset",
    "set_time_scale",
    "step_values",
    "output_keys",
    "load_clip",
    "reload_clip",
    "set_rate",
    "step_with_velocities",
    "set_length",
    "set_reversed",
];

#[test]
fn there_are_31_descriptions_in_declaration_order() {
    let descriptions = animation::descriptions();
    assert_eq!(descriptions.len(), 31);
    for (n, name) in DECLARED.iter().enumerate() {
        let id = Uuid::from_u128(0x76697a69_6a00_0000_0f00_000000000000 + n as u128 + 1);
        assert_eq!(descriptions[&id].name, *name);
    }
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
    assert_eq!(
        ids::set_rate::RATE,
        uuid("76697a69-6a00-0000-0f1c-000000000003")
    );
    assert_eq!(
        ids::set_length::LENGTH_NS,
        uuid("76697a69-6a00-0000-0f1e-000000000002")
    );
    assert_eq!(
        ids::set_reversed::REVERSED,
        uuid("76697a69-6a00-0000-0f1f-000000000002")
    );
    assert_eq!(
        ids::reload_clip::CLIP,
        uuid("76697a69-6a00-0000-0f1b-000000000002")
    );
    assert_eq!(
        ids::step_with_velocities::TIME_NS,
        uuid("76697a69-6a00-0000-0f1d-000000000002")
    );
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
