/**
 * The self-play search: visit distributions are distributions over exactly the legal labels,
 * and values backed up from the right side find forced results (mate in one, winning a queen)
 * with modest simulation counts, for either colour.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '../../src/core/rng.js';
import { Chess } from 'chess.js';
import type { Position } from '../../src/chess/position.js';
import { makeFen, readFen } from '../../src/notation/fen.js';
import { parseUci } from '../../src/notation/uci.js';
import { encodeChessMove } from '../../src/env/chess-actions.js';
import { chessSearchGame, materialEvaluator } from '../../src/env/chess-search.js';
import { Mcts, rolloutEvaluator, type SearchGame } from '../../src/env/mcts.js';
import type { Game } from '../../src/core/game.js';
import { epdFens, testSeed, noPositions } from '../helpers.js';
import { Chess as OpsChess } from 'chessops/chess';
import { parseFen as opsParseFen } from 'chessops/fen';

const g = chessSearchGame(false);

function readFenOk(fen: string): Position {
  const r = readFen(fen);
  assert.ok(r.ok, fen);
  return r.value;
}

function best(fen: string, simulations: number, evaluator = materialEvaluator): { uci: string; count: number; legal: number; sum: number } {
  const pos = readFenOk(fen);
  const mcts = new Mcts(g, evaluator, { simulations });
  const labels = new Int32Array(256);
  const probs = new Float32Array(256);
  const { count, chosen } = mcts.search(pos.words.slice(), new Rng(1), labels, probs, false);
  const byLabel = new Map(pos.legalMoves().map((m) => [encodeChessMove(m.code, pos.words[16]!, false), m.uci]));
  const seen = new Set<number>();
  let sum = 0;
  for (let k = 0; k < count; k++) {
    assert.ok(byLabel.has(labels[k]!), 'a legal label');
    seen.add(labels[k]!);
    sum += probs[k]!;
  }
  assert.equal(seen.size, byLabel.size, 'every legal label once');
  return { uci: byLabel.get(labels[chosen]!)!, count, legal: byLabel.size, sum };
}

test('MCTS finds mate in one (White and Black)', () => {
  const w = best('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 200);
  assert.equal(w.uci, 'a1a8');
  assert.ok(Math.abs(w.sum - 1) < 1e-5);
  assert.equal(best('r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1', 200).uci, 'a8a1');
});

test('MCTS takes a hanging queen (both colours)', () => {
  assert.equal(best('6k1/8/8/8/3q4/8/3R4/6K1 w - - 0 1', 300).uci, 'd2d4');
  assert.equal(best('6k1/8/8/8/3Q4/8/3r4/6K1 b - - 0 1', 300).uci, 'd2d4');
});

test('MCTS with random playouts still sees mate in one', () => {
  assert.equal(best('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 300, rolloutEvaluator(g, 20)).uci, 'a1a8');
});

test('a terminal root gives no policy', () => {
  const r = readFen('R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1');
  assert.ok(r.ok);
  const mcts = new Mcts(g, materialEvaluator, { simulations: 10 });
  const out = mcts.search(r.value.words.slice(), new Rng(1), new Int32Array(256), new Float32Array(256), true);
  assert.deepEqual(out, { count: 0, chosen: -1 });
});

test('a sampled move is always one the search visited, even when the draw is next to 1', () => {
  // After 1.e4 e5 White has 29 quiet moves and material stays level, so 25 simulations visit
  // 25 moves once each: probabilities 1/25, whose float32 roundings sum to 1 − 2.2e-8. A draw
  // above that sum ran past the list and took its last move, which no simulation had visited.
  const r = readFen('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
  assert.ok(r.ok);
  class Highest extends Rng {
    override below(n: number): number {
      return n - 1;
    }
  }
  const mcts = new Mcts(g, materialEvaluator, { simulations: 25 });
  const labels = new Int32Array(256);
  // What the caller's buffer holds past the count is not a probability of this search.
  const probs = new Float32Array(256).fill(0.5);
  const { count, chosen } = mcts.search(r.value.words.slice(), new Highest(1), labels, probs, true);
  assert.equal(count, 29);
  assert.ok(chosen < count, `chose ${chosen} of ${count}`);
  const visited = Array.from(probs.subarray(0, count)).filter((p) => p > 0).length;
  assert.equal(visited, 25);
  assert.ok(probs[chosen]! > 0, `chose label ${labels[chosen]} with probability ${probs[chosen]}`);
});

test('the search sees the environment\'s no-progress draw (100 plies by default) as the game\'s end', () => {
  // White is a queen and a pawn up with the clock at 99: in the environment (halfmoveLimit 100)
  // every move but the pawn's ends the game drawn, as chess.js agrees. Before, the tree played
  // on past the clock and chose Kb2 (half the visits), a draw.
  const fen = '7k/8/8/8/8/8/P7/KQ6 w - - 99 80';
  const game = new Chess(fen);
  for (const m of game.moves({ verbose: true })) {
    game.move(m);
    assert.equal(game.isDrawByFiftyMoves(), m.piece !== 'p', m.san);
    game.undo();
  }
  const pawn = best(fen, 400);
  assert.ok(pawn.uci === 'a2a3' || pawn.uci === 'a2a4', pawn.uci);
  // With the limit off, the core's rules only (75 moves): the clock at 149, the same choice.
  const r = readFen('7k/8/8/8/8/8/P7/KQ6 w - - 149 80');
  assert.ok(r.ok);
  const mcts = new Mcts(chessSearchGame(false, 0), materialEvaluator, { simulations: 400 });
  const labels = new Int32Array(256);
  const probs = new Float32Array(256);
  const { chosen } = mcts.search(r.value.words.slice(), new Rng(1), labels, probs, false);
  const label = (uci: string): number => {
    const m = parseUci(r.value, uci);
    assert.ok(m.ok);
    return encodeChessMove(m.value.code, 0, false);
  };
  assert.ok([label('a2a3'), label('a2a4')].includes(labels[chosen]!));
});

/**
 * A random game tree for the search, written out in full: each node is a terminal result or a
 * list of 1-4 children, the player to act drawn at random (so a player may act twice running, as
 * in Paco Ŝako chains), action numbers scattered so that an action is never its index.
 */
interface ToyNode {
  readonly player: 0 | 1;
  readonly winner?: 0 | 1 | 'draw';
  readonly children: number[];
  readonly actions: number[];
  /** What the evaluator says of a non-terminal node, for its player to act. */
  readonly value: number;
}

function toyTree(rng: Rng, maxDepth: number): ToyNode[] {
  const nodes: ToyNode[] = [];
  const grow = (depth: number): number => {
    const id = nodes.length;
    const player = rng.below(2) as 0 | 1;
    const terminal = depth > 0 && (depth === maxDepth || rng.below(5) === 0);
    const node: ToyNode = {
      player,
      ...(terminal ? { winner: ([0, 1, 'draw'] as const)[rng.below(3)]! } : {}),
      children: [],
      actions: [],
      value: (rng.below(2001) - 1000) / 1000,
    };
    nodes.push(node);
    if (!terminal) {
      const k = 1 + rng.below(4);
      for (let i = 0; i < k; i++) {
        node.actions.push(7 * (nodes.length + i) + 3);
        node.children.push(grow(depth + 1));
      }
    }
    return id;
  };
  grow(0);
  return nodes;
}

/** The tree as a `SearchGame`: a state is its node's index; a label is the action plus 1000. */
function toySearchGame(nodes: ToyNode[]): SearchGame<Int32Array> {
  const game: Game<Int32Array> = {
    id: 'toy',
    actionCount: 7 * nodes.length + 10,
    legalActions: (s, out) => {
      const node = nodes[s[0]!]!;
      node.actions.forEach((a, i) => (out[i] = a));
      return node.actions.length;
    },
    play: (s, action, into) => {
      // Copy-make (core/game.ts): the successor goes into another buffer.
      assert.notEqual(s, into, 'play into the state it reads');
      const node = nodes[s[0]!]!;
      into[0] = node.children[node.actions.indexOf(action)]!;
    },
    currentPlayer: (s) => nodes[s[0]!]!.player,
    outcome: (s) => {
      const w = nodes[s[0]!]!.winner;
      return w === undefined ? undefined : { winner: w === 'draw' ? undefined : w === 0 ? 'white' : 'black', reason: 'checkmate' };
    },
    hash: (s, out) => {
      out[0] = s[0]!;
      out[1] = 0;
    },
    newState: () => new Int32Array(1),
  };
  return { game, label: (_s, action) => action + 1000, copy: (from, into) => into.set(from) };
}

/**
 * PUCT as the module states it, written independently as a tree of objects: a simulation walks
 * from the root choosing, at each expanded node, the first action that maximises
 * Q + c · P · √(N + 1) / (1 + n) (AlphaZero's formula, with N + 1 under the root as the module
 * takes it; P uniform, Q the mean value from the chooser's side, 0 before
 * any visit; N the simulations that reached the node, the one that added it included), stops at
 * a terminal node (+1 a win, −1 a loss, 0 a draw for its player to act) or at a node not yet
 * expanded (expands it and takes the evaluator's value), and credits each edge on its path with
 * the value, negated when the edge's chooser is not the player at the end of the path.
 */
function referencePuct(nodes: ToyNode[], simulations: number, c: number): number[] {
  interface Ref {
    readonly id: number;
    visits: number;
    expanded: boolean;
    readonly n: number[];
    readonly w: number[];
    readonly child: (Ref | undefined)[];
  }
  const make = (id: number): Ref => ({ id, visits: 0, expanded: false, n: [], w: [], child: [] });
  const expand = (r: Ref): void => {
    r.expanded = true;
    const k = nodes[r.id]!.actions.length;
    r.n.push(...Array<number>(k).fill(0));
    r.w.push(...Array<number>(k).fill(0));
    r.child.push(...Array<undefined>(k).fill(undefined));
  };
  const simulate = (r: Ref): { value: number; player: 0 | 1 } => {
    const node = nodes[r.id]!;
    let out: { value: number; player: 0 | 1 };
    if (node.winner !== undefined) {
      out = { value: node.winner === 'draw' ? 0 : node.winner === node.player ? 1 : -1, player: node.player };
    } else if (!r.expanded) {
      expand(r);
      out = { value: node.value, player: node.player };
    } else {
      let best = -1;
      let bestScore = -Infinity;
      for (let i = 0; i < node.actions.length; i++) {
        const q = r.n[i]! === 0 ? 0 : r.w[i]! / r.n[i]!;
        const score = q + (c * (1 / node.actions.length) * Math.sqrt(r.visits + 1)) / (1 + r.n[i]!);
        if (score > bestScore) [best, bestScore] = [i, score];
      }
      r.child[best] ??= make(node.children[best]!);
      out = simulate(r.child[best]!);
      r.n[best]!++;
      r.w[best]! += out.player === node.player ? out.value : -out.value;
    }
    r.visits++;
    return out;
  };
  const root = make(0);
  expand(root); // before the first simulation, unvalued
  for (let i = 0; i < simulations; i++) simulate(root);
  return root.n;
}

test('visit counts, the chosen and the sampled action equal an independent PUCT on random game trees (turns that repeat, draws, terminal leaves)', () => {
  const rng = new Rng(testSeed(77));
  let trees = 0;
  let spread = 0;
  for (let t = 0; t < 300; t++) {
    const nodes = toyTree(rng, 2 + (t % 5));
    if (nodes[0]!.winner !== undefined) continue;
    trees++;
    const sg = toySearchGame(nodes);
    const simulations = [1, 2, 3, 8, 40, 150][t % 6]!;
    const cPuct = [undefined, 0.5, 4, 0][t % 4];
    const expected = referencePuct(nodes, simulations, cPuct ?? 1.5);
    // Storage for exactly the 4 actions a node has at most: the module sizes its edges by it.
    const mcts = new Mcts(sg, (s) => nodes[s[0]!]!.value, { simulations, ...(cPuct === undefined ? {} : { cPuct }) }, 4);
    // Entries past the count are the caller's, and stay as they were.
    const labels = new Int32Array(8).fill(-7);
    const probs = new Float32Array(8).fill(-7);
    const seed = rng.below(1 << 30);
    const greedy = mcts.search(Int32Array.of(0), new Rng(seed), labels, probs, false);
    const what = `tree ${t}, ${simulations} simulations, c ${cPuct}`;
    assert.equal(greedy.count, nodes[0]!.actions.length, what);
    assert.ok(labels.subarray(greedy.count).every((v) => v === -7) && probs.subarray(greedy.count).every((v) => v === -7), what);
    assert.deepEqual(Array.from(labels.subarray(0, greedy.count)), nodes[0]!.actions.map((a) => a + 1000), what);
    const total = expected.reduce((a, b) => a + b, 0);
    assert.equal(total, simulations, what);
    assert.deepEqual(Array.from(probs.subarray(0, greedy.count), (p) => Math.round(p * total)), expected, what);
    // Greedy: the first of the most visited.
    assert.equal(greedy.chosen, expected.indexOf(Math.max(...expected)), what);
    if (expected.filter((n) => n > 0).length > 1) spread++;
    // Sampled: the first action whose cumulative visits pass r · total, r = below(2^30) / 2^30
    // from the generator handed to the search (the evaluator here draws nothing from it).
    const r = new Rng(seed).below(1 << 30) / (1 << 30);
    let cumulative = 0;
    const sampled = expected.findIndex((n) => (cumulative += n) > r * total);
    assert.equal(mcts.search(Int32Array.of(0), new Rng(seed), labels, probs, true).chosen, sampled, what);
    // The same instance searched again (self-play reuses one per worker) gives the same visits.
    mcts.search(Int32Array.of(0), new Rng(seed), labels, probs, false);
    assert.deepEqual(Array.from(probs.subarray(0, greedy.count), (p) => Math.round(p * total)), expected, `${what}, third search`);
  }
  assert.ok(trees > 200 && spread > 100, `${trees} trees, ${spread} with visits spread over two actions or more`);
});

test('the material evaluator is tanh of the material balance (1, 3, 3, 5, 9) / 5 for the side to move, as chessops counts the board', { skip: noPositions() }, () => {
  const values: Record<string, number> = { pawn: 1, knight: 3, bishop: 3, rook: 5, queen: 9, king: 0 };
  const rng = new Rng(testSeed(5));
  let checked = 0;
  const unbalanced = new Set<number>();
  for (const start of [...epdFens('endgames.epd.gz', 150), ...epdFens('UHO_4060_v3.epd.gz', 50)]) {
    let pos = readFenOk(start);
    for (let ply = 0; ply < 12; ply++) {
      const fen = makeFen(pos);
      const ops = OpsChess.fromSetup(opsParseFen(fen).unwrap()).unwrap();
      let diff = 0;
      for (const [, piece] of ops.board) diff += (piece.color === ops.turn ? 1 : -1) * values[piece.role]!;
      unbalanced.add(diff);
      assert.equal(materialEvaluator(pos.words, new Rng(1)), Math.tanh(diff / 5), fen);
      checked++;
      const moves = pos.legalMoves();
      if (moves.length === 0) break;
      pos = moves[rng.below(moves.length)]!.play();
    }
  }
  assert.ok(checked > 1500 && unbalanced.size > 15, `${checked} positions, ${unbalanced.size} balances`);
});

test('the search game ends a game where the environment does: a draw once the clock reaches the limit, checkmate and stalemate first (chess.js), the core alone with limit 0', () => {
  const bases = ['7k/8/8/8/8/8/P7/KQ6 w - -', 'R5k1/5ppp/8/8/8/8/8/6K1 b - -', '7k/5Q2/6K1/8/8/8/8/8 b - -', '6k1/5ppp/8/8/8/8/8/R5K1 b - -'];
  for (const limit of [1, 2, 37, 100]) {
    const sg = chessSearchGame(false, limit);
    for (const base of bases) {
      for (const clock of [limit - 1, limit, limit + 1]) {
        if (clock < 0) continue;
        const fen = `${base} ${clock} 90`;
        const words = readFenOk(fen).words;
        const js = new Chess(fen);
        const expected = js.isCheckmate()
          ? { winner: js.turn() === 'w' ? 'black' : 'white', reason: 'checkmate' }
          : js.isStalemate()
            ? { winner: undefined, reason: 'stalemate' }
            : clock >= limit
              ? { winner: undefined, reason: 'noProgress' }
              : undefined;
        assert.deepEqual(sg.game.outcome(words), expected, `${fen}, limit ${limit}`);
      }
    }
  }
  // Limit 0: the core's 75-move rule alone (FIDE 9.6.2: 150 plies).
  const core = chessSearchGame(false, 0);
  for (const clock of [0, 100, 149]) assert.equal(core.game.outcome(readFenOk(`${bases[0]} ${clock} 90`).words), undefined, String(clock));
  assert.equal(core.game.outcome(readFenOk(`${bases[0]} 150 90`).words)?.reason, 'seventyFiveMoves');
});

test('a random playout\'s value: the result for the player to act at its start after at most `plies` uniformly drawn actions (below(n) over the legal list), 0 when it goes on', () => {
  const rng = new Rng(testSeed(78));
  let decided = 0;
  let open = 0;
  for (let t = 0; t < 40; t++) {
    const nodes = toyTree(rng, 3 + (t % 4));
    const sg = toySearchGame(nodes);
    for (const plies of [0, 1, 2, 5]) {
      const evaluate = rolloutEvaluator(sg, plies, 4);
      for (let id = 0; id < nodes.length; id++) {
        const seed = rng.below(1 << 30);
        const draw = new Rng(seed);
        let at = id;
        let expected = 0;
        for (let ply = 0; ; ply++) {
          const node = nodes[at]!;
          if (node.winner !== undefined) {
            expected = node.winner === 'draw' ? 0 : node.winner === nodes[id]!.player ? 1 : -1;
            break;
          }
          if (ply === plies) break;
          at = node.children[draw.below(node.children.length)]!;
        }
        if (expected !== 0) decided++;
        else if (nodes[at]!.winner === undefined) open++;
        assert.equal(evaluate(Int32Array.of(id), new Rng(seed)), expected, `tree ${t}, node ${id}, ${plies} plies`);
      }
    }
  }
  assert.ok(decided > 300 && open > 300, `${decided} decided, ${open} cut off`);
});

test('a draw that lands on a boundary of the cumulative visits takes the action above it (each action owns [from, to) of [0, 1))', () => {
  // Two actions, one simulation each: probabilities 1/2 and 1/2; a draw of exactly 1/2 is the second's.
  const nodes: ToyNode[] = [
    { player: 0, children: [1, 2], actions: [5, 9], value: 0 },
    { player: 1, winner: 'draw', children: [], actions: [], value: 0 },
    { player: 1, winner: 'draw', children: [], actions: [], value: 0 },
  ];
  class Fixed extends Rng {
    override below(n: number): number {
      return n / 2;
    }
  }
  const probs = new Float32Array(2);
  const out = new Mcts(toySearchGame(nodes), () => 0, { simulations: 2 }).search(Int32Array.of(0), new Fixed(1), new Int32Array(2), probs, true);
  assert.deepEqual(Array.from(probs), [0.5, 0.5]);
  assert.equal(out.chosen, 1);
});
