//! The one random generator of the tests: rand's [`StdRng`], seeded from a `u64`.
//!
//! A test that draws at random draws from [`seeded`], so a run is reproduced by its seed
//! and no test carries a generator of its own; [`Source`] gives the draws the tests'
//! generators make of it (a number below `n`, one item of a slice, a weighted index, a
//! shuffle). The sequence for a seed is fixed by the rand version the workspace's lock pins
//! (rand 0.10: ChaCha12); a test whose expected figure depends on the draws (a count of
//! refusals, say) states that figure for the locked version and changes with it.

pub use rand::RngExt;
use rand::SeedableRng;
pub use rand::rngs::StdRng;

/// The generator of seed `seed`: the same sequence on every machine and every run.
pub fn seeded(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// The draws the tests' generators make, over the one seeded generator ([`seeded`]): the
/// same sequence on every machine for the same seed.
pub struct Source {
    rng: StdRng,
}

impl Source {
    /// The source of seed `seed`.
    pub fn new(seed: u64) -> Self {
        Self { rng: seeded(seed) }
    }

    /// Any `u64`.
    pub fn u64(&mut self) -> u64 {
        self.rng.random::<u64>()
    }

    /// A fraction in [0, 1), uniformly (53 bits).
    pub fn unit(&mut self) -> f64 {
        self.rng.random::<f64>()
    }

    /// Any `u32`.
    pub fn u32(&mut self) -> u32 {
        self.rng.random::<u32>()
    }

    /// A number in `0..n` (`n` > 0), uniformly.
    pub fn below(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n)
    }

    /// True once in `n` draws, on average.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// One of `items` (not empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// An index drawn by `weights`: index `i` with probability
    /// `weights[i] / sum`.
    pub fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u32 = weights.iter().sum();
        let mut at = self.below(total as usize) as u32;
        for (i, weight) in weights.iter().enumerate() {
            if at < *weight {
                return i;
            }
            at -= weight;
        }
        weights.len() - 1
    }

    /// Shuffle `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_draws_the_same_sequence_and_another_seed_another() {
        let draw = |seed| -> Vec<u64> {
            let mut rng = seeded(seed);
            (0..4).map(|_| rng.random()).collect()
        };
        assert_eq!(draw(7), draw(7));
        assert_ne!(draw(7), draw(8));
    }
}
