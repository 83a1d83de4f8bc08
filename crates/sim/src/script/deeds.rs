//! What the player did this tick (REQ K8): the verbs a teaching mission prompts and
//! waits for, each seen in the tick's input, the squad's state or its events — an
//! objective `do ACT` is done the tick its act is seen.

use serde::{Deserialize, Serialize};

use crate::core::events::{Event, EventKind};

/// A verb a mission can wait for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Act {
    /// The disk moved on the player's input (the squad advancing).
    Move,
    /// A sprint (Shift): the squad moved at the sprint's urgency.
    Sprint,
    /// A formation chosen (1, 2, 3).
    Formation,
    /// Manual aim turned on.
    Manual,
    /// A target assigned in manual aim (Tab).
    Target,
    Flare,
    /// A medkit's work done.
    Medkit,
    Grenade,
    /// A gunner finished a reload (they reload themselves; the mission shows it).
    Reload,
    /// An ammo crate or a supply case picked up.
    Pickup,
}

impl Act {
    pub const ALL: [Act; 10] = [
        Act::Move,
        Act::Sprint,
        Act::Formation,
        Act::Manual,
        Act::Target,
        Act::Flare,
        Act::Medkit,
        Act::Grenade,
        Act::Reload,
        Act::Pickup,
    ];

    /// The act's word in a scenario (`objective NAME do WORD`).
    pub fn name(self) -> &'static str {
        match self {
            Act::Move => "move",
            Act::Sprint => "sprint",
            Act::Formation => "formation",
            Act::Manual => "manual",
            Act::Target => "target",
            Act::Flare => "flare",
            Act::Medkit => "medkit",
            Act::Grenade => "grenade",
            Act::Reload => "reload",
            Act::Pickup => "pickup",
        }
    }

    pub fn parse(s: &str) -> Option<Act> {
        Act::ALL.into_iter().find(|a| a.name() == s)
    }

    /// What the HUD says while it waits (a mission's own label replaces it).
    pub fn label(self) -> &'static str {
        match self {
            Act::Move => "Move the disk",
            Act::Sprint => "Sprint",
            Act::Formation => "Change the formation",
            Act::Manual => "Turn manual aim on",
            Act::Target => "Assign a target",
            Act::Flare => "Throw a flare",
            Act::Medkit => "Use the medkit",
            Act::Grenade => "Throw a grenade",
            Act::Reload => "Let a gunner reload",
            Act::Pickup => "Pick up the crate",
        }
    }

    /// Whether this tick shows the act.
    pub fn seen(self, d: &Deeds, events: &[Event]) -> bool {
        let any = |f: fn(&EventKind) -> bool| events.iter().any(|e| f(&e.kind));
        match self {
            Act::Move => d.moved,
            Act::Sprint => d.sprinted,
            Act::Formation => d.formation,
            Act::Manual => d.manual,
            Act::Target => d.target,
            Act::Flare => any(|k| matches!(k, EventKind::FlareThrown { .. })),
            Act::Medkit => any(|k| matches!(k, EventKind::Healed { .. })),
            Act::Grenade => any(|k| matches!(k, EventKind::GrenadeThrown { .. })),
            Act::Reload => any(|k| matches!(k, EventKind::Reloaded { .. })),
            // A crate taken before its prompt cannot be taken again (a playtest sprinted
            // over the training's crate, and its prompt then waited for good).
            Act::Pickup => {
                d.picked
                    || any(|k| {
                        matches!(
                            k,
                            EventKind::AmmoPicked { .. } | EventKind::SupplyPicked { .. }
                        )
                    })
            }
        }
    }
}

/// What the tick's input and the squad's state show the player did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Deeds {
    /// Movement input this tick.
    pub moved: bool,
    /// The squad sprints this tick.
    pub sprinted: bool,
    /// A formation was chosen this tick.
    pub formation: bool,
    /// Manual aim is on.
    pub manual: bool,
    /// A manual target is assigned.
    pub target: bool,
    /// A crate or a supply case has been taken in this run, this tick or before.
    pub picked: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::geom::Vec2;

    #[test]
    fn each_act_is_seen_in_its_own_deed_or_event() {
        let none = Deeds::default();
        for a in Act::ALL {
            assert_eq!(Act::parse(a.name()), Some(a));
            assert!(!a.seen(&none, &[]), "{a:?} with nothing done");
        }
        let moved = Deeds {
            moved: true,
            ..none
        };
        assert!(Act::Move.seen(&moved, &[]) && !Act::Sprint.seen(&moved, &[]));
        let thrown = [Event {
            tick: 3,
            kind: EventKind::FlareThrown {
                flare: 1,
                from: Vec2::ZERO,
                to: Vec2::ZERO,
            },
        }];
        assert!(Act::Flare.seen(&none, &thrown) && !Act::Grenade.seen(&none, &thrown));
        assert_eq!(Act::parse("dance"), None);
    }
}
