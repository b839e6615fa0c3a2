//! The fixtures agree with the document they were taken from — docs/contract.md Appendix A
//! (the header's size and SHA-256) and docs/contract.md Appendix B (every records file's
//! size and SHA-256) — read from the document itself, so neither can change without the
//! other.

use arora_animation_test_support::{
    HEADER_BYTES, HEADER_JSON, HEADER_SHA256, appendix_b, sha256_hex,
};

fn contract() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/contract.md");
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text of the appendix whose heading holds `heading`, to the next `## `.
fn appendix<'a>(text: &'a str, heading: &str) -> &'a str {
    let start = text
        .find(heading)
        .unwrap_or_else(|| panic!("no {heading:?}"));
    let rest = &text[start + heading.len()..];
    &rest[..rest.find("\n## ").unwrap_or(rest.len())]
}

#[test]
fn the_header_is_the_size_and_hash_appendix_a_states() {
    let text = contract();
    let a = appendix(&text, "`header.json` as the reference writes it");
    let stated_bytes = format!("{},{:03} bytes", HEADER_BYTES / 1000, HEADER_BYTES % 1000);
    assert!(
        a.contains(&stated_bytes),
        "docs/contract.md Appendix A does not state {stated_bytes}"
    );
    assert!(
        a.contains(&format!("`{HEADER_SHA256}`")),
        "the SHA-256 of docs/contract.md Appendix A differs"
    );
    assert_eq!(HEADER_JSON.len(), HEADER_BYTES);
    assert_eq!(sha256_hex(HEADER_JSON.as_bytes()), HEADER_SHA256);
}

#[test]
fn the_records_table_is_appendix_b_row_for_row() {
    let text = contract();
    let b = appendix(&text, "the `records/` directory as the reference writes it");
    let mut rows: Vec<(String, usize, String)> = b
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            match cells[..] {
                ["", path, bytes, sha, ""] if path.starts_with("`records/") => Some((
                    path.trim_matches('`')
                        .trim_start_matches("records/")
                        .to_string(),
                    bytes.parse().expect("a size in bytes"),
                    sha.trim_matches('`').to_string(),
                )),
                _ => None,
            }
        })
        .collect();
    let mut fixture: Vec<(String, usize, String)> = appendix_b()
        .into_iter()
        .map(|file| (file.path.to_string(), file.bytes, file.sha256.to_string()))
        .collect();
    rows.sort();
    fixture.sort();
    assert_eq!(rows.len(), 18);
    assert_eq!(fixture, rows);
}
