//! `squad_proto`: the game binary. CLI, window, `--accept`, `--screenshot`, `--bench`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use app::frame;
use app::screenshot::Shot;
use app::session::Session;
use app::shell::screen::Screen;
use app::shell::{campaign, catalog, progress, progress_report, settings};
use app::{accept, bench, files, generate, headless, screenshot, setup, soak, window};
use sim::content;
use sim::read::Difficulty;
use sim::record::Replay;
use view::Zoom;

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
    /// Difficulty (easy, normal or hard): the enemies' damage and the waves' counts,
    /// and the director's level when it is on (REQ T4).
    #[arg(long, value_parser = parse_difficulty)]
    difficulty: Option<Difficulty>,
    /// The director (off, easy, normal or hard) over the scenario's `director =` header
    /// (REQ T3).
    #[arg(long, value_parser = parse_director)]
    director: Option<DirectorArg>,
    /// Tuning file (TOML); unknown keys are errors.
    #[arg(long, value_name = "FILE")]
    tuning: Option<PathBuf>,
    /// The naive player (REQ K7): the scenario's route without any tool or pickup
    /// (`tools = off`).
    #[arg(long)]
    no_tools: bool,
    /// With `--accept --scenario`: these criteria (comma-separated ids) must be measured
    /// there; any of them N/A fails the run.
    #[arg(long, value_name = "IDS", value_delimiter = ',')]
    expect_measured: Vec<String>,
    /// Generate a map and its scenario (rooms, caves, pillars, yard or mixed) for
    /// `--seed N` (default 1) into `--out DIR` as KIND_N.map and KIND_N.scn, and exit.
    #[arg(long, value_name = "KIND")]
    generate: Option<String>,
    /// With `--generate`: the folder to write into (made if missing); with `--accept
    /// --generated`: where failing maps are written (default `accept-generated`).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// With `--accept`: every criterion on N generated scenarios (seeds 1..=N, the kinds
    /// in turn), in parallel; a per-criterion table; failing maps written to `--out`.
    #[arg(long, value_name = "N")]
    generated: Option<u64>,
    /// With `--accept --generated`: only these kinds (comma-separated).
    #[arg(long, value_name = "KINDS", value_delimiter = ',')]
    kinds: Vec<String>,
    /// Print the compiled-in tuning as TOML and exit.
    #[arg(long)]
    print_tuning: bool,
    /// The difficulty curve (REQ K7): every campaign mission over seeds 1-20 by the
    /// reference player and the naive one (no tools, no pickups) on normal, and the
    /// reference on hard; the table and its targets (exit 1 when one is missed).
    #[arg(long)]
    curve: bool,
    /// Replace the settings file (settings.toml in the user's config directory) with
    /// the defaults, say so in one line, and exit.
    #[arg(long)]
    reset_settings: bool,
    /// Print the campaign's progress (progress.toml in the user's data directory: each
    /// mission done or not, best time, hardest level, runs; the squad carried; what a
    /// damaged file would lose) and exit, changing nothing.
    #[arg(long)]
    progress: bool,
    /// Check a mission file and its map as the game loads them (REQ §31: for missions
    /// players share): every error and warning at its `file:line:col`, then a count;
    /// exit 1 when there is an error.
    #[arg(long, value_name = "FILE.scn")]
    validate: Option<PathBuf>,
    /// Run the scenario headless and print its summary.
    #[arg(long)]
    headless: bool,
    /// Render the frame the window would show to a PNG, headless.
    #[arg(long, value_name = "FILE.png")]
    screenshot: Option<PathBuf>,
    /// Simulated seconds before the screenshot.
    #[arg(long, default_value_t = 0.0, value_name = "SECONDS")]
    at: f32,
    /// What the screenshot shows: game, title, help, map, pause or results (the results
    /// at `--at` or when the run ended, if sooner).
    #[arg(long, default_value = "game", value_name = "NAME")]
    screen: String,
    /// Frames per second in the window (default: the display's refresh rate, 60 if
    /// unknown; 0 = as fast as it can).
    #[arg(long, value_name = "N")]
    fps: Option<u32>,
    /// Draw the debug overlay in the screenshot.
    #[arg(long)]
    overlay: bool,
    /// The frame's size for `--screenshot` and `--bench` (the window draws at its own
    /// size), from 640x360 to 3840x2160.
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    size: Option<(usize, usize)>,
    /// Threads drawing each frame, in the window, `--screenshot` and `--bench`
    /// (default: all cores; the pixels are the same for any number; at least 1).
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    threads: Option<usize>,
    /// Print quick performance numbers (REQ §18) and exit.
    #[arg(long)]
    bench: bool,
    /// Record the run's inputs and checksums to a replay file (`--headless` and the window).
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
    /// Soak test (REQ §19): the soak scenario (or `--scenario`) on many seeds in
    /// parallel, checked every tick; exits non-zero on a violation.
    #[arg(long)]
    soak: bool,
    /// With `--soak`: how many seeds (1..=N).
    #[arg(long, default_value_t = 20)]
    seeds: u64,
    /// With `--soak`: simulated minutes per seed.
    #[arg(long, default_value_t = 10.0)]
    minutes: f32,
    /// With `--soak` or `--accept --generated`: worker threads (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
    /// With `--soak`: also write the results as JSON.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// With `--soak`: without the cosmetics feed (effects, horror layer, tally), for
    /// speed; its bounds are then not checked.
    #[arg(long)]
    no_cosmetics: bool,
    /// Render the run's soundtrack to a WAV file (48 kHz stereo), headless: with
    /// `--headless`, `--scenario` or `--replay`.
    #[arg(long, value_name = "FILE.wav")]
    audio_out: Option<PathBuf>,
    /// Sound in the window: `off`, or the ALSA device to play on (`default`, `null`,
    /// `hw:0,0`, …).
    #[arg(long, default_value = "default", value_name = "off|DEVICE")]
    audio: String,
    /// Without the horror layer (darkness, fog, blood, post pass): the plain lit board,
    /// for `--screenshot`, `--bench` and the window (F3 toggles it there).
    #[arg(long)]
    no_horror: bool,
}

/// What the command line asks for (the first that applies, in this order).
enum Mode {
    PrintTuning,
    ResetSettings,
    Progress,
    Validate(PathBuf),
    /// `--generate KIND`: a map and a scenario written out.
    Generate(String),
    Accept,
    Curve,
    Soak,
    /// `--replay FILE` without `--window`: checked headless.
    Replay(PathBuf),
    /// `--headless --load FILE`: a save continued to the end.
    HeadlessLoad,
    Screenshot(PathBuf),
    Bench,
    Headless,
    Window,
}

impl Cli {
    /// `--threads` (at least 1, [`parse_threads`]), or all cores.
    fn threads(&self) -> usize {
        self.threads.unwrap_or_else(frame::all_cores).max(1)
    }

    fn mode(&self) -> Mode {
        if self.print_tuning {
            Mode::PrintTuning
        } else if self.reset_settings {
            Mode::ResetSettings
        } else if self.progress {
            Mode::Progress
        } else if let Some(p) = &self.validate {
            Mode::Validate(p.clone())
        } else if let Some(kind) = &self.generate {
            Mode::Generate(kind.clone())
        } else if self.accept {
            Mode::Accept
        } else if self.curve {
            Mode::Curve
        } else if self.soak {
            Mode::Soak
        } else if let Some(p) = self.replay.as_ref().filter(|_| !self.window) {
            Mode::Replay(p.clone())
        } else if self.headless && self.load.is_some() {
            Mode::HeadlessLoad
        } else if let Some(p) = &self.screenshot {
            Mode::Screenshot(p.clone())
        } else if self.bench {
            Mode::Bench
        } else if self.headless || self.audio_out.is_some() {
            Mode::Headless
        } else {
            Mode::Window
        }
    }

    /// The scenario (`embedded` unless `--scenario`), map, seed, tuning, director and
    /// difficulty asked for. `--scenario NAME` with no such file names an embedded one.
    fn setup(&self, embedded: &str, seed: Option<u64>) -> Result<setup::Setup, String> {
        let (path, embedded) = match self.scenario.as_deref() {
            Some(p) if !p.exists() => {
                match p.to_str().filter(|n| content::scenario_text(n).is_some()) {
                    Some(name) => (None, name),
                    None => (Some(p), embedded),
                }
            }
            p => (p, embedded),
        };
        let s = setup::load(
            path,
            embedded,
            self.map.as_deref(),
            seed,
            self.tuning.as_deref(),
        )?
        .with_pacing(self.director.map(|d| d.0), self.difficulty);
        Ok(if self.no_tools { s.without_tools() } else { s })
    }

    /// `--record`, `--save-at` and `--load` for a headless run.
    fn headless_options(&self) -> Result<headless::Options, String> {
        let save_at = match self.save_at.as_deref() {
            None => None,
            Some([secs, file]) => match secs.parse::<f32>() {
                Ok(s) if s.is_finite() && s >= 0.0 => Some((s, PathBuf::from(file))),
                _ => {
                    return Err(format!(
                        "--save-at {secs}: expected seconds (a number >= 0)"
                    ))
                }
            },
            Some(_) => return Err("--save-at takes SECONDS and FILE".into()),
        };
        Ok(headless::Options {
            record: self.record.clone(),
            save_at,
            load: self.load.clone(),
            audio_out: self.audio_out.clone(),
        })
    }
}

/// Why the program stops with an error: the message (printed once, after
/// `squad_proto: `) and the exit code.
struct Failure {
    code: u8,
    message: String,
}

impl From<String> for Failure {
    /// A bad input or a file that cannot be used: exit code 2.
    fn from(message: String) -> Failure {
        Failure { code: 2, message }
    }
}

/// A check's verdict as the exit code: 0 passed, 1 failed.
fn verdict(passed: bool) -> ExitCode {
    if passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `--size`'s value.
fn parse_size(s: &str) -> Result<(usize, usize), String> {
    frame::parse_size(s)
}

/// `--threads`' value: a whole number from 1 (0 would draw nothing: refused, not
/// quietly taken as 1).
fn parse_threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err(
            "0 threads cannot draw a frame: give 1 or more (leave --threads out \
                      for one per core)"
                .into(),
        ),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "`{s}`: expected a whole number of threads, 1 or more"
        )),
    }
}

/// `--difficulty`'s value.
fn parse_difficulty(s: &str) -> Result<Difficulty, String> {
    Difficulty::parse(s).ok_or_else(|| format!("`{s}`: expected easy, normal or hard"))
}

/// `--director`'s value: off, or the level it plays at.
#[derive(Clone, Copy, Debug)]
struct DirectorArg(Option<Difficulty>);

fn parse_director(s: &str) -> Result<DirectorArg, String> {
    match s {
        "off" => Ok(DirectorArg(None)),
        _ => Difficulty::parse(s)
            .map(|d| DirectorArg(Some(d)))
            .ok_or_else(|| format!("`{s}`: expected off, easy, normal or hard")),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(code) => code,
        Err(f) => {
            eprintln!("squad_proto: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}

/// Options that only mean something together: one clear line instead of being ignored.
fn check_generated(cli: &Cli) -> Result<(), String> {
    if (cli.generated.is_some() || !cli.kinds.is_empty()) && !cli.accept {
        return Err("--generated N and --kinds go with --accept".into());
    }
    if cli.generated.is_some() {
        let others = [
            ("--scenario", cli.scenario.is_some()),
            ("--map", cli.map.is_some()),
            ("--seed", cli.seed.is_some()),
            ("--expect-measured", !cli.expect_measured.is_empty()),
        ];
        if let Some((name, _)) = others.iter().find(|(_, set)| *set) {
            return Err(format!(
                "--accept --generated: {name} does not apply (each generated map has its own \
                 scenario, map and seed)"
            ));
        }
    } else if !cli.kinds.is_empty() {
        return Err("--kinds goes with --accept --generated N".into());
    }
    Ok(())
}

fn run(cli: &Cli) -> Result<ExitCode, Failure> {
    check_generated(cli)?;
    match cli.mode() {
        Mode::PrintTuning => {
            print!("{}", setup::default_tuning_text());
            Ok(ExitCode::SUCCESS)
        }
        Mode::ResetSettings => {
            println!("{}", settings::reset(&settings::default_path()?)?);
            Ok(ExitCode::SUCCESS)
        }
        Mode::Validate(path) => {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("--validate {}: {e}", path.display()))?;
            let tuning = setup::load_tuning(cli.tuning.as_deref())?.0;
            let found = app::editor::missions::validate_file(
                &path,
                &text,
                tuning.squad.agent_count as usize,
            );
            print!("{}", app::editor::problems::report(&found));
            Ok(if app::editor::problems::playable(&found) {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Mode::Progress => {
            let path = progress::default_path()?;
            print!("{}", progress_report::report(&path, &campaign::missions())?);
            Ok(ExitCode::SUCCESS)
        }
        Mode::Generate(name) => {
            let kind = generate::kind(&name)?;
            let out = cli.out.as_deref().ok_or_else(|| {
                format!("--generate {name}: expected --out DIR, the folder to write into")
            })?;
            let (map, scn) = generate::write(kind, cli.seed.unwrap_or(1), out)?;
            println!("{}", map.display());
            println!("{}", scn.display());
            Ok(ExitCode::SUCCESS)
        }
        Mode::Accept if cli.generated.is_some() => {
            let kinds = cli
                .kinds
                .iter()
                .map(|k| generate::kind(k))
                .collect::<Result<Vec<_>, _>>()?;
            let out = cli
                .out
                .clone()
                .unwrap_or_else(|| PathBuf::from("accept-generated"));
            let n = cli.generated.unwrap_or(0);
            let (tuning, _) = setup::load_tuning(cli.tuning.as_deref())?;
            Ok(verdict(accept::generated::run_cli(
                n, &kinds, cli.jobs, &tuning, &out,
            )?))
        }
        Mode::Accept => Ok(verdict(accept::run_cli(
            cli.scenario.as_deref(),
            cli.map.as_deref(),
            cli.seed,
            cli.tuning.as_deref(),
            &cli.expect_measured,
        )?)),
        Mode::Curve => Ok(verdict(app::curve::run(cli.jobs)?)),
        Mode::Soak => {
            if !(cli.minutes.is_finite() && cli.minutes > 0.0) || cli.seeds == 0 {
                return Err("--soak needs --seeds >= 1 and --minutes > 0"
                    .to_string()
                    .into());
            }
            let o = soak::Options {
                seeds: cli.seeds,
                minutes: cli.minutes,
                jobs: cli.jobs,
                json: cli.json.clone(),
                cosmetics: !cli.no_cosmetics,
                progress: true,
            };
            Ok(verdict(soak::run_cli(&cli.setup("soak", None)?, &o)?))
        }
        Mode::Replay(path) => Ok(verdict(headless::replay(&path, cli.audio_out.as_deref())?)),
        Mode::HeadlessLoad => Ok(verdict(headless::run(None, &cli.headless_options()?)?)),
        Mode::Screenshot(path) => {
            let (screen, help) =
                Screen::parse(&cli.screen).map_err(|e| format!("--screen: {e}"))?;
            if screen == Screen::Editor {
                // The editor on `--scenario FILE.scn` (and its map), or on its sample.
                let studio = app::studio_frame::studio_for(cli.scenario.as_deref())?;
                let size = cli.size.unwrap_or((frame::WIDTH, frame::HEIGHT));
                let fb = app::studio_frame::render(&studio, size, cli.threads(), help);
                files::write_png(&fb, &path)?;
                println!("{}: the editor on {}", path.display(), studio.editor.name);
                return Ok(ExitCode::SUCCESS);
            }
            let setup = cli.setup("combat_route", cli.seed)?;
            let entries = catalog::catalog(&catalog::scenario_dirs());
            let shot = Shot {
                screen,
                help,
                overlay: cli.overlay,
                plain: cli.no_horror,
                zoom: Zoom::default(),
                page: Screen::page(&cli.screen),
                size: cli.size.unwrap_or((frame::WIDTH, frame::HEIGHT)),
                threads: cli.threads(),
                map: Screen::map(&cli.screen),
            };
            let profile = screenshot::Profile::of_user();
            let (fb, world) =
                screenshot::render_screen_with(&setup, cli.at.max(0.0), &shot, &entries, &profile);
            files::write_png(&fb, &path)?;
            println!(
                "{}: tick {} of {}",
                path.display(),
                world.tick(),
                setup.scenario.name
            );
            Ok(ExitCode::SUCCESS)
        }
        Mode::Bench => {
            bench::run(
                &cli.setup("combat_route", cli.seed)?,
                !cli.no_horror,
                cli.size,
                cli.threads(),
            );
            Ok(ExitCode::SUCCESS)
        }
        Mode::Headless => {
            let setup = cli.setup("combat_route", cli.seed)?;
            Ok(verdict(headless::run(
                Some(&setup),
                &cli.headless_options()?,
            )?))
        }
        Mode::Window => play_in_window(cli),
    }
}

/// The window: the title, or a scenario, a save (`--load`) or a replay (`--replay FILE
/// --window`) played at once.
fn play_in_window(cli: &Cli) -> Result<ExitCode, Failure> {
    if cli.save_at.is_some() {
        return Err("--save-at needs --headless (in the window, F6 saves)"
            .to_string()
            .into());
    }
    let setup = cli.setup("combat_route", cli.seed)?;
    // A scenario or a map on the command line is played at once; otherwise the title
    // comes first, over the default scenario driven by its route.
    let view = Some(&setup.view_tuning);
    let watching = match &cli.replay {
        Some(path) => Some(files::read(path)?),
        None => None,
    };
    let resume = match (&cli.replay, &watching, &cli.load) {
        (Some(path), Some(b), _) => {
            let (h, r) = Replay::decode(b).map_err(|e| format!("{}: {e}", path.display()))?;
            Some(
                Session::replay(r, &h.game_version, view)
                    .map_err(|e| format!("{}: {e}", path.display()))?,
            )
        }
        (_, _, Some(path)) => Some(files::read(path).and_then(|b| {
            Session::load(&b, view)
                .map(Session::recorded)
                .map_err(|e| format!("{}: {e}", path.display()))
        })?),
        _ => None,
    };
    let opts = window::Options {
        direct: cli.scenario.is_some() || cli.map.is_some(),
        // On the default scenario the player steers; a scenario file's route drives
        // until the player moves.
        scripted: cli.scenario.is_some(),
        horror: !cli.no_horror,
        entries: catalog::catalog(&catalog::scenario_dirs()),
        seed: cli.seed,
        difficulty: cli.difficulty,
        director: cli.director.map(|d| d.0),
        record: cli.record.clone(),
        resume,
        watching,
        dirs: window::Dirs::default(),
        audio: (cli.audio != "off").then(|| cli.audio.clone()),
        threads: cli.threads(),
    };
    let rate = match cli.fps {
        Some(n) => window::FrameRate::Fixed(n),
        None => window::FrameRate::Display,
    };
    match window::run(setup, opts, rate) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(window::WindowError::NoDisplay(why)) => Err(Failure {
            code: 2,
            message: format!(
                "{}\n\
                 Without a display you can run:\n  \
                 squad_proto --accept                 acceptance criteria, headless\n  \
                 squad_proto --screenshot shot.png --at 30   render a frame to a PNG\n  \
                 squad_proto --headless               run the combat route and print a summary",
                window::no_display_line(&why, &window::display_env())
            ),
        }),
        Err(window::WindowError::Other(why)) => Err(Failure {
            code: 1,
            message: why,
        }),
    }
}
