//! Which build runs where: the component layout the browser's executor
//! demands (`component_layout::guest_module`), and the engine loading both.

use arora_animation_module::animation;
use arora_animation_module_dir::{Target, wasm_component_executor};
use arora_animation_tests::calls::{self, Answer};
use arora_animation_tests::guest::component;
use arora_engine::component_layout::guest_module;
use arora_engine::engine::EngineBuilder;
use arora_engine::executor::component::ComponentExecutor;
use arora_engine::load::load_module_from_parts;
use arora_types::value::Value;

#[test]
fn the_wasip2_build_is_one_guest_module_the_browser_executor_runs() {
    let guest = guest_module(component(Target::Wasip2)).expect("the layout is accepted");
    assert!(!guest.initialize, "a Rust cdylib has no initializer");
    assert!(guest.bytes.starts_with(b"\0asm\x01\0\0\0"), "a core module");
}

/// The preview-1 adapter is a second core module with exports, so the
/// adapted wasip1 build is a native-device artifact only.
#[test]
fn the_wasip1_build_with_its_adapter_is_refused_by_the_browser_layout_check() {
    let refused = guest_module(component(Target::Wasip1)).expect_err("two guest modules");
    assert!(refused.contains("2 guest module(s)"), "{refused}");
}

#[test]
fn the_wasip2_build_loads_on_the_engine_and_answers() {
    let mut engine = EngineBuilder::new()
        .add_executor(ComponentExecutor::new().expect("the executor starts"))
        .build();
    let header = animation::header(wasm_component_executor());
    load_module_from_parts(&mut engine, header, component(Target::Wasip2).into())
        .expect("the wasip2 component loads");
    assert_eq!(
        calls::create_player(calls::Opt::Omitted).send(&mut engine),
        Answer::Returned(Value::U32(0))
    );
}
