//! The squad's flashlights as the simulation sees them (T2): a gunner's beam rides its
//! barrel, a blade's its facing — the axes the view's flashlights are drawn along.

use crate::space::light::Beam;
use crate::squad::agent::{Agent, Role};
use crate::tuning::LightTuning;

/// The beam of every standing agent, by agent index, into `out`.
pub fn squad_beams(agents: &[Agent], t: &LightTuning, out: &mut Vec<Beam>) {
    out.clear();
    for a in agents.iter().filter(|a| a.alive) {
        let (axis, b) = match a.role {
            Role::Gunner => (a.barrel, &t.gunner),
            Role::Blade => (a.facing, &t.blade),
        };
        out.push(Beam::new(
            a.pos,
            axis,
            b.range,
            b.half_angle_deg.to_radians(),
        ));
    }
}
