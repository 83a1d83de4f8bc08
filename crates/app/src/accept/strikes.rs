//! Strike events per blade, in order: what M7.2, M7.3 and M7.7 read.

use sim::read::EventKind;

use super::record::Recording;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strike {
    /// Windup began on `target`.
    Started(u8, u32),
    Active(u8),
    Recovery(u8),
    Ended(u8),
    Cancelled(u8),
    Hit(u8),
}

/// `(tick, event)` of one blade's strike events.
pub fn of_blade(r: &Recording, blade: u32) -> Vec<(usize, Strike)> {
    r.events()
        .filter_map(|(k, e)| {
            let (b, s) = match *e {
                EventKind::StrikeStarted {
                    blade,
                    strike,
                    target,
                } => (blade, Strike::Started(strike, target)),
                EventKind::StrikeActive { blade, strike } => (blade, Strike::Active(strike)),
                EventKind::StrikeRecovery { blade, strike } => (blade, Strike::Recovery(strike)),
                EventKind::StrikeEnded { blade, strike } => (blade, Strike::Ended(strike)),
                EventKind::StrikeCancelled { blade, strike, .. } => {
                    (blade, Strike::Cancelled(strike))
                }
                EventKind::MeleeHit { blade, strike, .. } => (blade, Strike::Hit(strike)),
                _ => return None,
            };
            (b == blade).then_some((k, s))
        })
        .collect()
}
