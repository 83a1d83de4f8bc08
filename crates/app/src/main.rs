//! `squad_proto`: the game binary. CLI, window, `--accept`, `--screenshot`, `--bench`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use app::play::Play;
use app::{accept, bench, catalog, files, headless, screenshot, setup, soak, window};
use sim::record::Replay;

#[derive(Parser, Debug)]
#[command(
    name = "squad_proto",
    about = "Real-time tactical squad game (software-rendered, isometric)"
)]
struct Cli {
    /// Run the acceptance criteria headless and exit non-zero on any FAIL.
    #[arg(long)]
    accept: bool,
    /// Scenario file: the window starts playing it at once (default: the title, over
    /// the embedded combat route).
    #[arg(long, value_name = "FILE")]
    scenario: Option<PathBuf>,
    /// Map file replacing the scenario's map.
    #[arg(long, value_name = "FILE")]
    map: Option<PathBuf>,
    /// Seed replacing the scenario's seed.
    #[arg(long)]
    seed: Option<u64>,
    /// Tuning file (TOML); unknown keys are errors.
    #[arg(long, value_name = "FILE")]
    tuning: Option<PathBuf>,
    /// Print the compiled-in tuning as TOML and exit.
    #[arg(long)]
    print_tuning: bool,
    /// Run the scenario headless and print its summary.
    #[arg(long)]
    headless: bool,
    /// Render the frame the window would show to a PNG, headless.
    #[arg(long, value_name = "FILE.png")]
    screenshot: Option<PathBuf>,
    /// Simulated seconds before the screenshot.
    #[arg(long, default_value_t = 0.0, value_name = "SECONDS")]
    at: f32,
    /// What the screenshot shows: game, title, help, pause or results (the results at
    /// `--at` or when the run ended, if sooner).
    #[arg(long, default_value = "game", value_name = "NAME")]
    screen: String,
    /// Frames per second in the window (default: the display's refresh rate, 60 if
    /// unknown; 0 = as fast as it can).
    #[arg(long, value_name = "N")]
    fps: Option<u32>,
    /// Draw the debug overlay in the screenshot.
    #[arg(long)]
    overlay: bool,
    /// Print quick performance numbers (SPEC §18) and exit.
    #[arg(long)]
    bench: bool,
    /// Record the run's inputs and checksums to a replay file (any mode).
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Re-run a replay headless and compare every tick's checksum (exit 1 on a
    /// divergence); with `--window`, play it in the window.
    #[arg(long, value_name = "FILE")]
    replay: Option<PathBuf>,
    /// With `--replay`: play it in the window (P pause, 4 ×1/×4, . single step).
    #[arg(long)]
    window: bool,
    /// With `--headless`: run to that moment, write the save and stop.
    #[arg(long, num_args = 2, value_names = ["SECONDS", "FILE"])]
    save_at: Option<Vec<String>>,
    /// Continue a save: in the window, or with `--headless` to the scenario's end.
    #[arg(long, value_name = "FILE")]
    load: Option<PathBuf>,
    /// Soak test (SPEC §19): the soak scenario (or `--scenario`) on many seeds in
    /// parallel, checked every tick; exits non-zero on a violation.
    #[arg(long)]
    soak: bool,
    /// With `--soak`: how many seeds (1..=N).
    #[arg(long, default_value_t = 20)]
    seeds: u64,
    /// With `--soak`: simulated minutes per seed.
    #[arg(long, default_value_t = 10.0)]
    minutes: f32,
    /// With `--soak`: worker threads (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
    /// With `--soak`: also write the results as JSON.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Without the horror layer (darkness, fog, blood, post pass): the plain lit board,
    /// for `--screenshot`, `--bench` and the window (F3 toggles it there).
    #[arg(long)]
    no_horror: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.print_tuning {
        print!("{}", sim::tuning::Tuning::default().to_toml());
        return ExitCode::SUCCESS;
    }
    if cli.accept {
        return match accept::run_cli(
            cli.scenario.as_deref(),
            cli.map.as_deref(),
            cli.seed,
            cli.tuning.as_deref(),
        ) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::FAILURE,
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(2)
            }
        };
    }
    if cli.soak {
        if !(cli.minutes.is_finite() && cli.minutes > 0.0) || cli.seeds == 0 {
            eprintln!("squad_proto: --soak needs --seeds >= 1 and --minutes > 0");
            return ExitCode::from(2);
        }
        let setup = match setup::load(
            cli.scenario.as_deref(),
            "soak",
            cli.map.as_deref(),
            None,
            cli.tuning.as_deref(),
        ) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        };
        let o = soak::Options {
            seeds: cli.seeds,
            minutes: cli.minutes,
            jobs: cli.jobs,
            json: cli.json.clone(),
            progress: true,
        };
        return match soak::run_cli(&setup, &o) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::FAILURE,
            Err(e) => {
                eprintln!("squad_proto: {e}");
                ExitCode::from(2)
            }
        };
    }
    if let Some(path) = cli.replay.as_ref().filter(|_| !cli.window) {
        return match headless::replay(path) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::FAILURE,
            Err(e) => {
                eprintln!("squad_proto: {e}");
                ExitCode::from(2)
            }
        };
    }
    let save_at = match cli.save_at.as_deref() {
        None => None,
        Some([secs, file]) => match secs.parse::<f32>() {
            Ok(s) if s.is_finite() && s >= 0.0 => Some((s, PathBuf::from(file))),
            _ => {
                eprintln!("squad_proto: --save-at {secs}: expected seconds (a number >= 0)");
                return ExitCode::from(2);
            }
        },
        Some(_) => unreachable!("clap takes exactly two values"),
    };
    let opts = headless::Options {
        record: cli.record.clone(),
        save_at,
        load: cli.load.clone(),
    };
    if cli.headless && cli.load.is_some() {
        return match headless::run(None, &opts) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("squad_proto: {e}");
                ExitCode::from(2)
            }
        };
    }
    let setup = match setup::load(
        cli.scenario.as_deref(),
        "combat_route",
        cli.map.as_deref(),
        cli.seed,
        cli.tuning.as_deref(),
    ) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    if let Some(path) = &cli.screenshot {
        let screen = match screenshot::Screen::parse(&cli.screen) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("squad_proto: --screen: {e}");
                return ExitCode::from(2);
            }
        };
        let entries = catalog::catalog(&catalog::scenario_dirs());
        let (fb, world) = screenshot::render_screen(
            &setup,
            cli.at.max(0.0),
            screen,
            cli.overlay,
            cli.no_horror,
            &entries,
        );
        if let Err(e) = screenshot::write_png(&fb, path) {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
        println!(
            "{}: tick {} of {}",
            path.display(),
            world.tick(),
            setup.scenario.name
        );
        return ExitCode::SUCCESS;
    }
    if cli.bench {
        bench::run(&setup, !cli.no_horror);
        return ExitCode::SUCCESS;
    }
    if cli.headless {
        return match headless::run(Some(&setup), &opts) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("squad_proto: {e}");
                ExitCode::from(2)
            }
        };
    }
    if opts.save_at.is_some() {
        eprintln!("squad_proto: --save-at needs --headless (in the window, F6 saves)");
        return ExitCode::from(2);
    }
    // A scenario or a map on the command line is played at once; otherwise the title
    // comes first, over the default scenario driven by its route. A save (`--load`) or
    // a replay (`--replay FILE --window`) is played at once too.
    let resume = match (&cli.replay, &cli.load) {
        (Some(path), _) => Some(files::read(path).and_then(|b| {
            let (h, r) = Replay::decode(&b).map_err(|e| format!("{}: {e}", path.display()))?;
            Play::replay(r, &h.game_version).map_err(|e| format!("{}: {e}", path.display()))
        })),
        (None, Some(path)) => Some(
            files::read(path)
                .and_then(|b| Play::load(&b).map_err(|e| format!("{}: {e}", path.display()))),
        ),
        (None, None) => None,
    };
    let resume = match resume.transpose() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("squad_proto: {e}");
            return ExitCode::from(2);
        }
    };
    let direct = cli.scenario.is_some() || cli.map.is_some();
    let opts = window::Options {
        direct,
        // On the default scenario the player steers; a scenario file's route drives
        // until the player moves.
        scripted: cli.scenario.is_some(),
        horror: !cli.no_horror,
        entries: catalog::catalog(&catalog::scenario_dirs()),
        seed: cli.seed,
        record: cli.record.clone(),
        resume,
    };
    let rate = match cli.fps {
        Some(n) => window::FrameRate::Fixed(n),
        None => window::FrameRate::Display,
    };
    match window::run(setup, opts, rate) {
        Ok(()) => ExitCode::SUCCESS,
        Err(window::WindowError::NoDisplay(why)) => {
            eprintln!(
                "squad_proto: no display to open the game window ({why}).\n\
                 Without a display you can run:\n  \
                 squad_proto --accept                 acceptance criteria, headless\n  \
                 squad_proto --screenshot shot.png --at 30   render a frame to a PNG\n  \
                 squad_proto --headless               run the combat route and print a summary"
            );
            ExitCode::from(2)
        }
        Err(window::WindowError::Other(why)) => {
            eprintln!("squad_proto: {why}");
            ExitCode::FAILURE
        }
    }
}
