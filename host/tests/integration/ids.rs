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

/// Every generated id constant of the 25 retained functions, with the function and
/// parameter it names: checked against [`RETAINED`]'s literals.
const CONSTANTS: [(Uuid, &str, Option<&str>); 73] = [
    (ids::load_animation::FUNCTION, "load_animation", None),
    (ids::load_animation::CLIP, "load_animation", Some("clip")),
    (ids::create_player::FUNCTION, "create_player", None),
    (ids::create_player::NAME, "create_player", Some("name")),
    (ids::add_instance::FUNCTION, "add_instance", None),
    (ids::add_instance::PLAYER, "add_instance", Some("player")),
    (ids::add_instance::ANIM, "add_instance", Some("anim")),
    (ids::step::FUNCTION, "step", None),
    (ids::step::DT_NS, "step", Some("dt_ns")),
    (ids::step::TIME_NS, "step", Some("time_ns")),
    (ids::play::FUNCTION, "play", None),
    (ids::play::PLAYER, "play", Some("player")),
    (ids::pause::FUNCTION, "pause", None),
    (ids::pause::PLAYER, "pause", Some("player")),
    (ids::stop::FUNCTION, "stop", None),
    (ids::stop::PLAYER, "stop", Some("player")),
    (ids::seek::FUNCTION, "seek", None),
    (ids::seek::PLAYER, "seek", Some("player")),
    (ids::seek::TIME_NS, "seek", Some("time_ns")),
    (ids::set_speed::FUNCTION, "set_speed", None),
    (ids::set_speed::PLAYER, "set_speed", Some("player")),
    (ids::set_speed::SPEED, "set_speed", Some("speed")),
    (ids::set_loop::FUNCTION, "set_loop", None),
    (ids::set_loop::PLAYER, "set_loop", Some("player")),
    (ids::set_loop::MODE, "set_loop", Some("mode")),
    (ids::set_weight::FUNCTION, "set_weight", None),
    (ids::set_weight::PLAYER, "set_weight", Some("player")),
    (ids::set_weight::INSTANCE, "set_weight", Some("instance")),
    (ids::set_weight::WEIGHT, "set_weight", Some("weight")),
    (ids::remove_instance::FUNCTION, "remove_instance", None),
    (
        ids::remove_instance::PLAYER,
        "remove_instance",
        Some("player"),
    ),
    (
        ids::remove_instance::INSTANCE,
        "remove_instance",
        Some("instance"),
    ),
    (ids::player_states::FUNCTION, "player_states", None),
    (ids::bake::FUNCTION, "bake", None),
    (ids::bake::ANIM, "bake", Some("anim")),
    (ids::bake::FRAME_RATE, "bake", Some("frame_rate")),
    (ids::bake::START_NS, "bake", Some("start_ns")),
    (ids::bake::END_NS, "bake", Some("end_ns")),
    (
        ids::bake_with_derivatives::FUNCTION,
        "bake_with_derivatives",
        None,
    ),
    (
        ids::bake_with_derivatives::ANIM,
        "bake_with_derivatives",
        Some("anim"),
    ),
    (
        ids::bake_with_derivatives::FRAME_RATE,
        "bake_with_derivatives",
        Some("frame_rate"),
    ),
    (
        ids::bake_with_derivatives::START_NS,
        "bake_with_derivatives",
        Some("start_ns"),
    ),
    (
        ids::bake_with_derivatives::END_NS,
        "bake_with_derivatives",
        Some("end_ns"),
    ),
    (ids::unload_animation::FUNCTION, "unload_animation", None),
    (
        ids::unload_animation::ANIM,
        "unload_animation",
        Some("anim"),
    ),
    (ids::remove_player::FUNCTION, "remove_player", None),
    (ids::remove_player::PLAYER, "remove_player", Some("player")),
    (
        ids::add_instance_with_weight::FUNCTION,
        "add_instance_with_weight",
        None,
    ),
    (
        ids::add_instance_with_weight::PLAYER,
        "add_instance_with_weight",
        Some("player"),
    ),
    (
        ids::add_instance_with_weight::ANIM,
        "add_instance_with_weight",
        Some("anim"),
    ),
    (
        ids::add_instance_with_weight::WEIGHT,
        "add_instance_with_weight",
        Some("weight"),
    ),
    (ids::reload_animation::FUNCTION, "reload_animation", None),
    (
        ids::reload_animation::ANIM,
        "reload_animation",
        Some("anim"),
    ),
    (
        ids::reload_animation::CLIP,
        "reload_animation",
        Some("clip"),
    ),
    (ids::set_window::FUNCTION, "set_window", None),
    (ids::set_window::PLAYER, "set_window", Some("player")),
    (ids::set_window::START_NS, "set_window", Some("start_ns")),
    (ids::set_window::END_NS, "set_window", Some("end_ns")),
    (ids::play_at::FUNCTION, "play_at", None),
    (ids::play_at::PLAYER, "play_at", Some("player")),
    (ids::play_at::TIME_NS, "play_at", Some("time_ns")),
    (ids::set_start_offset::FUNCTION, "set_start_offset", None),
    (
        ids::set_start_offset::PLAYER,
        "set_start_offset",
        Some("player"),
    ),
    (
        ids::set_start_offset::INSTANCE,
        "set_start_offset",
        Some("instance"),
    ),
    (
        ids::set_start_offset::OFFSET_NS,
        "set_start_offset",
        Some("offset_ns"),
    ),
    (ids::set_time_scale::FUNCTION, "set_time_scale", None),
    (
        ids::set_time_scale::PLAYER,
        "set_time_scale",
        Some("player"),
    ),
    (
        ids::set_time_scale::INSTANCE,
        "set_time_scale",
        Some("instance"),
    ),
    (
        ids::set_time_scale::TIME_SCALE,
        "set_time_scale",
        Some("time_scale"),
    ),
    (ids::step_values::FUNCTION, "step_values", None),
    (ids::step_values::DT_NS, "step_values", Some("dt_ns")),
    (ids::step_values::TIME_NS, "step_values", Some("time_ns")),
    (ids::output_keys::FUNCTION, "output_keys", None),
];

#[test]
fn the_id_constants_name_the_retained_ids() {
    for (constant, function, parameter) in CONSTANTS {
        let (_, id, parameters) = RETAINED
            .iter()
            .find(|(name, ..)| *name == function)
            .unwrap_or_else(|| panic!("{function} is retained"));
        let expected = match parameter {
            None => id,
            Some(parameter) => {
                &parameters
                    .iter()
                    .find(|(name, _)| *name == parameter)
                    .unwrap_or_else(|| panic!("{function} has {parameter}"))
                    .1
            }
        };
        assert_eq!(constant, uuid(expected), "{function} {parameter:?}");
    }
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

#[test]
fn the_six_new_functions_follow_the_id_pattern() {
    let new = [
        (ids::load_clip::FUNCTION, "load_clip"),
        (ids::reload_clip::FUNCTION, "reload_clip"),
        (ids::set_rate::FUNCTION, "set_rate"),
        (ids::step_with_velocities::FUNCTION, "step_with_velocities"),
        (ids::set_length::FUNCTION, "set_length"),
        (ids::set_reversed::FUNCTION, "set_reversed"),
    ];
    for (n, (id, name)) in new.into_iter().enumerate() {
        assert_eq!(
            id,
            Uuid::from_u128(0x76697a69_6a00_0000_0f00_00000000001a + n as u128)
        );
        assert_eq!(animation::descriptions()[&id].name, name);
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
