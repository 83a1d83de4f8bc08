//! Content compiled into the binary (S2.4): maps and the acceptance scenarios.

/// `(name, text)` of every embedded map; a scenario's `map = NAME` picks one.
pub const MAPS: &[(&str, &str)] = &[
    ("default", include_str!("../content/default.map")),
    ("field", include_str!("../content/field.map")),
    ("crossroads", include_str!("../content/crossroads.map")),
    ("gallery", include_str!("../content/gallery.map")),
    ("bunker", include_str!("../content/bunker.map")),
    ("switchback", include_str!("../content/switchback.map")),
    ("yard", include_str!("../content/yard.map")),
    ("islands", include_str!("../content/islands.map")),
    // The campaign's (C2).
    ("station", include_str!("../content/campaign/station.map")),
    (
        "yard_training",
        include_str!("../content/campaign/yard_training.map"),
    ),
    ("warrens", include_str!("../content/campaign/warrens.map")),
    ("gate", include_str!("../content/campaign/gate.map")),
    ("flooded", include_str!("../content/campaign/flooded.map")),
    (
        "switchyard",
        include_str!("../content/campaign/switchyard.map"),
    ),
    (
        "long_dark",
        include_str!("../content/campaign/long_dark.map"),
    ),
];

pub const DEFAULT_MAP: &str = MAPS[0].1;

/// `(name, text)` of every embedded scenario.
pub const SCENARIOS: &[(&str, &str)] = &[
    ("combat_route", include_str!("../content/combat_route.scn")),
    ("hold_static", include_str!("../content/hold_static.scn")),
    ("lane_free", include_str!("../content/lane_free.scn")),
    ("intercept", include_str!("../content/intercept.scn")),
    ("manual_aim", include_str!("../content/manual_aim.scn")),
    ("leash_march", include_str!("../content/leash_march.scn")),
    ("melee_dummy", include_str!("../content/melee_dummy.scn")),
    ("melee_ally", include_str!("../content/melee_ally.scn")),
    ("melee_cancel", include_str!("../content/melee_cancel.scn")),
    ("leash_hold", include_str!("../content/leash_hold.scn")),
    ("spitters", include_str!("../content/spitters.scn")),
    ("stalkers", include_str!("../content/stalkers.scn")),
    (
        "flare_stalkers",
        include_str!("../content/flare_stalkers.scn"),
    ),
    (
        "grenade_drill",
        include_str!("../content/grenade_drill.scn"),
    ),
];

/// The embedded scenarios to play against the threat (REQ T3): a holding room with the
/// director on normal, a march with it on hard. Not among [`SCENARIOS`] (the
/// acceptance set-pieces keep the director off); the title lists them after the combat
/// route and [`scenario_text`] finds them by name.
pub const PLAY: &[(&str, &str)] = &[
    (
        "hold_director",
        include_str!("../content/hold_director.scn"),
    ),
    ("march_hard", include_str!("../content/march_hard.scn")),
];

/// The campaign (REQ C2): its missions in the order they are played, each a scenario
/// with a `briefing`, objectives and a reference route (its waypoints: what
/// `--headless` and CI drive; in the window the player steers). Not among
/// [`SCENARIOS`]; [`scenario_text`] finds them by name.
pub const CAMPAIGN: &[(&str, &str)] = &[
    (
        "m0_training",
        include_str!("../content/campaign/m0_training.scn"),
    ),
    (
        "m1_station",
        include_str!("../content/campaign/m1_station.scn"),
    ),
    (
        "m2_warrens",
        include_str!("../content/campaign/m2_warrens.scn"),
    ),
    ("m3_gate", include_str!("../content/campaign/m3_gate.scn")),
    (
        "m4_blackbox",
        include_str!("../content/campaign/m4_blackbox.scn"),
    ),
    (
        "m5_lights_out",
        include_str!("../content/campaign/m5_lights_out.scn"),
    ),
    (
        "m6_long_dark",
        include_str!("../content/campaign/m6_long_dark.scn"),
    ),
];

/// The campaign's basic training (REQ K8): every verb, prompted and waited for.
pub const TRAINING: &str = "m0_training";

/// The soak scenario (REQ §19, `--soak`): the combat route there and back again, looped,
/// with repeating waves. Not among [`SCENARIOS`] (the acceptance run's set-pieces);
/// [`scenario_text`] finds it by name.
pub const SOAK: (&str, &str) = ("soak", include_str!("../content/soak.scn"));

/// The P2 horde benchmark's scenario for [`horde_arena`]: seed 1, `per_spawn` shamblers
/// at each of the eight enemy spawns at tick 0 (in wave lines of at most 500, the
/// scenario format's limit).
pub fn horde_waves(per_spawn: u32) -> String {
    let mut scn = String::from("seed = 1\n");
    for i in 0..8 {
        let mut left = per_spawn;
        while left > 0 {
            let k = left.min(500);
            scn += &format!("wave 0 {i} shambler {k}\n");
            left -= k;
        }
    }
    scn
}

/// A generated `n × n` open map with pillars every 16 tiles, the squad spawn in the
/// middle and eight enemy spawns round the edge: the P2 horde benchmark's arena.
pub fn horde_arena(n: usize) -> String {
    let c = n / 2;
    let spawns = [
        (10, 10),
        (c, 6),
        (n - 10, 10),
        (6, c),
        (n - 6, c),
        (10, n - 10),
        (c, n - 6),
        (n - 10, n - 10),
    ];
    let mut text = String::with_capacity(n * (n + 1));
    for y in 0..n {
        for x in 0..n {
            let pillar = x % 16 == 8 && y % 16 == 8 && (x, y) != (c, c);
            text.push(if x == 0 || y == 0 || x == n - 1 || y == n - 1 || pillar {
                '#'
            } else if (x, y) == (c, c) {
                'S'
            } else if spawns.contains(&(x, y)) {
                'E'
            } else {
                '.'
            });
        }
        text.push('\n');
    }
    text
}

pub fn map_text(name: &str) -> Option<&'static str> {
    MAPS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

pub fn scenario_text(name: &str) -> Option<&'static str> {
    SCENARIOS
        .iter()
        .chain(PLAY)
        .chain(CAMPAIGN)
        .chain(std::iter::once(&SOAK))
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
}
