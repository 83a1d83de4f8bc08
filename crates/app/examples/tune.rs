//! Tuning a mission's curve (REQ K7) from its files on disk, without a rebuild:
//! `tune FILE.scn [SEEDS]` runs seeds 1..=SEEDS (20) by the reference player and the
//! naive one on normal and the reference on hard, and prints the `--curve` columns and
//! each lost run's end (the tick, squad down or time out, objectives done).
use std::ops::ControlFlow;
use std::path::Path;

use app::session::{Session, Until};
use sim::read::Difficulty;

/// One run's numbers: seed, won, agents down, blows landed, shots, tools, ammunition
/// left, ticks, objectives done, agents standing, enemies spawned (all, the director's)
/// and the director's peaks.
type Run = (
    u64,
    bool,
    u32,
    u32,
    u32,
    u32,
    u32,
    u64,
    usize,
    usize,
    (u32, u32, u32),
);

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = Path::new(&args[1]);
    if args.get(2).map(String::as_str) == Some("trace") {
        let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
        let naive = args.iter().any(|a| a == "naive");
        let hard = args.iter().any(|a| a == "hard");
        return trace(file, seed, naive, hard);
    }
    let n: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let cells = [
        ("reference", false, Difficulty::Normal),
        ("naive", true, Difficulty::Normal),
        ("reference", false, Difficulty::Hard),
    ];
    for (who, naive, d) in cells {
        let seeds: Vec<u64> = (1..=n).collect();
        let runs = app::runner::map(None, &seeds, |&seed| {
            let s = app::setup::load(Some(file), "", None, Some(seed), None).unwrap();
            let s = s.with_pacing(None, Some(d));
            let s = if naive { s.without_tools() } else { s };
            let mut run = Session::route(s);
            let mut spawned = 0;
            run.run(Until::End, |run, _| {
                let new = run.world.events().iter();
                spawned += new
                    .filter(|e| matches!(e.kind, sim::read::EventKind::EnemySpawned { .. }))
                    .count() as u32;
                ControlFlow::Continue(())
            });
            let w = &run.world;
            let st = w.stats();
            let won = run.mission_accomplished().unwrap_or(false);
            let done = w.mission().objectives.iter().filter(|o| o.done()).count();
            let standing = w.agents().iter().filter(|a| a.alive).count();
            let ammo = w
                .agents()
                .iter()
                .filter(|a| a.alive && a.is_gunner())
                .map(|a| a.mag)
                .sum::<u32>()
                + w.ammo_pool().unwrap_or(0);
            (
                seed,
                won,
                st.agents_down,
                st.blows_landed,
                st.shots_fired,
                st.flares_used + st.medkits_used + st.grenades_thrown,
                ammo,
                w.tick(),
                done,
                standing,
                (spawned, w.director().spawned, w.director().peaks),
            )
        })
        .unwrap();
        let wins = runs.iter().filter(|r| r.1).count();
        let lost = runs.iter().filter(|r| r.2 > 0).count();
        let mean = |f: &dyn Fn(&Run) -> f64| runs.iter().map(f).sum::<f64>() / runs.len() as f64;
        println!(
            "{who:<9} {:<6} wins {wins:>2}/{n}  lost an agent {lost:>2}/{n}  blows {:>5.1}  shots {:>5.0}  tools {:>3.1}  ammo left {:>5.0} (min {})  spawned {:>4.0} (director {:>4.0}, peaks {:.1})",
            d.name(),
            mean(&|r| r.3 as f64),
            mean(&|r| r.4 as f64),
            mean(&|r| r.5 as f64),
            mean(&|r| r.6 as f64),
            runs.iter().map(|r| r.6).min().unwrap_or(0),
            mean(&|r| r.10 .0 as f64),
            mean(&|r| r.10 .1 as f64),
            mean(&|r| r.10 .2 as f64),
        );
        for r in runs.iter().filter(|r| !r.1) {
            println!(
                "    seed {:>2}: lost at {:.1} s, {} objectives done, {} standing, ammo left {}",
                r.0,
                r.7 as f32 / 60.0,
                r.8,
                r.9,
                r.6
            );
        }
    }
}

/// Every second of one run: the disk, the squad's health, the enemies near the disk
/// (count and centre), the ammunition, the events that matter.
fn trace(file: &Path, seed: u64, naive: bool, hard: bool) {
    use sim::read::EventKind;
    let s = app::setup::load(Some(file), "", None, Some(seed), None).unwrap();
    let s = if naive { s.without_tools() } else { s };
    let s = if hard {
        s.with_pacing(None, Some(Difficulty::Hard))
    } else {
        s
    };
    let mut run = Session::route(s);
    run.run(Until::End, |run, _| {
        let w = &run.world;
        for e in w.events() {
            match &e.kind {
                EventKind::AgentDown { .. }
                | EventKind::GrenadeBurst { .. }
                | EventKind::ToolRefused { .. }
                | EventKind::Healed { .. }
                | EventKind::HealInterrupted { .. }
                | EventKind::FlareLanded { .. }
                | EventKind::AmmoPicked { .. }
                | EventKind::SupplyPicked { .. }
                | EventKind::OutOfAmmo { .. }
                | EventKind::ObjectiveDone { .. }
                | EventKind::TriggerFired { .. } => {
                    println!("  {:.2} {:?}", e.tick as f32 / 60.0, e.kind)
                }
                _ => {}
            }
        }
        if w.tick() % 60 == 0 {
            let a = w.anchor().pos;
            let near: Vec<_> = w.enemies().iter().filter(|e| e.alive && e.pos.distance(a) < 10.0).collect();
            let c = near.iter().fold(sim::Vec2::ZERO, |c, e| c + e.pos) / (near.len().max(1) as f32);
            let hp: Vec<String> = w.agents().iter().map(|a| if a.alive { format!("{:.0}", a.health) } else { "X".into() }).collect();
            let mags: u32 = w.agents().iter().filter(|a| a.alive && a.is_gunner()).map(|a| a.mag).sum();
            println!(
                "{:>4}s disk ({:.1},{:.1}) hp [{}] near {} at ({:.1},{:.1}) alive {} mags {} pool {:?}",
                w.tick() / 60, a.x, a.y, hp.join(" "), near.len(), c.x, c.y,
                w.enemies().iter().filter(|e| e.alive).count(), mags, w.ammo_pool()
            );
        }
        ControlFlow::Continue(())
    });
}
