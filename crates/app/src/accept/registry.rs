//! The criteria, written once: `--accept` and `--accept --scenario` both judge this list,
//! in this order (REQ §16, then the generic rows).

use super::criterion::Criterion;
use super::{
    a01_friendly_fire, a02_uptime, a03_lane_freeing, a04_solver_stability, a05_cohesion, a06_leash,
    a07_intercept, a08_segment, a09_manual_aim, a10_straggler, a11_determinism, a12_squad_holds,
    e71_enemy_swings, e72_save_load, e73_ranged, generic, k2_reload_discipline, k3_flare_light,
    m71_melee_friendly, m72_combo, m73_phases, m74_ally_in_sector, m75_march_hits, m76_no_overlap,
    m77_cancel, m78_blades_engage, s102_undefended, t5_stalker_beam,
};

pub static CRITERIA: &[&dyn Criterion] = &[
    &a01_friendly_fire::A1,
    &a02_uptime::A2,
    &a03_lane_freeing::A3,
    &a04_solver_stability::A4,
    &a05_cohesion::A5,
    &a06_leash::A6,
    &a07_intercept::A7,
    &a08_segment::A8,
    &a09_manual_aim::A9,
    &a10_straggler::A10,
    &a11_determinism::A11,
    &a12_squad_holds::A12,
    &m71_melee_friendly::M71,
    &m72_combo::M72,
    &m73_phases::M73,
    &m74_ally_in_sector::M74,
    &m75_march_hits::M75,
    &m76_no_overlap::M76,
    &m77_cancel::M77,
    &m78_blades_engage::M78,
    &e71_enemy_swings::E71,
    &e72_save_load::E72,
    &e73_ranged::E73,
    &t5_stalker_beam::T5,
    &s102_undefended::S102,
    &k2_reload_discipline::K2,
    &k3_flare_light::K3,
    &generic::InBounds,
    &generic::Finite,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_every_spec_row_is_listed() {
        let ids: Vec<&str> = CRITERIA.iter().map(|c| c.id()).collect();
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), ids.len(), "duplicate id in {ids:?}");
        for want in [
            "A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10", "A11", "A12", "M7.1",
            "M7.2", "M7.3", "M7.4", "M7.5", "M7.6", "M7.7", "E7.1", "E7.2", "E7.3", "T5", "S10.2",
        ] {
            assert!(ids.contains(&want), "{want} missing from the registry");
        }
    }

    /// Every row is built (E7.2 was the last, issue 11).
    #[test]
    fn every_row_is_built() {
        let unbuilt: Vec<&str> = CRITERIA
            .iter()
            .filter(|c| !c.built())
            .map(|c| c.id())
            .collect();
        assert!(unbuilt.is_empty(), "{unbuilt:?}");
    }

    #[test]
    fn every_home_is_an_embedded_scenario() {
        for c in CRITERIA {
            if let super::super::criterion::Home::One(n) = c.home() {
                assert!(sim::content::scenario_text(n).is_some(), "{}: {n}", c.id());
            }
            if let super::super::criterion::Home::Some(ns) = c.home() {
                for n in ns {
                    assert!(sim::content::scenario_text(n).is_some(), "{}: {n}", c.id());
                }
            }
        }
    }
}
