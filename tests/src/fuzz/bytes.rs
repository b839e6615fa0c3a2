//! Byte-level mutations of valid call buffers: a bit flipped, the buffer
//! cut, two buffers spliced, a run repeated, bytes overwritten with edge
//! values. Half the time the size prefix is rewritten to the new length, so
//! that a mutation reaches the decoder past the length check.

use super::Source;

/// Bytes decoders trip on: zero, all ones, the sign bits, a tag past the
/// last (20 is the error tag; 21 and up are no tag).
const EDGE_BYTES: [u8; 8] = [0x00, 0xff, 0x7f, 0x80, 0x13, 0x14, 0x15, 0x0d];

/// `valid` changed by one to four mutations; `other` is another valid
/// buffer to splice from.
pub fn mutate(source: &mut Source, valid: &[u8], other: &[u8]) -> Vec<u8> {
    let mut bytes = valid.to_vec();
    for _ in 0..1 + source.below(4) {
        mutate_once(source, &mut bytes, other);
    }
    if bytes.len() >= 4 && source.one_in(2) {
        let len = u32::try_from(bytes.len()).unwrap_or(u32::MAX);
        bytes[..4].copy_from_slice(&len.to_le_bytes());
    }
    bytes
}

fn mutate_once(source: &mut Source, bytes: &mut Vec<u8>, other: &[u8]) {
    if bytes.is_empty() {
        bytes.extend_from_slice(other);
        return;
    }
    let at = source.below(bytes.len());
    match source.below(6) {
        0 => bytes[at] ^= 1 << source.below(8),
        1 => bytes.truncate(at),
        2 => {
            // The head of one buffer, the tail of the other.
            let from = source.below(other.len().max(1));
            bytes.truncate(at);
            bytes.extend_from_slice(other.get(from..).unwrap_or_default());
        }
        3 => {
            // A run repeated in place: a field, an element, a length twice.
            let end = (at + 1 + source.below(32)).min(bytes.len());
            let run = bytes[at..end].to_vec();
            for _ in 0..1 + source.below(8) {
                bytes.splice(end..end, run.iter().copied());
            }
        }
        4 => bytes[at] = *source.pick(&EDGE_BYTES),
        _ => {
            // A length or count overwritten with a huge or odd one.
            let count: u32 = *source.pick(&[u32::MAX, 0x7fff_ffff, 0x0100_0000, 0, 1, 2]);
            for (i, b) in count.to_le_bytes().into_iter().enumerate() {
                if let Some(slot) = bytes.get_mut(at + i) {
                    *slot = b;
                }
            }
        }
    }
}

/// Any bytes, up to `max` of them.
pub fn random(source: &mut Source, max: usize) -> Vec<u8> {
    (0..source.below(max + 1))
        .map(|_| source.u32() as u8)
        .collect()
}
