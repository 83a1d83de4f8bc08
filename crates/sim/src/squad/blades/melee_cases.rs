//! The blades' melee (`melee.rs`) in unit cases: targets, strikes withheld and
//! started, the turn at a choke, the lunge (inline tests moved out of `melee.rs`,
//! which would pass 900 lines with them).

use super::melee::*;
use crate::combat::damage::DamageQueue;
use crate::core::events::{EventKind, Events};
use crate::core::geom::Vec2;
use crate::horde::enemy::Enemy;
use crate::horde::enemy::{AttackState, EnemyKind};
use crate::space::grid::Grid;
use crate::squad::agent::{Agent, Role};
use crate::squad::anchor::SquadState;
use crate::squad::blades::turns;
use crate::squad::view::WorldView;
use crate::tuning::{TickTuning, Tuning};

fn body(id: u32, role: Role, pos: Vec2) -> Agent {
    Agent::new(id, role, id as usize, pos, 0.0, 0.28, 100.0)
}

/// A training dummy standing at `pos` (also the other squad modules' test enemy).
pub(crate) fn dummy(id: u32, pos: Vec2) -> Enemy {
    Enemy::standing(id, EnemyKind::Dummy, pos, 0.3, 100.0)
}

/// One strike step of blade 0 among `agents`; the events it emitted.
fn strike_step(agents: &mut [Agent], enemies: &[Enemy], t: &Tuning) -> Vec<EventKind> {
    let ticks = TickTuning::from_tuning(t);
    let mut damage = DamageQueue::default();
    let mut events = Events::default();
    let mut w = StrikeStep {
        tick: 100,
        tuning: t,
        ticks: &ticks,
        hold_strikes: false,
        gunners_give_way: true,
        agents,
        enemies,
        damage: &mut damage,
        events: &mut events,
    };
    step_blade(&mut w, 0);
    events.this_tick.iter().map(|e| e.kind.clone()).collect()
}

#[test]
fn a_blade_strikes_the_enemy_it_can_when_an_ally_stands_in_its_targets_sector() {
    let t = Tuning::default();
    let mut blade = body(0, Role::Blade, Vec2::ZERO);
    blade.melee.target = Some(1);
    // The target dead ahead with a gunner in between; another enemy in reach to the
    // side, its sector clear.
    let gunner = body(2, Role::Gunner, Vec2::new(0.75, 0.0));
    let enemies = [
        dummy(1, Vec2::new(1.35, 0.0)),
        dummy(2, Vec2::new(-0.4, 1.0)),
    ];
    let mut agents = [blade.clone(), gunner.clone()];
    let ev = strike_step(&mut agents, &enemies, &t);
    assert!(
        ev.contains(&EventKind::StrikeStarted {
            blade: 0,
            strike: 0,
            target: 2
        }),
        "{ev:?}"
    );
    assert_eq!(agents[0].melee.target, Some(2));
    assert_eq!(agents[0].melee.phase, StrikePhase::Windup);
    // With the side one out of reach the blade withholds, naming the gunner.
    let enemies = [
        dummy(1, Vec2::new(1.35, 0.0)),
        dummy(2, Vec2::new(-0.4, 2.5)),
    ];
    let mut agents = [blade, gunner];
    let ev = strike_step(&mut agents, &enemies, &t);
    assert_eq!(ev, vec![EventKind::StrikeWithheld { blade: 0, ally: 2 }]);
    assert_eq!(agents[0].melee.phase, StrikePhase::Ready);
}

/// Issue 36's fault: "strike what you can" took the enemy the other blade held as its
/// target, and both blades then held it. Now it is handed over; one the other blade
/// is striking is not taken.
#[test]
fn a_blade_striking_what_it_can_takes_over_the_other_blades_target_alone() {
    let t = Tuning::default();
    let mut blade = body(0, Role::Blade, Vec2::ZERO);
    blade.melee.target = Some(1);
    let gunner = body(2, Role::Gunner, Vec2::new(0.75, 0.0));
    // The other blade, away to the side, holds enemy 2 (in reach of blade 0, clear).
    let mut other = body(1, Role::Blade, Vec2::new(-3.0, 3.0));
    other.melee.target = Some(2);
    let enemies = [
        dummy(1, Vec2::new(1.35, 0.0)),
        dummy(2, Vec2::new(-0.4, 1.0)),
    ];
    let mut agents = [blade.clone(), other.clone(), gunner.clone()];
    strike_step(&mut agents, &enemies, &t);
    assert_eq!(agents[0].melee.target, Some(2));
    assert_eq!(agents[0].melee.phase, StrikePhase::Windup);
    assert_eq!(agents[1].melee.target, None, "both blades hold enemy 2");
    // The other blade winding up on enemy 2: blade 0 withholds, naming the gunner.
    other.melee.phase = StrikePhase::Windup;
    let mut agents = [blade, other, gunner];
    let ev = strike_step(&mut agents, &enemies, &t);
    assert_eq!(ev, vec![EventKind::StrikeWithheld { blade: 0, ally: 2 }]);
    assert_eq!(agents[0].melee.target, Some(1));
    assert_eq!(agents[1].melee.target, Some(2));
}

/// Generated yard 154 (REQ S10.4): a blade left behind — no approach spot, its post
/// (the slot) farther than `engage_radius` — strikes what stands in its way back,
/// not the crowd at its heels.
#[test]
fn a_blade_left_behind_strikes_only_what_stands_in_its_way_back() {
    let t = Tuning::default();
    let mut blade = body(0, Role::Blade, Vec2::ZERO);
    blade.post_pos = Vec2::new(t.melee.engage_radius + 2.0, 0.0);
    blade.melee.target = Some(1);
    blade.melee.approach = None;
    let gunner = body(1, Role::Gunner, Vec2::new(9.0, 0.0));
    let behind = [dummy(1, Vec2::new(-0.9, 0.0))];
    let mut agents = [blade.clone(), gunner.clone()];
    let ev = strike_step(&mut agents, &behind, &t);
    assert!(ev.is_empty(), "{ev:?}");
    assert_eq!(agents[0].melee.phase, StrikePhase::Ready);
    // The same enemy in its way back is struck.
    let ahead = [dummy(1, Vec2::new(0.9, 0.0))];
    let mut agents = [blade.clone(), gunner.clone()];
    strike_step(&mut agents, &ahead, &t);
    assert_eq!(agents[0].melee.phase, StrikePhase::Windup);
    // Near its post (with a spot or not), the enemy behind is struck as before.
    blade.post_pos = Vec2::new(1.0, 0.0);
    let mut agents = [blade, gunner];
    strike_step(&mut agents, &behind, &t);
    assert_eq!(agents[0].melee.phase, StrikePhase::Windup);
}

/// S10.1: at a door the blade behind its partner has no clear swing; it waits on the
/// partner, claims the turn after `turn_wait`, the partner (giving way) steps over the
/// nearer edge of that swing, and the waiting blade strikes.
#[test]
fn a_blade_behind_its_partner_at_a_door_strikes_once_the_partner_gives_way() {
    let t = Tuning::default();
    let tt = TickTuning::from_tuning(&t);
    let mut blade = body(0, Role::Blade, Vec2::ZERO);
    blade.melee.target = Some(1);
    let partner = body(1, Role::Blade, Vec2::new(0.6, 0.1));
    let target = dummy(1, Vec2::new(1.2, 0.0));
    let mut agents = [blade, partner];
    let one = std::slice::from_ref(&target);
    let ev = strike_step(&mut agents, one, &t);
    assert_eq!(ev, vec![EventKind::StrikeWithheld { blade: 0, ally: 1 }]);
    assert_eq!(agents[0].melee.waits_on, vec![1]);
    assert_eq!(
        turns::gives_way_to(&agents, 1, &tt),
        None,
        "not yet a claim"
    );
    for _ in 1..tt.turn_wait {
        assert!(strike_step(&mut agents, one, &t).is_empty());
    }
    assert_eq!(turns::gives_way_to(&agents, 1, &tt), Some(0));
    assert_eq!(turns::gives_way_to(&agents, 0, &tt), None);
    // The partner walks to where it steps aside; the blade strikes.
    let open = Grid::open_with_border(40, 40);
    agents
        .iter_mut()
        .for_each(|a| a.pos += Vec2::new(20.0, 20.0));
    let goal = turns::step_aside(&agents[1], &agents[0], &open, &t);
    agents
        .iter_mut()
        .for_each(|a| a.pos -= Vec2::new(20.0, 20.0));
    let goal = goal - Vec2::new(20.0, 20.0);
    agents[1].pos = goal;
    let ev = strike_step(&mut agents, one, &t);
    assert_eq!(
        ev,
        vec![EventKind::StrikeStarted {
            blade: 0,
            strike: 0,
            target: 1
        }]
    );
    assert!(agents[0].melee.waits_on.is_empty());
    // Without the turn the partner never moves and the blade never strikes.
    let mut t = t;
    t.melee.turn_allies = 0;
    let mut agents = [
        body(0, Role::Blade, Vec2::ZERO),
        body(1, Role::Blade, Vec2::new(0.6, 0.1)),
    ];
    agents[0].melee.target = Some(1);
    for _ in 0..=tt.turn_wait {
        strike_step(&mut agents, one, &t);
    }
    assert_eq!(turns::gives_way_to(&agents, 1, &tt), None);
}

#[test]
fn a_cancelled_windup_roots_the_blade_for_the_strike_it_had_planned() {
    // S9.5: a gunner's shot in flight foresaw the blade rooted, then on its lunge; a
    // cancel must not let it walk off from rest in between.
    let t = Tuning::default();
    let tt = TickTuning::from_tuning(&t);
    let mut blade = body(0, Role::Blade, Vec2::ZERO);
    blade.melee.target = Some(1);
    let target = dummy(1, Vec2::new(1.0, 0.0));
    let mut agents = [blade, body(1, Role::Gunner, Vec2::new(-3.0, 0.0))];
    strike_step(&mut agents, std::slice::from_ref(&target), &t);
    assert_eq!(agents[0].melee.phase, StrikePhase::Windup);
    assert_eq!(agents[0].melee.rooted, 0);
    // Two ticks on, the gunner steps into the sector: cancelled.
    strike_step(&mut agents, std::slice::from_ref(&target), &t);
    strike_step(&mut agents, std::slice::from_ref(&target), &t);
    let left = agents[0].melee.phase_left;
    agents[1].pos = Vec2::new(0.6, 0.2);
    let ev = strike_step(&mut agents, std::slice::from_ref(&target), &t);
    assert!(
        matches!(ev[..], [EventKind::StrikeCancelled { .. }]),
        "{ev:?}"
    );
    assert_eq!(agents[0].melee.phase, StrikePhase::Ready);
    assert_eq!(agents[0].melee.rooted, left + tt.strike_active[0]);
    // Rooted, it starts nothing, even with the sector clear again: a new strike could
    // lunge along another axis than the one a shot in flight foresaw.
    agents[1].pos = Vec2::new(-3.0, 0.0);
    let ev = strike_step(&mut agents, std::slice::from_ref(&target), &t);
    assert!(ev.is_empty(), "{ev:?}");
    assert_eq!(agents[0].melee.phase, StrikePhase::Ready);
    // The movement step counts the root down; once it is out, the strike starts.
    agents[0].melee.rooted = 0;
    strike_step(&mut agents, std::slice::from_ref(&target), &t);
    assert_eq!(agents[0].melee.phase, StrikePhase::Windup);
}

#[test]
fn a_blade_beside_its_partner_turns_its_swing_away_from_it() {
    // Yard 4's fight: two blades side by side at body contact, the crowd ahead. The
    // straight slash at the target takes in the partner 66° off its axis; a swing
    // turned away from the partner keeps the target inside and the partner out.
    let mut t = Tuning::default();
    let mut blade = body(0, Role::Blade, Vec2::ZERO);
    blade.melee.target = Some(1);
    let partner = body(1, Role::Blade, Vec2::new(0.9, 0.4));
    let target = dummy(1, Vec2::new(0.0, 1.1));
    let straight = std::f32::consts::FRAC_PI_2;
    let blocked = guarded_sector(Vec2::ZERO, straight, 0, &t);
    assert!(blocked.distance(partner.pos) < partner.radius + t.melee.safety_margin);
    let mut agents = [blade.clone(), partner.clone()];
    let ev = strike_step(&mut agents, std::slice::from_ref(&target), &t);
    assert_eq!(
        ev,
        vec![EventKind::StrikeStarted {
            blade: 0,
            strike: 0,
            target: 1
        }]
    );
    let axis = agents[0].melee.axis;
    let turned = crate::core::geom::wrap_angle(axis - straight);
    assert!(turned > 0.3, "turned {turned:.2} rad away from the partner");
    assert!(strike_sector(Vec2::ZERO, axis, 0, &t).distance(target.pos) == 0.0);
    let guarded = guarded_sector(Vec2::ZERO, axis, 0, &t);
    assert!(guarded.distance(partner.pos) >= partner.radius + t.melee.safety_margin);
    // Only straight swings: it withholds, naming the partner.
    t.melee.swing_turn_steps = 0;
    let mut agents = [blade, partner];
    let ev = strike_step(&mut agents, std::slice::from_ref(&target), &t);
    assert_eq!(ev, vec![EventKind::StrikeWithheld { blade: 0, ally: 1 }]);
}

#[test]
fn another_blades_lunge_still_ahead_blocks_a_windup_into_its_path() {
    let t = Tuning::default();
    let me = body(0, Role::Blade, Vec2::ZERO);
    let sector = guarded_sector(Vec2::ZERO, 0.0, 0, &t);
    // The other blade rooted in its windup beside the sector, about to lunge across
    // it: zero velocity, yet in the way.
    let mut other = body(1, Role::Blade, Vec2::new(0.8, 1.7));
    other.melee.phase = StrikePhase::Windup;
    other.melee.strike = 2;
    other.melee.axis = -std::f32::consts::FRAC_PI_2;
    let ticks = 18;
    assert!(sector.distance(other.pos) > other.radius + t.melee.safety_margin);
    let agents = [me.clone(), other.clone()];
    assert_eq!(
        ally_in_sector_predicted(&me, &sector, &agents, ticks, &t),
        Some(1)
    );
    // Lunging away from the sector it does not block.
    other.melee.axis = std::f32::consts::FRAC_PI_2;
    let agents = [me.clone(), other];
    assert_eq!(
        ally_in_sector_predicted(&me, &sector, &agents, ticks, &t),
        None
    );
}

#[test]
fn a_blade_left_behind_the_march_defends_itself_but_not_while_holding() {
    let t = Tuning::default();
    let grid = Grid::open_with_border(40, 40);
    let lanes = crate::squad::registry::LaneRegistry::default();
    let blade = body(0, Role::Blade, Vec2::new(10.0, 10.0));
    let agents = [blade.clone()];
    // An enemy on its heels (behind it, seen from the disk), both far beyond the post
    // bound from the disk.
    let enemies = [dummy(7, Vec2::new(9.1, 10.0))];
    let view = |state| WorldView {
        agents: &agents,
        enemies: &enemies,
        grid: &grid,
        tuning: &t,
        state,
        anchor: Vec2::new(17.0, 10.0),
        assigned: None,
        lanes: &lanes,
    };
    let advancing = view(SquadState::Advancing);
    assert_eq!(choose_blade_target(&advancing, &blade), Some(7));
    let mut spots = Vec::new();
    let spot = solve_blade_post(&advancing, &blade, 7, &mut spots).expect("a spot");
    let ring = 0.3 + 0.28 + t.melee.standoff_gap;
    assert!(
        spot.pos.distance(advancing.anchor) <= blade.pos.distance(advancing.anchor) + ring + 1e-4,
        "it fights where it stands, never a ring farther out: {spot:?}"
    );
    assert!(
        spot.pos.distance(blade.pos) < 0.5,
        "on the near side: {spot:?}"
    );
    // Holding, the tether brings it back instead; an enemy beyond `defend_radius`
    // is not taken either.
    assert_eq!(
        choose_blade_target(&view(SquadState::Holding), &blade),
        None
    );
    let enemies = [dummy(7, Vec2::new(7.5, 10.0))];
    let far = WorldView {
        enemies: &enemies,
        ..view(SquadState::Advancing)
    };
    assert_eq!(choose_blade_target(&far, &blade), None);
}

/// S10.2: an enemy winding up on a gunner within `guard_reach` is the blade's target
/// before a nearer one (`defend.rs` says which enemy; this, that it comes first).
#[test]
fn a_blade_takes_a_gunners_attacker_before_a_nearer_enemy() {
    let mut t = Tuning::default();
    t.melee.guard_reach = 2.5;
    let grid = Grid::open_with_border(40, 40);
    let lanes = crate::squad::registry::LaneRegistry::default();
    let blade = body(0, Role::Blade, Vec2::new(20.0, 20.0));
    let agents = [blade.clone(), body(1, Role::Gunner, Vec2::new(20.7, 22.2))];
    let near = dummy(5, Vec2::new(18.2, 20.0));
    let mut striker = dummy(6, Vec2::new(20.0, 22.2));
    striker.kind = EnemyKind::Shambler;
    striker.attack = AttackState {
        windup_left: Some(20),
        windup_ticks: 34,
        target: Some(1),
        ..AttackState::default()
    };
    let view = |enemies| WorldView {
        agents: &agents,
        enemies,
        grid: &grid,
        tuning: &t,
        state: SquadState::Holding,
        anchor: Vec2::new(20.0, 20.0),
        assigned: None,
        lanes: &lanes,
    };
    let both = [near.clone(), striker.clone()];
    assert_eq!(choose_blade_target(&view(&both), &blade), Some(6));
    striker.attack = AttackState::default();
    let idle = [near, striker];
    assert_eq!(choose_blade_target(&view(&idle), &blade), Some(5));
}

/// Issue 36: two gunners at the blade's shoulders, 60° off its line to the enemy — in
/// every slash's guarded sector, straight or turned, but clear of the narrow thrust's.
fn hemmed_by_two_gunners() -> ([Agent; 3], [Enemy; 1]) {
    let mut blade = body(0, Role::Blade, Vec2::ZERO);
    blade.melee.target = Some(1);
    let at = |deg: f32| Vec2::from_angle(deg.to_radians()) * 0.9;
    let agents = [
        blade,
        body(1, Role::Gunner, at(60.0)),
        body(2, Role::Gunner, at(-60.0)),
    ];
    (agents, [dummy(1, Vec2::new(1.0, 0.0))])
}

#[test]
fn a_blade_hemmed_in_by_allies_thrusts_and_its_combo_goes_on_from_the_slash() {
    let mut t = Tuning::default();
    t.melee.hemmed_thrust = true;
    let (mut agents, enemies) = hemmed_by_two_gunners();
    // Every slash would take in a gunner (what the thrust is for).
    let slashes_blocked = swing_axes(Vec2::ZERO, enemies[0].pos, 0, &t).all(|axis| {
        let s = guarded_sector(Vec2::ZERO, axis, 0, &t);
        ally_in_sector_predicted(&agents[0], &s, &agents, 20, &t).is_some()
    });
    assert!(slashes_blocked);
    let ev = strike_step(&mut agents, &enemies, &t);
    assert_eq!(
        ev,
        vec![EventKind::StrikeStarted {
            blade: 0,
            strike: 2,
            target: 1
        }]
    );
    assert_eq!(agents[0].melee.hemmed, Some(0));
    // Neither gunner is in the thrust's guarded sector.
    let thrust = guarded_sector(Vec2::ZERO, agents[0].melee.axis, 2, &t);
    for g in &agents[1..] {
        assert!(thrust.distance(g.pos) >= g.radius + t.melee.safety_margin);
    }
    // Played out, the thrust stood in for the first slash: the combo goes on to the
    // second, in its window, with no cooldown (the 3rd strike's long one left mission
    // 2's blade out of a fight).
    let mut steps = 0;
    while agents[0].melee.phase != StrikePhase::Ready || steps == 0 {
        strike_step(&mut agents, &enemies, &t);
        steps += 1;
        assert!(steps < 100, "the thrust ends");
    }
    let m = &agents[0].melee;
    assert_eq!((m.strike, m.cooldown, m.hemmed), (1, 0, None));
    assert!(m.combo_left > 0);
}

#[test]
fn hemmed_in_with_the_thrust_off_the_blade_withholds() {
    let t = Tuning::default();
    assert!(!t.melee.hemmed_thrust, "off by default (docs/decisions.md)");
    let (mut agents, enemies) = hemmed_by_two_gunners();
    let ev = strike_step(&mut agents, &enemies, &t);
    assert!(
        matches!(ev[..], [EventKind::StrikeWithheld { blade: 0, .. }]),
        "{ev:?}"
    );
}

#[test]
fn the_hemmed_thrust_leaves_the_enemy_another_blade_holds() {
    let mut t = Tuning::default();
    t.melee.hemmed_thrust = true;
    let (agents, enemies) = hemmed_by_two_gunners();
    let mut other = body(3, Role::Blade, Vec2::new(1.0, -1.2));
    other.melee.target = Some(1);
    let mut agents = [
        agents[0].clone(),
        agents[1].clone(),
        agents[2].clone(),
        other,
    ];
    agents[0].melee.target = None;
    let ev = strike_step(&mut agents, &enemies, &t);
    assert!(
        matches!(ev[..], [EventKind::StrikeWithheld { blade: 0, .. }]),
        "{ev:?}"
    );
}
