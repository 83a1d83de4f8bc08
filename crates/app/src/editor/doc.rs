//! A map's text as the editor holds it: the file's lines exactly as read, with the
//! grid's rows found by the loader's own rule (the first line that is neither blank,
//! a comment nor `key = value`, and every line after it), so that saving what was
//! loaded gives back the same bytes and an edit changes only the cells it names.

/// The tiles the loader knows (`sim::read::Map::parse`), with what each is, for the
/// palette and the docs.
pub const TILES: &[(char, &str)] = &[
    ('#', "wall"),
    ('.', "floor"),
    ('~', "low debris (walkable)"),
    ('S', "squad spawn (one)"),
    ('E', "enemy spawn"),
    ('T', "training dummy"),
    ('L', "lamp"),
    ('A', "ammunition crate"),
    ('K', "supply case"),
    // Props (REQ V2): walls or floor to the simulation, drawn as objects.
    ('c', "crate stack (wall)"),
    ('b', "barrels (wall)"),
    ('o', "console (wall)"),
    ('p', "pipes (wall)"),
    ('g', "floor grate (walkable)"),
    ('w', "cables (walkable)"),
];

/// What `c` is, by the palette's names.
pub fn tile_name(c: char) -> &'static str {
    TILES
        .iter()
        .find(|(t, _)| *t == c)
        .map_or("unknown tile", |(_, n)| n)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapDoc {
    /// The file's lines, split at `\n` (a final empty one when the text ends in `\n`);
    /// a `\r` before the `\n` stays on its line.
    lines: Vec<String>,
    /// The index in `lines` of each grid row, top to bottom.
    rows: Vec<usize>,
}

/// Whether `line` is one the loader skips or reads as a header before the grid.
fn is_header(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with(';') || t.starts_with("# ") || t == "#!" || line.contains('=')
}

impl MapDoc {
    /// The document of `text` (any text: what does not load is listed by
    /// [`crate::editor::problems`], not refused here).
    pub fn parse(text: &str) -> MapDoc {
        let lines: Vec<String> = text.split('\n').map(str::to_string).collect();
        let start = lines.iter().position(|l| !is_header(l));
        let mut rows: Vec<usize> = match start {
            Some(s) => (s..lines.len()).collect(),
            None => Vec::new(),
        };
        // The empty piece after a final newline is not a row.
        if let Some(&last) = rows.last() {
            if lines[last].is_empty() {
                rows.pop();
            }
        }
        MapDoc { lines, rows }
    }

    /// A new map `w` × `h` named `name`: floor inside a wall border, the squad's spawn
    /// near the middle of the left side.
    pub fn blank(name: &str, w: usize, h: usize) -> MapDoc {
        let (w, h) = (w.max(3), h.max(3));
        let mut text = format!("name = {name}\n");
        for y in 0..h {
            for x in 0..w {
                let edge = x == 0 || y == 0 || x + 1 == w || y + 1 == h;
                text.push(if edge {
                    '#'
                } else if x == 2 && y == h / 2 {
                    'S'
                } else {
                    '.'
                });
            }
            text.push('\n');
        }
        MapDoc::parse(&text)
    }

    /// The text to save: the lines joined as read.
    pub fn text(&self) -> String {
        self.lines.join("\n")
    }

    /// Grid rows.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// The first row's width (the loader's: every row must match it).
    pub fn width(&self) -> usize {
        self.rows.first().map_or(0, |&r| self.row(r).count())
    }

    fn row(&self, line: usize) -> impl Iterator<Item = char> + '_ {
        let l = &self.lines[line];
        l.strip_suffix('\r').unwrap_or(l).chars()
    }

    /// The tile at cell (`x`, `y`), `None` outside the grid.
    pub fn get(&self, x: i32, y: i32) -> Option<char> {
        if x < 0 || y < 0 {
            return None;
        }
        let &line = self.rows.get(y as usize)?;
        self.row(line).nth(x as usize)
    }

    /// Sets cell (`x`, `y`) to `c`; returns the tile it had, `None` (nothing changed)
    /// outside the grid.
    pub fn set(&mut self, x: i32, y: i32, c: char) -> Option<char> {
        let old = self.get(x, y)?;
        let line = self.rows[y as usize];
        let l = &self.lines[line];
        let cr = l.ends_with('\r');
        let mut chars: Vec<char> = l.strip_suffix('\r').unwrap_or(l).chars().collect();
        chars[x as usize] = c;
        let mut s: String = chars.into_iter().collect();
        if cr {
            s.push('\r');
        }
        self.lines[line] = s;
        Some(old)
    }

    /// The line number (1-based, as in `file:line:col`) of grid row `y`.
    pub fn line_of_row(&self, y: usize) -> Option<usize> {
        self.rows.get(y).map(|l| l + 1)
    }

    /// The grid cell a `file:line:col` of this map names, if it is in the grid.
    pub fn cell_at(&self, line: usize, col: usize) -> Option<(i32, i32)> {
        let y = self.rows.iter().position(|&l| l + 1 == line)?;
        (col >= 1).then_some((col as i32 - 1, y as i32))
    }

    /// Every cell holding `c`, in reading order.
    pub fn find(&self, c: char) -> Vec<(i32, i32)> {
        let mut at = Vec::new();
        for y in 0..self.height() {
            for (x, t) in self.row(self.rows[y]).enumerate() {
                if t == c {
                    at.push((x as i32, y as i32));
                }
            }
        }
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_map_round_trips_byte_for_byte() {
        let mut n = 0;
        for (name, text) in sim::content::MAPS {
            let doc = MapDoc::parse(text);
            assert_eq!(doc.text(), *text, "{name}");
            assert!(doc.height() > 0 && doc.width() > 0, "{name}");
            // The grid the loader reads is the grid the document edits.
            let map = sim::read::Map::parse(name, text).expect("ships");
            assert_eq!(doc.width() as i32, map.width(), "{name}");
            assert_eq!(doc.height() as i32, map.height(), "{name}");
            n += 1;
        }
        assert!(n >= 7, "{n} maps");
    }

    #[test]
    fn an_edit_changes_only_its_cell_and_undoing_it_restores_the_bytes() {
        let text = "name = t\n# a comment\n#####\r\n#S..#\r\n#####\r\n";
        let mut doc = MapDoc::parse(text);
        assert_eq!((doc.width(), doc.height()), (5, 3));
        assert_eq!(doc.get(1, 1), Some('S'));
        assert_eq!(doc.set(2, 1, 'E'), Some('.'));
        assert_eq!(
            doc.text(),
            "name = t\n# a comment\n#####\r\n#SE.#\r\n#####\r\n"
        );
        doc.set(2, 1, '.');
        assert_eq!(doc.text(), text);
        assert_eq!(doc.set(9, 1, '#'), None, "outside the grid");
        assert_eq!(doc.cell_at(4, 3), Some((2, 1)));
        assert_eq!(doc.line_of_row(0), Some(3));
    }

    #[test]
    fn a_blank_map_loads() {
        let doc = MapDoc::blank("Mine", 12, 8);
        let map = sim::read::Map::parse("mine.map", &doc.text()).expect("loads");
        assert_eq!((map.width(), map.height()), (12, 8));
        assert_eq!(doc.find('S'), vec![(2, 4)]);
    }
}
