//! The fast solve against the literal docs/curves.md §4.3 solver (docs/curves.md §0): the
//! differential check of [`crate::curve::fast_solve::differential`] (the same check the
//! module-dir's `fast_solve_wasm` test runs on the wasm build with `simd128`), and the segments
//! that must never certify.
//!
//! `cargo test -p animation-engine --lib fast_solve` runs a CI-sized part; the whole:
//! `FAST_SOLVE_SAMPLES=10000000 cargo test --release -p animation-engine --lib fast_solve
//! -- --nocapture` (it prints the worst errors and the fractions certified and identical).

use crate::curve::fast_solve::{FastCurve, differential};

/// Samples in a plain `cargo test` run; `FAST_SOLVE_SAMPLES` overrides it.
const CI_SAMPLES: usize = 200_000;

#[test]
fn certified_solves_stay_within_the_tolerance_and_the_others_are_literal() {
    let total: usize = std::env::var("FAST_SOLVE_SAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(CI_SAMPLES);
    let f = differential::run(total);
    println!("{}", f.line());
    assert!(f.certified > 0 && f.certified < f.inside);
    assert_eq!(f.mixed_batches, f.samples / 4);
}

#[test]
fn ill_conditioned_segments_are_never_certified() {
    let cases = [
        [0.0, 1e9, 0.0, 1e9],       // vertical tangent at u = ½ (C19/C20)
        [0.0, 1e9 - 1.0, 1.0, 1e9], // crossing handles shortened to a stall (C15)
        [0.0, 0.0, 0.0, 1e9],       // both handles collapsed onto their keypoints
        [0.0, 0.0, 5e8, 1e9],       // a collapsed leaving handle (C14, C22)
        [0.0, 5e8, 1e9, 1e9],       // a collapsed arriving handle (C17)
        [0.0, -0.5, 6e8, 1e9],      // a sub-nanosecond backward handle (C18)
        [0.0, 6e8, 1e9 + 0.3, 1e9], // an arriving handle 0.3 ns past the end
    ];
    for x in cases {
        assert!(
            !FastCurve::new(&x, &[0.0, 0.5, 0.7, 1.0]).is_certified(),
            "{x:?}"
        );
    }
    assert!(
        FastCurve::new(&[0.0, 1e9 / 3.0, 2e9 / 3.0, 1e9], &[0.0, 1.0, 2.0, 3.0]).is_certified()
    );
}

/// Solve reuse in a step keys on the segment's timing: the same time curve certified for one
/// track and not for another (the certificate depends on the values) must not share it.
#[test]
fn a_timing_names_the_certification_as_well_as_the_time_curve() {
    use crate::curve::track::{Segment, intern_timings};
    let x = [0.0, 1e9 / 3.0, 2e9 / 3.0, 1e9];
    let segment = |y: [f64; 4]| Segment {
        start: 0,
        start_ns: 0,
        end_ns: 1_000_000_000,
        origin: 0.0,
        end: 1e9,
        x,
        y,
        fast: FastCurve::new(&x, &y),
        timing: 0,
    };
    let mut segments = [
        segment([0.0, 0.25, 0.5, 1.0]),
        segment([0.0, 1.0, 0.0, 1.0]),
        segment([-1e6, 2e6, -3e6, 1e6]),
    ];
    assert!(segments[0].fast.is_certified() && segments[1].fast.is_certified());
    assert!(!segments[2].fast.is_certified());
    intern_timings(segments.iter_mut());
    assert_eq!(segments[0].timing, segments[1].timing);
    assert_ne!(segments[0].timing, segments[2].timing);
}
