//! A global allocator that counts the allocations one thread makes while watched. A test
//! binary that measures allocations installs it once:
//!
//! ```
//! use arora_animation_test_support::counting_alloc::{Counting, allocations};
//!
//! #[global_allocator]
//! static ALLOCATOR: Counting = Counting;
//!
//! fn main() {
//!     assert_eq!(allocations(|| drop(std::hint::black_box(vec![1u8]))), 1);
//!     assert_eq!(allocations(|| ()), 0);
//! }
//! ```
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// Passes every call to the system allocator, counting allocations and reallocations made
/// by a thread inside [`allocations`].
pub struct Counting;

thread_local! {
    static WATCHING: Cell<bool> = const { Cell::new(false) };
    static COUNT: Cell<usize> = const { Cell::new(0) };
    /// Bytes this thread allocated minus the bytes it freed: another thread's (the test
    /// harness's) allocations never show here.
    static LIVE: Cell<isize> = const { Cell::new(0) };
    /// The most `LIVE` has been since [`peak_bytes`] last started watching.
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn held(bytes: isize) {
    let live = LIVE.with(|live| {
        live.set(live.get() + bytes);
        live.get()
    });
    PEAK.with(|peak| peak.set(peak.get().max(live)));
}

fn note() {
    if WATCHING.with(Cell::get) {
        COUNT.with(|c| c.set(c.get() + 1));
    }
}

// SAFETY: every method forwards its arguments unchanged to `System`, which upholds the
// `GlobalAlloc` contract; counting touches only const-initialised thread-locals, which
// never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        held(layout.size() as isize);
        // SAFETY: the caller's `layout` obligations pass through unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        held(-(layout.size() as isize));
        // SAFETY: `ptr` came from `System` through this allocator, with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        held(new_size as isize - layout.size() as isize);
        // SAFETY: as for `dealloc`, and `new_size` is the caller's, unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Bytes this thread has allocated and not freed (what it freed of another thread's counts
/// against it).
pub fn live_bytes() -> isize {
    LIVE.with(Cell::get)
}

/// Allocations (and reallocations) made on this thread while running `f`.
pub fn allocations(f: impl FnOnce()) -> usize {
    COUNT.with(|c| c.set(0));
    WATCHING.with(|w| w.set(true));
    f();
    WATCHING.with(|w| w.set(false));
    COUNT.with(Cell::get)
}

/// The most bytes this thread held at once while running `f`, beyond what it held before.
pub fn peak_bytes(f: impl FnOnce()) -> isize {
    let before = live_bytes();
    PEAK.with(|peak| peak.set(before));
    f();
    PEAK.with(Cell::get) - before
}
