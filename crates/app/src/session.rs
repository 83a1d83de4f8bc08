//! One run (REQ §25 X1): its set-up, the world, the pilot that gives each tick its input
//! (the player's hands, the scenario's route, or a replay), the recorder, and the
//! cosmetics feed — stepped together, one tick at a time, by [`Session::step`]. Every
//! mode steps the world here and nowhere else: the window, `--headless`, `--replay`,
//! `--accept`'s recordings, `--soak`, `--bench`, `--screenshot` and the save checks. A
//! capability that follows the run (sound, a director's view, missions) plugs into the
//! session or its feed and is then in all of them.
//!
//! The order of a step: the pilot picks the input → `sim::tick` → the recorder takes the
//! input and the checksum → a replay compares its checksum → the cosmetics absorb the
//! tick's world and events.

use std::ops::ControlFlow;

use sim::driver::route::RouteDriver;
use sim::read::{tick, Outcome, Status, TickInput, World};
use sim::record::container::written_by_another_build;
use sim::record::replay::{Player, Start, Verdict};
use sim::record::{Recorder, Replay, Save};
use sim::tuning::{ticks, Tuning, DT};
use view::screens::{Results, RunTally};
use view::ViewTuning;

use crate::cosmetics::Cosmetics;
use crate::setup::{self, Setup};

/// How far [`Session::run`] goes besides the run's own end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// To the end: [`Session::ended`].
    End,
    /// To the end or this tick, whichever comes first.
    Tick(u64),
}

/// Why [`Session::run`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The run is over ([`Session::ended`]).
    Ended,
    /// [`Until::Tick`]'s tick was reached first.
    Reached,
    /// The caller's `on_tick` stopped it.
    Broken,
}

/// Where each tick's input comes from.
#[derive(Clone, Debug)]
pub enum Pilot {
    /// The input given to [`Session::step`]: the player's hands in the window, nothing
    /// at all headless.
    Hands,
    /// The scenario's scripted route: its movement replaces the given input's, the
    /// given sprint and manual aim add to it (the player until they take over).
    Route(RouteDriver),
    /// A replay's recorded inputs (the given input is ignored), compared tick by tick
    /// with its checksums; it stops at its end or at the first divergent tick.
    Replay(Playback),
}

/// A replay being played back.
#[derive(Clone, Debug)]
pub struct Playback {
    player: Player,
    /// The build that recorded it (`GAME_VERSION` from the file's header).
    recorded_by: String,
    /// The first divergent tick, said once ([`Session::take_divergence`]).
    diverged: Option<String>,
    /// It diverged (the run stops there).
    stopped: bool,
}

impl Playback {
    /// Ticks played and compared so far.
    pub fn played(&self) -> u64 {
        self.player.played()
    }
}

pub struct Session {
    pub setup: Setup,
    pub world: World,
    pub pilot: Pilot,
    /// The run's inputs and checksums, while it is recorded (REQ §17).
    pub recorder: Option<Recorder>,
    /// What the view keeps beside the world; `None` where nobody watches or listens
    /// (acceptance, benches, `--soak --no-cosmetics`).
    pub cosmetics: Option<Cosmetics>,
    /// The save this session was loaded from (a recording of it starts there).
    loaded_from: Option<Vec<u8>>,
    /// The world's tick when the session began.
    began_at: u64,
}

impl Session {
    /// A fresh run of `setup` flown by `pilot`; no recorder, no cosmetics.
    pub fn new(setup: Setup, pilot: Pilot) -> Session {
        let world = World::new(setup.map.clone(), &setup.scenario, setup.tuning.clone());
        Session {
            setup,
            world,
            pilot,
            recorder: None,
            cosmetics: None,
            loaded_from: None,
            began_at: 0,
        }
    }

    /// A fresh run of `setup` steered by its scenario's route.
    pub fn route(setup: Setup) -> Session {
        Session::new(setup, Pilot::Route(RouteDriver::new()))
    }

    /// With a cosmetics feed, fresh for the world as it stands.
    pub fn with_cosmetics(mut self) -> Session {
        self.cosmetics = Some(Cosmetics::new(
            &self.world,
            self.setup.scenario.seed,
            &self.setup.view_tuning,
        ));
        self
    }

    /// With the sound layer in its cosmetics feed (and the feed, if it had none): one
    /// block of the run's sound per tick ([`Session::sound`]).
    pub fn with_sound(mut self) -> Session {
        self.hear();
        self
    }

    /// [`Session::with_sound`] in place (a layer already there is kept).
    pub fn hear(&mut self) {
        let (seed, view) = (self.setup.scenario.seed, &self.setup.view_tuning);
        let feed = match self.cosmetics.take() {
            Some(c) => c,
            None => Cosmetics::new(&self.world, seed, view),
        };
        self.cosmetics = Some(if feed.sound.is_some() {
            feed
        } else {
            feed.with_sound(seed, view)
        });
    }

    /// The last tick's block of sound, where the run is heard.
    pub fn sound(&self) -> Option<&audio::Block> {
        self.cosmetics.as_ref().and_then(Cosmetics::block)
    }

    /// Recorded from now on: a fresh run from its start, a loaded one from its save,
    /// a run already under way from a save of this moment.
    pub fn recorded(mut self) -> Session {
        let stepped = self.world.tick() != self.began_at;
        self.recorder = Some(match (&self.loaded_from, stepped) {
            (None, false) => Recorder::fresh(&self.setup.origin),
            (Some(save), false) => Recorder::from_save(save.clone()),
            (_, true) => Recorder::from_save(self.save().encode().unwrap_or_default()),
        });
        self
    }

    /// The run a save file continues: its world and pilot, recorded from the save on
    /// if [`Session::recorded`]; with `cosmetics` (the player's render-only tuning) the
    /// feed as the save kept it (fresh if it kept none). A refused file is one line.
    pub fn load(bytes: &[u8], cosmetics: Option<&ViewTuning>) -> Result<Session, String> {
        let (header, save) = Save::decode(bytes)?;
        let origin = save.origin.clone();
        let l = save.open(header)?;
        let view_tuning = cosmetics.cloned().unwrap_or_default();
        let setup = Setup {
            map: l.map,
            scenario: l.scenario,
            tuning: origin.tuning.clone(),
            view_tuning,
            tuning_path: None,
            origin,
        };
        let began_at = l.world.tick();
        let mut s = Session {
            setup,
            world: l.world,
            pilot: l.pilot.map_or(Pilot::Hands, Pilot::Route),
            recorder: None,
            cosmetics: None,
            loaded_from: Some(bytes.to_vec()),
            began_at,
        };
        if cosmetics.is_some() {
            s.cosmetics = Some(match &l.view {
                Some(v) => Cosmetics::restore(v, &s.world, &s.setup.view_tuning)?,
                None => Cosmetics::new(&s.world, s.setup.scenario.seed, &s.setup.view_tuning),
            });
        }
        Ok(s)
    }

    /// A session that plays `replay` back — from its start (a fresh world, or a save
    /// with the feed it kept) through its inputs; `recorded_by` is the file header's
    /// game version.
    pub fn replay(
        replay: Replay,
        recorded_by: &str,
        cosmetics: Option<&ViewTuning>,
    ) -> Result<Session, String> {
        let mut s = match &replay.start {
            Start::Fresh(o) => {
                let setup = setup::from_origin(o, &cosmetics.cloned().unwrap_or_default())?;
                let s = Session::new(setup, Pilot::Hands);
                match cosmetics {
                    Some(_) => s.with_cosmetics(),
                    None => s,
                }
            }
            Start::Saved(b) => {
                Session::load(b, cosmetics).map_err(|e| format!("the replay's start: {e}"))?
            }
        };
        s.pilot = Pilot::Replay(Playback {
            player: Player::new(replay),
            recorded_by: recorded_by.to_string(),
            diverged: None,
            stopped: false,
        });
        Ok(s)
    }

    /// The save of this moment, with the cosmetics' state when there is a feed.
    pub fn save(&self) -> Save {
        let route = match &self.pilot {
            Pilot::Route(d) => Some(d),
            _ => None,
        };
        let mut save = Save::of(&self.setup.origin, &self.world, route);
        save.view = self.cosmetics.as_ref().map(|c| c.state().encode());
        save
    }

    /// The world and its feed, to draw (a fresh feed first if the session had none).
    pub fn watched(&mut self) -> (&World, &mut Cosmetics) {
        let feed = self.cosmetics.get_or_insert_with(|| {
            Cosmetics::new(
                &self.world,
                self.setup.scenario.seed,
                &self.setup.view_tuning,
            )
        });
        (&self.world, feed)
    }

    /// One tick with `input` (see [`Pilot`] for what the pilot makes of it). Returns
    /// the input the world was stepped with, or `None` when a replay has nothing more
    /// to play (its end, or the tick it diverged).
    pub fn step(&mut self, input: TickInput) -> Option<TickInput> {
        let input = match &mut self.pilot {
            Pilot::Hands => input,
            Pilot::Route(d) => {
                let scripted = d.input(&self.setup.scenario, &self.world);
                TickInput {
                    move_dir: scripted.move_dir,
                    sprint: input.sprint | scripted.sprint,
                    manual: input.manual.or(scripted.manual),
                    tool: input.tool.or(scripted.tool),
                    formation: input.formation.or(scripted.formation),
                    // The route's disk springs back and slides plainly, as it always did.
                    disk_stays: scripted.disk_stays,
                    round_corners: scripted.round_corners,
                }
            }
            Pilot::Replay(p) if p.stopped => return None,
            Pilot::Replay(p) => p.player.next(&mut self.world)?,
        };
        tick(&mut self.world, &input);
        if let Some(r) = self.recorder.as_mut() {
            r.tick(&input, &self.world);
        }
        if let Pilot::Replay(p) = &mut self.pilot {
            if let Err(Verdict::Diverged {
                tick,
                expected,
                got,
            }) = p.player.check(&self.world)
            {
                p.stopped = true;
                p.diverged = Some(format!(
                    "replay diverged at tick {tick}: expected {expected:016x}, got {got:016x}{}",
                    written_by_another_build(&p.recorded_by)
                ));
            }
        }
        if let Some(c) = self.cosmetics.as_mut() {
            c.absorb(&self.world);
        }
        Some(input)
    }

    /// Runs the session to a stop (REQ X10): steps with no input of the player's (the
    /// pilot gives each tick its own), and after every tick hands the session and the
    /// tick's input to `on_tick`, which may stop the run early (`ControlFlow::Break`: a
    /// soak's violation, a save check's mismatch). The run stops at its end
    /// ([`Session::ended`]: the squad down, the time up, the mission over, a replay's end
    /// or divergence) and at `until`'s tick. Every mode that runs a session to a stop
    /// goes through here; the window steps a frame's ticks itself and stops on the same
    /// [`Session::ended`].
    pub fn run(
        &mut self,
        until: Until,
        mut on_tick: impl FnMut(&mut Session, TickInput) -> ControlFlow<()>,
    ) -> Stop {
        loop {
            if self.ended() {
                return Stop::Ended;
            }
            if let Until::Tick(t) = until {
                if self.world.tick() >= t {
                    return Stop::Reached;
                }
            }
            let Some(input) = self.step(TickInput::default()) else {
                return Stop::Ended;
            };
            if on_tick(self, input).is_break() {
                return Stop::Broken;
            }
        }
    }

    /// [`Session::run`] with nothing to do between the ticks.
    pub fn run_to(&mut self, until: Until) -> Stop {
        self.run(until, |_, _| ControlFlow::Continue(()))
    }

    /// The route's run of `setup` at `seconds` (or its end, if sooner) as the window
    /// shows it: with the cosmetics feed, the camera following the anchor every tick as
    /// the window's does at 60 fps. `--screenshot`, the benches and the frame tests start
    /// from here.
    pub fn watched_at(setup: &Setup, seconds: f32) -> Session {
        let mut s = Session::route(setup.clone()).with_cosmetics();
        s.run(Until::Tick(ticks(seconds) as u64), |s, _| {
            let (world, feed) = s.watched();
            feed.follow(world, 1.0, DT);
            ControlFlow::Continue(())
        });
        s
    }

    /// The player moved: the route stops driving (a replay keeps playing).
    pub fn take_over(&mut self) {
        if matches!(self.pilot, Pilot::Route(_)) {
            self.pilot = Pilot::Hands;
        }
    }

    /// The route drives this run.
    pub fn scripted(&self) -> bool {
        matches!(self.pilot, Pilot::Route(_))
    }

    /// The replay being played back, if any.
    pub fn playback(&self) -> Option<&Playback> {
        match &self.pilot {
            Pilot::Replay(p) => Some(p),
            _ => None,
        }
    }

    /// The divergence of a replay being played back, once (then `None`).
    pub fn take_divergence(&mut self) -> Option<String> {
        match &mut self.pilot {
            Pilot::Replay(p) => p.diverged.take(),
            _ => None,
        }
    }

    /// Replaces the tuning (F5): the simulation's part recorded with the tick it takes
    /// effect before, the view's part given to the feed.
    pub fn set_tuning(&mut self, sim: Tuning, view: ViewTuning) {
        self.world.set_tuning(sim);
        if let Some(r) = self.recorder.as_mut() {
            r.tuning(&self.world);
        }
        if let Some(c) = self.cosmetics.as_mut() {
            c.set_tuning(&view);
        }
        self.setup.view_tuning = view;
    }

    /// The scenario's end, in ticks.
    pub fn end_tick(&self) -> u64 {
        ticks(self.setup.scenario.duration) as u64
    }

    /// The run is over: the squad is down, the scenario's time is up or its mission
    /// won or failed; a replay, at its end or the tick it diverged.
    pub fn ended(&self) -> bool {
        match &self.pilot {
            Pilot::Replay(p) => p.player.finished() || p.stopped,
            _ => {
                self.world.lost()
                    || self.world.tick() >= self.end_tick()
                    || self.world.mission().outcome.ended()
            }
        }
    }

    /// The mission's outcome and each objective's, one line each (C3: what
    /// `--headless` prints); `None` without a mission.
    pub fn mission_report(&self) -> Option<String> {
        let m = self.world.mission();
        if !m.is_mission() {
            return None;
        }
        let done = m.objectives.iter().filter(|o| o.done()).count();
        let head = match m.outcome {
            Outcome::Won { at } => format!("MISSION ACCOMPLISHED at {}", clock(at + 1)),
            Outcome::Failed {
                at,
                squad_down: true,
            } => {
                format!("MISSION FAILED at {}: the squad is down", clock(at + 1))
            }
            Outcome::Failed { at, .. } => {
                format!("MISSION FAILED at {}: out of time", clock(at + 1))
            }
            Outcome::Running => format!("mission under way at {}", clock(self.world.tick())),
        };
        let mut out = format!("{head} ({done}/{} objectives)", m.objectives.len());
        for (k, o) in m.objectives.iter().enumerate() {
            let state = match o.status {
                Status::Done { at } => format!("done {}", clock(at + 1)),
                // How far it got, as the HUD said it ("not done (2/3 burned)").
                Status::Active { .. } => {
                    match crate::hud::objectives::progress_words(&self.world, k) {
                        more if more.is_empty() => "not done".into(),
                        more => format!("not done ({})", more.trim()),
                    }
                }
                Status::Waiting => "not reached".into(),
            };
            out += &format!("\n  objective {}: {state} - {}", o.spec.name, o.spec.label);
        }
        Some(out)
    }

    /// The mission was won with no friendly hit (what `--headless` on a mission exits
    /// 0 for); `None` without a mission.
    pub fn mission_accomplished(&self) -> Option<bool> {
        let m = self.world.mission();
        m.is_mission().then(|| {
            matches!(m.outcome, Outcome::Won { .. }) && self.world.stats().friendly_hits == 0
        })
    }

    /// The scenario's name as shown (file names stay as they were written).
    pub fn name(&self) -> &str {
        &self.setup.scenario.name
    }

    pub fn seed(&self) -> u64 {
        self.setup.scenario.seed
    }

    /// Seconds played.
    pub fn seconds(&self) -> f32 {
        self.world.tick() as f32 * DT
    }

    /// The numbers for the results screen (kills by role from the feed's tally; without
    /// a feed they are not split).
    pub fn results(&self) -> Results {
        let tally = self
            .cosmetics
            .as_ref()
            .map_or_else(RunTally::default, |c| c.tally);
        Results::of(
            &self.world,
            &tally,
            self.name(),
            self.seed(),
            self.end_tick(),
        )
    }

    /// One line about the run: scenario, seed, time (a replay says it is one).
    pub fn about(&self) -> String {
        format!(
            "{}{}   seed {}   {}",
            if self.playback().is_some() {
                "replay: "
            } else {
                ""
            },
            self.name(),
            self.seed(),
            view::screens::clock_text(self.seconds())
        )
    }

    /// The headless summary: ticks, shots, kills, standing, friendly hits.
    pub fn summary(&self, seconds: f64) -> String {
        let w = &self.world;
        let s = w.stats();
        format!(
            "{}: {} ticks ({:.1} s simulated) in {seconds:.3} s; {}; shots {}, strike hits {}, kills {}, commits {}, withheld {}, enemy blows landed {}, agents down {}, first fall {}, standing {}/{}; {}; FRIENDLY_HITS = {}",
            self.name(),
            w.tick(),
            w.tick() as f32 * DT,
            pacing(w),
            s.shots_fired,
            s.melee_hits,
            s.kills,
            s.commits,
            s.shots_withheld_intercept,
            s.blows_landed,
            s.agents_down,
            s.first_fall.map_or("none".to_string(), clock),
            w.standing_agents(),
            w.agents().len(),
            tools_used(w),
            s.friendly_hits
        )
    }
}

/// The player's tools in a run's summary (REQ K7): each used, grenades refused, and the
/// kit's charges left; the ammunition fired, reloads, picked up and left (K1).
pub fn tools_used(w: &World) -> String {
    let (s, k) = (w.stats(), w.kit());
    format!(
        "ammo: fired {}, reloads {}, picked {} ({} crates, {} cases), left {}; tools: flares {}, medkits {}, grenades {} ({} refused), left {}/{}/{}",
        s.shots_fired,
        s.reloads,
        s.rounds_picked,
        s.crates_taken,
        s.cases_taken,
        ammo_left(w),
        s.flares_used,
        s.medkits_used,
        s.grenades_thrown,
        s.grenades_refused,
        k.flares,
        k.medkits,
        k.grenades
    )
}

/// Rounds left: in the magazines and the pool (`∞` for a pool with no end).
pub fn ammo_left(w: &World) -> String {
    let mags: u32 = w
        .agents()
        .iter()
        .filter(|a| a.alive && a.is_gunner())
        .map(|a| a.mag)
        .sum();
    match w.ammo_pool() {
        Some(p) => format!("{} ({mags} loaded + {p} in the pool)", mags + p),
        None => format!("{mags} loaded + ∞"),
    }
}

/// `m:ss` of tick `t`.
pub fn clock(t: u64) -> String {
    let secs = (t as f32 * DT) as u32;
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// `difficulty normal, director hard` / `difficulty normal, director off` (T3, T4).
pub fn pacing(w: &World) -> String {
    format!(
        "difficulty {}, director {}",
        w.difficulty().name(),
        w.director().level.map_or("off", |l| l.name())
    )
}
