//! The bodies' odometers (REQ V1): how far each agent and each enemy has walked, so a
//! walk cycle's phase is the distance travelled — stable while a body turns, still
//! while it stands. Stepped with the layer once per simulation tick from `&World`
//! (`|pos − prev_pos|` summed), so it is a function of the run; nothing of it enters the
//! world. Saved with the layer's state, so the frame after a load is the one before it.

use sim::read::World;

/// Distances walked, world units.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Gait {
    /// By the agent's index in the squad.
    agents: Vec<f32>,
    /// By enemy id, ascending (the world's enemies are kept sorted by id).
    enemies: Vec<(u32, f32)>,
}

impl Gait {
    /// One simulation tick: every body's last step added; enemies gone are dropped.
    pub fn absorb(&mut self, w: &World) {
        let agents = w.agents();
        self.agents.resize(agents.len(), 0.0);
        for (d, a) in self.agents.iter_mut().zip(agents) {
            *d += a.pos.distance(a.prev_pos);
        }
        let mut next = Vec::with_capacity(w.enemies().len());
        let mut old = self.enemies.iter().peekable();
        for e in w.enemies() {
            while old.peek().is_some_and(|(id, _)| *id < e.id) {
                old.next();
            }
            let before = match old.peek() {
                Some((id, d)) if *id == e.id => *d,
                _ => 0.0,
            };
            next.push((e.id, before + e.pos.distance(e.prev_pos)));
        }
        self.enemies = next;
    }

    /// Agent `i`'s distance walked by the world's tick.
    pub fn agent(&self, i: usize) -> Option<f32> {
        self.agents.get(i).copied()
    }

    /// Enemy `id`'s distance walked by the world's tick.
    pub fn enemy(&self, id: u32) -> Option<f32> {
        self.enemies
            .binary_search_by_key(&id, |(k, _)| *k)
            .ok()
            .map(|i| self.enemies[i].1)
    }

    /// Bodies counted (the soak's bounds).
    pub fn len(&self) -> usize {
        self.agents.len() + self.enemies.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
