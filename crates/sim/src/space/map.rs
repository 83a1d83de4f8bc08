//! Text maps (S2.1): a header of `key = value` lines, then an ASCII grid.
//!
//! ```text
//! name = Training yard
//! # comment lines start with '#' followed by a space, or with ';'
//! ##########
//! #S...T..E#
//! #oo##cc#p#
//! ##########
//! ```
//! The grid begins at the first line that has no `=`; every grid line must have the same
//! width. Tiles: `#` wall, `.` floor, `S` squad spawn (exactly one), `E` enemy spawn, `T`
//! static target (training dummy), `L` lamp, `~` low debris (walkable, drawn), `A` an
//! ammo crate and `K` a supply case (floor the disk picks them up from, REQ K1, K6: one
//! the squad cannot walk to from `S` is refused). Anything outside the grid is wall.
//!
//! Props (REQ V2, drawn by the view; the simulation sees only wall or floor): `c` a stack
//! of crates, `b` barrels, `o` a console, `p` pipes and valves are **walls** — they block
//! movement, sight, light and bullets exactly as `#` does —; `g` a floor grate and `w`
//! cables on the floor are **floor**, like `.`. [`Tile::is_wall`] is each tile's
//! definition. (No prop is `=`: a first grid row holding one would read as a header
//! line.)
//!
use crate::core::error::LoadError;
use crate::core::geom::Vec2;
use crate::space::grid::Grid;

/// Which tiles the squad can walk to from `from` (4-connected floor, a flood fill).
fn reachable(grid: &Grid, from: Vec2) -> Vec<bool> {
    let (w, h) = (grid.width(), grid.height());
    let mut seen = vec![false; (w * h) as usize];
    let (sx, sy) = Grid::tile_of(from);
    let mut stack = vec![(sx, sy)];
    while let Some((x, y)) = stack.pop() {
        if !grid.in_bounds(x, y) || grid.is_wall(x, y) || seen[(y * w + x) as usize] {
            continue;
        }
        seen[(y * w + x) as usize] = true;
        stack.extend([(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]);
    }
    seen
}

/// Every tile the grid accepts, as the unknown-tile error lists them.
const TILES: &str = "# . S E T L ~ A K, or a prop: c b o p (walls) g w (floor)";

/// Largest accepted map side, in tiles.
pub const MAX_MAP_SIDE: usize = 512;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tile {
    Wall,
    Floor,
    Debris,
    /// `c`: a stack of crates (wall).
    Crates,
    /// `b`: a cluster of barrels (wall).
    Barrels,
    /// `o`: a console, screens and a desk (wall).
    Console,
    /// `p`: pipes and valves (wall).
    Pipes,
    /// `g`: a floor grate over a drain (floor).
    Grate,
    /// `w`: cables run across the floor (floor).
    Cables,
}

impl Tile {
    /// The props' characters and tiles, in the order the error lists them.
    pub const PROPS: [(char, Tile); 6] = [
        ('c', Tile::Crates),
        ('b', Tile::Barrels),
        ('o', Tile::Console),
        ('p', Tile::Pipes),
        ('g', Tile::Grate),
        ('w', Tile::Cables),
    ];

    /// Whether the tile is a wall in the simulation's grid (blocks movement, sight,
    /// light and bullets): `#` and the wall props.
    pub fn is_wall(self) -> bool {
        matches!(
            self,
            Tile::Wall | Tile::Crates | Tile::Barrels | Tile::Console | Tile::Pipes
        )
    }

    /// A prop (REQ V2): drawn as an object, a wall or floor as [`Tile::is_wall`] says.
    pub fn is_prop(self) -> bool {
        Tile::PROPS.iter().any(|&(_, t)| t == self)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    pub name: String,
    pub grid: Grid,
    /// Per tile, for drawing (walls are in `grid` too).
    pub tiles: Vec<Tile>,
    pub squad_spawn: Vec2,
    /// Enemy spawn points in reading order (scenario waves refer to them by index).
    pub enemy_spawns: Vec<Vec2>,
    pub dummies: Vec<Vec2>,
    pub lamps: Vec<Vec2>,
    /// Ammo crates (`A`) and supply cases (`K`), in reading order.
    pub crates: Vec<Vec2>,
    pub cases: Vec<Vec2>,
}

impl Map {
    pub fn width(&self) -> i32 {
        self.grid.width()
    }

    pub fn height(&self) -> i32 {
        self.grid.height()
    }

    pub fn tile(&self, x: i32, y: i32) -> Tile {
        if self.grid.in_bounds(x, y) {
            self.tiles[(y * self.width() + x) as usize]
        } else {
            Tile::Wall
        }
    }

    /// Parses a map; `file` names the source in error messages.
    pub fn parse(file: &str, text: &str) -> Result<Map, LoadError> {
        let mut name = String::from(file);
        let mut rows: Vec<(usize, &str)> = Vec::new();
        let mut in_grid = false;
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let line = raw.strip_suffix('\r').unwrap_or(raw);
            if !in_grid {
                let t = line.trim();
                if t.is_empty() || t.starts_with(';') || t.starts_with("# ") || t == "#!" {
                    continue;
                }
                if let Some((k, v)) = line.split_once('=') {
                    let key = k.trim();
                    let value = v.trim();
                    match key {
                        "name" => name = value.to_string(),
                        "description" => {}
                        _ => {
                            let col = line.find(key).unwrap_or(0) + 1;
                            return Err(LoadError::new(
                                file,
                                line_no,
                                col,
                                format!(
                                    "unknown header key `{key}`: expected `name` or `description`"
                                ),
                            ));
                        }
                    }
                    continue;
                }
                in_grid = true;
            }
            if line.is_empty() {
                // Trailing blank lines end the grid; a blank line inside it is an error.
                rows.push((line_no, line));
                continue;
            }
            rows.push((line_no, line));
        }
        while rows.last().is_some_and(|(_, l)| l.is_empty()) {
            rows.pop();
        }
        if rows.is_empty() {
            let line = text.lines().count() + 1;
            return Err(LoadError::new(
                file,
                line,
                1,
                "expected a tile grid after the header",
            ));
        }
        if rows.len() > MAX_MAP_SIDE {
            return Err(LoadError::new(
                file,
                rows[MAX_MAP_SIDE].0,
                1,
                format!(
                    "map has {} rows: expected at most {MAX_MAP_SIDE}",
                    rows.len()
                ),
            ));
        }
        let width = rows[0].1.chars().count();
        if width > MAX_MAP_SIDE {
            return Err(LoadError::new(
                file,
                rows[0].0,
                MAX_MAP_SIDE + 1,
                format!("map row is {width} tiles wide: expected at most {MAX_MAP_SIDE}"),
            ));
        }
        let height = rows.len();
        let mut tiles = Vec::with_capacity(width * height);
        let mut walls = Vec::with_capacity(width * height);
        let mut spawn: Option<(Vec2, usize, usize)> = None;
        let mut enemy_spawns = Vec::new();
        let mut dummies = Vec::new();
        let mut lamps = Vec::new();
        let mut pickups = Vec::new();
        for (y, (line_no, row)) in rows.iter().enumerate() {
            let n = row.chars().count();
            if n != width {
                return Err(LoadError::new(
                    file,
                    *line_no,
                    n.min(width) + 1,
                    format!("non-rectangular grid: row is {n} tiles wide, expected {width} like the first row"),
                ));
            }
            for (x, c) in row.chars().enumerate() {
                let center = Grid::tile_center(x as i32, y as i32);
                let tile = match c {
                    '#' => Tile::Wall,
                    '.' => Tile::Floor,
                    '~' => Tile::Debris,
                    'S' => {
                        if let Some((_, l, cc)) = spawn {
                            return Err(LoadError::new(
                                file,
                                *line_no,
                                x + 1,
                                format!("second squad spawn `S`: expected exactly one (first at {l}:{cc})"),
                            ));
                        }
                        spawn = Some((center, *line_no, x + 1));
                        Tile::Floor
                    }
                    'E' => {
                        enemy_spawns.push(center);
                        Tile::Floor
                    }
                    'T' => {
                        dummies.push(center);
                        Tile::Floor
                    }
                    'L' => {
                        lamps.push(center);
                        Tile::Floor
                    }
                    'A' | 'K' => {
                        pickups.push((c, x, y, *line_no));
                        Tile::Floor
                    }
                    other => match Tile::PROPS.iter().find(|&&(p, _)| p == other) {
                        Some(&(_, prop)) => prop,
                        None => {
                            return Err(LoadError::new(
                                file,
                                *line_no,
                                x + 1,
                                format!(
                                    "unknown tile `{}`: expected one of {TILES}",
                                    other.escape_debug()
                                ),
                            ))
                        }
                    },
                };
                walls.push(tile.is_wall());
                tiles.push(tile);
            }
        }
        let Some((squad_spawn, _, _)) = spawn else {
            return Err(LoadError::new(
                file,
                rows[0].0,
                1,
                "missing squad spawn: expected one `S` tile in the grid",
            ));
        };
        let grid = Grid::new(width as i32, height as i32, walls);
        let reach = reachable(&grid, squad_spawn);
        let (mut crates, mut cases) = (Vec::new(), Vec::new());
        for (c, x, y, line_no) in pickups {
            if !reach[y * width + x] {
                let what = if c == 'A' {
                    "ammo crate `A`"
                } else {
                    "supply case `K`"
                };
                return Err(LoadError::new(
                    file,
                    line_no,
                    x + 1,
                    format!("{what} the squad cannot reach: no floor path from `S` to it"),
                ));
            }
            let p = Grid::tile_center(x as i32, y as i32);
            if c == 'A' {
                crates.push(p)
            } else {
                cases.push(p)
            }
        }
        Ok(Map {
            name,
            grid,
            tiles,
            squad_spawn,
            enemy_spawns,
            dummies,
            lamps,
            crates,
            cases,
        })
    }

    /// The map compiled into the binary (S2.4).
    pub fn default_map() -> Map {
        Map::parse("<embedded default.map>", crate::content::DEFAULT_MAP)
            .expect("the embedded default map parses (tested)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        Map::parse("m.map", text).unwrap_err().to_string()
    }

    #[test]
    fn parses_header_grid_and_markers() {
        let m = Map::parse("m.map", "name = Box\n#####\n#S.T#\n#E.L#\n#####\n").unwrap();
        assert_eq!(m.name, "Box");
        assert_eq!((m.width(), m.height()), (5, 4));
        assert_eq!(m.squad_spawn, Vec2::new(1.5, 1.5));
        assert_eq!(m.dummies, vec![Vec2::new(3.5, 1.5)]);
        assert_eq!(m.enemy_spawns, vec![Vec2::new(1.5, 2.5)]);
        assert_eq!(m.lamps, vec![Vec2::new(3.5, 2.5)]);
        assert!(m.grid.is_wall(0, 0) && !m.grid.is_wall(2, 1));
        assert!(
            m.grid.is_wall(-1, 2) && m.grid.is_wall(5, 2),
            "outside is wall"
        );
    }

    #[test]
    fn non_rectangular_grid_names_the_row() {
        assert_eq!(
            err("####\n#S.#\n#..\n####\n"),
            "m.map:3:4: non-rectangular grid: row is 3 tiles wide, expected 4 like the first row"
        );
    }

    #[test]
    fn unknown_tile_names_line_and_column() {
        assert_eq!(
            err("name = x\n####\n#S?#\n####\n"),
            "m.map:3:3: unknown tile `?`: expected one of # . S E T L ~ A K, or a prop: \
             c b o p (walls) g w (floor)"
        );
        // A letter that is no prop, and `=` (never a prop: it would start a header).
        assert!(err("####\n#Sx#\n####\n").starts_with("m.map:2:3: unknown tile `x`"));
        assert!(err("####\n#S=#\n####\n").starts_with("m.map:2:3: unknown tile `=`"));
    }

    #[test]
    fn each_wall_prop_is_a_wall_in_the_grid() {
        for (c, tile) in [
            ('c', Tile::Crates),
            ('b', Tile::Barrels),
            ('o', Tile::Console),
            ('p', Tile::Pipes),
        ] {
            let m = Map::parse("m.map", &format!("#####\n#S{c}.#\n#####\n")).unwrap();
            assert_eq!(m.tile(2, 1), tile, "`{c}`");
            assert!(tile.is_wall() && tile.is_prop(), "`{c}`");
            assert!(m.grid.is_wall(2, 1), "`{c}` blocks like `#`");
            // The same map with `#` there has the same grid.
            let wall = Map::parse("m.map", "#####\n#S#.#\n#####\n").unwrap();
            assert_eq!(m.grid, wall.grid, "`{c}`");
        }
    }

    #[test]
    fn each_floor_prop_is_floor_in_the_grid() {
        for (c, tile) in [('g', Tile::Grate), ('w', Tile::Cables)] {
            let m = Map::parse("m.map", &format!("#####\n#S{c}A#\n#####\n")).unwrap();
            assert_eq!(m.tile(2, 1), tile, "`{c}`");
            assert!(!tile.is_wall() && tile.is_prop(), "`{c}`");
            assert!(!m.grid.is_wall(2, 1), "`{c}` is walkable like `.`");
            // The crate beyond it is reachable through it.
            assert_eq!(m.crates, vec![Vec2::new(3.5, 1.5)], "`{c}`");
            let floor = Map::parse("m.map", "#####\n#S.A#\n#####\n").unwrap();
            assert_eq!(m.grid, floor.grid, "`{c}`");
        }
    }

    #[test]
    fn a_crate_behind_a_wall_prop_is_unreachable() {
        assert_eq!(
            err("#####\n#SoA#\n#####\n"),
            "m.map:2:4: ammo crate `A` the squad cannot reach: no floor path from `S` to it"
        );
    }

    #[test]
    fn only_the_old_tiles_are_not_props() {
        for t in [Tile::Wall, Tile::Floor, Tile::Debris] {
            assert!(!t.is_prop());
        }
        assert!(Tile::Wall.is_wall() && !Tile::Floor.is_wall() && !Tile::Debris.is_wall());
    }

    #[test]
    fn crates_and_cases_the_squad_can_reach_are_floor() {
        let m = Map::parse("m.map", "#######\n#S.A.K#\n#######\n").unwrap();
        assert_eq!(m.crates, vec![Vec2::new(3.5, 1.5)]);
        assert_eq!(m.cases, vec![Vec2::new(5.5, 1.5)]);
        assert!(!m.grid.is_wall(3, 1) && !m.grid.is_wall(5, 1));
    }

    #[test]
    fn a_crate_behind_a_wall_is_refused_at_its_place() {
        assert_eq!(
            err("#######\n#S.#.A#\n#######\n"),
            "m.map:2:6: ammo crate `A` the squad cannot reach: no floor path from `S` to it"
        );
        assert_eq!(
            err("#####\n#S..#\n#####\n#K..#\n#####\n"),
            "m.map:4:2: supply case `K` the squad cannot reach: no floor path from `S` to it"
        );
    }

    #[test]
    fn missing_spawn_is_an_error() {
        assert!(err("####\n#..#\n####\n").starts_with("m.map:1:1: missing squad spawn"));
    }

    #[test]
    fn second_spawn_is_an_error() {
        assert!(err("####\n#SS#\n####\n").starts_with("m.map:2:3: second squad spawn"));
    }

    #[test]
    fn unknown_header_key_is_an_error() {
        assert!(err("name = a\nsize = 3\n###\n#S#\n###\n")
            .starts_with("m.map:2:1: unknown header key `size`"));
    }

    #[test]
    fn empty_grid_is_an_error() {
        assert_eq!(
            err("name = a\n"),
            "m.map:2:1: expected a tile grid after the header"
        );
    }

    #[test]
    fn oversized_map_is_an_error() {
        let row = "#".repeat(MAX_MAP_SIDE + 1);
        assert!(err(&format!("{row}\n")).contains("expected at most 512"));
        let tall = "#S#\n".repeat(MAX_MAP_SIDE + 1);
        assert!(err(&tall).contains("expected at most 512"));
    }

    #[test]
    fn embedded_default_map_is_a_real_level() {
        let m = Map::default_map();
        assert!(m.width() >= 48 && m.height() >= 48);
        assert!(m.enemy_spawns.len() >= 3);
        assert!(m.lamps.len() >= 4);
    }
}
