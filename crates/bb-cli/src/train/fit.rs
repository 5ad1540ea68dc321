//! The least-squares fit of one stage's weights: each position's value is the sum of the 47
//! weights its slots name ([`Packing::slots`](bb_reversi::eval::Packing::slots)), and the
//! weights minimise the squared error to the labels plus `lambda` times the squared distance to
//! a prior (the stage trained before, so that slots the positions never touch keep a sensible
//! value). Solved by conjugate gradients on the normal equations, preconditioned by each slot's
//! count: the matrix is never formed, each step reads every position's 47 slots twice.

use bb_reversi::eval::PACKED;

/// Slots per position: 46 patterns and the bias.
pub const SLOTS: usize = 47;

/// The positions of a stage as the fit sees them.
#[derive(Clone, Debug, Default)]
pub struct Data {
    /// The slots of each position.
    pub slots: Vec<[u32; SLOTS]>,
    /// Its label, 1/128 discs.
    pub target: Vec<i32>,
}

impl Data {
    /// Number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.target.len()
    }

    /// No positions.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.target.is_empty()
    }

    /// Each position's value under `w`.
    fn predict(&self, w: &[f64]) -> Vec<f64> {
        self.slots
            .iter()
            .map(|s| {
                s.iter()
                    .map(|&k| w.get(k as usize).copied().unwrap_or(0.0))
                    .sum()
            })
            .collect()
    }

    /// The root mean square of label minus value under `w`, in discs (0 for no positions).
    #[must_use]
    pub fn rms(&self, w: &[f64]) -> f64 {
        if self.is_empty() {
            return 0.0;
        }
        let p = self.predict(w);
        let sq: f64 = p
            .iter()
            .zip(&self.target)
            .map(|(y, &t)| (f64::from(t) - y).powi(2))
            .sum();
        (sq / self.len() as f64).sqrt() / 128.0
    }

    /// `A^T v`: for each slot, the sum of `v` over the positions that use it (twice when a
    /// position uses it twice).
    fn transpose_times(&self, v: &[f64]) -> Vec<f64> {
        let mut g = vec![0.0; PACKED];
        for (s, &x) in self.slots.iter().zip(v) {
            for &k in s {
                if let Some(gk) = g.get_mut(k as usize) {
                    *gk += x;
                }
            }
        }
        g
    }
}

/// Weights fitted to `data` from `prior` with `iterations` conjugate-gradient steps.
#[must_use]
pub fn fit(data: &Data, prior: &[f64], lambda: f64, iterations: usize) -> Vec<f64> {
    let mut w = prior.to_vec();
    if data.is_empty() {
        return w;
    }
    // The diagonal of A^T A + lambda: the preconditioner.
    let mut diag = vec![lambda; PACKED];
    for s in &data.slots {
        for &k in s {
            if let Some(d) = diag.get_mut(k as usize) {
                *d += 1.0;
            }
        }
    }
    let residual: Vec<f64> = data
        .predict(&w)
        .iter()
        .zip(&data.target)
        .map(|(y, &t)| f64::from(t) - y)
        .collect();
    // r = A^T (t - A w) - lambda (w - prior), zero second term at the start.
    let mut r = data.transpose_times(&residual);
    let mut z: Vec<f64> = r.iter().zip(&diag).map(|(a, d)| a / d).collect();
    let mut p = z.clone();
    let mut rz: f64 = r.iter().zip(&z).map(|(a, b)| a * b).sum();
    for _ in 0..iterations {
        if rz <= 0.0 {
            break;
        }
        let q = data.predict(&p);
        let qq: f64 = q.iter().map(|x| x * x).sum();
        let pp: f64 = p.iter().map(|x| x * x).sum();
        let denom = qq + lambda * pp;
        if denom <= 0.0 {
            break;
        }
        let alpha = rz / denom;
        let aq = data.transpose_times(&q);
        for k in 0..PACKED {
            w[k] += alpha * p[k];
            r[k] -= alpha * (aq[k] + lambda * p[k]);
            z[k] = r[k] / diag[k];
        }
        let rz_next: f64 = r.iter().zip(&z).map(|(a, b)| a * b).sum();
        let beta = rz_next / rz;
        rz = rz_next;
        for k in 0..PACKED {
            p[k] = z[k] + beta * p[k];
        }
    }
    w
}

/// The weights rounded to the file's 16-bit integers.
#[must_use]
pub fn to_i16(w: &[f64]) -> Vec<i16> {
    w.iter()
        .map(|&x| x.round().clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16)
        .collect()
}
