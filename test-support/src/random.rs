//! The one random generator of the tests: rand's [`StdRng`], seeded from a `u64`.
//!
//! A test that draws at random draws from [`seeded`], so a run is reproduced by its seed
//! and no test carries a generator of its own. The sequence for a seed is fixed by the
//! rand version the workspace's lock pins (rand 0.10: ChaCha12); a test whose expected
//! figure depends on the draws (a count of refusals, say) states that figure for the
//! locked version and changes with it.

pub use rand::RngExt;
use rand::SeedableRng;
pub use rand::rngs::StdRng;

/// The generator of seed `seed`: the same sequence on every machine and every run.
pub fn seeded(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
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
