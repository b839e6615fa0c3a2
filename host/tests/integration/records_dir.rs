//! `animation::Module` gives a registry exactly the records directory of
//! docs/contract.md Appendix B: same files, same bytes (SHA-256 per file).

use arora_animation_module::animation;
use arora_animation_test_support::{appendix_b, sha256_hex};
use arora_registry::local::LocalRegistry;
use arora_registry::local_yaml::records_as_yaml;

fn records() -> Vec<(String, String)> {
    let mut registry = LocalRegistry::new();
    futures::executor::block_on(
        registry.add_declared_module::<animation::Module>(animation::VERSION.into()),
    )
    .expect("the module's records load into an empty registry");
    records_as_yaml(&registry)
        .expect("the records serialize")
        .into_iter()
        .map(|(kind, stem, yaml)| (format!("{}/{stem}.yaml", kind.directory()), yaml))
        .collect()
}

/// Files in the order a directory listing gives them.
fn by_path<T>(mut files: Vec<(String, T)>) -> Vec<(String, T)> {
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files
}

#[test]
fn the_records_directory_equals_appendix_b_file_for_file() {
    let written = by_path(records());
    let expected = appendix_b();
    let paths: Vec<&str> = written.iter().map(|(path, _)| path.as_str()).collect();
    let expected_paths: Vec<&str> = expected.iter().map(|file| file.path).collect();
    assert_eq!(paths, expected_paths);
    for ((path, yaml), file) in written.iter().zip(expected) {
        assert_eq!(
            (yaml.len(), sha256_hex(yaml.as_bytes())),
            (file.bytes, file.sha256.to_string()),
            "{path}"
        );
    }
}

#[test]
fn the_module_record_depends_on_eight_records_in_first_use_order() {
    let record = animation::record(animation::SCOPE.id);
    let dependencies: Vec<String> = record
        .dependencies
        .iter()
        .map(|d| format!("{}@{}", d.id, d.version))
        .collect();
    assert_eq!(
        dependencies,
        [
            "76697a69-6a00-0000-0000-000000000100@1.2.0",
            "76697a69-6a00-0000-0000-000000000110@1.1.0",
            "76697a69-6a00-0000-0000-000000000111@1.3.0",
            "76697a69-6a00-0000-0000-000000000120@1.1.0",
            "76697a69-6a00-0000-0000-000000000113@1.1.0",
            "76697a69-6a00-0000-0000-000000000114@1.1.0",
            "76697a69-6a00-0000-0000-000000000200@2.0.0",
            "76697a69-6a00-0000-0000-000000000115@1.0.0",
        ]
    );
    assert_eq!(record.name, "animation");
    assert_eq!(record.exports.len(), 31);
}
