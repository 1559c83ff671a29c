//! Texel-style tuning: self-play positions labelled with the game result, and a logistic
//! regression of the evaluation weights on them.
//!
//! The evaluation is linear in its weights, so a position is stored as its sparse feature
//! counts and the fit is plain gradient descent on the mean squared error between the
//! result and `sigmoid(k · eval)`.

use super::eval::{features, Sink};
use super::selfplay::{openings, play_game, Player};
use super::weights::{Weights, COUNT};
use crate::rules::{Color, Game, Position, Rules};

/// One training position: its features (from the side to move's view) and the result for
/// the side to move (1 win, 0.5 draw, 0 loss).
#[derive(Clone, Debug)]
pub struct Sample {
    features: Vec<(u16, i16)>,
    result: f32,
}

struct Collect(Vec<(u16, i16)>);

impl Sink for Collect {
    fn add(&mut self, index: usize, count: i32) {
        if count == 0 {
            return;
        }
        match self.0.iter_mut().find(|(i, _)| *i as usize == index) {
            Some((_, c)) => *c += count as i16,
            None => self.0.push((index as u16, count as i16)),
        }
    }
}

impl Sample {
    /// The sample of `pos` whose game ended with `red_result` (1 Red won, 0.5 draw, 0 Blue won).
    pub fn new(pos: &Position, red_result: f32) -> Sample {
        let mut collect = Collect(Vec::new());
        features(pos, &mut collect);
        collect.0.retain(|&(_, c)| c != 0);
        let result = if pos.turn() == Color::Red { red_result } else { 1.0 - red_result };
        Sample { features: collect.0, result }
    }

    fn eval(&self, w: &[f64]) -> f64 {
        self.features.iter().map(|&(i, c)| w[i as usize] * c as f64).sum()
    }
}

/// Whether a position is quiet enough to label: no capture and no den move for the side to
/// move, and no enemy piece beside its den.
pub fn is_quiet(pos: &Position) -> bool {
    let us = pos.turn();
    let dens = pos.terrain().dens;
    let near_theirs = dens[!us].neighbours();
    let threatened = (pos.pieces(!us) & dens[us].neighbours()).any();
    !threatened
        && pos.legal_moves().iter().all(|m| pos.piece_at(m.to).is_none() && !near_theirs.contains(m.to))
}

/// Plays `games` games between `a` and `b` (colours alternated, from random balanced
/// openings) and hands each quiet position with the final result (for Red) to `record`.
pub fn generate(
    rules: Rules,
    games: usize,
    seed: u64,
    (a, b): (&mut dyn Player, &mut dyn Player),
    record: &mut dyn FnMut(&Position, f32, usize),
) {
    let starts = openings(rules, games.div_ceil(2), 8, 300, seed);
    let mut played = 0;
    for start in &starts {
        for swap in [false, true] {
            if played == games {
                return;
            }
            played += 1;
            let (outcome, game) = if swap {
                play_game(start, &mut *b, &mut *a, 400)
            } else {
                play_game(start, &mut *a, &mut *b, 400)
            };
            let result = match outcome.winner {
                Some(Color::Red) => 1.0,
                Some(Color::Blue) => 0.0,
                None => 0.5,
            };
            for pos in positions(&game).iter().filter(|p| is_quiet(p)) {
                record(pos, result, played);
            }
        }
    }
}

/// Every position of a game after its opening moves, the start excluded.
fn positions(game: &Game) -> Vec<Position> {
    let mut pos = game.start().clone();
    let mut out = Vec::new();
    for m in game.moves() {
        pos.play(m);
        if !pos.is_decided() {
            out.push(pos.clone());
        }
    }
    out
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean squared error of the predictions `sigmoid(k · eval)` against the results.
pub fn error(samples: &[Sample], weights: &[f64], k: f64) -> f64 {
    let total: f64 = samples.iter().map(|s| (s.result as f64 - sigmoid(k * s.eval(weights))).powi(2)).sum();
    total / samples.len().max(1) as f64
}

/// The scaling `k` that best fits the results with `weights` (golden-section search).
pub fn best_k(samples: &[Sample], weights: &[f64]) -> f64 {
    let (mut lo, mut hi) = (1e-4f64, 0.05f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let (a, b) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if error(samples, weights, a) < error(samples, weights, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// How [`fit`] moves the weights.
#[derive(Clone, Debug)]
pub struct FitOptions {
    /// Full passes over the data.
    pub epochs: usize,
    /// Adam's step size, in weight units.
    pub rate: f64,
    /// Ridge penalty pulling each weight toward its start value (per 100 units², in error units).
    pub l2: f64,
    /// Weights that stay at their start value.
    pub frozen: Vec<bool>,
}

/// Fits the weights by full-batch gradient descent (Adam) from `start`, with `k` fixed;
/// reports `(epoch, error)` every few epochs. Material weights stay at least 50.
pub fn fit(
    samples: &[Sample],
    start: &Weights,
    k: f64,
    options: &FitOptions,
    report: &mut dyn FnMut(usize, f64),
) -> Weights {
    let w0: Vec<f64> = as_f64(start);
    let mut w = w0.clone();
    let (mut m, mut v) = (vec![0.0; COUNT], vec![0.0; COUNT]);
    let (b1, b2, rate, epochs) = (0.9, 0.999, options.rate, options.epochs);
    for epoch in 1..=epochs {
        let mut grad = vec![0.0; COUNT];
        for s in samples {
            let p = sigmoid(k * s.eval(&w));
            let d = -2.0 * (s.result as f64 - p) * p * (1.0 - p) * k;
            for &(i, c) in &s.features {
                grad[i as usize] += d * c as f64;
            }
        }
        let n = samples.len().max(1) as f64;
        for i in 0..COUNT {
            if options.frozen.get(i).copied().unwrap_or(false) {
                continue;
            }
            let g = grad[i] / n + 2.0 * options.l2 * (w[i] - w0[i]) / 10_000.0;
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let (mh, vh) = (m[i] / (1.0 - b1.powi(epoch as i32)), v[i] / (1.0 - b2.powi(epoch as i32)));
            w[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
        for value in &mut w[super::weights::MATERIAL.start..super::weights::MATERIAL.start + 8] {
            *value = value.max(50.0);
        }
        if epoch % 25 == 0 || epoch == epochs {
            report(epoch, error(samples, &w, k));
        }
    }
    let mut out = Weights::default();
    for (o, x) in out.values.iter_mut().zip(&w) {
        *o = x.round() as i32;
    }
    out
}

/// The weights as `f64`s, for [`error`] and [`best_k`].
pub fn as_f64(weights: &Weights) -> Vec<f64> {
    weights.values.iter().map(|&v| v as f64).collect()
}
