//! The mission's objectives on the HUD (C1): each active one worded with how far it has
//! got, and where it is (its area, its item, the nearest nest) for the marker.

use sim::read::{Goal, Vec2, World};
use sim::tuning::DT;

use super::feed::agent_name;

/// The active objectives as the HUD words them — the label and how far it has got —,
/// where each is (its area, its item, the nearest nest), when it has a place, and its
/// index among the mission's objectives.
pub fn objective_lines(w: &World) -> Vec<(String, Option<Vec2>, usize)> {
    let m = w.mission();
    if m.outcome.ended() {
        return Vec::new();
    }
    let centre = w.squad_centre();
    m.objectives
        .iter()
        .enumerate()
        .filter(|(_, o)| o.active())
        .map(|(k, o)| {
            let more = progress_words(w, k);
            (
                format!("{}{more}", o.spec.label),
                m.marker_in(k, w.enemies(), centre),
                k,
            )
        })
        .collect()
}

/// How far objective `k` has got, as the HUD words it after its label (`  1/3 burned`,
/// `  45/150 s  (get inside)`, `  0:42 left`; empty for a place to reach or an act);
/// the headless report says it too, after "not done".
pub fn progress_words(w: &World, k: usize) -> String {
    let m = w.mission();
    let o = &m.objectives[k];
    let centre = w.squad_centre();
    let secs = |t: u64| t as f32 * DT;
    match o.spec.goal {
        Goal::Reach { .. } | Goal::Do { .. } => String::new(),
        Goal::Survive { seconds } => format!(
            "  {} left",
            view::screens::clock_text((seconds - secs(o.progress)).max(0.0))
        ),
        Goal::Hold { area, seconds } => {
            let inside = m.areas[area].contains(centre);
            format!(
                "  {:.0}/{seconds:.0} s{}",
                secs(o.progress).min(seconds),
                if inside { "" } else { "  (get inside)" }
            )
        }
        Goal::Nests => {
            let all = m.nests.len();
            format!("  {}/{all} burned", all - m.nests_left_in(w.enemies()))
        }
        Goal::Recover { item, .. } => {
            let it = &m.items[item];
            match it.carrier {
                Some(c) => format!("  carried by {}", agent_name(w.agents(), c as usize)),
                None => "  (find it)".into(),
            }
        }
    }
}
