//! E7.2: save mid-windup, load, continue: the checksum equals the uninterrupted run.
//!
//! There is no save/load of the world yet (SPEC §17, issue 11), so this row is always
//! FAIL "not built" — printed so that the gap stays visible; a not-built FAIL does not set
//! `--accept`'s exit code (see the module docs of `accept`). When saves exist, `built()`
//! goes and the measurement comes here.

use super::{Criterion, Home, Outcome, Recording};

pub struct E72;

impl Criterion for E72 {
    fn id(&self) -> &'static str {
        "E7.2"
    }
    fn threshold(&self) -> &'static str {
        "checksum equal after load"
    }
    fn home(&self) -> Home {
        Home::Every
    }
    fn built(&self) -> bool {
        false
    }
    fn judge(&self, _runs: &[&Recording]) -> Outcome {
        Outcome::not_built("the world has no save/load (issue 11)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    #[test]
    fn e72_fails_while_saves_are_not_built() {
        let o = judge(&E72, embedded("melee_dummy"));
        assert_eq!(
            o.verdict,
            crate::accept::Verdict::NotBuilt,
            "{}",
            o.measured
        );
        assert!(o.measured.starts_with("not built"), "{}", o.measured);
    }
}
