//! Colours of the scene, in one place.

use raster::Rgba;

pub const BACKGROUND: Rgba = Rgba::rgb(8, 8, 11);
pub const FLOOR_A: Rgba = Rgba::rgb(58, 56, 60);
pub const FLOOR_B: Rgba = Rgba::rgb(52, 50, 55);
pub const FLOOR_LINE: Rgba = Rgba::new(0, 0, 0, 40);
/// The floors' materials (REQ V2, `dressing`): steel plates, ceramic tiles, concrete.
pub const FLOOR_PLATES: Rgba = Rgba::rgb(58, 60, 67);
pub const FLOOR_TILES: Rgba = Rgba::rgb(70, 72, 66);
pub const FLOOR_CONCRETE: Rgba = Rgba::rgb(64, 60, 55);
pub const DEBRIS: Rgba = Rgba::rgb(74, 66, 58);
pub const WALL_TOP: Rgba = Rgba::rgb(120, 116, 124);
pub const WALL_LEFT: Rgba = Rgba::rgb(86, 82, 92);
pub const WALL_RIGHT: Rgba = Rgba::rgb(64, 60, 70);
pub const WALL_EDGE: Rgba = Rgba::new(150, 146, 156, 120);
pub const LAMP: Rgba = Rgba::rgb(255, 210, 140);

pub const SHADOW: Rgba = Rgba::new(0, 0, 0, 110);
pub const GUNNER: Rgba = Rgba::rgb(70, 130, 200);
pub const GUNNER_DARK: Rgba = Rgba::rgb(36, 70, 120);
pub const BLADE: Rgba = Rgba::rgb(214, 120, 48);
pub const BLADE_DARK: Rgba = Rgba::rgb(120, 60, 20);
pub const HEAD: Rgba = Rgba::rgb(222, 200, 176);
pub const BARREL: Rgba = Rgba::rgb(30, 30, 34);
pub const MUZZLE_TIP: Rgba = Rgba::rgb(255, 220, 120);
pub const STEEL: Rgba = Rgba::rgb(220, 226, 235);
pub const OUTLINE: Rgba = Rgba::new(10, 10, 14, 220);
pub const XRAY: Rgba = Rgba::new(150, 220, 255, 150);
/// Claws and the horde's bared bone.
pub const BONE: Rgba = Rgba::rgb(206, 196, 164);
pub const FALLEN: Rgba = Rgba::rgb(60, 40, 40);

pub const WALKER: Rgba = Rgba::rgb(92, 112, 78);
pub const WALKER_DARK: Rgba = Rgba::rgb(48, 60, 40);
pub const EYES: Rgba = Rgba::rgb(255, 60, 40);
pub const DUMMY_POST: Rgba = Rgba::rgb(110, 80, 50);
pub const DUMMY_HEAD: Rgba = Rgba::rgb(196, 170, 104);
pub const CORPSE: Rgba = Rgba::new(70, 24, 20, 200);

pub const ANCHOR: Rgba = Rgba::rgb(80, 230, 210);
pub const TRACER: Rgba = Rgba::new(255, 214, 140, 230);
pub const MUZZLE_FLASH: Rgba = Rgba::rgb(255, 200, 120);
pub const BLOOD: Rgba = Rgba::rgb(120, 8, 10);
pub const BLOOD_DARK: Rgba = Rgba::rgb(62, 4, 6);
pub const TRACER_HEAD: Rgba = Rgba::new(255, 250, 230, 255);
pub const HEALTH_BG: Rgba = Rgba::new(0, 0, 0, 160);
pub const HEALTH: Rgba = Rgba::rgb(90, 220, 110);
pub const HEALTH_LOW: Rgba = Rgba::rgb(230, 70, 50);

pub const TEXT: Rgba = Rgba::rgb(230, 230, 230);
pub const TEXT_DIM: Rgba = Rgba::rgb(150, 150, 160);
pub const PANEL: Rgba = Rgba::new(0, 0, 0, 150);
pub const TELEGRAPH: Rgba = Rgba::new(255, 170, 60, 110);
pub const SLASH: Rgba = Rgba::new(255, 240, 200, 255);
pub const RUNNER: Rgba = Rgba::rgb(140, 120, 70);
pub const BRUTE: Rgba = Rgba::rgb(110, 70, 80);
pub const BRUTE_DARK: Rgba = Rgba::rgb(60, 34, 40);
pub const ROCK: Rgba = Rgba::rgb(44, 42, 48);

// The threat (REQ §22): spitters, their bile, stalkers.
/// A spitter's bloated body: a sickly yellow-green, unlike any other kind.
pub const SPITTER: Rgba = Rgba::rgb(150, 160, 56);
pub const SPITTER_DARK: Rgba = Rgba::rgb(70, 82, 26);
/// Its throat sac, pale and swollen.
pub const SPITTER_SAC: Rgba = Rgba::rgb(204, 220, 104);
/// Pustules on its hide.
pub const SPITTER_BOIL: Rgba = Rgba::rgb(196, 178, 84);
/// Bile: the spit's glow, the sac's windup glow, the splat (emissive, reads in the dark).
pub const BILE: Rgba = Rgba::rgb(140, 255, 60);
/// The spit's hot core.
pub const BILE_CORE: Rgba = Rgba::rgb(226, 255, 170);
/// A stalker: thin, dark, nearly the colour of the dark itself.
pub const STALKER: Rgba = Rgba::rgb(62, 58, 74);
pub const STALKER_DARK: Rgba = Rgba::rgb(30, 27, 38);
/// Its limbs.
pub const STALKER_LIMB: Rgba = Rgba::rgb(44, 40, 54);
/// Its eyes: an animal's amber eyeshine, not the horde's red.
pub const STALKER_EYES: Rgba = Rgba::rgb(255, 206, 70);
/// A stalker caught in a beam: its pale hide shows.
pub const STALKER_LIT: Rgba = Rgba::rgb(150, 140, 158);

// The player's tools and supplies (REQ K1, K3–K6).
/// A flare's burning red: its light, its core's glow, the smoke it lights.
pub const FLARE: Rgba = Rgba::rgb(255, 72, 48);
/// The white-hot heart of a burning flare.
pub const FLARE_CORE: Rgba = Rgba::rgb(255, 226, 214);
/// A flare's casing: a red paper tube.
pub const FLARE_STICK: Rgba = Rgba::rgb(170, 34, 30);
/// A grenade's body: olive drab, its lever and cap darker.
pub const GRENADE: Rgba = Rgba::rgb(84, 96, 58);
pub const GRENADE_DARK: Rgba = Rgba::rgb(40, 46, 28);
/// The fuse light: a hard red that blinks.
pub const FUSE: Rgba = Rgba::rgb(255, 36, 24);
/// The blast's reserved zone on the floor: a faint warning red.
pub const BLAST_ZONE: Rgba = Rgba::new(255, 60, 40, 120);
/// A blast's fireball and sparks.
pub const BLAST: Rgba = Rgba::rgb(255, 178, 90);
pub const BLAST_CORE: Rgba = Rgba::rgb(255, 244, 214);
/// Scorched floor.
pub const SCORCH: Rgba = Rgba::rgb(18, 15, 13);
/// An ammunition crate: olive box, brass-yellow stencil.
pub const CRATE: Rgba = Rgba::rgb(92, 98, 54);
pub const CRATE_DARK: Rgba = Rgba::rgb(52, 56, 30);
pub const CRATE_MARK: Rgba = Rgba::rgb(226, 190, 80);
/// A supply case: a pale grey-blue hard case, an orange band.
pub const CASE: Rgba = Rgba::rgb(150, 164, 180);
pub const CASE_DARK: Rgba = Rgba::rgb(78, 88, 102);
pub const CASE_MARK: Rgba = Rgba::rgb(255, 140, 40);
/// The medkit's green: the patient's ring, its cross, the heal's glow.
pub const HEAL: Rgba = Rgba::rgb(90, 255, 140);
/// A reload's progress: a pale brass.
pub const RELOAD: Rgba = Rgba::rgb(255, 226, 150);
/// A dry gunner's weapon and its mark: dead grey.
pub const DRY: Rgba = Rgba::rgb(96, 96, 100);

// The way to the objective (REQ W1–W3).
/// The objective's gold, as the HUD's marker: the zones on the floor, the trail, the
/// map's objectives. Apart from the warnings' red, the disk's cyan and the squad's
/// blue and orange.
pub const WAY: Rgba = Rgba::rgb(240, 210, 120);
/// The part of a hold already held: a brighter, whiter gold.
pub const WAY_DONE: Rgba = Rgba::rgb(255, 244, 196);

/// A remembered colour: grey of the same luma (the fog's memory, H2).
pub fn memory_tint(c: Rgba) -> Rgba {
    let l = ((77 * c.r as u32 + 150 * c.g as u32 + 29 * c.b as u32) >> 8) as u8;
    Rgba::new(l, l, l, c.a)
}
