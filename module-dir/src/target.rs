//! The two wasm targets the guest builds for.

use std::fmt;
use std::str::FromStr;

/// The target the guest is compiled for.
///
/// Both give a component a native device runs. `Wasip1` gives a core module
/// that [`crate::componentize`] wraps with the WASI preview-1 reactor
/// adapter; such a component holds two core modules with exports, which the
/// browser's component executor refuses (`component_layout::guest_module`).
/// `Wasip2` is a component straight from rustc, with one guest core module,
/// and runs in the browser too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Target {
    /// `wasm32-wasip1`: a core module, componentized with the reactor adapter.
    #[default]
    Wasip1,
    /// `wasm32-wasip2`: a component from rustc.
    Wasip2,
}

impl Target {
    /// The rustc target triple.
    pub fn triple(self) -> &'static str {
        match self {
            Self::Wasip1 => "wasm32-wasip1",
            Self::Wasip2 => "wasm32-wasip2",
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.triple())
    }
}

/// A target name that is neither `wasm32-wasip1` nor `wasm32-wasip2`.
#[derive(Debug, thiserror::Error)]
#[error("unknown target `{0}`: the guest builds for wasm32-wasip1 or wasm32-wasip2")]
pub struct UnknownTarget(pub String);

impl FromStr for Target {
    type Err = UnknownTarget;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        [Self::Wasip1, Self::Wasip2]
            .into_iter()
            .find(|target| target.triple() == name)
            .ok_or_else(|| UnknownTarget(name.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_read_from_their_triples_and_nothing_else() {
        assert_eq!("wasm32-wasip1".parse::<Target>().unwrap(), Target::Wasip1);
        assert_eq!("wasm32-wasip2".parse::<Target>().unwrap(), Target::Wasip2);
        let unknown = "wasm32-unknown-unknown".parse::<Target>().unwrap_err();
        assert_eq!(unknown.0, "wasm32-unknown-unknown");
        assert_eq!(Target::default(), Target::Wasip1);
    }
}
