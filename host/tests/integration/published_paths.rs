//! The paths the published `arora-animation-module` 2.0 documents resolve here with the
//! same meaning, so a host written against it builds and behaves unchanged.

use arora_animation_module::{
    AnimationClip, AnimationModule, BakedAnimation, Clip, OutputKeys, PlayerState, StepSamples,
    StepValues, TrackOutput, animation, animation_contract, exports, records,
};

#[test]
fn records_are_at_the_crate_root_and_under_records() {
    fn same<T>(_: fn(T) -> T, _: fn(T) -> T) {}
    same::<PlayerState>(|r| r, |r: records::PlayerState| r);
    same::<Clip>(|r| r, |r: records::Clip| r);
    same::<AnimationClip>(|r| r, |r: records::AnimationClip| r);
    same::<StepValues>(|r| r, |r: records::StepValues| r);
    same::<StepSamples>(|r| r, |r: records::StepSamples| r);
    same::<OutputKeys>(|r| r, |r: records::OutputKeys| r);
    same::<TrackOutput>(|r| r, |r: records::TrackOutput| r);
    same::<BakedAnimation>(|r| r, |r: records::BakedAnimation| r);
}

#[test]
fn the_contract_module_describes_the_31_functions() {
    let described = animation_contract::descriptions();
    assert_eq!(described.len(), 31);
    assert_eq!(described, animation::descriptions());
    assert_eq!(animation_contract::NAME, "animation");
    assert_eq!(
        animation_contract::ids::step::DT_NS,
        animation::ids::step::DT_NS
    );
    assert_eq!(
        animation::ids::step::DT_NS.to_string(),
        "76697a69-6a00-0000-0f04-000000000001"
    );
    assert_eq!(
        animation::ids::MODULE.to_string(),
        "76697a69-6a00-0000-0d00-000000000000"
    );
    assert_eq!(
        animation_contract::record(animation::SCOPE.id),
        animation::record(animation::SCOPE.id)
    );
    assert_eq!(exports(AnimationModule::new()).len(), 31);
}
