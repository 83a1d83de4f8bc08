//! `resolve_walls` on the combat route's map: a body pushed out of the walls never ends
//! with its centre inside a wall tile, and bodies far off the map are left alone.

use sim::content::DEFAULT_MAP;
use sim::core::rng::Rng;
use sim::space::grid::{resolve_walls, Grid};
use sim::space::map::Map;
use sim::Vec2;

fn route_grid() -> Grid {
    Map::parse("default", DEFAULT_MAP)
        .expect("the default map loads")
        .grid
}

#[test]
fn a_body_pushed_into_the_spawn_pocket_ends_outside_every_wall() {
    // The route's east spawn sits in a pocket with walls east and south: the three
    // pushes used to bounce this body into wall tile (47, 60) (--accept G1).
    let g = route_grid();
    let p = resolve_walls(Vec2::new(47.1, 61.1), 0.3, &g);
    let (tx, ty) = Grid::tile_of(p);
    assert!(
        !g.is_wall(tx, ty),
        "centre in wall tile ({tx}, {ty}) at {p:?}"
    );
    assert!(!g.circle_hits_wall(p, 0.3), "{p:?}");
}

#[test]
fn a_body_far_off_the_map_is_left_where_it_is() {
    // Its tile is at the end of `i32`: the fallback's search must not overflow.
    let g = route_grid();
    for p in [
        Vec2::new(-3.0e9, 5.0),
        Vec2::new(5.0, 3.0e9),
        Vec2::new(f32::MAX, 0.0),
    ] {
        assert_eq!(resolve_walls(p, 0.3, &g), p);
    }
}

#[test]
fn resolved_centres_are_never_inside_a_wall_tile() {
    let g = route_grid();
    let mut rng = Rng::new(5);
    let mut inside_walls = 0;
    for _ in 0..200_000 {
        let p = Vec2::new(
            rng.range_f32(1.0, g.width() as f32 - 1.0),
            rng.range_f32(1.0, g.height() as f32 - 1.0),
        );
        let r = rng.range_f32(0.2, 0.45);
        let (sx, sy) = Grid::tile_of(p);
        inside_walls += g.is_wall(sx, sy) as u32;
        let q = resolve_walls(p, r, &g);
        let (tx, ty) = Grid::tile_of(q);
        // Bodies are pushed at most a tile deep into walls: start within a tile of floor.
        let floor_near = (sy - 1..=sy + 1).any(|y| (sx - 1..=sx + 1).any(|x| !g.is_wall(x, y)));
        if !floor_near {
            continue;
        }
        assert!(
            !g.is_wall(tx, ty),
            "{p:?} r {r} -> {q:?} in wall tile ({tx}, {ty})"
        );
    }
    assert!(
        inside_walls > 1000,
        "the sample reaches into walls: {inside_walls}"
    );
}
