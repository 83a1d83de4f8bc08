//! The shell's screens as view models (REQ X9): each page of the title, the settings
//! page and the pause menu filled from the menus' state (and the player's lists and
//! files) into [`view::screens::ScreenView`], which the view lays out and draws. The
//! app fills, the view draws: nothing here draws, and the view never calls back.

use view::screens::campaign::{BriefingView, CampaignView, MissionRow, Standing};
use view::screens::settings::{Row, SettingsView, Value};
use view::screens::{clock_text, PauseView, ScreenView, TitleView, TopView};
use winit::keyboard::KeyCode;

use super::bindings::key_label;
use super::campaign::Mission;
use super::catalog::Entry;
use super::pause::PauseMenu;
use super::progress::Progress;
use super::prompts::KeyNames;
use super::settings::Settings;
use super::settings_page::{setting_rows, SettingRow, SettingsMenu};
use super::squad::Squad;
use super::squad_view;
use super::title::{Counts, Page, TitleMenu, TOP_ITEMS};

/// What the title's pages are drawn from besides their state.
#[derive(Clone, Copy)]
pub struct Lists<'a> {
    /// Free play's and the test range's scenarios.
    pub free: &'a [Entry],
    pub range: &'a [Entry],
    pub missions: &'a [Mission],
    pub progress: &'a Progress,
    pub settings: &'a Settings,
    /// The player's missions (REQ §31) and the folder they are kept in.
    pub customs: &'a [crate::editor::missions::Custom],
    pub folder: &'a str,
}

impl Lists<'_> {
    /// The campaign's squad as it stands (a fresh one, of the default tuning, before
    /// any mission was won).
    pub fn squad(&self) -> Squad {
        self.progress
            .squad
            .clone()
            .unwrap_or_else(|| Squad::fresh(&sim::tuning::Tuning::default()))
    }

    pub fn counts(&self) -> Counts<'_> {
        Counts {
            free: self.free.len(),
            range: self.range.len(),
            missions: self.missions,
            next: self.progress.next_mission(self.missions),
            difficulty: self.progress.briefing_difficulty(),
        }
    }
}

/// The title's page shown, as the view draws it over the live scene.
pub fn title_view(menu: &TitleMenu, lists: &Lists) -> ScreenView<'static> {
    match menu.page {
        Page::Top => ScreenView::Top(top_view(menu, lists)),
        Page::Campaign => ScreenView::Campaign(campaign_view(menu, lists)),
        Page::Briefing => match briefing_view(menu, lists) {
            Some(v) => ScreenView::Briefing(v),
            None => ScreenView::Campaign(campaign_view(menu, lists)),
        },
        Page::FreePlay => ScreenView::List(list_view(menu, "FREE PLAY", lists.free, menu.selected)),
        Page::TestRange => ScreenView::List(list_view(menu, "TEST RANGE", lists.range, menu.range)),
        Page::Settings => ScreenView::Settings(settings_view(&menu.settings, lists.settings)),
        Page::Make => ScreenView::Make(super::make::make_view(
            &menu.make,
            lists.customs,
            lists.folder,
        )),
    }
}

/// The campaign's missions counted as the briefing numbers them (`MISSION 1 OF 6`):
/// the basic training apart. `(done, of, a training)`.
fn mission_count(lists: &Lists) -> (usize, usize, bool) {
    let (ms, p) = (lists.missions, lists.progress);
    let numbered = || ms.iter().filter(|m| !m.is_training());
    let done = numbered().filter(|m| p.completed(m.id)).count();
    (
        done,
        numbered().count(),
        ms.iter().any(Mission::is_training),
    )
}

fn top_view(menu: &TitleMenu, lists: &Lists) -> TopView {
    let (ms, p) = (lists.missions, lists.progress);
    let (done, n, _) = mission_count(lists);
    // The mission to play first, then the count: the title's line has room for about
    // 45 characters at any size, and "6 missions and a training - first: 0. Basic
    // Training" was cut at "0. Basi..." (the training's title says it is one).
    let campaign = match ms.get(p.next_mission(ms)) {
        _ if ms.is_empty() => "no missions".to_string(),
        _ if done == n => format!("all {n} missions done"),
        Some(m) if done == 0 => format!("first: {}\n{n} missions", m.title),
        Some(m) => format!("next: {}\n{done} of {n} done", m.title),
        None => String::new(),
    };
    let details = [
        campaign,
        format!("{} scenarios\nyour seed, your difficulty", lists.free.len()),
        format!(
            "{} set-pieces\neach shows one rule at work",
            lists.range.len()
        ),
        match lists.customs.len() {
            0 => "paint a map, write what happens, play it".to_string(),
            1 => "1 mission of yours\npaint, write, play".to_string(),
            n => format!("{n} missions of yours\npaint, write, play"),
        },
        "sound, brightness, display, keys".to_string(),
        String::new(),
    ];
    TopView {
        items: TOP_ITEMS
            .iter()
            .zip(details)
            .map(|(i, d)| (i.label().to_string(), d))
            .collect(),
        selected: menu.top,
        keys: title_keys(&KeyNames::of(&lists.settings.keys)),
    }
}

/// The title's controls in the player's keys (a playtest found the defaults there after
/// a rebind).
pub fn title_keys(keys: &KeyNames) -> Vec<(String, String)> {
    view::screens::title::TITLE_KEYS
        .iter()
        .map(|(k, what)| {
            (
                keys.control(k).unwrap_or_else(|| k.to_string()),
                what.to_string(),
            )
        })
        .collect()
}

fn list_view(menu: &TitleMenu, heading: &str, entries: &[Entry], selected: usize) -> TitleView {
    TitleView {
        heading: heading.to_string(),
        entries: entries
            .iter()
            .map(|e| (e.name.clone(), e.detail.clone()))
            .collect(),
        selected,
        seed: menu.seed.line(),
        difficulty: menu.difficulty.map_or("own", |d| d.name()).to_string(),
        note: menu.note.clone(),
    }
}

/// The status column of mission `i` (`done  3:12.0  hard`, `next`, `ahead`; the
/// training passed over for a won mission, `optional`).
pub fn mission_status(lists: &Lists, i: usize) -> (Standing, String) {
    let m = &lists.missions[i];
    let next = lists.progress.next_mission(lists.missions);
    match lists.progress.get(m.id) {
        Some(r) if r.completed => {
            let mut s = String::from("done");
            if let Some(t) = r.best_seconds {
                s += &format!("  {}", clock_text(t));
            }
            if let Some(d) = r.hardest {
                s += &format!("  {}", d.name());
            }
            (Standing::Done, s)
        }
        _ if i == next => (Standing::Next, "next".into()),
        _ if m.is_training() => (Standing::Ahead, "optional".into()),
        _ => (Standing::Ahead, "ahead".into()),
    }
}

fn campaign_view(menu: &TitleMenu, lists: &Lists) -> CampaignView {
    let rows: Vec<MissionRow> = lists
        .missions
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let (standing, status) = mission_status(lists, i);
            MissionRow {
                title: m.title.clone(),
                standing,
                status,
            }
        })
        .collect();
    let (done, n, _) = mission_count(lists);
    let summary = format!("{done} of {n} missions done");
    let briefing = lists
        .missions
        .get(menu.mission)
        .map_or(String::new(), |m| m.briefing.clone());
    CampaignView {
        rows,
        selected: menu.mission,
        summary,
        briefing,
        squad: squad_view::summary(&lists.squad()),
        confirm: menu.confirm_new_squad,
    }
}

/// The briefing of the mission chosen (`None` when there is no such mission: the
/// campaign's list is shown instead).
fn briefing_view(menu: &TitleMenu, lists: &Lists) -> Option<BriefingView> {
    let ms = lists.missions;
    let m = ms.get(menu.mission)?;
    // The missions are numbered from 1 after the basic training, as their titles are.
    let trained = ms.iter().any(Mission::is_training);
    let place = if m.is_training() {
        "BASIC TRAINING".to_string()
    } else {
        let n = ms.len() - trained as usize;
        format!("MISSION {} OF {n}", m.index + 1 - trained as usize)
    };
    let record = match lists.progress.get(m.id) {
        Some(r) if r.completed => format!(
            "Done: best {}{}, {} {}",
            r.best_seconds.map_or("-".into(), clock_text),
            r.hardest
                .map_or(String::new(), |d| format!(" on {}", d.name())),
            r.attempts,
            if r.attempts == 1 {
                "attempt"
            } else {
                "attempts"
            }
        ),
        Some(r) if r.attempts > 0 => format!(
            "Not won yet: {} {}",
            r.attempts,
            if r.attempts == 1 {
                "attempt"
            } else {
                "attempts"
            }
        ),
        _ => "Not played yet.".into(),
    };
    // The squad as it stands (the training brings its own).
    let (squad, carried) = if m.is_training() {
        (
            Vec::new(),
            "the training brings its own; the campaign's waits".to_string(),
        )
    } else {
        let s = lists.squad();
        let t = sim::tuning::Tuning::default();
        (squad_view::member_lines(&s, &t), squad_view::carried(&s))
    };
    Some(BriefingView {
        place,
        title: m.title.clone(),
        briefing: m.briefing.clone(),
        difficulty: menu.mission_difficulty.name().to_string(),
        own: m.director.unwrap_or_default().name().to_string(),
        record,
        squad,
        carried,
        confirm: menu.confirm_new_squad,
    })
}

/// The settings page as drawn for `s`.
pub fn settings_view(menu: &SettingsMenu, s: &Settings) -> SettingsView {
    let rows = setting_rows();
    let pct = |p: u8| format!("{p}%");
    let texts: Vec<(String, [String; 2])> = rows
        .iter()
        .map(|r| match r {
            SettingRow::Master => (pct(s.master), Default::default()),
            SettingRow::Effects => (pct(s.effects), Default::default()),
            SettingRow::Ambience => (pct(s.ambience), Default::default()),
            SettingRow::Brightness => (format!("{:+}", s.brightness), Default::default()),
            SettingRow::Fullscreen => (
                if s.fullscreen { "on" } else { "off" }.into(),
                Default::default(),
            ),
            SettingRow::FrameCap => (
                match s.frame_cap {
                    None => "off (display rate)".into(),
                    Some(n) => format!("{n} fps"),
                },
                Default::default(),
            ),
            SettingRow::RenderScale => (
                match s.render_scale {
                    100 => "100% (the window's size)".into(),
                    p => format!("{p}% (filtered)"),
                },
                Default::default(),
            ),
            SettingRow::Trail => (
                match s.trail {
                    crate::shell::settings::Trail::Easy => "on easy".into(),
                    crate::shell::settings::Trail::On => "on".into(),
                    crate::shell::settings::Trail::Off => "off".into(),
                },
                Default::default(),
            ),
            SettingRow::MoveKeys => (s.controls.move_keys.label().into(), Default::default()),
            SettingRow::Release => (s.controls.release.label().into(), Default::default()),
            SettingRow::Key(b) => {
                let slots = s.keys.slots(*b);
                let name = |k: Option<KeyCode>| k.map_or("-".to_string(), |k| key_label(k).into());
                (String::new(), [name(slots[0]), name(slots[1])])
            }
            _ => Default::default(),
        })
        .collect();
    let view_rows: Vec<Row> = rows
        .iter()
        .zip(texts)
        .map(|(r, (text, [k0, k1]))| {
            let (label, value) = match r {
                SettingRow::Heading(h) => (*h, Value::Heading),
                SettingRow::Master => ("Master volume", Value::Level(s.master, text)),
                SettingRow::Effects => ("Effects volume", Value::Level(s.effects, text)),
                SettingRow::Ambience => ("Ambience volume", Value::Level(s.ambience, text)),
                SettingRow::Brightness => ("Brightness", Value::Choice(text)),
                SettingRow::Fullscreen => ("Fullscreen", Value::Choice(text)),
                SettingRow::FrameCap => ("Frame cap", Value::Choice(text)),
                SettingRow::RenderScale => ("Render scale", Value::Choice(text)),
                SettingRow::Trail => ("Floor trail", Value::Choice(text)),
                SettingRow::Defaults => ("Restore defaults", Value::Action),
                SettingRow::MoveKeys => ("Movement keys", Value::Choice(text)),
                SettingRow::Release => ("Disk on release", Value::Choice(text)),
                SettingRow::Key(b) => (b.label(), Value::Keys([k0, k1], menu.slot, menu.capturing)),
            };
            Row { label, value }
        })
        .collect();
    let hint = if menu.capturing {
        "Press the new key. Esc cancels."
    } else {
        match menu.row() {
            SettingRow::Master | SettingRow::Effects | SettingRow::Ambience => {
                "Left/Right: 10% less or more."
            }
            SettingRow::Brightness => "Left/Right: darker or brighter.",
            SettingRow::Fullscreen => "Left/Right or Enter: on or off (F11 too).",
            SettingRow::FrameCap => {
                "Left/Right: at most 30, 60, 120 or 144 frames a second, or off (the display's rate)."
            }
            SettingRow::RenderScale => {
                "Left/Right: draw the scene at 50 to 100% of the window's size, upscaled smoothly under a sharp HUD (for slow machines)."
            }
            SettingRow::Trail => {
                "Left/Right: the way to the objective marked on the floor on easy only, always, or never."
            }
            SettingRow::Defaults => "Enter: every setting and key back to its default.",
            SettingRow::MoveKeys => {
                "Left/Right or Enter: W moves along the map's north (up-right on the screen, along the corridors) or up the screen."
            }
            SettingRow::Release => {
                "Left/Right or Enter: letting go, the disk stays where you put it (the squad walks up to it) or springs back to the squad."
            }
            SettingRow::Key(_) => {
                "Enter: press a new key. Left/Right: its first or second key. Backspace: clear it. A key in use elsewhere is swapped."
            }
            SettingRow::Heading(_) => "",
        }
    };
    SettingsView {
        rows: view_rows,
        selected: menu.selected,
        gamma: format!("gamma {:.2}", s.gamma()),
        note: menu.note.clone(),
        hint,
    }
}

/// The pause menu; `about` names the run.
pub fn pause_view(menu: &PauseMenu, about: &str) -> PauseView {
    PauseView {
        items: menu.items.iter().map(|i| i.label()).collect(),
        selected: menu.selected,
        about: about.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row's hint beside the settings is shown whole (a playtest found the render
    /// scale's cut off), at every size.
    #[test]
    fn the_settings_hints_are_never_cut() {
        let settings = Settings::default();
        let rows = setting_rows();
        for (i, row) in rows.iter().enumerate() {
            if matches!(row, SettingRow::Heading(_)) {
                continue;
            }
            let mut menu = SettingsMenu::default();
            menu.choose(i);
            let v = settings_view(&menu, &settings);
            let last_word = v.hint.split_whitespace().last().unwrap();
            for (w, h) in view::screens::ui::TEST_SIZES {
                let l = view::screens::settings::layout(w, h, &v);
                let shown: Vec<&str> = l.texts().map(|t| t.text.as_str()).collect();
                assert!(
                    shown.iter().any(|t| t.ends_with(last_word))
                        && !shown.iter().any(|t| t.ends_with("...")),
                    "{row:?} at {w}x{h}: {:?} in {shown:?}",
                    v.hint
                );
            }
        }
    }

    /// Every row's label and value are shown whole (a playtest found the movement keys'
    /// value cut as `map (W along the map's no...`), through every value each row
    /// steps to, at every size.
    #[test]
    fn the_settings_values_are_never_cut() {
        let rows = setting_rows();
        let mut seen = 0;
        for (i, row) in rows.iter().enumerate() {
            if matches!(row, SettingRow::Heading(_) | SettingRow::Defaults) {
                continue;
            }
            let mut settings = Settings::default();
            let mut menu = SettingsMenu::default();
            menu.choose(i);
            for _ in 0..12 {
                let v = settings_view(&menu, &settings);
                for (w, h) in view::screens::ui::TEST_SIZES {
                    let l = view::screens::settings::layout(w, h, &v);
                    let cut: Vec<&str> = l
                        .texts()
                        .map(|t| t.text.as_str())
                        .filter(|t| t.ends_with("...") || t.ends_with("...>"))
                        .collect();
                    assert!(cut.is_empty(), "{row:?} at {w}x{h}: {cut:?}");
                    seen += 1;
                }
                menu.key(super::super::menu::MenuKey::Right, &mut settings);
            }
        }
        assert!(seen > 100, "{seen} layouts checked");
    }

    /// The title's controls name the player's keys after a rebind (a playtest found the
    /// defaults there), the others as written.
    #[test]
    fn the_title_s_controls_are_the_player_s_keys() {
        let mut b = super::super::bindings::Bindings::default();
        b.rebind(super::super::bindings::Bind::Pause, 0, KeyCode::KeyO);
        let keys = title_keys(&KeyNames::of(&b));
        assert!(
            keys.contains(&("O".to_string(), "pause".to_string())),
            "{keys:?}"
        );
        assert!(keys.contains(&("Tab".to_string(), "next target".to_string())));
        let defaults = title_keys(&KeyNames::default());
        let table: Vec<(String, String)> = view::screens::title::TITLE_KEYS
            .iter()
            .map(|(k, w)| (k.to_string(), w.to_string()))
            .collect();
        assert_eq!(defaults, table);
    }
    use crate::shell::campaign::missions;
    use sim::read::Difficulty;

    /// The lists with the campaign's missions alone (no scenarios, no custom missions).
    fn campaign_only<'a>(
        ms: &'a [Mission],
        progress: &'a Progress,
        settings: &'a Settings,
    ) -> Lists<'a> {
        Lists {
            free: &[],
            range: &[],
            missions: ms,
            progress,
            settings,
            customs: &[],
            folder: "",
        }
    }

    /// The briefing's place reads as the titles do: the training is the basic training,
    /// the missions after it are 1 to 6 of 6.
    #[test]
    fn missions_are_numbered_after_the_training() {
        let ms = missions();
        let (progress, settings) = (Progress::default(), Settings::default());
        let lists = campaign_only(&ms, &progress, &settings);
        let place = |i: usize| {
            let menu = TitleMenu {
                mission: i,
                ..TitleMenu::default()
            };
            briefing_view(&menu, &lists).unwrap().place
        };
        assert!(ms[0].is_training());
        assert_eq!(place(0), "BASIC TRAINING");
        assert_eq!(place(1), "MISSION 1 OF 6");
        assert!(ms[1].title.starts_with("1. "));
        assert_eq!(place(6), "MISSION 6 OF 6");
        assert!(ms[6].title.starts_with("6. "));
        // The title and the campaign's list count the same six (a playtest read "7
        // missions" on the title against "MISSION 1 OF 6").
        let (top, list) = (
            top_view(&TitleMenu::default(), &lists),
            campaign_view(&TitleMenu::default(), &lists),
        );
        assert_eq!(
            top.items[0].1,
            format!("first: {}\n6 missions", ms[0].title)
        );
        assert_eq!(list.summary, "0 of 6 missions done");
        let mut some = Progress::default();
        some.record(ms[0].id, true, 300.0, Difficulty::Normal);
        some.record(ms[1].id, true, 250.0, Difficulty::Normal);
        let mut all = Progress::default();
        for m in &ms[1..] {
            all.record(m.id, true, 250.0, Difficulty::Normal);
        }
        let lists_some = Lists {
            progress: &some,
            ..lists
        };
        let top = top_view(&TitleMenu::default(), &lists_some);
        assert_eq!(
            top.items[0].1,
            format!("next: {}\n1 of 6 done", ms[2].title),
            "the training done is not a mission done"
        );
        assert_eq!(
            campaign_view(&TitleMenu::default(), &lists_some).summary,
            "1 of 6 missions done"
        );
        let lists_all = Lists {
            progress: &all,
            ..lists
        };
        assert_eq!(
            top_view(&TitleMenu::default(), &lists_all).items[0].1,
            "all 6 missions done"
        );
    }

    /// The title's Campaign line shows whole, whichever mission is next: every
    /// progress from none done to all, laid out at 720p and 1080p (it was cut at
    /// "first: 0. Basi...").
    #[test]
    fn the_campaign_line_on_the_title_is_never_cut() {
        let ms = missions();
        let settings = Settings::default();
        for done in 0..=ms.len() {
            let mut progress = Progress::default();
            for m in &ms[..done] {
                progress.record(m.id, true, 250.0, Difficulty::Normal);
            }
            let lists = campaign_only(&ms, &progress, &settings);
            let top = top_view(&TitleMenu::default(), &lists);
            let want = top.items[0].1.lines().collect::<Vec<_>>().join(" - ");
            for (w, h) in [(1280, 720), (1920, 1080)] {
                let l = view::screens::title::top_layout(w, h, &top);
                assert!(
                    l.texts().any(|t| t.text == want),
                    "{done} done at {w}x{h}: {want:?} not shown whole"
                );
            }
        }
    }

    /// The campaign's list marks as next the first mission not won, the training being
    /// optional (issue 35: it still said "next" beside the training after mission 1 was
    /// won without it).
    #[test]
    fn the_list_marks_the_first_mission_not_won_as_next() {
        let ms = missions();
        let settings = Settings::default();
        let mut progress = Progress::default();
        let statuses = |progress: &Progress| -> Vec<(Standing, String)> {
            let lists = campaign_only(&ms, progress, &settings);
            (0..ms.len()).map(|i| mission_status(&lists, i)).collect()
        };
        let s = statuses(&progress);
        assert_eq!(s[0], (Standing::Next, "next".into()), "a new player");
        assert_eq!(s[1], (Standing::Ahead, "ahead".into()));
        progress.record(ms[1].id, true, 250.0, Difficulty::Normal);
        let s = statuses(&progress);
        assert_eq!(s[0], (Standing::Ahead, "optional".into()), "the training");
        assert_eq!(s[1].0, Standing::Done);
        assert_eq!(s[2], (Standing::Next, "next".into()), "mission 2");
        let nexts = s.iter().filter(|(st, _)| *st == Standing::Next).count();
        assert_eq!(nexts, 1);
    }
}
