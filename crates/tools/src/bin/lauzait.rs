//! `lauzait`: the rules oracle, the simulator, deal statistics, tournaments, a finished
//! game's rating, the computer players rated and puzzles from self-play on the command line.

use clap::{Parser, Subcommand};
use lauzait_analyze::answer_line;
use lauzait_learn::puzzles::{text::to_text, Effort, Puzzle};
use lauzait_tools::deal_stats::deal_stats;
use lauzait_tools::level_figures;
use lauzait_tools::puzzles::{puzzles, PuzzlesConfig, Tables};
use lauzait_tools::rate::{rate, table, DEFAULT_PLAYOUTS};
use lauzait_tools::rate_levels::{rate_levels, RateLevelsConfig};
use lauzait_tools::simulate::{simulate, SimulateConfig};
use lauzait_tools::tournament::{tournament, TournamentConfig};
use serde_json::json;
use std::io::{BufRead, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(name = "lauzait", version, about = "Lauzait Cep! rules engine on the command line")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

// The command line is parsed once; the size of the largest variant costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum Command {
    /// Answer rules questions: JSON lines on stdin, JSON lines on stdout (ANALYZE-PROTOCOL.md).
    Analyze,
    /// Play whole games with simple players, checking every invariant after every Day.
    Simulate {
        #[arg(long, value_parser = clap::value_parser!(u8).range(2..=4))]
        players: u8,
        #[arg(long)]
        games: u64,
        #[arg(long)]
        seed: u64,
        /// End a Season by agreement once it has lasted this many Days.
        #[arg(long, default_value_t = 1000)]
        max_days: u32,
    },
    /// Monte Carlo over fresh deals: immediate concealed declarations and first-Day stalemates.
    DealStats {
        #[arg(long, value_parser = clap::value_parser!(u8).range(2..=4))]
        players: u8,
        #[arg(long)]
        deals: u64,
        #[arg(long)]
        seed: u64,
    },
    /// Computer players of given levels play seeded games; win rates and mean scores per level.
    Tournament {
        /// The level of each seat, comma-separated (2 to 4 of easy, normal, strong); seats
        /// rotate from game to game.
        #[arg(long, value_delimiter = ',', required = true)]
        seats: Vec<lauzait_bots::Level>,
        #[arg(long)]
        games: u64,
        #[arg(long)]
        seed: u64,
        /// The Strong players' playouts per decision.
        #[arg(long, default_value_t = lauzait_bots::DEFAULT_PLAYOUTS)]
        playouts: u32,
        /// Change the Strong players' search settings (those for the table's number of
        /// players), as key=value pairs (e.g. hand_weight=1.5,rival=0; BOTS.md).
        #[arg(long, default_value = "")]
        strong: lauzait_bots::strong::Changes,
        /// End a Season by agreement once it has lasted this many Days.
        #[arg(long, default_value_t = 200)]
        max_days: u32,
        /// Play with the luminous piece (R30).
        #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
        luminous: bool,
        /// Threads playing games side by side (default: one per core). The results do not
        /// depend on it.
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Rate a finished game's record for each person: agreement with the Strong player,
    /// costly choices, accuracy, and the margin split into skill and luck (docs/rating.md).
    Rate {
        /// A file holding the full record of a finished game (NOTATION.md).
        record: PathBuf,
        /// Only this seat: its colour (red, blue, black, yellow) or its number from 1.
        #[arg(long)]
        seat: Option<String>,
        /// The Strong player's playouts per search (the page's review judges with 60).
        #[arg(long, default_value_t = DEFAULT_PLAYOUTS)]
        playouts: u32,
    },
    /// Computer players of given levels play seeded games (as in tournament) and every game is
    /// rated for every seat as the page's review rates a person; per level, agreement,
    /// costly choices, accuracy, skill and luck (docs/rating.md).
    RateLevels {
        /// The level of each seat, comma-separated (2 to 4 of easy, normal, strong); seats
        /// rotate from game to game.
        #[arg(long, value_delimiter = ',', required = true)]
        seats: Vec<lauzait_bots::Level>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        games: u64,
        #[arg(long)]
        seed: u64,
        /// The rating's playouts per search (the page's review judges with 60).
        #[arg(long, default_value_t = DEFAULT_PLAYOUTS, value_parser = clap::value_parser!(u32).range(1..))]
        playouts: u32,
        /// The Strong players' playouts per decision while playing.
        #[arg(long, default_value_t = lauzait_bots::DEFAULT_PLAYOUTS, value_parser = clap::value_parser!(u32).range(1..))]
        strong_playouts: u32,
        /// End a Season by agreement once it has lasted this many Days.
        #[arg(long, default_value_t = 200)]
        max_days: u32,
        /// Threads playing and rating games side by side (default: one per core). The
        /// figures do not depend on it.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        threads: Option<u64>,
    },
    /// Puzzles from self-play: the Days where the Strong player's best plan stands clearly
    /// above every other, checked by a deeper search (docs/puzzles.md).
    Puzzles {
        #[arg(long)]
        seed: u64,
        /// Puzzles wanted.
        #[arg(long)]
        count: usize,
        /// Players at each table: 2, 3, 4, or mixed (2, 3 and 4 in turn).
        #[arg(long, default_value = "mixed")]
        players: Tables,
        /// The first search's playouts per candidate Day.
        #[arg(long, default_value_t = Effort::default().first)]
        first: u32,
        /// The deeper search's playouts per candidate Day.
        #[arg(long, default_value_t = Effort::default().deeper)]
        deeper: u32,
        /// End a Season by agreement once it has lasted this many Days.
        #[arg(long, default_value_t = 200)]
        max_days: u32,
        /// Where to write the puzzles, one a line.
        #[arg(long)]
        out: PathBuf,
        /// Threads playing games side by side (default: one per core). The puzzles do not
        /// depend on it.
        #[arg(long)]
        threads: Option<usize>,
    },
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Analyze => analyze(),
        Command::Simulate { players, games, seed, max_days } => {
            let start = Instant::now();
            match simulate(SimulateConfig { players: players as usize, games, seed, max_days }) {
                Ok(summary) => {
                    let seconds = start.elapsed().as_secs_f64();
                    let mut out = serde_json::to_value(&summary).expect("summary serialises");
                    out["throughput"] = json!({
                        "seconds": seconds,
                        "days_per_second": summary.days as f64 / seconds,
                    });
                    println!("{out}");
                    ExitCode::SUCCESS
                }
                Err(violation) => {
                    eprintln!("invariant violated: {violation}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Tournament { seats, games, seed, playouts, strong, max_days, luminous, threads } => {
            let config = TournamentConfig { seats, games, seed, playouts, strong, max_days, luminous };
            let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            let start = Instant::now();
            match tournament(&config, threads, || start.elapsed().as_secs_f64()) {
                Ok((summary, timing)) => {
                    let seconds = start.elapsed().as_secs_f64();
                    let mut out = serde_json::to_value(&summary).expect("summary serialises");
                    out["throughput"] = json!({ "seconds": seconds, "threads": threads, "levels": timing });
                    println!("{out}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Rate { record, seat, playouts } => {
            let text = match std::fs::read_to_string(&record) {
                Ok(text) => text,
                Err(e) => {
                    eprintln!("cannot read {}: {e}", record.display());
                    return ExitCode::FAILURE;
                }
            };
            match rate(&text, seat.as_deref(), playouts) {
                Ok(ratings) => {
                    print!("{}", table(&ratings));
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::RateLevels { seats, games, seed, playouts, strong_playouts, max_days, threads } => {
            let seats_named: Vec<String> = seats.iter().map(|l| l.to_string()).collect();
            let command = format!(
                "lauzait rate-levels --seats {} --games {games} --seed {seed} --playouts {playouts} --strong-playouts {strong_playouts} --max-days {max_days}",
                seats_named.join(",")
            );
            let games_config = TournamentConfig {
                seats,
                games,
                seed,
                playouts: strong_playouts,
                strong: Default::default(),
                max_days,
                luminous: true,
            };
            let config = RateLevelsConfig { games: games_config, playouts };
            let threads = threads
                .map_or_else(
                    || std::thread::available_parallelism().map_or(1, |n| n.get()),
                    |t| usize::try_from(t).unwrap_or(usize::MAX),
                )
                // As many as rate_levels starts: more threads than games would only wait.
                .min(usize::try_from(games).unwrap_or(usize::MAX));
            let start = Instant::now();
            let progress = |rated: u64| {
                eprint!("\rgames rated {rated}/{games}, {:.0} s   ", start.elapsed().as_secs_f64());
            };
            let result = rate_levels(&config, threads, progress);
            eprintln!();
            match result {
                Ok(levels) => {
                    println!("{command}");
                    print!("{}", level_figures::table(&levels));
                    let threads_said = if threads == 1 { "1 thread".to_string() } else { format!("{threads} threads") };
                    eprintln!("{games} games in {:.0} s on {threads_said}", start.elapsed().as_secs_f64());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Puzzles { seed, count, players, first, deeper, max_days, out, threads } => {
            let config = PuzzlesConfig { seed, count, tables: players, effort: Effort { first, deeper }, max_days };
            let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            let file = match std::fs::File::create(&out) {
                Ok(file) => file,
                Err(e) => {
                    eprintln!("cannot write {}: {e}", out.display());
                    return ExitCode::FAILURE;
                }
            };
            // Each puzzle is written as soon as it is kept: a run stopped early leaves the
            // first puzzles of the same run with a larger count.
            let mut writer = BufWriter::new(file);
            let header = format!(
                "lauzait puzzles --seed {seed} --count {count} --players {players} --first {first} --deeper {deeper} --max-days {max_days}"
            );
            let mut written = write!(writer, "{}", to_text(&header, &[])).and_then(|_| writer.flush());
            let keep = |puzzle: &Puzzle| {
                if written.is_ok() {
                    written = writeln!(writer, "{}", puzzle.to_line()).and_then(|_| writer.flush());
                }
            };
            let start = Instant::now();
            let progress = |p: lauzait_tools::puzzles::Progress| {
                let seconds = start.elapsed().as_secs_f64();
                eprint!(
                    "\rgames {}, Days judged {}, puzzles {}/{count}, {seconds:.0} s   ",
                    p.games, p.days, p.puzzles
                );
            };
            let result = puzzles(&config, threads, keep, progress);
            eprintln!();
            if let Err(e) = written {
                eprintln!("cannot write {}: {e}", out.display());
                return ExitCode::FAILURE;
            }
            match result {
                Ok(found) => {
                    eprintln!("{} puzzles in {:.0} s", found.len(), start.elapsed().as_secs_f64());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::DealStats { players, deals, seed } => {
            let start = Instant::now();
            match deal_stats(players as usize, deals, seed) {
                Ok(stats) => {
                    let seconds = start.elapsed().as_secs_f64();
                    let mut out = serde_json::to_value(&stats).expect("stats serialise");
                    out["throughput"] = json!({ "seconds": seconds, "deals_per_second": deals as f64 / seconds });
                    println!("{out}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// Reads request lines until end of input; a line that is not valid UTF-8 still gets an
/// error answer rather than stopping the tool.
fn analyze() -> ExitCode {
    let stdin = std::io::stdin();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut input = stdin.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("cannot read input: {e}");
                return ExitCode::FAILURE;
            }
        }
        let line = String::from_utf8_lossy(&buf);
        let line = line.trim_end_matches(['\n', '\r']);
        if line.trim().is_empty() {
            continue;
        }
        if writeln!(out, "{}", answer_line(line)).and_then(|_| out.flush()).is_err() {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
