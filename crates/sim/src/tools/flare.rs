//! The flare (REQ K3): thrown toward the aim point, it lands and burns for its burn
//! time, the last seconds fading. Burning, it is a light in the simulation's own light
//! test (`space::light`): a full circle of `flare_light` (shrinking with the fade), so a
//! stalker shies from it as from a beam (T2) and never walks or lunges into it; and the
//! first burning flare is the horde's lure: shamblers within `flare_lure` of it along
//! the floor walk to it and mill round it (one lure at a time).

use serde::{Deserialize, Serialize};

use crate::core::geom::Vec2;
use crate::space::light::Beam;
use crate::tools::throw::fly;
use crate::tuning::{TickTuning, Tuning};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Flare {
    pub id: u32,
    pub pos: Vec2,
    pub prev_pos: Vec2,
    pub from: Vec2,
    pub to: Vec2,
    /// Ticks of its flight, and those left of it.
    pub flight: u32,
    pub flight_left: u32,
    /// Ticks of its burn left (counted from its landing).
    pub burn_left: u32,
    /// The tick it was thrown.
    pub thrown: u64,
}

impl Flare {
    /// It has landed and burns.
    pub fn burning(&self) -> bool {
        self.flight_left == 0 && self.burn_left > 0
    }

    /// Its light now, 0..1: full while it burns, down to nothing over the fade.
    pub fn glow(&self, tt: &TickTuning) -> f32 {
        if !self.burning() {
            return 0.0;
        }
        if self.burn_left >= tt.flare_fade || tt.flare_fade == 0 {
            1.0
        } else {
            self.burn_left as f32 / tt.flare_fade as f32
        }
    }

    /// The radius of its light in the light test now.
    pub fn light_radius(&self, t: &Tuning, tt: &TickTuning) -> f32 {
        t.tools.flare_light * self.glow(tt)
    }

    /// One tick: along its flight, then the burn. `true` when it has burnt out.
    pub fn advance(&mut self) -> bool {
        self.prev_pos = self.pos;
        let flying = self.flight_left > 0;
        self.pos = fly(self.from, self.to, self.flight, &mut self.flight_left);
        if flying {
            return false;
        }
        self.burn_left = self.burn_left.saturating_sub(1);
        self.burn_left == 0
    }
}

/// The burning flares' lights as beams of the light test (full circles), into `out`.
pub fn flare_lights(flares: &[Flare], t: &Tuning, tt: &TickTuning, out: &mut Vec<Beam>) {
    for f in flares.iter().filter(|f| f.burning()) {
        let r = f.light_radius(t, tt);
        if r > 0.0 {
            out.push(Beam::new(f.pos, 0.0, r, std::f32::consts::PI));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::space::grid::Grid;
    use crate::space::light::lit;

    #[test]
    fn a_flare_lands_burns_fades_and_lights_a_circle() {
        let t = Tuning::default();
        let tt = TickTuning::from_tuning(&t);
        let mut f = Flare {
            id: 3,
            pos: Vec2::ZERO,
            prev_pos: Vec2::ZERO,
            from: Vec2::new(10.0, 15.0),
            to: Vec2::new(15.0, 15.0),
            flight: 2,
            flight_left: 2,
            burn_left: tt.flare_burn,
            thrown: 0,
        };
        assert!(!f.burning());
        f.advance();
        f.advance();
        assert!(f.burning() && f.pos == f.to);
        assert_eq!(f.glow(&tt), 1.0);
        let g = Grid::open_with_border(30, 30);
        let mut beams = Vec::new();
        flare_lights(std::slice::from_ref(&f), &t, &tt, &mut beams);
        for dir in [
            Vec2::new(1.0, 0.0),
            Vec2::new(-0.6, 0.8),
            Vec2::new(0.0, -1.0),
        ] {
            assert!(lit(&beams, f.pos + dir * 4.8, 0.3, &g), "lit all round");
        }
        assert!(!lit(&beams, f.pos + Vec2::new(5.6, 0.0), 0.3, &g));
        while f.burn_left > tt.flare_fade / 2 {
            f.advance();
        }
        assert!(
            (f.glow(&tt) - 0.5).abs() < 0.02,
            "half way through the fade"
        );
        let mut n = 0;
        while !f.advance() {
            n += 1;
        }
        assert!(n <= tt.flare_fade as usize && !f.burning());
    }
}
