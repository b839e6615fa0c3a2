//! The guest's integration tests, natively: one binary, one module per rule.

mod direct_answers;
mod random_arguments;
mod random_calls;
