//! The module directory's `header.json` and `records/`: snapshots of every
//! record, and the exact bytes the contract's appendices give. The header is
//! pinned here and nowhere else: the file written, byte for byte, is
//! docs/contract.md Appendix A (test-support's fixture).

use std::path::Path;

use arora_animation_module_dir::{HEADER_FILE, RECORDS_DIR, write_description};
use arora_animation_test_support::{HEADER_JSON, appendix_b, sha256_hex};
use arora_animation_tests::guest::{files_under, scratch_dir};

/// The length and SHA-256 of the file at `path`.
fn sha256(path: &Path) -> (usize, String) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (bytes.len(), sha256_hex(&bytes))
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_header_is_the_one_of_appendix_a() {
    let dir = scratch_dir("snapshot-header");
    write_description(&dir).expect("the description writes");
    assert_eq!(text(&dir.join(HEADER_FILE)), HEADER_JSON);
}

#[test]
fn the_records_are_the_eighteen_files_of_appendix_b() {
    let dir = scratch_dir("snapshot-records");
    write_description(&dir).expect("the description writes");
    let records = dir.join(RECORDS_DIR);
    let files: Vec<String> = files_under(&records)
        .iter()
        .map(|path| path.to_string_lossy().into_owned())
        .collect();
    let records_table = appendix_b();
    let expected: Vec<&str> = records_table.iter().map(|file| file.path).collect();
    assert_eq!(files, expected);
    for file in records_table {
        let path = records.join(file.path);
        insta::assert_snapshot!(file.path.replace('/', "__"), text(&path));
        assert_eq!(
            sha256(&path),
            (file.bytes, file.sha256.to_string()),
            "{}",
            file.path
        );
    }
}

/// Writing again gives the same bytes: `records/` is written afresh, and a
/// stray file left in it goes.
#[test]
fn writing_the_directory_again_gives_the_same_files() {
    let dir = scratch_dir("snapshot-again");
    write_description(&dir).expect("the description writes");
    let stray = dir
        .join(RECORDS_DIR)
        .join("structure")
        .join("stray@9.9.9.yaml");
    std::fs::write(&stray, "stray").expect("a stray record writes");
    write_description(&dir).expect("the description writes again");
    assert!(!stray.exists());
    assert_eq!(
        files_under(&dir.join(RECORDS_DIR)).len(),
        appendix_b().len()
    );
    assert_eq!(text(&dir.join(HEADER_FILE)), HEADER_JSON);
}
