//! The module directory's `header.json` and `records/`: snapshots of every
//! file, and the exact bytes the contract's appendices give.

use std::path::Path;

use arora_animation_module_dir::{HEADER_FILE, RECORDS_DIR, write_description};
use arora_animation_tests::guest::{files_under, scratch_dir};
use sha2::{Digest, Sha256};

/// Contract Appendix A: the header's SHA-256.
const HEADER_SHA256: &str = "37e57f91f28dabbb1ccfee135ab94da941e2a9d96a56abaadab6ee3e772b2a4a";

/// Contract Appendix B: every file of `records/`, with its size and SHA-256.
const RECORDS: [(&str, usize, &str); 18] = [
    (
        "folder/61726f72-6100-0000-f01d-000000000000.yaml",
        57,
        "2d042551def3a0390c298740c97c41ea224b7d178b3346588f84fd61eba204b9",
    ),
    (
        "module/76697a69-6a00-0000-0d00-000000000000@3.0.0.yaml",
        24673,
        "9f3ac34ff2f39fd62441c00e1a4d08aebbe63aa8fd825b1e40027fa54ddf69f7",
    ),
    (
        "structure/76697a69-6a00-0000-0000-000000000100@1.2.0.yaml",
        515,
        "0ec2a4861233d1969119cbb09ffa1a1f57b1ff6c374da085e858ca24e907dd03",
    ),
    (
        "structure/76697a69-6a00-0000-0000-000000000101@1.2.0.yaml",
        638,
        "d0a1734cb069a5d033ffd2219d51cbcc75e3a315b435ad9d6010e32ba8672dd2",
    ),
    (
        "structure/76697a69-6a00-0000-0000-000000000102@1.2.0.yaml",
        920,
        "93ec6f9db05773417f015abd876e1ab58f3f597267df2d46f0ca66ffc40b8b4c",
    ),
    (
        "structure/76697a69-6a00-0000-0000-000000000103@1.1.0.yaml",
        306,
        "3c25a7da87867772dd4832e87d7d657bbbc6a6efd0fb8634aff8d237536a79f9",
    ),
    (
        "structure/76697a69-6a00-0000-0000-000000000110@1.1.0.yaml",
        523,
        "093042069c2325abfc35878a42f630f3db1be69eeb1c79f66b3b47035eab3a74",
    ),
    (
        "structure/76697a69-6a00-0000-0000-000000000111@1.3.0.yaml",
        1824,
        "747f7d4fef48bc5eadd3b8b651b2303d913657af0c65efbb4a99cb6fc3cf0199",
    ),
    (
        "structure/76697a69-6a00-0000-0000-000000000112@1.2.0.yaml",
        804,
        "06d6f780f4133fbf86d945da5432d311e34c94f27ace21610bd32cd2811baa28",
    ),
    (
        "structure/76697a69-6a00-0000-0000-000000000113@1.1.0.yaml",
        392,
        "40eacd4af84987d062166159cd490a81abb88361a43ac03eebd1aeadc62dd19b",
    ),
    (
        "structure/76697a69-6a00-0000-0000-000000000114@1.1.0.yaml",
        318,
        "6c2512e85eddf11a4836bf49b07f0f661e6478f36e80b2da56e7f40d64a72cf0",
    ),
    (
        "structure/76697a69-6a00-0000-0000-000000000115@1.0.0.yaml",
        597,
        "4e34ca8dbbec97dd40f1b8eba3be710986567ba869baa1374a3a72e0db8e7654",
    ),
    (
        "structure/76697a69-6a00-0000-0000-000000000120@1.1.0.yaml",
        639,
        "e88f9117be485504dd61c92ed73ab40c7c6f6a8edf4d97e2e6cf4034cb1dc3fd",
    ),
    (
        "structure/76697a69-6a00-0000-0000-000000000121@1.1.0.yaml",
        605,
        "05711c3abe71ae5ce9eafb54d4c9953ae872651940ef3f23e7099467e1434512",
    ),
    (
        "structure/76697a69-6a00-0000-0000-000000000200@2.0.0.yaml",
        574,
        "563a36a03347c7aa5a47e1643957338c93ed46922e103daeb722f831d638b793",
    ),
    (
        "structure/76697a69-6a00-0000-0000-000000000201@2.0.0.yaml",
        634,
        "5a1a03b5b35db236633d7bbc0536d46ec607d8095e9bb189d1515ad681be8ea2",
    ),
    (
        "structure/76697a69-6a00-0000-0000-000000000202@2.0.0.yaml",
        1032,
        "f652cbebafbeb451731ca2afda80238c1274910b52dc4a5b56180dda9e377dd5",
    ),
    (
        "structure/76697a69-6a00-0000-0000-000000000203@2.0.0.yaml",
        430,
        "c53ca0beb6511bb2434aeebb741108beb57added4a4226e1c641270084d382e4",
    ),
];

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
    let expected: Vec<&str> = RECORDS.iter().map(|(path, _, _)| *path).collect();
    assert_eq!(files, expected);
    for (path, size, hash) in RECORDS {
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
    assert_eq!(files_under(&dir.join(RECORDS_DIR)).len(), RECORDS.len());
    assert_eq!(sha256(&dir.join(HEADER_FILE)).1, HEADER_SHA256);
}
