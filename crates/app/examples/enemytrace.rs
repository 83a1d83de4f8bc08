//! Debug trace of one enemy over a tick window: position, velocity, sight, shyness and
//! the burning flares' lights it stands in. `enemytrace SCENARIO ENEMY FROM TO [EVERY]`
//! (SCENARIO a `.scn` file or an embedded name; `TUNING=FILE` for a tuning file).
use std::ops::ControlFlow;

use app::session::{Session, Until};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let id: u32 = args[2].parse().unwrap();
    let (from, to): (u64, u64) = (args[3].parse().unwrap(), args[4].parse().unwrap());
    let every: u64 = args.get(5).and_then(|s| s.parse().ok()).unwrap_or(1);
    let tuning = std::env::var_os("TUNING").map(std::path::PathBuf::from);
    let file = std::path::Path::new(&args[1]);
    let s = if file.exists() {
        app::setup::load(Some(file), "", None, None, tuning.as_deref())
    } else {
        app::setup::load(None, &args[1], None, None, tuning.as_deref())
    }
    .unwrap();
    let mut run = Session::route(s);
    run.run(Until::End, |run, _| {
        let w = &run.world;
        let t = w.tick();
        if t >= from && t <= to && (t - from) % every == 0 {
            let Some(e) = w.enemies().iter().find(|e| e.id == id) else {
                return ControlFlow::Continue(());
            };
            let flares: Vec<String> = w
                .tools()
                .flares
                .iter()
                .map(|f| format!("f{}@({:.1},{:.1}) d{:.2}", f.id, f.pos.x, f.pos.y, f.pos.distance(e.pos)))
                .collect();
            println!(
                "t{t} e{id} {:?} alive {} pos ({:.2},{:.2}) vel ({:.2},{:.2}) sees {} lit {} shy {} flares {:?}",
                e.kind, e.alive, e.pos.x, e.pos.y, e.vel.x, e.vel.y, e.sees, e.lit, e.shy, flares
            );
        }
        ControlFlow::Continue(())
    });
}
