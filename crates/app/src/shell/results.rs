//! The results' keys (REQ §20): what Enter, R, N, V, T and Esc do after a run, and the
//! line of keys shown under the results (a campaign mission's own).

use view::screens::results::RESULTS_KEYS;

use super::menu::MenuKey;

/// What the results' keys do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultsAction {
    /// The next mission's briefing (a campaign mission won).
    NextMission,
    Retry,
    NewSeed,
    Replay,
    Title,
}

/// A key on the results; `mission` is `Some(won)` after a campaign mission. Enter plays
/// the next mission after a won one, and the same run again otherwise; R retries, N (not
/// in the campaign) takes a new seed, V plays the replay, T or Esc goes to the title.
pub fn results_key(k: MenuKey, mission: Option<bool>) -> Option<ResultsAction> {
    Some(match k {
        MenuKey::Confirm if mission == Some(true) => ResultsAction::NextMission,
        MenuKey::Confirm | MenuKey::Letter('r') => ResultsAction::Retry,
        MenuKey::Letter('n') if mission.is_none() => ResultsAction::NewSeed,
        MenuKey::Letter('v') => ResultsAction::Replay,
        MenuKey::Letter('t') | MenuKey::Back => ResultsAction::Title,
        _ => return None,
    })
}

/// The line of keys under the results of a run started from the editor (REQ §31).
pub const EDITOR_RESULTS_KEYS: &str =
    "R/Enter: play again   N: new seed   V: replay   T/Esc: back to the editor";

/// The line of keys under the results: a campaign mission's (`Some((won, last))`) or
/// every other run's.
pub fn results_keys(mission: Option<(bool, bool)>) -> &'static str {
    match mission {
        None => RESULTS_KEYS,
        Some((true, false)) => "Enter: next mission   R: retry   V: replay   T: title",
        Some((true, true)) => "Enter: the campaign   R: retry   V: replay   T: title",
        Some((false, _)) => "Enter/R: retry   V: replay   T/Esc: title",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_results_keys_follow_the_mission() {
        use ResultsAction::*;
        assert_eq!(results_key(MenuKey::Confirm, None), Some(Retry));
        assert_eq!(results_key(MenuKey::Confirm, Some(true)), Some(NextMission));
        assert_eq!(results_key(MenuKey::Confirm, Some(false)), Some(Retry));
        assert_eq!(results_key(MenuKey::Letter('r'), Some(true)), Some(Retry));
        assert_eq!(results_key(MenuKey::Letter('n'), None), Some(NewSeed));
        assert_eq!(results_key(MenuKey::Letter('n'), Some(false)), None);
        assert_eq!(results_key(MenuKey::Letter('t'), None), Some(Title));
        assert_eq!(results_key(MenuKey::Back, Some(true)), Some(Title));
        assert_eq!(results_key(MenuKey::Letter('v'), None), Some(Replay));
        assert!(results_keys(Some((true, false))).starts_with("Enter: next mission"));
        assert!(results_keys(Some((false, false))).contains("R: retry"));
        assert_eq!(results_keys(None), RESULTS_KEYS);
    }
}
