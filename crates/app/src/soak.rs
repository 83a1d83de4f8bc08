//! `--soak` (REQ §19): the soak scenario (the combat route there and back again, looped,
//! with waves that keep coming) run for `--minutes` on `--seeds` seeds, every seed in
//! parallel on the cores ([`crate::runner`], rayon), each world single-threaded and
//! deterministic. Checked after every tick: no friendly hit, every position and velocity
//! finite, no agent or enemy centre inside a wall tile or off the map, and the counts of
//! bullets, this tick's events, the event log and corpses under their bounds; and, with
//! the cosmetics feed (on unless `--no-cosmetics`: the horror layer and the sound
//! layer, heard as `--audio-out` hears it), the view's effects, blood particles and
//! decals, tracer pieces, muzzle flashes, every kind of particle (REQ V3) and the
//! sound's voices under theirs. A table per seed (ticks,
//! kills, standing, peaks, final checksum, time); `--json FILE` writes the same. A
//! violation stops that seed, names seed and tick, and writes the replay of the run to
//! `replays/soak_seed_N.sqr`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use sim::read::{Grid, TickInput, World, EVENT_LOG_CAP};
use sim::tuning::ticks;

use crate::accept::record::Frame;
use crate::accept::s102_undefended::Watch;
use crate::cosmetics::Counts;
use crate::session::Session;
use crate::session::Until;
use crate::setup::Setup;
use std::ops::ControlFlow;

/// Bullets in flight at once (five gunners cannot keep more in the air).
pub const BULLET_BOUND: usize = 256;
/// Events in one tick.
pub const EVENTS_PER_TICK_BOUND: usize = 2048;

/// What one seed's run came to. Everything but `seconds` is a function of the run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeedResult {
    pub seed: u64,
    pub ticks: u64,
    pub kills: u32,
    pub standing: usize,
    pub shots: u32,
    pub friendly_hits: u32,
    /// Enemy blows and spits landed on the squad (T3's measure of a threat).
    pub blows: u32,
    pub agents_down: u32,
    /// Seconds into the run the first agent fell.
    pub first_fall: Option<f32>,
    /// Blade strikes that hit.
    pub blade_hits: u32,
    /// Melee blows landed on gunners, and of them the undefended ones (S10.2's row,
    /// measured by the acceptance judge from the frames).
    pub gunner_blows: u32,
    pub undefended: u32,
    /// Ammunition (REQ K1): reloads done; rounds left in the standing gunners'
    /// magazines and in the pool (`None`: no end).
    pub reloads: u32,
    pub rounds_loaded: u32,
    pub pool: Option<u32>,
    /// The player's tools used (REQ K3–K5: flares, medkits, grenades) and grenades
    /// refused.
    pub tools_used: [u32; 3],
    pub grenades_refused: u32,
    pub peak_enemies: usize,
    pub peak_bullets: usize,
    pub peak_events: usize,
    /// The cosmetics feed's peaks (all 0 without the feed).
    pub peak_effects: usize,
    pub peak_particles: usize,
    pub peak_decals: usize,
    pub peak_trail: usize,
    pub peak_voices: usize,
    /// REQ V3's particles (every kind together).
    pub peak_fx: usize,
    pub final_checksum: String,
    /// The first check that failed: `tick N: what`.
    pub violation: Option<String>,
    /// Wall-clock seconds (not part of the comparison with a serial run).
    #[serde(skip)]
    pub seconds: f64,
}

impl SeedResult {
    /// Rounds left, loaded and in the pool (`14+inf` for a pool with no end).
    pub fn ammo_left(&self) -> String {
        match self.pool {
            Some(p) => (self.rounds_loaded + p).to_string(),
            None => format!("{}+inf", self.rounds_loaded),
        }
    }

    /// The tools used as `flares/medkits/grenades`.
    pub fn tools_text(&self) -> String {
        let [f, m, g] = self.tools_used;
        format!("{f}/{m}/{g}")
    }

    /// Enemy blows landed per simulated minute.
    pub fn blows_per_minute(&self) -> f32 {
        self.blows as f32 / (self.ticks.max(1) as f32 / 3600.0)
    }

    /// The result without its wall-clock time (what must equal a serial run's).
    pub fn outcome(&self) -> SeedResult {
        SeedResult {
            seconds: 0.0,
            ..self.clone()
        }
    }
}

/// The first thing wrong with the world after a tick, if any.
pub fn check(w: &World) -> Option<String> {
    let s = w.stats();
    if s.friendly_hits > 0 {
        return Some(format!("{} friendly hits", s.friendly_hits));
    }
    // S9: a bullet never outlives its verified segment (the sim counts each one that
    // would have).
    if s.segment_violations > 0 {
        return Some(format!(
            "{} bullets past their verified segment",
            s.segment_violations
        ));
    }
    let grid = &w.map().grid;
    let placed = |p: sim::Vec2| -> Option<&'static str> {
        if !p.is_finite() {
            return Some("not finite");
        }
        let (x, y) = Grid::tile_of(p);
        if !grid.in_bounds(x, y) {
            return Some("off the map");
        }
        grid.is_wall(x, y).then_some("inside a wall")
    };
    for a in w.agents() {
        if !a.vel.is_finite() {
            return Some(format!("agent {} velocity not finite", a.id));
        }
        if let Some(why) = placed(a.pos).filter(|_| a.alive || !a.pos.is_finite()) {
            return Some(format!(
                "agent {} at ({}, {}) {why}",
                a.id, a.pos.x, a.pos.y
            ));
        }
    }
    for e in w.enemies() {
        if !e.vel.is_finite() {
            return Some(format!("enemy {} velocity not finite", e.id));
        }
        if let Some(why) = placed(e.pos).filter(|_| e.alive || !e.pos.is_finite()) {
            return Some(format!(
                "enemy {} at ({}, {}) {why}",
                e.id, e.pos.x, e.pos.y
            ));
        }
    }
    for b in w.bullets() {
        if !b.pos.is_finite() || !b.dir.is_finite() {
            return Some(format!("bullet {} not finite", b.id));
        }
    }
    let counts = [
        ("bullets", w.bullets().len(), BULLET_BOUND),
        ("events this tick", w.events().len(), EVENTS_PER_TICK_BOUND),
        ("event log", w.log().entries.len(), EVENT_LOG_CAP),
        (
            "corpses",
            w.corpses().len(),
            w.tuning().enemy.corpse_cap as usize,
        ),
    ];
    counts
        .iter()
        .find(|(_, n, cap)| n > cap)
        .map(|(what, n, cap)| format!("{n} {what}, over the bound {cap}"))
}

/// A seed's result, with the replay of its run when a check failed.
pub type Outcome = (SeedResult, Option<Vec<u8>>);

/// One seed of `setup` for `ticks` ticks (with the cosmetics feed if `cosmetics`),
/// checked after every tick; the run's replay (recorded all along) is returned with a
/// violation.
pub fn run_seed(
    setup: &Setup,
    seed: u64,
    ticks: u64,
    cosmetics: bool,
    bar: Option<&ProgressBar>,
) -> Outcome {
    let start = Instant::now();
    let mut s = setup.clone();
    s.scenario.seed = seed;
    s.origin.seed = seed;
    let mut run = Session::route(s).recorded();
    if cosmetics {
        run = run.with_cosmetics().with_sound();
    }
    let mut peaks = Counts::default();
    let mut r = SeedResult {
        seed,
        ticks: 0,
        kills: 0,
        standing: 0,
        shots: 0,
        friendly_hits: 0,
        blows: 0,
        agents_down: 0,
        first_fall: None,
        blade_hits: 0,
        gunner_blows: 0,
        undefended: 0,
        reloads: 0,
        rounds_loaded: 0,
        pool: None,
        tools_used: [0; 3],
        grenades_refused: 0,
        peak_enemies: 0,
        peak_bullets: 0,
        peak_events: 0,
        peak_effects: 0,
        peak_particles: 0,
        peak_decals: 0,
        peak_trail: 0,
        peak_voices: 0,
        peak_fx: 0,
        final_checksum: String::new(),
        violation: None,
        seconds: 0.0,
    };
    let mut replay = None;
    let mut watch = Watch::new(&setup.tuning);
    watch.push(Frame::of(&run.world, TickInput::default()));
    run.run(Until::Tick(ticks), |run, input| {
        let w = &run.world;
        watch.push(Frame::of(w, input));
        r.peak_enemies = r.peak_enemies.max(w.enemies().len());
        r.peak_bullets = r.peak_bullets.max(w.bullets().len());
        r.peak_events = r.peak_events.max(w.events().len());
        let feed = run.cosmetics.as_ref();
        if let Some(c) = feed {
            peaks = peaks.max(c.counts());
        }
        let wrong = check(w).or_else(|| feed.and_then(|c| c.over_bounds()));
        if let Some(why) = wrong {
            r.violation = Some(format!("tick {}: {why}", w.tick()));
            replay = run.recorder.as_ref().and_then(|rec| rec.encode().ok());
            return ControlFlow::Break(());
        }
        if let Some(b) = bar.filter(|_| w.tick().is_multiple_of(600)) {
            b.inc(600);
        }
        ControlFlow::Continue(())
    });
    (
        r.peak_effects,
        r.peak_particles,
        r.peak_decals,
        r.peak_trail,
    ) = (peaks.effects, peaks.particles, peaks.decals, peaks.trail);
    r.peak_voices = peaks.voices;
    r.peak_fx = peaks.fx;
    let w = &run.world;
    r.ticks = w.tick();
    r.kills = w.stats().kills;
    r.shots = w.stats().shots_fired;
    r.friendly_hits = w.stats().friendly_hits;
    r.blows = w.stats().blows_landed;
    r.agents_down = w.stats().agents_down;
    r.first_fall = w.stats().first_fall.map(|t| t as f32 * sim::tuning::DT);
    r.blade_hits = w.stats().melee_hits;
    r.gunner_blows = watch.found.blows as u32;
    r.undefended = watch.found.undefended.len() as u32;
    let st = w.stats();
    r.reloads = st.reloads;
    r.rounds_loaded = w
        .agents()
        .iter()
        .filter(|a| a.alive && a.is_gunner())
        .map(|a| a.mag)
        .sum();
    r.pool = w.ammo_pool();
    r.tools_used = [st.flares_used, st.medkits_used, st.grenades_thrown];
    r.grenades_refused = st.grenades_refused;
    r.standing = w.standing_agents();
    r.final_checksum = format!("{:016x}", w.checksum());
    r.seconds = start.elapsed().as_secs_f64();
    (r, replay)
}

/// What `--soak` was asked for.
#[derive(Clone, Debug)]
pub struct Options {
    pub seeds: u64,
    pub minutes: f32,
    /// Worker threads; `None` = one per core.
    pub jobs: Option<usize>,
    pub json: Option<PathBuf>,
    /// Step the cosmetics feed and check its bounds (`--no-cosmetics` turns it off for
    /// speed).
    pub cosmetics: bool,
    /// Show the progress bar (the command line; tests run without).
    pub progress: bool,
}

/// Runs seeds `1..=seeds` of `setup` for `minutes` each, in parallel.
pub fn run_all(setup: &Setup, o: &Options) -> Result<Vec<Outcome>, String> {
    let n = ticks(o.minutes * 60.0) as u64;
    let mut setup = setup.clone();
    setup.scenario.duration = o.minutes * 60.0;
    let bar = o.progress.then(|| {
        let b = ProgressBar::new(n * o.seeds);
        b.set_style(
            ProgressStyle::with_template(
                "soak {bar:40} {percent:>3}% {pos}/{len} ticks  {per_sec}  eta {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        b
    });
    let seeds: Vec<u64> = (1..=o.seeds).collect();
    let out = crate::runner::map(o.jobs, &seeds, |&seed| {
        run_seed(&setup, seed, n, o.cosmetics, bar.as_ref())
    })?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(out)
}

/// The table of results, one line per seed.
pub fn table(results: &[SeedResult]) -> String {
    let mut s = format!(
        "{:>4} {:>6} {:>6} {:>8} {:>4} {:>6} {:>7} {:>7} {:>7} {:>5} {:>6} {:>6} {:>6} {:>6} {:>9} {:>8} {:>7} {:>8} {:>6} {:>6} {:>6} {:>7} {:>5} {:>16} {:>7}  {}\n",
        "seed",
        "ticks",
        "kills",
        "standing",
        "lost",
        "shots",
        "left",
        "reloads",
        "f/m/g",
        "g.ref",
        "blows",
        "b/min",
        "1stfall",
        "blade",
        "p.enemies",
        "p.bullets",
        "p.events",
        "p.effects",
        "p.blood",
        "p.decal",
        "p.trail",
        "p.voice",
        "p.fx",
        "final checksum",
        "time s",
        "checks"
    );
    for r in results {
        s += &format!(
            "{:>4} {:>6} {:>6} {:>8} {:>4} {:>6} {:>7} {:>7} {:>7} {:>5} {:>6} {:>6.1} {:>6} {:>6} {:>9} {:>8} {:>7} {:>8} {:>6} {:>6} {:>6} {:>7} {:>5} {:>16} {:>7.2}  {}\n",
            r.seed,
            r.ticks,
            r.kills,
            format!("{}/5", r.standing),
            r.agents_down,
            r.shots,
            r.ammo_left(),
            r.reloads,
            r.tools_text(),
            r.grenades_refused,
            r.blows,
            r.blows_per_minute(),
            r.first_fall.map_or("-".to_string(), |s| format!("{s:.0}s")),
            r.blade_hits,
            r.peak_enemies,
            r.peak_bullets,
            r.peak_events,
            r.peak_effects,
            r.peak_particles,
            r.peak_decals,
            r.peak_trail,
            r.peak_voices,
            r.peak_fx,
            r.final_checksum,
            r.seconds,
            r.violation.as_deref().unwrap_or("ok")
        );
    }
    s
}

/// The threat over the seeds (T3's measured outcome): the median of enemy blows landed
/// per minute, the runs where blades struck, where an agent fell, and how many stood at
/// the end (a count for each of 0..=5 agents standing).
pub fn threat_line(results: &[SeedResult]) -> String {
    let mut per_min: Vec<f32> = results.iter().map(SeedResult::blows_per_minute).collect();
    per_min.sort_by(f32::total_cmp);
    let median = match per_min.len() {
        0 => 0.0,
        n if n % 2 == 1 => per_min[n / 2],
        n => 0.5 * (per_min[n / 2 - 1] + per_min[n / 2]),
    };
    let mut standing = [0usize; 6];
    for r in results {
        standing[r.standing.min(5)] += 1;
    }
    let n = |f: fn(&SeedResult) -> bool| results.iter().filter(|r| f(r)).count();
    let mut undefended: Vec<u32> = results.iter().map(|r| r.undefended).collect();
    undefended.sort();
    let und_median = match undefended.len() {
        0 => 0.0,
        n if n % 2 == 1 => undefended[n / 2] as f32,
        n => 0.5 * (undefended[n / 2 - 1] + undefended[n / 2]) as f32,
    };
    let gunner_blows: u32 = results.iter().map(|r| r.gunner_blows).sum();
    let und_total: u32 = undefended.iter().sum();
    format!(
        "threat: blows landed {median:.1}/min median ({:.1}..{:.1}), runs averaging a blow a minute or more {}, blades struck in {}/{} runs, an agent fell in {}/{}, standing at the end [0..5] = {standing:?}, undefended blows (S10.2) {und_median:.1} median ({}..{}, {und_total} of {gunner_blows} melee blows on gunners), friendly hits {}",
        per_min.first().copied().unwrap_or(0.0),
        per_min.last().copied().unwrap_or(0.0),
        n(|r| r.blows_per_minute() >= 1.0),
        n(|r| r.blade_hits > 0),
        results.len(),
        n(|r| r.agents_down > 0),
        results.len(),
        undefended.first().copied().unwrap_or(0),
        undefended.last().copied().unwrap_or(0),
        results.iter().map(|r| r.friendly_hits).sum::<u32>(),
    )
}

/// `--soak`: prints the table; Ok(false) when any seed broke a check (its replay
/// written).
pub fn run_cli(setup: &Setup, o: &Options) -> Result<bool, String> {
    let t0 = Instant::now();
    let minutes = o.minutes;
    println!(
        "soak: {} on {} seeds x {minutes} min ({} ticks each), {} jobs, cosmetics {}",
        setup.scenario.name,
        o.seeds,
        ticks(minutes * 60.0),
        o.jobs.map_or_else(
            || format!("{} (all cores)", rayon::current_num_threads()),
            |j| j.to_string()
        ),
        if o.cosmetics { "on" } else { "off" }
    );
    let out = run_all(setup, o)?;
    let results: Vec<SeedResult> = out.iter().map(|(r, _)| r.clone()).collect();
    print!("{}", table(&results));
    let mut ok = true;
    for (r, replay) in &out {
        if let Some(v) = &r.violation {
            ok = false;
            let path = Path::new("replays").join(format!("soak_seed_{}.sqr", r.seed));
            let written = match replay {
                Some(b) => crate::files::write(&path, b).map(|()| path.display().to_string()),
                None => Err("no replay".into()),
            };
            println!(
                "seed {} FAILED at {v}; replay: {}",
                r.seed,
                written.unwrap_or_else(|e| format!("NOT written ({e})"))
            );
        }
    }
    println!("{}", threat_line(&results));
    let kills: u32 = results.iter().map(|r| r.kills).sum();
    let ticks: u64 = results.iter().map(|r| r.ticks).sum();
    println!(
        "soak {}: {} seeds, {ticks} ticks, {kills} kills, 0 friendly hits required, {:.1} s wall",
        if ok { "PASS" } else { "FAIL" },
        results.len(),
        t0.elapsed().as_secs_f64()
    );
    if let Some(path) = &o.json {
        let json = serde_json::to_string_pretty(&results).map_err(|e| e.to_string())?;
        crate::files::write(path, json.as_bytes())?;
        println!("wrote {}", path.display());
    }
    Ok(ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn soak_setup() -> Setup {
        crate::setup::load(None, "soak", None, None, None).unwrap()
    }

    #[test]
    fn a_short_soak_passes_and_equals_a_serial_run() {
        let s = soak_setup();
        let o = Options {
            seeds: 2,
            minutes: 50.0 / 60.0,
            jobs: None,
            json: None,
            cosmetics: true,
            progress: false,
        };
        let parallel = run_all(&s, &o).unwrap();
        let serial = run_all(
            &s,
            &Options {
                jobs: Some(1),
                ..o.clone()
            },
        )
        .unwrap();
        let outcome =
            |v: &[Outcome]| -> Vec<SeedResult> { v.iter().map(|(r, _)| r.outcome()).collect() };
        assert_eq!(outcome(&parallel), outcome(&serial));
        for (r, _) in &parallel {
            assert_eq!(r.ticks, 3000);
            assert!(r.violation.is_none(), "{:?}", r.violation);
            assert!(r.peak_enemies > 0, "waves came");
            assert!(
                r.peak_particles > 0 && r.peak_decals > 0 && r.peak_trail > 0 && r.peak_voices > 0,
                "the feed was stepped: {r:?}"
            );
        }
        // Without the feed: the same world, nothing of the view counted.
        let bare = run_all(
            &s,
            &Options {
                cosmetics: false,
                ..o.clone()
            },
        )
        .unwrap();
        for ((a, _), (b, _)) in bare.iter().zip(&parallel) {
            assert_eq!(
                a.final_checksum, b.final_checksum,
                "the feed changes no bit"
            );
            assert_eq!((a.peak_particles, a.peak_trail), (0, 0));
        }
        assert_ne!(
            parallel[0].0.final_checksum, parallel[1].0.final_checksum,
            "seeds differ"
        );
        assert_eq!(table(&outcome(&parallel)), table(&outcome(&serial)));
        // The table reports the ammunition, the tools and the agents lost (REQ K7): each
        // row's cells under those headings are the run's own numbers.
        let t = table(&outcome(&parallel));
        let mut lines = t.lines();
        let head: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
        let col = |name: &str| head.iter().position(|h| *h == name).unwrap();
        for ((r, _), line) in parallel.iter().zip(lines) {
            let cells: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(cells[col("lost")], r.agents_down.to_string());
            assert_eq!(cells[col("shots")], r.shots.to_string());
            assert_eq!(cells[col("left")], r.ammo_left());
            assert_eq!(cells[col("reloads")], r.reloads.to_string());
            assert_eq!(cells[col("f/m/g")], r.tools_text());
            assert_eq!(cells[col("g.ref")], r.grenades_refused.to_string());
        }
    }

    #[test]
    fn the_soak_route_loops_and_its_waves_repeat() {
        let s = soak_setup();
        assert!(s.scenario.loop_route);
        let mut run = Session::route(s);
        let mut wrapped = false;
        let mut last = 0;
        run.run(Until::Tick(ticks(240.0) as u64), |run, _| {
            let crate::session::Pilot::Route(d) = &run.pilot else {
                panic!("the route steers the soak");
            };
            let next = d.next;
            wrapped |= next < last;
            last = next;
            ControlFlow::Continue(())
        });
        assert!(wrapped, "the route went round again within 4 minutes");
        let spawned = run
            .world
            .log()
            .entries
            .iter()
            .filter(|e| matches!(e.kind, sim::read::EventKind::EnemySpawned { .. }))
            .count();
        assert!(spawned > 0);
        assert!(run.world.stats().kills > 150, "{}", run.world.stats().kills);
    }

    #[test]
    fn a_broken_world_is_caught_with_seed_and_tick() {
        let s = soak_setup();
        let mut run = Session::route(s).with_cosmetics();
        run.step(Default::default());
        assert_eq!(check(&run.world), None);
        run.world.agent_mut(2).pos = sim::Vec2::new(0.5, 0.5);
        let why = check(&run.world).unwrap();
        assert!(why.contains("agent 2") && why.contains("wall"), "{why}");
        run.world.agent_mut(2).pos = sim::Vec2::new(f32::NAN, 1.0);
        assert!(check(&run.world).unwrap().contains("not finite"));
        run.world.agent_mut(2).pos = sim::Vec2::new(-3.0, 1.0);
        assert!(check(&run.world).unwrap().contains("off the map"));
        // A bullet past its verified segment, counted by the sim, is caught too.
        run.world.agent_mut(2).pos = run.world.agents()[1].pos;
        assert_eq!(check(&run.world), None);
        run.world.stats_mut().segment_violations = 1;
        let why = check(&run.world).unwrap();
        assert!(
            why.contains("1 bullets past their verified segment"),
            "{why}"
        );
        run.world.stats_mut().segment_violations = 0;
        // A feed over one of its bounds is caught too.
        let feed = run.cosmetics.as_mut().unwrap();
        assert_eq!(feed.over_bounds(), None);
        let cap = feed.horror.tuning.blood_decal_cap as usize;
        let decal = view::horror::blood::Decal {
            pos: sim::Vec2::new(3.0, 3.0),
            r: 0.2,
            shade: 0,
        };
        feed.horror
            .blood
            .decals
            .extend(std::iter::repeat_n(decal, cap + 1));
        let why = feed.over_bounds().unwrap();
        assert!(why.contains("blood decals, over the bound"), "{why}");
        feed.horror.blood.decals.clear();
        // And the grenades' scorches.
        assert_eq!(feed.over_bounds(), None);
        let cap = feed.horror.tuning.scorch_cap as usize;
        let scorch = view::horror::blasts::Scorch {
            pos: sim::Vec2::new(3.0, 3.0),
            r: 1.0,
            seed: 7,
        };
        feed.horror
            .blasts
            .scorches
            .extend(std::iter::repeat_n(scorch, cap + 1));
        let why = feed.over_bounds().unwrap();
        assert!(why.contains("scorches, over the bound"), "{why}");
        feed.horror.blasts.scorches.clear();
        // And every kind of particle (REQ V3), each against its own cap.
        assert_eq!(feed.over_bounds(), None);
        let t = feed.horror.tuning.particles.clone();
        let p = &mut feed.horror.particles;
        let spark = view::horror::particles::Bit {
            pos: sim::Vec2::new(3.0, 3.0),
            prev_pos: sim::Vec2::new(3.0, 3.0),
            z: 0.5,
            prev_z: 0.5,
            vel: sim::Vec2::ZERO,
            vz: 0.0,
            born: 0,
            seed: 1,
            bounces: 0,
        };
        p.sparks
            .extend(std::iter::repeat_n(spark, t.sparks.cap as usize));
        assert_eq!(feed.over_bounds(), None, "at the cap is within it");
        feed.horror.particles.sparks.push_back(spark);
        let why = feed.over_bounds().unwrap();
        assert!(why.contains("sparks, over the bound"), "{why}");
        feed.horror.particles.sparks.clear();
        let gibs = std::iter::repeat_n(spark, t.gibs.cap as usize + 1);
        feed.horror.particles.gibs.extend(gibs);
        let why = feed.over_bounds().unwrap();
        assert!(why.contains("gibs, over the bound"), "{why}");
        feed.horror.particles.gibs.clear();
        let puddle = view::horror::particles::Puddle {
            pos: sim::Vec2::new(3.0, 3.0),
            born: 0,
            seed: 1,
        };
        let puddles = std::iter::repeat_n(puddle, t.spit.puddle_cap as usize + 1);
        feed.horror.particles.puddles.extend(puddles);
        let why = feed.over_bounds().unwrap();
        assert!(why.contains("bile puddles, over the bound"), "{why}");
    }
}
