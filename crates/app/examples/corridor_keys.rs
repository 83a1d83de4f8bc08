//! REQ W4's measurement: the scripted route of a campaign mission walked by "hands" that
//! can only press the movement keys — the route's wished direction rounded to the
//! nearest direction the keys make — in the screen's frame and in the map's, by a player
//! who presses one key at a time and by one who presses two. Counts the ticks a key was
//! held with the disk against a wall, the ticks it was blocked there (it moved less than
//! 30 % of its speed), and how long the route took.
//!
//! `corridor_keys [SCENARIO…]` (default m2_warrens m6_long_dark).

use app::session::{Pilot, Session};
use app::shell::controls::MoveKeys;
use sim::driver::route::RouteDriver;
use sim::read::{resolve_walls, TickInput, Vec2};
use sim::tuning::DT;

/// The key combinations a player presses: single keys, or single keys and pairs.
fn choices(frame: MoveKeys, pairs: bool) -> Vec<Vec2> {
    let mut out = Vec::new();
    for bits in 1u8..16 {
        let [u, d, l, r] = [0, 1, 2, 3].map(|i| bits & (1 << i) != 0);
        if (u && d) || (l && r) || (!pairs && bits.count_ones() > 1) {
            continue;
        }
        out.push(frame.dir(u, d, l, r));
    }
    out
}

#[derive(Default, Debug)]
struct Tally {
    held: u64,
    against: u64,
    blocked: u64,
    ticks: u64,
    finished: bool,
    end: String,
}

/// Ticks blocked before the hands let go of a key (0.25 s), and how long they keep off
/// it then (1 s).
const REACTION: u32 = 15;
const SHUN: u64 = 60;

/// A trial's hands: the keys they press, how far off the way they keep a key held, whether
/// they aim straight at the waypoint, the corner nudge, and taps (held and let go for
/// this many ticks in turn; 0: held) with the disk staying or springing back.
struct Hands {
    keys: Vec<Vec2>,
    tolerance: f32,
    beeline: bool,
    nudge: bool,
    tap: u64,
    stays: bool,
}

fn trial(name: &str, h: &Hands) -> Tally {
    let setup = app::setup::load(None, name, None, None, None).unwrap();
    let (keys, tolerance, beeline, nudge, stays) =
        (&h.keys, h.tolerance, h.beeline, h.nudge, h.stays);
    let sc = setup.scenario.clone();
    let mut s = Session::new(setup, Pilot::Hands);
    let mut d = RouteDriver::new();
    let mut t = Tally::default();
    let mut shunned: Vec<(Vec2, u64)> = Vec::new();
    let mut stuck = 0;
    let mut held_dir = Vec2::ZERO;
    let limit = sim::tuning::ticks(sc.duration) as u64;
    while !s.ended() && s.world.tick() < limit {
        if d.finished(&sc) {
            t.finished = true;
            break;
        }
        let mut wish = d.input(&sc, &s.world);
        if beeline && wish.move_dir != Vec2::ZERO && !d.waiting {
            // Straight at the waypoint, walls or not (the path left to the hands).
            if let Some(wp) = sc.route.get(d.next) {
                wish.move_dir = (wp.pos - s.world.anchor().pos).normalize_or_zero();
            }
        }
        let dir = if wish.move_dir == Vec2::ZERO || keys.is_empty() {
            wish.move_dir
        } else {
            // The best key for the wish that did not just stop the disk against a wall
            // (a person lets go of a key that does nothing after a reaction time).
            // The keys held stay held while the wish is within `tolerance` of them: a
            // person holds a key while the way is "roughly that way".
            let w = wish.move_dir.normalize_or_zero();
            let tick = s.world.tick();
            let open = |k: &Vec2| !shunned.iter().any(|(d, until)| *until > tick && d == k);
            if held_dir != Vec2::ZERO && held_dir.dot(w) >= tolerance.cos() && open(&held_dir) {
                held_dir
            } else {
                keys.iter()
                    .copied()
                    .filter(open)
                    .filter(|k| k.dot(w) > 0.0)
                    .max_by(|a, b| a.dot(w).total_cmp(&b.dot(w)))
                    .unwrap_or(w)
            }
        };
        held_dir = dir;
        // A tapping player lets go every other `tap` ticks.
        let dir = if h.tap > 0 && (s.world.tick() / h.tap) % 2 == 1 {
            Vec2::ZERO
        } else {
            dir
        };
        let before = s.world.anchor().pos;
        if std::env::var("TRACE").is_ok() && s.world.tick().is_multiple_of(120) {
            eprintln!(
                "t={} disk {:?} wish {:?} next wp {}",
                s.world.tick(),
                before,
                wish.move_dir,
                d.next
            );
        }
        s.step(TickInput {
            move_dir: dir,
            disk_stays: stays,
            round_corners: nudge,
            ..wish
        });
        if dir != Vec2::ZERO {
            let a = s.world.anchor();
            let tn = &s.world.tuning().anchor;
            let r = tn.radius + 0.02;
            t.held += 1;
            let touching = resolve_walls(a.pos, r, &s.world.map().grid) != a.pos;
            if touching {
                t.against += 1;
                let speed = if wish.sprint {
                    tn.sprint_speed
                } else {
                    tn.speed
                };
                if a.pos.distance(before) < 0.3 * speed * DT {
                    t.blocked += 1;
                    if std::env::var("TRACE").is_ok() {
                        eprintln!(
                            "blocked t={} at ({:.2},{:.2}) dir ({:.2},{:.2}) wish ({:.2},{:.2}) leash {:.2}",
                            s.world.tick(), a.pos.x, a.pos.y, dir.x, dir.y,
                            wish.move_dir.x, wish.move_dir.y, a.leash_dist
                        );
                    }
                    stuck += 1;
                    if stuck >= REACTION {
                        shunned.push((dir, s.world.tick() + SHUN));
                        stuck = 0;
                    }
                } else {
                    stuck = 0;
                }
            }
        }
    }
    t.ticks = s.world.tick();
    t.end = format!("{:?}", s.world.mission().outcome);
    t
}

fn main() {
    let mut names: Vec<String> = std::env::args().skip(1).collect();
    if names.is_empty() {
        names = vec!["m2_warrens".into(), "m6_long_dark".into()];
    }
    println!("scenario       keys    player   bee   nudge   held against blocked  route s  end");
    for name in &names {
        // Taps of 0.25 s with the disk staying where put or springing back (W4).
        for stays in [true, false] {
            let hands = Hands {
                keys: choices(MoveKeys::Map, true),
                tolerance: 35f32.to_radians(),
                beeline: false,
                nudge: true,
                tap: 15,
                stays,
            };
            let t = trial(name, &hands);
            println!(
                "{name:14} map     taps {:6}           {:6} {:7} {:7} {:8.1}  {}",
                if stays { "stay" } else { "return" },
                t.held,
                t.against,
                t.blocked,
                t.ticks as f32 * DT,
                t.end
            );
        }
        for (frame, player, beeline, nudge) in [
            (None, "route", false, false),
            (Some(MoveKeys::Screen), "one key", false, true),
            (Some(MoveKeys::Map), "one key", false, true),
            (Some(MoveKeys::Screen), "two keys", false, true),
            (Some(MoveKeys::Map), "two keys", false, true),
            (Some(MoveKeys::Screen), "one key", true, true),
            (Some(MoveKeys::Map), "one key", true, true),
            (Some(MoveKeys::Screen), "one key", true, false),
            (Some(MoveKeys::Map), "one key", true, false),
        ] {
            let keys = frame.map_or(Vec::new(), |f| choices(f, player == "two keys"));
            // One key is held while the way is within 60° of it, two keys within 35°.
            let tolerance = if player == "one key" { 60f32 } else { 35f32 };
            let hands = Hands {
                keys,
                tolerance: tolerance.to_radians(),
                beeline,
                nudge,
                tap: 0,
                stays: false,
            };
            let t = trial(name, &hands);
            println!(
                "{name:14} {:7} {:8} {:5} {:5} {:6} {:7} {:7} {:8.1}  {}",
                frame.map_or("-", MoveKeys::name),
                player,
                if beeline { "yes" } else { "no" },
                if nudge { "yes" } else { "no" },
                t.held,
                t.against,
                t.blocked,
                t.ticks as f32 * DT,
                t.end
            );
        }
    }
}
