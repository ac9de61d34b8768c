//! A separable CMA-ES (Ros and Hansen, 2008: the covariance kept diagonal), minimising a
//! function of a few parameters: the search that `tune-weights` runs over the heuristic's
//! weights. Its state is plain numbers, saved after each generation so that a tuning run can
//! stop and go on; each generation's samples come from a generator seeded by the run's seed
//! and the generation's number, so a resumed run draws what an unbroken one would.

use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};
use solver::rng::GameRng;
use solver::splitmix64;

/// The search's state between generations.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cma {
    pub seed: u64,
    /// Generations done.
    pub generation: u64,
    pub mean: Vec<f64>,
    pub sigma: f64,
    /// The diagonal of the covariance.
    pub variance: Vec<f64>,
    path_sigma: Vec<f64>,
    path_c: Vec<f64>,
    /// The best point met so far and its value.
    pub best: Option<(Vec<f64>, f64)>,
}

/// The constants of a search in `n` dimensions with `lambda` samples a generation.
struct Constants {
    mu: usize,
    weights: Vec<f64>,
    mu_eff: f64,
    c_sigma: f64,
    d_sigma: f64,
    c_c: f64,
    c_1: f64,
    c_mu: f64,
    chi_n: f64,
}

impl Constants {
    fn new(n: usize, lambda: usize) -> Constants {
        let nf = n as f64;
        let mu = lambda / 2;
        let raw: Vec<f64> = (0..mu).map(|i| ((mu as f64) + 0.5).ln() - ((i + 1) as f64).ln()).collect();
        let total: f64 = raw.iter().sum();
        let weights: Vec<f64> = raw.iter().map(|w| w / total).collect();
        let mu_eff = 1.0 / weights.iter().map(|w| w * w).sum::<f64>();
        let c_sigma = (mu_eff + 2.0) / (nf + mu_eff + 5.0);
        let d_sigma = 1.0 + 2.0 * (((mu_eff - 1.0) / (nf + 1.0)).sqrt() - 1.0).max(0.0) + c_sigma;
        let c_c = (4.0 + mu_eff / nf) / (nf + 4.0 + 2.0 * mu_eff / nf);
        // The separable variant learns a diagonal, so it may learn faster: (n + 2) / 3.
        let speed = (nf + 2.0) / 3.0;
        let c_1 = (speed * 2.0 / ((nf + 1.3).powi(2) + mu_eff)).min(1.0);
        let c_mu =
            (speed * 2.0 * (mu_eff - 2.0 + 1.0 / mu_eff) / ((nf + 2.0).powi(2) + mu_eff)).min(1.0 - c_1);
        let chi_n = nf.sqrt() * (1.0 - 1.0 / (4.0 * nf) + 1.0 / (21.0 * nf * nf));
        Constants { mu, weights, mu_eff, c_sigma, d_sigma, c_c, c_1, c_mu, chi_n }
    }
}

impl Cma {
    /// A search from `mean`, each coordinate with a spread of `sigma`.
    pub fn new(mean: Vec<f64>, sigma: f64, seed: u64) -> Cma {
        let n = mean.len();
        Cma {
            seed,
            generation: 0,
            mean,
            sigma,
            variance: vec![1.0; n],
            path_sigma: vec![0.0; n],
            path_c: vec![0.0; n],
            best: None,
        }
    }

    /// The default number of samples a generation for `n` parameters: `4 + 3 ln n`.
    pub fn default_lambda(n: usize) -> usize {
        4 + (3.0 * (n as f64).ln()).floor() as usize
    }

    /// This generation's `lambda` samples: the standard normal steps and the points.
    pub fn sample(&self, lambda: usize) -> Vec<(Vec<f64>, Vec<f64>)> {
        let mut rng = GameRng::seed_from_u64(splitmix64(self.seed ^ splitmix64(self.generation)));
        (0..lambda)
            .map(|_| {
                let z: Vec<f64> = self.mean.iter().map(|_| normal(&mut rng)).collect();
                let x = (0..z.len())
                    .map(|i| self.mean[i] + self.sigma * self.variance[i].sqrt() * z[i])
                    .collect();
                (z, x)
            })
            .collect()
    }

    /// Moves the search on from the generation's samples and their values (lower is better).
    pub fn update(&mut self, samples: &[(Vec<f64>, Vec<f64>)], values: &[f64]) {
        let n = self.mean.len();
        let k = Constants::new(n, samples.len());
        let mut order: Vec<usize> = (0..samples.len()).collect();
        order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
        let (best_x, best_value) = (&samples[order[0]].1, values[order[0]]);
        if self.best.as_ref().is_none_or(|(_, v)| best_value < *v) {
            self.best = Some((best_x.clone(), best_value));
        }
        // The weighted mean of the best mu steps, in standard units (z) and scaled (y).
        let mut z_w = vec![0.0; n];
        let mut y_w = vec![0.0; n];
        for (rank, &index) in order.iter().take(k.mu).enumerate() {
            for (i, z) in samples[index].0.iter().enumerate() {
                z_w[i] += k.weights[rank] * z;
                y_w[i] += k.weights[rank] * self.variance[i].sqrt() * z;
            }
        }
        for (m, y) in self.mean.iter_mut().zip(&y_w) {
            *m += self.sigma * y;
        }
        let keep_sigma = (k.c_sigma * (2.0 - k.c_sigma) * k.mu_eff).sqrt();
        for (p, z) in self.path_sigma.iter_mut().zip(&z_w) {
            *p = (1.0 - k.c_sigma) * *p + keep_sigma * z;
        }
        let norm = self.path_sigma.iter().map(|p| p * p).sum::<f64>().sqrt();
        let generations = (self.generation + 1) as f64;
        // While the step-size path is not much longer than a random walk's, the covariance
        // path learns from this step; a long one would make it overshoot.
        let steady = norm / (1.0 - (1.0 - k.c_sigma).powf(2.0 * generations)).sqrt()
            < (1.4 + 2.0 / (n as f64 + 1.0)) * k.chi_n;
        let h_sigma = if steady { 1.0 } else { 0.0 };
        let keep_c = (k.c_c * (2.0 - k.c_c) * k.mu_eff).sqrt();
        for (i, y) in y_w.iter().enumerate() {
            let path = (1.0 - k.c_c) * self.path_c[i] + h_sigma * keep_c * y;
            self.path_c[i] = path;
            let variance = self.variance[i];
            let rank_mu: f64 = order
                .iter()
                .take(k.mu)
                .enumerate()
                .map(|(rank, &index)| k.weights[rank] * variance * samples[index].0[i].powi(2))
                .sum();
            let correction = (1.0 - h_sigma) * k.c_c * (2.0 - k.c_c) * variance;
            self.variance[i] =
                (1.0 - k.c_1 - k.c_mu) * variance + k.c_1 * (path.powi(2) + correction) + k.c_mu * rank_mu;
        }
        self.sigma *= ((k.c_sigma / k.d_sigma) * (norm / k.chi_n - 1.0)).exp();
        self.generation += 1;
    }
}

/// A standard normal draw (Box-Muller).
fn normal(rng: &mut GameRng) -> f64 {
    let u: f64 = rng.random::<f64>().max(f64::MIN_POSITIVE);
    let v: f64 = rng.random();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(f: impl Fn(&[f64]) -> f64, start: Vec<f64>, generations: usize) -> Cma {
        let mut cma = Cma::new(start, 0.5, 7);
        let lambda = Cma::default_lambda(cma.mean.len());
        for _ in 0..generations {
            let samples = cma.sample(lambda);
            let values: Vec<f64> = samples.iter().map(|(_, x)| f(x)).collect();
            cma.update(&samples, &values);
        }
        cma
    }

    #[test]
    fn it_finds_the_minimum_of_a_badly_scaled_bowl() {
        let target = [1.0, -2.0, 0.5, 3.0, -1.0, 2.0];
        let scales = [1.0, 10.0, 100.0, 0.1, 1.0, 1000.0];
        let f = |x: &[f64]| (0..6).map(|i| scales[i] * (x[i] - target[i]).powi(2)).sum::<f64>();
        let cma = run(f, vec![0.0; 6], 300);
        let (best, value) = cma.best.clone().unwrap();
        assert!(value < 1e-6, "{value} at {best:?}");
        for (m, t) in cma.mean.iter().zip(target) {
            assert!((m - t).abs() < 1e-2, "{:?}", cma.mean);
        }
    }

    #[test]
    fn a_search_saved_and_resumed_draws_and_ends_as_one_unbroken() {
        let f = |x: &[f64]| x.iter().map(|v| (v - 1.0).powi(2)).sum::<f64>();
        let whole = run(f, vec![0.0; 3], 20);
        let half = run(f, vec![0.0; 3], 10);
        let mut resumed: Cma = serde_json::from_str(&serde_json::to_string(&half).unwrap()).unwrap();
        for _ in 0..10 {
            let samples = resumed.sample(Cma::default_lambda(3));
            let values: Vec<f64> = samples.iter().map(|(_, x)| f(x)).collect();
            resumed.update(&samples, &values);
        }
        assert_eq!(resumed, whole);
    }
}
