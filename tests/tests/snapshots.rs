//! The module directory's `header.json` and `records/`: snapshots of every
//! file, and the exact bytes the contract's appendices give.

use std::path::Path;

use arora_animation_module_dir::{HEADER_FILE, RECORDS_DIR, write_description};
use arora_animation_tests::guest::{files_under, scratch_dir};
use sha2::{Digest, Sha256};

/// docs/contract.md Appendix A: the header's SHA-256.
const HEADER_SHA256: &str = "37e57f91f28dabbb1ccfee135ab94da941e2a9d96a56abaadab6ee3e772b2a4a";

/// docs/contract.md Appendix B: every file of `records/`, with its size and SHA-256
/// (the table the host crate's registry test checks too).
fn appendix_b() -> Vec<(&'static str, usize, &'static str)> {
    let rows = include_str!("../../host/tests/data/appendix_b.txt").lines();
    rows.filter(|line| !line.starts_with('#'))
        .map(|line| match line.split(' ').collect::<Vec<_>>()[..] {
            [hash, size, path] => (path, size.parse().expect("a size in bytes"), hash),
            _ => panic!("a malformed line in appendix_b.txt: {line}"),
        })
        .collect()
}

fn sha256(path: &Path) -> (usize, String) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let digest = Sha256::digest(&bytes);
    let hex = digest.iter().map(|byte| format!("{byte:02x}")).collect();
    (bytes.len(), hex)
}

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_header_is_the_one_of_appendix_a() {
    let dir = scratch_dir("snapshot-header");
    write_description(&dir).expect("the description writes");
    let header = dir.join(HEADER_FILE);
    assert_eq!(sha256(&header), (25_363, HEADER_SHA256.to_string()));
    insta::assert_snapshot!("header.json", text(&header));
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
    let expected: Vec<&str> = records_table.iter().map(|(path, _, _)| *path).collect();
    assert_eq!(files, expected);
    for (path, size, hash) in records_table {
        insta::assert_snapshot!(path.replace('/', "__"), text(&records.join(path)));
        assert_eq!(
            sha256(&records.join(path)),
            (size, hash.to_string()),
            "{path}"
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
    assert_eq!(sha256(&dir.join(HEADER_FILE)).1, HEADER_SHA256);
}
