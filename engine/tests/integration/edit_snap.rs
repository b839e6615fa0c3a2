//! Snapping a pointer's time (docs/curves.md §9.4): whole nanoseconds, or whole frames at a
//! rate; the expected frame times are computed here in integers, n × 10^9 / fps rounded.

use animation_engine::{FrameRate, Snap};

/// The nearest whole nanosecond to frame `n` at an integral `fps`, in integer arithmetic.
fn frame_ns(n: i64, fps: i64) -> i64 {
    (n * 1_000_000_000 + fps / 2).div_euclid(fps)
}

#[test]
fn without_snapping_a_time_goes_to_the_nearest_nanosecond() {
    assert_eq!(Snap::Off.time_ns(1.2345678), Ok(1_234_568));
    assert_eq!(Snap::Off.time_ns(-0.0000006), Ok(-1));
    assert_eq!(
        Snap::Off.time_ns(f64::NAN).map_err(|e| e.to_string()),
        Err("NaN ms is not a keypoint time: a time is whole nanoseconds within ±2^63".to_string())
    );
    assert!(Snap::Off.time_ns(1e300).is_err());
}

#[test]
fn with_snapping_a_time_goes_to_the_nearest_whole_frame() {
    let snap = |fps: f64, ms: f64| Snap::Frames(FrameRate::new(fps).unwrap()).time_ns(ms);
    for (ms, frame) in [
        (40.0, 1),
        (49.9, 1),
        (50.1, 2),
        (-20.0, -1),
        (1000.0, 30),
        (0.0, 0),
    ] {
        assert_eq!(snap(30.0, ms), Ok(frame_ns(frame, 30)), "{ms} ms at 30 fps");
    }
    assert_eq!(snap(30.0, 50.1), Ok(66_666_667));
    assert_eq!(snap(24.0, 1_000_020.0), Ok(frame_ns(24_000, 24)));
    // 29.97 fps: frame 1 starts at 1000 / 29.97 = 33.3667000333… ms.
    assert_eq!(snap(29.97, 30.0), Ok(33_366_700));
}

#[test]
fn a_rate_that_is_not_positive_and_finite_is_refused() {
    for fps in [0.0, -24.0, f64::INFINITY, f64::NAN] {
        assert!(FrameRate::new(fps).is_err(), "{fps}");
    }
    assert_eq!(
        FrameRate::new(0.0).map_err(|e| e.to_string()),
        Err("0 frames per second is not a frame rate: it must be finite and above 0".to_string())
    );
    assert_eq!(FrameRate::new(29.97).map(FrameRate::fps), Ok(29.97));
}
