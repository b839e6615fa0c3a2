//! The record and field ids the guest's answers are written under, read once off the
//! records themselves (`records/`, where each is written), so that they are written
//! nowhere else: a record converted to its `Value` names its id and its fields' ids, in
//! declared order.

use std::sync::OnceLock;

use arora_types::Uuid;
use arora_types::value::Value;

use arora_animation_module::{
    BakedAnimation, BakedTrack, InstanceState, OutputKeys, PlayerState, StepSamples, StepValues,
    TrackOutput,
};

/// A record's id and its fields' ids, in declared order.
#[derive(Debug)]
pub(crate) struct RecordIds<const N: usize> {
    /// The record's (structure's) id.
    pub(crate) id: Uuid,
    /// Its fields' ids.
    pub(crate) fields: [Uuid; N],
}

/// Every record a direct answer writes.
#[derive(Debug)]
pub(crate) struct Ids {
    pub(crate) step_values: RecordIds<2>,
    pub(crate) step_samples: RecordIds<3>,
    pub(crate) track_output: RecordIds<3>,
    pub(crate) output_keys: RecordIds<2>,
    pub(crate) baked_animation: RecordIds<4>,
    pub(crate) baked_track: RecordIds<3>,
    pub(crate) player_state: RecordIds<13>,
    pub(crate) instance_state: RecordIds<6>,
}

/// The ids, read on first use.
pub(crate) fn ids() -> &'static Ids {
    static IDS: OnceLock<Ids> = OnceLock::new();
    IDS.get_or_init(read)
}

/// The ids of the record `value` holds; a record of another field count is a mistake
/// here, caught by the first direct answer of any test.
fn of<const N: usize>(value: impl Into<Value>) -> RecordIds<N> {
    let Value::Structure(structure) = value.into() else {
        unreachable!("a record converts to a structure")
    };
    let mut fields = [Uuid::nil(); N];
    assert_eq!(structure.fields.len(), N, "the fields of {}", structure.id);
    for (id, field) in fields.iter_mut().zip(&structure.fields) {
        *id = field.id;
    }
    RecordIds {
        id: structure.id,
        fields,
    }
}

fn read() -> Ids {
    let track = BakedTrack {
        animatable_id: String::new(),
        values: Value::Unit,
        derivatives: Value::Unit,
    };
    Ids {
        step_values: of(StepValues {
            revision: 0,
            values: Value::Unit,
        }),
        step_samples: of(StepSamples {
            revision: 0,
            values: Value::Unit,
            velocities: Value::Unit,
        }),
        track_output: of(TrackOutput {
            track_id: String::new(),
            default_key: String::new(),
            value: Value::Unit,
        }),
        output_keys: of(OutputKeys {
            revision: 0,
            keys: Vec::new(),
        }),
        baked_animation: of(BakedAnimation {
            frame_rate: 0.0,
            start_ns: 0,
            end_ns: 0,
            tracks: Vec::new(),
        }),
        baked_track: of(track),
        player_state: of(PlayerState {
            player: 0,
            state: String::new(),
            time_ns: 0,
            duration_ns: 0,
            speed: 0.0,
            name: String::new(),
            instances: Vec::new(),
            loop_mode: String::new(),
            ended: false,
            window_start_ns: 0,
            window_end_ns: None,
            reversed: false,
            waiting: false,
        }),
        instance_state: of(InstanceState {
            instance: 0,
            anim: 0,
            weight: 0.0,
            start_offset_ns: 0,
            time_scale: 0.0,
            rate: 0.0,
        }),
    }
}
