//! Small statistics helpers for the tools' summaries.

use serde::Serialize;

/// A proportion with its 95% Wilson score interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Proportion {
    pub count: u64,
    pub trials: u64,
    pub probability: f64,
    pub ci95: [f64; 2],
}

impl Proportion {
    pub fn new(count: u64, trials: u64) -> Proportion {
        if trials == 0 {
            return Proportion { count, trials, probability: 0.0, ci95: [0.0, 1.0] };
        }
        let n = trials as f64;
        let p = count as f64 / n;
        let z = 1.959_963_984_540_054_f64;
        let denom = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denom;
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
        // At the edges the exact bound is 0 or 1; the formula leaves rounding dust there.
        let low = if count == 0 { 0.0 } else { (centre - half).max(0.0) };
        let high = if count == trials { 1.0 } else { (centre + half).min(1.0) };
        Proportion { count, trials, probability: p, ci95: [low, high] }
    }
}

/// Mean, median and maximum of a sample.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Spread {
    pub mean: f64,
    pub median: f64,
    pub min: f64,
    pub max: f64,
}

impl Spread {
    pub fn of(values: &[f64]) -> Spread {
        if values.is_empty() {
            return Spread { mean: 0.0, median: 0.0, min: 0.0, max: 0.0 };
        }
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let n = sorted.len();
        let median = if n % 2 == 1 { sorted[n / 2] } else { (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0 };
        Spread { mean: sorted.iter().sum::<f64>() / n as f64, median, min: sorted[0], max: sorted[n - 1] }
    }
}

/// A mean with its 95% normal-approximation interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MeanEstimate {
    pub mean: f64,
    pub ci95: [f64; 2],
}

impl MeanEstimate {
    pub fn of(values: &[f64]) -> MeanEstimate {
        let n = values.len() as f64;
        if values.is_empty() {
            return MeanEstimate { mean: 0.0, ci95: [0.0, 0.0] };
        }
        let mean = values.iter().sum::<f64>() / n;
        let var =
            if values.len() > 1 { values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0) } else { 0.0 };
        let half = 1.959_963_984_540_054 * (var / n).sqrt();
        MeanEstimate { mean, ci95: [mean - half, mean + half] }
    }
}

/// A sample's size, mean and standard deviation (with n − 1; 0 for fewer than two values):
/// how far single games stray from the mean, where [`MeanEstimate`] says how sure the mean is.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MeanDeviation {
    pub count: u64,
    pub mean: f64,
    pub deviation: f64,
}

impl MeanDeviation {
    pub fn of(values: &[f64]) -> MeanDeviation {
        let count = values.len() as u64;
        if values.is_empty() {
            return MeanDeviation { count, mean: 0.0, deviation: 0.0 };
        }
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let deviation = if values.len() > 1 {
            (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt()
        } else {
            0.0
        };
        MeanDeviation { count, mean, deviation }
    }
}

/// A per-item seed from a run's seed, so that item `i` plays the same whatever else runs.
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    // SplitMix64 finaliser: neighbouring indices give unrelated seeds.
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_contains_the_estimate() {
        let p = Proportion::new(30, 100);
        assert!(p.ci95[0] < 0.3 && 0.3 < p.ci95[1]);
        assert!((p.ci95[0] - 0.219).abs() < 0.01 && (p.ci95[1] - 0.396).abs() < 0.01);
    }

    #[test]
    fn mean_deviation_of_a_sample_and_of_one_value() {
        let d = MeanDeviation::of(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert_eq!((d.count, d.mean), (8, 5.0));
        assert!((d.deviation - (32.0f64 / 7.0).sqrt()).abs() < 1e-12);
        assert_eq!(MeanDeviation::of(&[3.0]), MeanDeviation { count: 1, mean: 3.0, deviation: 0.0 });
        assert_eq!(MeanDeviation::of(&[]).count, 0);
    }

    #[test]
    fn spread_median_of_even_sample() {
        let s = Spread::of(&[4.0, 1.0, 3.0, 2.0]);
        assert_eq!((s.mean, s.median, s.max), (2.5, 2.5, 4.0));
    }
}
