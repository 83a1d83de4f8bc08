//! The HUD (REQ §20, issue 19) on real runs: a formation change is said, the first agent
//! to fall on the combat route is told by name with where, and its card is crossed out.

use app::hud::{agent_name, draw_hud, layout, HudView, Rect};
use app::session::{Pilot, Session};
use raster::{Framebuffer, Rgba};
use sim::read::{EventKind, Formation, TickInput};

#[test]
fn a_fallen_agent_is_told_where_and_crossed_out_and_a_formation_change_is_said() {
    let s = app::setup::load(None, "melee_dummy", None, None, None).unwrap();
    let mut run = Session::new(s, Pilot::Hands).with_cosmetics();
    run.step(TickInput {
        formation: Some(Formation::Line),
        ..TickInput::default()
    });
    run.step(TickInput::default());
    let feed = &run.cosmetics.as_ref().unwrap().hud;
    assert_eq!(feed.notices.last().unwrap().text, "formation: line");
    // The combat route on seed 4 wears the squad down (seed 10 did before +sim17, 24 before the blades'
    // turns at a choke, S10.1): the first agent to fall is told.
    let s = app::setup::load(None, "combat_route", None, Some(4), None).unwrap();
    let mut run = Session::route(s).with_cosmetics();
    let mut fell = None;
    while fell.is_none() && run.world.tick() < run.end_tick() {
        run.step(TickInput::default());
        fell = run.world.events().iter().find_map(|e| match e.kind {
            EventKind::AgentDown { agent, .. } => Some(agent as usize),
            _ => None,
        });
    }
    let fell = fell.expect("an agent falls on the route");
    let feed = &run.cosmetics.as_ref().unwrap().hud;
    let n = feed.notices.last().expect("a notice");
    assert!(n.warn && n.pos.is_some(), "{n:?}");
    assert_eq!(
        n.text,
        format!("{} is down", agent_name(run.world.agents(), fell))
    );
    // Drawn: the fallen card is crossed out in red, a standing one has a green bar.
    let mut fb = Framebuffer::new(1280, 720);
    let (world, feed) = run.watched();
    let v = HudView {
        feed: &feed.hud,
        end_tick: 10_800,
        manual_aim: false,
        camera: &feed.camera,
        zoom: 1.0,
        keys: &app::shell::prompts::KeyNames::default(),
        throw: None,
        way: None,
        replay: None,
    };
    draw_hud(&mut fb, world, &v);
    let l = layout(1280, 720, 5);
    let count = |r: Rect, test: &dyn Fn(Rgba) -> bool| {
        (r.1..r.1 + r.3)
            .flat_map(|y| (r.0..r.0 + r.2).map(move |x| (x, y)))
            .filter(|&(x, y)| fb.get_rgba(x, y).is_some_and(test))
            .count()
    };
    let red = |c: Rgba| c.r > 200 && c.g < 120 && c.b < 100;
    let green = |c: Rgba| c.g > 180 && c.r < 140;
    // The healthiest standing agent: its bar fills in green (to red as it is hurt).
    let agents = run.world.agents();
    let standing = (0..agents.len())
        .filter(|&i| agents[i].alive)
        .max_by(|&a, &b| agents[a].health.total_cmp(&agents[b].health))
        .unwrap();
    assert!(
        count(l.cards[fell], &red) > 40,
        "the fallen agent is crossed out"
    );
    let k = agents[standing].health / run.world.tuning().squad.agent_health;
    let bar = |c: Rgba| c.r.max(c.g) > 150 && c.b < 140;
    let lit = count(l.cards[standing], &bar);
    assert!(
        lit > (300.0 * k) as usize,
        "a standing agent's bar at {k:.2}: {lit} pixels"
    );
    if k > 0.7 {
        assert!(count(l.cards[standing], &green) > 40);
    }
}
