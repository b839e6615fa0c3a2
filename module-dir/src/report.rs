//! What the main command prints: the device's description of the module and
//! the values it played.

use std::collections::HashMap;
use std::fmt;

use arora_animation_module::animation;
use arora_types::Uuid;
use arora_types::module::declared::AroraModule;
use arora_types::record::ty::FrozenTy;
use arora_types::value::Value;

use crate::play::Demo;

/// Every how many frames a line of values is printed (100 ms of device time).
const PRINT_EVERY: usize = 10;

impl fmt::Display for Demo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = record_names();
        writeln!(
            f,
            "the device describes {} functions:",
            self.described.len()
        )?;
        for method in &self.described {
            let function = &method.function;
            let parameters: Vec<String> = function
                .parameter_ordering
                .iter()
                .filter_map(|id| function.parameters.get(id))
                .map(|p| format!("{}: {}", p.name, type_name(&p.ty, &names)))
                .collect();
            let ret = type_name(&function.return_ty, &names);
            writeln!(f, "  {}({}) -> {ret}", method.name, parameters.join(", "))?;
        }
        writeln!(
            f,
            "played, every {PRINT_EVERY} steps ({}):",
            self.played.keys.join(", ")
        )?;
        let printed = self
            .played
            .frames
            .iter()
            .skip(PRINT_EVERY - 1)
            .step_by(PRINT_EVERY);
        for frame in printed {
            let values: Vec<String> = frame.values.iter().map(value_text).collect();
            writeln!(
                f,
                "  t = {:>4} ms  {}",
                frame.time_ns / 1_000_000,
                values.join("  ")
            )?;
        }
        Ok(())
    }
}

/// The names of the records the module's functions name, by record id.
fn record_names() -> HashMap<Uuid, String> {
    <animation::Module as AroraModule>::type_records()
        .types
        .into_iter()
        .map(|(reference, record)| (reference.id, record.name()))
        .collect()
}

/// A signature type as one reads it: `u32`, `Clip@2.0.0`, `[TrackOutput@1.1.0]`,
/// `string?`.
fn type_name(ty: &FrozenTy, names: &HashMap<Uuid, String>) -> String {
    let reference = |reference: &arora_types::record::FrozenReference| {
        let name = names.get(&reference.id).map_or("value", String::as_str);
        format!("{name}@{}", reference.version)
    };
    match ty {
        FrozenTy::Primitive(primitive) => primitive.kind.to_string(),
        FrozenTy::FrozenScalar(scalar) => reference(&scalar.reference),
        FrozenTy::FrozenArray(array) => format!("[{}]", reference(&array.reference)),
        FrozenTy::FrozenOption(option) => format!("{}?", type_name(&option.element, names)),
    }
}

/// A played value, short: numbers to three decimals, `—` for none.
fn value_text(value: &Value) -> String {
    match value {
        Value::F64(x) => format!("{x:8.3}"),
        Value::F32(x) => format!("{x:8.3}"),
        Value::Boolean(b) => format!("{b:5}"),
        Value::String(s) => format!("{s:?}"),
        Value::Unit => "—".to_string(),
        other => format!("{other:?}"),
    }
}
