//! Training the [`nnue`](super::nnue) correction: positions labelled with a blend of the game's
//! result and a deeper search's score, and a float net fitted by minibatch Adam on the error
//! of `sigmoid(k · (linear evaluation + net))` against the label, then quantized.

use super::nnue::{inputs, Net, HIDDEN, INPUTS, SCALE};
use super::prng::Rng;
use crate::rules::{Color, Position};

/// One training position: its inputs, the linear evaluation and the label (expected score for
/// the side to move, 0 to 1).
#[derive(Clone, Debug)]
pub struct NetSample {
    inputs: Vec<u16>,
    base: f32,
    target: f32,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl NetSample {
    /// The sample of `pos`: its game ended `red_result` (1 Red won, 0.5 draw, 0 Blue won), a
    /// search scored it `searched` for the side to move, the linear evaluation `base`; the
    /// label is `lambda` of the result and the rest of `sigmoid(k · searched)`.
    pub fn new(pos: &Position, red_result: f32, searched: i32, base: i32, k: f32, lambda: f32) -> NetSample {
        let result = if pos.turn() == Color::Red { red_result } else { 1.0 - red_result };
        NetSample {
            inputs: inputs(pos).map(|i| i as u16).collect(),
            base: base as f32,
            target: lambda * result + (1.0 - lambda) * sigmoid(k * searched as f32),
        }
    }
}

/// How [`train`] fits the net.
#[derive(Clone, Debug)]
pub struct NetFit {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Adam's step size.
    pub rate: f32,
    /// Samples per step.
    pub batch: usize,
    /// The logistic scale of centipawns (as the Texel fit's `k`).
    pub k: f32,
    /// The seed of the start weights and the shuffles.
    pub seed: u64,
}

/// The float net being fitted.
struct Float {
    hidden: Vec<[f32; HIDDEN]>,
    bias: [f32; HIDDEN],
    out: [f32; HIDDEN],
    out_bias: f32,
}

impl Float {
    fn len() -> usize {
        INPUTS * HIDDEN + 2 * HIDDEN + 1
    }

    /// The pre-activations of the hidden layer and the output (net units) for `inputs`.
    fn forward(&self, inputs: &[u16], acc: &mut [f32; HIDDEN]) -> f32 {
        *acc = self.bias;
        for &i in inputs {
            acc.iter_mut().zip(&self.hidden[i as usize]).for_each(|(a, w)| *a += w);
        }
        acc.iter().zip(&self.out).map(|(a, w)| a.clamp(0.0, 1.0) * w).sum::<f32>() + self.out_bias
    }

    /// The parameters as one flat slice order: hidden rows, bias, out, out bias.
    fn get(&mut self, index: usize) -> &mut f32 {
        let h = INPUTS * HIDDEN;
        match index {
            i if i < h => &mut self.hidden[i / HIDDEN][i % HIDDEN],
            i if i < h + HIDDEN => &mut self.bias[i - h],
            i if i < h + 2 * HIDDEN => &mut self.out[i - h - HIDDEN],
            _ => &mut self.out_bias,
        }
    }
}

/// The mean squared error of `samples` with the net's output scaled by `with_net` (0: the
/// linear evaluation alone).
fn error(net: &Float, samples: &[NetSample], k: f32, with_net: f32) -> f64 {
    let mut acc = [0.0; HIDDEN];
    let total: f64 = samples
        .iter()
        .map(|s| {
            let y = net.forward(&s.inputs, &mut acc) * with_net;
            let p = sigmoid(k * (s.base + SCALE as f32 * y));
            f64::from((p - s.target).powi(2))
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// Fits a net to `samples` (every 20th held out to measure it), reporting `(epoch, training
/// error, held-out error, held-out error of the linear evaluation alone)` after each epoch.
pub fn train(samples: &[NetSample], fit: &NetFit, report: &mut dyn FnMut(usize, f64, f64, f64)) -> Net {
    let mut rng = Rng::new(fit.seed);
    let (mut train, mut held): (Vec<&NetSample>, Vec<NetSample>) = (Vec::new(), Vec::new());
    for (n, s) in samples.iter().enumerate() {
        if n % 20 == 19 {
            held.push(s.clone());
        } else {
            train.push(s);
        }
    }
    let mut net = Float {
        hidden: (0..INPUTS).map(|_| std::array::from_fn(|_| (rng.unit() as f32 - 0.5) * 0.2)).collect(),
        bias: [0.5; HIDDEN],
        out: [0.0; HIDDEN],
        out_bias: 0.0,
    };
    let n = Float::len();
    let (mut m, mut v, mut grad) = (vec![0f32; n], vec![0f32; n], vec![0f32; n]);
    let (b1, b2) = (0.9f32, 0.999f32);
    let mut step = 0;
    let linear_alone = error(&net, &held, fit.k, 0.0);
    for epoch in 1..=fit.epochs {
        for i in (1..train.len()).rev() {
            train.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for batch in train.chunks(fit.batch.max(1)) {
            grad.fill(0.0);
            let mut acc = [0.0; HIDDEN];
            for s in batch {
                let y = net.forward(&s.inputs, &mut acc);
                let p = sigmoid(fit.k * (s.base + SCALE as f32 * y));
                let dy = 2.0 * (p - s.target) * p * (1.0 - p) * fit.k * SCALE as f32 / batch.len() as f32;
                let h = INPUTS * HIDDEN;
                for j in 0..HIDDEN {
                    let a = acc[j];
                    grad[h + HIDDEN + j] += dy * a.clamp(0.0, 1.0);
                    if a > 0.0 && a < 1.0 {
                        let da = dy * net.out[j];
                        grad[h + j] += da;
                        for &i in &s.inputs {
                            grad[i as usize * HIDDEN + j] += da;
                        }
                    }
                }
                grad[n - 1] += dy;
            }
            step += 1;
            let (c1, c2) = (1.0 - b1.powi(step), 1.0 - b2.powi(step));
            for (i, &g) in grad.iter().enumerate() {
                m[i] = b1 * m[i] + (1.0 - b1) * g;
                v[i] = b2 * v[i] + (1.0 - b2) * g * g;
                *net.get(i) -= fit.rate * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-8);
            }
        }
        let sample: Vec<NetSample> = train.iter().step_by(10).map(|s| (*s).clone()).collect();
        report(epoch, error(&net, &sample, fit.k, 1.0), error(&net, &held, fit.k, 1.0), linear_alone);
    }
    Net::quantize(&net.hidden, &net.bias, &net.out, net.out_bias)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn training_lowers_the_error_the_linear_evaluation_leaves() {
        // A made-up truth the linear evaluation (0 here) cannot see: the side to move wins
        // while its rat is still on its starting square, and loses once it has left.
        let start = Position::new(Rules::default());
        let rat = |pos: &Position| {
            let us = pos.turn();
            let sq = pos
                .pieces(us)
                .into_iter()
                .find(|&sq| pos.piece_at(sq).is_some_and(|p| p.animal.index() == 0));
            sq.map(|sq| super::super::nnue::input(us, pos.piece_at(sq).unwrap(), sq))
        };
        let home = rat(&start);
        let (mut samples, mut pos, mut rng) = (Vec::new(), start.clone(), Rng::new(3));
        for n in 0..600 {
            let moves = pos.legal_moves();
            if n % 12 == 0 || moves.is_empty() || pos.is_decided() {
                pos = start.clone();
                continue;
            }
            pos.play(moves[rng.below(moves.len() as u64) as usize]);
            let wins = rat(&pos) == home;
            let result = if wins == (pos.turn() == Color::Red) { 1.0 } else { 0.0 };
            samples.push(NetSample::new(&pos, result, 0, 0, 0.01, 1.0));
        }
        let fit = NetFit { epochs: 40, rate: 0.01, batch: 32, k: 0.01, seed: 1 };
        let mut last = (1.0, 1.0, 1.0);
        let net = train(&samples, &fit, &mut |_, training, held, alone| last = (training, held, alone));
        assert!(last.0 < last.2 * 0.5, "training error {} against {} alone", last.0, last.2);
        assert!(last.1 < last.2 * 0.5, "held-out error {} against {} alone", last.1, last.2);
        // The quantized net agrees: a rat at home is worth more than a rat gone.
        let mut away = start.clone();
        let rat_move = away.legal_moves().iter().copied().find(|m| {
            Some(m.from)
                == start
                    .pieces(Color::Red)
                    .into_iter()
                    .find(|&sq| start.piece_at(sq).is_some_and(|p| p.animal.index() == 0))
        });
        away.play(rat_move.expect("the rat can move"));
        away.play(away.legal_moves()[0]);
        assert!(net.evaluate(&start) > net.evaluate(&away) + 50);
    }
}
