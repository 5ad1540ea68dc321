//! `bb train-eval`: trains pattern weights for Edax's evaluation here, deterministically from a
//! seed, and writes them as an Edax weight file (`eval.dat`) that
//! [`Evaluator`] reads.
//!
//! The pipeline, from the fewest empty squares up, one stage of a few empties at a time:
//! 1. [`games`]: positions from random games and from games of a mobility heuristic with some
//!    randomness, one per number of empties per game, without duplicates;
//! 2. [`label`]: exact scores by bb's solver for positions with at most `exact_max` empties,
//!    otherwise a shallow alpha-beta ([`search`]) whose leaves are scored by the stages
//!    already trained;
//! 3. [`fit`]: least squares on the packed weights (46 pattern slots and the bias per
//!    position), from the previous stage's weights, with the residual measured on held-out
//!    positions;
//! 4. [`write`](mod@write): every file ply takes the weights of its stage (or of the nearest one).

pub mod fit;
pub mod games;
pub mod label;
pub mod rng;
pub mod search;
pub mod write;

use bb_reversi::Board;
use bb_reversi::eval::{self, Evaluator, PACKED, PackedWeights, Packing};
use fit::{Data, SLOTS};
use std::time::{Duration, Instant};

/// What a training run does.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The seed of every random choice.
    pub seed: u64,
    /// Games played to collect positions (half random, half heuristic).
    pub games: u64,
    /// Fewest empties trained.
    pub min_empties: u32,
    /// Most empties trained.
    pub max_empties: u32,
    /// Positions with at most this many empties are labelled by the exact solver.
    pub exact_max: u32,
    /// The others by a search this many empties deep (at least `stage_width`, so that its
    /// leaves fall in stages already trained).
    pub depth: u32,
    /// Empties per stage (one set of weights).
    pub stage_width: u32,
    /// At most this many positions per number of empties are labelled.
    pub positions: usize,
    /// Conjugate-gradient steps per stage.
    pub iterations: usize,
    /// The pull of each weight towards the previous stage's (in positions' worth).
    pub lambda: f64,
    /// One position in this many is held out to measure the fit.
    pub holdout: usize,
    /// Threads that label.
    pub threads: usize,
}

impl Settings {
    /// The full run: empties 10 to 40, exact labels up to 14, a search 4 empties deep above.
    pub const FULL: Settings = Settings {
        seed: 1,
        games: 200_000,
        min_empties: 10,
        max_empties: 40,
        exact_max: 14,
        depth: 4,
        stage_width: 2,
        positions: 100_000,
        iterations: 40,
        lambda: 4.0,
        holdout: 10,
        threads: 1,
    };

    /// A run of seconds for CI: empties 8 to 16, exact labels up to 12.
    pub const QUICK: Settings = Settings {
        seed: 1,
        games: 400,
        min_empties: 8,
        max_empties: 16,
        exact_max: 12,
        depth: 2,
        stage_width: 2,
        positions: 400,
        iterations: 20,
        lambda: 4.0,
        holdout: 5,
        threads: 1,
    };

    /// Why these settings cannot be run, if they cannot.
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        if self.min_empties > self.max_empties {
            return Some(format!(
                "--min-empties {} is above --max-empties {}",
                self.min_empties, self.max_empties
            ));
        }
        if self.max_empties > 58 {
            return Some(format!(
                "--max-empties {} is above 58 (the file's plies end there)",
                self.max_empties
            ));
        }
        if self.depth < self.stage_width && self.exact_max < self.max_empties {
            return Some(format!(
                "--depth {} is below --stage-width {}: the search's leaves would fall in the \
                 stage being trained",
                self.depth, self.stage_width
            ));
        }
        if self.stage_width == 0 || self.holdout < 2 || self.games == 0 || self.positions == 0 {
            return Some("--stage-width, --games and --positions are at least 1".to_owned());
        }
        None
    }
}

/// How a stage's positions were labelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Labels {
    /// All by the exact solver.
    Exact,
    /// All by the search, this many empties deep.
    Search(u32),
    /// Some of each.
    Mixed,
}

/// What a stage gives the report.
#[derive(Clone, Debug)]
pub struct StageReport {
    /// Fewest empties of the stage.
    pub min: u32,
    /// Most empties.
    pub max: u32,
    /// How its labels were found.
    pub labels: Labels,
    /// Positions fitted.
    pub train: usize,
    /// Positions held out.
    pub test: usize,
    /// RMS of the held-out labels (discs): the error of predicting 0.
    pub rms_zero: f64,
    /// RMS residual on the held-out positions with the previous stage's weights (discs).
    pub rms_prior: f64,
    /// RMS residual on the fitted positions after the fit (discs).
    pub rms_train: f64,
    /// RMS residual on the held-out positions after the fit (discs).
    pub rms_test: f64,
    /// Time spent labelling.
    pub label_time: Duration,
    /// Time spent fitting.
    pub fit_time: Duration,
}

/// The result of a run.
#[derive(Clone, Debug)]
pub struct Trained {
    /// The weight file.
    pub weights: PackedWeights,
    /// The stages' weights, fewest empties first.
    pub stages: Vec<write::StageWeights>,
    /// One report per stage.
    pub reports: Vec<StageReport>,
    /// Positions collected per number of empties (`min_empties` first).
    pub collected: Vec<usize>,
}

impl Trained {
    /// The value (1/128 discs) the trained weights give `board` for its side to move, from
    /// the stage weights directly (not through a weight file): the sum of the weights of its
    /// slots in the stage of its empties (or the nearest stage).
    #[must_use]
    pub fn value(&self, packing: &Packing, board: Board) -> i32 {
        let e = games::empties(board);
        let (Some(first), Some(last)) = (self.stages.first(), self.stages.last()) else {
            return 0;
        };
        let at = e.clamp(first.min, last.max);
        let Some(stage) = self.stages.iter().find(|s| (s.min..=s.max).contains(&at)) else {
            return 0;
        };
        let slots = packing.slots(&eval::sum_features(board), e);
        slots
            .iter()
            .map(|&k| i32::from(stage.weights.get(k as usize).copied().unwrap_or(0)))
            .sum()
    }
}

/// Splits `boards` with their `labels` into the fitted and the held-out positions.
fn split(packing: &Packing, boards: &[Board], labels: &[i32], holdout: usize) -> (Data, Data) {
    let (mut train, mut test) = (Data::default(), Data::default());
    for (i, (&b, &t)) in boards.iter().zip(labels).enumerate() {
        let slots: [u32; SLOTS] = packing.slots(&eval::sum_features(b), games::empties(b));
        let d = if i % holdout == holdout - 1 {
            &mut test
        } else {
            &mut train
        };
        d.slots.push(slots);
        d.target.push(t);
    }
    (train, test)
}

/// Runs the training; `progress(line)` is told what is being done, `stage_done` gets each
/// stage's report as soon as the stage is trained.
#[must_use]
pub fn train(
    s: &Settings,
    progress: &(dyn Fn(&str) + Sync),
    stage_done: &mut dyn FnMut(&StageReport),
) -> Trained {
    progress("playing games");
    let by_empties = games::positions(s.seed, s.games, s.min_empties, s.max_empties);
    let collected = by_empties.iter().map(Vec::len).collect();
    let packing = Packing::new();
    let mut stages: Vec<write::StageWeights> = Vec::new();
    let mut reports = Vec::new();
    let mut prior = vec![0.0f64; PACKED];
    let mut evaluator = Evaluator::from_packed(&PackedWeights::zeros());
    let mut lo = s.min_empties;
    while lo <= s.max_empties {
        let hi = (lo + s.stage_width - 1).min(s.max_empties);
        let mut boards = Vec::new();
        for e in lo..=hi {
            if let Some(v) = by_empties.get((e - s.min_empties) as usize) {
                boards.extend(v.iter().take(s.positions));
            }
        }
        let labeller = label::Labeller {
            exact_max: s.exact_max,
            depth: s.depth,
            exact_below: s.min_empties,
            evaluator: &evaluator,
        };
        let t0 = Instant::now();
        let total = boards.len();
        let tick = |done: usize| {
            progress(&format!(
                "empties {lo}-{hi}: labelling {done}/{total} ({:.0} s)",
                t0.elapsed().as_secs_f64()
            ));
        };
        let labels = labeller.label_all(&boards, s.threads, &tick);
        let label_time = t0.elapsed();
        progress(&format!("empties {lo}-{hi}: fitting"));
        let t1 = Instant::now();
        let (train, test) = split(&packing, &boards, &labels, s.holdout);
        let w = fit::fit(&train, &prior, s.lambda, s.iterations);
        let weights = fit::to_i16(&w);
        let rounded: Vec<f64> = weights.iter().map(|&x| f64::from(x)).collect();
        let zero = vec![0.0; PACKED];
        reports.push(StageReport {
            min: lo,
            max: hi,
            labels: if hi <= s.exact_max {
                Labels::Exact
            } else if lo > s.exact_max {
                Labels::Search(s.depth)
            } else {
                Labels::Mixed
            },
            train: train.len(),
            test: test.len(),
            rms_zero: test.rms(&zero),
            rms_prior: test.rms(&prior),
            rms_train: train.rms(&rounded),
            rms_test: test.rms(&rounded),
            label_time,
            fit_time: t1.elapsed(),
        });
        if let Some(r) = reports.last() {
            stage_done(r);
        }
        prior = rounded;
        stages.push(write::StageWeights {
            min: lo,
            max: hi,
            weights,
        });
        evaluator = Evaluator::from_packed(&write::packed(&stages));
        lo = hi + 1;
    }
    Trained {
        weights: write::packed(&stages),
        stages,
        reports,
        collected,
    }
}
