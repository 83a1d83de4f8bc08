//! A small mission made the way a maker makes one (REQ §31): a room walled in two,
//! two enemy spawns, a lamp, a crate, an area held for 20 seconds, a trigger and two
//! waves, every piece through the editor's own commands. `--screenshot --screen editor`
//! draws it, and the tests play it.

use super::forms::{Action, Form, Goal, HeaderKey, When};
use super::state::{Brush, Command, Editor};

/// The sample mission `name`, painted and written through [`Command`]s.
pub fn gate(name: &str) -> Editor {
    let mut e = Editor::new(name, 5);
    let paint = |e: &mut Editor, tile: char, brush: Brush, a: (i32, i32), b: (i32, i32)| {
        e.apply(Command::Tile(tile));
        e.apply(Command::Brush(brush));
        e.apply(Command::Press(a.0, a.1));
        e.apply(Command::Hover(b.0, b.1));
        e.apply(Command::Release(b.0, b.1));
    };
    // A wall across the room with a gate in it, and a pillar hall beyond.
    paint(&mut e, '#', Brush::Line, (16, 1), (16, 8));
    paint(&mut e, '#', Brush::Line, (16, 12), (16, 18));
    paint(&mut e, '#', Brush::FilledRect, (21, 4), (22, 5));
    paint(&mut e, '#', Brush::FilledRect, (21, 14), (22, 15));
    paint(&mut e, '~', Brush::Rect, (5, 3), (9, 6));
    for (t, at) in [
        ('E', (29, 3)),
        ('E', (29, 16)),
        ('L', (12, 10)),
        ('L', (24, 10)),
        ('A', (6, 15)),
    ] {
        paint(&mut e, t, Brush::Pen, at, at);
    }
    e.apply(Command::Headers(vec![
        (HeaderKey::Name, "The Gate".into()),
        (
            HeaderKey::Briefing,
            "Hold the gate for twenty seconds while they come through it.".into(),
        ),
        (HeaderKey::Duration, "120".into()),
    ]));
    e.apply(Command::Add(Form::Area {
        name: "gate".into(),
        x0: 14.0,
        y0: 8.0,
        x1: 19.0,
        y1: 12.0,
    }));
    e.apply(Command::Add(Form::Objective {
        name: "hold".into(),
        goal: Goal::Hold {
            area: "gate".into(),
            seconds: 20.0,
        },
        after: None,
        label: Some("Hold the gate".into()),
    }));
    e.apply(Command::Add(Form::Trigger {
        when: When::Enter {
            area: "gate".into(),
        },
        action: Action::Say {
            text: "Here they come.".into(),
        },
    }));
    for (at, spawn, kind, count) in [(8.0, 0, "shambler", 6), (18.0, 1, "runner", 4)] {
        e.apply(Command::Add(Form::Wave {
            at,
            spawn,
            kind: kind.into(),
            count,
        }));
    }
    e
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_sample_mission_is_clean() {
        let e = super::gate("gate");
        assert!(e.problems().is_empty(), "{:?}", e.problems());
        assert_eq!(e.map.find('E').len(), 2);
    }
}
