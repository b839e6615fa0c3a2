//! The header equals docs/contract.md Appendix A byte for byte (docs/contract.md §3.2).

use arora_animation_module::animation;
use arora_types::module::low::Executor;
use sha2::{Digest, Sha256};

/// The header as the guest's module directory writes it: pretty JSON, two-space
/// indent, no trailing newline.
fn header_json() -> String {
    let executor = Executor {
        name: "wasm-component".to_string(),
        min_version: None,
        max_version: None,
    };
    serde_json::to_string_pretty(&animation::header(executor)).expect("a header serializes")
}

#[test]
fn header_equals_appendix_a_byte_for_byte() {
    let expected = include_str!("data/header.json");
    let written = header_json();
    assert_eq!(written.len(), 25_363);
    assert_eq!(written, expected);
}

#[test]
fn header_hashes_to_the_sha256_of_section_3_2() {
    let digest = Sha256::digest(header_json().as_bytes());
    let hex: String = digest.iter().map(|byte| format!("{byte:02x}")).collect();
    assert_eq!(
        hex,
        "37e57f91f28dabbb1ccfee135ab94da941e2a9d96a56abaadab6ee3e772b2a4a"
    );
}

#[test]
fn header_snapshot() {
    insta::assert_snapshot!(header_json());
}
