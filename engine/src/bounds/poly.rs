//! Polynomials of degree at most 3 in the power basis (docs/curves.md §8.2): the derivatives
//! of a segment's Bézier components and the numerators whose roots are the candidate extremes.
//!
//! Derivatives are built from the control points' *differences* (p1 − p0, p2 − p1, p3 − p2),
//! never from the control values themselves, so a curve at 1e6 with a small wiggle keeps the
//! wiggle's precision.

/// c0 + c1·u + c2·u² + c3·u³.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Poly {
    pub c: [f64; 4],
}

impl Poly {
    /// The polynomial with these coefficients, lowest power first.
    #[inline]
    pub(crate) fn new(c: [f64; 4]) -> Poly {
        Poly { c }
    }

    /// The first derivative B′(p; u) of the Bézier component with control values `p`:
    /// 3·(d0 + 2·(d1 − d0)·u + (d0 − 2·d1 + d2)·u²), dk = p[k+1] − p[k].
    pub(crate) fn bezier_d1(p: &[f64; 4]) -> Poly {
        let (d0, d1, d2) = (p[1] - p[0], p[2] - p[1], p[3] - p[2]);
        Poly::new([3.0 * d0, 6.0 * (d1 - d0), 3.0 * ((d0 - 2.0 * d1) + d2), 0.0])
    }

    /// p(u) by Horner's rule.
    #[inline]
    pub(crate) fn eval(&self, u: f64) -> f64 {
        let c = &self.c;
        ((c[3] * u + c[2]) * u + c[1]) * u + c[0]
    }

    /// p′.
    #[inline]
    pub(crate) fn derivative(&self) -> Poly {
        let c = &self.c;
        Poly::new([c[1], 2.0 * c[2], 3.0 * c[3], 0.0])
    }

    /// The index of the highest non-zero coefficient; `None` for the zero polynomial.
    #[inline]
    pub(crate) fn degree(&self) -> Option<usize> {
        self.c.iter().rposition(|&c| c != 0.0)
    }

    /// The largest |coefficient|: the scale its rounding is measured against.
    #[inline]
    pub(crate) fn magnitude(&self) -> f64 {
        self.c.iter().fold(0.0_f64, |m, c| m.max(c.abs()))
    }
}

/// N = y″·x′ − y′·x″, the numerator of the velocity's derivative dv/du = N / x′², from the
/// first derivatives `dx` = x′ and `dy` = y′ (power basis, degree ≤ 2). Its u³ terms cancel
/// exactly, so N has degree ≤ 2: with x′ = a1 + 2a2·u + 3a3·u² and y′ = b1 + 2b2·u + 3b3·u²,
/// N = 2·(a1·b2 − a2·b1) + 6·(a1·b3 − a3·b1)·u + 6·(a2·b3 − a3·b2)·u².
/// Also returns, per coefficient, the sum of the magnitudes of its two products: what its
/// rounding is bounded by.
pub(crate) fn velocity_numerator(dx: &Poly, dy: &Poly) -> (Poly, [f64; 3]) {
    // x′ = a1 + 2a2·u + 3a3·u², so a_k = dx.c[k−1] / k.
    let (a1, a2, a3) = (dx.c[0], dx.c[1] / 2.0, dx.c[2] / 3.0);
    let (b1, b2, b3) = (dy.c[0], dy.c[1] / 2.0, dy.c[2] / 3.0);
    let n = Poly::new([
        2.0 * (a1 * b2 - a2 * b1),
        6.0 * (a1 * b3 - a3 * b1),
        6.0 * (a2 * b3 - a3 * b2),
        0.0,
    ]);
    let scale = [
        2.0 * ((a1 * b2).abs() + (a2 * b1).abs()),
        6.0 * ((a1 * b3).abs() + (a3 * b1).abs()),
        6.0 * ((a2 * b3).abs() + (a3 * b2).abs()),
    ];
    (n, scale)
}

/// M = N′·x′ − 3·N·x″, the numerator of the acceleration's derivative
/// da/du = M / x′⁴ where a = N / x′³ (degree ≤ 3: the u⁴ terms cancel).
pub(crate) fn acceleration_numerator(n: &Poly, dx: &Poly) -> Poly {
    let dn = n.derivative();
    let ddx = dx.derivative();
    let mut c = [0.0; 4];
    for i in 0..4 {
        for j in 0..4 - i {
            c[i + j] += dn.c[i] * dx.c[j] - 3.0 * n.c[i] * ddx.c[j];
        }
    }
    Poly::new(c)
}
