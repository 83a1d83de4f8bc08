//! The campaign's squad (REQ K6, "campaign stakes"): the five agents as the last won
//! mission left them — each one's health, its health when whole and a word for how it
//! stands (fit, wounded, a recruit) — and the kit's charges and the rounds carried on.
//! Kept in the progress ([`crate::shell::progress`], its file format in
//! [`crate::shell::squad_file`]).
//!
//! The squad goes into a campaign mission's scenario as it starts ([`carry_into`]: its
//! header's `squad_health`, `squad_max`, `kit` and `ammo`, in the run's origin too, so a
//! restart, a replay and a save start the same way) and comes out of a won one
//! ([`after`]: the standing keep their end health, the fallen come back or are lost as
//! [`STAKES`] says, what is left of the kit and the pool carries on). A failed mission
//! leaves it as it was. The basic training (mission 0) neither takes nor leaves it.

use sim::read::{Agent, Difficulty, Kit, World};
use sim::tuning::Tuning;

use crate::setup::Setup;

/// What a fall costs the campaign (REQ K6, after XCOM's squad you can lose), in one
/// place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stakes {
    /// Easy: a fallen agent comes back at this share of its max health (60 %): short of
    /// whole, but a brute's blow (25) and a few runners' (5) from falling again, so a fall
    /// costs something without the next night starting hobbled.
    pub easy_return: f32,
    /// Normal: a fallen agent comes back wounded at this share (30 %): two shambler bites
    /// (8) and a brute's blow from falling again, so the player spends the medkit on it
    /// (80 % of what is missing: 30 → 86) or shields it in the first fight — Resident
    /// Evil's scarcity, a cost the player manages rather than a loss.
    pub normal_return: f32,
    /// Hard: a fallen agent is lost for the campaign and a recruit takes its place, whole
    /// at this max health (70, against a veteran's 100): weaker, a blow and a half less
    /// to fall, so losing a veteran stays felt for the rest of the campaign without
    /// leaving a slot that can never stand.
    pub recruit_max: f32,
}

/// The campaign's stakes.
pub const STAKES: Stakes = Stakes {
    easy_return: 0.6,
    normal_return: 0.3,
    recruit_max: 70.0,
};

/// How a member stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum State {
    /// Standing through the last mission (hurt or not).
    #[default]
    Fit,
    /// Fell and came back (easy, normal): until whole again.
    Wounded,
    /// Joined in place of one lost (hard): less health when whole.
    Recruit,
}

impl State {
    pub const ALL: [State; 3] = [State::Fit, State::Wounded, State::Recruit];

    /// The word the file keeps and the screens show.
    pub fn word(self) -> &'static str {
        match self {
            State::Fit => "fit",
            State::Wounded => "wounded",
            State::Recruit => "recruit",
        }
    }

    pub fn parse(s: &str) -> Option<State> {
        State::ALL.into_iter().find(|st| st.word() == s)
    }
}

/// One member of the squad, in squad order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Member {
    pub health: f32,
    /// Health when whole (a recruit's is lower): the agent's `max_health`.
    pub max: f32,
    pub state: State,
}

impl Member {
    /// A whole, fit member with `max` health.
    pub fn whole(max: f32) -> Member {
        Member {
            health: max,
            max,
            state: State::Fit,
        }
    }

    /// Missing health.
    pub fn hurt(&self) -> bool {
        self.health < self.max
    }
}

/// The campaign's squad between missions.
#[derive(Clone, Debug, PartialEq)]
pub struct Squad {
    pub members: Vec<Member>,
    /// The kit's charges carried on (added to a mission's issue).
    pub kit: Kit,
    /// Rounds carried on (added to a mission's pool; a mission whose pool has no end
    /// keeps none and leaves these as they are).
    pub rounds: u32,
}

impl Squad {
    /// A fresh squad of `tuning`'s: every agent whole, nothing carried.
    pub fn fresh(tuning: &Tuning) -> Squad {
        Squad {
            members: (0..tuning.squad.agent_count)
                .map(|_| Member::whole(tuning.squad.agent_health))
                .collect(),
            kit: Kit::default(),
            rounds: 0,
        }
    }

    /// Whether nothing has happened to it (what a fresh one is).
    pub fn is_fresh(&self, tuning: &Tuning) -> bool {
        *self == Squad::fresh(tuning)
    }

    /// Members in `state`.
    pub fn count(&self, state: State) -> usize {
        self.members.iter().filter(|m| m.state == state).count()
    }
}

/// How the HUD names member `i`: blades and gunners counted apart from 1 (`Gunner 2`),
/// the first `tuning`'s `melee_count` being blades.
pub fn member_name(i: usize, tuning: &Tuning) -> String {
    let blades = tuning.squad.melee_count as usize;
    if i < blades {
        format!("Blade {}", i + 1)
    } else {
        format!("Gunner {}", i - blades + 1)
    }
}

/// A campaign mission's run as it ended: what [`after`] reads.
#[derive(Clone, Debug, PartialEq)]
pub struct End {
    /// Each agent: health, max health, standing.
    pub agents: Vec<(f32, f32, bool)>,
    pub kit: Kit,
    /// The pool left (`None`: the mission's had no end).
    pub pool: Option<u32>,
    pub difficulty: Difficulty,
    /// A veteran's health when whole (the tuning's): a member below it is a recruit.
    pub whole: f32,
}

impl End {
    /// The end state of `w`.
    pub fn of(w: &World) -> End {
        End {
            agents: w
                .agents()
                .iter()
                .map(|a: &Agent| (a.health, a.max_health, a.alive))
                .collect(),
            kit: w.kit(),
            pool: w.ammo_pool(),
            difficulty: w.difficulty(),
            whole: w.tuning().squad.agent_health,
        }
    }
}

/// The lowest health a standing member is carried with (the scenario's header takes a
/// health above 0 only).
const LEAST_HEALTH: f32 = 1.0;

/// The squad after a won mission that started with `before` and ended as `end`: the
/// standing keep their end health; the fallen come back at [`Stakes::easy_return`] or
/// [`Stakes::normal_return`] of their max health (wounded), or on hard are lost and
/// replaced by a whole recruit of [`Stakes::recruit_max`]; the kit left and the pool
/// left carry on.
pub fn after(before: &Squad, end: &End, stakes: &Stakes) -> Squad {
    let members = end
        .agents
        .iter()
        .enumerate()
        .map(|(i, &(health, max, alive))| {
            let was = before.members.get(i).map_or(State::Fit, |m| m.state);
            let fell = |share: f32| Member {
                health: (max * share).max(LEAST_HEALTH),
                max,
                state: State::Wounded,
            };
            match (alive, end.difficulty) {
                (true, _) => {
                    let health = health.clamp(LEAST_HEALTH, max.max(LEAST_HEALTH));
                    let state = if was == State::Wounded && health < max {
                        State::Wounded
                    } else if max < end.whole {
                        State::Recruit
                    } else {
                        State::Fit
                    };
                    Member { health, max, state }
                }
                (false, Difficulty::Easy) => fell(stakes.easy_return),
                (false, Difficulty::Normal) => fell(stakes.normal_return),
                (false, Difficulty::Hard) => Member {
                    state: State::Recruit,
                    ..Member::whole(stakes.recruit_max)
                },
            }
        })
        .collect();
    Squad {
        members,
        kit: end.kit,
        rounds: end.pool.unwrap_or(before.rounds),
    }
}

/// `setup` (a campaign mission's, loaded with its own header) starting with `squad`:
/// each agent's health and max health the members', the kit the mission's issue plus the
/// charges carried, the pool the mission's plus the rounds carried (a pool with no end
/// keeps none). The lines go at the end of the origin's scenario text too (a header
/// line later in the file wins), so a replay or a save of the run starts the same way
/// and the scenario's own lines keep their numbers.
pub fn carry_into(mut setup: Setup, squad: &Squad) -> Setup {
    let sc = &mut setup.scenario;
    let issue = sc.kit.unwrap_or(Kit::ISSUED);
    let kit = Kit {
        flares: issue.flares.saturating_add(squad.kit.flares),
        medkits: issue.medkits.saturating_add(squad.kit.medkits),
        grenades: issue.grenades.saturating_add(squad.kit.grenades),
    };
    let ammo = sc.ammo.map(|a| a.saturating_add(squad.rounds));
    sc.kit = Some(kit);
    sc.ammo = ammo;
    let mut lines = String::from("\n# The campaign's squad as it stands (REQ K6).\n");
    if !squad.members.is_empty() {
        sc.squad_health = squad.members.iter().map(|m| m.health).collect();
        sc.squad_max = squad.members.iter().map(|m| m.max).collect();
        let list = |f: fn(&Member) -> f32| {
            let v: Vec<String> = squad.members.iter().map(|m| f(m).to_string()).collect();
            v.join(" ")
        };
        lines += &format!("squad_max = {}\n", list(|m| m.max));
        lines += &format!("squad_health = {}\n", list(|m| m.health));
    }
    lines += &format!("kit = {} {} {}\n", kit.flares, kit.medkits, kit.grenades);
    if let Some(a) = ammo {
        lines += &format!("ammo = {a}\n");
    }
    let text = &mut setup.origin.scenario_text;
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(&lines);
    setup
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::campaign::{self, missions};

    fn tuning() -> Tuning {
        Tuning::default()
    }

    fn worn() -> Squad {
        Squad {
            members: vec![
                Member::whole(100.0),
                Member {
                    health: 30.0,
                    max: 100.0,
                    state: State::Wounded,
                },
                Member {
                    health: 70.0,
                    max: 70.0,
                    state: State::Recruit,
                },
                Member {
                    health: 45.5,
                    max: 100.0,
                    state: State::Fit,
                },
                Member::whole(100.0),
            ],
            kit: Kit {
                flares: 1,
                medkits: 0,
                grenades: 3,
            },
            rounds: 40,
        }
    }

    /// An end where agent 1 stood at 55 of 100 and agent 3 fell, the rest whole.
    fn end(difficulty: Difficulty) -> End {
        End {
            agents: vec![
                (100.0, 100.0, true),
                (55.0, 100.0, true),
                (70.0, 70.0, true),
                (0.0, 100.0, false),
                (12.25, 100.0, true),
            ],
            kit: Kit {
                flares: 0,
                medkits: 2,
                grenades: 1,
            },
            pool: Some(17),
            difficulty,
            whole: 100.0,
        }
    }

    #[test]
    fn the_standing_keep_their_health_and_the_fallen_pay_by_difficulty() {
        let before = worn();
        let mut back = Vec::new();
        for d in [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard] {
            let e = end(d);
            let s = after(&before, &e, &STAKES);
            assert_eq!(s.members.len(), 5);
            // The standing: their end health; a wound not yet healed stays one, a
            // recruit stays one, a fit member is fit however hurt.
            for i in [0, 1, 2, 4] {
                assert_eq!(s.members[i].health, e.agents[i].0, "{d:?} {i}");
                assert_eq!(s.members[i].max, e.agents[i].1);
            }
            assert_eq!(s.members[1].state, State::Wounded);
            assert_eq!(s.members[2].state, State::Recruit);
            assert_eq!(s.members[4].state, State::Fit);
            // The fallen.
            let m = s.members[3];
            match d {
                Difficulty::Easy => {
                    assert_eq!((m.health, m.max), (100.0 * STAKES.easy_return, 100.0));
                    assert_eq!(m.state, State::Wounded);
                }
                Difficulty::Normal => {
                    assert_eq!((m.health, m.max), (100.0 * STAKES.normal_return, 100.0));
                    assert_eq!(m.state, State::Wounded);
                }
                Difficulty::Hard => {
                    assert_eq!(m.health, STAKES.recruit_max);
                    assert_eq!(m.max, STAKES.recruit_max);
                    assert_eq!(m.state, State::Recruit);
                }
            }
            back.push(m.health);
            // What is left of the kit and the pool carries on.
            assert_eq!((s.kit, s.rounds), (e.kit, 17));
        }
        // The harder, the dearer a fall: easy's return above normal's, a recruit below a
        // veteran whole.
        assert!(back[0] > back[1], "{back:?}");
        assert!(back[2] < 100.0, "{back:?}");
    }

    #[test]
    fn a_wound_healed_whole_is_fit_and_a_pool_without_end_keeps_the_rounds() {
        let mut e = end(Difficulty::Normal);
        e.agents[1] = (100.0, 100.0, true);
        e.pool = None;
        let s = after(&worn(), &e, &STAKES);
        assert_eq!(s.members[1].state, State::Fit, "healed whole");
        assert_eq!(s.rounds, 40, "a pool with no end: the rounds carried stay");
        // A fallen recruit on normal comes back wounded at its own (lower) max, and once
        // whole is a recruit again.
        e.agents[2] = (0.0, 70.0, false);
        let s = after(&worn(), &e, &STAKES);
        assert_eq!(s.members[2].health, 70.0 * STAKES.normal_return);
        assert_eq!(s.members[2].state, State::Wounded);
        let mut e2 = end(Difficulty::Normal);
        e2.agents[2] = (70.0, 70.0, true);
        assert_eq!(after(&s, &e2, &STAKES).members[2].state, State::Recruit);
        // More agents than members (a tuning of six): the new one starts fit.
        let mut e3 = end(Difficulty::Normal);
        e3.agents.push((90.0, 100.0, true));
        let s3 = after(&worn(), &e3, &STAKES);
        assert_eq!(s3.members[5].state, State::Fit);
        assert_eq!(s3.members[5].health, 90.0);
    }

    #[test]
    fn the_squad_goes_into_a_missions_header_and_its_origin() {
        let ms = missions();
        let m = ms.iter().find(|m| !m.is_training()).unwrap();
        let setup = campaign::load(m, None, None).unwrap();
        let (issue, pool) = (
            setup.scenario.kit.unwrap_or(Kit::ISSUED),
            setup.scenario.ammo,
        );
        let squad = worn();
        let carried = carry_into(setup.clone(), &squad);
        let sc = &carried.scenario;
        assert_eq!(sc.squad_health, [100.0, 30.0, 70.0, 45.5, 100.0]);
        assert_eq!(sc.squad_max, [100.0, 100.0, 70.0, 100.0, 100.0]);
        let kit = sc.kit.unwrap();
        assert_eq!(kit.flares, issue.flares + 1);
        assert_eq!(kit.medkits, issue.medkits);
        assert_eq!(kit.grenades, issue.grenades + 3);
        assert_eq!(sc.ammo, pool.map(|p| p + 40), "no end stays no end");
        // The origin carries it: a replay or a save opens the same header.
        let (_, reopened) = carried.origin.open().unwrap();
        assert_eq!(reopened.squad_health, sc.squad_health);
        assert_eq!(reopened.squad_max, sc.squad_max);
        assert_eq!((reopened.kit, reopened.ammo), (sc.kit, sc.ammo));
        // The world starts with it.
        let w = World::new(carried.map.clone(), sc, carried.tuning.clone());
        let a = w.agents();
        assert_eq!((a[2].health, a[2].max_health), (70.0, 70.0));
        assert_eq!(a[1].health, 30.0);
        assert_eq!(w.kit(), kit);
        // A mission with a pool: the rounds are added to it.
        let mut with_pool = setup.clone();
        with_pool.scenario.ammo = Some(120);
        assert_eq!(carry_into(with_pool, &squad).scenario.ammo, Some(160));
    }

    #[test]
    fn a_fresh_squad_is_whole_and_named_as_the_hud_names_agents() {
        let t = tuning();
        let s = Squad::fresh(&t);
        assert_eq!(s.members.len(), t.squad.agent_count as usize);
        assert!(s.members.iter().all(|m| !m.hurt() && m.state == State::Fit));
        assert!(s.is_fresh(&t) && !worn().is_fresh(&t));
        let m = missions().into_iter().find(|m| !m.is_training()).unwrap();
        let setup = campaign::load(&m, None, None).unwrap();
        let w = World::new(setup.map.clone(), &setup.scenario, t.clone());
        // The world's roles, counted apart from 1 as the HUD's cards count them.
        let a = w.agents();
        for i in 0..a.len() {
            let nth = a[..i].iter().filter(|b| b.role == a[i].role).count() + 1;
            let role = match a[i].role {
                sim::read::Role::Blade => "Blade",
                sim::read::Role::Gunner => "Gunner",
            };
            assert_eq!(member_name(i, &t), format!("{role} {nth}"));
        }
        for st in State::ALL {
            assert_eq!(State::parse(st.word()), Some(st));
        }
        assert_eq!(State::parse("dead"), None);
    }
}
