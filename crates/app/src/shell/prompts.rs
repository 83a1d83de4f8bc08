//! The player's own keys in the game's words (REQ K8, C4): an objective's label or a
//! mission's `say` line may name a verb in braces — `{move}`, `{sprint}`,
//! `{formation}`, `{manual}`, `{target}`, `{flare}`, `{grenade}`, `{medkit}`, or any
//! action by its settings name (`{pause}`, `{help}`, …) — and the HUD, its notices and
//! the results show the key the player has on it now ([`KeyNames::fill`]), so a
//! rebinding changes the training's prompts too.

use sim::read::Tool;
use winit::keyboard::KeyCode;

use super::bindings::{key_label, tool_bind, Bind, Bindings};
use view::screens::Results;

pub use super::keys_listed::NO_KEY;

/// The words a prompt may use beyond the actions' own names, and the binds they stand
/// for (keys of several binds are listed together).
const GROUPS: &[(&str, &[Bind])] = &[
    (
        "move",
        &[
            Bind::MoveUp,
            Bind::MoveLeft,
            Bind::MoveDown,
            Bind::MoveRight,
        ],
    ),
    ("formation", &[Bind::Wedge, Bind::Line, Bind::Ring]),
    ("manual", &[Bind::ToggleManual]),
    ("target", &[Bind::CycleTarget]),
    ("aim", &[Bind::AimLeft, Bind::AimRight]),
];

/// The keys of every verb under one set of bindings, as prompts show them.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyNames {
    /// `(word, keys)`: the groups' words first, then every action's settings name.
    words: Vec<(&'static str, String)>,
    /// Help's and the title's rows whose keys the player changed, with the keys now
    /// ([`super::keys_listed::player_keys`]).
    controls: Vec<(&'static str, String)>,
}

impl Default for KeyNames {
    /// The default bindings' names.
    fn default() -> KeyNames {
        KeyNames::of(&Bindings::default())
    }
}

/// A key as a prompt names it: the settings' name, a side-specific modifier without its
/// side (`LShift` → `Shift`).
pub fn prompt_key(code: KeyCode) -> &'static str {
    match key_label(code) {
        "LShift" | "RShift" => "Shift",
        "LCtrl" | "RCtrl" => "Ctrl",
        "LAlt" | "RAlt" => "Alt",
        other => other,
    }
}

/// The keys of `binds` (each bind's first key) in a prompt: run together when each is
/// one character (`WASD`), else spaced (`1 2 3`, `Up Left Down Right`); a single bind's
/// first key alone (`Shift`, `Space`).
fn keys_of(b: &Bindings, binds: &[Bind]) -> String {
    let firsts: Vec<&str> = binds
        .iter()
        .filter_map(|&bind| b.keys(bind).next().map(prompt_key))
        .collect();
    if firsts.is_empty() {
        return NO_KEY.into();
    }
    let letters = firsts
        .iter()
        .all(|k| k.len() == 1 && k.chars().all(char::is_alphabetic));
    if binds.len() > 1 && letters {
        firsts.concat()
    } else {
        firsts.join(" ")
    }
}

impl KeyNames {
    /// The names under `b`.
    pub fn of(b: &Bindings) -> KeyNames {
        let mut words: Vec<(&'static str, String)> = GROUPS
            .iter()
            .map(|(w, binds)| (*w, keys_of(b, binds)))
            .collect();
        words.extend(
            Bind::ALL
                .into_iter()
                .map(|bind| (bind.name(), keys_of(b, &[bind]))),
        );
        let controls = view::screens::help::control_rows()
            .map(|(k, _)| *k)
            .chain(view::screens::title::TITLE_KEYS.iter().map(|(k, _)| *k))
            .filter_map(|k| super::keys_listed::player_keys(b, k).map(|p| (k, p)))
            .collect();
        KeyNames { words, controls }
    }

    /// The keys the player has for a row of help's or the title's controls (`None`:
    /// the row's own words stand).
    pub fn control(&self, key: &str) -> Option<String> {
        self.controls
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, p)| p.clone())
    }

    /// The keys `word` stands for (`None`: not a verb prompts know).
    pub fn get(&self, word: &str) -> Option<&str> {
        self.words
            .iter()
            .find(|(w, _)| *w == word)
            .map(|(_, k)| k.as_str())
    }

    /// `tool`'s key (what the HUD's kit line writes beside its charges).
    pub fn tool(&self, tool: Tool) -> &str {
        self.get(tool_bind(tool).name()).unwrap_or(NO_KEY)
    }

    /// `text` with every `{word}` a verb replaced by its keys; anything else in braces
    /// (an unknown word, a brace left open) is kept as written.
    pub fn fill(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            match after.find('}').map(|close| (&after[..close], close)) {
                Some((word, close)) if self.get(word).is_some() => {
                    out.push_str(self.get(word).unwrap_or_default());
                    rest = &after[close + 1..];
                }
                _ => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// The results with a mission's objectives in the player's keys.
    pub fn fill_results(&self, r: &mut Results) {
        if let Some(m) = r.mission.as_mut() {
            for o in m.objectives.iter_mut() {
                o.label = self.fill(&o.label);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The training's prompts (REQ K8) in the default keys: every placeholder its
    /// mission uses is a verb this fills, and what it fills in is the bindings' own.
    #[test]
    fn the_training_s_placeholders_are_the_default_keys() {
        let k = KeyNames::default();
        let cases = [
            ("Move the disk: {move}", "Move the disk: WASD"),
            (
                "Sprint: hold {sprint} while moving",
                "Sprint: hold Shift while moving",
            ),
            (
                "Change the squad's shape: {formation}",
                "Change the squad's shape: 1 2 3",
            ),
            (
                "Take the aim yourself: {manual}",
                "Take the aim yourself: Space",
            ),
            ("Pick their target: {target}", "Pick their target: Tab"),
            (
                "{flare} (it lands where you aim)",
                "F (it lands where you aim)",
            ),
            ("{grenade} and {medkit}", "G and E"),
            ("{pause} or {help}", "P or H"),
        ];
        for (text, want) in cases {
            assert_eq!(k.fill(text), want, "{text}");
        }
        assert_eq!(k.tool(Tool::Grenade), "G");
        // Every {word} the training mission's labels and lines use is filled.
        let scn = sim::content::CAMPAIGN
            .iter()
            .find(|(name, _)| name.starts_with("m0_"))
            .map(|(_, text)| *text)
            .expect("the training mission");
        let mut words = 0;
        for line in scn.lines().filter(|l| !l.starts_with('#')) {
            let filled = k.fill(line);
            assert!(!filled.contains('{'), "{line} -> {filled}");
            words += line.matches('{').count();
        }
        assert!(words >= 8, "{words} placeholders in the training");
    }

    /// A rebinding shows in the prompts at once: the keys come from the bindings.
    #[test]
    fn prompts_follow_a_rebinding() {
        let mut b = Bindings::default();
        b.rebind(Bind::Grenade, 0, KeyCode::KeyQ);
        b.rebind(Bind::MoveUp, 0, KeyCode::KeyI);
        b.rebind(Bind::Sprint, 0, KeyCode::ControlLeft);
        b.rebind(Bind::Wedge, 0, KeyCode::F7);
        b.clear(Bind::Medkit, 0).unwrap();
        let k = KeyNames::of(&b);
        assert_eq!(k.fill("{grenade}"), "Q");
        assert_eq!(k.fill("{move}"), "IASD");
        assert_eq!(k.fill("{sprint}"), "Ctrl");
        assert_eq!(k.fill("{formation}"), "F7 2 3");
        assert_eq!(k.fill("{medkit}"), NO_KEY);
        assert_eq!(k.tool(Tool::Medkit), NO_KEY);
    }

    #[test]
    fn unknown_words_and_open_braces_are_kept() {
        let k = KeyNames::default();
        assert_eq!(k.fill("{nothing} here"), "{nothing} here");
        assert_eq!(k.fill("a { b {move"), "a { b {move");
        assert_eq!(k.fill("{{move}}"), "{WASD}");
        assert_eq!(k.fill(""), "");
        assert_eq!(k.fill("no braces"), "no braces");
    }
}
