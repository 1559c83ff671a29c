//! The search: iterative deepening over a principal-variation alpha-beta with a quiescence
//! search, transposition table, den-threat extensions and the pruning of [`SearchConfig`].
//!
//! The search never reads a clock: it stops on its depth or node limit or when the caller's
//! `stop` callback says so. With a node limit and the same starting state it is reproducible.

use super::endgame;
use super::eval;
use super::eval_cache::EvalCache;
use super::nnue::{self, Accumulator, Net};
use super::ordering::{Heuristics, Picker, MAX_PLY};
use super::score::{from_tt, to_tt, Score, INFINITE, WIN, WIN_BOUND};
use super::tt::{Bound, Table};
use super::types::{Info, Iteration, Line, SearchConfig, SearchResult};
use super::weights::COUNT;
use crate::rules::{chase_forbidden, Bitboard, Color, Move, MoveList, PlayedMove, Position, Undo};
use crate::tablebase::{sure, Tablebase};

/// How often (in nodes) the `stop` callback is asked.
const POLL_INTERVAL: u64 = 1024;

/// The state of one search: the position being searched and everything found so far.
pub(crate) struct Searcher<'a> {
    pub pos: Position,
    tt: &'a mut Table,
    heur: &'a mut Heuristics,
    evals: &'a mut EvalCache,
    config: &'a SearchConfig,
    weights: &'a [i32; COUNT],
    /// The endgame tables, if they hold positions of these rules, and their most animals.
    tables: Option<&'a Tablebase>,
    table_animals: u32,
    /// The neural correction added to the evaluation, if any, and its hidden layer for each
    /// position from the root to `pos` (the last): `make` pushes the next, `unmake` pops it.
    net: Option<&'static Net>,
    accs: Vec<Accumulator>,
    /// The hash of every position of the game up to the current node.
    hashes: Vec<u64>,
    /// `hashes.len()` at the root.
    root_len: usize,
    /// The moves of the game up to the current node, for the chase rules.
    played: Vec<PlayedMove>,
    chase: bool,
    traps: Bitboard,
    /// The side to move at the root (the side contempt is for).
    root_turn: Color,
    /// How much worse than equal a draw looks to `root_turn`.
    contempt: i32,
    /// Centipawns per rank `root_turn`'s pieces have advanced (see [`SearchParams::progress`](super::SearchParams)).
    progress: i32,
    /// [`eval::advancement`] of `root_turn` at the root.
    root_advancement: i32,
    /// Root moves not to consider (unless nothing else is left).
    excluded: Vec<Move>,
    pub nodes: u64,
    node_limit: u64,
    stop: &'a mut dyn FnMut(u64) -> bool,
    pub stopped: bool,
    seldepth: usize,
    pv: Vec<[Move; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// The score of the root move in `pv[0]`, once one is searched in full.
    root_score: i32,
    reductions: [[u8; 32]; 64],
}

/// Everything a search needs besides the engine's tables.
pub(crate) struct Setup<'a> {
    pub pos: Position,
    pub hashes: Vec<u64>,
    pub played: Vec<PlayedMove>,
    pub node_limit: u64,
    pub stop: &'a mut dyn FnMut(u64) -> bool,
    /// How much worse than equal a draw looks to the side to move at the root.
    pub contempt: i32,
    /// The root side's drive forward, per rank of advancement.
    pub progress: i32,
    /// A root move not to consider (for playing levels' deliberate mistakes).
    pub excluded: Option<Move>,
}

impl<'a> Searcher<'a> {
    pub fn new(
        setup: Setup<'a>,
        tt: &'a mut Table,
        heur: &'a mut Heuristics,
        evals: &'a mut EvalCache,
        config: &'a SearchConfig,
        weights: &'a [i32; COUNT],
        tables: Option<&'a Tablebase>,
    ) -> Searcher<'a> {
        evals.use_rules(*setup.pos.rules());
        let tables = endgame::usable(tables, &setup.pos);
        let net = if config.net { nnue::built_in(setup.pos.rules()) } else { None };
        let chase = setup.pos.rules().chase_rules;
        let traps = setup.pos.terrain().all_traps();
        let none =
            Move::new(crate::rules::Square::new(0).expect("a1"), crate::rules::Square::new(0).expect("a1"));
        let mut reductions = [[0u8; 32]; 64];
        for (d, row) in reductions.iter_mut().enumerate().skip(1) {
            for (c, r) in row.iter_mut().enumerate().skip(1) {
                *r = (config.lmr_base + (d as f64).ln() * (c as f64).ln() / config.lmr_divisor) as u8;
            }
        }
        Searcher {
            tables,
            table_animals: tables.map_or(0, Tablebase::max_animals),
            net,
            accs: net.map(|net| net.accumulate(&setup.pos)).into_iter().collect(),
            root_len: setup.hashes.len(),
            root_turn: setup.pos.turn(),
            contempt: setup.contempt,
            progress: setup.progress,
            root_advancement: eval::advancement(&setup.pos, setup.pos.turn()),
            excluded: setup.excluded.into_iter().collect(),
            pos: setup.pos,
            hashes: setup.hashes,
            played: setup.played,
            node_limit: setup.node_limit,
            stop: setup.stop,
            tt,
            heur,
            evals,
            config,
            weights,
            chase,
            traps,
            nodes: 0,
            stopped: false,
            seldepth: 0,
            pv: vec![[none; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            root_score: 0,
            reductions,
        }
    }

    /// Iterative deepening up to `max_depth`, reporting each completed iteration.
    pub fn run(&mut self, max_depth: u32, on_info: &mut dyn FnMut(&Info)) -> SearchResult {
        let mut depth = 0;
        let lines = self.run_lines(max_depth, 1, &mut |done| {
            depth = done.depth;
            let line = &done.lines[0];
            let info = Info {
                depth: done.depth,
                seldepth: done.seldepth,
                score: line.score,
                nodes: done.nodes,
                pv: line.pv.clone(),
            };
            on_info(&info);
        });
        let mut result =
            SearchResult { best: None, score: Score::DRAW, depth, nodes: self.nodes, pv: Vec::new() };
        if let Some(line) = lines.into_iter().next() {
            result =
                SearchResult { best: line.pv.first().copied(), score: line.score, pv: line.pv, ..result };
        } else {
            // No iteration completed: take what the interrupted one found, or any legal move.
            result.best =
                (self.pv_len[0] > 0).then(|| self.pv[0][0]).or_else(|| self.moves().first().copied());
            result.pv = result.best.into_iter().collect();
        }
        result
    }

    /// Iterative deepening of the best `count` distinct root moves (multi-PV) up to
    /// `max_depth`: at each depth the best line, then the best without its first move, and
    /// so on. Reports each completed iteration; returns the lines of the last one, best first
    /// (fewer when there are fewer root moves; none if no iteration completed). A single line
    /// stopped inside an iteration is that iteration's best root move searched in full, if any.
    pub fn run_lines(
        &mut self,
        max_depth: u32,
        count: usize,
        on_iteration: &mut dyn FnMut(&Iteration),
    ) -> Vec<Line> {
        let excluded_before = self.excluded.len();
        let root_moves = self.moves().len();
        let mut lines: Vec<Line> = Vec::new();
        for depth in 1..=max_depth.min(MAX_PLY as u32 - 1) {
            self.seldepth = 0;
            let mut found: Vec<Line> = Vec::with_capacity(count);
            while found.len() < count.max(1) {
                self.excluded.truncate(excluded_before);
                self.excluded.extend(found.iter().map(|line| line.pv[0]));
                if !found.is_empty() && self.excluded.len() >= root_moves {
                    break;
                }
                // Aspiration around this line's score at the depth before.
                let last = lines.get(found.len()).map_or(WIN, |line| line.score.0);
                let score = self.aspiration(depth as i32, last);
                if self.stopped || self.pv_len[0] == 0 {
                    break;
                }
                found.push(Line { score: Score(score), pv: self.pv[0][..self.pv_len[0]].to_vec() });
            }
            self.excluded.truncate(excluded_before);
            if self.stopped && count <= 1 && self.pv_len[0] > 0 && !lines.is_empty() {
                // Stopped inside an iteration after a root move was searched in full: the
                // previous iteration's best is searched first, so this is it or a better one,
                // seen deeper.
                let pv = self.pv[0][..self.pv_len[0]].to_vec();
                lines = vec![Line { score: Score(self.root_score), pv }];
            }
            if self.stopped || found.is_empty() {
                break;
            }
            found.sort_by_key(|line| std::cmp::Reverse(line.score));
            lines = found;
            on_iteration(&Iteration {
                depth,
                seldepth: self.seldepth as u32,
                nodes: self.nodes,
                lines: lines.clone(),
            });
            let decided = |line: &Line| {
                let score = line.score.0.abs();
                score >= WIN_BOUND && depth as i32 > WIN - score + 2
            };
            if lines.iter().all(decided) {
                break;
            }
        }
        lines
    }

    /// The quiescence score of the root position.
    pub fn quiesce_root(&mut self) -> i32 {
        self.quiesce(0, -INFINITE, INFINITE, 0)
    }

    fn aspiration(&mut self, depth: i32, last: i32) -> i32 {
        if depth < 4 || last.abs() >= WIN_BOUND {
            return self.alpha_beta(depth, 0, -INFINITE, INFINITE, false);
        }
        let mut window = self.config.aspiration;
        let (mut alpha, mut beta) = (last - window, last + window);
        loop {
            let score = self.alpha_beta(depth, 0, alpha, beta, false);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                alpha = (score - window).max(-INFINITE);
            } else if score >= beta {
                beta = (score + window).min(INFINITE);
            } else {
                return score;
            }
            window *= 2;
        }
    }

    /// Counts a node and asks whether to stop.
    #[inline]
    fn poll(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.node_limit
            || (self.nodes.is_multiple_of(POLL_INTERVAL) && (self.stop)(self.nodes))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The static evaluation, tempered toward the draw score by the no-capture counter.
    #[inline]
    fn eval(&mut self) -> i32 {
        let (pos, weights, net, acc) = (&self.pos, self.weights, self.net, self.accs.last());
        let mut raw = self.evals.get_or(pos.hash(), || {
            let correction = net.zip(acc).map_or(0, |(net, acc)| net.output(acc, pos.turn()));
            eval::evaluate_raw(pos, weights) + correction
        });
        if self.progress != 0 {
            // Counted from the root's advancement: only moving forward from here earns it, so a
            // draw by repetition (back where the root was) keeps its worth of -contempt.
            let advanced = eval::advancement(&self.pos, self.root_turn) - self.root_advancement;
            let drive = self.progress * advanced;
            raw += if self.pos.turn() == self.root_turn { drive } else { -drive };
        }
        let score = if self.config.temper {
            let limit = self.pos.rules().no_capture_limit;
            eval::temper(raw, self.draw_score(), self.pos.halfmoves(), limit)
        } else {
            raw
        };
        score.clamp(-WIN_BOUND + 1, WIN_BOUND - 1)
    }

    /// What a draw is worth to the side to move: the contempt counts against the root's side.
    #[inline]
    fn draw_score(&self) -> i32 {
        if self.pos.turn() == self.root_turn {
            -self.contempt
        } else {
            self.contempt
        }
    }

    /// The legal moves here, the chase rules applied.
    fn moves(&self) -> MoveList {
        let mut list = self.pos.legal_moves();
        if self.chase {
            list.retain(|m| !self.chase_forbids(m));
        }
        list
    }

    /// Whether `m` is legal here, the chase rules applied.
    #[inline]
    fn is_legal(&self, m: Move) -> bool {
        self.pos.is_legal(m) && !self.chase_forbids(m)
    }

    /// Whether the chase rules forbid the legal move `m` here.
    #[inline]
    fn chase_forbids(&self, m: Move) -> bool {
        self.chase
            && self
                .pos
                .piece_at(m.from)
                .is_some_and(|piece| chase_forbidden(&self.played, piece, m, self.traps))
    }

    /// The legal moves onto the squares of `wanted`, the chase rules applied.
    fn moves_to(&self, wanted: Bitboard) -> MoveList {
        let mut list = MoveList::new();
        for from in self.pos.pieces(self.pos.turn()) {
            for to in self.pos.targets(from) & wanted {
                let m = Move::new(from, to);
                if !self.chase_forbids(m) {
                    list.push(m);
                }
            }
        }
        list
    }

    #[inline]
    fn make(&mut self, m: Move) -> Undo {
        if self.chase {
            if let Some(piece) = self.pos.piece_at(m.from) {
                self.played.push(PlayedMove { piece, mv: m });
            }
        }
        if let (Some(net), Some(&last), Some(piece)) = (self.net, self.accs.last(), self.pos.piece_at(m.from))
        {
            let mut next = last;
            net.shift(&mut next, piece, m.from, m.to, self.pos.piece_at(m.to));
            self.accs.push(next);
        }
        let undo = self.pos.play(m);
        self.hashes.push(self.pos.hash());
        undo
    }

    #[inline]
    fn unmake(&mut self, m: Move, undo: Undo) {
        self.pos.undo(m, undo);
        if self.net.is_some() {
            self.accs.pop();
        }
        self.hashes.pop();
        if self.chase {
            self.played.pop();
        }
    }

    /// Whether the side to move can enter the enemy den at once (every piece beside it can).
    #[inline]
    fn can_enter_den(&self) -> bool {
        let us = self.pos.turn();
        (self.pos.pieces(us) & self.pos.terrain().dens[!us].neighbours()).any()
    }

    /// The enemy pieces beside our den: each enters it next move unless taken.
    #[inline]
    fn den_threats(&self) -> Bitboard {
        let us = self.pos.turn();
        self.pos.pieces(!us) & self.pos.terrain().dens[us].neighbours()
    }

    /// A draw by the no-capture limit or by repetition: a position repeated once inside the
    /// search, or twice counting the game before the root.
    fn is_draw(&self) -> bool {
        let rules = self.pos.rules();
        let limit = rules.no_capture_limit;
        if limit > 0 && self.pos.halfmoves() >= limit {
            // The rules rank "no legal move" above the draw.
            return !self.moves().is_empty();
        }
        if !rules.repetition_draw {
            return false;
        }
        let (now, n) = (self.pos.hash(), self.hashes.len());
        let back = (self.pos.halfmoves() as usize).min(n - 1);
        let mut earlier = 0;
        for i in (4..=back).step_by(2) {
            let at = n - 1 - i;
            if self.hashes[at] == now {
                if at + 1 >= self.root_len {
                    return true;
                }
                earlier += 1;
                if earlier >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// The exact score of this node from the endgame tables, if they hold it surely.
    #[inline]
    fn table_score(&self, ply: usize) -> Option<i32> {
        let tables = self.tables.filter(|_| self.pos.occupied().count() <= self.table_animals)?;
        let value = tables.probe(&self.pos).filter(|&value| sure(value, &self.pos))?;
        Some(endgame::node_score(value, ply, self.draw_score()))
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = m;
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// The principal-variation alpha-beta. Kept as one function on purpose (like most
    /// engines): the pruning decisions (TT cut-off, reverse futility, null move, futility, LMR)
    /// share the node's facts and read best side by side in the order they are tried.
    fn alpha_beta(
        &mut self,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        null_ok: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.poll() {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        if ply > 0 {
            if self.is_draw() {
                return self.draw_score();
            }
            if self.can_enter_den() {
                return WIN - (ply as i32 + 1);
            }
            if let Some(score) = self.table_score(ply) {
                return score;
            }
            // Mate-distance pruning: no line from here beats a win already found nearer the root.
            alpha = alpha.max(-(WIN - ply as i32));
            beta = beta.min(WIN - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let threats = self.den_threats();
        let threatened = threats.any();
        if threatened && self.config.threat_extension && ply < MAX_PLY / 2 {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(ply, alpha, beta, 0);
        }
        self.seldepth = self.seldepth.max(ply);
        let hash = self.pos.hash();
        let hit = self.tt.probe(hash);
        let tt_move = hit.and_then(|h| h.mv);
        if let Some(h) = hit.filter(|h| !pv_node && h.depth as i32 >= depth) {
            let score = from_tt(h.score, ply as i32);
            let cut = match h.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut {
                return score;
            }
        }
        if self.config.iir && depth >= 4 && tt_move.is_none() {
            depth -= 1;
        }
        let eval = if threatened { -INFINITE } else { self.eval() };
        if !pv_node && !threatened && ply > 0 {
            // Reverse futility: far above beta at low depth, assume it holds.
            if self.config.reverse_futility && depth <= 6 && eval - self.config.rfp_margin * depth >= beta {
                return eval;
            }
            // Null move: give the opponent a free move; if we still beat beta, cut.
            if self.config.null_move && null_ok && depth >= 3 && eval >= beta {
                let r = 3 + depth / 4;
                self.pos.pass();
                self.hashes.push(self.pos.hash());
                let score = -self.alpha_beta(depth - 1 - r, ply + 1, -beta, -beta + 1, false);
                self.hashes.pop();
                self.pos.pass();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= WIN_BOUND { beta } else { score };
                }
            }
        }
        // The table's move is tried before the others are generated: it often cuts off alone.
        let first = tt_move.filter(|&m| ply > 0 && self.is_legal(m));
        let mut picker = None;
        if first.is_none() {
            let mut moves = self.moves();
            if moves.is_empty() {
                return -(WIN - ply as i32);
            }
            if ply == 0 && moves.iter().any(|m| !self.excluded.contains(m)) {
                moves.retain(|m| !self.excluded.contains(&m));
            }
            picker = Some(Picker::new(&self.pos, moves, tt_move, self.heur, ply));
        }
        let (mut best, mut best_move, mut count) = (-INFINITE, None, 0usize);
        let mut quiets = MoveList::new();
        let enemy_den_side = self.pos.terrain().dens[!self.pos.turn()].neighbours();
        let mut pending = first;
        loop {
            let next = match pending.take() {
                Some(m) => Some(m),
                None => picker
                    .get_or_insert_with(|| {
                        let mut picker = Picker::new(&self.pos, self.moves(), first, self.heur, ply);
                        picker.next(); // the table's move, searched already
                        picker
                    })
                    .next(),
            };
            let Some(m) = next else { break };
            let capture = self.pos.piece_at(m.to).is_some();
            let quiet = !capture && !enemy_den_side.contains(m.to);
            // Futility: a quiet move near the leaves cannot lift a hopeless eval to alpha.
            if self.config.futility
                && quiet
                && !pv_node
                && !threatened
                && count > 0
                && depth <= 2
                && eval + self.config.futility_margin * depth <= alpha
            {
                continue;
            }
            // Late-move pruning: well-ordered quiet moves this late rarely matter near the leaves.
            if self.config.late_move_pruning
                && quiet
                && !pv_node
                && !threatened
                && depth <= 3
                && count >= (3 + depth * depth) as usize
            {
                continue;
            }
            let undo = self.make(m);
            count += 1;
            let score = if self.pos.is_decided() {
                // The game ends here: no line follows this move.
                self.pv_len[ply + 1] = ply + 1;
                WIN - (ply as i32 + 1)
            } else if count == 1 {
                -self.alpha_beta(depth - 1, ply + 1, -beta, -alpha, true)
            } else {
                let mut r = 0;
                if self.config.lmr && depth >= 3 && quiet && count > 2 {
                    r = self.reductions[depth.min(63) as usize][count.min(31)] as i32 - pv_node as i32;
                    r = r.clamp(0, depth - 2);
                }
                let mut s = -self.alpha_beta(depth - 1 - r, ply + 1, -alpha - 1, -alpha, true);
                if s > alpha && r > 0 {
                    s = -self.alpha_beta(depth - 1, ply + 1, -alpha - 1, -alpha, true);
                }
                if s > alpha && s < beta {
                    s = -self.alpha_beta(depth - 1, ply + 1, -beta, -alpha, true);
                }
                s
            };
            self.unmake(m, undo);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    self.update_pv(ply, m);
                    if ply == 0 {
                        self.root_score = score;
                    }
                    if alpha >= beta {
                        if !capture {
                            self.heur.reward(&self.pos, ply, m, depth, &quiets);
                        }
                        break;
                    }
                }
            }
            if !capture {
                quiets.push(m);
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if ply > 0 || self.excluded.is_empty() {
            self.tt.store(hash, best_move, to_tt(best, ply as i32), depth as u32, bound);
        }
        best
    }

    /// Quiescence: captures (and, at its first ply, moves beside the enemy den) until the
    /// position is quiet; a den threat must be answered by taking the threatening piece.
    fn quiesce(&mut self, ply: usize, mut alpha: i32, beta: i32, qply: u32) -> i32 {
        self.pv_len[ply] = ply;
        if self.poll() {
            return 0;
        }
        if self.can_enter_den() {
            return WIN - (ply as i32 + 1);
        }
        if qply > 0 {
            if let Some(score) = self.table_score(ply) {
                return score;
            }
        }
        let threats = self.den_threats();
        if threats.count() >= 2 {
            return -(WIN - (ply as i32 + 2));
        }
        if ply >= MAX_PLY - 1 {
            return self.eval();
        }
        self.seldepth = self.seldepth.max(ply);
        let mut best = -INFINITE;
        let wanted = if threats.any() {
            threats
        } else {
            best = self.eval();
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
            let us = self.pos.turn();
            let den_side =
                if qply == 0 { self.pos.terrain().dens[!us].neighbours() } else { Bitboard::EMPTY };
            self.pos.pieces(!us) | den_side
        };
        let list = self.moves_to(wanted);
        if list.is_empty() && threats.any() {
            // Nothing takes the threatening piece: it enters the den next move (or we are stuck).
            let stuck = self.moves().is_empty();
            return -(WIN - ply as i32 - if stuck { 0 } else { 2 });
        }
        let mut picker = Picker::captures(&self.pos, list);
        while let Some(m) = picker.next() {
            let undo = self.make(m);
            let score = if self.pos.is_decided() {
                WIN - (ply as i32 + 1)
            } else {
                -self.quiesce(ply + 1, -beta, -alpha, qply + 1)
            };
            self.unmake(m, undo);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
