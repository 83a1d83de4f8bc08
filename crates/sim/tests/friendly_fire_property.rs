//! Property: in random small worlds with random inputs, whenever a gunner fires, its
//! bullet never hits an ally, and whenever the player throws a grenade its blast never
//! reaches one (REQ S9.5, K5: `FRIENDLY_HITS` stays 0). Every generated case must build
//! (a case that cannot is a generator bug, not a pass), and the cases must really shoot
//! and throw: most of them fire, the run as a whole fires hundreds of shots, and
//! grenades burst (among the enemies and beside the squad) in many of them.

use std::sync::Arc;

use std::cell::Cell;

use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError, TestRunner};
use sim::core::events::EventKind;
use sim::core::kit::{Tool, ToolRefusal};
use sim::script::scenario::Scenario;
use sim::space::map::Map;
use sim::squad::supply::Kit;
use sim::tools::ToolUse;
use sim::tuning::Tuning;
use sim::world::{tick, TickInput, World};
use sim::Vec2;

const W: usize = 22;
const H: usize = 16;

#[derive(Clone, Debug)]
struct Case {
    walls: Vec<(usize, usize)>,
    spawn: (usize, usize),
    dummies: Vec<(usize, usize)>,
    walkers: Vec<((usize, usize), u32)>,
    /// An ally scripted across the field: `(agent, a, b)`.
    cross: Option<Cross>,
    /// Movement segments: `(angle in 1/8 turns or 8 = hold, ticks)`.
    inputs: Vec<(u8, u16)>,
    /// Tools used: `(tick, aim cell, tool: 0 grenade, 1 flare, 2 medkit)`; a grenade aims
    /// anywhere — at the enemies, beside the squad, into it.
    throws: Vec<(u16, (usize, usize), u8)>,
    seed: u64,
}

/// `(agent, from cell, to cell)` of a scripted crossing.
type Cross = (usize, (usize, usize), (usize, usize));

fn cell() -> impl Strategy<Value = (usize, usize)> {
    (1..W - 1, 1..H - 1)
}

fn case() -> impl Strategy<Value = Case> {
    (
        prop::collection::vec(cell(), 0..18),
        cell(),
        prop::collection::vec(cell(), 1..4),
        prop::collection::vec((cell(), 1u32..4), 0..4),
        prop::option::of((0usize..5, cell(), cell())),
        prop::collection::vec((0u8..9, 20u16..120), 1..8),
        prop::collection::vec(
            (0u16..600, cell(), prop_oneof![4 => Just(0u8), 1 => 1u8..3]),
            0..6,
        ),
        any::<u64>(),
    )
        .prop_map(
            |(walls, spawn, dummies, walkers, cross, inputs, throws, seed)| Case {
                walls,
                spawn,
                dummies,
                walkers,
                cross,
                inputs,
                throws,
                seed,
            },
        )
}

fn build(c: &Case) -> Result<(World, Vec<TickInput>), String> {
    build_with(c, Tuning::default())
}

fn build_with(c: &Case, tuning: Tuning) -> Result<(World, Vec<TickInput>), String> {
    let mut g: Vec<Vec<char>> = (0..H)
        .map(|y| {
            (0..W)
                .map(|x| {
                    if x == 0 || y == 0 || x == W - 1 || y == H - 1 {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    for &(x, y) in &c.walls {
        g[y][x] = '#';
    }
    let (sx, sy) = c.spawn;
    // Keep the spawn's neighbourhood open so the squad fits.
    for row in &mut g[sy.saturating_sub(2).max(1)..(sy + 3).min(H - 1)] {
        for c in &mut row[sx.saturating_sub(2).max(1)..(sx + 3).min(W - 1)] {
            *c = '.';
        }
    }
    g[sy][sx] = 'S';
    let mut scn = format!("seed = {}\nduration = 60\n", c.seed);
    for &(x, y) in &c.dummies {
        if g[y][x] == '.' {
            scn += &format!("dummy {} {}\n", x as f32 + 0.5, y as f32 + 0.5);
        }
    }
    let mut spawns = 0;
    for &((x, y), n) in &c.walkers {
        if g[y][x] == '.' {
            g[y][x] = 'E';
            scn += &format!("wave 0 {spawns} walker {n}\n");
            spawns += 1;
        }
    }
    if let Some((agent, a, b)) = c.cross {
        if g[a.1][a.0] != '#' && g[b.1][b.0] != '#' && a != b {
            scn += &format!(
                "force {agent} 0.5 60 {} {} {} {}\n",
                a.0 as f32 + 0.5,
                a.1 as f32 + 0.5,
                b.0 as f32 + 0.5,
                b.1 as f32 + 0.5
            );
        }
    }
    let text: String = g
        .iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect();
    let map = Map::parse("p.map", &text).map_err(|e| format!("{e}\n{text}"))?;
    let sc = Scenario::parse("p.scn", &scn).map_err(|e| format!("{e}\n{scn}"))?;
    sc.check_against(&map, 5)
        .map_err(|e| format!("{e}\n{text}\n{scn}"))?;
    let mut world = World::new(Arc::new(map), &sc, tuning);
    *world.kit_mut() = Kit {
        flares: 99,
        medkits: 99,
        grenades: 99,
    };
    let mut inputs = Vec::new();
    for &(dir, n) in &c.inputs {
        let mv = if dir == 8 {
            Vec2::ZERO
        } else {
            Vec2::from_angle(dir as f32 * std::f32::consts::FRAC_PI_4)
        };
        for _ in 0..n {
            inputs.push(TickInput {
                move_dir: mv,
                ..TickInput::default()
            });
        }
    }
    for &(k, (x, y), tool) in &c.throws {
        if let Some(input) = inputs.get_mut(k as usize) {
            let tool = [Tool::Grenade, Tool::Flare, Tool::Medkit][tool as usize % 3];
            let at = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
            input.tool = Some(ToolUse { tool, at });
        }
    }
    Ok((world, inputs))
}

/// What a case came to: shots fired, grenades that burst, grenades that burst with an
/// ally running out of their blast, throws refused.
#[derive(Clone, Copy, Debug, Default)]
struct Fired {
    shots: usize,
    bursts: usize,
    escaped: usize,
    refused: usize,
}

/// Runs a case; a friendly hit (a bullet, a strike or a blast) fails it. Returns the
/// shots fired and the grenades that burst.
fn shots_without_friendly_hits(c: &Case) -> Result<Fired, TestCaseError> {
    let (mut w, inputs) =
        build(c).map_err(|e| TestCaseError::fail(format!("the case does not build: {e}")))?;
    let mut fired = Fired::default();
    for input in &inputs {
        tick(&mut w, input);
        for e in w.events() {
            match &e.kind {
                EventKind::Shot { .. } => fired.shots += 1,
                EventKind::GrenadeBurst { .. } => fired.bursts += 1,
                EventKind::GrenadeThrown { .. } => {
                    let g = w.tools().grenade.as_ref().expect("the grenade thrown");
                    fired.escaped += g.escapes.iter().any(|e| e.dir != Vec2::ZERO) as usize;
                }
                EventKind::ToolRefused {
                    tool: Tool::Grenade,
                    ..
                } => fired.refused += 1,
                EventKind::BlastHit {
                    agent: Some(victim),
                    pos,
                    ..
                } => {
                    return Err(TestCaseError::fail(format!(
                        "tick {}: a blast hit ally {victim} at {pos:?}",
                        e.tick
                    )))
                }
                EventKind::FriendlyHit {
                    shooter,
                    victim,
                    pos,
                    victim_state,
                    melee,
                } => {
                    return Err(TestCaseError::fail(format!(
                        "tick {}: {} {shooter} hit ally {victim} at {pos:?} ({victim_state:?})",
                        e.tick,
                        if *melee { "blade" } else { "gunner" }
                    )))
                }
                _ => {}
            }
        }
    }
    prop_assert_eq!(w.stats().friendly_hits, 0);
    Ok(fired)
}

/// The minimized counterexamples found before S9.5 (the velocity-only intercept test
/// and the walker that turned round instantly), each kept as a named case. Found with
/// `PROPTEST_CASES=5000 PROPTEST_RNG_SEED=22|25|27` on commit 9c0de1d: a gunner's bullet
/// hit the scripted walker as it reversed during the bullet's flight.
fn counterexample(
    spawn: (usize, usize),
    dummies: &[(usize, usize)],
    walkers: &[((usize, usize), u32)],
    cross: Cross,
    inputs: &[(u8, u16)],
    seed: u64,
) -> Case {
    Case {
        walls: vec![],
        spawn,
        dummies: dummies.to_vec(),
        walkers: walkers.to_vec(),
        cross: Some(cross),
        inputs: inputs.to_vec(),
        throws: vec![],
        seed,
    }
}

/// Runs a kept counterexample: it must build, fire, and hit no ally.
/// Replays counterexample `c`: shots fired, no hit; returns how many shots were withheld
/// because of the walker when replayed at the 24 u/s it was found with.
fn replay_counterexample(c: &Case) -> usize {
    match shots_without_friendly_hits(c) {
        Ok(n) => assert!(n.shots > 0, "the case fires no shot: it proves nothing"),
        Err(e) => panic!("{e}"),
    }
    // Replayed also at the 24 u/s bullets it was found with (the fight then runs as it
    // did): no hit, and the intercept test withholds shots because of the walker, so the
    // case still puts it in harm's way. At today's 64 u/s some of these cases no longer
    // bring the walker near a firing line at all.
    let walker = c.cross.expect("a counterexample has its walker").0 as u32;
    let mut found_with = Tuning::default();
    found_with.fire.bullet_speed = 24.0;
    let (mut w, inputs) = build_with(c, found_with).expect("the case builds");
    let mut withheld = 0;
    for input in &inputs {
        tick(&mut w, input);
        for e in w.events() {
            match e.kind {
                EventKind::ShotWithheld { ally, .. } if ally == walker => withheld += 1,
                EventKind::FriendlyHit { victim, .. } => {
                    panic!("at 24 u/s, tick {}: ally {victim} hit", e.tick)
                }
                _ => {}
            }
        }
    }
    withheld
}

#[test]
fn regression_walker_reversing_at_tick_102_is_not_hit() {
    // Was: tick 102: gunner 2 hit ally 1 at (4.75, 7.86) (Forced). The walker is in
    // harm's way again since the striking blades' bound (S9.5's gap 1): shots are
    // withheld for it.
    let withheld = replay_counterexample(&counterexample(
        (2, 9),
        &[(1, 1), (3, 9)],
        &[((5, 6), 1), ((11, 7), 1), ((1, 7), 1)],
        (1, (9, 6), (1, 1)),
        &[(2, 50), (1, 69)],
        6894187007979997130,
    ));
    assert!(
        withheld > 0,
        "no shot withheld for the walker: the case no longer tests it"
    );
}

#[test]
fn regression_walker_reversing_at_tick_119_is_not_hit() {
    // Was: tick 119: gunner 2 hit ally 1 at (16.70, 10.98) (Forced). The walker is in
    // harm's way again since the blades' angled swings: shots are withheld for it.
    let withheld = replay_counterexample(&counterexample(
        (19, 11),
        &[(1, 1), (1, 1), (16, 11)],
        &[((16, 10), 2)],
        (1, (16, 11), (16, 1)),
        &[(1, 25), (0, 78), (0, 20)],
        6982037289556038519,
    ));
    assert!(
        withheld > 0,
        "no shot withheld for the walker: the case no longer tests it"
    );
}

#[test]
fn regression_walker_reversing_at_tick_360_is_not_hit() {
    // Was: tick 360: gunner 3 hit ally 2 at (4.63, 2.85) (Forced).
    let withheld = replay_counterexample(&counterexample(
        (11, 3),
        &[(3, 2)],
        &[],
        (2, (4, 1), (4, 3)),
        &[(5, 107), (2, 80), (0, 85), (1, 26), (6, 63)],
        0,
    ));
    assert!(
        withheld > 0,
        "no shot withheld for the walker: the case no longer tests it"
    );
}

/// 96 cases by default; PROPTEST_CASES=N for a longer soak. Failures are persisted to
/// `friendly_fire_property.proptest-regressions` beside this file (read back and run
/// first on every later run), by its path: `TestRunner::new` knows no source file.
#[test]
fn a_gunners_bullet_never_hits_an_ally() {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(96);
    let (ran, fired, shots) = (Cell::new(0u32), Cell::new(0u32), Cell::new(0usize));
    let (threw, bursts) = (Cell::new(0u32), Cell::new(0usize));
    let (escaped, refused) = (Cell::new(0usize), Cell::new(0usize));
    let mut runner = TestRunner::new(config(
        cases,
        // `cargo test` runs an integration test in its package's directory.
        "tests/friendly_fire_property.proptest-regressions",
    ));
    let result = runner.run(&case(), |c| {
        let n = shots_without_friendly_hits(&c)?;
        ran.set(ran.get() + 1);
        fired.set(fired.get() + (n.shots > 0) as u32);
        shots.set(shots.get() + n.shots);
        threw.set(threw.get() + (n.bursts > 0) as u32);
        bursts.set(bursts.get() + n.bursts);
        escaped.set(escaped.get() + n.escaped);
        refused.set(refused.get() + n.refused);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    // The persisted regression cases run first, on top of the `cases` new ones.
    assert!(
        ran.get() >= cases,
        "every case ran: {} of {cases}",
        ran.get()
    );
    eprintln!(
        "{} of {} cases fired, {} shots; {} cases burst {} grenades, {} thrown with \
         allies running out of the blast, {} refused; 0 friendly hits",
        fired.get(),
        ran.get(),
        shots.get(),
        threw.get(),
        bursts.get(),
        escaped.get(),
        refused.get()
    );
    assert!(
        escaped.get() > 0,
        "no grenade was thrown into the squad's way: the reservation went untested"
    );
    assert!(
        threw.get() * 5 >= ran.get(),
        "too few blasts to prove anything: {} of {} cases burst a grenade",
        threw.get(),
        ran.get()
    );
    assert!(
        fired.get() * 2 >= ran.get() && shots.get() >= 100 * cases as usize / 96,
        "too little fire to prove anything: {} of {} cases fired, {} shots",
        fired.get(),
        ran.get(),
        shots.get()
    );
}

/// The property's runner: `cases` new cases, failures persisted to (and read back from)
/// the file at `regressions`.
fn config(cases: u32, regressions: &'static str) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(regressions))),
        ..Config::default()
    }
}

/// The persistence the property relies on really writes a failing case and runs it
/// first next time: a property failing for x >= 500 leaves its minimal case in the file,
/// and a later run of the same runner sees that case before any new one.
#[test]
fn a_failing_case_is_written_to_the_regression_file_and_read_back_first() {
    let dir = std::env::temp_dir().join(format!("squad_proto_regress_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path: &'static str = Box::leak(
        dir.join("probe.proptest-regressions")
            .to_string_lossy()
            .into_owned()
            .into_boxed_str(),
    );
    let _ = std::fs::remove_file(path);
    let failed = TestRunner::new(config(200, path)).run(&(0u32..1000), |x| {
        prop_assert!(x < 500);
        Ok(())
    });
    let Err(proptest::test_runner::TestError::Fail(_, minimal)) = failed else {
        panic!("the probe property must fail: {failed:?}");
    };
    let text = std::fs::read_to_string(path).expect("the regression file is written");
    assert!(
        text.lines().any(|l| l.starts_with("cc ")),
        "no case in:\n{text}"
    );
    // Proptest stores the failing case's seed: read back, it is the case as first found
    // (before shrinking), run ahead of the `cases` new ones.
    let seen = std::cell::RefCell::new(Vec::new());
    let _ = TestRunner::new(config(1, path)).run(&(0u32..1000), |x| {
        seen.borrow_mut().push(x);
        Ok(())
    });
    let seen = seen.into_inner();
    assert_eq!(seen.len(), 2, "the persisted case and 1 new one: {seen:?}");
    assert!(
        seen[0] >= 500 && minimal >= 500,
        "the persisted case fails: {seen:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn regression_a_medkit_never_roots_an_ally_the_live_grenade_is_clearing() {
    // Found by the 100 000-case run with ammunition: a grenade thrown at tick 147 planned
    // blade 0's escape; at tick 186 the medkit took blade 0, the most hurt by the disk,
    // and rooted it 3.2 u from the blast (tick 251: 90 damage, a friendly hit). The
    // medkit now takes no one the live grenade's zone reserves: refused, naming blade 0.
    let c = Case {
        walls: vec![(19, 2), (6, 14)],
        spawn: (17, 6),
        dummies: vec![(15, 6)],
        walkers: vec![((18, 5), 2)],
        cross: None,
        inputs: vec![(6, 71), (1, 111), (4, 111)],
        throws: vec![(186, (1, 1), 2), (147, (19, 1), 0)],
        seed: 4815182458671626672,
    };
    let (mut w, inputs) = build(&c).unwrap();
    // Blade 0 hurt from the start: since gunners brake at a blade's intended swing
    // (+sim17) the case's horde no longer wears it down by tick 186 (the medkit was
    // refused for want of a patient), and the rule under test needs it the patient.
    w.agent_mut(0).health = 40.0;
    let (mut refused, mut bursts) = (Vec::new(), 0);
    for input in &inputs {
        tick(&mut w, input);
        for e in w.events() {
            match e.kind {
                EventKind::ToolRefused {
                    tool: Tool::Medkit,
                    why,
                } => refused.push(why),
                EventKind::GrenadeBurst { .. } => bursts += 1,
                EventKind::BlastHit { agent: Some(a), .. } => {
                    panic!("tick {}: ally {a} in the blast", e.tick)
                }
                EventKind::FriendlyHit { victim, .. } => {
                    panic!("tick {}: ally {victim} hit", e.tick)
                }
                _ => {}
            }
        }
    }
    assert_eq!(bursts, 1, "the grenade bursts");
    assert_eq!(refused, vec![ToolRefusal::AllyTooClose { ally: 0 }]);
}

#[test]
fn regression_a_walk_that_begins_after_the_throw_is_planned_with_its_slack() {
    // Found by the 100 000-case run with ammunition: a grenade thrown at tick 1, ally 0's
    // scripted crossing beginning at tick 35 from where the AI had moved it (1.2 u from
    // where the plan ran the script from), ending 3.7 u from the blast (tick 130: 81
    // damage). A walk not yet begun is now planned with the slack of how far it may
    // start off: the throw is refused, naming ally 0.
    let c = Case {
        walls: vec![],
        spawn: (1, 4),
        dummies: vec![(1, 6)],
        walkers: vec![],
        cross: Some((0, (4, 9), (1, 1))),
        inputs: vec![(3, 56), (0, 76)],
        throws: vec![(0, (5, 11), 0)],
        seed: 0,
    };
    let (mut w, inputs) = build(&c).unwrap();
    let mut refused = Vec::new();
    for input in &inputs {
        tick(&mut w, input);
        for e in w.events() {
            match e.kind {
                EventKind::ToolRefused {
                    tool: Tool::Grenade,
                    why,
                } => refused.push(why),
                EventKind::BlastHit { agent: Some(a), .. } => {
                    panic!("tick {}: ally {a} in the blast", e.tick)
                }
                EventKind::FriendlyHit { victim, .. } => {
                    panic!("tick {}: ally {victim} hit", e.tick)
                }
                _ => {}
            }
        }
    }
    assert_eq!(refused, vec![ToolRefusal::AllyTooClose { ally: 0 }]);
}
