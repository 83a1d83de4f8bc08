//! Dressed rooms (REQ V2): the floors and walls' surfaces. Every room of a map takes a
//! look ([`regions`]: steel plates and panels, concrete, tiles; how worn), and every
//! tile a variant of its material's detail chosen by a hash of its position — seams,
//! bolts, tread, grout, cracks, stains, rust, grime gathered along the walls; panels
//! with trim, kick plates and rivets, streaks, dents, holes, scrawls —, so the same tile
//! looks the same in every frame, band and run.
//!
//! The detail is baked once per drawing scale into sprites of multipliers
//! ([`raster::ModSprite`]) and stamped over the flat colour of a floor diamond or a wall
//! face in the albedo, so it darkens and lightens whatever colour lies under it: lit,
//! it shows as the light shows the surface; remembered, grey like the surface (the
//! multipliers' luma); never seen, it is not drawn. Nothing of it enters the light
//! buffer. The rooms are computed once per map. Both caches are shared by the bands'
//! threads and keep the last few maps and scales.

pub mod bake;
pub mod floor;
pub mod regions;
pub mod walls;

use std::sync::{Arc, OnceLock, RwLock};

use raster::{Framebuffer, Rgba};
use sim::read::{Map, Tile};
use sim::Vec2;

use crate::iso::Iso;
use crate::palette as pal;
use bake::Baked;
use regions::{FloorKind, Rooms, Style, WallKind};
use walls::Face;

/// Maps and scales the caches keep (a zoom easing between two rungs passes through a
/// few scales; going back and forth finds them again).
const MAPS_KEPT: usize = 4;
const SCALES_KEPT: usize = 8;
/// Sprites are baked at the drawing scale rounded down to a 32nd: every frame size's
/// own scale (1, 1.5, 2, 3) exactly, a zoom easing through a few of them instead of a
/// new one every frame. Baked smaller, a sprite keeps inside its surface (by 2 px at
/// most, at the far edge of a tile).
const SCALE_STEP: f32 = 32.0;

/// Every sprite of one drawing scale.
#[derive(Debug)]
pub struct Sprites {
    scale: f32,
    /// Per floor material, its variants.
    floor: Vec<Vec<Baked>>,
    /// Per edge (−x, −y, +x, +y), two variants.
    edges: Vec<Vec<Baked>>,
    tops: Vec<Baked>,
    /// A concrete slab's joints, along u and along v.
    joints: Vec<Baked>,
    /// Per wall material, its variants, for each face.
    left: Vec<Vec<Baked>>,
    right: Vec<Vec<Baked>>,
}

const FLOORS: [FloorKind; 3] = [FloorKind::Plates, FloorKind::Tiles, FloorKind::Concrete];
const WALLS: [WallKind; 3] = [WallKind::Panels, WallKind::Concrete, WallKind::Tiled];

impl Sprites {
    fn bake(scale: f32) -> Sprites {
        let n = floor::VARIANTS;
        let faces = |f: Face| -> Vec<Vec<Baked>> {
            WALLS
                .iter()
                .map(|&k| {
                    (0..walls::VARIANTS)
                        .map(|v| walls::face(k, f, v, scale))
                        .collect()
                })
                .collect()
        };
        Sprites {
            scale,
            floor: FLOORS
                .iter()
                .map(|&k| (0..n).map(|v| floor::floor(k, v, scale)).collect())
                .collect(),
            edges: (0..4)
                .map(|e| (0..2).map(|v| floor::edge(e, v, scale)).collect())
                .collect(),
            tops: (0..floor::TOPS).map(|v| floor::top(v, scale)).collect(),
            joints: (0..2).map(|e| floor::joint(e, scale)).collect(),
            left: faces(Face::Left),
            right: faces(Face::Right),
        }
    }

    /// How many pixels all its sprites change (a measure of their cost).
    pub fn pixel_count(&self) -> usize {
        let all = self
            .floor
            .iter()
            .chain(&self.edges)
            .chain(&self.left)
            .chain(&self.right)
            .flatten()
            .chain(&self.tops)
            .chain(&self.joints);
        all.map(|b| b.sprite.pixel_count()).sum()
    }
}

/// The cached entry of `cache` that `is`, else `make`'s, kept (the oldest dropped).
fn cached<T>(
    cache: &'static OnceLock<RwLock<Vec<Arc<T>>>>,
    is: impl Fn(&T) -> bool,
    make: impl FnOnce() -> T,
    kept: usize,
) -> Arc<T> {
    let lock = cache.get_or_init(|| RwLock::new(Vec::new()));
    if let Some(t) = lock
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|t| is(t))
    {
        return t.clone();
    }
    let t = Arc::new(make());
    let mut w = lock.write().unwrap_or_else(|e| e.into_inner());
    if let Some(old) = w.iter().find(|t| is(t)) {
        return old.clone();
    }
    if w.len() >= kept {
        w.remove(0);
    }
    w.push(t.clone());
    t
}

/// A cosmetic hash of a tile and a salt.
fn hash(x: i32, y: i32, salt: u32) -> u32 {
    let mut h = (x as u32).wrapping_mul(0x27d4_eb2d)
        ^ (y as u32).wrapping_mul(0x1656_67b1)
        ^ salt.wrapping_mul(0x9E37_79B9);
    h ^= h >> 15;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^ (h >> 16)
}

/// A variant: one of the `clean` first, or worn (the one as far past them) with the
/// room's probability per 1024 by its grime.
fn variant(h: u32, clean: usize, worn: [u32; 3], grime: u8) -> usize {
    let clean = clean as u32;
    let k = (h >> 10) % clean;
    if (h & 1023) < worn[grime.min(2) as usize] {
        (clean + k) as usize
    } else {
        k as usize
    }
}

fn tint(c: Rgba, k: [f32; 3]) -> Rgba {
    let ch = |v: u8, f: f32| (v as f32 * f).round().clamp(0.0, 255.0) as u8;
    Rgba::new(ch(c.r, k[0]), ch(c.g, k[1]), ch(c.b, k[2]), c.a)
}

/// What a frame dresses its map with: the map's rooms and the scale's sprites.
#[derive(Clone, Debug)]
pub struct Dressing {
    rooms: Arc<Rooms>,
    sprites: Arc<Sprites>,
}

impl Dressing {
    /// The dressing of `map` drawn at `scale` (from the caches, made once; a frame
    /// makes it before its bands start, `Horror::prepare`).
    pub fn of(map: &Map, scale: f32) -> Dressing {
        let scale = ((scale * SCALE_STEP).floor() / SCALE_STEP).max(1.0 / SCALE_STEP);
        static ROOMS: OnceLock<RwLock<Vec<Arc<Rooms>>>> = OnceLock::new();
        static SPRITES: OnceLock<RwLock<Vec<Arc<Sprites>>>> = OnceLock::new();
        let fp = regions::fingerprint(map);
        let rooms = cached(
            &ROOMS,
            |r| r.fingerprint == fp,
            || Rooms::new(map),
            MAPS_KEPT,
        );
        let sprites = cached(
            &SPRITES,
            |s| s.scale.to_bits() == scale.to_bits(),
            || Sprites::bake(scale),
            SCALES_KEPT,
        );
        Dressing { rooms, sprites }
    }

    pub fn sprites(&self) -> &Sprites {
        &self.sprites
    }

    /// The look of tile `(x, y)`'s room.
    pub fn style(&self, x: i32, y: i32) -> Style {
        self.rooms.style(x, y)
    }

    /// A floor tile's flat colour: its room's material, a little lighter or darker.
    pub fn floor_color(&self, x: i32, y: i32, tile: Tile) -> Rgba {
        let base = match (tile, self.style(x, y).floor) {
            (Tile::Debris, _) => pal::DEBRIS,
            (_, FloorKind::Plates) => pal::FLOOR_PLATES,
            (_, FloorKind::Tiles) => pal::FLOOR_TILES,
            (_, FloorKind::Concrete) => pal::FLOOR_CONCRETE,
        };
        base.scale_rgb(0.9 + (hash(x, y, 7) & 15) as f32 / 100.0)
    }

    /// A floor tile's detail over its flat colour in `fb` (the albedo), and the grime
    /// along the walls beside it; `grey` where it is remembered.
    pub fn floor_detail(
        &self,
        fb: &mut Framebuffer,
        map: &Map,
        iso: &Iso,
        x: i32,
        y: i32,
        grey: bool,
    ) {
        let style = self.style(x, y);
        let at = iso.project(Vec2::new(x as f32, y as f32), 0.0);
        let s = &self.sprites;
        let h = hash(x, y, 1);
        if map.tile(x, y) != Tile::Debris {
            let kinds = &s.floor[style.floor as usize];
            kinds[variant(h, floor::CLEAN, [180, 330, 520], style.grime)].stamp(fb, at, grey);
            if style.floor == FloorKind::Concrete {
                // Slabs three tiles square, from the map's corner.
                if x % 3 == 0 {
                    s.joints[0].stamp(fb, at, grey);
                }
                if y % 3 == 0 {
                    s.joints[1].stamp(fb, at, grey);
                }
            }
        }
        for (e, (dx, dy)) in [(-1, 0), (0, -1), (1, 0), (0, 1)].into_iter().enumerate() {
            if map.tile(x + dx, y + dy).is_wall() {
                s.edges[e][(h >> (20 + e)) as usize & 1].stamp(fb, at, grey);
            }
        }
    }

    /// A wall's flat colours, left face, right face and top (`rock`: solid rock's top),
    /// by its room's material; `shade` the block's own.
    pub fn wall_colors(&self, x: i32, y: i32, rock: bool, shade: f32) -> [Rgba; 3] {
        let k = match self.style(x, y).wall {
            WallKind::Panels => [0.9, 0.97, 1.08],
            WallKind::Concrete => [1.06, 1.0, 0.9],
            WallKind::Tiled => [0.96, 1.07, 1.0],
        };
        let top = if rock { pal::ROCK } else { pal::WALL_TOP };
        [pal::WALL_LEFT, pal::WALL_RIGHT, top].map(|c| tint(c, k).scale_rgb(shade))
    }

    /// A wall face's detail over its flat colour.
    pub fn face(&self, fb: &mut Framebuffer, iso: &Iso, x: i32, y: i32, face: Face, grey: bool) {
        let style = self.style(x, y);
        let (at, set, salt) = match face {
            Face::Left => (Vec2::new(x as f32, y as f32 + 1.0), &self.sprites.left, 2),
            Face::Right => (
                Vec2::new(x as f32 + 1.0, y as f32 + 1.0),
                &self.sprites.right,
                3,
            ),
        };
        let k = variant(hash(x, y, salt), walls::CLEAN, [260, 420, 580], style.grime);
        set[style.wall as usize][k].stamp(fb, iso.project(at, 0.0), grey);
    }

    /// A wall top's speckle, at height `z`.
    pub fn top(&self, fb: &mut Framebuffer, iso: &Iso, x: i32, y: i32, z: f32, grey: bool) {
        // Most tops plain.
        let k = (hash(x, y, 4) % 16) as usize;
        let k = if k < floor::TOPS { k } else { 0 };
        self.sprites.tops[k].stamp(fb, iso.project(Vec2::new(x as f32, y as f32), z), grey);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sprite_has_detail_and_the_caches_share_them() {
        let s = Sprites::bake(1.0);
        for set in s
            .floor
            .iter()
            .chain(&s.left)
            .chain(&s.right)
            .chain(&s.edges)
        {
            for b in set {
                assert!(b.sprite.pixel_count() > 20, "{}", b.sprite.pixel_count());
            }
        }
        let m = Map::default_map();
        let (a, b) = (Dressing::of(&m, 1.0), Dressing::of(&m, 1.0));
        assert!(Arc::ptr_eq(&a.sprites, &b.sprites) && Arc::ptr_eq(&a.rooms, &b.rooms));
        let c = Dressing::of(&m, 1.5);
        assert!(!Arc::ptr_eq(&a.sprites, &c.sprites));
        // A scale between two 32nds is baked at the lower one.
        let d = Dressing::of(&m, 1.0 + 1.0 / 64.0);
        assert!(Arc::ptr_eq(&a.sprites, &d.sprites));
        // At 1.5 a sprite covers about 1.5² the pixels.
        let r = c.sprites.pixel_count() as f32 / a.sprites.pixel_count() as f32;
        assert!((1.8..2.7).contains(&r), "{r}");
    }

    #[test]
    fn the_variants_follow_the_tile_not_the_frame() {
        let m = Map::default_map();
        let d = Dressing::of(&m, 1.0);
        let a = (0..20)
            .map(|x| d.floor_color(x, 3, Tile::Floor))
            .collect::<Vec<_>>();
        let b = (0..20)
            .map(|x| d.floor_color(x, 3, Tile::Floor))
            .collect::<Vec<_>>();
        assert_eq!(a, b);
        // Worn variants appear, more in a filthy room than a clean one.
        let worn = |g: u8| {
            (0..4000)
                .filter(|&i| {
                    let h = hash(i % 64, i / 64, 1);
                    variant(h, floor::CLEAN, [180, 330, 520], g) >= floor::CLEAN
                })
                .count()
        };
        assert!(
            worn(0) > 400 && worn(0) < worn(1) && worn(1) < worn(2),
            "{} {} {}",
            worn(0),
            worn(1),
            worn(2)
        );
    }
}
