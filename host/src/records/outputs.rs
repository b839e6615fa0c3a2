//! What the step functions and `output_keys` return (docs/contract.md §4.10).

use arora_types::AroraType;
use arora_types::record::scope::ARORA;
use arora_types::value::Value;

/// One valued output position of a `step`.
#[derive(Clone, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000110", version = "1.1.0", scope = ARORA)]
pub struct TrackOutput {
    /// The track that first writes the position.
    #[arora(id = "76697a69-6a00-0000-0110-000000000001")]
    pub track_id: String,
    /// The position's key.
    #[arora(id = "76697a69-6a00-0000-0110-000000000002")]
    pub default_key: String,
    /// `F32`, `F64`, `Boolean` or `String`.
    #[arora(id = "76697a69-6a00-0000-0110-000000000003", keyvalue)]
    pub value: Value,
}

/// Every position's value after a `step_values`.
#[derive(Clone, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000113", version = "1.1.0", scope = ARORA)]
pub struct StepValues {
    /// The output table's revision the values belong to.
    #[arora(id = "76697a69-6a00-0000-0113-000000000001")]
    pub revision: u32,
    /// An `ArrayValue`, one element per position, `Unit` where none.
    #[arora(id = "76697a69-6a00-0000-0113-000000000002", keyvalue)]
    pub values: Value,
}

/// The output table's keys, one per position.
#[derive(Clone, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000114", version = "1.1.0", scope = ARORA)]
pub struct OutputKeys {
    /// The output table's revision.
    #[arora(id = "76697a69-6a00-0000-0114-000000000001")]
    pub revision: u32,
    /// One key per position, in table order.
    #[arora(id = "76697a69-6a00-0000-0114-000000000002")]
    pub keys: Vec<String>,
}

/// Every position's value and velocity after a `step_with_velocities`.
#[derive(Clone, Debug, PartialEq, AroraType)]
#[arora(id = "76697a69-6a00-0000-0000-000000000115", version = "1.0.0", scope = ARORA)]
pub struct StepSamples {
    /// The output table's revision the samples belong to.
    #[arora(id = "76697a69-6a00-0000-0115-000000000001")]
    pub revision: u32,
    /// An `ArrayValue`, one element per position, `Unit` where none.
    #[arora(id = "76697a69-6a00-0000-0115-000000000002", keyvalue)]
    pub values: Value,
    /// An `ArrayValue` of `F64`, `Unit` where no value or no velocity.
    #[arora(id = "76697a69-6a00-0000-0115-000000000003", keyvalue)]
    pub velocities: Value,
}
