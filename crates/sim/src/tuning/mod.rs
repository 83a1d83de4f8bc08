//! Every number of the behaviour in one place (REQ Q2): TOML with compiled-in defaults.
//!
//! Unknown keys are errors (serde `deny_unknown_fields`) and every value is range-checked
//! by [`Tuning::validate`], so a typo never silently falls back to a default. Timers are
//! given in seconds here and converted once to integer ticks by [`TickTuning`] (S1.2).
//!
//! The game has one tuning file, but the simulation owns only its behaviour sections:
//! render-only sections (the horror layer's, later sound and UI) belong to the view and
//! the app, which read them from the same text ([`file`]), so they are in no checksum
//! and no replay (REQ §25).

use serde::{Deserialize, Serialize};

pub(crate) mod ammo;
pub(crate) mod anchor;
pub(crate) mod director;
pub(crate) mod enemy;
pub(crate) mod file;
pub(crate) mod fire;
pub(crate) mod formation;
pub(crate) mod lane;
pub(crate) mod light;
pub(crate) mod melee;
pub(crate) mod mission;
pub(crate) mod movement;
pub(crate) mod pilot;
pub(crate) mod solver;
pub(crate) mod squad;
pub(crate) mod tools;
pub(crate) mod validator;

pub use ammo::AmmoTuning;
pub use anchor::AnchorTuning;
pub use director::{DirectorTuning, LevelTuning};
pub use enemy::{EnemyTuning, KindTuning, SpitTuning, StalkTuning};
pub use fire::FireTuning;
pub use formation::FormationTuning;
pub use lane::LaneTuning;
pub use light::{BeamTuning, LightTuning};
pub use melee::MeleeTuning;
pub use mission::MissionTuning;
pub use movement::MovementTuning;
pub use pilot::PilotTuning;
pub use solver::SolverTuning;
pub use squad::SquadTuning;
pub use tools::ToolsTuning;

pub use file::{section_from_toml, to_toml_text, TuningError};
pub use validator::Validator;

/// Simulation rate (S1.2).
pub const TICK_HZ: u32 = 60;
/// Seconds per tick.
pub const DT: f32 = 1.0 / TICK_HZ as f32;

/// `ticks = round(seconds * 60)`, the one rounding of a timer (half away from zero, done
/// in f64 so 0.15 s is exactly 9 ticks).
pub fn ticks(seconds: f32) -> u32 {
    let t = (seconds as f64 * TICK_HZ as f64).round();
    if t.is_finite() && t > 0.0 {
        t.min(u32::MAX as f64) as u32
    } else {
        0
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Tuning {
    pub squad: SquadTuning,
    pub anchor: AnchorTuning,
    pub formation: FormationTuning,
    pub lane: LaneTuning,
    pub solver: SolverTuning,
    pub movement: MovementTuning,
    pub fire: FireTuning,
    pub melee: MeleeTuning,
    pub enemy: EnemyTuning,
    /// The flashlights' gameplay cones (T2), which the view's beams also read.
    pub light: LightTuning,
    /// The director and the difficulty levels (T3, T4).
    pub director: DirectorTuning,
    /// Nests and items (C1).
    pub mission: MissionTuning,
    /// The player's tools: flares, medkits, grenades (K3–K5).
    pub tools: ToolsTuning,
    /// The gunners' magazines, reloads and the crates (K1, K2).
    pub ammo: AmmoTuning,
    /// The scripted route pilot (driver, not simulation).
    pub pilot: PilotTuning,
}

impl Tuning {
    /// Parses a TOML tuning file of behaviour sections only. Keys left out keep their
    /// defaults; unknown keys and out-of-range values are errors naming `file:line:col`
    /// and the key.
    pub fn from_toml(file: &str, text: &str) -> Result<Tuning, TuningError> {
        Tuning::from_toml_except(file, text, &[])
    }

    /// Parses the behaviour sections of a tuning file whose top-level sections named in
    /// `others` belong to other readers (the view's and the app's render-only sections):
    /// those are skipped here, any other unknown section is an error.
    pub fn from_toml_except(
        file: &str,
        text: &str,
        others: &[&str],
    ) -> Result<Tuning, TuningError> {
        file::parse_toml(
            file,
            text,
            |d| file::skipping(d, others),
            |t: &Tuning, v| t.check(v),
        )
    }

    /// The compiled-in defaults as TOML (what `--print-tuning` shows).
    pub fn to_toml(&self) -> String {
        to_toml_text(self)
    }

    /// Range checks; on failure the dotted key and what was expected.
    pub fn validate(&self) -> Result<(), (String, String)> {
        let mut v = Validator::default();
        self.check(&mut v);
        v.finish()
    }

    /// Every section's range checks into `v`.
    fn check(&self, v: &mut Validator) {
        self.squad.validate(v);
        self.anchor.validate(v);
        self.formation.validate(v);
        self.lane.validate(v);
        self.solver.validate(v);
        self.movement.validate(v);
        self.fire.validate(v);
        self.melee.validate(v);
        self.enemy.validate(v);
        self.light.validate(v);
        self.director.validate(v);
        self.mission.validate(v);
        self.tools.validate(v);
        self.ammo.validate(v);
        self.pilot.validate(v);
    }

    /// `|muzzle-lane axis − ally centre|` below which an ally blocks a lane:
    /// `bodyRadius + laneHalfWidth + safetyMargin` (0.53 with the defaults, S4).
    pub fn lane_threshold(&self) -> f32 {
        self.squad.body_radius + self.lane.lane_half_width + self.lane.safety_margin
    }

    /// The reservation corridor half-width (S7).
    pub fn reserve_threshold(&self) -> f32 {
        self.lane_threshold() * self.lane.reserve_scale
    }
}

/// Every timer of the tuning, converted once to integer ticks (S1.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TickTuning {
    pub hold_delay: u32,
    pub hold_settle_max: u32,
    /// The squad walking up to a disk that stays (REQ W4), at most.
    pub gather_max: u32,
    pub solve_interval: u32,
    pub commit_time: u32,
    pub fire_cooldown: u32,
    pub repath_interval: u32,
    pub stagger: u32,
    pub strike_windup: [u32; 3],
    pub strike_active: [u32; 3],
    pub strike_recovery: [u32; 3],
    pub strike_stagger: [u32; 3],
    pub combo_window: u32,
    pub combo_cooldown: u32,
    /// Turn-taking at a choke (S10.1): the wait that claims a turn, and how long it lasts.
    pub turn_wait: u32,
    pub turn_give: u32,
    pub flow_interval: u32,
    /// A stalker's back-off after the light left it (T2).
    pub stalk_back_off: u32,
    /// A flare's burn and the fading end of it (K3).
    pub flare_burn: u32,
    pub flare_fade: u32,
    /// The medkit's work (K4).
    pub medkit_time: u32,
    /// A grenade's fuse after it lands, and the stagger of its blast (K5).
    pub grenade_fuse: u32,
    pub grenade_stagger: u32,
    /// A gunner's reload (K1).
    pub reload_time: u32,
}

impl TickTuning {
    pub fn from_tuning(t: &Tuning) -> TickTuning {
        TickTuning {
            hold_delay: ticks(t.squad.hold_delay),
            hold_settle_max: ticks(t.squad.hold_settle_max),
            gather_max: ticks(t.squad.gather_max),
            solve_interval: ticks(t.solver.interval).max(1),
            commit_time: ticks(t.solver.commit_time),
            fire_cooldown: ticks(t.fire.cooldown),
            repath_interval: ticks(t.movement.repath_interval).max(1),
            stagger: ticks(t.enemy.stagger_time),
            strike_windup: t.melee.windup.map(|s| ticks(s).max(1)),
            strike_active: t.melee.active.map(|s| ticks(s).max(1)),
            strike_recovery: t.melee.recovery.map(ticks),
            strike_stagger: t.melee.stagger.map(ticks),
            combo_window: ticks(t.melee.combo_window),
            combo_cooldown: ticks(t.melee.combo_cooldown),
            turn_wait: ticks(t.melee.turn_wait).max(1),
            turn_give: ticks(t.melee.turn_give),
            flow_interval: ticks(t.enemy.flow_interval).max(1),
            stalk_back_off: ticks(t.enemy.stalk.back_off_time),
            flare_burn: ticks(t.tools.flare_burn).max(1),
            flare_fade: ticks(t.tools.flare_fade),
            medkit_time: ticks(t.tools.medkit_time).max(1),
            grenade_fuse: ticks(t.tools.grenade_fuse).max(1),
            grenade_stagger: ticks(t.tools.grenade_stagger),
            reload_time: ticks(t.ammo.reload_time).max(1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timers_round_once_half_away_from_zero() {
        assert_eq!(ticks(0.15), 9);
        assert_eq!(ticks(0.35), 21);
        assert_eq!(ticks(0.25), 15);
        assert_eq!(ticks(0.6), 36);
        assert_eq!(ticks(0.125), 8, "7.5 ticks rounds up");
        assert_eq!(ticks(0.0083), 0, "0.498 ticks rounds down");
        assert_eq!(ticks(-1.0), 0);
        assert_eq!(ticks(f32::NAN), 0);
    }

    #[test]
    fn defaults_are_valid_and_round_trip_through_toml() {
        let t = Tuning::default();
        t.validate().unwrap();
        let text = t.to_toml();
        assert_eq!(Tuning::from_toml("defaults.toml", &text).unwrap(), t);
        assert!((t.lane_threshold() - 0.53).abs() < 1e-6);
    }

    #[test]
    fn unknown_key_is_an_error_naming_file_line_and_key() {
        let err = Tuning::from_toml("t.toml", "[lane]\nweapon_range = 7.0\nweapon_rnage = 3.0\n")
            .unwrap_err();
        assert!(err.message.starts_with("t.toml:3:1:"), "{}", err.message);
        assert!(err.message.contains("weapon_rnage"), "{}", err.message);
    }

    #[test]
    fn out_of_range_value_names_the_key_and_its_line() {
        let err = Tuning::from_toml("t.toml", "[fire]\n\ncooldown = -2.0\n").unwrap_err();
        assert_eq!(
            err.message,
            "t.toml:3:1: `fire.cooldown`: expected a number in [0, 60], found -2"
        );
    }

    #[test]
    fn wrong_type_is_an_error() {
        let err = Tuning::from_toml("t.toml", "[squad]\nwalk_speed = \"fast\"\n").unwrap_err();
        assert!(err.message.starts_with("t.toml:2:"), "{}", err.message);
    }

    #[test]
    fn sections_of_other_readers_are_skipped_and_only_those() {
        let text = "[lane]\nweapon_range = 7.0\n\n[horror]\nambient = 0.3\nwhatever = [1, 2]\n\n[fire]\ncooldown = 0.5\n";
        let t = Tuning::from_toml_except("t.toml", text, &["horror", "audio"]).unwrap();
        assert_eq!(t.lane.weapon_range, 7.0);
        assert_eq!(t.fire.cooldown, 0.5);
        // Without the section given to another reader, it is an unknown key at its line.
        let err = Tuning::from_toml("t.toml", text).unwrap_err();
        assert!(err.message.starts_with("t.toml:4:"), "{}", err.message);
        assert!(err.message.contains("horror"), "{}", err.message);
        // A section nobody owns is refused where it stands, even with others skipped.
        let err = Tuning::from_toml_except("t.toml", "[lane]\n[horor]\nambient = 1\n", &["horror"])
            .unwrap_err();
        assert!(err.message.starts_with("t.toml:2:"), "{}", err.message);
        assert!(err.message.contains("horor"), "{}", err.message);
        assert!(
            err.message.ends_with("`pilot`, or `horror`"),
            "{}",
            err.message
        );
        // Errors inside the simulation's own sections keep their positions.
        let err = Tuning::from_toml_except(
            "t.toml",
            "[horror]\nx = 1\n[lane]\nweapon_rnage = 3.0\n",
            &["horror"],
        )
        .unwrap_err();
        assert!(err.message.starts_with("t.toml:4:1:"), "{}", err.message);
    }

    #[test]
    fn partial_file_keeps_other_defaults() {
        let t = Tuning::from_toml("t.toml", "[anchor]\nspeed = 4.0\n").unwrap();
        assert_eq!(t.anchor.speed, 4.0);
        assert_eq!(t.anchor.leash, AnchorTuning::default().leash);
    }
}
