//! Results (the squad fell or the scenario ended): how the run went. The simulation
//! counts shots, kills and friendly hits itself ([`sim::read::Stats`]); who made
//! each kill it does not count, so [`RunTally`] derives it from the tick's events.

use raster::{chars_fitting, clip_end, text_width, wrap_lines, Rgba};
use sim::read::{Difficulty, EventKind, Goal, Outcome as MissionOutcome, Status, World};

use super::layout::{Layout, Rect, DESIGN_H, DESIGN_W};
use super::style::{clock_text, line_box, ACCENT, DANGER, INK, INK_DIM, SAFE};

/// Kills split by who made them, derived from the events: an `EnemyKilled` is credited
/// to the last `EnemyHit` (a gunner's bullet) or `MeleeHit` (a blade's strike) on that
/// enemy earlier in the same tick — the damage path emits the hit, then the kill.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RunTally {
    pub by_gunners: u32,
    pub by_blades: u32,
    /// Kills with no hit before them in the tick (none expected; counted so the sum is
    /// always the simulation's own total).
    pub unattributed: u32,
    /// The tick whose events were last counted (each tick is counted once).
    counted: Option<u64>,
}

impl RunTally {
    /// Counts the kills of the world's last tick; calling again on the same tick is a
    /// no-op.
    pub fn absorb(&mut self, w: &World) {
        if self.counted == Some(w.tick()) {
            return;
        }
        self.counted = Some(w.tick());
        let ev = w.events();
        for (i, e) in ev.iter().enumerate() {
            let EventKind::EnemyKilled { enemy, .. } = e.kind else {
                continue;
            };
            let by = ev[..i].iter().rev().find_map(|h| match h.kind {
                EventKind::EnemyHit { enemy: id, .. } if id == enemy => Some(false),
                EventKind::MeleeHit { enemy: id, .. } if id == enemy => Some(true),
                _ => None,
            });
            match by {
                Some(false) => self.by_gunners += 1,
                Some(true) => self.by_blades += 1,
                None => self.unattributed += 1,
            }
        }
    }
}

/// How the run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// All five agents are down.
    SquadDown,
    /// The scenario's time ran out with someone standing.
    Survived,
    /// Neither yet (a headless `--screen results` before the end).
    SoFar,
}

/// The numbers the results screen shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Results {
    pub outcome: Outcome,
    pub scenario: String,
    pub seed: u64,
    pub seconds: f32,
    pub kills: u32,
    pub tally: RunTally,
    pub shots_fired: u32,
    pub shots_withheld: u32,
    pub friendly_hits: u32,
    pub standing: usize,
    pub squad: usize,
    /// Enemy blows and spits that landed on the squad (T3).
    pub blows_landed: u32,
    pub agents_down: u32,
    /// Seconds into the run the first agent fell.
    pub first_fall: Option<f32>,
    /// Ammunition (REQ K1): reloads done, rounds left in the standing gunners'
    /// magazines and in the pool (`None`: a scenario whose pool has no end).
    pub reloads: u32,
    pub rounds_loaded: u32,
    pub pool: Option<u32>,
    /// The player's tools used (REQ K3–K5): flares thrown, medkits' work done, grenades
    /// thrown; and grenades the rules refused.
    pub flares: u32,
    pub medkits: u32,
    pub grenades: u32,
    pub grenades_refused: u32,
    /// The difficulty the run played at, and the director's level (`None`: off).
    pub difficulty: Difficulty,
    pub director: Option<Difficulty>,
    /// A mission's outcome and each objective's (C1); `None` without a mission.
    pub mission: Option<MissionResults>,
    /// A campaign mission's rows of what the campaign keeps (REQ K6: who is wounded,
    /// who was lost and replaced, the charges and rounds carried on), filled by the
    /// app; they take the standing row's place, and the time goes to the subtitle.
    /// Empty otherwise.
    pub campaign: Vec<(&'static str, String, String)>,
}

/// What a mission came to: won or not, and each objective's.
#[derive(Clone, Debug, PartialEq)]
pub struct MissionResults {
    pub won: bool,
    pub objectives: Vec<ObjectiveResult>,
}

/// One objective at the end: its label, the time it was done (`None`: not done) and,
/// for one not done that counts, how far it got ("2/3 burned": the nests).
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectiveResult {
    pub label: String,
    pub at: Option<f32>,
    pub reached: Option<String>,
}

impl MissionResults {
    /// The mission of `w`, if it has one.
    pub fn of(w: &World) -> Option<MissionResults> {
        let m = w.mission();
        m.is_mission().then(|| MissionResults {
            won: matches!(m.outcome, MissionOutcome::Won { .. }),
            objectives: m
                .objectives
                .iter()
                .map(|o| {
                    let at = match o.status {
                        Status::Done { at } => Some((at + 1) as f32 * sim::tuning::DT),
                        _ => None,
                    };
                    let reached = match o.spec.goal {
                        Goal::Nests if at.is_none() => {
                            let all = m.nests.len();
                            Some(format!(
                                "{}/{all} burned",
                                all - m.nests_left_in(w.enemies())
                            ))
                        }
                        _ => None,
                    };
                    ObjectiveResult {
                        label: o.spec.label.clone(),
                        at,
                        reached,
                    }
                })
                .collect(),
        })
    }
}

impl Results {
    /// The results of `w` as it stands, with the kills split by `tally`; the scenario
    /// lasts `duration` ticks.
    pub fn of(w: &World, tally: &RunTally, scenario: &str, seed: u64, duration: u64) -> Results {
        let s = w.stats();
        Results {
            outcome: if w.lost() {
                Outcome::SquadDown
            } else if w.tick() >= duration {
                Outcome::Survived
            } else {
                Outcome::SoFar
            },
            scenario: scenario.to_string(),
            seed,
            seconds: w.tick() as f32 * sim::tuning::DT,
            kills: s.kills,
            tally: *tally,
            shots_fired: s.shots_fired,
            shots_withheld: s.shots_withheld_intercept,
            friendly_hits: s.friendly_hits,
            standing: w.standing_agents(),
            squad: w.agents().len(),
            blows_landed: s.blows_landed,
            agents_down: s.agents_down,
            first_fall: s.first_fall.map(|t| t as f32 * sim::tuning::DT),
            reloads: s.reloads,
            rounds_loaded: w
                .agents()
                .iter()
                .filter(|a| a.alive && a.is_gunner())
                .map(|a| a.mag)
                .sum(),
            pool: w.ammo_pool(),
            flares: s.flares_used,
            medkits: s.medkits_used,
            grenades: s.grenades_thrown,
            grenades_refused: s.grenades_refused,
            difficulty: w.difficulty(),
            director: w.director().level,
            mission: MissionResults::of(w),
            campaign: Vec::new(),
        }
    }

    /// The ammunition's row (REQ K1): rounds fired; the reloads and what is left, loaded
    /// and in the pool.
    fn ammo_row(&self) -> (&'static str, String, String) {
        let left = match self.pool {
            Some(p) => format!(
                "{} left: {} loaded + {p} in the pool",
                self.rounds_loaded + p,
                self.rounds_loaded
            ),
            None => format!("{} loaded, the pool has no end", self.rounds_loaded),
        };
        (
            "Rounds fired",
            self.shots_fired.to_string(),
            format!("({} reloads; {left})", self.reloads),
        )
    }

    /// The tools' row (REQ K3–K5): how many were used, each tool's count and the
    /// grenades refused.
    fn tools_row(&self) -> (&'static str, String, String) {
        let used = self.flares + self.medkits + self.grenades;
        (
            "Tools used",
            used.to_string(),
            format!(
                "(flares {}, medkits {}, grenades {}; {} grenade{} refused)",
                self.flares,
                self.medkits,
                self.grenades,
                self.grenades_refused,
                if self.grenades_refused == 1 { "" } else { "s" }
            ),
        )
    }

    /// The enemies' blows and spits that landed on the squad (T3).
    fn blows_row(&self) -> (&'static str, String, String) {
        (
            "Enemy blows",
            self.blows_landed.to_string(),
            "(blows and spits that landed)".into(),
        )
    }

    /// The squad at the end: standing, and the agents lost (the first when).
    fn standing_row(&self) -> (&'static str, String, String) {
        (
            "Standing",
            format!("{} of {}", self.standing, self.squad),
            match self.first_fall {
                Some(t) => format!(
                    "({} lost, the first at {})",
                    self.agents_down,
                    clock_text(t)
                ),
                None => "(no agent lost)".into(),
            },
        )
    }

    /// The line under the scenario's name: the seed, the difficulty and the director.
    pub fn subtitle(&self) -> String {
        let mut s = format!(
            "{} difficulty, director {}, seed {}",
            self.difficulty.name(),
            self.director.map_or("off", |d| d.name()),
            self.seed
        );
        // A campaign mission's time is here, its rows being the squad's.
        if !self.campaign.is_empty() {
            s += &format!(", time {}", clock_text(self.seconds));
        }
        s
    }

    /// The rows of the table: label, value, a note in small print.
    pub fn rows(&self) -> Vec<(&'static str, String, String)> {
        let t = &self.tally;
        let mut split = format!("(gunners {}, blades {}", t.by_gunners, t.by_blades);
        if t.unattributed > 0 {
            split.push_str(&format!(", other {}", t.unattributed));
        }
        split.push(')');
        if let Some(m) = &self.mission {
            // A mission's results: its objectives first, then how the squad fared.
            let mut rows = objective_rows(m);
            if self.campaign.is_empty() {
                rows.push(("Time", clock_text(self.seconds), String::new()));
            }
            rows.extend([
                ("Kills", self.kills.to_string(), split),
                (
                    "Friendly hits",
                    self.friendly_hits.to_string(),
                    format!("({} withheld: an ally in the lane)", self.shots_withheld),
                ),
                self.ammo_row(),
                self.tools_row(),
                self.blows_row(),
            ]);
            if self.campaign.is_empty() {
                rows.push(self.standing_row());
            } else {
                rows.extend(self.campaign.iter().cloned());
            }
            return rows;
        }
        vec![
            ("Time survived", clock_text(self.seconds), String::new()),
            ("Kills", self.kills.to_string(), split),
            self.ammo_row(),
            (
                "Shots withheld",
                self.shots_withheld.to_string(),
                "(an ally in the lane)".into(),
            ),
            (
                "Friendly hits",
                self.friendly_hits.to_string(),
                if self.friendly_hits == 0 {
                    "(no ally was hit)".into()
                } else {
                    "(allies hit by the squad)".into()
                },
            ),
            self.blows_row(),
            self.tools_row(),
            self.standing_row(),
        ]
    }
}

/// Objectives shown a row each, at most; a mission with more (the training's dozen)
/// gets one row: how many were done, and those that were not (or when the last was).
pub const OBJECTIVE_ROWS: usize = 4;

/// A mission's objectives as rows of the results.
fn objective_rows(m: &MissionResults) -> Vec<(&'static str, String, String)> {
    if m.objectives.len() <= OBJECTIVE_ROWS {
        return m
            .objectives
            .iter()
            .map(|o| {
                let value = match (o.at, &o.reached) {
                    (Some(t), _) => format!("done {}", clock_text(t)),
                    (None, Some(so_far)) => so_far.clone(),
                    (None, None) => "not done".into(),
                };
                ("Objective", value, o.label.clone())
            })
            .collect();
    }
    let done = m.objectives.iter().filter(|o| o.at.is_some()).count();
    let missed: Vec<String> = m
        .objectives
        .iter()
        .filter(|o| o.at.is_none())
        .map(|o| match &o.reached {
            Some(so_far) => format!("{}, {so_far}", o.label),
            None => o.label.clone(),
        })
        .collect();
    let note = match missed.first() {
        None => {
            let last = m.objectives.iter().filter_map(|o| o.at).fold(0.0, f32::max);
            format!("(all done, the last at {})", clock_text(last))
        }
        Some(first) if missed.len() == 1 => format!("(not done: {first})"),
        Some(first) => format!("(not done: {first}, and {} more)", missed.len() - 1),
    };
    vec![(
        "Objectives",
        format!("{done} of {}", m.objectives.len()),
        note,
    )]
}

const SCALE: u32 = 3;
/// A row's least height: its label's box and 4 units over it.
const PITCH: i32 = line_box(SCALE) + 4;
/// A note's line pitch (its box and a unit).
const NOTE_PITCH: i32 = line_box(2) + 1;
/// How far a row's stripe starts above its label.
const STRIPE_UP: i32 = 4;
/// How far under a label's top a text at `scale` starts to sit on the label's
/// baseline.
fn on_baseline(scale: u32) -> i32 {
    (raster::baseline() * (SCALE - scale.min(SCALE)) as f32).round() as i32
}

/// The panel's top to its first row's stripe: the heading, the scenario, the subtitle.
const TOP: i32 = 136;
/// The panel's width when the table would not fit the frame at its usual 1040.
const WIDE: i32 = 1200;

/// The keys offered under the results (there are no replays yet, so no replay key).
pub const RESULTS_KEYS: &str = "R/Enter: restart   N: new seed   V: replay   T/Esc: title";

/// The results on a `w`×`h` frame. Each row is a stripe: the label, the value (at
/// scale 3, or 2 if that is too wide) and its note in small print after it, wrapped
/// over more lines (the row growing) when it does not fit beside the value, or under
/// the value when too little room is left beside it.
pub fn layout(fw: usize, fh: usize, r: &Results) -> Layout {
    layout_with_keys(fw, fh, r, RESULTS_KEYS)
}

/// [`layout`] with `keys` as the line of keys under the table.
pub fn layout_with_keys(fw: usize, fh: usize, r: &Results, keys: &str) -> Layout {
    /// Space between the panel's edge and a stripe, and inside a stripe.
    const MARGIN: i32 = 40;
    const INNER: i32 = 20;
    /// The fewest characters a note is given beside its value.
    const NOTE_MIN: usize = 12;
    let mut l = Layout::new(fw, fh);
    l.dim(150);
    let rows = r.rows();
    let label_w = rows
        .iter()
        .map(|(label, _, _)| text_width(label, SCALE))
        .max()
        .unwrap_or(0);

    // Each row's value, note lines and height, before the panel is placed.
    struct Row<'a> {
        label: &'a str,
        value: String,
        scale: u32,
        note: Vec<String>,
        /// Where the note starts, from the row's top-left.
        note_at: (i32, i32),
        h: i32,
    }
    // The panel `w` wide: where its stripes, labels and values go.
    let columns = |w: i32| {
        let x = (DESIGN_W - w) / 2;
        let (sx, sw) = (x + MARGIN, w - 2 * MARGIN);
        let lx = sx + INNER;
        (x, sx, sw, lx, sx + sw - INNER, lx + label_w + 24)
    };
    // The rows on a panel `w` wide, notes wrapped over up to `note_lines` lines (an
    // objective's over up to 3: it is never cut short for room).
    let lay = |w: i32, note_lines: usize| -> Vec<Row> {
        let (_, _, _, _, right, vx) = columns(w);
        rows.iter()
            .map(|(label, value, note)| {
                let scale = if vx + text_width(value, SCALE) + SCALE as i32 <= right {
                    SCALE
                } else {
                    2
                };
                let value = clip_end(value, right - vx - scale as i32, scale);
                let vw = text_width(&value, scale);
                let beside = vx + vw + 20;
                let (note_at, width) = if chars_fitting(right - beside - 2, 2) >= NOTE_MIN {
                    ((beside, on_baseline(2)), right - beside - 2)
                } else {
                    ((vx, line_box(scale) + 2), right - vx - 2)
                };
                let lines = match label.starts_with("Objective") {
                    true => note_lines.max(3),
                    false => note_lines,
                };
                let note = if note.is_empty() {
                    Vec::new()
                } else {
                    wrap_lines(note, width, 2, lines)
                };
                let h = PITCH.max(note_at.1 + NOTE_PITCH * note.len() as i32 + STRIPE_UP);
                Row {
                    label,
                    value,
                    scale,
                    note,
                    note_at,
                    h,
                }
            })
            .collect()
    };
    // The panel 1040 wide, the keys 50 from its foot. A table that would leave the
    // frame (a campaign mission's, with the squad's rows) gets a wider panel with the
    // keys closer to it, then notes over fewer lines (the last one cut; an objective's
    // never).
    let height = |laid: &[Row], below: i32| TOP + laid.iter().map(|row| row.h).sum::<i32>() + below;
    let (mut w, mut laid, mut below, mut keys_up) = (1040, lay(1040, 3), 70, 50);
    for lines in [3, 2, 1] {
        if height(&laid, below) <= DESIGN_H {
            break;
        }
        (w, laid, below, keys_up) = (WIDE, lay(WIDE, lines), 38, 32);
    }
    let h = height(&laid, below);
    let (x, sx, sw, lx, _, vx) = columns(w);
    let y = ((DESIGN_H - h) / 2).max(0);
    let p = l.panel(Rect::new(x, y, w, h));
    let (head, colour) = match (r.outcome, &r.mission) {
        (_, Some(m)) if m.won => ("MISSION ACCOMPLISHED", SAFE),
        (Outcome::SoFar, Some(_)) => ("THE MISSION SO FAR", ACCENT),
        (_, Some(_)) => ("MISSION FAILED", DANGER),
        (Outcome::SquadDown, None) => ("THE SQUAD IS DOWN", DANGER),
        (Outcome::Survived, None) => ("SURVIVED", SAFE),
        (Outcome::SoFar, None) => ("THE RUN SO FAR", ACCENT),
    };
    l.centred(p, y + 18, head, colour, 5);
    let scenario = clip_end(&r.scenario, w - 2 * MARGIN, 2);
    l.centred(p, y + 82, &scenario, INK_DIM, 2);
    let sub = clip_end(&r.subtitle(), w - 2 * MARGIN, 2);
    l.centred(p, y + 82 + NOTE_PITCH + 1, &sub, INK_DIM, 2);
    let mut ry = y + TOP + STRIPE_UP;
    for (i, row) in laid.iter().enumerate() {
        let stripe = Rect::new(sx, ry - STRIPE_UP, sw, row.h);
        if i % 2 == 0 {
            l.fill(stripe, Rgba::new(255, 255, 255, 10));
        }
        l.text(stripe, lx, ry, row.label, INK_DIM, SCALE);
        let dy = on_baseline(row.scale);
        l.text(stripe, vx, ry + dy, &row.value, INK, row.scale);
        for (j, line) in row.note.iter().enumerate() {
            let (nx, ny) = (row.note_at.0, ry + row.note_at.1 + NOTE_PITCH * j as i32);
            l.text(stripe, nx, ny, line, INK_DIM, 2);
        }
        ry += row.h;
    }
    l.centred(p, y + h - keys_up, &clip_end(keys, w - 40, 2), ACCENT, 2);
    l
}
