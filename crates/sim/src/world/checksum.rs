//! `World::checksum()` (S1.3): FNV-1a over the simulation state in a canonical order
//! (agents by index, enemies and bullets by id). Floats go in as their bit patterns, so
//! two worlds agree only if they are bit-identical.

use crate::world::World;

struct Fnv(u64);

impl Fnv {
    fn u64(&mut self, v: u64) {
        for b in v.to_le_bytes() {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01B3);
        }
    }
    fn f32(&mut self, v: f32) {
        self.u64(v.to_bits() as u64);
    }
    fn v2(&mut self, v: crate::core::geom::Vec2) {
        self.f32(v.x);
        self.f32(v.y);
    }
    fn opt(&mut self, v: Option<u32>) {
        self.u64(v.map_or(u64::MAX, |x| x as u64));
    }
}

impl World {
    pub fn checksum(&self) -> u64 {
        let mut h = Fnv(0xCBF2_9CE4_8422_2325);
        h.u64(self.tick);
        h.u64(self.squad.state as u64);
        h.u64(self.squad.no_input_ticks as u64);
        h.u64(self.squad.formation as u64);
        h.v2(self.squad.anchor.pos);
        h.v2(self.squad.anchor.heading);
        h.f32(self.squad.anchor.urgency);
        h.u64(self.squad.anchor.settling as u64);
        h.opt(self.squad.assigned);
        for a in &self.squad.agents {
            h.v2(a.pos);
            h.v2(a.vel);
            h.f32(a.facing);
            h.f32(a.barrel);
            h.f32(a.health);
            h.u64(a.alive as u64);
            h.v2(a.post_pos);
            h.u64(a.commit_timer as u64);
            h.u64(a.cooldown as u64);
            h.opt(a.lane.target);
            h.opt(a.lane.priority);
            h.u64(a.follow.path.len() as u64);
            h.u64(a.follow.cursor as u64);
            let m = &a.melee;
            h.u64(m.phase as u64);
            h.u64(m.phase_left as u64);
            h.u64(m.strike as u64);
            h.f32(m.axis);
            h.opt(m.target);
            h.u64(m.combo_left as u64);
            h.u64(m.cooldown as u64);
        }
        for e in &self.horde.enemies {
            h.u64(e.id as u64);
            h.v2(e.pos);
            h.v2(e.vel);
            h.f32(e.health);
            h.u64(e.stagger as u64);
            h.u64(e.hits as u64);
            h.u64(e.sees as u64);
            h.u64(e.attack.windup_left.map_or(u64::MAX, |x| x as u64));
            h.u64(e.attack.cooldown as u64);
        }
        for b in &self.bullets {
            h.u64(b.id as u64);
            h.v2(b.pos);
            h.f32(b.traveled);
        }
        h.u64(self.rng.state());
        h.u64(self.ids.peek() as u64);
        h.u64(self.stats.friendly_hits as u64);
        h.u64(self.stats.shots_fired as u64);
        h.u64(self.stats.kills as u64);
        h.0
    }
}
