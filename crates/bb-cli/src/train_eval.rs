//! `bb train-eval`: trains the evaluation's pattern weights ([`bb_cli::train`]), prints one
//! line per stage (labels, positions, residuals, times) and writes the Edax weight file.

use bb_cli::args::TrainArgs;
use bb_cli::progress::Progress;
use bb_cli::train::{self, Labels, Settings, StageReport};
use std::process::ExitCode;
use std::time::Instant;

/// The settings `a` asks for: the full or quick run's, with the sizes given.
fn settings(a: &TrainArgs) -> Settings {
    let base = if a.quick {
        Settings::QUICK
    } else {
        Settings::FULL
    };
    Settings {
        seed: a.seed,
        games: a.games.unwrap_or(base.games),
        positions: a
            .positions
            .map_or(base.positions, |n| usize::try_from(n).unwrap_or(usize::MAX)),
        min_empties: a.min_empties.unwrap_or(base.min_empties),
        max_empties: a.max_empties.unwrap_or(base.max_empties),
        exact_max: a.exact_empties.unwrap_or(base.exact_max),
        depth: a.depth.unwrap_or(base.depth),
        stage_width: a.stage_width.unwrap_or(base.stage_width),
        threads: a.threads,
        ..base
    }
}

/// Runs `bb train-eval`.
pub fn run(a: &TrainArgs) -> ExitCode {
    let s = settings(a);
    if let Some(why) = s.problem() {
        eprintln!("bb train-eval: {why}");
        return ExitCode::from(2);
    }
    // Created first, so that a path that cannot be written fails now, not after the run.
    if let Err(e) = std::fs::File::create(&a.out) {
        eprintln!("bb train-eval: --out {}: {e}", a.out.display());
        return ExitCode::from(2);
    }
    println!(
        "# bb train-eval: seed {}, {} games, at most {} positions per empties, empties {}-{} in \
         stages of {}, exact labels up to {} empties, search {} empties deep above, {} thread(s)",
        s.seed,
        s.games,
        s.positions,
        s.min_empties,
        s.max_empties,
        s.stage_width,
        s.exact_max,
        s.depth,
        s.threads
    );
    println!(
        "# RMS residuals in discs on held-out positions (1 in {}): of the labels alone, with the \
         previous stage's weights, after the fit; and after the fit on the fitted positions",
        s.holdout
    );
    println!(
        "empties | labels     | fitted | held out | rms zero | rms prior | rms test | rms train | label s | fit s"
    );
    let bar = Progress::stderr();
    let t0 = Instant::now();
    let progress =
        |line: &str| bar.show(|| format!("{line} [{:.0} s]", t0.elapsed().as_secs_f64()));
    let mut print_stage = |r: &StageReport| {
        bar.clear();
        let labels = match r.labels {
            Labels::Exact => "exact".to_owned(),
            Labels::Search(d) => format!("search {d}"),
            Labels::Mixed => "exact+srch".to_owned(),
        };
        println!(
            "{:>3}-{:<3} | {labels:<10} | {:>6} | {:>8} | {:>8.2} | {:>9.2} | {:>8.2} | {:>9.2} | {:>7.1} | {:>5.1}",
            r.min,
            r.max,
            r.train,
            r.test,
            r.rms_zero,
            r.rms_prior,
            r.rms_test,
            r.rms_train,
            r.label_time.as_secs_f64(),
            r.fit_time.as_secs_f64()
        );
    };
    let trained = train::train(&s, &progress, &mut print_stage);
    bar.clear();
    if let Err(e) = train::write::write(&a.out, &trained.weights) {
        eprintln!("bb train-eval: --out {}: {e}", a.out.display());
        return ExitCode::from(2);
    }
    println!(
        "wrote {} ({:.1} s in all)",
        a.out.display(),
        t0.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
