//! Target patterns of a limits file: `["arm/*"]` names every target starting `arm/`.
//!
//! Two wildcards and nothing else: `*` matches any run of characters, `/` included (so
//! `["*"]` names every target and `["robot/*"]` names `robot/arm/angle` too), and `?`
//! matches exactly one character. Every other character, `[` and `\` included, matches
//! itself: a target is an id, not a path, and needs no escapes. Matching is by Unicode
//! scalar value, case-sensitive, like the targets themselves.

/// A target or a glob of targets, as a limits table names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    text: String,
}

impl Pattern {
    /// The pattern `text`: a target itself when it holds no `*` or `?`.
    pub fn new(text: &str) -> Pattern {
        Pattern {
            text: text.to_string(),
        }
    }

    /// The pattern as written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Whether it is a glob (holds `*` or `?`) rather than one target's name: a name
    /// outranks a glob where both set a limit (see [`Limits`](super::Limits)).
    pub fn is_glob(&self) -> bool {
        self.text.contains(['*', '?'])
    }

    /// Whether `target` matches the whole pattern.
    ///
    /// The classic greedy match with one backtrack point: on a mismatch after a `*`, that
    /// `*` takes one more character and the rest is tried again. Each `*` moves its
    /// backtrack point forward only, so the time is O(pattern × target) at worst and
    /// linear for patterns with one `*`.
    pub fn matches(&self, target: &str) -> bool {
        let pattern: Vec<char> = self.text.chars().collect();
        let target: Vec<char> = target.chars().collect();
        let (mut p, mut t) = (0, 0);
        // After the last `*` seen: the pattern index past it, and the target index it
        // has swallowed up to.
        let mut star: Option<(usize, usize)> = None;
        while t < target.len() {
            match pattern.get(p) {
                Some('*') => {
                    star = Some((p + 1, t));
                    p += 1;
                }
                Some(&c) if c == '?' || c == target[t] => {
                    p += 1;
                    t += 1;
                }
                _ => match star {
                    Some((after, swallowed)) => {
                        p = after;
                        t = swallowed + 1;
                        star = Some((after, swallowed + 1));
                    }
                    None => return false,
                },
            }
        }
        pattern[p..].iter().all(|&c| c == '*')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(pattern: &str, target: &str) -> bool {
        Pattern::new(pattern).matches(target)
    }

    #[test]
    fn a_name_matches_only_itself() {
        assert!(matches("arm/angle", "arm/angle"));
        assert!(!matches("arm/angle", "arm/angle2"));
        assert!(!matches("arm/angle", "arm/angl"));
        assert!(!matches("arm/angle", "Arm/angle"));
        assert!(!Pattern::new("arm/angle").is_glob());
    }

    #[test]
    fn a_star_matches_any_run_slashes_included() {
        assert!(matches("arm/*", "arm/angle"));
        assert!(matches("arm/*", "arm/"));
        assert!(matches("arm/*", "arm/elbow/pitch"));
        assert!(!matches("arm/*", "leg/angle"));
        assert!(!matches("arm/*", "arm"));
        assert!(matches("*", ""));
        assert!(matches("*", "anything/at/all"));
        assert!(matches("*/angle", "arm/angle"));
        assert!(!matches("*/angle", "arm/angles"));
        assert!(matches("a*b*c", "axxbyyc"));
        assert!(matches("a*b*c", "abcbc"));
        assert!(!matches("a*b*c", "acb"));
        assert!(Pattern::new("arm/*").is_glob());
    }

    #[test]
    fn a_question_mark_matches_one_character() {
        assert!(matches("servo?", "servo1"));
        assert!(matches("servo?", "servoé"));
        assert!(!matches("servo?", "servo"));
        assert!(!matches("servo?", "servo12"));
        assert!(matches("servo??", "servo12"));
        assert!(Pattern::new("servo?").is_glob());
    }

    #[test]
    fn brackets_and_backslashes_are_plain_characters() {
        assert!(matches("joint[1]", "joint[1]"));
        assert!(!matches("joint[1]", "joint1"));
        assert!(matches("a\\*", "a\\anything"));
    }

    #[test]
    fn many_stars_backtrack_without_blowing_up() {
        // A pattern that is exponential for a naive recursive matcher.
        let pattern = "a*".repeat(30) + "b";
        let target = "a".repeat(200);
        assert!(!matches(&pattern, &target));
        assert!(matches(&pattern, &(target + "b")));
    }
}
