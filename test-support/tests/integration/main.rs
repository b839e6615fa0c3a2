//! The test-support crate's integration tests, one binary as in every crate of the
//! workspace: a module per rule, named for it. `docs_agree`: the fixtures agree with the
//! document they were taken from. A new rule is a new module here.

mod docs_agree;
