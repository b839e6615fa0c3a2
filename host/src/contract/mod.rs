//! The contract: the 31 functions declared once, and their implementation over the typed
//! API, answering the failure values of docs/contract.md §4.9.

pub(crate) mod by_id;
pub(crate) mod declaration;
pub(crate) mod functions;
mod listing;
