//! The campaign (REQ C2): the missions in the order they are played, read from the
//! embedded scenarios ([`sim::content::CAMPAIGN`]) — each one's title, briefing and
//! level — and loaded like any scenario. What the player has done is kept by
//! `progress`; what a mission asks (its objectives) is the scenario's.

use sim::content;
use sim::read::{Difficulty, Scenario};

use crate::setup::{self, Setup};

/// One mission of the campaign.
#[derive(Clone, Debug, PartialEq)]
pub struct Mission {
    /// Its place in the campaign, from 0.
    pub index: usize,
    /// The embedded scenario's name (`m1_station`): what progress and `--scenario` use.
    pub id: &'static str,
    /// What the title shows (`1. The Pumping Station`).
    pub title: String,
    /// The paragraph shown before it starts.
    pub briefing: String,
    /// The director's level its scenario sets (`None`: off).
    pub director: Option<Difficulty>,
}

impl Mission {
    /// The basic training (REQ K8), the campaign's first mission.
    pub fn is_training(&self) -> bool {
        self.id == content::TRAINING
    }
}

/// Every mission, in order.
pub fn missions() -> Vec<Mission> {
    content::CAMPAIGN
        .iter()
        .enumerate()
        .map(|(index, &(id, text))| {
            // Embedded content parses (a test proves it); a broken one still lists.
            let sc = Scenario::parse(id, text).unwrap_or_default();
            Mission {
                index,
                id,
                title: if sc.name.is_empty() {
                    id.into()
                } else {
                    sc.name
                },
                briefing: sc.briefing,
                director: sc.director,
            }
        })
        .collect()
}

/// The mission's run with `seed` (or its own) and the tuning file, if any.
pub fn load(
    m: &Mission,
    seed: Option<u64>,
    tuning: Option<&std::path::Path>,
) -> Result<Setup, String> {
    setup::load(None, m.id, None, seed, tuning)
}

/// The campaign's mission `setup` plays (its embedded scenario), if one.
pub fn mission_of(setup: &Setup) -> Option<Mission> {
    missions()
        .into_iter()
        .find(|m| setup.origin.scenario_file == setup::embedded_file(m.id))
}

/// Whether the run whose results are `r` won its mission (every objective done, C1):
/// the one place the shell decides it (progress, the results' "next mission"). A
/// scenario without objectives is won by lasting to its end with someone standing.
pub fn mission_won(r: &view::screens::Results) -> bool {
    match &r.mission {
        Some(m) => m.won,
        None => r.outcome == view::screens::Outcome::Survived,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_missions_load_each_with_a_briefing() {
        let ms = missions();
        assert!(ms.len() >= 6, "{}", ms.len());
        for m in &ms {
            assert!(!m.briefing.is_empty(), "{} has no briefing", m.id);
            let s = load(m, None, None).unwrap_or_else(|e| panic!("{}: {e}", m.id));
            assert_eq!(s.scenario.name, m.title);
            assert_eq!(mission_of(&s).map(|x| x.id), Some(m.id));
        }
        let free = setup::load(None, "combat_route", None, None, None).unwrap();
        assert_eq!(mission_of(&free), None);
    }
}
