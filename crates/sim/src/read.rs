//! The simulation's read model (REQ §25 X5): every type the view, the app and the
//! drivers read of a run, named in one place. They take a `&World` and read it through
//! its accessors (`w.agents()`, `w.enemies()`, `w.bullets()`, `w.events()`,
//! `w.lanes()`, …); the types those return are re-exported here, so no reader needs the
//! path of a system module (`squad::blades::melee`, `combat::bullet`, …), and the
//! systems can move or change inside the crate without touching a reader. Loading and
//! recording have their own public modules ([`crate::tuning`], [`crate::record`],
//! [`crate::content`], [`crate::driver`]).
//!
//! These and the root re-exports (`sim::Vec2`, `sim::tick`, `sim::TickInput`,
//! `sim::World`, `sim::ManualCommand`) are the whole public surface (REQ §25 X11): the
//! system modules (`squad`, `horde`, `combat`, `tools`, `nav`, `space`, `core`, `script`,
//! `world`) are `pub(crate)`, so a view or app file that names one does not compile.
//! One entry point beyond reading is here too: [`nav`], the pathfinder's status API,
//! which the app's `--bench` times (P5). The sim's own tests, benches and examples
//! reach the internals through the test-only `internals` feature (see the crate's
//! root); no other crate enables it.

// The world and its step.
pub use crate::world::{tick, TickInput, World};

// The map, its tile grid, the scenario, and what their loaders refuse.
pub use crate::core::error::LoadError;
pub use crate::script::scenario::{ManualEvent, Scenario};
pub use crate::space::grid::{floor_i32, resolve_walls, Grid};
pub use crate::space::map::{Map, Tile};

// Geometry and the seeded RNG (the view's cosmetic randomness uses one of its own).
pub use crate::core::geom::{wrap_angle, Vec2};
pub use crate::core::rng::Rng;

// What happened: this tick's events, the capped log, the counters.
pub use crate::core::events::{Event, EventKind, EventLog, VictimState, EVENT_LOG_CAP};
pub use crate::core::stats::Stats;

// The squad: agents, the anchor and formation, manual aim, lanes, the blades' strikes,
// and the overlay's view of the squad's decisions.
pub use crate::squad::agent::{Agent, LaneEval, Role};
pub use crate::squad::anchor::{Anchor, Formation, SquadState};
pub use crate::squad::blades::melee::BladeSpot;
pub use crate::squad::blades::reach::{lunge_extent, strike_sector};
pub use crate::squad::blades::sector::Sector;
pub use crate::squad::blades::state::{MeleeState, StrikePhase};
pub use crate::squad::manual::{ManualAim, ManualCommand};
pub use crate::squad::registry::{LaneRegistry, ReservedLane, ReservedSector};
pub use crate::squad::solver::Candidate;

// The horde and the projectiles.
pub use crate::combat::bullet::Bullet;
pub use crate::combat::spit::Spit;
pub use crate::core::pacing::{Difficulty, Phase};
pub use crate::horde::enemy::{AttackState, Enemy, EnemyKind};
pub use crate::horde::Corpse;
pub use crate::nav::flow::FlowField;
pub use crate::script::director::Director;
pub use crate::script::mission::{
    Area, Goal, Item, Mission, MissionSpec, Nest, Objective, ObjectiveSpec, Outcome, Status,
};
pub use crate::space::light::{lit, Beam};

// The player's tools (REQ K3–K5): the kit, a tool's use in the tick's input, the tools
// at work and the words of their events.
pub use crate::core::kit::{Tool, ToolRefusal};
pub use crate::squad::ammo::enemy_in_reach;
pub use crate::squad::blast::{keep_out, Escape};
pub use crate::squad::supply::{Kit, Pickup, PickupKind};
pub use crate::squad::target::perceived;
pub use crate::tools::flare::Flare;
pub use crate::tools::grenade::{blast_share, Grenade};
pub use crate::tools::medkit::Heal;
pub use crate::tools::throw::throw_landing;
pub use crate::tools::{ToolUse, Tools};

// Generated maps (REQ §26): a map and its scenario from a kind and a seed, as texts.
pub use crate::space::generate;

/// The pathfinder's status API (REQ E2), an entry point beyond reading: A* between two
/// tiles (or to the nearest of several) with its limits and reusable scratch, for timing
/// it (the app's `--bench` P5) and for the view's way to the objective (REQ W1); and
/// string pulling, the path's straight legs. Pure queries on a `&Grid`: they change no
/// state of the world and nothing in its checksum.
pub mod nav {
    pub use crate::nav::astar::{
        find_path, find_path_to_any, PathLimits, PathResult, PathScratch, PathStatus,
    };
    pub use crate::nav::smooth::smooth_path;
    pub use crate::nav::tiles::Tile;
}
