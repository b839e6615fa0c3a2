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

/// The document names of the easings and the two inferred kinds (case-sensitive, §1.4).
const TRANSITION_NAMES: [(&str, Transition); 11] = [
    ("linear", Transition::Ease(Easing::Linear)),
    ("sine", Transition::Ease(Easing::Sine)),
    ("quad", Transition::Ease(Easing::Quad)),
    ("cubic", Transition::Ease(Easing::Cubic)),
    ("quart", Transition::Ease(Easing::Quart)),
    ("quint", Transition::Ease(Easing::Quint)),
    ("expo", Transition::Ease(Easing::Expo)),
    ("circ", Transition::Ease(Easing::Circ)),
    ("back", Transition::Ease(Easing::Back)),
    ("explicit-handles", Transition::Inferred),
    ("inferred-auto-clamped", Transition::InferredAutoClamped),
];

impl Transition {
    /// The transition a name stands for (`"sine"`, `"explicit-handles"`, …); `None` for any
    /// other string. Names are case-sensitive.
    pub fn named(name: &str) -> Option<Transition> {
        let found = TRANSITION_NAMES.iter().find(|(n, _)| *n == name);
        found.map(|(_, t)| *t)
    }

    /// The name of a named transition; `None` for a handle.
    pub fn name(&self) -> Option<&'static str> {
        let found = TRANSITION_NAMES.iter().find(|(_, t)| t == self);
        found.map(|(n, _)| *n)
    }
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

impl Easing {
    /// The nine easings in the order §3.3 lists them.
    pub const ALL: [Easing; 9] = [
        Easing::Linear,
        Easing::Sine,
        Easing::Quad,
        Easing::Cubic,
        Easing::Quart,
        Easing::Quint,
        Easing::Expo,
        Easing::Circ,
        Easing::Back,
    ];
}

/// Editor-only handle pairing: never affects evaluation, preserved by read/write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Pairing {
    #[default]
    None,
    Paired,
    Free,
}

impl Clip {
    /// The end of a clip (§1.1): the length if present, otherwise the latest keypoint time over
    /// all tracks (0 without keypoints), then raised to at least 0. It is the default bake
    /// window end and the default length a player gives the clip.
    pub fn end_ns(&self) -> i64 {
        clip_end(self.length_ns, &self.tracks)
    }
}

/// The end of a clip of this length and these tracks (see [`Clip::end_ns`]).
pub(crate) fn clip_end<'a>(
    length_ns: Option<i64>,
    tracks: impl IntoIterator<Item = &'a Track>,
) -> i64 {
    let end = length_ns.unwrap_or_else(|| {
        let times = tracks.into_iter().flat_map(|t| &t.keypoints);
        times.map(|k| k.time_ns).max().unwrap_or(0)
    });
    end.max(0)
}

/// The kind of a track: that of its first keypoint in document order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueKind {
    Number,
    Boolean,
    Text,
}

impl ValueKind {
    /// The kind of one keypoint value.
    pub fn of(value: &KeyValue) -> ValueKind {
        match value {
            KeyValue::Number(_) => ValueKind::Number,
            KeyValue::Boolean(_) => ValueKind::Boolean,
            KeyValue::Text(_) => ValueKind::Text,
        }
    }

    /// The spec's spelling: `number`, `boolean`, `string`.
    pub fn name(self) -> &'static str {
        match self {
            ValueKind::Number => "number",
            ValueKind::Boolean => "boolean",
            ValueKind::Text => "string",
        }
    }
}

impl std::fmt::Display for ValueKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
