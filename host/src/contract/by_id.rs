//! The 31 functions called by id on a [`ContractModule`] held in place: what a caller
//! that keeps the state itself (the wasm guest) calls instead of the boxed functions of
//! [`exports`](crate::exports), which own theirs.
//!
//! Each id runs the declaration's own `invoke` for it — the function `exports` boxes —
//! so a call answers exactly as a host registration answers it. The functions are the
//! contract's one listing (`crate::for_each_function!`).

use arora_types::Uuid;
use arora_types::call::{Call, CallError, CallResult};

use crate::contract::declaration::animation;
use crate::contract::functions::ContractModule;

macro_rules! dispatch {
    ($(
        $(#[$doc:meta])*
        fn $name:ident = $generated:ident($($params:tt)*) -> $answer:ty => $ret:ty;
    )*) => {
        /// The 31 function ids in declaration order: what `functions` answers, the order
        /// [`exports`](crate::exports) lists them in.
        pub const FUNCTIONS: [Uuid; 31] = [$(animation::$generated::ids::FUNCTION),*];

        /// Runs function `call.id` on `module`, as the function of that id in
        /// [`exports`](crate::exports) runs it; none when the contract has no such function.
        pub fn invoke(
            module: &mut ContractModule,
            call: Call,
        ) -> Option<Result<CallResult, CallError>> {
            $(
                if call.id == animation::$generated::ids::FUNCTION {
                    return Some(animation::$generated::invoke(module, call));
                }
            )*
            None
        }

        /// The listing's functions by name and id, in its order.
        #[cfg(test)]
        const LISTED: [(&str, Uuid); 31] = [$((stringify!($name), animation::ids::$name::FUNCTION)),*];
    };
}

crate::for_each_function!(dispatch);

#[cfg(test)]
mod tests {
    use super::{FUNCTIONS, LISTED};
    use crate::{AnimationModule, exports};

    /// The listing every caller is derived from names the declaration's functions, each
    /// once, by the declaration's name and id, in its order.
    #[test]
    fn the_listing_is_the_declaration_in_its_order() {
        let declared: Vec<(&str, _)> = exports(AnimationModule::new())
            .iter()
            .map(|function| (function.name, function.id))
            .collect();
        assert_eq!(declared.len(), 31);
        assert_eq!(LISTED.to_vec(), declared);
        let listed_ids: Vec<_> = LISTED.iter().map(|(_, id)| *id).collect();
        assert_eq!(FUNCTIONS.to_vec(), listed_ids);
    }
}
