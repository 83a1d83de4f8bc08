//! Undo and redo (REQ §31): every edit is one record — the cells it changed and, when
//! it wrote the scenario, its text before and after — undone and redone whole. A new
//! edit after an undo drops what could have been redone.

use super::doc::MapDoc;
use super::paint::CellChange;

/// One edit as the history keeps it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Edit {
    pub cells: Vec<CellChange>,
    /// The scenario's text before and after, when the edit wrote it.
    pub scenario: Option<(String, String)>,
}

impl Edit {
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty() && self.scenario.as_ref().is_none_or(|(a, b)| a == b)
    }
}

#[derive(Clone, Debug, Default)]
pub struct History {
    done: Vec<Edit>,
    undone: Vec<Edit>,
}

/// How many edits are kept to undo (the oldest go first).
pub const DEPTH: usize = 500;

impl History {
    /// Records an edit already applied (an empty one is not kept).
    pub fn push(&mut self, e: Edit) {
        if e.is_empty() {
            return;
        }
        self.undone.clear();
        self.done.push(e);
        if self.done.len() > DEPTH {
            self.done.remove(0);
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Undoes the last edit on `map` and `scenario`; false when there was none.
    pub fn undo(&mut self, map: &mut MapDoc, scenario: &mut String) -> bool {
        let Some(e) = self.done.pop() else {
            return false;
        };
        for c in e.cells.iter().rev() {
            map.set(c.x, c.y, c.old);
        }
        if let Some((before, _)) = &e.scenario {
            scenario.clone_from(before);
        }
        self.undone.push(e);
        true
    }

    /// Redoes the last undone edit; false when there was none.
    pub fn redo(&mut self, map: &mut MapDoc, scenario: &mut String) -> bool {
        let Some(e) = self.undone.pop() else {
            return false;
        };
        for c in &e.cells {
            map.set(c.x, c.y, c.new);
        }
        if let Some((_, after)) = &e.scenario {
            scenario.clone_from(after);
        }
        self.done.push(e);
        true
    }
}
