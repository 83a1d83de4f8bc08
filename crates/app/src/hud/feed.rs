//! The HUD's memory of a run, fed each tick through the cosmetics feed: the notices
//! (an agent down with where, a formation change, a mission's lines and objectives done,
//! and the tools' and the ammunition's news: a refused use with its reason, a pickup, a
//! heal done or interrupted, a gunner out of ammunition) and the formation last seen.
//! Notices keep the scenario's words as written; the HUD fills their `{placeholders}`
//! with the player's keys when it draws them (`shell::prompts`).

use sim::read::{Agent, EventKind, Formation, Role, Tool, ToolRefusal, Vec2, World};

/// How long a notice stays, in ticks.
pub const NOTICE_TICKS: u64 = 4 * 60;
/// Notices shown at once (the newest).
pub const NOTICES: usize = 3;

/// Something the HUD says for a while: an agent down (with where), a formation change.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: String,
    /// Where it happened (an agent down), for the marker.
    pub pos: Option<Vec2>,
    /// A warning (red) or news (plain).
    pub warn: bool,
    pub born: u64,
}

/// The HUD's memory of the run, fed each tick through the cosmetics feed: the notices and
/// the formation last seen.
#[derive(Clone, Debug, Default)]
pub struct HudFeed {
    pub notices: Vec<Notice>,
    formation: Option<Formation>,
    now: u64,
}

/// How the HUD names an agent: blades and gunners counted apart from 1 (`Blade 2`).
pub fn agent_name(agents: &[Agent], id: usize) -> String {
    let Some(a) = agents.get(id) else {
        return format!("Agent {id}");
    };
    let nth = agents[..id].iter().filter(|b| b.role == a.role).count() + 1;
    match a.role {
        Role::Blade => format!("Blade {nth}"),
        Role::Gunner => format!("Gunner {nth}"),
    }
}

/// A formation's name as the HUD shows it.
pub fn formation_name(f: Formation) -> &'static str {
    match f {
        Formation::Wedge => "wedge",
        Formation::Line => "line",
        Formation::Ring => "ring",
    }
}

/// `n` of `what` (`1 flare`, `2 flares`).
fn count(n: u32, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// Why a use of `tool` was refused, as the player reads it (the HUD's notice and the
/// throw's reticle): `Grenade refused: ally too close (Gunner 2)`, `No flares left`,
/// `No one hurt near the disk`.
pub fn refusal_words(tool: Tool, why: ToolRefusal, agents: &[Agent]) -> String {
    match why {
        ToolRefusal::NoCharge => format!("No {}s left", tool.name()),
        ToolRefusal::NoPatient => "No one hurt near the disk".into(),
        ToolRefusal::Busy if tool == Tool::Medkit => "The medkit is already at work".into(),
        ToolRefusal::Busy if tool == Tool::Grenade => "A grenade is live: one at a time".into(),
        ToolRefusal::Busy => format!("{} refused: one is already at work", capital(tool)),
        ToolRefusal::AllyTooClose { ally } => format!(
            "{} refused: ally too close ({})",
            capital(tool),
            agent_name(agents, ally as usize)
        ),
    }
}

/// Why a throw being aimed *would* be refused, beside its reticle: the same words but for
/// an ally too close, which reads `Not here: ally too close (Gunner 2)`. Nothing was
/// refused yet (issue 35: the reticle said "Grenade refused" of a throw the player then
/// aimed elsewhere, and the results' "0 grenades refused" read as a wrong count; the
/// results count what the simulation refused, a throw let go).
pub fn foreseen_words(tool: Tool, why: ToolRefusal, agents: &[Agent]) -> String {
    match why {
        ToolRefusal::AllyTooClose { ally } => format!(
            "Not here: ally too close ({})",
            agent_name(agents, ally as usize)
        ),
        _ => refusal_words(tool, why, agents),
    }
}

/// Why a medkit's work on `agent` stopped this tick, as the player reads it (a playtest
/// saw "interrupted" and took it for moving the disk): the patient fell, ran from a
/// grenade just thrown, or took a blow; the kit is kept but for a fall's.
pub fn heal_cut_words(w: &World, agent: u32) -> String {
    let who = agent_name(w.agents(), agent as usize);
    let fell = w.agents().get(agent as usize).is_some_and(|a| !a.alive);
    let thrown = w
        .events()
        .iter()
        .any(|e| matches!(e.kind, EventKind::GrenadeThrown { .. }));
    if fell {
        format!("{who} fell before the medkit was done")
    } else if thrown {
        format!("Healing {who} stopped: ran from the grenade (kit kept)")
    } else {
        format!("Healing {who} stopped by a blow (kit kept): heal again")
    }
}

/// When the medkit went to `agent` while a more hurt agent stands beyond its reach of
/// the disk, the words that say so (a playtest saw Blade 1 at 45 healed before Gunner 3
/// at 30 and took it for a fault): `Healing Blade 1: Gunner 3 (more hurt) is too far
/// from the disk`.
pub fn farther_patient_words(w: &World, agent: u32) -> Option<String> {
    let missing = |a: &Agent| a.max_health - a.health;
    let patient = w.agents().get(agent as usize)?;
    let reach = w.tuning().tools.medkit_reach;
    let disk = w.anchor().pos;
    let far = w
        .agents()
        .iter()
        .filter(|a| a.alive && a.id != agent && a.pos.distance(disk) > reach)
        .filter(|a| missing(a) > missing(patient))
        .max_by(|a, b| missing(a).total_cmp(&missing(b)))?;
    Some(format!(
        "Healing {}: {} (more hurt) is too far from the disk",
        agent_name(w.agents(), agent as usize),
        agent_name(w.agents(), far.id as usize)
    ))
}

/// A tool's name with a capital (`Grenade`).
fn capital(tool: Tool) -> String {
    let n = tool.name();
    n[..1].to_uppercase() + &n[1..]
}

impl HudFeed {
    /// The feed for `w` as it stands (its formation known, so the first change is
    /// said).
    pub fn new(w: &World) -> HudFeed {
        HudFeed {
            notices: Vec::new(),
            formation: Some(w.formation()),
            now: w.tick(),
        }
    }

    /// One simulation tick of `w`.
    pub fn absorb(&mut self, w: &World) {
        self.now = w.tick();
        let m = w.mission();
        let name = |id: u32| agent_name(w.agents(), id as usize);
        for e in w.events() {
            match e.kind {
                EventKind::AgentDown { agent, pos } => {
                    self.say(format!("{} is down", name(agent)), Some(pos), true);
                }
                EventKind::Said { line } => {
                    if let Some(text) = m.lines.get(line as usize) {
                        self.say(text.clone(), None, false);
                    }
                }
                EventKind::ObjectiveDone { objective } => {
                    if let Some(o) = m.objectives.get(objective as usize) {
                        self.say(format!("done: {}", o.spec.label), None, false);
                    }
                }
                EventKind::ItemDropped { pos, .. } => {
                    self.say("the carrier fell: the item is down".into(), Some(pos), true);
                }
                EventKind::ToolRefused { tool, why } => {
                    self.say(refusal_words(tool, why, w.agents()), None, true);
                }
                EventKind::AmmoPicked { rounds, .. } => {
                    self.say(format!("+{rounds} rounds"), None, false);
                }
                EventKind::SupplyPicked {
                    flares,
                    medkits,
                    grenades,
                    ..
                } => {
                    let parts: Vec<String> = [
                        (flares, "flare"),
                        (medkits, "medkit"),
                        (grenades, "grenade"),
                    ]
                    .into_iter()
                    .filter(|(n, _)| *n > 0)
                    .map(|(n, what)| format!("+{}", count(n, what)))
                    .collect();
                    if !parts.is_empty() {
                        self.say(parts.join("  "), None, false);
                    }
                }
                EventKind::Healed { agent, amount } => {
                    self.say(format!("{} healed +{amount:.0}", name(agent)), None, false);
                }
                EventKind::HealStarted { agent } => {
                    if let Some(words) = farther_patient_words(w, agent) {
                        self.say(words, None, false);
                    }
                }
                EventKind::HealInterrupted { agent } => {
                    self.say(heal_cut_words(w, agent), None, true);
                }
                EventKind::OutOfAmmo { agent } => {
                    self.say(format!("{} is out of ammo", name(agent)), None, true);
                }
                _ => {}
            }
        }
        let f = w.formation();
        if self.formation.is_some_and(|old| old != f) {
            self.say(format!("formation: {}", formation_name(f)), None, false);
        }
        self.formation = Some(f);
        let now = self.now;
        self.notices.retain(|n| now < n.born + NOTICE_TICKS);
    }

    /// The notices as the HUD lists them: in the order they came, the newest last, so
    /// they read down like a log (a playtest read the newest-on-top list backwards).
    pub fn shown(&self) -> impl Iterator<Item = &Notice> {
        self.notices.iter()
    }

    fn say(&mut self, text: String, pos: Option<Vec2>, warn: bool) {
        self.notices.push(Notice {
            text,
            pos,
            warn,
            born: self.now,
        });
        if self.notices.len() > NOTICES {
            self.notices.remove(0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The notices read down in the order they came, the newest last; the oldest goes
    /// when a fourth comes.
    #[test]
    fn notices_read_down_oldest_first() {
        let w = crate::setup::load(None, "melee_dummy", None, None, None).unwrap();
        let mut f = HudFeed::new(&World::new(w.map.clone(), &w.scenario, w.tuning.clone()));
        for t in ["first", "second", "third", "fourth"] {
            f.say(t.to_string(), None, false);
        }
        let shown: Vec<&str> = f.shown().map(|n| n.text.as_str()).collect();
        assert_eq!(shown, ["second", "third", "fourth"]);
    }

    fn agents() -> Vec<Agent> {
        let w = crate::setup::load(None, "melee_dummy", None, None, None).unwrap();
        let world = World::new(w.map.clone(), &w.scenario, w.tuning.clone());
        world.agents().to_vec()
    }

    /// The refusals in the player's words, the ally named as its card names it.
    #[test]
    fn refusals_say_why_in_the_player_s_words() {
        let a = agents();
        let gunner2 = a
            .iter()
            .filter(|x| x.is_gunner())
            .nth(1)
            .expect("a second gunner")
            .id;
        assert_eq!(
            refusal_words(
                Tool::Grenade,
                ToolRefusal::AllyTooClose { ally: gunner2 },
                &a
            ),
            "Grenade refused: ally too close (Gunner 2)"
        );
        assert_eq!(
            foreseen_words(
                Tool::Grenade,
                ToolRefusal::AllyTooClose { ally: gunner2 },
                &a
            ),
            "Not here: ally too close (Gunner 2)"
        );
        assert_eq!(
            refusal_words(Tool::Flare, ToolRefusal::NoCharge, &a),
            "No flares left"
        );
        assert_eq!(
            refusal_words(Tool::Medkit, ToolRefusal::NoPatient, &a),
            "No one hurt near the disk"
        );
        assert_eq!(count(1, "flare"), "1 flare");
        assert_eq!(count(2, "grenade"), "2 grenades");
    }

    /// A medkit cut short says why (a playtest took "interrupted" for moving the disk):
    /// a runner's blow on the patient, measured in a room; and a patient that fell.
    #[test]
    fn a_cut_heal_says_why() {
        use sim::read::{tick, TickInput, ToolUse};
        use sim::tuning::ticks;
        let mut w =
            crate::setup::room_world("seed = 2\nduration = 60\nwave 0 0 runner 1\n", (9, 8));
        for i in 2..5 {
            w.agent_mut(i).alive = false;
        }
        for i in 0..2 {
            w.agent_mut(i).health = 30.0 + i as f32;
        }
        let mut feed = HudFeed::new(&w);
        let medkit = TickInput {
            tool: Some(ToolUse {
                tool: Tool::Medkit,
                at: Vec2::ZERO,
            }),
            ..TickInput::default()
        };
        tick(&mut w, &medkit);
        let patient = w.tools().heal.as_ref().expect("the medkit at work").agent;
        let name = agent_name(w.agents(), patient as usize);
        for _ in 0..ticks(3.5) {
            tick(&mut w, &TickInput::default());
            feed.absorb(&w);
        }
        assert_eq!(
            farther_patient_words(&w, patient),
            None,
            "both within reach"
        );
        let said: Vec<&str> = feed.shown().map(|n| n.text.as_str()).collect();
        let blow = format!("Healing {name} stopped by a blow (kit kept): heal again");
        assert!(said.contains(&blow.as_str()), "{said:?}");
        // A gunner more hurt than the patient, across the room: named as too far.
        w.agent_mut(2).alive = true;
        w.agent_mut(2).health = 10.0;
        w.agent_mut(2).pos = w.anchor().pos + Vec2::new(8.0, 0.0);
        let far = agent_name(w.agents(), 2);
        assert_eq!(
            farther_patient_words(&w, patient),
            Some(format!(
                "Healing {name}: {far} (more hurt) is too far from the disk"
            ))
        );
        w.agent_mut(patient as usize).alive = false;
        assert_eq!(
            heal_cut_words(&w, patient),
            format!("{name} fell before the medkit was done")
        );
    }
}
