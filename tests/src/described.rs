//! What a device or the bridge describes of the module, held against the declaration: the
//! one check both the device test and the bridge test make of `describe_methods`.

use arora::MethodSignature;
use arora_animation_module::animation;
use arora_types::record::module::frozen::ExportKind;

/// `described` (the module's methods only) are the contract's 31 functions, each under its
/// declared id with its declared name and signature.
pub fn assert_described_as_declared(described: &[MethodSignature]) {
    let declared = animation::descriptions();
    assert_eq!(described.len(), 31);
    assert_eq!(declared.len(), 31);
    for method in described {
        let export = declared
            .get(&method.id)
            .unwrap_or_else(|| panic!("{} is declared", method.name));
        let ExportKind::Function(signature) = &export.kind;
        assert_eq!(method.name, export.name);
        assert_eq!(&method.function, signature, "{}", method.name);
    }
}
