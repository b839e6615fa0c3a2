//! `recordFieldNames`: the field names of the module's records, read from the records/
//! YAML the page already loads (the bundle's `with-records.json`), so the page reads an
//! answer's fields by name and writes no field id itself.

use std::collections::BTreeMap;

use arora_types::record::structure::frozen::Structure;
use wasm_bindgen::prelude::*;

use crate::clip::answer;

/// The folder of records/ holding the structures (arora-registry's layout).
const STRUCTURES: &str = "structure/";

/// Every structure field of `records` (each record file's path under records/ → its
/// YAML, the object `AroraRuntimeBuilder.withRecords` takes): field id → field name.
/// A structure file that is not a structure's YAML throws, naming the file.
#[wasm_bindgen(js_name = recordFieldNames)]
pub fn record_field_names(
    #[wasm_bindgen(unchecked_param_type = "Record<string, string>")] records: JsValue,
) -> Result<JsValue, JsError> {
    let files: BTreeMap<String, String> = serde_wasm_bindgen::from_value(records)?;
    let mut names = BTreeMap::new();
    for (path, yaml) in files.iter().filter(|(p, _)| p.starts_with(STRUCTURES)) {
        let structure: Structure = yaml_serde::from_str(yaml)
            .map_err(|e| JsError::new(&format!("records/{path}: not a structure: {e}")))?;
        for (id, field) in structure.fields {
            names.insert(id.to_string(), field.name);
        }
    }
    answer(&names)
}
