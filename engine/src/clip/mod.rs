//! Clip formats (docs/curves.md §1–§2): the 2.0 model, its validation and JSON document form,
//! and the 1.x model with its conversion to 2.0.

pub(crate) mod decimal;
pub(crate) mod document;
pub(crate) mod error;
pub(crate) mod file;
pub(crate) mod model;
pub(crate) mod v1;
pub(crate) mod valid_clip;
pub(crate) mod validate;
