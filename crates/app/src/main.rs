//! `squad_proto`: the game binary. CLI, window, `--accept`, `--screenshot`, `--bench`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use app::{accept, bench, headless, screenshot, setup, window};

#[derive(Parser, Debug)]
#[command(
    name = "squad_proto",
    about = "Real-time tactical squad game (software-rendered, isometric)"
)]
struct Cli {
    /// Run the acceptance criteria headless and exit non-zero on any FAIL.
    #[arg(long)]
    accept: bool,
    /// Scenario file (default: the embedded combat route).
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
    /// Draw the debug overlay in the screenshot.
    #[arg(long)]
    overlay: bool,
    /// Print quick performance numbers (SPEC §18) and exit.
    #[arg(long)]
    bench: bool,
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
        let (fb, world) =
            screenshot::render_at(&setup, cli.at.max(0.0), cli.overlay, cli.no_horror);
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
        headless::run_summary(&setup);
        return ExitCode::SUCCESS;
    }
    let mut setup = setup;
    if cli.scenario.is_none() {
        // Playing the default map: the player steers; the combat route's waves come.
        setup.scenario.route.clear();
    }
    match window::run(setup, !cli.no_horror) {
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
