//! The guest's integration tests, natively: one binary, one module per rule.

mod direct_answers;
