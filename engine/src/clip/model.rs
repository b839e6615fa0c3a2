//! The clip model of format 2.0 (docs/curves.md §1): clips, tracks, keypoints, transitions.
//!
//! Plain data: building one in memory never fails; [`Clip::validate`] applies the
//! rules of docs/curves.md §1.5 and the JSON document form lives in `document.rs`.

/// A clip: named, optionally with a signed length, and an ordered list of tracks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clip {
    /// A name for people; not used by playback.
    pub name: String,
    /// Length in nanoseconds; may be negative. `None` = ends at the latest keypoint.
    pub length_ns: Option<i64>,
    /// The tracks, in order: the first on a target claims it.
    pub tracks: Vec<Track>,
}

/// One animated key: keypoints in any order, all of one kind.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Track {
    /// The id reported with outputs and errors (need not be unique).
    pub id: String,
    /// A name for people; not used by playback.
    pub name: String,
    /// The output key a player writes (`animatableId` / `target`).
    pub target: String,
    /// The keypoints, in document order (sorted when compiled).
    pub keypoints: Vec<Keypoint>,
}

/// A keypoint at a signed nanosecond time.
#[derive(Clone, Debug, PartialEq)]
pub struct Keypoint {
    /// The id reported with outputs and errors (need not be unique).
    pub id: String,
    /// Signed clip-local time in nanoseconds.
    pub time_ns: i64,
    /// The value from this keypoint on.
    pub value: KeyValue,
    /// How the curve arrives here; `None` eases as `cubic`.
    pub arrive: Option<Transition>,
    /// How the curve leaves here; `None` eases as `cubic`.
    pub leave: Option<Transition>,
    /// How an editor links the two handles; playback ignores it.
    pub pairing: Pairing,
}

/// A keypoint's value: the kind of its track.
#[derive(Clone, Debug, PartialEq)]
pub enum KeyValue {
    /// A number; the curve between numbers is a cubic Bézier.
    Number(f64),
    /// A boolean; it steps.
    Boolean(bool),
    /// A string; it steps.
    Text(String),
}

/// One side of a keypoint (docs/curves.md §1.4).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Transition {
    /// A control point `dt_ns` nanoseconds and `dv` value units from the keypoint.
    Handle {
        /// Nanoseconds from the keypoint (toward the neighbour it points at).
        dt_ns: f64,
        /// Value units from the keypoint.
        dv: f64,
    },
    /// A control point placed by a named easing's constants.
    Ease(Easing),
    /// The tangent the neighbouring keypoints give (`explicit-handles`).
    Inferred,
    /// The inferred tangent, flattened at extrema and held inside the segment.
    InferredAutoClamped,
}

/// The document names of the easings and the two inferred kinds (case-sensitive,
/// docs/curves.md §1.4).
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

/// The nine named easings (docs/curves.md §3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Easing {
    /// Straight, as a line.
    Linear,
    /// Sine ease.
    Sine,
    /// Quadratic ease.
    Quad,
    /// Cubic ease (the default side).
    Cubic,
    /// Quartic ease.
    Quart,
    /// Quintic ease.
    Quint,
    /// Exponential ease.
    Expo,
    /// Circular ease.
    Circ,
    /// Overshooting ease.
    Back,
}

impl Easing {
    /// The nine easings in the order docs/curves.md §3.3 lists them.
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
    /// No pairing given.
    None,
    /// The handles move together.
    Paired,
    /// The handles move independently.
    Free,
}

impl Clip {
    /// The end of a clip (docs/curves.md §1.1): the length if present, otherwise the latest
    /// keypoint time over all tracks (0 without keypoints), then raised to at least 0. It is the
    /// default bake window end and the default length a player gives the clip.
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
    /// Number keypoints.
    Number,
    /// Boolean keypoints.
    Boolean,
    /// String keypoints.
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
