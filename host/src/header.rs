//! The header a device loads the guest artifact with (docs/contract.md §3.2).
//!
//! `#[contract]` gives each function a frozen signature but no header form, so
//! the header is read off the contract's descriptions: one declaration, two
//! views. The header names every type by id only — a record's id, or a
//! primitive's well-known id — where the signature pins records at versions.
//! Functions come in ascending id order, which is their declaration order
//! (function *n* has id `…0f00-0000000000NN`); a test holds the two equal.

use std::collections::HashMap;

use arora_types::module::low::{
    Executor, ExportFunction, ExportSymbol, Header, Parameter, TypeRef,
};
use arora_types::record::module::frozen::{Export, ExportKind, Function};
use arora_types::record::ty::{FrozenTy, PrimitiveKind};
use arora_types::{SemanticVersion, Uuid, ty};

/// What a header states beyond the functions (docs/contract.md §3.1).
pub struct Metadata {
    pub id: Uuid,
    pub name: &'static str,
    pub author: &'static str,
    pub description: &'static str,
    pub license: &'static str,
    pub version: SemanticVersion,
    pub executable_mime: &'static str,
}

/// The header of the functions `descriptions` holds, for `executor`.
pub fn header_of(
    metadata: &Metadata,
    descriptions: &HashMap<Uuid, Export>,
    executor: Executor,
) -> Header {
    let mut functions: Vec<(&Uuid, &Export)> = descriptions.iter().collect();
    functions.sort_by_key(|(id, _)| **id);
    Header {
        id: metadata.id,
        name: metadata.name.to_string(),
        author: metadata.author.to_string(),
        description: Some(metadata.description.to_string()),
        license: metadata.license.to_string(),
        version: metadata.version.clone(),
        executor,
        exports: functions.into_iter().map(export_of).collect(),
        imports: Vec::new(),
        executable_mime: metadata.executable_mime.to_string(),
    }
}

/// One function as a header exports it: parameters in declared order.
fn export_of((id, export): (&Uuid, &Export)) -> ExportSymbol {
    let ExportKind::Function(signature) = &export.kind;
    ExportSymbol::Function(ExportFunction {
        id: *id,
        name: export.name.clone(),
        parameters: parameters_of(signature),
        ret: type_ref_of(&signature.return_ty),
    })
}

fn parameters_of(signature: &Function) -> Vec<Parameter> {
    signature
        .parameter_ordering
        .iter()
        .filter_map(|id| {
            let parameter = signature.parameters.get(id)?;
            Some(Parameter {
                id: *id,
                name: parameter.name.clone(),
                ty: type_ref_of(&parameter.ty),
                mutable: parameter.mutable,
                default_value: None,
            })
        })
        .collect()
}

/// The header reference of a frozen type: the inverse of
/// `FrozenTy::from_type_ref` for the forms a signature holds.
fn type_ref_of(frozen: &FrozenTy) -> TypeRef {
    match frozen {
        FrozenTy::Primitive(primitive) => match scalar_of_array(primitive.kind) {
            Some(element) => TypeRef::Array {
                id: primitive_id(element),
            },
            None => TypeRef::Scalar {
                id: primitive_id(primitive.kind),
            },
        },
        FrozenTy::FrozenScalar(scalar) => TypeRef::Scalar {
            id: scalar.reference.id,
        },
        FrozenTy::FrozenArray(array) => TypeRef::Array {
            id: array.reference.id,
        },
        FrozenTy::FrozenOption(option) => TypeRef::Option {
            id: element_id(&option.element),
        },
    }
}

/// The id an optional's element is named by.
fn element_id(element: &FrozenTy) -> Uuid {
    match type_ref_of(element) {
        TypeRef::Scalar { id } | TypeRef::Array { id } | TypeRef::Option { id } => id,
        TypeRef::FixedArray { id, .. } => id,
        TypeRef::Map { value_id, .. } => value_id,
    }
}

/// The scalar primitive whose array form `kind` is, if it is one.
fn scalar_of_array(kind: PrimitiveKind) -> Option<PrimitiveKind> {
    use PrimitiveKind::*;
    [
        Boolean, U8, U16, U32, U64, I8, I16, I32, I64, F32, F64, String,
    ]
    .into_iter()
    .find(|scalar| scalar.array_of() == Some(kind))
}

/// The well-known id of a scalar primitive (`unit` for an array kind, which
/// `scalar_of_array` handles first).
fn primitive_id(kind: PrimitiveKind) -> Uuid {
    use PrimitiveKind::*;
    match kind {
        Boolean => *ty::BOOLEAN_ID,
        U8 => *ty::U8_ID,
        U16 => *ty::U16_ID,
        U32 => *ty::U32_ID,
        U64 => *ty::U64_ID,
        I8 => *ty::I8_ID,
        I16 => *ty::I16_ID,
        I32 => *ty::I32_ID,
        I64 => *ty::I64_ID,
        F32 => *ty::F32_ID,
        F64 => *ty::F64_ID,
        String => *ty::STRING_ID,
        _ => *ty::UNIT_ID,
    }
}
