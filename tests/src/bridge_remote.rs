//! A client's own state on a served device, beside the behaviour tree's: what it sets up
//! ([`set_up_remote`]), what it must find again after any message ([`Kept`]), and the
//! unpaced device both the bad-input test and the soak example start ([`served_with_remote`]).

use std::time::Duration;

use arora_animation_module::client::{AnimationClient, AnimationId, PlayerId};
use arora_animation_module::records::{BakedAnimation, OutputKeys, PlayerState};

use crate::bridge::{Client, DeviceSpec, ServedDevice};
use crate::bridge_tree::Behavior;

/// A served device named `name` playing `play_wave.bt` unpaced, a client on it with the
/// clips and players of [`set_up_remote`] in place, what it keeps, and the device's step in
/// ns.
pub fn served_with_remote(name: &str) -> (ServedDevice, Client, Kept, u64) {
    let mut spec = DeviceSpec::new(name).with_behavior(Behavior::example("play_wave.bt"));
    spec.pace = Duration::ZERO;
    let dt_ns = spec.dt.as_nanos() as u64;
    let device = ServedDevice::start(spec);
    device.wait_for_steps(3);
    let mut client = Client::connect(&device.url);
    client.subscribe(&[]);
    set_up_remote(&mut client);
    let kept = Kept::read(&mut client);
    (device, client, kept, dt_ns)
}

/// What a client set up on the device and must find again: the players
/// (their playheads aside, which move), the output table's keys, each clip
/// baked.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    /// `player_states`, each `time_ns` zeroed.
    pub players: Vec<PlayerState>,
    /// `output_keys`: the keys and the table's revision.
    pub keys: OutputKeys,
    /// `bake` of animations 0 and 1.
    pub bakes: Vec<Option<BakedAnimation>>,
}

impl Kept {
    /// Read it over `client`, through the typed client.
    pub fn read(client: &mut Client) -> Self {
        let mut client = AnimationClient::new(client);
        let mut players = client.player_states().expect("player_states");
        for state in &mut players {
            state.time_ns = 0;
        }
        let keys = client.output_keys().expect("output_keys");
        let bakes = (0..2)
            .map(|anim| {
                client
                    .bake(AnimationId::from_raw(anim), None, None, None)
                    .expect("bake")
            })
            .collect();
        Self {
            players,
            keys,
            bakes,
        }
    }
}

/// The client's own state beside the tree's: a clip whose tracks target
/// `remote/…` (animation 1), and a player named `remote` (player 1) holding
/// no instance, so the tree's outputs stay its own.
pub fn set_up_remote(client: &mut Client) {
    let mut clip = arora_animation_module_dir::bundled_clip();
    for track in &mut clip.tracks {
        track.target = format!("remote/{}", track.target);
    }
    let mut client = AnimationClient::new(client);
    let anim = client.load_clip(&clip).expect("load_clip");
    assert_eq!(anim, Some(AnimationId::from_raw(1)), "load_clip");
    let player = client.create_player(Some("remote")).expect("create_player");
    assert_eq!(player, Some(PlayerId::from_raw(1)), "create_player");
}
