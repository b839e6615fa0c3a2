//! Call buffers of hostile size, built without building their `Value`s: a
//! million keypoints as a `Value` take gigabytes to build and seconds to
//! encode in a debug build, while their bytes are one element's bytes
//! repeated.
//!
//! [`repeated`] encodes the call with one, two and three copies of an
//! element, finds where the copies sit and which bytes count them, and
//! writes the call with `n` copies, checked against the encoder's own bytes
//! for three.

/// The Arora Buffer `buffer(n)` for a large `n`, where `buffer(k)` encodes
/// a value holding an array of `k` identical elements (the first count in
/// it that depends on `k`), built from `buffer(1)`, `buffer(2)` and
/// `buffer(3)`.
pub fn repeated(buffer: impl Fn(usize) -> Vec<u8>, n: usize) -> Vec<u8> {
    let one = buffer(1);
    let two = buffer(2);
    let three = buffer(3);
    let built = build(&one, &two, 3);
    assert_eq!(
        built, three,
        "an element's bytes repeat as the encoder writes them"
    );
    build(&one, &two, n)
}

/// The buffer with `n` elements, from the buffers with one and two.
fn build(one: &[u8], two: &[u8], n: usize) -> Vec<u8> {
    let element = two.len() - one.len();
    // The count: the first byte past the size prefix where the two differ,
    // a little-endian u32 going from 1 to 2.
    let count = (4..one.len())
        .find(|&i| one[i] != two[i])
        .expect("the buffers differ past their size prefix");
    assert_eq!(
        (&one[count..count + 4], &two[count..count + 4]),
        (&[1u8, 0, 0, 0][..], &[2u8, 0, 0, 0][..]),
        "the first difference is the element count"
    );
    // Where the second copy goes: the end of `one` less what `one` and
    // `two` end alike with (the elements are alike, so any split inside
    // their run repeats them).
    let common_end = (0..one.len() - count - 4)
        .take_while(|&k| one[one.len() - 1 - k] == two[two.len() - 1 - k])
        .count();
    let at = one.len() - common_end;
    let copy = &two[at..at + element];
    let total = one.len() + (n - 1) * element;
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(&one[..at]);
    for _ in 1..n {
        out.extend_from_slice(copy);
    }
    out.extend_from_slice(&one[at..]);
    let total = u32::try_from(total).expect("a buffer's size fits its u32 prefix");
    out[..4].copy_from_slice(&total.to_le_bytes());
    let n = u32::try_from(n).expect("a count fits its u32");
    out[count..count + 4].copy_from_slice(&n.to_le_bytes());
    out
}
