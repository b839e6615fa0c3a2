//! The clip model of format 2.0 (curves.md §1): clips, tracks, keypoints, transitions.
//!
//! Plain data: building one in memory never fails; [`Clip::validate`] applies the
//! rules of §1.5 and the JSON document form lives in `document.rs`.

/// A clip: named, optionally with a signed length, and an ordered list of tracks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clip {
    pub name: String,
    /// Length in nanoseconds; may be negative. `None` = ends at the latest keypoint.
    pub length_ns: Option<i64>,
    pub tracks: Vec<Track>,
}

/// One animated key: keypoints in any order, all of one kind.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Track {
    pub id: String,
    pub name: String,
    /// The output key a player writes (`animatableId` / `target`).
    pub target: String,
    pub keypoints: Vec<Keypoint>,
}

/// A keypoint at a signed nanosecond time.
#[derive(Clone, Debug, PartialEq)]
pub struct Keypoint {
    pub id: String,
    pub time_ns: i64,
    pub value: KeyValue,
    /// How the curve arrives here; `None` eases as `cubic`.
    pub arrive: Option<Transition>,
    /// How the curve leaves here; `None` eases as `cubic`.
    pub leave: Option<Transition>,
    pub pairing: Pairing,
}

/// A keypoint's value: the kind of its track.
#[derive(Clone, Debug, PartialEq)]
pub enum KeyValue {
    Number(f64),
    Boolean(bool),
    Text(String),
}

/// One side of a keypoint (§1.4).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Transition {
    /// A control point `dt_ns` nanoseconds and `dv` value units from the keypoint.
    Handle { dt_ns: f64, dv: f64 },
    /// A control point placed by a named easing's constants.
    Ease(Easing),
    /// The tangent the neighbouring keypoints give (`explicit-handles`).
    Inferred,
    /// The inferred tangent, flattened at extrema and held inside the segment.
    InferredAutoClamped,
}

/// The nine named easings (§3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Easing {
    Linear,
    Sine,
    Quad,
    Cubic,
    Quart,
    Quint,
    Expo,
    Circ,
    Back,
}

/// Editor-only handle pairing: never affects evaluation, preserved by read/write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Pairing {
    #[default]
    None,
    Paired,
    Free,
}
