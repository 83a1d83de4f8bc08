//! S9.5: the ally-intercept test assumes that over a bullet's flight each ally stays in
//! its reachable set (`sim::squad::fire::reach`): round where its velocity takes it along
//! the walls (`walled_course`: the movement step's own push-out), by what the acceleration
//! limit, body pushes and a blade's lunge allow, and within its top speed of where it
//! stood. The walled course is where the bound rests on measurement rather than algebra
//! (a push-out round a wall's corner is not a contraction), so this audit is its evidence.
//! It checks the claim on real runs — every embedded scenario driven by its route, and the
//! intercept scenario's walker turning round — by following every ally, tick by tick of
//! every shot's flight, and comparing where it really went with the bound computed at
//! the shot. An escape is a motion the intercept test did not foresee.
//!
//! Blades already in a strike at the shot are held to their own bound (`lunge_reach`:
//! rooted, then anywhere on the lunge, a cancelled windup rooted for the strike it had
//! planned, pushes, knockback and motion from rest after). Not audited here: the allies as
//! they were at the firing moment — they are taken at the end of the firing tick, after
//! blades and enemies acted.

use std::sync::Arc;

use sim::content;
use sim::core::events::EventKind;
use sim::core::geom::dist_point_segment;
use sim::driver::route::RouteDriver;
use sim::horde::enemy::Enemy;
use sim::script::scenario::Scenario;
use sim::space::map::Map;
use sim::squad::agent::Agent;
use sim::squad::fire::{course_from, lunge_reach, reach, walled_course};
use sim::tuning::{Tuning, DT};
use sim::world::{tick, TickInput, World};

/// The allies of one shot, as they were when it left.
struct Flight {
    shooter: u32,
    ticks: u32,
    at: Vec<Agent>,
    enemies: Vec<Enemy>,
}

#[derive(Default)]
struct Audit {
    /// Ally-ticks compared with their bound.
    checked: u64,
    /// Of those, ticks of blades already in a strike at the shot.
    striking: u64,
    escapes: Vec<String>,
    /// The largest share of its drift bound an ally used.
    worst_share: f32,
    /// The push speed that would have covered every motion seen, u/s.
    needed_push: f32,
    shots: u32,
}

impl Audit {
    /// After a tick: every flight's allies against their bounds, `elapsed` ticks on.
    fn check(&mut self, w: &World, flights: &mut Vec<(u64, Flight)>) {
        let t = w.tuning();
        let grid = &w.map().grid;
        flights.retain(|(from, f)| {
            let j = (w.tick() - from) as u32;
            if j > f.ticks {
                return false;
            }
            for a0 in &f.at {
                let a = &w.agents()[a0.id as usize];
                if a0.id == f.shooter || !a0.alive || !a.alive {
                    continue;
                }
                if a0.melee.striking() {
                    // A blade in a strike: round its rooting and lunge (`lunge_reach`).
                    let r = lunge_reach(a0, j, &f.enemies, grid, t);
                    let off = dist_point_segment(a.pos, r.from, r.to);
                    self.checked += 1;
                    self.striking += 1;
                    if off > r.slack + 1e-4 {
                        self.escapes.push(format!(
                            "tick {}: striking blade {} ({:?} then {:?}) {j} ticks after a \
                             shot of {} is {off:.3} off its lunge (bound {:.3})",
                            w.tick(),
                            a0.id,
                            a0.melee.phase,
                            a.melee.phase,
                            f.shooter,
                            r.slack
                        ));
                    }
                    continue;
                }
                let r = reach(a0, j, &f.enemies, t);
                let mut path = Vec::new();
                walled_course(a0, j, grid, &mut path);
                let course = path[j as usize];
                let drift = r.drift;
                let off = dist_point_segment(a.pos, course_from(a0, j, &path), course);
                let bare = r.drift - t.squad.body_push_max_speed * j as f32 * DT;
                self.needed_push = self.needed_push.max((off - bare) / (j as f32 * DT));
                let went = a.pos.distance(a0.pos);
                self.checked += 1;
                if drift > 0.0 {
                    self.worst_share = self.worst_share.max(off / drift);
                }
                if off > drift + 1e-4 || went > r.travel + 1e-4 {
                    self.escapes.push(format!(
                        "tick {}: ally {} ({:?}, {:?} then {:?}) {j} ticks after a shot of {} \
                         is {off:.3} off its course (bound {drift:.3}), {went:.3} from where it \
                         stood (bound {:.3}); wall near {}, vel {:?} -> {:?}",
                        w.tick(),
                        a0.id,
                        a0.role,
                        a0.melee.phase,
                        a.melee.phase,
                        f.shooter,
                        r.travel,
                        grid.circle_hits_wall(a.pos, a.radius + 0.1),
                        a0.vel,
                        a.vel
                    ));
                }
            }
            true
        });
    }
}

/// Runs `w` for `ticks` ticks with `input`, auditing every shot's flight.
fn audit(w: &mut World, ticks: u64, mut input: impl FnMut(&World) -> TickInput) -> Audit {
    let mut out = Audit::default();
    let mut flights: Vec<(u64, Flight)> = Vec::new();
    let speed = w.tuning().fire.bullet_speed;
    while w.tick() < ticks {
        let i = input(w);
        tick(w, &i);
        out.check(w, &mut flights);
        for e in w.events() {
            if let EventKind::Shot {
                shooter,
                muzzle,
                aim,
                ..
            } = e.kind
            {
                out.shots += 1;
                let flight = (muzzle.distance(aim) + 0.5) / speed;
                flights.push((
                    w.tick(),
                    Flight {
                        shooter,
                        ticks: (flight / DT).ceil() as u32 + 2,
                        at: w.agents().to_vec(),
                        enemies: w.enemies().to_vec(),
                    },
                ));
            }
        }
    }
    out
}

#[test]
fn allies_stay_in_their_reachable_sets_on_every_embedded_scenario() {
    let mut total = Audit::default();
    for (name, text) in content::SCENARIOS {
        let sc = Scenario::parse(name, text).unwrap();
        let map = Map::parse(&sc.map, content::map_text(&sc.map).unwrap()).unwrap();
        let mut w = World::new(Arc::new(map), &sc, Tuning::default());
        let mut d = RouteDriver::new();
        let end = (sc.duration * 60.0) as u64;
        let a = audit(&mut w, end, |w| d.input(&sc, w));
        eprintln!(
            "{name}: {} shots, {} ally-ticks ({} of blades in a strike), worst {:.2} of the drift bound, push needed {:.2} u/s, {} escapes",
            a.shots,
            a.checked,
            a.striking,
            a.worst_share,
            a.needed_push,
            a.escapes.len()
        );
        total.checked += a.checked;
        total.striking += a.striking;
        total.worst_share = total.worst_share.max(a.worst_share);
        total
            .escapes
            .extend(a.escapes.into_iter().map(|e| format!("{name}: {e}")));
    }
    assert!(
        total.checked > 30_000,
        "too few shots followed: {}",
        total.checked
    );
    assert!(
        total.striking > 400,
        "too few ticks of blades in a strike followed: {}",
        total.striking
    );
    assert!(
        total.escapes.is_empty(),
        "{} escapes, first: {:#?}",
        total.escapes.len(),
        &total.escapes[..total.escapes.len().min(5)]
    );
}

#[test]
fn a_scripted_walker_turning_round_stays_in_its_reachable_set() {
    // The intercept scenario's walker paces across the gunners' lines and turns round at
    // both ends while they fire: the motion that once walked an ally into a bullet.
    let sc = Scenario::parse("intercept", content::scenario_text("intercept").unwrap()).unwrap();
    let map = Map::parse(&sc.map, content::map_text(&sc.map).unwrap()).unwrap();
    let mut w = World::new(Arc::new(map), &sc, Tuning::default());
    let mut turns = 0;
    let mut last_dir = 0.0f32;
    let mut prev = w.agents()[0].vel;
    let mut max_dv = 0.0f32;
    let mut d = RouteDriver::new();
    let a = audit(&mut w, 20 * 60, |w| {
        let v = w.agents()[0].vel;
        if w.agents()[0].forced {
            max_dv = max_dv.max((v - prev).length());
        }
        prev = v;
        if v.y * last_dir < 0.0 {
            turns += 1;
        }
        if v.y.abs() > 0.1 {
            last_dir = v.y;
        }
        d.input(&sc, w)
    });
    assert!(turns >= 2, "the walker turned round {turns} times");
    assert!(a.checked > 1000, "{} ally-ticks", a.checked);
    assert!(a.escapes.is_empty(), "{:#?}", a.escapes);
    // It turns round under the agents' acceleration limit: no instant reversal.
    let limit = w.tuning().movement.steer_accel * DT;
    assert!(
        // (The velocity is read back from f32 positions near 40 u: ~3e-4 u/s of rounding.)
        max_dv <= limit + 1e-3,
        "the walker's velocity changed by {max_dv:.3} in a tick (limit {limit:.3})"
    );
}
