//! One module per command, each owning its arguments and its run. No command imports
//! another: what several share (clip files, the 1.x reader, number text, the figure and its
//! picture, sampling) lives beside `commands/` at the crate root.

pub mod bake;
pub mod check;
pub mod convert;
pub mod limits;
pub mod module_dir;
pub mod play;
pub mod plot;
pub mod serve;
pub mod web;
