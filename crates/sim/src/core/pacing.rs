//! Pacing words the director, the scenario header and the results share (REQ T3, T4).

use serde::{Deserialize, Serialize};

/// Easy, normal or hard (T4): the director's level, the enemies' damage and counts.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Difficulty {
    Easy,
    #[default]
    Normal,
    Hard,
}

impl Difficulty {
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

    pub fn parse(s: &str) -> Option<Difficulty> {
        match s {
            "easy" => Some(Difficulty::Easy),
            "normal" => Some(Difficulty::Normal),
            "hard" => Some(Difficulty::Hard),
            _ => None,
        }
    }

    /// The level's place in `ALL`: easy 0, normal 1, hard 2.
    pub fn step(self) -> i32 {
        self as i32
    }

    /// The level `by` steps harder (negative: easier), clamped to easy..hard.
    pub fn shifted(self, by: i32) -> Difficulty {
        Difficulty::ALL[(self.step() + by).clamp(0, 2) as usize]
    }

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }
}

/// The director's phase (T3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    #[default]
    BuildUp,
    Peak,
    Fade,
    Relax,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::BuildUp => "build-up",
            Phase::Peak => "peak",
            Phase::Fade => "fade",
            Phase::Relax => "relax",
        }
    }
}
