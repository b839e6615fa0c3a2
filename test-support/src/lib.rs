//! Fixtures the test crates share, each pinned once: the header of
//! docs/contract.md Appendix A and the records directory of
//! docs/contract.md Appendix B, as the contract gives them, with the SHA-256 the tests
//! compare written files against; and the scenario clips of docs/playback.md §9
//! ([`clips`]); the workload the guest is measured with ([`workload`]); and the one seeded
//! random generator the tests draw from ([`random`]).
//!
//! The host crate's tests check what `animation::header` and the registry give; the
//! integration tests check what the module directory writes. Both read the same bytes
//! from here, so the contract's figures live in one file each (`data/`).

pub mod clips;
pub mod counting_alloc;
pub mod gltf_files;
pub mod random;
pub mod workload;

use sha2::{Digest, Sha256};

/// docs/contract.md Appendix A: `header.json` as the module directory writes it (pretty
/// JSON, two-space indent, no trailing newline).
pub const HEADER_JSON: &str = include_str!("../data/header.json");

/// The length of [`HEADER_JSON`] in bytes, as docs/contract.md §3.2 gives it.
pub const HEADER_BYTES: usize = 25_363;

/// The SHA-256 of [`HEADER_JSON`], as docs/contract.md §3.2 gives it.
pub const HEADER_SHA256: &str = "37e57f91f28dabbb1ccfee135ab94da941e2a9d96a56abaadab6ee3e772b2a4a";

/// The transition kinds of docs/contract.md §4.4, as a clip names them: `handle` (explicit
/// dt/dv), the nine easings and the two inferred kinds.
pub const TRANSITION_KINDS: [&str; 12] = [
    "handle",
    "linear",
    "sine",
    "quad",
    "cubic",
    "quart",
    "quint",
    "expo",
    "circ",
    "back",
    "explicit-handles",
    "inferred-auto-clamped",
];

/// One file of the records directory of docs/contract.md Appendix B.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordFile {
    /// Its path under `records/`, `/`-separated.
    pub path: &'static str,
    /// Its length in bytes.
    pub bytes: usize,
    /// Its SHA-256, lowercase hex.
    pub sha256: &'static str,
}

/// Every file of docs/contract.md Appendix B, in the order a directory listing gives
/// them (`data/appendix_b.txt`: one `sha256 bytes path` line a file, `#` comments).
pub fn appendix_b() -> Vec<RecordFile> {
    include_str!("../data/appendix_b.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| match line.split(' ').collect::<Vec<_>>()[..] {
            [sha256, bytes, path] => RecordFile {
                path,
                bytes: bytes.parse().expect("a size in bytes"),
                sha256,
            },
            _ => panic!("a malformed line in appendix_b.txt: {line}"),
        })
        .collect()
}

/// The SHA-256 of `bytes`, lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_data_has_the_length_and_hash_the_contract_gives() {
        assert_eq!(HEADER_JSON.len(), HEADER_BYTES);
        assert_eq!(sha256_hex(HEADER_JSON.as_bytes()), HEADER_SHA256);
    }

    #[test]
    fn appendix_b_lists_eighteen_files_in_path_order() {
        let files = appendix_b();
        assert_eq!(files.len(), 18);
        assert!(files.windows(2).all(|pair| pair[0].path < pair[1].path));
        assert!(files.iter().all(|file| file.sha256.len() == 64));
    }
}
