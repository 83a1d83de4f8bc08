//! The menus' vocabulary: a key as every menu sees it ([`MenuKey`], whether the keyboard,
//! the mouse or a gamepad sent it), the seed a run starts with, the difficulty steps.

use sim::read::Difficulty;

/// A key as the menus see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuKey {
    Up,
    Down,
    Left,
    Right,
    Confirm,
    Back,
    Digit(u8),
    Erase,
    /// The next difficulty (Tab on the title).
    Difficulty,
    /// A letter key the results take (R retry, N new seed, V replay, T title),
    /// lowercase.
    Letter(char),
}

/// Longest seed typed (digits of u64::MAX).
const SEED_DIGITS: usize = 20;

/// The seed a run starts with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum SeedChoice {
    /// The scenario's own seed.
    #[default]
    Own,
    /// A fresh one each start.
    Random,
    /// Digits typed on the title.
    Typed(String),
}

impl SeedChoice {
    /// The line the title shows.
    pub fn line(&self) -> String {
        match self {
            SeedChoice::Own => "< the scenario's own >".into(),
            SeedChoice::Random => "< random >".into(),
            SeedChoice::Typed(d) => format!("{d}_"),
        }
    }

    /// Left/Right: between the scenario's own and random (typing is the third way).
    pub fn cycle(&mut self) {
        *self = match self {
            SeedChoice::Own => SeedChoice::Random,
            _ => SeedChoice::Own,
        };
    }

    pub fn push_digit(&mut self, d: u8) {
        let mut digits = match self {
            SeedChoice::Typed(s) => std::mem::take(s),
            _ => String::new(),
        };
        if digits.len() < SEED_DIGITS && d < 10 {
            let candidate = format!("{digits}{d}");
            if candidate.parse::<u64>().is_ok() {
                digits = candidate;
            }
        }
        *self = SeedChoice::Typed(digits);
    }

    pub fn erase(&mut self) {
        if let SeedChoice::Typed(s) = self {
            s.pop();
            if s.is_empty() {
                *self = SeedChoice::Own;
            }
        }
    }

    /// The seed to start with: `None` keeps the scenario's own; random draws one.
    pub fn resolve(&self) -> Option<u64> {
        match self {
            SeedChoice::Own => None,
            SeedChoice::Random => Some(random_seed()),
            SeedChoice::Typed(d) => d.parse().ok(),
        }
    }
}

/// A seed from the wall clock and the process id (the shell's own randomness; the
/// simulation only ever sees the number).
pub fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    // splitmix64: neighbouring clock readings give unrelated seeds.
    let mut z = nanos ^ ((std::process::id() as u64) << 32);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) % 1_000_000
}

/// Easy ↔ normal ↔ hard, wrapping (the briefing's choice).
pub fn step_difficulty(d: Difficulty, up: bool) -> Difficulty {
    let all = Difficulty::ALL;
    let i = all.iter().position(|&x| x == d).unwrap_or(1);
    all[if up { (i + 1) % 3 } else { (i + 2) % 3 }]
}

/// The scenario's own → easy → normal → hard → the scenario's own.
pub fn next_difficulty(d: Option<Difficulty>) -> Option<Difficulty> {
    match d {
        None => Some(Difficulty::Easy),
        Some(Difficulty::Easy) => Some(Difficulty::Normal),
        Some(Difficulty::Normal) => Some(Difficulty::Hard),
        Some(Difficulty::Hard) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_own_random_or_typed() {
        let mut s = SeedChoice::Own;
        assert_eq!(s.resolve(), None);
        s.cycle();
        assert_eq!(s, SeedChoice::Random);
        assert!(s.resolve().is_some());
        s.cycle();
        assert_eq!(s, SeedChoice::Own);
        for d in [4, 0, 2] {
            s.push_digit(d);
        }
        assert_eq!(s.resolve(), Some(402));
        assert_eq!(s.line(), "402_");
        s.erase();
        assert_eq!(s.resolve(), Some(40));
        s.erase();
        s.erase();
        assert_eq!(
            s,
            SeedChoice::Own,
            "erasing every digit goes back to the own seed"
        );
        // Never more than a u64 holds.
        for _ in 0..30 {
            s.push_digit(9);
        }
        assert_eq!(s.resolve(), Some(9_999_999_999_999_999_999));
    }
}
