//! `squad_proto --accept` (SPEC §16): runs the embedded deterministic scenarios headless,
//! measures every criterion from the runs and prints `id  measured  threshold  verdict`,
//! then `FRIENDLY_HITS = N`. Nothing here decides an outcome without measuring it.

use std::path::Path;
use std::time::Instant;

use sim::events::EventKind;
use sim::lane::lane_clear_from;
use sim::route::RouteDriver;
use sim::squad::SquadState;
use sim::tuning::ticks;
use sim::world::{tick, World};

use crate::setup::{self, Setup};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    Fail,
    /// The criterion needs a set-up this scenario does not have.
    NotApplicable,
}

#[derive(Clone, Debug)]
pub struct Line {
    pub id: &'static str,
    pub measured: String,
    pub threshold: String,
    pub verdict: Verdict,
}

impl Line {
    fn new(id: &'static str, measured: String, threshold: &str, pass: bool) -> Line {
        Line {
            id,
            measured,
            threshold: threshold.to_string(),
            verdict: if pass { Verdict::Pass } else { Verdict::Fail },
        }
    }

    fn na(id: &'static str, why: &str) -> Line {
        Line {
            id,
            measured: why.to_string(),
            threshold: "-".into(),
            verdict: Verdict::NotApplicable,
        }
    }
}

/// Everything measured over one scenario run, tick by tick.
#[derive(Clone, Debug, Default)]
pub struct Metrics {
    pub name: String,
    pub ticks: u64,
    pub checksums: Vec<u64>,
    /// A2: gunner-ticks with a live enemy in range and no wall between, and of those
    /// the ones with a clear lane; all ticks and HOLDING ticks.
    pub uptime_den: u64,
    pub uptime_num: u64,
    pub uptime_hold_den: u64,
    pub uptime_hold_num: u64,
    /// A5: the largest agent distance from the anchor seen while HOLDING.
    pub hold_max_anchor_dist: f32,
    pub holding_ticks: u64,
    /// A10: per agent, the longest run of ticks farther than 4 units from slot/post.
    pub straggle_max_ticks: Vec<u64>,
    straggle_run: Vec<u64>,
    /// `(tick, agent)` of every solver commit.
    pub commits: Vec<(u64, u32)>,
    /// `(tick, shooter)` of every shot.
    pub shots: Vec<(u64, u32)>,
    pub withheld: u32,
    pub friendly_hits: u32,
    pub segment_violations: u32,
    /// `(leash distance, urgency)` per tick.
    pub leash: Vec<(f32, f32)>,
    /// Per tick: `(assigned target, gunners with a clear lane to it)`.
    pub assigned_lanes: Vec<(Option<u32>, u32)>,
    /// A3: gunners blocked by a placed ally after the first tick: `(gunner, ally)`.
    pub blocked_at_start: Vec<(u32, u32)>,
    /// Per tick, per agent: has a clear lane.
    pub has_lane: Vec<Vec<bool>>,
    pub kills: u32,
    pub standing_end: usize,
    pub agents: usize,
    pub seconds: f64,
}

const STRAGGLE_DIST: f32 = 4.0;

impl Metrics {
    fn observe(&mut self, w: &World, placed: &[usize]) {
        let t = &w.tuning;
        self.ticks = w.tick;
        self.checksums.push(w.checksum());
        let holding = w.state == SquadState::Holding;
        if holding {
            self.holding_ticks += 1;
        }
        if self.straggle_run.len() != w.agents.len() {
            self.straggle_run = vec![0; w.agents.len()];
            self.straggle_max_ticks = vec![0; w.agents.len()];
        }
        let mut lanes_now = Vec::with_capacity(w.agents.len());
        for a in &w.agents {
            lanes_now.push(a.alive && a.lane.has_lane);
            if !a.alive {
                self.straggle_run[a.id as usize] = 0;
                continue;
            }
            if holding {
                self.hold_max_anchor_dist =
                    self.hold_max_anchor_dist.max(a.pos.distance(w.anchor.pos));
            }
            let i = a.id as usize;
            if !a.forced && a.pos.distance(w.goal_of(a)) > STRAGGLE_DIST {
                self.straggle_run[i] += 1;
                self.straggle_max_ticks[i] = self.straggle_max_ticks[i].max(self.straggle_run[i]);
            } else {
                self.straggle_run[i] = 0;
            }
            if !a.is_gunner() || a.forced {
                continue;
            }
            // "A live enemy in range with no wall between": LaneClear with no allies.
            let engageable = w.enemies.iter().filter(|e| e.alive).any(|e| {
                e.pos.distance(a.pos) <= t.lane.weapon_range + t.lane.muzzle_offset
                    && lane_clear_from(a.pos, e.pos, a.id, &[], &w.map.grid, t).is_clear()
            });
            if engageable {
                self.uptime_den += 1;
                self.uptime_num += a.lane.has_lane as u64;
                if holding {
                    self.uptime_hold_den += 1;
                    self.uptime_hold_num += a.lane.has_lane as u64;
                }
            }
        }
        self.has_lane.push(lanes_now);
        if w.tick == 1 {
            for a in w.agents.iter().filter(|a| a.is_gunner()) {
                if let Some(ally) = a.lane.blocking_ally {
                    if placed.contains(&(ally as usize)) {
                        self.blocked_at_start.push((a.id, ally));
                    }
                }
            }
        }
        for e in &w.events {
            match e.kind {
                EventKind::Commit { agent, .. } => self.commits.push((e.tick, agent)),
                EventKind::Shot { shooter, .. } => self.shots.push((e.tick, shooter)),
                _ => {}
            }
        }
        self.leash.push((w.anchor.leash_dist, w.anchor.urgency));
        let with_lane = match w.assigned {
            Some(id) => w
                .agents
                .iter()
                .filter(|a| {
                    a.alive && a.is_gunner() && a.lane.has_lane && a.lane.target == Some(id)
                })
                .count() as u32,
            None => 0,
        };
        self.assigned_lanes.push((w.assigned, with_lane));
        self.withheld = w.stats.shots_withheld_intercept;
        self.friendly_hits = w.stats.friendly_hits;
        self.segment_violations = w.stats.segment_violations;
        self.kills = w.stats.kills;
        self.standing_end = w.standing_agents();
        self.agents = w.agents.len();
    }
}

/// Runs a scenario to its duration, measuring every tick.
pub fn run(setup: &Setup) -> Metrics {
    let start = Instant::now();
    let mut world = World::new(setup.map.clone(), &setup.scenario, setup.tuning.clone());
    let mut driver = RouteDriver::new();
    let total = ticks(setup.scenario.duration) as u64;
    let placed: Vec<usize> = setup.scenario.places.iter().map(|(i, _)| *i).collect();
    let mut m = Metrics {
        name: setup.scenario.name.clone(),
        ..Metrics::default()
    };
    while world.tick < total {
        let input = driver.input(&setup.scenario, &world);
        tick(&mut world, &input);
        m.observe(&world, &placed);
    }
    m.seconds = start.elapsed().as_secs_f64();
    m
}

fn fmt_ratio(num: u64, den: u64) -> (f64, String) {
    if den == 0 {
        (0.0, "no samples".into())
    } else {
        let r = num as f64 / den as f64;
        (r, format!("{r:.3} ({num}/{den})"))
    }
}

/// A1: no friendly hits on the route.
pub fn a1(route: &Metrics) -> Line {
    Line::new(
        "A1",
        format!("friendly hits {}", route.friendly_hits),
        "= 0",
        route.friendly_hits == 0,
    )
}

/// A2: fire uptime while HOLDING and over the whole route.
pub fn a2(route: &Metrics) -> Line {
    let (h, hs) = fmt_ratio(route.uptime_hold_num, route.uptime_hold_den);
    let (o, os) = fmt_ratio(route.uptime_num, route.uptime_den);
    let pass = route.uptime_hold_den > 0 && route.uptime_den > 0 && h >= 0.70 && o >= 0.50;
    Line::new(
        "A2",
        format!("hold {hs}, route {os}"),
        "hold >= 0.70, route >= 0.50",
        pass,
    )
}

/// A3: the placed ally leaves the lane within 1.0 s; first shot within 1.5 s.
pub fn a3(m: &Metrics) -> Line {
    if m.blocked_at_start.is_empty() {
        return Line::new(
            "A3",
            "no gunner was blocked by the placed ally at start".into(),
            "lane <= 1.0 s, shot <= 1.5 s",
            false,
        );
    }
    let mut worst_lane = 0.0f64;
    let mut worst_shot = 0.0f64;
    let mut ok = true;
    for &(g, _) in &m.blocked_at_start {
        let lane_tick = m
            .has_lane
            .iter()
            .position(|l| l[g as usize])
            .map(|i| i as u64 + 1);
        let shot_tick = m.shots.iter().find(|(_, s)| *s == g).map(|(t, _)| *t + 1);
        match (lane_tick, shot_tick) {
            (Some(l), Some(s)) => {
                worst_lane = worst_lane.max(l as f64 / 60.0);
                worst_shot = worst_shot.max(s as f64 / 60.0);
            }
            _ => ok = false,
        }
    }
    let pass = ok && worst_lane <= 1.0 && worst_shot <= 1.5;
    let measured = if ok {
        format!(
            "lane {worst_lane:.2} s, shot {worst_shot:.2} s ({} gunner(s))",
            m.blocked_at_start.len()
        )
    } else {
        "a blocked gunner never got a lane or never fired".into()
    };
    Line::new("A3", measured, "lane <= 1.0 s, shot <= 1.5 s", pass)
}

/// A4: after the first 3 s at most one commit per agent in any 5 s window.
pub fn a4(m: &Metrics) -> Line {
    let after = ticks(3.0) as u64;
    let window = ticks(5.0) as u64;
    let mut worst = 0usize;
    for agent in 0..m.agents as u32 {
        let times: Vec<u64> = m
            .commits
            .iter()
            .filter(|(t, a)| *a == agent && *t >= after)
            .map(|(t, _)| *t)
            .collect();
        for (i, &t0) in times.iter().enumerate() {
            let n = times[i..].iter().take_while(|&&t| t < t0 + window).count();
            worst = worst.max(n);
        }
    }
    let total_after = m.commits.iter().filter(|(t, _)| *t >= after).count();
    Line::new(
        "A4",
        format!("max {worst} commit(s)/agent/5 s after 3 s ({total_after} commits after 3 s, {} in all)", m.commits.len()),
        "<= 1",
        worst <= 1,
    )
}

/// A5: while HOLDING no agent farther than 3.1 + 0.28 from the anchor.
pub fn a5(runs: &[&Metrics]) -> Line {
    let worst = runs
        .iter()
        .map(|m| m.hold_max_anchor_dist)
        .fold(0.0f32, f32::max);
    let ticks: u64 = runs.iter().map(|m| m.holding_ticks).sum();
    Line::new(
        "A5",
        format!("max {worst:.3} over {ticks} holding ticks"),
        "<= 3.38",
        ticks > 0 && worst <= 3.1 + 0.28,
    )
}

/// A6: holding one direction 12 s: leash std < 0.15 and urgency in [0.3, 0.8] over the
/// last 4 s; every gunner fired meanwhile.
pub fn a6(m: &Metrics, gunners: &[u32]) -> Line {
    let n = m.leash.len();
    let last = ticks(4.0) as usize;
    if n < last {
        return Line::new(
            "A6",
            "run shorter than 4 s".into(),
            "std < 0.15, urgency in [0.3, 0.8]",
            false,
        );
    }
    let tail = &m.leash[n - last..];
    let mean = tail.iter().map(|l| l.0 as f64).sum::<f64>() / last as f64;
    let std = (tail
        .iter()
        .map(|l| (l.0 as f64 - mean).powi(2))
        .sum::<f64>()
        / last as f64)
        .sqrt();
    let umin = tail.iter().map(|l| l.1).fold(f32::INFINITY, f32::min);
    let umax = tail.iter().map(|l| l.1).fold(f32::NEG_INFINITY, f32::max);
    let silent: Vec<u32> = gunners
        .iter()
        .copied()
        .filter(|g| !m.shots.iter().any(|(_, s)| s == g))
        .collect();
    let pass = std < 0.15 && umin >= 0.3 && umax <= 0.8 && silent.is_empty();
    Line::new(
        "A6",
        format!(
            "leash mean {mean:.2} std {std:.3}, urgency {umin:.2}..{umax:.2}, silent gunners {}",
            silent.len()
        ),
        "std < 0.15, urgency in [0.3, 0.8], 0 silent",
        pass,
    )
}

/// A7: an ally crossing a firing line: at least one shot withheld, no friendly hit.
pub fn a7(m: &Metrics) -> Line {
    Line::new(
        "A7",
        format!("withheld {}, friendly hits {}", m.withheld, m.friendly_hits),
        "withheld >= 1, hits = 0",
        m.withheld >= 1 && m.friendly_hits == 0,
    )
}

/// A8: no bullet past its verified segment, all scenarios.
pub fn a8(runs: &[&Metrics]) -> Line {
    let v: u32 = runs.iter().map(|m| m.segment_violations).sum();
    let shots: usize = runs.iter().map(|m| m.shots.len()).sum();
    Line::new(
        "A8",
        format!("violations {v} over {shots} bullets"),
        "= 0",
        v == 0 && shots > 0,
    )
}

/// A9: within 2 s of the assignment at least two gunners have a lane to the assigned
/// target; no shot through an ally.
pub fn a9(m: &Metrics) -> Line {
    let Some(first) = m.assigned_lanes.iter().position(|(a, _)| a.is_some()) else {
        return Line::new(
            "A9",
            "no target was assigned".into(),
            ">= 2 gunners within 2 s",
            false,
        );
    };
    let limit = first + ticks(2.0) as usize;
    let reached = m.assigned_lanes[first..m.assigned_lanes.len().min(limit + 1)]
        .iter()
        .position(|(_, n)| *n >= 2);
    let pass = reached.is_some() && m.friendly_hits == 0;
    let measured = match reached {
        Some(t) => format!(
            "2 gunners after {:.2} s, friendly hits {}",
            t as f64 / 60.0,
            m.friendly_hits
        ),
        None => format!(
            "max {} gunner(s) within 2 s, friendly hits {}",
            m.assigned_lanes[first..m.assigned_lanes.len().min(limit + 1)]
                .iter()
                .map(|(_, n)| *n)
                .max()
                .unwrap_or(0),
            m.friendly_hits
        ),
    };
    Line::new("A9", measured, ">= 2 gunners within 2 s, hits = 0", pass)
}

/// A10: no agent more than 4 units from its slot/post for more than 3 s.
pub fn a10(route: &Metrics) -> Line {
    let worst = route.straggle_max_ticks.iter().copied().max().unwrap_or(0);
    Line::new(
        "A10",
        format!("longest straggle {:.2} s", worst as f64 / 60.0),
        "<= 3.0 s",
        worst <= ticks(3.0) as u64,
    )
}

/// A11: the route run twice gives the same checksum at every tick.
pub fn a11(a: &Metrics, b: &Metrics) -> Line {
    let first_diff = a
        .checksums
        .iter()
        .zip(&b.checksums)
        .position(|(x, y)| x != y);
    let same_len = a.checksums.len() == b.checksums.len();
    let measured = match first_diff {
        None if same_len => format!("{} ticks identical", a.checksums.len()),
        None => "runs have different lengths".into(),
        Some(t) => format!("first divergence at tick {}", t + 1),
    };
    Line::new(
        "A11",
        measured,
        "identical every tick",
        first_diff.is_none() && same_len && !a.checksums.is_empty(),
    )
}

fn print_progress(m: &Metrics) {
    println!(
        "scenario {:<13} {:>6} ticks {:>7.3} s  shots {:>4}  kills {:>3}  standing {}/{}  friendly hits {}",
        m.name,
        m.ticks,
        m.seconds,
        m.shots.len(),
        m.kills,
        m.standing_end,
        m.agents,
        m.friendly_hits
    );
}

fn print_lines(lines: &[Line]) -> bool {
    let mut ok = true;
    for l in lines {
        let v = match l.verdict {
            Verdict::Pass => "PASS",
            Verdict::Fail => {
                ok = false;
                "FAIL"
            }
            Verdict::NotApplicable => "N/A",
        };
        println!("{:<6} {:<72} {:<40} {}", l.id, l.measured, l.threshold, v);
    }
    ok
}

/// The gunners of a run's squad (agents after the blades).
fn gunner_ids(setup: &Setup) -> Vec<u32> {
    let t = &setup.tuning.squad;
    (t.melee_count..t.agent_count).collect()
}

/// `--accept`: the embedded scenarios, or the generic criteria on one scenario file.
/// Ok(true) when every applicable criterion passed.
pub fn run_cli(
    scenario: Option<&Path>,
    map: Option<&Path>,
    seed: Option<u64>,
    tuning: Option<&Path>,
) -> Result<bool, String> {
    let load = |name: &str| setup::load(None, name, map, seed, tuning);
    let mut lines = Vec::new();
    let friendly: u32;
    if let Some(path) = scenario {
        let s = setup::load(Some(path), "combat_route", map, seed, tuning)?;
        let m1 = run(&s);
        print_progress(&m1);
        let m2 = run(&s);
        print_progress(&m2);
        lines.push(a1(&m1));
        lines.push(a2(&m1));
        for id in ["A3", "A4"] {
            lines.push(Line::na(id, "needs its embedded set-up"));
        }
        lines.push(a5(&[&m1]));
        for id in ["A6", "A7"] {
            lines.push(Line::na(id, "needs its embedded set-up"));
        }
        lines.push(a8(&[&m1]));
        lines.push(Line::na("A9", "needs its embedded set-up"));
        lines.push(a10(&m1));
        lines.push(a11(&m1, &m2));
        friendly = m1.friendly_hits;
    } else {
        let route_setup = load("combat_route")?;
        let route = run(&route_setup);
        print_progress(&route);
        let route2 = run(&route_setup);
        print_progress(&route2);
        let hold = run(&load("hold_static")?);
        print_progress(&hold);
        let lane_free = run(&load("lane_free")?);
        print_progress(&lane_free);
        let march_setup = load("leash_march")?;
        let march = run(&march_setup);
        print_progress(&march);
        let intercept = run(&load("intercept")?);
        print_progress(&intercept);
        let manual = run(&load("manual_aim")?);
        print_progress(&manual);
        let all = [&route, &hold, &lane_free, &march, &intercept, &manual];
        lines.push(a1(&route));
        lines.push(a2(&route));
        lines.push(a3(&lane_free));
        lines.push(a4(&hold));
        lines.push(a5(&[&hold, &route]));
        lines.push(a6(&march, &gunner_ids(&march_setup)));
        lines.push(a7(&intercept));
        lines.push(a8(&all));
        lines.push(a9(&manual));
        lines.push(a10(&route));
        lines.push(a11(&route, &route2));
        friendly = all.iter().map(|m| m.friendly_hits).sum();
    }
    let ok = print_lines(&lines);
    println!("FRIENDLY_HITS = {friendly}");
    Ok(ok && friendly == 0)
}
