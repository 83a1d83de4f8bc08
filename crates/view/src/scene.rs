//! The isometric scene (R2): floor, walls as shaded blocks, bodies, the anchor disk,
//! bullets with tracer streaks, spits in flight, fallen bodies.
//!
//! Occlusion is a stable painter's order: the floor first, then walls and bodies
//! together sorted back to front by `x + y` of their footprint (a wall tile by its
//! centre, a body by its foot point; ties by kind and id). For unit blocks and bodies
//! smaller than a tile this is exact where they overlap on screen. Squad agents hidden
//! behind walls get an x-ray outline drawn last, so the player never loses them; so does
//! the anchor disk.
//!
//! The scene draws in layers so the horror layer can light it between them: the floor
//! layer (tiles, corpses: albedo only), markers on the floor (telegraphs, the anchor),
//! the sorted objects, then what is drawn on the final frame (lamp glows, strike arcs,
//! bullets, x-ray). With a [`Lighting`] the floor and walls follow the fog of war (never
//! seen: not drawn; remembered: drawn grey) and enemies appear only on live tiles, each
//! as the lighting's [`Shade`] says (lit, or a silhouette whose eyes the caller shines on
//! the final frame).

use raster::{
    draw_line, fill_circle, fill_ellipse, fill_quad, fill_triangle_gouraud, stroke_circle,
    stroke_ellipse, Blend, Framebuffer, LineCap, Paint, Rgba,
};
use sim::read::{Grid, Map, Role, Tile, World};
use sim::Vec2;

use crate::bodies::{
    caught_light, draw_agent, draw_enemy, eye_color, px, Glint, Shade, BODY_Z, ENEMY_HEAD_Z, GUN_Z,
    HEAD_Z,
};
use crate::canvas::Canvas;
pub use crate::cull::{visible_tiles, Visible};
use crate::dressing::walls::Face;
use crate::dressing::Dressing;
use crate::iso::{Iso, HEIGHT_PX, TILE_H, TILE_W};
use crate::palette as pal;
use crate::spits::draw_spits;
use crate::strikes::{draw_strike_arcs, draw_strike_telegraphs};

pub use crate::interp::lerp_pos;
pub use crate::lighting::Lighting;
pub use crate::palette::memory_tint;
pub use crate::seen::Seen;

/// Height of a wall block, world units.
pub const WALL_HEIGHT: f32 = 1.0;

/// Time the scene's passes spent on bodies (agents, enemies, the dead) and on props
/// (wall and floor props, lamps): parts of the scene stage, for `--bench`'s stage lines
/// (issue 37, V5). Measured around each body and prop drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PartTimes {
    pub bodies: std::time::Duration,
    pub props: std::time::Duration,
}

/// What a caller draws on the floor and over the finished frame besides the world (the
/// way to the objective, REQ W1–W2): given to the plain scene and to the horror layer,
/// which call it in their floor-marker pass (under every body, lit by the canvas) and
/// after the squad's x-ray outlines.
pub trait FloorExtra {
    fn draw_floor(&self, cv: &mut Canvas, iso: &Iso, w: &World);
    fn draw_xray(&self, fb: &mut Framebuffer, iso: &Iso, w: &World);
}

/// A cheap hash for per-tile colour variation (cosmetic, deterministic).
fn tile_hash(x: i32, y: i32) -> u32 {
    let mut h = (x as u32).wrapping_mul(0x9E37_79B1) ^ (y as u32).wrapping_mul(0x85EB_CA77);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^ (h >> 12)
}

fn diamond(iso: &Iso, x: f32, y: f32, z: f32) -> [[f32; 2]; 4] {
    [
        iso.project(Vec2::new(x, y), z),
        iso.project(Vec2::new(x + 1.0, y), z),
        iso.project(Vec2::new(x + 1.0, y + 1.0), z),
        iso.project(Vec2::new(x, y + 1.0), z),
    ]
}

/// The floor diamond of tile `(x, y)` on screen.
pub fn diamond_pts(iso: &Iso, x: i32, y: i32) -> [[f32; 2]; 4] {
    diamond(iso, x as f32, y as f32, 0.0)
}

/// A quad with per-corner colours, as two Gouraud triangles.
pub fn gouraud_quad(fb: &mut Framebuffer, q: [[f32; 2]; 4], c: [Rgba; 4], blend: Blend) {
    if c.iter().all(|&x| x == c[0]) {
        // One colour: the flat fill is several times cheaper per pixel.
        let p = match blend {
            Blend::Opaque => Paint::opaque(c[0]),
            Blend::Alpha => Paint::alpha(c[0]),
            Blend::Additive => Paint::additive(c[0]),
        };
        fill_quad(fb, q, p);
        return;
    }
    fill_triangle_gouraud(fb, [q[0], q[1], q[2]], [c[0], c[1], c[2]], blend);
    fill_triangle_gouraud(fb, [q[0], q[2], q[3]], [c[0], c[2], c[3]], blend);
}

/// The floor's albedo. With lighting: never-seen tiles are skipped (black), remembered
/// ones are grey, and the edge between them blends across the tile.
fn draw_floor(
    fb: &mut Framebuffer,
    w: &World,
    iso: &Iso,
    tiles: &Visible,
    lit: Option<&dyn Lighting>,
    parts: &mut PartTimes,
) {
    let dressing = Dressing::of(w.map(), fb.scale());
    for y in tiles.rows() {
        for x in tiles.cols(y) {
            let tile = w.map().tile(x, y);
            if tile == Tile::Wall {
                continue;
            }
            let col = dressing.floor_color(x, y, tile);
            let q = diamond(iso, x as f32, y as f32, 0.0);
            let mut live_tile = true;
            match lit {
                None => fill_quad(fb, q, Paint::opaque(col)),
                Some(l) => {
                    // Flat per tile: colour where the squad sees, grey memory elsewhere.
                    // The fog's soft rim is in the light (the fog stage blends it across
                    // the edge tiles); the albedo's step between colour and grey at the
                    // memory level is below one level of brightness.
                    let seen = l.seen(x, y);
                    if seen == Seen::Never {
                        continue;
                    }
                    live_tile = seen == Seen::Live;
                    let c = if live_tile { col } else { l.floor_memory(col) };
                    fill_quad(fb, q, Paint::opaque(c));
                }
            }
            dressing.floor_detail(fb, w.map(), iso, x, y, !live_tile);
            if tile.is_prop() && !tile.is_wall() {
                let memory = lit
                    .filter(|_| !live_tile)
                    .map(|l| move |c| l.floor_memory(c));
                let memory = memory.as_ref().map(|f| f as &dyn Fn(Rgba) -> Rgba);
                let t0 = std::time::Instant::now();
                crate::floor_props::draw_floor_prop(fb, iso, w.map(), (x, y), tile, memory);
                parts.props += t0.elapsed();
            }
            if tile == Tile::Debris {
                // A few stones of rubble.
                let stone = pal::DEBRIS.scale_rgb(1.35);
                let stone = match lit {
                    Some(l) if !live_tile => l.floor_memory(stone),
                    _ => stone,
                };
                let h = tile_hash(x, y);
                for k in 0..3u32 {
                    let ox = ((h >> (k * 5)) & 31) as f32 / 40.0 + 0.1;
                    let oy = ((h >> (k * 5 + 15)) & 31) as f32 / 40.0 + 0.1;
                    let c = iso.project(Vec2::new(x as f32 + ox, y as f32 + oy), 0.04);
                    fill_ellipse(
                        fb,
                        c,
                        [4.0 + k as f32, 2.5 + k as f32 * 0.5],
                        Paint::opaque(stone),
                    );
                }
            }
        }
    }
}

/// Wall faces and top in the albedo; with lighting, their light in the light buffer:
/// each visible face lit from the floor in front of it (a face lit from behind stays
/// dark), remembered walls grey at the memory light, never-seen walls black.
fn draw_wall(
    cv: &mut Canvas,
    w: &World,
    iso: &Iso,
    (x, y): (i32, i32),
    dressing: &Dressing,
    lit: Option<&dyn Lighting>,
) {
    let seen = lit.map_or(Seen::Live, |l| l.seen(x, y));
    if seen == Seen::Never {
        if let Some(l) = lit {
            // Only where it hides something seen: the block covers on screen the tiles
            // up to two rows behind it (it is taller than a tile).
            let behind = (0..=2)
                .any(|b| (0..=2).any(|a| (a, b) != (0, 0) && l.seen(x - a, y - b) != Seen::Never));
            if behind {
                draw_unseen_wall(cv.albedo(), w.map(), iso, x, y);
            }
        }
        return;
    }
    let tint = |c: Rgba| {
        if seen == Seen::Live {
            c
        } else {
            memory_tint(c)
        }
    };
    let (fx, fy) = (x as f32, y as f32);
    let h = WALL_HEIGHT;
    let b = iso.project(Vec2::new(fx + 1.0, fy), 0.0);
    let c = iso.project(Vec2::new(fx + 1.0, fy + 1.0), 0.0);
    let d = iso.project(Vec2::new(fx, fy + 1.0), 0.0);
    let bt = iso.project(Vec2::new(fx + 1.0, fy), h);
    let ct = iso.project(Vec2::new(fx + 1.0, fy + 1.0), h);
    let dt = iso.project(Vec2::new(fx, fy + 1.0), h);
    let shade = 0.94 + (tile_hash(x, y) & 7) as f32 / 100.0;
    // Faces show toward anything but a wall block (a prop stands in a niche).
    let block = |x: i32, y: i32| w.map().tile(x, y) == Tile::Wall;
    let grey = seen != Seen::Live;
    // Solid rock (walls all round) is darker than the wall tops that face a room, so
    // rooms and corridors read at a glance instead of drowning in one grey plateau.
    let interior = (-1..=1).all(|dy| (-1..=1).all(|dx| block(x + dx, y + dy)));
    let [left, right, top_col] = dressing.wall_colors(x, y, interior, shade);
    // Light of a face from two samples just outside its bottom edge, a little in from
    // the corners (a sample exactly on a corner would graze the next wall); the top of
    // the face a little darker.
    let face = |a: Vec2, b: Vec2, n: Vec2| -> [Rgba; 4] {
        match lit {
            Some(l) if seen == Seen::Live => {
                let out = n * 0.04;
                let la = l.face_light(a.lerp(b, 0.04) + out, n);
                let lb = l.face_light(a.lerp(b, 0.96) + out, n);
                [la, lb, lb.scale_rgb(0.7), la.scale_rgb(0.7)]
            }
            Some(l) => [l.memory_light(); 4],
            None => [Rgba::BLACK; 4],
        }
    };
    let mut face_max = 0u8;
    // Only faces toward the viewer (+x, +y) and only where no wall hides them.
    if !block(x, y + 1) {
        fill_quad(cv.albedo(), [d, c, ct, dt], Paint::opaque(tint(left)));
        dressing.face(cv.albedo(), iso, x, y, Face::Left, grey);
        if let Some(lb) = cv.light() {
            let f = face(
                Vec2::new(fx, fy + 1.0),
                Vec2::new(fx + 1.0, fy + 1.0),
                Vec2::new(0.0, 1.0),
            );
            face_max = face_max.max(f[0].g).max(f[1].g);
            gouraud_quad(lb, [d, c, ct, dt], f, Blend::Opaque);
        }
    }
    if !block(x + 1, y) {
        fill_quad(cv.albedo(), [c, b, bt, ct], Paint::opaque(tint(right)));
        dressing.face(cv.albedo(), iso, x, y, Face::Right, grey);
        if let Some(lb) = cv.light() {
            let f = face(
                Vec2::new(fx + 1.0, fy + 1.0),
                Vec2::new(fx + 1.0, fy),
                Vec2::new(1.0, 0.0),
            );
            face_max = face_max.max(f[0].g).max(f[1].g);
            gouraud_quad(lb, [c, b, bt, ct], f, Blend::Opaque);
        }
    }
    let top = diamond(iso, fx, fy, h);
    fill_quad(cv.albedo(), top, Paint::opaque(tint(top_col)));
    if !interior {
        dressing.top(cv.albedo(), iso, x, y, h, grey);
    }
    if let (Some(l), true) = (lit, cv.has_light()) {
        // Lights are carried low: a top catches only a little of what its faces get.
        let top_light = if seen == Seen::Live {
            let amb = l.ambient_light();
            let k = (face_max as f32 * 0.22) as u8;
            Rgba::rgb(amb.r.max(k), amb.g.max(k), amb.b.max(k))
        } else {
            l.memory_light()
        };
        if let Some(lb) = cv.light() {
            fill_quad(lb, top, Paint::opaque(top_light));
        }
    }
    // Light edges where the top meets open floor: reads as a block, not a slab.
    if !block(x, y + 1) {
        draw_line(
            cv.albedo(),
            top[3],
            top[2],
            1.0,
            LineCap::Butt,
            tint(pal::WALL_EDGE),
        );
    }
    if !block(x + 1, y) {
        draw_line(
            cv.albedo(),
            top[2],
            top[1],
            1.0,
            LineCap::Butt,
            tint(pal::WALL_EDGE),
        );
    }
}

/// A wall never seen is still there: drawn black, so it hides the floor and bodies
/// behind it on screen (skipping it would show the lit floor through it). Albedo only:
/// black stays black whatever the light.
fn draw_unseen_wall(fb: &mut Framebuffer, m: &Map, iso: &Iso, x: i32, y: i32) {
    let block = |x: i32, y: i32| m.tile(x, y) == Tile::Wall;
    let (fx, fy) = (x as f32, y as f32);
    let p = |dx: f32, dy: f32, z: f32| iso.project(Vec2::new(fx + dx, fy + dy), z);
    let h = WALL_HEIGHT;
    let black = Paint::opaque(Rgba::BLACK);
    // Like a seen wall: the top always, a front face only where no wall stands in front
    // (a block of unseen rock is its tops and its outer faces).
    fill_quad(fb, diamond(iso, fx, fy, h), black);
    if !block(x, y + 1) {
        fill_quad(
            fb,
            [
                p(0.0, 1.0, 0.0),
                p(1.0, 1.0, 0.0),
                p(1.0, 1.0, h),
                p(0.0, 1.0, h),
            ],
            black,
        );
    }
    if !block(x + 1, y) {
        fill_quad(
            fb,
            [
                p(1.0, 1.0, 0.0),
                p(1.0, 0.0, 0.0),
                p(1.0, 0.0, h),
                p(1.0, 1.0, h),
            ],
            black,
        );
    }
}

/// One thing to draw in the sorted pass.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Item {
    Wall(i32, i32),
    /// A wall prop (`crate::props`), where a wall block would stand.
    Prop(i32, i32),
    /// A lamp's fixture (`crate::lamps`).
    Lamp(usize),
    Agent(usize),
    Enemy(usize),
    /// A corpse still falling (`crate::corpses`).
    Corpse(usize),
    /// A crate or case on the floor, a landed flare, the grenade (REQ K1, K3, K5): props
    /// lower than a body, after a wall of the same depth.
    Pickup(usize),
    Flare(usize),
    Grenade,
}

/// Props sort after the walls of their depth (the same kind number, a higher id).
const PROP_ID: u32 = 1 << 30;

fn item_key(it: &Item, w: &World, alpha: f32) -> (f32, u8, u32) {
    match *it {
        Item::Wall(x, y) | Item::Prop(x, y) => ((x + y) as f32 + 1.0, 0, 0),
        Item::Lamp(i) => {
            let p = w.map().lamps[i];
            (p.x + p.y, 0, PROP_ID + 0x40000 + i as u32)
        }
        Item::Pickup(i) => {
            let p = w.pickups()[i].pos;
            (p.x + p.y, 0, PROP_ID + i as u32)
        }
        Item::Flare(i) => {
            let p = w.tools().flares[i].pos;
            (p.x + p.y, 0, PROP_ID + 0x10000 + i as u32)
        }
        Item::Grenade => {
            let p = w
                .tools()
                .grenade
                .as_ref()
                .map_or(Vec2::ZERO, |g| crate::tools::grenade_head(g, alpha).0);
            (p.x + p.y, 0, PROP_ID + 0x20000)
        }
        Item::Agent(i) => {
            let a = &w.agents()[i];
            let p = lerp_pos(a.prev_pos, a.pos, alpha);
            (p.x + p.y, 2, a.id)
        }
        Item::Enemy(i) => {
            let e = &w.enemies()[i];
            let p = lerp_pos(e.prev_pos, e.pos, alpha);
            (p.x + p.y, 1, e.id)
        }
        Item::Corpse(i) => {
            let p = w.corpses()[i].pos;
            (p.x + p.y, 1, PROP_ID + 0x30000 + i as u32)
        }
    }
}

/// The anchor disk's ring on screen: its centre, its horizontal radius (the vertical is
/// half), its colour (warmer with urgency).
fn anchor_ring(iso: &Iso, w: &World, alpha: f32) -> (Vec2, [f32; 2], f32, Rgba) {
    let p = lerp_pos(w.anchor().prev_pos, w.anchor().pos, alpha);
    let r = px(w.tuning().anchor.radius) * 1.3;
    let col = pal::ANCHOR.lerp(Rgba::rgb(255, 120, 60), w.anchor().urgency);
    (p, iso.project(p, 0.0), r, col)
}

/// The anchor disk: a marker ring whose colour warms with urgency.
fn draw_anchor(cv: &mut Canvas, iso: &Iso, w: &World, alpha: f32) {
    let (_, c, r, col) = anchor_ring(iso, w, alpha);
    cv.glow_stroke_ellipse(c, [r, r * 0.5], 3.0, Paint::alpha(col.with_alpha(230)));
    cv.stroke_ellipse(
        c,
        [r * 1.5, r * 0.75],
        1.5,
        Paint::additive(col.with_alpha(90)),
    );
    cv.ellipse(c, [r * 0.3, r * 0.15], Paint::opaque(col));
}

/// Bullets with a short streak (the plain scene; the horror layer draws fading tracers).
pub fn draw_bullets(fb: &mut Framebuffer, iso: &Iso, w: &World, alpha: f32) {
    for b in w.bullets() {
        let head = lerp_pos(b.prev_pos, b.pos, alpha);
        // A short streak behind the head, never behind the muzzle.
        let back = (head - b.muzzle).length().min(0.9);
        let tail = head - b.dir * back;
        let h = iso.project(head, GUN_Z);
        let t = iso.project(tail, GUN_Z);
        draw_line(
            fb,
            t,
            h,
            3.0,
            LineCap::Round,
            Paint::additive(pal::TRACER.with_alpha(120)),
        );
        draw_line(fb, t, h, 1.5, LineCap::Round, Paint::additive(pal::TRACER));
        fill_circle(fb, h, 1.8, Paint::additive(pal::TRACER_HEAD));
    }
}

/// The lamps' bulbs as light on the final frame, where the squad sees them now and no
/// wall hides them (a remembered lamp is a grey fixture).
pub fn draw_lamp_glows(fb: &mut Framebuffer, iso: &Iso, w: &World, lit: &dyn Lighting, level: f32) {
    for &l in &w.map().lamps {
        let (tx, ty) = Grid::tile_of(l);
        if lit.seen(tx, ty) != Seen::Live {
            continue;
        }
        if !hidden_by_wall(w, l, crate::lamps::BULB_Z) {
            crate::lamps::draw_lamp_glow(fb, iso, l, level);
        }
    }
}

/// The floor layer: tiles and corpses, albedo only. Clears the frame first.
pub fn draw_floor_layer(
    fb: &mut Framebuffer,
    w: &World,
    iso: &Iso,
    lit: Option<&dyn Lighting>,
    parts: &mut PartTimes,
) -> Visible {
    fb.clear(if lit.is_some() {
        Rgba::BLACK
    } else {
        pal::BACKGROUND
    });
    let tiles = Visible::of(fb, iso, w.map().width(), w.map().height());
    draw_floor(fb, w, iso, &tiles, lit, parts);
    let seen = |x: i32, y: i32| lit.map_or(Seen::Live, |l| l.seen(x, y));
    let memory = lit.map(|l| move |c: Rgba| l.floor_memory(c));
    let memory = memory.as_ref().map(|f| f as &dyn Fn(Rgba) -> Rgba);
    let t0 = std::time::Instant::now();
    crate::corpses::draw_lying(fb, iso, w, &seen, memory);
    parts.bodies += t0.elapsed();
    tiles
}

/// Markers on the floor, under every body: blade telegraphs, the live grenade's blast
/// zone, the medkit's patient, and the anchor disk.
pub fn draw_floor_markers(cv: &mut Canvas, iso: &Iso, w: &World, alpha: f32) {
    draw_strike_telegraphs(cv, iso, w, alpha);
    crate::tools::draw_blast_zone(cv, iso, w, alpha);
    crate::medkit::draw_heal_ring(cv, iso, w, alpha);
    draw_anchor(cv, iso, w, alpha);
}

/// What of the squad's tools and supplies shines on the final frame (REQ K1–K6): flares
/// in flight and burning, the fuse light, the pickups' glints where the squad sees, the
/// medkit's cross and the gunners' reload rings. With lighting, nothing on a tile never
/// seen.
pub fn draw_kit_glows(
    fb: &mut Framebuffer,
    iso: &Iso,
    w: &World,
    alpha: f32,
    lit: Option<&dyn Lighting>,
) {
    let seen = |p: Vec2| {
        let (tx, ty) = Grid::tile_of(p);
        lit.map_or(Seen::Live, |l| l.seen(tx, ty))
    };
    crate::tools::draw_tool_glows(fb, iso, w, alpha, &|p| seen(p) != Seen::Never);
    crate::pickups::draw_pickup_glints(fb, iso, w, alpha, &|p| seen(p) == Seen::Live);
    crate::medkit::draw_heal_marks(fb, iso, w, alpha);
    crate::reload::draw_reload_marks(fb, iso, w, alpha);
}

/// The sorted pass: walls, props, lamps, agents and enemies back to front. With
/// lighting, enemies stand only on live tiles and each body is stamped with its light;
/// the eyes of silhouettes that no wall hides go to `glints`, for the final frame.
#[allow(clippy::too_many_arguments)] // the pass's inputs, and its two reports (eyes, times)
pub fn draw_objects(
    cv: &mut Canvas,
    w: &World,
    iso: &Iso,
    alpha: f32,
    tiles: &Visible,
    lit: Option<&dyn Lighting>,
    glints: &mut Vec<Glint>,
    parts: &mut PartTimes,
) {
    let seen_at = |p: Vec2| {
        let (tx, ty) = Grid::tile_of(p);
        lit.map_or(Seen::Live, |l| l.seen(tx, ty))
    };
    let mut items: Vec<Item> = Vec::with_capacity(1024);
    for (x, y) in tiles.tiles() {
        match w.map().tile(x, y) {
            Tile::Wall => items.push(Item::Wall(x, y)),
            t if t.is_wall() => items.push(Item::Prop(x, y)),
            _ => {}
        }
    }
    items.extend((0..w.agents().len()).map(Item::Agent));
    items.extend(
        (0..w.map().lamps.len())
            .filter(|&i| seen_at(w.map().lamps[i]) != Seen::Never)
            .map(Item::Lamp),
    );
    // Props where the squad has seen (a remembered crate is drawn grey, as its floor).
    items.extend(
        (0..w.pickups().len())
            .filter(|&i| !w.pickups()[i].taken && seen_at(w.pickups()[i].pos) != Seen::Never)
            .map(Item::Pickup),
    );
    items.extend(
        (0..w.tools().flares.len())
            .filter(|&i| {
                let f = &w.tools().flares[i];
                crate::tools::flare_landed(f) && seen_at(f.pos) != Seen::Never
            })
            .map(Item::Flare),
    );
    if let Some(g) = &w.tools().grenade {
        if seen_at(crate::tools::grenade_head(g, alpha).0) != Seen::Never {
            items.push(Item::Grenade);
        }
    }
    items.extend(
        (0..w.enemies().len())
            .filter(|&i| match lit {
                None => true,
                Some(l) => {
                    let (tx, ty) = Grid::tile_of(w.enemies()[i].pos);
                    l.seen(tx, ty) == Seen::Live
                }
            })
            .map(Item::Enemy),
    );
    items.extend(
        crate::corpses::falling(w)
            .filter(|&i| seen_at(w.corpses()[i].pos) == Seen::Live)
            .map(Item::Corpse),
    );
    let mut keyed: Vec<((f32, u8, u32), Item)> = items
        .into_iter()
        .map(|it| (item_key(&it, w, alpha), it))
        .collect();
    keyed.sort_by(|a, b| {
        a.0 .0
            .total_cmp(&b.0 .0)
            .then(a.0 .1.cmp(&b.0 .1))
            .then(a.0 .2.cmp(&b.0 .2))
    });
    let dressing = Dressing::of(w.map(), cv.albedo().scale());
    for (_, it) in &keyed {
        let slot = match *it {
            Item::Agent(_) | Item::Enemy(_) | Item::Corpse(_) => Some(&mut parts.bodies),
            Item::Prop(..) | Item::Lamp(_) => Some(&mut parts.props),
            _ => None,
        };
        let t0 = slot.is_some().then(std::time::Instant::now);
        match *it {
            Item::Wall(x, y) => draw_wall(cv, w, iso, (x, y), &dressing, lit),
            Item::Prop(x, y) => crate::props::draw_wall_prop(cv, w, iso, x, y, lit),
            Item::Lamp(i) => {
                let l = w.map().lamps[i];
                let look = crate::props::Look {
                    seen: seen_at(l),
                    lit,
                };
                if let Some(li) = lit {
                    cv.stamp = if look.glows() {
                        li.light_at(l)
                    } else {
                        li.memory_light()
                    };
                }
                crate::lamps::draw_lamp(cv, iso, l, &look);
            }
            Item::Agent(i) => {
                let a = &w.agents()[i];
                if !crate::figure::in_view(cv, iso, lerp_pos(a.prev_pos, a.pos, alpha)) {
                    continue;
                }
                if let Some(l) = lit {
                    cv.stamp = l.light_at(lerp_pos(a.prev_pos, a.pos, alpha));
                }
                let walked = lit.and_then(|l| l.walked_agent(i));
                let pose = crate::pose::agent_pose(w, a, alpha, walked);
                draw_agent(cv, iso, a, alpha, crate::reload::dry(w, a), &pose)
            }
            Item::Pickup(i) => {
                let p = &w.pickups()[i];
                let live = seen_at(p.pos) == Seen::Live;
                if let Some(l) = lit {
                    cv.stamp = if live {
                        l.light_at(p.pos)
                    } else {
                        l.memory_light()
                    };
                }
                crate::pickups::draw_pickup(cv, iso, p, live);
            }
            Item::Flare(i) => {
                let f = &w.tools().flares[i];
                if let Some(l) = lit {
                    cv.stamp = l.light_at(f.pos);
                }
                crate::tools::draw_flare_stick(cv, iso, f);
            }
            Item::Grenade => {
                if let Some(g) = &w.tools().grenade {
                    if let Some(l) = lit {
                        cv.stamp = l.light_at(crate::tools::grenade_head(g, alpha).0);
                    }
                    crate::tools::draw_grenade_body(cv, iso, g, alpha);
                }
            }
            Item::Corpse(i) => {
                if !crate::figure::in_view(cv, iso, w.corpses()[i].pos) {
                    continue;
                }
                if let Some(l) = lit {
                    cv.stamp = l.light_at(w.corpses()[i].pos);
                }
                crate::corpses::draw_falling(cv, iso, w, i, alpha);
            }
            Item::Enemy(i) => {
                let e = &w.enemies()[i];
                let p = lerp_pos(e.prev_pos, e.pos, alpha);
                // A body outside these rows is not lit or posed (a silhouette's eyes
                // are counted by the band whose rows hold them: `Horror::finish`).
                if !crate::figure::in_view(cv, iso, p) {
                    continue;
                }
                let shade = match lit {
                    Some(l) => {
                        let light = caught_light(e, l.light_at(p));
                        cv.stamp = light;
                        l.enemy_shade(p, light)
                    }
                    None => Shade::LIT,
                };
                let walked = lit.and_then(|l| l.walked_enemy(e.id));
                let mut pose = crate::pose::enemy_pose(w, e, alpha, walked);
                pose.coarse = shade.lit < 0.1 && shade.silhouette <= 0.0;
                let eyes = draw_enemy(cv, iso, e, alpha, shade, &pose);
                if let Some(eyes) = eyes {
                    if shade.silhouette > 0.0 && !hidden_by_wall(w, p, ENEMY_HEAD_Z) {
                        glints.push(Glint {
                            eyes,
                            level: shade.silhouette,
                            color: eye_color(e.kind),
                        });
                    }
                }
            }
        }
        if let (Some(slot), Some(t0)) = (slot, t0) {
            *slot += t0.elapsed();
        }
    }
}

/// X-ray: squad agents hidden behind walls get an outline, so they stay readable; so
/// does the anchor disk, when a wall hides part of it.
pub fn draw_xray(fb: &mut Framebuffer, w: &World, iso: &Iso, alpha: f32) {
    let (p, c, r, col) = anchor_ring(iso, w, alpha);
    if disk_behind_wall(w, p, r) {
        let col = col.lerp(pal::XRAY, 0.5);
        stroke_ellipse(fb, c, [r, r * 0.5], 2.0, Paint::alpha(col.with_alpha(190)));
        stroke_ellipse(fb, c, [r * 0.3, r * 0.15], 1.2, Paint::alpha(pal::XRAY));
    }
    for a in w.agents().iter().filter(|a| a.alive) {
        let p = lerp_pos(a.prev_pos, a.pos, alpha);
        if wall_in_front(w, p) {
            let c = iso.project(p, BODY_Z);
            let col = if a.role == Role::Gunner {
                pal::GUNNER
            } else {
                pal::BLADE
            };
            stroke_circle(
                fb,
                c,
                px(a.radius) * 0.95,
                2.0,
                Paint::alpha(col.lerp(pal::XRAY, 0.5).with_alpha(170)),
            );
            let h = iso.project(p, HEAD_Z);
            stroke_circle(fb, h, px(a.radius) * 0.45, 1.5, Paint::alpha(pal::XRAY));
        }
    }
}

/// Draws the whole plain scene (no horror layer) for `world` at interpolation `alpha`
/// (0 = previous tick, 1 = current) into `fb` with projection `iso`.
pub fn draw_scene(fb: &mut Framebuffer, w: &World, iso: &Iso, alpha: f32) {
    draw_scene_with(fb, w, iso, alpha, None);
}

/// [`draw_scene`] with what the caller draws on the floor and over the frame (the way
/// to the objective: REQ W1, W2).
pub fn draw_scene_with(
    fb: &mut Framebuffer,
    w: &World,
    iso: &Iso,
    alpha: f32,
    way: Option<&dyn FloorExtra>,
) {
    let parts = &mut PartTimes::default();
    let tiles = draw_floor_layer(fb, w, iso, None, parts);
    {
        let mut cv = Canvas::plain(fb);
        if let Some(way) = way {
            way.draw_floor(&mut cv, iso, w);
        }
        draw_floor_markers(&mut cv, iso, w, alpha);
        draw_objects(&mut cv, w, iso, alpha, &tiles, None, &mut Vec::new(), parts);
    }
    draw_strike_arcs(fb, iso, w, alpha);
    draw_bullets(fb, iso, w, alpha);
    draw_spits(fb, iso, w.spits(), alpha);
    draw_kit_glows(fb, iso, w, alpha, None);
    draw_xray(fb, w, iso, alpha);
    if let Some(way) = way {
        way.draw_xray(fb, iso, w);
    }
}

/// True when a wall block hides, on screen, the point at height `z` (world units) above
/// floor point `p`. The viewer looks down the +x+y diagonal: the screen point of
/// `(p, z)` is also that of `(p + (d, d), z + d · TILE_H / HEIGHT_PX / 2)`, so a wall
/// tile on that diagonal within the wall's height hides it.
pub fn hidden_by_wall(w: &World, p: Vec2, z: f32) -> bool {
    let g = &w.map().grid;
    let reach = (WALL_HEIGHT - z) * HEIGHT_PX / TILE_H;
    let steps = (reach / 0.1).ceil().max(0.0) as i32;
    (1..=steps).any(|k| {
        let d = (k as f32 * 0.1).min(reach);
        g.is_wall_at(p + Vec2::new(d, d))
    })
}

/// True when a wall hides part of the anchor disk at floor point `p`, drawn with screen
/// radius `r` (the centre or a point of its ring).
fn disk_behind_wall(w: &World, p: Vec2, r: f32) -> bool {
    // A world circle of radius ρ projects to an ellipse ρ·√2·TILE_W/2 wide.
    let rho = r / (std::f32::consts::SQRT_2 * TILE_W * 0.5);
    hidden_by_wall(w, p, 0.0)
        || (0..8).any(|k| {
            let a = k as f32 * std::f32::consts::FRAC_PI_4;
            hidden_by_wall(w, p + Vec2::from_angle(a) * rho, 0.0)
        })
}

/// True when a wall tile stands between `p` and the viewer (toward +x +y) within the
/// screen footprint of a body: those agents get the x-ray outline.
pub fn wall_in_front(w: &World, p: Vec2) -> bool {
    let g = &w.map().grid;
    // Walk toward the viewer along the +x+y diagonal, which is "down" on screen; a wall
    // within the body's height on screen hides part of it.
    for k in 1..=3 {
        let d = k as f32 * 0.35;
        for off in [-0.25f32, 0.0, 0.25] {
            let q = p + Vec2::new(d + off, d - off);
            if g.is_wall_at(q) {
                return true;
            }
        }
    }
    false
}
