//! Finds moments of the combat route with tracers and flashes in flight (for the frame
//! tests' `AT`): `moments FROM TO STEP`.
use app::session::Session;

fn main() {
    let a: Vec<f32> = std::env::args()
        .skip(1)
        .map(|s| s.parse().unwrap())
        .collect();
    let setup = app::setup::load(None, "combat_route", None, None, None).unwrap();
    let mut t = a[0];
    while t <= a[1] {
        let s = Session::watched_at(&setup, t);
        let h = &s.cosmetics.as_ref().unwrap().horror;
        println!(
            "{t:.1}: trail {} flashes {}",
            h.tracers.trail.len(),
            h.tracers.flashes.len()
        );
        t += a[2];
    }
}
