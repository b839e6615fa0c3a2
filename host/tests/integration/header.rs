//! The header equals docs/contract.md Appendix A byte for byte (docs/contract.md §3.2).

use arora_animation_module::animation;
use arora_animation_test_support::{HEADER_BYTES, HEADER_JSON, HEADER_SHA256, sha256_hex};
use arora_types::module::low::Executor;

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
    let written = header_json();
    assert_eq!(written.len(), HEADER_BYTES);
    assert_eq!(written, HEADER_JSON);
}

#[test]
fn header_hashes_to_the_sha256_of_section_3_2() {
    assert_eq!(sha256_hex(header_json().as_bytes()), HEADER_SHA256);
}

#[test]
fn header_snapshot() {
    insta::assert_snapshot!(header_json());
}
