//! The campaign's pages of the title (REQ C2): the missions in order — the next one
//! marked, completed ones with their best time, the ones beyond the next marked ahead
//! (still playable) — and a mission's briefing with the difficulty to play it at and
//! the squad as it stands (REQ K6): each member's health and how it stands, the charges
//! and rounds carried; "N: new squad" on both pages, with a confirm step.

use raster::{clip_end, text_width, wrap_lines};

use super::layout::{Layout, Rect, DESIGN_W};
use super::style::{line_box, ACCENT, DANGER, INK, INK_DIM, SAFE, SELECT_BAR};
use super::title::{first_of, footer, heading, PANEL_H, PANEL_TOP};

/// How a mission stands in the player's progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    Done,
    Next,
    /// Beyond the next one: not locked, marked.
    Ahead,
}

/// One row of the campaign list.
#[derive(Clone, Debug, PartialEq)]
pub struct MissionRow {
    pub title: String,
    pub standing: Standing,
    /// What the status column says (`done  3:12  hard`, `next`, `ahead`).
    pub status: String,
}

/// The campaign list.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CampaignView {
    pub rows: Vec<MissionRow>,
    pub selected: usize,
    /// `2 of 6 missions done`.
    pub summary: String,
    /// The selected mission's briefing (a preview under the list).
    pub briefing: String,
    /// The squad in a line or two (`The squad: 3 whole, 1 hurt, 1 wounded …`).
    pub squad: String,
    /// "N: new squad" was pressed: the footer asks to confirm.
    pub confirm: bool,
}

/// How a member of the squad stands, for its colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mark {
    #[default]
    Fit,
    Wounded,
    Recruit,
}

/// One member of the squad on the briefing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MemberLine {
    /// `Gunner 2`.
    pub name: String,
    /// `62/100`.
    pub health: String,
    /// Health over its max, 0 to 1 (the bar).
    pub share: f32,
    /// `whole`, `hurt`, `wounded` (below half), `recruit`.
    pub word: String,
    pub mark: Mark,
}

/// A mission's briefing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BriefingView {
    /// `MISSION 2 OF 6`.
    pub place: String,
    pub title: String,
    pub briefing: String,
    /// The difficulty chosen, and the mission's own.
    pub difficulty: String,
    pub own: String,
    /// What the player has done here (`best 3:12 on hard, 4 attempts`).
    pub record: String,
    /// The squad as it stands, in squad order (empty: the mission brings its own, as
    /// the training does).
    pub squad: Vec<MemberLine>,
    /// What is carried (`carries +1 flare +2 grenades +120 rounds`), or why there is no
    /// squad shown.
    pub carried: String,
    /// "N: new squad" was pressed: the footer asks to confirm.
    pub confirm: bool,
}

/// The footer's line asking to confirm a new squad.
pub const CONFIRM_NEW_SQUAD: &str = "A fresh squad? This one is lost.   N or Enter: yes   Esc: no";

/// The list's geometry (the app maps clicks with it).
pub const ROWS_X: i32 = 80;
pub const ROWS_W: i32 = 1120;
pub const ROWS_TOP: i32 = 220;
pub const ROWS_PITCH: i32 = 34;
/// Missions shown at once; more scroll.
pub const ROWS: usize = 8;

/// The mission under frame pixel `(x, y)`, of `n` with `selected` chosen.
pub fn mission_at(n: usize, selected: usize, x: i32, y: i32) -> Option<usize> {
    if !(ROWS_X - 8..ROWS_X - 8 + ROWS_W).contains(&x) || y < ROWS_TOP - 8 {
        return None;
    }
    let row = ((y - (ROWS_TOP - 8)) / ROWS_PITCH) as usize;
    (row < ROWS.min(n)).then(|| first_of(n, selected, ROWS) + row)
}

/// The campaign list on a `w`×`h` frame.
pub fn layout(w: usize, h: usize, v: &CampaignView) -> Layout {
    let mut l = Layout::new(w, h);
    heading(
        &mut l,
        "The campaign: one squad, a training and six nights, in order.",
    );
    let p = l.panel(Rect::new(ROWS_X - 20, PANEL_TOP, ROWS_W + 40, PANEL_H));
    let hw = l.text(p, ROWS_X, PANEL_TOP + 20, "CAMPAIGN", ACCENT, 2);
    let sx = ROWS_X + hw + 40;
    l.text(
        p,
        sx,
        PANEL_TOP + 20,
        &clip_end(&v.summary, p.right() - 20 - sx, 2),
        INK_DIM,
        2,
    );
    let first = first_of(v.rows.len(), v.selected, ROWS);
    const STATUS_CHARS: usize = 20;
    for (k, (i, row)) in v.rows.iter().enumerate().skip(first).take(ROWS).enumerate() {
        let y = ROWS_TOP + k as i32 * ROWS_PITCH;
        let bar = Rect::new(ROWS_X - 8, y - 8, ROWS_W, ROWS_PITCH - 2);
        let on = i == v.selected;
        if on {
            l.fill(bar, SELECT_BAR);
            l.text(bar, ROWS_X - 4, y, ">", ACCENT, 2);
        }
        let status_x = bar.right() - 8 - text_width(&"M".repeat(STATUS_CHARS), 2);
        let (ink, status_ink) = match row.standing {
            Standing::Done => (INK, SAFE),
            Standing::Next => (ACCENT, ACCENT),
            Standing::Ahead => (INK_DIM, INK_DIM),
        };
        let ink = if on { ACCENT } else { ink };
        let title = clip_end(&row.title, status_x - 16 - (ROWS_X + 20), 2);
        l.text(bar, ROWS_X + 20, y, &title, ink, 2);
        let status = clip_end(&row.status, bar.right() - 8 - status_x, 2);
        l.text(bar, status_x, y, &status, status_ink, 2);
    }
    let shown = v.rows.len().min(ROWS) as i32;
    let preview_top = ROWS_TOP + shown * ROWS_PITCH + 16;
    let pv = Rect::new(
        ROWS_X,
        preview_top,
        ROWS_W - 40,
        p.bottom() - 8 - preview_top,
    );
    let text = one_paragraph(&v.briefing);
    // The squad's line below the preview, when there is one.
    let pitch = line_box(2) + 1;
    let squad_h = if v.squad.is_empty() { 0 } else { 2 * pitch + 8 };
    let lines = ((pv.h - 4 - squad_h) / pitch).clamp(0, 5) as usize;
    for (i, line) in wrap_lines(&text, pv.w - 2, 2, lines).iter().enumerate() {
        l.text(pv, ROWS_X, preview_top + i as i32 * pitch, line, INK_DIM, 2);
    }
    // The squad's lines at the panel's foot.
    for (i, line) in wrap_lines(&v.squad, ROWS_W - 42, 2, 2).iter().enumerate() {
        let sy = p.bottom() - 6 - 2 * pitch + i as i32 * pitch;
        l.text(p, ROWS_X, sy, line, INK, 2);
    }
    footer(
        &mut l,
        if v.confirm {
            CONFIRM_NEW_SQUAD
        } else {
            "Enter or click: briefing    N: new squad    Esc: back"
        },
    );
    l
}

/// The briefing's lines joined into one paragraph.
fn one_paragraph(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The briefing page's panel.
pub const BRIEF_X: i32 = 140;
pub const BRIEF_W: i32 = DESIGN_W - 2 * 140;
/// Lines of the briefing shown at most.
pub const BRIEF_LINES: usize = 9;

/// The squad block's height on the briefing: its heading and carried line, the
/// members' names, bars, health and words.
const SQUAD_H: i32 = 132;
/// Below the squad: the difficulty, its hint, the record and the panel's margin.
const BELOW: i32 = 40 + 28 + 34 + 48;

/// A mission's briefing on a `w`×`h` frame.
pub fn briefing_layout(w: usize, h: usize, v: &BriefingView) -> Layout {
    let mut l = Layout::new(w, h);
    heading(&mut l, &v.place);
    let x = BRIEF_X + 40;
    let inner = BRIEF_W - 80;
    let top = PANEL_TOP + 90;
    let squad_h = if v.squad.is_empty() { 34 } else { SQUAD_H };
    // The briefing gets the lines the squad and the difficulty leave.
    let room = ((PANEL_TOP + PANEL_H - top - 20 - squad_h - (BELOW - 40)) / 26).max(1) as usize;
    let lines = wrap_lines(&one_paragraph(&v.briefing), inner, 2, BRIEF_LINES.min(room));
    // The panel as tall as what it holds.
    let sy = top + lines.len() as i32 * 26 + 20;
    let dy = sy + squad_h;
    let h = (dy + BELOW - 40 - PANEL_TOP).min(PANEL_H);
    let p = l.panel(Rect::new(BRIEF_X, PANEL_TOP, BRIEF_W, h));
    let scale = if text_width(&v.title, 4) <= inner {
        4
    } else {
        2
    };
    let title = clip_end(&v.title, inner, scale);
    l.text(p, x, PANEL_TOP + 28, &title, ACCENT, scale);
    for (i, line) in lines.iter().enumerate() {
        l.text(p, x, top + i as i32 * 26, line, INK, 2);
    }
    squad_block(&mut l, p, x, sy, inner, v);
    // The difficulty a little below the squad, however long the briefing is.
    let dw = l.text(p, x, dy, "DIFFICULTY", ACCENT, 2);
    let choice = format!("< {} >", v.difficulty);
    let cw = l.text(p, x + dw + 24, dy, &choice, INK, 2);
    let own_x = x + dw + 24 + cw + 24;
    let own = difficulty_note(&v.difficulty, &v.own);
    l.text(
        p,
        own_x,
        dy,
        &clip_end(&own, p.right() - 40 - own_x, 2),
        INK_DIM,
        2,
    );
    l.text(
        p,
        x,
        dy + 28,
        "Tab or Left/Right: easy / normal / hard",
        INK_DIM,
        2,
    );
    l.text(p, x, dy + 62, &clip_end(&v.record, inner, 2), INK_DIM, 2);
    footer(
        &mut l,
        if v.confirm {
            CONFIRM_NEW_SQUAD
        } else {
            "Enter: begin    N: new squad    Esc: back"
        },
    );
    l
}

/// What the briefing says beside the difficulty chosen: that it is the one played, and
/// the one the mission was made for (a playtest could not tell which of "< normal >
/// the mission's own: easy" it would play).
pub fn difficulty_note(chosen: &str, own: &str) -> String {
    if chosen == own {
        format!("you play {chosen}, the level it was made for")
    } else {
        format!("you play {chosen}; it was made for {own}")
    }
}

/// The squad on the briefing from `y`: `SQUAD` and what it carries, then a column
/// for each member (name, health bar, health, word).
fn squad_block(l: &mut Layout, p: Rect, x: i32, y: i32, inner: i32, v: &BriefingView) {
    let hw = l.text(p, x, y, "SQUAD", ACCENT, 2);
    let cx = x + hw + 24;
    l.text(
        p,
        cx,
        y,
        &clip_end(&v.carried, x + inner - cx, 2),
        INK_DIM,
        2,
    );
    let n = v.squad.len() as i32;
    if n == 0 {
        return;
    }
    let col = inner / n;
    for (i, m) in v.squad.iter().enumerate() {
        let cx = x + i as i32 * col;
        let c = Rect::new(cx, y + 28, col - 12, SQUAD_H - 28 - 8);
        let ink = match m.mark {
            Mark::Fit => INK,
            Mark::Wounded => DANGER,
            Mark::Recruit => ACCENT,
        };
        l.text(c, cx, y + 34, &clip_end(&m.name, c.w - 4, 2), INK, 2);
        let bar = Rect::new(cx, y + 58, c.w - 8, 6);
        l.fill(bar, raster::Rgba::new(255, 255, 255, 36));
        let filled = (bar.w as f32 * m.share.clamp(0.0, 1.0)).round() as i32;
        let bar_ink = if m.share < 0.5 { DANGER } else { SAFE };
        l.fill(Rect::new(bar.x, bar.y, filled, bar.h), bar_ink);
        l.text(c, cx, y + 70, &clip_end(&m.health, c.w - 4, 2), ink, 2);
        l.text(c, cx, y + 94, &clip_end(&m.word, c.w - 4, 2), ink, 2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_finds_the_mission() {
        assert_eq!(mission_at(6, 0, ROWS_X + 40, ROWS_TOP), Some(0));
        assert_eq!(
            mission_at(6, 0, ROWS_X + 40, ROWS_TOP + 5 * ROWS_PITCH),
            Some(5)
        );
        assert_eq!(
            mission_at(6, 0, ROWS_X + 40, ROWS_TOP + 6 * ROWS_PITCH),
            None
        );
        assert_eq!(mission_at(20, 19, ROWS_X + 40, ROWS_TOP), Some(12));
    }

    #[test]
    fn long_titles_and_briefings_stay_in_their_boxes() {
        let long = "The relay went dark six hours ago. ".repeat(20);
        let rows: Vec<MissionRow> = (0..12)
            .map(|i| MissionRow {
                title: "7. A mission with a title far longer than any row could hold".into(),
                standing: [Standing::Done, Standing::Next, Standing::Ahead][i % 3],
                status: "done  59:59  normal and more".into(),
            })
            .collect();
        for (w, h) in crate::screens::ui::TEST_SIZES {
            for sel in [0, 5, 11] {
                let v = CampaignView {
                    rows: rows.clone(),
                    selected: sel,
                    summary: "2 of 12 missions done".into(),
                    briefing: long.clone(),
                    squad: "the squad: 2 wounded, 3 recruits; 999 charges ".repeat(4),
                    confirm: sel == 5,
                };
                let l = layout(w, h, &v);
                assert!(l.faults().is_empty(), "{:#?}", l.faults());
            }
            let member = |i: usize| MemberLine {
                name: format!("Gunner {i} of a very long name"),
                health: "999999/999999".into(),
                share: i as f32 / 5.0,
                word: "wounded and more".into(),
                mark: [Mark::Fit, Mark::Wounded, Mark::Recruit][i % 3],
            };
            for (squad, confirm) in [(vec![], false), ((0..5).map(member).collect(), true)] {
                let b = BriefingView {
                    place: "MISSION 6 OF 6".into(),
                    title: "6. The Long Dark and a great deal more said in the title".into(),
                    briefing: long.clone(),
                    difficulty: "normal".into(),
                    own: "hard".into(),
                    record: "best 12:00.0 on hard, 123 attempts".into(),
                    squad,
                    carried: "carried: 999 flares, 999 medkits, 999 grenades; 99999 rounds".into(),
                    confirm,
                };
                let l = briefing_layout(w, h, &b);
                assert!(l.faults().is_empty(), "{:#?}", l.faults());
            }
        }
    }

    /// The difficulty's line says which is played and which the mission was made for,
    /// whole at every size.
    #[test]
    fn the_difficulty_line_says_which_is_played() {
        for (chosen, own, said) in [
            ("normal", "easy", "you play normal; it was made for easy"),
            ("hard", "hard", "you play hard, the level it was made for"),
        ] {
            assert_eq!(difficulty_note(chosen, own), said);
            for (w, h) in crate::screens::ui::TEST_SIZES {
                let b = BriefingView {
                    difficulty: chosen.into(),
                    own: own.into(),
                    squad: vec![MemberLine::default(); 5],
                    ..BriefingView::default()
                };
                let l = briefing_layout(w, h, &b);
                assert!(l.texts().any(|t| t.text == said), "{said:?} cut at {w}x{h}");
            }
        }
    }

    /// The briefing keeps six lines of briefing beside the squad (the campaign's
    /// longest, mission 5's, takes six at 1280×720).
    #[test]
    fn the_squad_leaves_the_briefing_six_lines() {
        let long = "The relay went dark six hours ago. ".repeat(20);
        let b = BriefingView {
            briefing: long,
            squad: vec![MemberLine::default(); 5],
            ..BriefingView::default()
        };
        let l = briefing_layout(1280, 720, &b);
        let lines = l.texts().filter(|t| t.text.contains("relay")).count();
        assert_eq!(lines, 6);
    }
}
