//! Reload and unload reach every player holding the clip (docs/playback.md §7): the engine
//! keeps, per clip, the players holding an instance of it, so that neither visits the
//! players that do not. These tests follow that record through the edits that change it.

use crate::playback_support::*;
use animation_engine::{AnimationId, Engine, PlayerId, Timing};

/// A clip holding `value` on the key `target`.
fn holding(engine: &mut Engine, target: &str, value: f64) -> AnimationId {
    engine
        .load(&valid(clip(vec![hold(target, target, value)])))
        .unwrap()
}

/// Reloads `animation` as a clip holding 5 on the key `y`.
fn reload_to_y(engine: &mut Engine, animation: AnimationId) {
    let clip = valid(clip(vec![hold("t", "y", 5.0)]));
    engine.reload(animation, &clip).unwrap();
}

fn add(engine: &mut Engine, player: PlayerId, animation: AnimationId) {
    engine
        .add_instance(player, animation, 1.0, Timing::default())
        .unwrap();
}

/// An engine with clip `a` holding 1 on the key `x` and player `p` holding an instance of
/// it: `(engine, a, p)`.
fn one_holder() -> (Engine, AnimationId, PlayerId) {
    let mut e = Engine::new();
    let a = holding(&mut e, "x", 1.0);
    let p = e.create_player("p").unwrap();
    add(&mut e, p, a);
    (e, a, p)
}

/// Each key with its number after evaluating where the players stand.
fn outputs(engine: &mut Engine) -> Vec<(String, Option<f64>)> {
    let step = engine.evaluate();
    let numbers = step
        .iter()
        .map(|(position, output)| (position.key.clone(), output.value().map(number)));
    numbers.collect()
}

fn key(key: &str, value: f64) -> (String, Option<f64>) {
    (key.to_owned(), Some(value))
}

#[test]
fn a_player_keeping_one_of_two_instances_follows_the_clip_s_reload() {
    let (mut e, a, p) = one_holder();
    add(&mut e, p, a);
    let first = e.players()[0].instances[0].id;
    e.remove_instance(p, first).unwrap();
    reload_to_y(&mut e, a);
    assert_eq!(outputs(&mut e), [key("y", 5.0)]);
}

#[test]
fn a_player_that_gave_a_clip_up_and_took_it_again_follows_its_reload() {
    let (mut e, a, p) = one_holder();
    let instance = e.players()[0].instances[0].id;
    e.remove_instance(p, instance).unwrap();
    add(&mut e, p, a);
    reload_to_y(&mut e, a);
    assert_eq!(outputs(&mut e), [key("y", 5.0)]);
}

#[test]
fn reload_and_unload_leave_the_players_not_holding_the_clip_as_they_were() {
    let mut e = Engine::new();
    let (a, b) = (holding(&mut e, "x", 1.0), holding(&mut e, "z", 2.0));
    let (p, q, r) = (
        e.create_player("p").unwrap(),
        e.create_player("q").unwrap(),
        e.create_player("r").unwrap(),
    );
    add(&mut e, p, b);
    add(&mut e, q, a);
    add(&mut e, r, b);
    add(&mut e, r, a);
    reload_to_y(&mut e, a);
    let want = [key("z", 2.0), key("y", 5.0), key("z", 2.0), key("y", 5.0)];
    assert_eq!(outputs(&mut e), want);
    let revision = e.revision();
    e.unload(a).unwrap();
    assert_eq!(e.revision(), revision.wrapping_add(1));
    assert_eq!(outputs(&mut e), [key("z", 2.0), key("z", 2.0)]);
    let instances = |e: &Engine| {
        e.players()
            .iter()
            .map(|p| p.instances.len())
            .collect::<Vec<_>>()
    };
    assert_eq!(instances(&e), [1, 0, 1]);
}

#[test]
fn a_removed_holder_is_forgotten_and_a_later_one_is_reached() {
    let (mut e, a, p) = one_holder();
    e.remove_player(p).unwrap();
    let q = e.create_player("q").unwrap();
    add(&mut e, q, a);
    reload_to_y(&mut e, a);
    assert_eq!(outputs(&mut e), [key("y", 5.0)]);
    e.unload(a).unwrap();
    assert_eq!(outputs(&mut e), []);
    assert_eq!(e.players()[0].instances.len(), 0);
}

/// Removing the first player leaves every later section where it was in the table's
/// order, with its values, and a player created then comes last.
#[test]
fn removing_the_first_player_keeps_the_others_sections_in_order() {
    let mut e = Engine::new();
    let clips: Vec<AnimationId> = ["a", "b", "c"]
        .iter()
        .zip(1..)
        .map(|(target, value)| holding(&mut e, target, f64::from(value)))
        .collect();
    let players: Vec<PlayerId> = clips
        .iter()
        .map(|&animation| {
            let player = e.create_player("p").unwrap();
            add(&mut e, player, animation);
            player
        })
        .collect();
    e.remove_player(players[0]).unwrap();
    let last = e.create_player("last").unwrap();
    add(&mut e, last, clips[0]);
    let want = [key("b", 2.0), key("c", 3.0), key("a", 1.0)];
    assert_eq!(outputs(&mut e), want);
    let step = e.evaluate();
    assert_eq!((step.len(), step.positions().len()), (3, 3));
}
