//! Arora Buffer values appended to a byte vector: the encoding of `arora_buffers`'
//! `BufferWriter`, into a vector the caller allocates; and the answers that grow with the
//! state written with it, as the host crate's [`Output`] that writes bytes.
//!
//! `BufferWriter` starts every buffer at 128 bytes, grows it by doubling and shrinks it
//! to its length on `finalize`. This writer appends the same bytes to a vector the
//! caller allocates as large as it expects the answer to be, so that an answer of the
//! size expected is one allocation. The tags and the size prefix are `arora_buffers`'
//! constants; the tests compare every method with `BufferWriter`'s. (No answer holds a
//! primitive array, the one aligned region of the format, so there is no method for
//! one.)

use arora_animation_module::answer::Output;
use arora_animation_module::{InstanceState, PlayerState};
use arora_buffers::{
    BUFFER_SIZE_SIZE, TYPE_ARRAY, TYPE_BOOLEAN, TYPE_F32, TYPE_F64, TYPE_I64, TYPE_OPTION,
    TYPE_STRING, TYPE_STRUCTURE, TYPE_U32, TYPE_U64, TYPE_UNIT, TYPE_VALUE,
};
use arora_types::Uuid;

use crate::wire::ids::ids;

/// Appends values to one Arora Buffer in `out`.
#[derive(Debug)]
pub struct Writer<'a> {
    out: &'a mut Vec<u8>,
}

impl<'a> Writer<'a> {
    /// A new buffer in `out`: cleared, then its size prefix (0 until
    /// [`finish`](Self::finish)).
    pub fn begin(out: &'a mut Vec<u8>) -> Self {
        out.clear();
        out.extend_from_slice(&[0; BUFFER_SIZE_SIZE]);
        Self { out }
    }

    /// Writes the buffer's size into its prefix; the bytes are then a whole buffer.
    pub fn finish(self) {
        let size = u32::try_from(self.out.len()).unwrap_or(u32::MAX);
        self.out[..BUFFER_SIZE_SIZE].copy_from_slice(&size.to_le_bytes());
    }

    fn byte(&mut self, byte: u8) {
        self.out.push(byte);
    }

    fn raw_u32(&mut self, value: u32) {
        self.out.extend_from_slice(&value.to_le_bytes());
    }

    /// A count as the wire carries it: a `u32` (a count past it cannot be an answer
    /// the caller could hold; the answer budget refuses long before).
    fn count(&mut self, count: usize) {
        self.raw_u32(u32::try_from(count).unwrap_or(u32::MAX));
    }

    /// `Value::Unit`.
    pub fn unit(&mut self) {
        self.byte(TYPE_UNIT);
    }

    /// `Value::Boolean`.
    pub fn boolean(&mut self, value: bool) {
        self.out.extend_from_slice(&[TYPE_BOOLEAN, u8::from(value)]);
    }

    /// `Value::U32`.
    pub fn u32(&mut self, value: u32) {
        self.byte(TYPE_U32);
        self.raw_u32(value);
    }

    /// `Value::U64`.
    pub fn u64(&mut self, value: u64) {
        self.byte(TYPE_U64);
        self.out.extend_from_slice(&value.to_le_bytes());
    }

    /// `Value::I64`.
    pub fn i64(&mut self, value: i64) {
        self.byte(TYPE_I64);
        self.out.extend_from_slice(&value.to_le_bytes());
    }

    /// `Value::F32`.
    pub fn f32(&mut self, value: f32) {
        self.byte(TYPE_F32);
        self.out.extend_from_slice(&value.to_le_bytes());
    }

    /// `Value::F64`: its tag and bytes in one append (one capacity check, not two; a step
    /// writes one per position).
    #[inline]
    pub fn f64(&mut self, value: f64) {
        let [b0, b1, b2, b3, b4, b5, b6, b7] = value.to_le_bytes();
        self.out
            .extend_from_slice(&[TYPE_F64, b0, b1, b2, b3, b4, b5, b6, b7]);
    }

    /// `Value::String`.
    pub fn string(&mut self, value: &str) {
        self.byte(TYPE_STRING);
        self.raw_string(value);
    }

    /// A string without its tag: an element of a string array.
    pub fn raw_string(&mut self, value: &str) {
        self.count(value.len());
        self.out.extend_from_slice(value.as_bytes());
    }

    /// `Value::Option(Some(…))`: the value follows.
    pub fn some(&mut self) {
        self.out.extend_from_slice(&[TYPE_OPTION, 1]);
    }

    /// `Value::Option(None)`.
    pub fn none(&mut self) {
        self.out.extend_from_slice(&[TYPE_OPTION, 0]);
    }

    /// `Value::Structure` of `fields` fields under `id`: each follows as its
    /// [`field`](Self::field) id, then its value.
    pub fn structure(&mut self, id: Uuid, fields: usize) {
        self.byte(TYPE_STRUCTURE);
        self.out.extend_from_slice(id.as_bytes());
        self.count(fields);
    }

    /// A structure field's id; its value follows.
    pub fn field(&mut self, id: Uuid) {
        self.out.extend_from_slice(id.as_bytes());
    }

    /// An element of a structure array: its field count; its fields follow.
    pub fn element(&mut self, fields: usize) {
        self.count(fields);
    }

    /// `Value::ArrayStructure` of `count` elements under `id`: each follows as an
    /// [`element`](Self::element).
    pub fn structures(&mut self, id: Uuid, count: usize) {
        self.out.extend_from_slice(&[TYPE_ARRAY, TYPE_STRUCTURE]);
        self.count(count);
        self.out.extend_from_slice(id.as_bytes());
    }

    /// `Value::ArrayValue` of `count` values: each follows, tagged.
    pub fn values(&mut self, count: usize) {
        self.out.extend_from_slice(&[TYPE_ARRAY, TYPE_VALUE]);
        self.count(count);
    }

    /// `Value::ArrayString` of `count` strings: each follows as a
    /// [`raw_string`](Self::raw_string).
    pub fn strings(&mut self, count: usize) {
        self.out.extend_from_slice(&[TYPE_ARRAY, TYPE_STRING]);
        self.count(count);
    }

    /// [`structures`](Self::structures) whose count is known only once the elements are
    /// written: where the count goes, for [`set_count`](Self::set_count).
    pub fn structures_counted_later(&mut self, id: Uuid) -> usize {
        self.out.extend_from_slice(&[TYPE_ARRAY, TYPE_STRUCTURE]);
        let at = self.out.len();
        self.raw_u32(0);
        self.out.extend_from_slice(id.as_bytes());
        at
    }

    /// [`values`](Self::values) whose count is known only once the values are written:
    /// where the count goes, for [`set_count`](Self::set_count).
    pub fn values_counted_later(&mut self) -> usize {
        self.out.extend_from_slice(&[TYPE_ARRAY, TYPE_VALUE]);
        let at = self.out.len();
        self.raw_u32(0);
        at
    }

    /// Writes `count` where [`structures_counted_later`](Self::structures_counted_later)
    /// left room for it.
    pub fn set_count(&mut self, at: usize, count: usize) {
        let count = u32::try_from(count).unwrap_or(u32::MAX);
        self.out[at..at + 4].copy_from_slice(&count.to_le_bytes());
    }
}

/// A list whose count is written once its elements are: where the count goes, and the
/// elements so far.
#[derive(Debug)]
pub struct Counted {
    at: usize,
    count: usize,
}

impl Writer<'_> {
    /// A [`Counted`] list begun at `at`.
    fn counted(at: usize) -> Counted {
        Counted { at, count: 0 }
    }

    /// Ends `list`: its count written where it goes.
    fn end(&mut self, list: Counted) {
        self.set_count(list.at, list.count);
    }

    /// A player's instances: an array of `InstanceState`s written field by field.
    fn instance_states(&mut self, instances: &[InstanceState]) {
        let record = &ids().instance_state;
        let [id, anim, weight, offset, time_scale, rate] = record.fields;
        self.structures(record.id, instances.len());
        for each in instances {
            self.element(6);
            self.field(id);
            self.u32(each.instance);
            self.field(anim);
            self.u32(each.anim);
            self.field(weight);
            Writer::f32(self, each.weight);
            self.field(offset);
            Writer::i64(self, each.start_offset_ns);
            self.field(time_scale);
            Writer::f32(self, each.time_scale);
            self.field(rate);
            Writer::f64(self, each.rate);
        }
    }
}

/// The answers as the guest returns them: each value's bytes written as it is made, into
/// the result buffer, under the ids the records' derive gives (`wire/ids.rs`).
impl Output for Writer<'_> {
    type Value = ();
    type Values = Counted;

    #[inline(always)]
    fn unit(&mut self) {
        Writer::unit(self);
    }

    #[inline(always)]
    fn boolean(&mut self, value: bool) {
        Writer::boolean(self, value);
    }

    #[inline(always)]
    fn f32(&mut self, value: f32) {
        Writer::f32(self, value);
    }

    #[inline(always)]
    fn f64(&mut self, value: f64) {
        Writer::f64(self, value);
    }

    #[inline(always)]
    fn text(&mut self, value: &str) {
        self.string(value);
    }

    #[inline(always)]
    fn some_f64(&mut self, value: f64) {
        self.some();
        Writer::f64(self, value);
    }

    #[inline(always)]
    fn none(&mut self) {
        Writer::none(self);
    }

    #[inline]
    fn values(&mut self, _most: usize) -> Counted {
        Self::counted(self.values_counted_later())
    }

    #[inline(always)]
    fn push(&mut self, values: &mut Counted, (): ()) {
        values.count += 1;
    }

    #[inline]
    fn end_values(&mut self, values: Counted) {
        self.end(values);
    }

    type StepValues = ();

    #[inline]
    fn step_values(&mut self, revision: u32, values: impl FnOnce(&mut Self)) {
        let [revision_id, values_id] = ids().step_values.fields;
        self.structure(ids().step_values.id, 2);
        self.field(revision_id);
        self.u32(revision);
        self.field(values_id);
        values(self);
    }

    type StepSamples = ();

    #[inline]
    fn step_samples(
        &mut self,
        revision: u32,
        values: impl FnOnce(&mut Self),
        velocities: impl FnOnce(&mut Self),
    ) {
        let [revision_id, values_id, velocities_id] = ids().step_samples.fields;
        self.structure(ids().step_samples.id, 3);
        self.field(revision_id);
        self.u32(revision);
        self.field(values_id);
        values(self);
        self.field(velocities_id);
        velocities(self);
    }

    type TrackOutputs = Counted;
    type Step = ();

    fn track_outputs(&mut self, _most: usize) -> Counted {
        Self::counted(self.structures_counted_later(ids().track_output.id))
    }

    #[inline]
    fn track_output(
        &mut self,
        list: &mut Counted,
        track_id: &str,
        key: &str,
        value: impl FnOnce(&mut Self),
    ) {
        let [track_id_id, key_id, value_id] = ids().track_output.fields;
        list.count += 1;
        self.element(3);
        self.field(track_id_id);
        self.string(track_id);
        self.field(key_id);
        self.string(key);
        self.field(value_id);
        value(self);
    }

    fn end_track_outputs(&mut self, list: Counted) {
        self.end(list);
    }

    type OutputKeys = ();

    fn output_keys<'k>(&mut self, revision: u32, keys: impl ExactSizeIterator<Item = &'k str>) {
        let [revision_id, keys_id] = ids().output_keys.fields;
        self.structure(ids().output_keys.id, 2);
        self.field(revision_id);
        self.u32(revision);
        self.field(keys_id);
        self.strings(keys.len());
        for key in keys {
            self.raw_string(key);
        }
    }

    type PlayerStates = ();

    /// Each `PlayerState` written field by field under the ids its record names
    /// (`ids.rs`): the bytes arora-buffers gives its `Value`, without building that tree
    /// (a `Value` per field and a vector per record took twice the host's time).
    fn player_states(&mut self, players: Vec<PlayerState>) {
        let record = &ids().player_state;
        let [
            id,
            state,
            time,
            duration,
            speed,
            name,
            instances,
            mode,
            ended,
            start,
            end,
            reversed,
            waiting,
        ] = record.fields;
        self.structures(record.id, players.len());
        for player in &players {
            self.element(13);
            self.field(id);
            self.u32(player.player);
            self.field(state);
            self.string(&player.state);
            self.field(time);
            self.u64(player.time_ns);
            self.field(duration);
            self.u64(player.duration_ns);
            self.field(speed);
            Writer::f32(self, player.speed);
            self.field(name);
            self.string(&player.name);
            self.field(instances);
            self.instance_states(&player.instances);
            self.field(mode);
            self.string(&player.loop_mode);
            self.field(ended);
            Writer::boolean(self, player.ended);
            self.field(start);
            self.u64(player.window_start_ns);
            self.field(end);
            match player.window_end_ns {
                Some(end) => {
                    self.some();
                    self.u64(end);
                }
                None => Writer::none(self),
            }
            self.field(reversed);
            Writer::boolean(self, player.reversed);
            self.field(waiting);
            Writer::boolean(self, player.waiting);
        }
    }

    type BakedTracks = ();
    type Baked = ();

    fn baked_animation(&mut self, frame_rate: f32, start_ns: u64, end_ns: u64, tracks: usize) {
        let record = &ids().baked_animation;
        let [rate_id, start_id, end_id, tracks_id] = record.fields;
        self.structure(record.id, 4);
        self.field(rate_id);
        Writer::f32(self, frame_rate);
        self.field(start_id);
        self.u64(start_ns);
        self.field(end_id);
        self.u64(end_ns);
        self.field(tracks_id);
        self.structures(ids().baked_track.id, tracks);
    }

    fn baked_track(
        &mut self,
        (): &mut (),
        animatable_id: &str,
        values: impl FnOnce(&mut Self),
        derivatives: impl FnOnce(&mut Self),
    ) {
        let [id, values_id, derivatives_id] = ids().baked_track.fields;
        self.element(3);
        self.field(id);
        self.string(animatable_id);
        self.field(values_id);
        values(self);
        self.field(derivatives_id);
        derivatives(self);
    }

    fn end_baked_animation(&mut self, (): ()) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use arora_buffers::BufferWriter;

    const ID: Uuid = Uuid::from_u128(0x0102_0304_0506_0708_090a_0b0c_0d0e_0f10);
    const FIELD: Uuid = Uuid::from_u128(0xfffe_fdfc_fbfa_f9f8_f7f6_f5f4_f3f2_f1f0);

    /// Every method once, with the values at their edges, against the
    /// `BufferWriter` calls `arora_buffers` makes for the same values.
    #[test]
    fn every_method_writes_what_buffer_writer_writes() {
        let mut out = Vec::new();
        let mut ours = Writer::begin(&mut out);
        let mut theirs = BufferWriter::new();
        ours.structure(ID, 3);
        theirs.begin_structure(ID.as_bytes(), 3);
        ours.field(FIELD);
        theirs.add_structure_field(FIELD.as_bytes());
        ours.values(12);
        theirs.add_array_primitive(TYPE_VALUE, 12);
        ours.unit();
        theirs.add_unit();
        for b in [false, true] {
            ours.boolean(b);
            theirs.add_boolean(b);
        }
        ours.u32(u32::MAX);
        theirs.add_u32(u32::MAX);
        ours.u64(u64::MAX - 1);
        theirs.add_u64(u64::MAX - 1);
        ours.i64(i64::MIN);
        theirs.add_i64(i64::MIN);
        ours.f32(-0.0);
        theirs.add_f32(-0.0);
        ours.f64(f64::NAN);
        theirs.add_f64(f64::NAN);
        ours.string("ünï");
        theirs.add_string("ünï");
        ours.some();
        theirs.add_option_some();
        ours.f64(1.5);
        theirs.add_f64(1.5);
        ours.none();
        theirs.add_option_none();
        ours.field(FIELD);
        theirs.add_structure_field(FIELD.as_bytes());
        ours.strings(2);
        theirs.add_array_primitive(TYPE_STRING, 2);
        for text in ["", "key/ä"] {
            ours.raw_string(text);
            theirs.add_string_raw(text);
        }
        ours.field(FIELD);
        theirs.add_structure_field(FIELD.as_bytes());
        let count = ours.structures_counted_later(ID);
        theirs.add_array_structure(ID.as_bytes(), 2);
        for _ in 0..2 {
            ours.element(1);
            theirs.begin_structure_raw(1);
            ours.field(FIELD);
            theirs.add_structure_field(FIELD.as_bytes());
            ours.structures(ID, 0);
            theirs.add_array_structure(ID.as_bytes(), 0);
        }
        ours.set_count(count, 2);
        ours.finish();
        assert_eq!(out, theirs.finalize().into_vec());
    }
}
