//! E7.2: save mid-windup, load, continue: the checksum equals the uninterrupted run.
//!
//! There is no save/load of the world yet (SPEC §17), so this row is always FAIL with
//! "not built" — printed so that the gap stays visible.

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
    fn judge(&self, _runs: &[&Recording]) -> Outcome {
        Outcome::fail("not built: the world has no save/load")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accept::testkit::*;

    #[test]
    fn e72_fails_while_saves_are_not_built() {
        assert_fail(&E72, embedded("melee_dummy"));
    }
}
