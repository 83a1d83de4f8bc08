//! The window's state machine driven without a window (REQ §20, §25 X8): keys,
//! clicks, focus and the time are fed in as the event loop feeds them; files go to
//! a folder of the test's own. What every room's tests share.

pub(crate) use std::cell::RefCell;
pub(crate) use std::rc::Rc;
pub(crate) use std::time::{Duration, Instant};

pub(crate) use winit::keyboard::KeyCode;

pub(crate) use super::{Dirs, Game, Next, Options};
pub(crate) use crate::frame::{HEIGHT, WIDTH};
pub(crate) use crate::screenshot::{self, Shot};
pub(crate) use crate::shell::bindings::Bind;
pub(crate) use crate::shell::catalog::{self, catalog, Entry, Source};
pub(crate) use crate::shell::pause::{PauseItem, PAUSE_ITEMS, REPLAY_PAUSE_ITEMS};
pub(crate) use crate::shell::progress::Progress;
pub(crate) use crate::shell::results::results_keys;
pub(crate) use crate::shell::screen::Screen;
pub(crate) use crate::shell::settings_page::SettingRow;
pub(crate) use crate::shell::title::{Page, TopItem, TOP_ITEMS};
pub(crate) use crate::window::pad::PadButton as Pad;
pub(crate) use crate::window::sound::Sink;
pub(crate) use sim::read::TickInput;
pub(crate) use view::screens;
pub(crate) use view::Zoom;

/// One frame at 60 Hz.
pub(crate) const FRAME: Duration = Duration::from_nanos(16_666_667);

pub(crate) struct Window {
    pub(crate) game: Game,
    pub(crate) now: Instant,
}

/// A fresh folder for one test's files.
pub(crate) fn dirs(test: &str) -> Dirs {
    let root = std::env::temp_dir()
        .join(format!("squad_proto_window_{}", std::process::id()))
        .join(test);
    let _ = std::fs::remove_dir_all(&root);
    Dirs {
        replays: root.join("replays"),
        saves: root.join("saves"),
        shots: root.join("shots"),
        settings: Some(root.join("config").join("settings.toml")),
        progress: Some(root.join("data").join("progress.toml")),
        missions: Some(root.join("data").join("missions")),
    }
}

/// The window's options as `squad_proto` opens it, its files in `dirs`.
pub(crate) fn options(dirs: Dirs) -> Options {
    Options {
        direct: false,
        scripted: false,
        horror: true,
        entries: catalog(&[]),
        seed: None,
        difficulty: None,
        director: None,
        record: None,
        resume: None,
        watching: None,
        dirs,
        audio: None,
        // Not the screenshot's 1: the same-pixels test compares the two.
        threads: 3,
    }
}

/// The window as `squad_proto` opens it: the title over the default scenario.
pub(crate) fn open(test: &str) -> Window {
    let setup = crate::setup::load(None, catalog::DEFAULT, None, None, None).unwrap();
    let now = Instant::now();
    let opts = options(dirs(test));
    let mut game = Game::new(setup, opts, now);
    game.start_clock(now);
    Window { game, now }
}

impl Window {
    /// `n` frames of real time, each an update (and a frame drawn every tenth).
    pub(crate) fn frames(&mut self, n: usize) {
        for k in 0..n {
            self.now += FRAME;
            self.game.update(self.now);
            if k % 10 == 9 {
                self.game.render(self.now);
            }
        }
    }

    /// A key pressed and let go.
    pub(crate) fn press(&mut self, code: KeyCode) -> Next {
        let next = self.game.key(code, true, false, None);
        self.game.key(code, false, false, None);
        next
    }

    pub(crate) fn tick(&self) -> u64 {
        self.game.session.world.tick()
    }

    /// Opens the title's `page` from the top menu, with the keys (Esc back to the
    /// top first).
    pub(crate) fn open_page(&mut self, page: Page) {
        while self.game.title.page != Page::Top {
            self.press(KeyCode::Escape);
        }
        let item = match page {
            Page::Campaign | Page::Briefing => TopItem::Campaign,
            Page::FreePlay => TopItem::FreePlay,
            Page::TestRange => TopItem::TestRange,
            Page::Settings => TopItem::Settings,
            Page::Make => TopItem::Make,
            Page::Top => return,
        };
        while TOP_ITEMS[self.game.title.top] != item {
            self.press(KeyCode::ArrowDown);
        }
        self.press(KeyCode::Enter);
        assert_eq!(self.game.title.page, page);
    }

    /// Free play's or the test range's page with the embedded scenario `name`
    /// selected.
    pub(crate) fn select(&mut self, name: &'static str) {
        let (free, range) = self.game.lists();
        let at = |l: &[Entry]| l.iter().position(|e| e.source == Source::Embedded(name));
        let (page, i) = match at(&free) {
            Some(i) => (Page::FreePlay, i),
            None => (Page::TestRange, at(&range).unwrap()),
        };
        self.open_page(page);
        while self.game.title.list_row() != Some(i) {
            self.press(KeyCode::ArrowDown);
        }
    }

    /// Frames until the run ends (at most `limit` of them).
    pub(crate) fn play_out(&mut self, limit: usize) {
        for _ in 0..limit {
            if self.game.screen == Screen::Results {
                return;
            }
            self.frames(1);
        }
        panic!("the run did not end in {limit} frames");
    }

    /// The pause menu's row of `item`, as a click sees it.
    pub(crate) fn click_pause_item(&mut self, item: PauseItem) -> Next {
        let items = self.game.menu.items;
        let i = items.iter().position(|&p| p == item).unwrap();
        let y = screens::pause::row_top(HEIGHT, items.len(), i) + 4;
        self.game.click(Some((WIDTH as i32 / 2, y)))
    }
}

// The gamepad (REQ C5): buttons and sticks as `Game::poll_pads` hands them on.
impl Window {
    /// A pad button pressed and let go.
    pub(crate) fn pad(&mut self, b: Pad) -> Next {
        let next = self.game.pad_button(b, true);
        self.game.pad_button(b, false);
        next
    }

    /// The sticks held (x right, y up) for `n` frames, read every frame as the loop
    /// reads them.
    pub(crate) fn sticks(&mut self, left: (f32, f32), right: (f32, f32), n: usize) {
        for _ in 0..n {
            self.now += FRAME;
            self.game.pad_sticks(left, right, self.now);
            self.game.update(self.now);
        }
    }
}

pub(crate) const CENTRE: (f32, f32) = (0.0, 0.0);

// The window's live sound path against the offline render (REQ §21 AU6).
/// What the window handed the device: the run's blocks (their samples), how many
/// other blocks (the menus' sounds alone), and the order of the two (true: a run's).
pub(crate) type Heard = Rc<RefCell<(Vec<f32>, usize, Vec<bool>)>>;

/// A fresh [`Heard`].
pub(crate) fn heard() -> Heard {
    Rc::new(RefCell::new((Vec::new(), 0, Vec::new())))
}

/// Keeps what the window handed the device: the run's blocks apart.
pub(crate) struct Capture(pub(crate) Heard);

impl Sink for Capture {
    fn push(&mut self, _: &[f32]) -> bool {
        let mut h = self.0.borrow_mut();
        h.1 += 1;
        h.2.push(false);
        true
    }
    fn run(&mut self, block: &[f32]) -> bool {
        let mut h = self.0.borrow_mut();
        h.0.extend_from_slice(block);
        h.2.push(true);
        true
    }
}
